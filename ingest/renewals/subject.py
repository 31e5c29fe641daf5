"""The contract named by its kind, read as "this Agreement": "This Sponsorship Agreement shall expire on ...".

The term finders (ingest.renewals.finders) recognise the contract as the subject of a sentence by the words
"this Agreement", "the Agreement", "this Contract". Contracts often name themselves by their kind instead
("This Co-Branding Agreement", "this Supply Agreement", "This Development and License Agreement"); those
sentences state the same term. `plain_subject` blanks the kind words (one space for one character, so the
offsets of everything after them keep), leaving "This             Agreement".

Only after "this": "the License Agreement" is often another agreement ("shall terminate when the License
Agreement is terminated"), whose term is not this contract's.
"""

from __future__ import annotations

import re

# "This" + one to five capitalised words (or "and", "&", "of") + "Agreement"/"Contract"
_NAMED_THIS = re.compile(r"\b(?P<this>[Tt]his\s+)(?P<kind>(?:(?:[A-Z][\w'-]*|and|&|of)\s+){1,5}?)"
                         r"(?=(?:Agreement|AGREEMENT|Contract|CONTRACT)\b)")


def plain_subject(text: str) -> str:
    """`text` with "This <Kind> Agreement" read as "This Agreement" (same length)."""
    return _NAMED_THIS.sub(lambda m: m["this"] + " " * len(m["kind"]), text)
