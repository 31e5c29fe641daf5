"""Which stored contract a family member changes (pure; docs/FAMILIES.md#matching).

A candidate is any other contract that is not itself a member (an amendment amends the agreement, not an
earlier amendment). It must carry the recital's name (the identifying words of one name contained in the
other's: "Distribution Agreement" = "Distributor Agreement", "Wireless Content License Agreement" ~ "Content
License Agreement") and be tied to the member: parts of one filing (the file id before the document's name), or
a shared party and either the recital's date equal to its effective date or exactly the same name. A recital
date that differs from the candidate's effective date rules it out unless both are parts of one filing
(NETGEAR's Amendment #2 dates its Distribution Agreement with the first amendment's date). Best: same filing,
then equal date, then exact name, then most shared parties; ties go to the smaller file id. No candidate: the
parent is a placeholder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from core.names import party_key
from ingest.families.recital import Recital, title_keys

_EXHIBIT = re.compile(r"[-_]EX(?:-|\d)")


@dataclass(frozen=True)
class Candidate:
    """A stored contract as the matcher sees it."""

    file_id: str
    titles: tuple[str, ...]
    effective_date: date | None
    party_names: tuple[str, ...]

    @property
    def party_keys(self) -> frozenset[str]:
        return frozenset(party_key(n) for n in self.party_names if party_key(n))


def filing_of(file_id: str) -> str:
    """The filing a CUAD file belongs to: the id up to its document name ("NETGEAR,INC_04_21_2003-EX-10.16-",
    "Company_20190920_S-1_EX-10.12_11817081_EX-10.12_"); an id without an exhibit number ("Cerus Corporation -
    FIRST AMEND ...", an upload's) is a filing of its own: one company's name does not make one filing."""
    markers = list(_EXHIBIT.finditer(file_id))
    if markers:
        cut = markers[-1].start()
        sep = "_" if file_id[cut] == "_" else "-"
        stop = file_id.find(sep, cut + 4)
        return file_id[: stop + 1] if stop >= 0 else file_id
    return file_id


def names_match(a: str, b: str) -> bool:
    """Whether two agreement names are one: the identifying words of one contained in the other's."""
    ka, kb = title_keys(a), title_keys(b)
    return bool(ka and kb) and (ka <= kb or kb <= ka)


def _score(recital: Recital, child: Candidate, cand: Candidate) -> tuple[tuple[int, ...], list[str]] | None:
    assert recital.parent_title is not None
    titles = [t for t in cand.titles if t and names_match(recital.parent_title, t)]
    if not titles:
        return None
    exact = any(title_keys(t) == title_keys(recital.parent_title) for t in titles)
    same_filing = filing_of(child.file_id) == filing_of(cand.file_id) and filing_of(child.file_id) != child.file_id
    shared = len(child.party_keys & cand.party_keys)
    dated = recital.parent_date is not None and cand.effective_date is not None
    date_equal = dated and recital.parent_date == cand.effective_date
    if dated and not date_equal and not same_filing:
        return None
    if not (same_filing or (shared and (date_equal or exact))):
        return None
    why = ["name"] + (["date"] if date_equal else []) + (["same filing"] if same_filing else []) + \
        ([f"{shared} shared part{'y' if shared == 1 else 'ies'}"] if shared else [])
    return (int(same_filing), int(date_equal), int(exact), shared), why


def choose_parent(recital: Recital, child: Candidate, candidates: list[Candidate]) -> tuple[Candidate, str] | None:
    """The stored contract the member changes and why it was chosen ("name, date, same filing"), or None."""
    if recital.parent_title is None:
        return None
    scored = []
    for cand in candidates:
        if cand.file_id == child.file_id:
            continue
        found = _score(recital, child, cand)
        if found is not None:
            scored.append((found[0], cand.file_id, cand, found[1]))
    if not scored:
        return None
    best = min(scored, key=lambda s: (tuple(-x for x in s[0]), s[1]))
    return best[2], ", ".join(best[3])
