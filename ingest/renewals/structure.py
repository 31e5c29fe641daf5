"""The document's term sections: where a contract states how long it runs, read from its outline.

A section is a term section when its heading, or the heading of a section it belongs to, names the contract's
term ("Term", "Term and Termination", "Duration", "Effective Date and Term", "Term of Agreement"). Untitled
sections count their first line as the heading when it is short ("7.5   Term and termination" parsed with
the title on the next line). Headings about something else that has a term ("Payment Terms", "Terms and
Conditions", "Warranty Period", "Term of the License") do not count.
"""

from __future__ import annotations

import re

from ingest.document.models import ParsedDocument, Section

_I = re.IGNORECASE
_TERM_HEADING = re.compile(r"^\W*(?:(?:initial|contract|agreement|original|the)\s+)?"
                           r"(?:term|duration|expiration|expiry)\b"
                           r"(?!\s+(?:and\s+conditions|of\s+(?!(?:this|the)\s+(?:agreement|contract|term)\b)))"
                           r"|\b(?:term|duration)\s+(?:of|and)\s+(?:(?:this|the)\s+)?(?:agreement|contract|termination|"
                           r"expiration|renewal)\b|\b(?:effective\s+date|commencement)\s+and\s+(?:term|duration)\b|"
                           r"\bterm\s*(?:;|,|and)\s*(?:renewal|termination|expiration)\b", _I)
_NUMBER = re.compile(r"^\W*(?:(?:section|article|clause)\s+)?[\dA-Z]{1,3}(?:[.(][\dA-Za-z]{1,3}\)?)*[.):]?\s+", _I)


def heading(section: Section) -> str:
    """The section's title, else the first line of its text when that line is short enough to be a heading."""
    if section.title.strip():
        return section.title
    first = _NUMBER.sub("", section.text.strip().split("\n", 1)[0]).strip()
    return first if 0 < len(first) <= 40 and not first.endswith((".", ",", ";")) else ""


def term_sections(doc: ParsedDocument) -> frozenset[str]:
    """Numbers of the sections whose heading, or an enclosing section's heading, names the contract's term."""
    by_number = {s.number: s for s in doc.sections}
    own = {s.number for s in doc.sections if _TERM_HEADING.search(heading(s))}
    found = set()
    for section in doc.sections:
        seen, current = set(), section
        while current is not None and current.number not in seen:
            if current.number in own:
                found.add(section.number)
                break
            seen.add(current.number)
            current = by_number.get(current.parent_number) if current.parent_number else None
    return frozenset(found)
