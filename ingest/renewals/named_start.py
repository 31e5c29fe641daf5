"""The date a term counts from when the term section names it ("from the Launch Date") and the document sets it
elsewhere ("the launch date of the Co-Branded Site shall be September 1st, 1999", "June 1, 2010 (the
"Commencement Date")").

The contract's effective date is the usual start, but a term that counts from another named date (a launch, a
commencement, an opening) ends that long after that date, not after the signature. Only a name that ends in
"Date" or "Day" counts, and only a date the document attaches to that name.
"""

from __future__ import annotations

import re
from datetime import date

from ingest.renewals.sentences import Sentence
from ingest.rules.dates import find_dates

_I = re.IGNORECASE
# "from the Launch Date", "commence on the Commencement Date", "following the Go-Live Date"
_FROM_NAME = re.compile(r"\b(?:from|after|following|commenc\w*\s+(?:on|upon|as\s+of)|begin\w*\s+(?:on|upon|as\s+of)|"
                        r"start\w*\s+(?:on|upon|from)|effective\s+(?:on|upon|as\s+of))\s+the\s+"
                        r"(?P<name>(?-i:[A-Z][\w-]+)(?:\s+(?-i:[A-Z][\w-]+))?\s+(?:Date|Day))\b", _I)
EFFECTIVE = "effective date"


def start_name(sentences: list[Sentence]) -> str | None:
    """The named date the term counts from, stated in one of the term section's sentences (lower case)."""
    for s in sentences:
        if (match := _FROM_NAME.search(s.text)) is not None:
            return " ".join(match["name"].lower().split())
    return None


def _sets(text: str, name: str) -> date | None:
    words = r"\s+".join(re.escape(w) for w in name.split())
    for hit in find_dates(text):
        before, after = text[max(0, hit.start - 90):hit.start], text[hit.end:hit.end + 40]
        # "June 1, 2010 (the "Commencement Date")"
        if re.match(rf"[^.;]{{0,30}}?\(\s*(?:the\s+|such\s+date,?\s+the\s+)?\"?{words}\"?\s*\)", after, _I):
            return hit.value
        # "the launch date of the Co-Branded Site shall be September 1st, 1999", "Launch Date: May 1, 2000"
        if re.search(rf"\b{words}\"?\)?(?:\s+(?:of|for)\s+[^.;,]{{1,40}}?)?\s*(?:shall\s+be|will\s+be|is|means|:)\s+"
                     rf"(?:on\s+)?(?:or\s+about\s+)?$", before, _I):
            return hit.value
    return None


def named_start(name: str, sentences: list[Sentence]) -> date | None:
    """The date the document sets for `name` (the first sentence that does), else None."""
    for s in sentences:
        if name.split()[0] in s.text.lower() and (value := _sets(s.text, name)) is not None:
            return value
    return None
