"""Choose the real headings among the candidates: the best-scoring consistent numbering sequence.

Within one scope (the main body, or one exhibit) the numbered headings of a family form a chain in
which every heading continues the previous one: the next sibling at some level (1.3 -> 1.4, 1.3 -> 2,
1.3 -> 2.1) or a first child (1 -> 1.1). A dynamic programme picks the chain with the largest total
weight, so stray numbers inside sentences, dollar amounts, dates and page numbers (which rarely
continue the sequence) and table-of-contents entries (weighted near zero) are left out.
"""

from __future__ import annotations

import re

from ingest.document.candidates import Candidate

_START_PENALTY = 1.0
_SKIP_PENALTY = 0.6
_MAX_SKIP = 2
_ARTICLE_MAX_SKIP = 8


def _predecessors(values: tuple[int, ...], max_skip: int = _MAX_SKIP) -> list[tuple[str, tuple[int, ...], float]]:
    """(lookup kind, key, penalty) for every tuple that `values` may directly follow."""
    preds: list[tuple[str, tuple[int, ...], float]] = []
    depth = len(values)
    for k in range(depth - 1, -1, -1):
        if k < depth - 1 and values[k + 1] != 1:
            break
        for skip in range(max_skip + 1):
            previous = values[k] - 1 - skip
            if previous >= 1:
                preds.append(("prefix", (*values[:k], previous), skip * _SKIP_PENALTY))
        if k > 0 and values[k] <= 1 + _MAX_SKIP:
            preds.append(("exact", values[:k], (values[k] - 1) * _SKIP_PENALTY))
    return preds


def best_chain(cands: list[Candidate], max_skip: int = _MAX_SKIP) -> list[Candidate]:
    """The maximum-weight chain of candidates (in text order) in which each continues the last."""
    if not cands:
        return []
    score: list[float] = []
    back: list[int] = []
    exact: dict[tuple[int, ...], tuple[float, int]] = {}
    prefix: dict[tuple[int, ...], tuple[float, int]] = {}
    for i, cand in enumerate(cands):
        first = all(v == 1 for v in cand.values)
        best, prev = (0.0 if first else -_START_PENALTY), -1
        for kind, key, penalty in _predecessors(cand.values, max_skip):
            hit = (exact if kind == "exact" else prefix).get(key)
            if hit and hit[0] - penalty > best:
                best, prev = hit[0] - penalty, hit[1]
        total = best + cand.weight
        score.append(total)
        back.append(prev)
        # ">=": on a tie the later candidate wins (the body's heading over a table of contents entry)
        if total >= exact.get(cand.values, (float("-inf"), -1))[0]:
            exact[cand.values] = (total, i)
        for m in range(1, len(cand.values) + 1):
            key = cand.values[:m]
            if total >= prefix.get(key, (float("-inf"), -1))[0]:
                prefix[key] = (total, i)
    end = max(range(len(cands)), key=lambda j: (score[j], -j))
    if score[end] <= 0:
        return []
    chain = []
    while end >= 0:
        chain.append(cands[end])
        end = back[end]
    return chain[::-1]


def select_headings(cands: list[Candidate]) -> list[Candidate]:
    """Best chain per family. Roman "I." headings only count as containers when they come first."""
    chosen: list[Candidate] = []
    by_family: dict[str, list[Candidate]] = {}
    for cand in cands:
        by_family.setdefault(cand.family, []).append(cand)
    numeric = best_chain(by_family.get("num", []))
    chosen.extend(numeric)
    # "ARTICLE XIII ... ARTICLE XIX": a document whose own article numbers jump; an "ARTICLE" keyword heading is
    # strong enough evidence to bridge a longer gap (each skipped number still costs)
    chosen.extend(best_chain(by_family.get("art", []), _ARTICLE_MAX_SKIP))
    roman = best_chain(by_family.get("rom", []))
    if len(roman) >= 2 and (not numeric or roman[0].pos < numeric[0].pos):
        chosen.extend(roman)
    chosen.sort(key=lambda c: c.pos)
    return _drop_overlaps(chosen)


def _drop_overlaps(chosen: list[Candidate]) -> list[Candidate]:
    """'ARTICLE 5' and a numeric '5' can start at the same spot; keep the first (article first)."""
    out: list[Candidate] = []
    for cand in chosen:
        if out and cand.pos < out[-1].label_end:
            continue
        out.append(cand)
    return out


def select_exhibits(exhibits: list[Candidate], body_start: int, text: str,
                    headings: list[Candidate]) -> list[Candidate]:
    """Exhibit titles after the body started. A title whose label appears again later is an entry of a
    list of exhibits when it has little text of its own or sits next to another title; it is dropped
    so the real exhibit keeps the plain label. A title repeating the label of the exhibit it sits in (no other
    title between) is that exhibit's running page header ("ATTACHMENT 1 IBM/MSL Outsourcing Base Agreement"
    atop every page): the exhibit goes on, so its headings are read as one sequence, not one per page; unless
    the numbering starts again at 1 after it (one state addendum after another, all titled "ADDENDUM TO ...")."""
    kept = [e for e in exhibits if e.pos > body_start and not _lists_more(e, text)]
    out = []
    for i, ex in enumerate(kept):
        nxt = kept[i + 1].pos if i + 1 < len(kept) else len(text)
        prev_end = kept[i - 1].label_end if i else -10_000
        repeated = any(o.label.lower() == ex.label.lower() for o in kept[i + 1:])
        listed = nxt - ex.label_end < 300 or ex.pos - prev_end < 300
        if repeated and (listed or len(text[ex.label_end:nxt].strip()) < 200):
            continue
        if out and out[-1].label.lower() == ex.label.lower() and not _restarts(ex, nxt, headings):
            continue
        out.append(ex)
    return out


def _restarts(exhibit: Candidate, end: int, headings: list[Candidate]) -> bool:
    """The first numbered heading candidate after the title (before `end`) is a first one: "1.", "1.1"."""
    first = next((c for c in headings if exhibit.label_end <= c.pos < end and c.weight >= 0.5), None)
    return first is not None and all(v == 1 for v in first.values)


def _lists_more(exhibit: Candidate, text: str) -> bool:
    """"Exhibit A - Long Lead Time Materials Exhibit B - Product Specifications Exhibit C - ...": a title line
    naming another exhibit of its kind within a title's length is a list of exhibits (its line breaks lost)."""
    kw, ident = exhibit.label.split(None, 1)
    window = text[exhibit.label_end:exhibit.label_end + _TITLE_REACH].split("\n", 1)[0]
    return any(other.group(1) != ident for other in re.finditer(
        rf"(?<![\w])(?i:{kw})[ \t]+([A-Z0-9]{{1,3}})[ \t]+[-–—:][ \t]", window))


_TITLE_REACH = 120
