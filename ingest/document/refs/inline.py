"""Items enumerated inside a sentence ("either (i) X or (ii) Y", "(A) ... (B)") that the outline has no
subclause for, and which a lettered reference ("clause (ii)", "clause (B) above") can only mean.

An occurrence of "(ii)" enumerates when it stands alone ("4.2(ii)", "Section 5(a)(ii)" cite), is not the text's
own opening label, is no spelt-out number ("thirty (30) days"), and no citing word comes before it or before
the list it ends ("clauses (i), (ii) and (iii)" and "subsections (a) above and (b) above" cite).
"""

from __future__ import annotations

import re

from ingest.document.sections import Outline

_CITED_LIST = re.compile(r"(?:clauses?|sections?|paragraphs?|subsections?|subparagraphs?|subclauses?|items?)\s*"
                         r"(?:(?:\([a-zA-Z0-9]{1,5}\))+\s*(?:(?:above|below|hereof)\s*)?"
                         r"(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|through\s+|to\s+|[-–—]\s*))*$",
                         re.IGNORECASE)
_NUMBER_WORD = re.compile(r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|"
                          r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)\s*$",
                          re.IGNORECASE)


def inline_owner(label: str, source: str, outline: Outline) -> str | None:
    """The nearest of the source and its ancestors whose own text enumerates `label` inline: "(A) as to a
    default under clause (i) above" in 10(A) names an item of section 10's sentence "... if (i) ..."."""
    node: str | None = source
    while node is not None:
        if _inline_item(label, node, outline):
            return node
        node = outline.parent_of.get(node)
    return None


def _inline_item(label: str, source: str, outline: Outline) -> bool:
    """The section's own text enumerates `label` inline."""
    return enumerates(label, next((s.text for s in outline.sections if s.number == source), ""))


def line_at(text: str, position: int, outline: Outline) -> str:
    """The line around `position`, cut to the piece of its section's own text (no sibling subclause's)."""
    start, end, _ = outline.span_at(position)
    line_end = text.find("\n", position)
    return text[max(start, text.rfind("\n", 0, position) + 1):min(end, line_end if line_end >= 0 else len(text))]


def enumerates(label: str, own: str) -> bool:
    """`own` enumerates `label` inline ("... (a) the Fees, (b) ..."), not only cites it: the label stands
    alone ("4.2(ii)" and "Section 5(a)(ii)" cite), is not the text's own opening label, and no citing word
    comes before it or before the list it ends ("clauses (i), (ii) and (iii)" cites; "either (i) X or (ii) Y"
    enumerates)."""
    opening = len(own) - len(own.lstrip())
    for found in re.finditer(re.escape(label), own, re.IGNORECASE):
        if found.start() == opening:
            continue
        before = own[max(0, found.start() - 150):found.start()]  # long enough for "sections (5), (8), ... and"
        if (not _CITED_LIST.search(before) and not before[-1:].isalnum() and before[-1:] != ")"
                and not _NUMBER_WORD.search(before)):  # "thirty (30) days" spells a number
            return True
    return False
