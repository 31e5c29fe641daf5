"""Result types of the rules engine: a value with its confidence and the text span it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ingest.schema import ContractDraft


@dataclass(frozen=True)
class Evidence:
    """A span of the original text: offsets into the pages joined by form feeds, and its 1-based page."""

    start: int
    end: int
    text: str
    page: int


@dataclass(frozen=True)
class FieldEvidence:
    """One extracted field: its value, a confidence in [0, 1] and the evidence it was read from."""

    value: Any
    confidence: float
    evidence: Evidence | None

    def __post_init__(self) -> None:
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be within [0, 1], got {self.confidence}")


# Every field the engine tries to fill; `RulesResult.missing` lists those it could not.
FIELDS: tuple[str, ...] = (
    "document_name", "parties", "agreement_date", "effective_date", "expiration_date", "duration",
    "governing_law", "renewal_term", "notice_period",
)


@dataclass
class RulesResult:
    """The engine's output: a draft contract plus per-field evidence."""

    file_id: str
    contract: ContractDraft
    fields: dict[str, FieldEvidence] = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        """Fields the rules could not fill, in `FIELDS` order."""
        return [name for name in FIELDS if self.fields.get(name) is None]

    def value(self, name: str) -> Any:
        """The value of a field, or None when it is missing."""
        found = self.fields.get(name)
        return found.value if found else None
