"""What a contract's term counts from, when the sentence says: a date, the contract's own start, or an event.

"ten (10) years, which shall commence on the date upon which the Company delivers the last Sample" counts
from an event whose date the text does not give; adding the term to the effective date would be a confident
guess, so the expiration is left empty (the initial term is still kept). A defined date ("the Launch Date",
"the Commencement Date") is not an event clause: contracts define those next to the effective date.
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_FROM = r"\b(?:from|after|following|commenc\w*\s+(?:on|upon|with|as\s+of|from)|begin\w*\s+(?:on|upon|with|as\s+of)|" \
        r"start\w*\s+(?:on|upon))\s+"
_EVENT = re.compile(_FROM + r"(?:the\s+)?(?:(?:later|earlier)\s+of\s+)?(?:(?:date|day)\s+(?:(?:up)?on\s+which|when)|"
                    r"(?:date\s+of\s+(?:the\s+)?)?(?:first|last|initial)\s+(?!(?:day|date|term|period|anniversary|year|month)s?\b)\w+|"
                    r"display|delivery|completion|receipt|installation|acceptance|approval|achievement|occurrence|"
                    r"satisfaction|closing\s+of)\b", _I)


def counts_from_event(text: str) -> bool:
    """The sentence's term counts from an event described by a clause, not from a date."""
    return bool(_EVENT.search(text))
