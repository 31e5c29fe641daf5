"""The contract's term stated only in its definition: '"Term" means the period from 1 January 2013 to 31
December 2013', '"Initial Term" means a period of three (3) years from the Effective Date'.

The term finders (ingest.renewals.finders) skip definitions on purpose: '"Payment Period" means sixty (60) days'
is no term of the contract. A definition of the term itself (the "Term", "Initial Term", "Agreement Term",
"Term of this Agreement") does state it, and so does a label ("Term: three (3) years"), so `as_term_statement`
rewrites it as the sentence the finders read ("The term of this Agreement shall be the period from ...").
Renewal, extension and other named periods ("Renewal Term", "Contract Year", "Royalty Term") keep being skipped.
"""

from __future__ import annotations

import re

_DEFINES_TERM = re.compile(r"^\W*(?:[\d.]+\s+)?(?:Section\s+[\d.]+\s+)?\"(?:(?:Initial|Original)\s+)?"
                           r"(?:(?:Agreement|Contract)\s+)?Term(?:\s+of\s+(?:this\s+|the\s+)?(?:Agreement|Contract))?\"\s*"
                           r"(?:\(?[^)\"]{0,40}\)?\s*)?(?:shall\s+)?(?:means?|refers?\s+to|is)\s*:?\s*",
                           re.IGNORECASE)

# a labelled term, as in a cover sheet or a schedule: "Term: January 1, 2005 to December 31, 2007",
# "Contract Period: two (2) years", "Duration of the Agreement: 36 months"
_LABELLED = re.compile(r"^\W*(?:[\d.]+\s+)?(?:(?:(?:Initial|Original)\s+)?(?:(?:Agreement|Contract)\s+)?"
                       r"(?:Term|Duration)|"
                       r"(?:Agreement|Contract)\s+Period)(?:\s+of\s+(?:this\s+|the\s+)?(?:Agreement|Contract))?\s*:\s*",
                       re.IGNORECASE)


def as_term_statement(text: str) -> str:
    """`text` unchanged, or, when it defines the contract's term (or labels it: "Term: ..."), the same statement
    in a term sentence's words."""
    match = _DEFINES_TERM.match(text) or _LABELLED.match(text)
    if match is None:
        return text
    return "The term of this Agreement shall be " + text[match.end():]
