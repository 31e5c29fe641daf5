"""Is an upload a contract the graph already has? Recognised by content, not bytes.

Two signals, strongest first:

* **Text**: the upload's fingerprint (`graph.store.fingerprint`, MinHash over word 5-shingles) against the stored
  document fingerprints that share an LSH band key with it (`graph.store.duplicates.candidate_fingerprints`; any
  text at the threshold below shares one with probability above 0.999999). On the CUAD sample a PDF scores
  >= 0.91 against its own text and at most 0.74 against any other contract (an amendment of the same
  agreement), so `TEXT_THRESHOLD` = 0.82 sits in the gap. Equal best scores (the same filing stored twice)
  go to the contract whose file_id matches the upload's file name.
* **Metadata**, for contracts loaded from JSON without a text: title, type, parties and dates compared
  (`ingest.known_contracts`: points per signal, a date and a party or title signal needed, ties claim nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from neo4j import Driver

from graph.store.duplicates import candidate_fingerprints, contracts_without_text, ensure_band_keys
from graph.store.fingerprint import fingerprint, similarity
from ingest.cuad_labels import name_key
from ingest.known_contracts import MAX_POINTS, UploadFacts, recognised
from ingest.schema import ContractDraft

TEXT_THRESHOLD = 0.82
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
    signals: tuple[str, ...] = ()  # metadata: what matched ("effective date", "parties", "title", "type")

    def describe(self) -> str:
        """One line for the page and the CLI."""
        how = (f"same text ({self.score:.0%} of its fingerprint)" if self.method == "text"
               else f"same {', '.join(self.signals)} (score {self.score:.2f})")
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


def best_metadata_match(facts: UploadFacts, rows: list[dict[str, Any]]) -> DuplicateMatch | None:
    """The text-less contract the upload is, by title, type, parties and date (ingest.known_contracts)."""
    found = recognised(facts, rows)
    return DuplicateMatch(found.file_id, round(found.points / MAX_POINTS, 3), "metadata", found.signals) \
        if found else None


def upload_facts(draft: ContractDraft, title: str | None = None, dates: tuple[str | None, ...] = ()) -> UploadFacts:
    """The draft's type, parties and effective date, with the title and other dates (agreement date) read."""
    days = tuple(dict.fromkeys(d for d in (draft.effective_date, *dates) if d))
    return UploadFacts(title, draft.contract_type, days, tuple(p.name for p in draft.parties))


def recognise(driver: Driver, pages: list[str], draft: ContractDraft, file_name: str,
              database: str | None = None, *, title: str | None = None, dates: tuple[str | None, ...] = (),
              party_keys: tuple[str, ...] = ()) -> DuplicateMatch | None:
    """The existing contract this upload duplicates, or None. `title` and `dates` are what the engine read
    besides the draft; `party_keys` the existing parties its parties were matched to (ingest.resolve)."""
    ensure_band_keys(driver, database)
    values = fingerprint("\n".join(pages))
    found = best_text_match(values, candidate_fingerprints(driver, values, database=database), file_name)
    facts = upload_facts(draft, title, dates)
    if found or not (facts.dates or party_keys):  # nothing to look text-less candidates up by
        return found
    rows = contracts_without_text(driver, facts.windows(), list(party_keys), database)
    return best_metadata_match(facts, rows)
