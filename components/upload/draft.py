"""Between the review form and the schema: tables for the editors, and the reviewed `ContractDraft`.

Pure functions (no widgets), so the conversion is tested without a browser. Reviewer input is validated
by the schema itself; problems come back as one `ReviewInputError` listing every field to fix.
"""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
from pydantic import ValidationError

from core.errors import IngestError
from ingest.evidence import find_name
from ingest.pipeline import Review
from ingest.rules.text import Doc
from ingest.schema import ContractDraft

PARTY_COLUMNS = ["name", "role", "country", "state", "city", "address", "found on page"]
CLAUSE_COLUMNS = ["clause_type", "summary", "page"]


class ReviewInputError(IngestError):
    """The reviewed values do not form a valid contract; the message lists what to fix."""


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or (isinstance(value, str)
                                                                                  and not value.strip())


def _text(value: Any) -> str | None:
    return None if _blank(value) else " ".join(str(value).split())


def parties_frame(review: Review) -> pd.DataFrame:
    """The extracted parties for `st.data_editor`, with the page where each name is written."""
    doc = Doc(review.pages)
    rows = []
    for party in review.draft.parties:
        loc = party.location
        evidence, _ = find_name(doc, party.name)
        rows.append({"name": party.name, "role": party.role, "country": loc.country if loc else None,
                     "state": loc.state if loc else None, "city": loc.city if loc else None,
                     "address": loc.address if loc else None,
                     "found on page": str(evidence.page) if evidence else "not found"})
    return pd.DataFrame(rows, columns=PARTY_COLUMNS, dtype=object)


def clauses_frame(draft: ContractDraft) -> pd.DataFrame:
    rows = [{"clause_type": c.clause_type, "summary": c.summary, "page": c.page} for c in draft.clauses]
    return pd.DataFrame(rows, columns=CLAUSE_COLUMNS, dtype=object)


def _party(row: dict[str, Any]) -> dict[str, Any] | None:
    name = _text(row.get("name"))
    if name is None:
        return None
    location = {k: _text(row.get(k)) for k in ("address", "city", "state", "country")}
    return {"name": name, "role": _text(row.get("role")) or "party",
            "location": location if any(location.values()) else None}


def _clause(row: dict[str, Any]) -> dict[str, Any] | None:
    if _blank(row.get("clause_type")) and _blank(row.get("summary")):
        return None
    page = row.get("page")
    return {"clause_type": _text(row.get("clause_type")), "summary": _text(row.get("summary")) or "",
            "page": None if _blank(page) else int(float(page))}


def _amount(value: str | None) -> float | None:
    text = (value or "").replace(",", "").replace("$", "").strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError as e:
        raise ReviewInputError(f"Please fix: total_amount: '{value}' is not a number.") from e


def format_errors(error: ValidationError) -> str:
    """One line per problem: "parties.0.name: String should have at least 1 character"."""
    return "\n".join(f"- {'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())


def build_draft(values: dict[str, Any], parties: pd.DataFrame, clauses: pd.DataFrame) -> ContractDraft:
    """The reviewed contract from the form's values and the two edited tables."""
    law = {"country": _text(values.get("law_country")), "state": _text(values.get("law_state"))}
    data = {
        "summary": _text(values.get("summary")), "contract_type": _text(values.get("contract_type")),
        "effective_date": _text(values.get("effective_date")), "end_date": _text(values.get("end_date")),
        "duration": _text(values.get("duration")), "contract_scope": _text(values.get("contract_scope")),
        "total_amount": _amount(values.get("total_amount")),
        "governing_law": law if law["country"] else None,
        "parties": [p for p in map(_party, parties.to_dict("records")) if p],
        "clauses": [c for c in map(_clause, clauses.to_dict("records")) if c],
    }
    try:
        return ContractDraft.model_validate(data)
    except ValidationError as e:
        raise ReviewInputError(f"Please fix:\n{format_errors(e)}") from e
