"""Tests for ingest.renewals: periods, the sentence rules, evidence spans and the renewal scoring rules."""

from __future__ import annotations

from datetime import date

import pytest

from evals.ingest import field_matches
from evals.renewals import in_split
from ingest.cuad_labels import LabelledContract
from ingest.document.parser import parse_document
from ingest.renewals import finders
from ingest.renewals.extract import extract_renewals
from ingest.renewals.periods import Period, find_periods, parse_gold_periods, same_length
from ingest.renewals.sentences import split_sentences

CONTRACT = """DISTRIBUTION AGREEMENT

1. Definitions.
"Calendar Quarter" means each successive period of three (3) months beginning on January 1.

12. Term and Termination.
12.1 Term. This Agreement shall commence on the Effective Date and continue for a period of three (3) years
(the "Initial Term"). Thereafter, this Agreement shall automatically renew for successive one (1) year terms
unless either party gives written notice of non-renewal at least ninety (90) days prior to the end of the
then-current term.
12.2 Convenience. Either party may terminate this Agreement for any reason upon sixty (60) days' prior written
notice to the other party.
"""


def test_periods_parse_and_convert():
    assert [p for p, _, _ in find_periods("five (5) years and ninety (90) days")] == [Period(5, "Y"), Period(90, "D")]
    assert Period(12, "M").months == 12 and Period(2, "Y").months == 24 and Period(30, "D").months is None
    assert same_length(Period(12, "M"), 365.25) and not same_length(Period(6, "M"), 180.0)
    assert parse_gold_periods("2 5 years") == [5 * 365.25]
    assert parse_gold_periods("4 years, 6 months") == [4 * 365.25 + 6 * 365.25 / 12]
    assert parse_gold_periods("180 days / 6 months") == [180.0, 6 * 365.25 / 12]
    assert parse_gold_periods("successive []") == [] and parse_gold_periods("Perpetual") == ["perpetual"]


def test_duration_fields_match_in_days():
    assert field_matches("renewal_term", Period(12, "M"), "successive 1 year")
    assert not field_matches("renewal_term", Period(2, "Y"), "successive 1 year")
    assert field_matches("notice_period", Period(6, "M"), "180 days / 6 months")
    assert field_matches("expiration_date", "perpetual", "Perpetual")


def test_sentence_rules():
    auto = "This Agreement shall automatically renew for successive one (1) year periods unless either party " \
           "gives notice of non-renewal at least thirty (30) days prior to the expiration of the term."
    assert finders.renewal_type(auto) == "automatic"
    assert finders.renewal_period(auto, None) == Period(1, "Y")
    assert finders.notice_to_stop_renewal(auto) == Period(30, "D")
    assert finders.renewal_type("Licensee shall have the option to renew this Agreement for two (2) additional "
                                "terms of five (5) years each.") == "option"
    # Mutual agreement grants nothing (type "none", with its sentence as evidence), a definition is not a renewal.
    assert finders.renewal_type("This Agreement may be renewed by mutual written agreement of the parties.") == "none"
    assert finders.renewal_type('"Calendar Quarter" means each successive period of three (3) months of the '
                                "Term.") is None
    assert finders.end_date("The term of this Agreement shall commence on January 1, 2010 and shall terminate "
                            "on June 30, 2012.") == date(2012, 6, 30)
    assert finders.initial_term("This Agreement shall continue until the five (5) year anniversary of the "
                                "Effective Date.") == Period(5, "Y")
    assert finders.initial_term("During the term of this Agreement and for a period of seven (7) years after "
                                "its termination, each party shall keep the information confidential.") is None
    assert finders.is_perpetual("This Agreement shall continue in effect until terminated by either party.")
    assert finders.is_perpetual("This Agreement and the license granted under it shall remain in effect "
                                "perpetually as long as fees are paid.")
    assert not finders.is_perpetual("The license granted to the Licensee under this Agreement is perpetual.")
    assert finders.calendar_end("This Agreement shall remain in effect until the end of the current calendar "
                                "year.", date(2014, 5, 8)) == date(2014, 12, 31)
    assert finders.calendar_end("The term of this Agreement shall expire on the last day in February, 2024.",
                                None) == date(2024, 2, 29)
    assert finders.initial_term("The initial term of this Agreement will be ten (10) years from the Effective "
                                "Date, provided that at any time following the 7th anniversary either party may "
                                "terminate.") == Period(10, "Y")
    assert finders.initial_term("A criminal offense punishable by a term of imprisonment in excess of two (2) "
                                "years.") is None


def test_split_sentences_keeps_abbreviations():
    text = "Acme Inc. shall pay. Beta Corp. may renew it. Done"
    assert [text[s:e] for s, e in split_sentences(text)] == ["Acme Inc. shall pay.", "Beta Corp. may renew it.",
                                                             "Done"]


def test_extract_renewals_with_evidence():
    doc = parse_document(CONTRACT)
    found = extract_renewals(doc, date(2020, 2, 29))
    assert found.initial_term.value == Period(3, "Y")
    assert found.expiration.value == date(2023, 2, 28)  # leap day plus three years: end of February
    assert found.kind == "automatic" and found.renewal_term.value == Period(1, "Y")
    assert found.notice_period.value == Period(90, "D")
    assert found.convenience_notice.value == Period(60, "D")
    evidence = found.notice_period.evidence
    assert evidence.section_number == "12.1" and evidence.page == 1
    # The span quotes the document's own text (line breaks and all).
    assert " ".join(doc.text[evidence.start:evidence.end].split()) == evidence.quote
    assert evidence.quote.startswith("Thereafter, this Agreement shall automatically renew")


def test_nothing_found_is_none():
    found = extract_renewals(parse_document("LETTER\n\nWe thank you for your order."), None)
    assert found.kind == "none" and found.expiration is None and found.notice_period is None


@pytest.mark.parametrize("split", ["A", "B"])
def test_splits_partition_the_contracts(split):
    contracts = [LabelledContract(filename=f"c{i}.pdf") for i in range(7)]
    a, b = in_split(contracts, "A"), in_split(contracts, "B")
    assert len(a) + len(b) == 7 and not {c.key for c in a} & {c.key for c in b}
    assert in_split(contracts, split) == (a if split == "A" else b)
