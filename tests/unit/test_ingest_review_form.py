"""components.upload.draft: the review tables and the reviewed ContractDraft (no widgets involved)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from components.upload.draft import ReviewInputError, build_draft, clauses_frame, parties_frame
from ingest.pipeline import RULES, Review
from ingest.schema import ContractDraft

PAGES = ["SUPPLY AGREEMENT between Acme Inc. (Buyer)", "and Widget Ltd. (Supplier), effective May 1, 2020."]
VALUES = {"summary": "  Supply of\nwidgets ", "contract_type": "Supply", "effective_date": "2020-05-01",
          "end_date": "", "duration": "P2Y", "contract_scope": "", "total_amount": "$1,250,000.50",
          "law_country": "US", "law_state": "Delaware"}


def _review(draft: ContractDraft) -> Review:
    return Review(file_name="acme.pdf", sha256="0" * 64, file_id="acme", pages=PAGES, engine=RULES, draft=draft,
                  evidence={}, suggestions=[])


def _parties() -> pd.DataFrame:
    return pd.DataFrame([{"name": "Acme Inc.", "role": "Buyer", "country": "US", "state": "ca", "city": None,
                          "address": None, "found on page": "1"},
                         {"name": "  ", "role": "ghost", "country": None, "state": None, "city": None,
                          "address": None, "found on page": None},
                         {"name": "Widget Ltd.", "role": None, "country": None, "state": None, "city": math.nan,
                          "address": None, "found on page": "2"}])


def test_tables_show_extracted_rows_and_where_each_party_is_written():
    draft = ContractDraft.model_validate({
        "parties": [{"name": "Acme Inc.", "role": "Buyer"}, {"name": "Widget Ltd.", "role": "Supplier"},
                    {"name": "Ghost Corp", "role": "Agent", "location": {"country": "GB", "city": "London"}}],
        "clauses": [{"clause_type": "Audit Rights", "summary": "Buyer may audit.", "page": 2}]})
    parties = parties_frame(_review(draft))
    assert parties.to_dict("records") == [
        {"name": "Acme Inc.", "role": "Buyer", "country": None, "state": None, "city": None, "address": None,
         "found on page": "1"},
        {"name": "Widget Ltd.", "role": "Supplier", "country": None, "state": None, "city": None, "address": None,
         "found on page": "2"},
        {"name": "Ghost Corp", "role": "Agent", "country": "GB", "state": None, "city": "London", "address": None,
         "found on page": "not found"}]
    assert clauses_frame(draft).to_dict("records") == [
        {"clause_type": "Audit Rights", "summary": "Buyer may audit.", "page": 2}]


def test_build_draft_normalises_and_skips_blank_rows():
    clauses = pd.DataFrame([{"clause_type": "audit rights", "summary": "Buyer may audit.", "page": 2.0},
                            {"clause_type": None, "summary": None, "page": None}])
    draft = build_draft(VALUES, _parties(), clauses)
    assert draft.summary == "Supply of widgets" and draft.contract_scope is None and draft.end_date is None
    assert draft.total_amount == 1_250_000.5 and draft.duration == "P2Y"
    assert (draft.governing_law.country, draft.governing_law.state) == ("US", "DE")
    assert [(p.name, p.role) for p in draft.parties] == [("Acme Inc.", "Buyer"), ("Widget Ltd.", "party")]
    assert draft.parties[0].location.state == "CA" and draft.parties[1].location is None
    assert [(c.clause_type, c.page) for c in draft.clauses] == [("Audit Rights", 2)]


@pytest.mark.parametrize(("change", "message"), [
    ({"effective_date": "01/05/2020"}, "effective_date: Value error, date must be YYYY-MM-DD"),
    ({"end_date": "2019-01-01"}, "end_date 2019-01-01 is before effective_date 2020-05-01"),
    ({"duration": "two years"}, "duration: Value error, duration must be an ISO 8601 duration"),
    ({"total_amount": "a lot"}, "total_amount: 'a lot' is not a number"),
    ({"law_country": "Narnia"}, "governing_law.country: Value error, country must be an ISO 3166-1 alpha-2 code"),
])
def test_invalid_review_input_names_the_field(change, message):
    with pytest.raises(ReviewInputError, match="Please fix") as caught:
        build_draft({**VALUES, **change}, _parties(), pd.DataFrame(columns=["clause_type", "summary", "page"]))
    assert message in str(caught.value)
