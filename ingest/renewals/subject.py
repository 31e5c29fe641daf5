"""The contract named by its kind, read as "this Agreement": "This Sponsorship Agreement shall expire on ...".

The term finders (ingest.renewals.finders) recognise the contract as the subject of a sentence by the words
"this Agreement", "the Agreement", "this Contract". Contracts often name themselves by their kind instead
("This Co-Branding Agreement", "this Supply Agreement", "This Development and License Agreement"); those
sentences state the same term. `plain_subject` blanks the kind words (one space for one character, so the
offsets of everything after them keep), leaving "This             Agreement".

After "the", only the document's own kind (`own_kind`, from its title: "SPONSORSHIP AGREEMENT" makes "the
Sponsorship Agreement" this contract): "the License Agreement" is often another agreement ("shall terminate
when the License Agreement is terminated"), whose term is not this contract's.
"""

from __future__ import annotations

import re

_KIND = r"(?:(?:[A-Z][\w'-]*|and|&|of)\s+){1,5}?"
_AGREEMENT = r"(?=(?:Agreement|AGREEMENT|Contract|CONTRACT)\b)"
# "This" + one to five capitalised words (or "and", "&", "of") + "Agreement"/"Contract"
_NAMED_THIS = re.compile(rf"\b(?P<this>[Tt]his\s+)(?P<kind>{_KIND}){_AGREEMENT}")
_NAMED_THE = re.compile(rf"\b(?P<this>[Tt]he\s+)(?P<kind>{_KIND}){_AGREEMENT}")
# the title: up to three capitalised words before the first "Agreement"/"Contract" of the document's opening
_TITLE = re.compile(r"(?P<kind>(?:[A-Z][\w'-]*[ \t]+){1,3})(?:Agreement|AGREEMENT|Contract|CONTRACT)\b")
_OPENING = 400
_NOT_KIND = {"this", "the", "a", "an", "to", "of", "and", "exhibit", "form"}


def own_kind(document_text: str) -> tuple[str, ...]:
    """The words of the document's own kind, lower case ("sponsorship",), from its title; () if none."""
    match = _TITLE.search(document_text[:_OPENING])
    if match is None:
        return ()
    words = [w.lower() for w in match["kind"].split()]
    while words and words[0] in _NOT_KIND:  # "THIS SUPPLY AGREEMENT", "EXHIBIT 10.1 ... THE SUPPLY AGREEMENT"
        words.pop(0)
    return tuple(words)


def plain_subject(text: str, kind: tuple[str, ...] = ()) -> str:
    """`text` with "This <Kind> Agreement" (and "the <Kind> Agreement" when <Kind> ends the document's own kind
    `kind`) read as "This Agreement" / "the Agreement" (same length)."""
    text = _NAMED_THIS.sub(lambda m: m["this"] + " " * len(m["kind"]), text)
    if not kind:
        return text

    def own(m: re.Match[str]) -> str:
        words = tuple(w.lower() for w in m["kind"].split())
        return m["this"] + " " * len(m["kind"]) if kind[-len(words):] == words else m.group()
    return _NAMED_THE.sub(own, text)
