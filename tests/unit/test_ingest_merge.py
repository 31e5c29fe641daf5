"""ingest.merge: the per-chunk extractions of one contract merge by fixed, order-independent-of-luck rules."""

from __future__ import annotations

import pytest

from ingest.merge import Part, dates_in, merge_parts, party_identity
from ingest.schema import ContractDraft


def _part(text: str, **fields) -> Part:
    return Part(ContractDraft.model_validate(fields), text)


def test_party_identity_ignores_case_punctuation_article_and_the_spelling_of_the_legal_form():
    assert party_identity("Acme, Inc.") == party_identity("ACME Inc") == party_identity("The Acme Incorporated") \
        == "acme|inc"
    assert party_identity("The Acme Corporation") == "acme|corp"  # another legal entity
    assert party_identity("Acme") == "acme"
    assert party_identity("Inc.") == "inc"  # nothing left after the suffix: fall back to the plain key


def test_parties_of_different_legal_forms_stay_apart_and_a_bare_name_joins_the_only_one():
    parts = [_part("a", parties=[{"name": "Reynolds Consumer Products Inc.", "role": "Supplier"},
                                 {"name": "Reynolds Consumer Products LLC", "role": "Buyer"}]),
             _part("b", parties=[{"name": "Reynolds Consumer Products", "role": "Buyer"},
                                 {"name": "Pactiv", "role": "Agent"}, {"name": "Pactiv LLC", "role": "Agent"}])]
    assert [p.name for p in merge_parts(parts).parties] == [
        "Reynolds Consumer Products Inc.", "Reynolds Consumer Products LLC", "Reynolds Consumer Products", "Pactiv"]


def test_dates_in_reads_the_usual_spellings():
    assert dates_in("made on May 8, 2014 and the 1st day of June, 2015; ends 12/31/2016") == \
        {"2014-05-08", "2015-06-01", "2016-12-31"}


def test_single_part_is_returned_unchanged():
    part = _part("x", summary="s", parties=[{"name": "A Inc", "role": "Buyer"}])
    assert merge_parts([part]) is part.draft
    with pytest.raises(ValueError, match="nothing"):
        merge_parts([])


def test_parties_deduplicated_by_normalised_name_first_spelling_wins_location_filled():
    parts = [
        _part("a", parties=[{"name": "Acme, Inc.", "role": "Supplier"}, {"name": "Widget GmbH", "role": "Buyer"}]),
        _part("b", parties=[{"name": "ACME Inc", "role": "Seller", "location": {"country": "US", "state": "CA"}},
                            {"name": "Supplier", "role": "Supplier"}, {"name": "Third Party LLC", "role": "Agent"}]),
    ]
    merged = merge_parts(parts)
    assert [(p.name, p.role) for p in merged.parties] == [("Acme, Inc.", "Supplier"), ("Widget GmbH", "Buyer"),
                                                         ("Third Party LLC", "Agent")]
    assert merged.parties[0].location.country == "US" and merged.parties[0].location.state == "CA"


def test_earliest_evidenced_effective_date_and_latest_evidenced_end_date():
    parts = [
        # 2019-01-01 is reported but not written in this part's text: no evidence.
        _part("This Agreement is effective March 3, 2020.", effective_date="2019-01-01"),
        _part("Effective as of March 3, 2020 ...", effective_date="2020-03-03", end_date="2021-03-02"),
        _part("term ends on December 31, 2023; amended June 1, 2021", effective_date="2021-06-01",
              end_date="2023-12-31"),
        _part("no dates here", end_date="2030-01-01"),
    ]
    merged = merge_parts(parts)
    assert (merged.effective_date, merged.end_date) == ("2020-03-03", "2023-12-31")


def test_without_evidence_the_earliest_reported_date_is_kept():
    merged = merge_parts([_part("x", effective_date="2020-05-01"), _part("y", effective_date="2019-05-01")])
    assert merged.effective_date == "2019-05-01"


def test_end_dates_before_the_effective_date_are_ignored():
    parts = [_part("June 1, 2020", effective_date="2020-06-01"),
             _part("January 1, 2019 and May 31, 2025", end_date="2019-01-01"),
             _part("May 31, 2025", end_date="2025-05-31")]
    assert merge_parts(parts).end_date == "2025-05-31"


def test_scalars_type_law_amount_and_clauses():
    parts = [
        _part("a", summary="First summary", contract_type="Other", contract_scope="Scope one",
              governing_law={"country": "US", "state": "NY"}, total_amount=1000,
              clauses=[{"clause_type": "Governing Law", "summary": "New York law governs."}]),
        _part("b", summary="Second", contract_type="License", duration="P2Y",
              governing_law={"country": "US", "state": "DE"}, total_amount=250_000,
              clauses=[{"clause_type": "Governing Law", "summary": "New York law governs this agreement."},
                       {"clause_type": "Audit Rights", "summary": "Licensor may audit once a year."}]),
        _part("c", contract_type="License", governing_law={"country": "US", "state": "DE"},
              clauses=[{"clause_type": "Audit Rights", "summary": "Royalty reports are audited by an accountant."}]),
    ]
    merged = merge_parts(parts)
    assert (merged.summary, merged.contract_scope, merged.duration) == ("First summary", "Scope one", "P2Y")
    assert merged.contract_type == "License"
    assert (merged.governing_law.country, merged.governing_law.state) == ("US", "DE")
    assert merged.total_amount == 250_000
    assert [(c.clause_type, c.summary) for c in merged.clauses] == [
        ("Governing Law", "New York law governs."),
        ("Audit Rights", "Licensor may audit once a year."),
        ("Audit Rights", "Royalty reports are audited by an accountant."),
    ]


def test_type_ties_go_to_the_earliest_and_other_only_when_nothing_else():
    assert merge_parts([_part("a", contract_type="Supply"), _part("b", contract_type="License")]).contract_type \
        == "Supply"
    assert merge_parts([_part("a", contract_type="Other"), _part("b")]).contract_type == "Other"


def test_merge_is_deterministic():
    parts = [_part("May 1, 2020", effective_date="2020-05-01", parties=[{"name": "B Ltd", "role": "x"}]),
             _part("April 1, 2020", effective_date="2020-04-01", parties=[{"name": "A Inc", "role": "y"}])]
    assert merge_parts(parts) == merge_parts(list(parts))
    assert merge_parts(parts).effective_date == "2020-04-01"
