"""The LLM engine's renewal facts (ingest.renewals.llm) through langchain's real structured-output path with the
app's scripted chat model: quotes located in the text give the rules engine's evidence and rows, a quote not
in the text is rejected (that field keeps the rules engine's value), a malformed or failing reply falls back
to the rules engine with a note."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from core.scripted import ScriptedChatModel, parse_script
from core.settings import ExtractionConfig
from ingest.document.parser import parse_document
from ingest.renewals.extract import extract_renewals
from ingest.renewals.llm import Locator, RenewalFacts, extract_renewals_llm
from ingest.renewals.periods import Period
from ingest.renewals.rows import evidence_rows, facts_row, renewal_rows
from ingest.renewals.sentences import document_sentences

CONTRACT = """DISTRIBUTION AGREEMENT

1. Definitions.
"Calendar Quarter" means each successive period of three (3) months beginning on January 1.

12. Term and Termination.
12.1 Term. This Agreement shall commence on the Effective Date and continue for a period of three (3) years
(the \u201cInitial Term\u201d). Thereafter, this Agreement shall automatically renew for successive one (1) year terms
unless either party gives written notice of non-renewal at least ninety (90) days prior to the end of the
then-current term.
12.2 Convenience. Either party may terminate this Agreement for any reason upon sixty (60) days' prior written
notice to the other party.
"""
INITIAL = 'continue for a period of three (3) years (the "Initial Term")'  # straight quotes, one line
RENEWS = ("Thereafter, this Agreement shall automatically renew for successive one (1) year terms unless either "
          "party gives written notice of non-renewal at least ninety (90) days prior to the end of the then-current "
          "term.")
CONVENIENCE = "Either party may terminate this Agreement for any reason upon sixty (60) days' prior written notice"
ANSWER: dict[str, Any] = {
    "initial_term": {"amount": 3, "unit": "years", "quote": INITIAL},
    "renewal_type": {"value": "automatic", "quote": RENEWS},
    "renewal_term": {"amount": 1, "unit": "years", "quote": RENEWS},
    "notice_period": {"amount": 90, "unit": "days", "quote": RENEWS},
    "convenience_notice": {"amount": 60, "unit": "days", "quote": CONVENIENCE},
}
NO_SLEEP = ExtractionConfig(sleep=lambda s: None, attempts=1)


def call(args: Any, name: str = "RenewalFacts") -> dict[str, Any]:
    return {"content": "", "tool_calls": [{"name": name, "args": args}]}


def scripted(*steps: Any) -> ScriptedChatModel:
    """A scripted model answering the renewal prompt with `steps` (one per call: the second is the repair)."""
    return ScriptedChatModel(turns=parse_script({"turns": [{"system_match": "RenewalFacts", "steps": list(steps)}]}))


@pytest.fixture(scope="module")
def doc():
    return parse_document(CONTRACT, "dist")


def test_quotes_are_located_and_stored_exactly_like_the_rules_engine(doc):
    found = extract_renewals_llm(doc, "dist", scripted(call(ANSWER)), NO_SLEEP, start=date(2020, 3, 1))
    rules = extract_renewals(doc, date(2020, 3, 1))
    assert found.notes == () and found.note is None
    terms = found.terms
    assert (terms.kind, terms.renewal_term.value, terms.notice_period.value, terms.convenience_notice.value,
            terms.initial_term.value) == ("automatic", Period(1, "Y"), Period(90, "D"), Period(60, "D"), Period(3, "Y"))
    assert terms.expiration.value == date(2023, 3, 1) and terms.start_date == date(2020, 3, 1)
    # The rules engine reads the same values from the same sentences: the stored rows are identical.
    assert facts_row(terms, "dist") == facts_row(rules, "dist")
    assert evidence_rows(terms, "dist") == evidence_rows(rules, "dist")
    renewal = terms.renewal_type.evidence
    assert (renewal.section_number, renewal.section_title) == ("12.1", "Term")
    assert doc.text[renewal.start:renewal.end].startswith("Thereafter, this Agreement shall automatically renew")
    assert doc.text[renewal.start:renewal.end].endswith("end of the\nthen-current term.")


def test_the_models_values_win_where_they_differ_from_the_rules(doc):
    answer = {**ANSWER, "renewal_term": {"amount": 2, "unit": "years", "quote": RENEWS},
              "expiration": {"value": "2024-12-31", "quote": INITIAL}}
    terms = extract_renewals_llm(doc, "dist", scripted(call(answer)), NO_SLEEP).terms
    assert terms.renewal_term.value == Period(2, "Y")
    # An explicit end date beats the initial term (as in the rules engine: an expiration date or a term).
    assert terms.expiration.value == date(2024, 12, 31) and terms.initial_term is None
    assert facts_row(terms, "dist")["end_date"] == date(2024, 12, 31)
    assert facts_row(terms, "dist")["renewal_months"] == 24


def test_a_quote_not_in_the_text_is_rejected_and_the_rules_value_kept(doc):
    invented = "this Agreement shall automatically renew for successive five (5) year terms"
    answer = {**ANSWER, "renewal_term": {"amount": 5, "unit": "years", "quote": invented},
              "convenience_notice": {"amount": 30, "unit": "days", "quote": "upon thirty (30) days' notice"}}
    found = extract_renewals_llm(doc, "dist", scripted(call(answer)), NO_SLEEP)
    rules = extract_renewals(doc)
    assert found.terms.renewal_term == rules.renewal_term and found.terms.renewal_term.value == Period(1, "Y")
    assert found.terms.convenience_notice == rules.convenience_notice
    assert found.notes == ("The model's quote for the renewal term is not in the text; the rules engine's value "
                           "was kept.",
                           "The model's quote for the convenience notice is not in the text; the rules engine's "
                           "value was kept.")
    assert found.terms.notice_period.value == Period(90, "D")  # the other fields are still the model's


def test_a_field_the_model_says_is_not_stated_is_empty(doc):
    answer = {"renewal_type": {"value": "none", "quote": RENEWS}}
    terms = extract_renewals_llm(doc, "dist", scripted(call(answer)), NO_SLEEP).terms
    assert terms.kind == "none" and terms.renewal_term is None and terms.expiration is None
    assert terms.notice_period is None  # a notice to stop a renewal only where something renews
    row = renewal_rows(doc, "dist", terms)["renewal_facts"][0]
    assert (row["renewal_type"], row["notice_span_days"], row["initial_months"]) == ("none", None, None)


@pytest.mark.parametrize("steps", [
    [{"content": "", "invalid_tool_calls": [{"name": "RenewalFacts", "args": "{not json"}]}],
    [call({"renewal_type": {"value": "sometimes", "quote": RENEWS}})],
    [call({"expiration": {"value": "2020-13-45", "quote": INITIAL}})],
    [call({"summary": "a Contract tool's arguments"}, name="Contract")],
    ["I cannot call tools."],
], ids=["malformed-json", "unknown-type", "bad-date", "other-tool", "no-call"])
def test_a_malformed_reply_falls_back_to_the_rules_engine_with_a_note(doc, steps):
    model = scripted(*steps)  # the last step repeats: the repair round fails the same way
    found = extract_renewals_llm(doc, "dist", model, NO_SLEEP)
    assert found.terms == extract_renewals(doc)
    assert found.note.startswith("The language model's renewal answer was not usable (The model's output for the "
                                 "renewal terms is still invalid after one repair:")
    assert found.note.endswith("the rules engine's renewal facts are used instead.")


def test_one_repair_round_fixes_an_invalid_reply(doc):
    model = scripted(call({"expiration": {"value": "2020-13-45", "quote": INITIAL}}), call(ANSWER))
    found = extract_renewals_llm(doc, "dist", model, NO_SLEEP)
    assert found.note is None and found.terms.renewal_term.value == Period(1, "Y")


def test_a_failing_model_falls_back_to_the_rules_engine(doc):
    found = extract_renewals_llm(doc, "dist", scripted({"error": "timeout"}), NO_SLEEP)
    assert found.terms == extract_renewals(doc)
    assert found.note == ("The language model's renewal answer was not usable (The language model did not answer "
                          "(the language model). Try again, or raise LLM_TIMEOUT. (the renewal terms)); the rules "
                          "engine's renewal facts are used instead.")


def test_locator_folds_whitespace_case_and_typographic_quotes(doc):
    locator = Locator(doc, document_sentences(doc))
    start, end = locator.span('THE "INITIAL   TERM"')
    assert doc.text[start:end] == "the \u201cInitial Term\u201d"
    assert doc.text[slice(*locator.span('"Either party may terminate this Agreement for any reason"'))] == \
        "Either party may terminate this Agreement for any reason"  # a wrapping pair of quotes is dropped
    assert locator.span("ninety (90) days") is not None and locator.span("90 days") is None  # too short to trust
    assert locator.span("one hundred (100) days prior") is None
    assert RenewalFacts.model_validate({}).renewal_type is None
