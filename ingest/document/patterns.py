"""Regular expressions shared by the heading, page and reference passes."""

from __future__ import annotations

import re

EXHIBIT_WORDS = "EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT|ADDENDUM"
_EXHIBIT_KW = EXHIBIT_WORDS + "|" + "|".join(w.title() for w in EXHIBIT_WORDS.split("|"))
_EXHIBIT_ID = r"""["“]?(?P<id>[A-Z]{1,2}(?:-?\d{1,3})?|\d{1,3}(?:[.\-]\d{1,3})*[A-Z]?|[IVX]{1,5})["”]?"""

# An exhibit/appendix title line; `rest` is checked by `exhibit_rest_ok` so prose is not taken for a title.
EXHIBIT_LINE_RE = re.compile(
    rf"^[ \t]*(?P<kw>{_EXHIBIT_KW})(?:[ \t]+|(?=\d)){_EXHIBIT_ID}(?![\w.\-])(?P<rest>[^\n]*)", re.MULTILINE
)

# Words that, right before a number, make it part of a sentence ("in Section 5.", "within 30 days").
STOP_WORDS = frozenset(
    """section sections paragraph paragraphs clause clauses article articles subsection subsections
    subparagraph subparagraphs exhibit schedule annex appendix attachment and or to through of in under
    with than at by per no number item items page rule form part chapter title tier level phase step
    version amendment table figure note notes nos no. year years day days""".split()
)


def exhibit_rest_ok(keyword: str, rest: str) -> bool:
    """True when the text after "Exhibit A" reads like a title rather than a sentence about it."""
    stripped = rest.strip(" \t:.-–—")
    if "....." in rest or "……" in rest:
        return False
    if not stripped or re.match(r"\s*(?::|\s[-–—]\s)", rest):
        return True
    words = stripped.split()
    if not words[0][0].islower():
        return True
    if keyword.isupper() and words[0] in {"to", "of", "for"}:
        return True
    # "Attachment A to Master Franchise Agreement", "Schedule A to the Bill of Sale": a title names what it is
    # attached to, a sentence goes on ("Exhibit A to this Agreement sets forth ...")
    title = re.split(r"[ \t]{3,}", rest.strip())[0].split()
    named = [w for w in title[1:] if w.lower() not in _TITLE_SMALL]
    return (words[0] in {"to", "of"} and bool(named) and title[1] not in {"This", "The", "Such"}
            and all(w[:1].isupper() or w[:1].isdigit() for w in named))


_TITLE_SMALL = frozenset({"the", "this", "of", "and", "for", "to", "&"})


def running_shape(line: str) -> str:
    """A line's digit-blind form, for spotting running headers/footers ("Page 3 of 9" ~ "Page 4 of 9").

    An exhibit/schedule label keeps its identifier: "Schedule 1" and "Schedule 2" topping consecutive pages
    are headings, not a running line ("Exhibit A - Page 3" on every page of Exhibit A still is one).
    """
    flat = " ".join(line.split())
    label = EXHIBIT_LINE_RE.match(flat)
    if label is None:
        return re.sub(r"\d+", "#", flat).lower()
    return f"{label.group('kw')} {label.group('id')}|{re.sub(r'[0-9]+', '#', label.group('rest'))}".lower()


def previous_word(text: str, position: int) -> str:
    """The word just before `position` (punctuation kept), skipping whitespace."""
    window = text[max(0, position - 40):position].rstrip()
    match = re.search(r"(\S+)$", window)
    return match.group(1) if match else ""


# A line that is only a page number ('12', '- 3 -', 'Page 4 of 20', 'iv'): the PDF layout drops it and the
# extraction rules mask it as filing noise.
PAGE_NUMBER = re.compile(
    r"^\s*(?:page\s+)?[-–—(\[]?\s*(?:\d{1,3}|[ivxlc]{1,6})\s*[-–—)\]]?\s*(?:(?:of|/)\s*\d{1,3})?\s*$", re.IGNORECASE)
