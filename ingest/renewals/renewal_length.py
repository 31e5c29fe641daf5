"""A renewal's length stated apart from the renewal sentence: "This Agreement shall automatically renew for
successive Renewal Terms ... Each Renewal Term shall be for a period of one (1) year."

The renewal sentence says that the contract renews; a sentence of its own (often the next one, or a
definition) says how long each renewal lasts. Only a sentence whose subject is the renewal or extension term
counts, and only its first length that is not a notice period.
"""

from __future__ import annotations

import re

from ingest.renewals.periods import Period, find_periods
from ingest.renewals.sentences import Sentence

_I = re.IGNORECASE
_NOTICE = re.compile(r"^\W{0,3}(?:(?:calendar|business)\s+)?(?:days?|months?)?\W{0,3}\s*(?:prior|before|in\s+advance|"
                     r"(?:written\s+)?notice)", _I)
# "Each Renewal Term shall be for a period of one (1) year", "\"Renewal Term\" means a period of two (2) years",
# "the duration of each Extension Period will be twelve (12) months"
_DEFINES = re.compile(r"(?:\b(?:each|any|every|such|the|a)\s+(?:duration\s+of\s+(?:each|any|the)\s+)?|^\W*|\")"
                      r"(?:renewal|extension|extended|additional)\s+(?:term|period)s?\"?\s*(?:\([^)]*\)\s*)?"
                      r"(?:shall|will|is|are|means|must)\s+(?:be\s+)?(?:for\s+)?(?:a\s+(?:period|term)\s+of\s+)?", _I)


def defined_renewal_length(sentences: list[Sentence], renewal: Sentence) -> tuple[Period, Sentence] | None:
    """The length of each renewal a sentence defines (and that sentence, its evidence), in the renewal
    sentence's section first, then anywhere."""
    section = renewal.evidence.section_number
    ordered = [s for s in sentences if s.evidence.section_number == section] + \
              [s for s in sentences if s.evidence.section_number != section]
    for s in ordered:
        if (match := _DEFINES.search(s.text)) is None:
            continue
        for period, start, end in find_periods(s.text):
            if start >= match.end() - 1 and start - match.end() <= 40 and not _NOTICE.match(s.text[end:end + 30]) \
                    and period.unit in "YM":
                return period, s
    return None
