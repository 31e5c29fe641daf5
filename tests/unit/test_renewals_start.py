"""What the initial term counts from (ingest.renewals.anchors): a term counted from an undated event gives no
expiration (the effective date would be a guess), and the stored row says so (`start_unknown`)."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.parser import parse_document
from ingest.renewals import finders
from ingest.renewals.anchors import counts_from_event
from ingest.renewals.extract import extract_renewals
from ingest.renewals.periods import Period
from ingest.renewals.rows import evidence_rows, facts_row
from ingest.renewals.sentences import document_sentences, split_sentences

EVENT = ('The term of this Agreement shall be ten (10) years (the "Term") which shall commence on the date upon '
         "which the Company delivers to Distributor the last Sample, as defined hereinafter.")


@pytest.mark.parametrize("text", [
    EVENT,
    "The term of this Agreement will not be shorter than two (2) years after the display of the first of "
    "Client's advertising banners.",
    "This Agreement shall continue for five (5) years following the first commercial sale of the Product.",
])
def test_a_term_counted_from_an_event(text):
    assert counts_from_event(text)


@pytest.mark.parametrize("text", [
    "The term of this Agreement shall be five (5) years from the Effective Date.",
    "This Agreement shall continue for one (1) year following the Launch Date.",
    "This Agreement continues for an initial term of seven (7) years and will renew for annual periods after the "
    "Initial Term.",
    "The initial term shall be three (3) years from the date of execution of this Agreement.",
])
def test_a_term_counted_from_a_date(text):
    assert not counts_from_event(text)


def test_event_start_keeps_the_initial_term_but_no_expiration():
    found = extract_renewals(parse_document(f"DISTRIBUTOR AGREEMENT\n\n1. Term.\n{EVENT}\n"), date(1999, 9, 7))
    assert found.initial_term.value == Period(10, "Y")
    assert found.expiration is None and found.start_date is None and found.start_unknown
    row = facts_row(found, "f")
    # SET_FACTS then does not count the initial term from the contract's effective date either
    assert row["start_unknown"] is True and row["term_start"] is None and row["initial_months"] == 120
    # the note says why, with the sentence as its evidence, and is stored like the other values
    assert found.note.value.startswith("The initial term (10 years) counts from an event")
    notes = [r for r in evidence_rows(found, "f") if r["field"] == "note"]
    assert len(notes) == 1 and notes[0]["quote"] == EVENT and notes[0]["value"] == found.note.value


def test_a_dated_term_counts_from_the_contract_start():
    text = "AGREEMENT\n\n1. Term.\nThe term of this Agreement shall be ten (10) years from the Effective Date.\n"
    found = extract_renewals(parse_document(text), date(1999, 9, 7))
    assert found.expiration.value == date(2009, 9, 7) and not found.start_unknown and found.note is None
    assert facts_row(found, "f")["start_unknown"] is False


def test_perpetual_and_end_wordings():
    assert finders.is_perpetual("This Agreement shall commence on the Effective Date and shall continue until it is "
                                "terminated in accordance with the provisions of Section 15 of this Agreement.")
    # "end as of" is an end, not a start ("effective as of")
    assert finders.end_date("The Term shall commence on the date of this Agreement and, unless earlier terminated or "
                            "extended as provided below, shall end as of December 31, 2000.") == date(2000, 12, 31)
    assert finders.end_date("This Agreement is effective as of December 31, 2000 and continues for the Term.") is None


def test_a_warranty_period_is_not_the_initial_term():
    assert finders.initial_term("For the acceptance period and for a period of one year from the Maintenance "
                                "Commencement Date, and thereafter for as long as the Software is used in accordance "
                                "with this Agreement, Garman warrants that the Software shall perform.") is None


def test_a_defined_name_of_the_term():
    assert finders.end_date("The Cooperation Term of the parties shall be two years from May 1, 2013 to April 30, "
                            "2015.") == date(2015, 4, 30)
    # a renewal's defined term is not the contract's term
    assert finders.end_date("The Renewal Term shall end on December 31, 2019.") is None


def test_a_page_break_inside_a_sentence_does_not_split_it():
    text = ("This Contract shall be extended automatically for a period of 12\n\n\n\n     months, each such extension "
            "commencing at the end of the Initial Term.\n\nNEXT HEADING")
    assert [" ".join(text[s:e].split()) for s, e in split_sentences(text)] == [
        "This Contract shall be extended automatically for a period of 12 months, each such extension commencing "
        "at the end of the Initial Term.", "NEXT HEADING"]


def test_list_items_after_a_blank_line_start_new_sentences():
    text = "CONFIDENTIAL\n\n   c) Excite's goal is to deliver clickthroughs.\n\n   d) In the event that it has not"
    assert len(split_sentences(text)) == 3


def test_a_typod_date_is_one_sentence_and_read_as_a_date():
    text = ("AGREEMENT\n\n5. Term.\nThis Agreement shall be in effect until March 18. 2021, unless sooner terminated "
            "by either party upon (30) days written notice. Next sentence.\n")
    found = extract_renewals(parse_document(text), date(2020, 3, 19))
    assert found.expiration.value == date(2021, 3, 18)
    assert found.expiration.evidence.quote.endswith("upon (30) days written notice.")  # the original text


def test_an_end_date_of_another_subject_is_not_the_terms():
    assert finders.end_date("During the Term of the Agreement, except the Game, for which Licensee shall have the "
                            "exclusive right and license to develop and distribute until December 31, 2006.") is None
    # the agreement (with its license) as the subject still ends on the date
    assert finders.end_date("This Agreement and the license granted hereunder shall continue until December 31, "
                            "2015.") == date(2015, 12, 31)


def test_outside_the_term_sections_a_length_needs_the_terms_own_words():
    spare = "Seller shall keep spare parts available under this Agreement for a period of ten (10) years."
    assert finders.initial_term(spare) == Period(10, "Y")  # the sentence rule alone reads it
    doc = parse_document(f"SUPPLY AGREEMENT\n\n4. Spare Parts.\n{spare}\n")
    assert not any(s.categories for s in document_sentences(doc))  # not a term section
    found = extract_renewals(doc, date(2010, 1, 15))
    assert found.initial_term is None and found.expiration is None
    own = "SUPPLY AGREEMENT\n\n4. General.\nThe term of this Agreement shall be ten (10) years.\n"
    assert extract_renewals(parse_document(own), date(2010, 1, 15)).expiration.value == date(2020, 1, 15)
