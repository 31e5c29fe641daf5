"""Cross-reference rules of the fifth pass on issue 14 (tuned on dev contracts only): an attachment citing a
section that neither it nor the body has resolves to the one other attachment that has it (the outsourcing
agreement's Attachment H and Appendix 1 cite "Section 7.3" of Attachment 1, its base agreement).
The body and helpers are the third pass's (test_document_reference_xref3)."""

from __future__ import annotations

from ingest.document.parser import document_outline
from ingest.document.refs.resolve import scan_references
from tests.unit.test_document_reference_xref3 import BODY, FILLER

BASE = ("\n\nATTACHMENT 1\n\n7. Pricing. " + FILLER + "\n7.1 Formula. " + FILLER + "\n7.2 Rates. " + FILLER
        + "\n7.3 Adjustments. " + FILLER)


def _targets(text: str, phrase: str) -> list[tuple[str, str | None, str]]:
    text, outline = document_outline(text)
    return [(f.source, f.target, f.how) for f in scan_references(text, outline) if f.text == phrase]


def test_an_attachment_cites_the_section_of_the_one_attachment_that_has_it():
    text = BODY + "4. Attachments. See Attachment 1.\n" + BASE + (
        "\n\nATTACHMENT H\n\nPROFIT RATES\n\nRates are subject to the adjustments of Section 7.3. " + FILLER)
    assert _targets(text, "Section 7.3") == [("Attachment H", "Attachment 1 7.3", "exact")]


def test_two_attachments_with_the_number_leave_it_unresolved():
    other = "\n\nATTACHMENT 2\n\n7. Service Levels. " + FILLER + "\n7.3 Credits. " + FILLER
    text = BODY + "4. Attachments. See Attachment 1.\n" + BASE + other + (
        "\n\nATTACHMENT H\n\nPROFIT RATES\n\nRates are subject to the adjustments of Section 7.3. " + FILLER)
    assert _targets(text, "Section 7.3") == [("Attachment H", None, "missing")]


def test_the_body_and_the_own_attachment_come_first():
    # the body has a 2.2: an attachment's "Section 2.2" is the body's, not Attachment 1's (which has one too)
    text = BODY + "4. Attachments. See Attachment 1.\n\n\nATTACHMENT 1\n\n2. Levels. " + FILLER + "\n2.2 Credits. " + (
        FILLER + "\n\nATTACHMENT H\n\nRATES\n\nAs set out in Section 2.2. " + FILLER)
    assert _targets(text, "Section 2.2") == [("Attachment H", "2.2", "exact")]
