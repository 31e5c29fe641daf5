"""Is an upload a contract the graph already has? Recognised by content, not bytes.

Two signals, strongest first:

* **Text**: the upload's fingerprint (`graph.store.fingerprint`, MinHash over word 5-shingles) against the stored
  document fingerprints that share an LSH band key with it (`graph.store.duplicates.candidate_fingerprints`; any
  text at the threshold below shares one with probability above 0.999999). On the CUAD sample a PDF scores
  >= 0.91 against its own text and at most 0.74 against any other contract (an amendment of the same
  agreement), so `TEXT_THRESHOLD` = 0.82 sits in the gap. Equal best scores (the same filing stored twice)
  go to the contract whose file_id matches the upload's file name.
* **Metadata**, for contracts loaded from JSON without a text: the same effective date and every party of
  the smaller side matching one of the other's (legal suffixes, case and punctuation ignored; rapidfuzz
  `token_set_ratio` >= 90), at least two parties. Without an extracted date nothing is claimed: two
  amendments between the same parties are different contracts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from neo4j import Driver
from rapidfuzz import fuzz

from core.names import loose_party_key
from graph.store.duplicates import candidate_fingerprints, contracts_without_text, ensure_band_keys
from graph.store.fingerprint import fingerprint, similarity
from ingest.cuad_labels import name_key
from ingest.schema import ContractDraft

TEXT_THRESHOLD = 0.82
PARTY_RATIO = 90
Choice = Literal["link", "replace", "keep"]
CHOICES: dict[Choice, str] = {
    "link": "Link the document to the existing contract (no new contract)",
    "replace": "Replace the existing contract with this upload",
    "keep": "Keep both (add this upload as a new contract)",
}


@dataclass(frozen=True)
class DuplicateMatch:
    """The existing contract an upload duplicates, how it was recognised and how strongly."""

    file_id: str
    score: float
    method: Literal["text", "metadata"]

    def describe(self) -> str:
        """One line for the page and the CLI."""
        how = (f"same text ({self.score:.0%} of its fingerprint)" if self.method == "text"
               else f"same parties and effective date (score {self.score:.2f})")
        return f"this is '{self.file_id}': {how}"


def best_text_match(upload: list[int] | None, stored: list[dict[str, Any]], file_name: str) -> DuplicateMatch | None:
    """The stored fingerprint most similar to `upload`, when it clears `TEXT_THRESHOLD`."""
    if not upload:
        return None
    key = name_key(file_name)
    scored = [(similarity(upload, row["fingerprint"]), name_key(row["file_id"]) == key, row["file_id"])
              for row in stored]
    scored = [s for s in scored if s[0] >= TEXT_THRESHOLD]
    if not scored:
        return None
    score, _, file_id = max(scored, key=lambda s: (s[0], s[1], s[2]))
    return DuplicateMatch(file_id, score, "text")


def _parties_match(ours: list[str], theirs: list[str]) -> int:
    """How many of the smaller side's parties match one on the other side (0 when any does not)."""
    small, large = sorted(([loose_party_key(n) for n in ours if n], [loose_party_key(n) for n in theirs if n]), key=len)
    if len(small) < 2:
        return 0
    found = sum(1 for a in small if any(a and b and fuzz.token_set_ratio(a, b) >= PARTY_RATIO for b in large))
    return found if found == len(small) else 0


def best_metadata_match(draft: ContractDraft, rows: list[dict[str, Any]]) -> DuplicateMatch | None:
    """A text-less contract with the same effective date and the same parties."""
    if not draft.effective_date:
        return None
    names = [p.name for p in draft.parties]
    best: DuplicateMatch | None = None
    for row in rows:
        date = row.get("effective_date")
        if date is None or str(date) != draft.effective_date:
            continue
        matched = _parties_match(names, row.get("parties") or [])
        score = matched / max(len(names), len(row.get("parties") or []), 1)
        if matched and (best is None or score > best.score):
            best = DuplicateMatch(row["file_id"], round(score, 3), "metadata")
    return best


def recognise(driver: Driver, pages: list[str], draft: ContractDraft, file_name: str,
              database: str | None = None) -> DuplicateMatch | None:
    """The existing contract this upload duplicates, or None."""
    ensure_band_keys(driver, database)
    values = fingerprint("\n".join(pages))
    found = best_text_match(values, candidate_fingerprints(driver, values, database=database), file_name)
    if found or not draft.effective_date:  # without a date the metadata comparison claims nothing
        return found
    return best_metadata_match(draft, contracts_without_text(driver, draft.effective_date, database))
