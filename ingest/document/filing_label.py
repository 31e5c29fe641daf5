"""An SEC filing's own exhibit label ("Exhibit 10.38" atop the text and again atop its pages): filing noise.

CUAD's contracts are exhibits to SEC filings, and the filing prints its exhibit number at the top of the
document, often again at the top of every page ("Source: ..., 10-K, 8/22/2019" closes a page, "Exhibit 10.38"
opens the next). Read as an exhibit title it became a section: the agreement's body hung under it ("Exhibit
10.38 27.1"), and each repeat opened a phantom "Exhibit 10.38 (2)", "(3)" ... The label is the filing's, not
an attachment of the agreement: the outline has no section for it and the reference pass no reference; its
lines stay in the text (the section they fall in keeps them).

The label is found at the top: the document's first exhibit title line, within its first few hundred
characters, keyword "Exhibit" with a dotted SEC number ("10.38", "99.3", "1.1"). Its repeats are the same label
alone on a line (or with the same words after it as at the top). "Exhibit 10.2(b)" after a filing labelled
"Exhibit 10.2" is an attachment of its own (other words after the label) and stays; so do exhibits numbered
after a section ("Exhibit 1.5") in a filing labelled otherwise.
"""

from __future__ import annotations

import re

from ingest.document.patterns import EXHIBIT_LINE_RE

TOP_CHARS = 600  # the label heads the document: at most a viewer's banner or a legend's first lines before it
_SEC_NUMBER = re.compile(r"\d{1,3}\.\d{1,3}[A-Za-z]?")


def _key(keyword: str, ident: str) -> str:
    return f"{keyword.lower()} {ident.lower()}"


def _rest(match: re.Match[str]) -> str:
    return " ".join(match.group("rest").split()).lower()


def filing_label_lines(text: str) -> list[int]:
    """Start offsets (of the keyword) of every line that is the filing's own exhibit label, the top one first;
    empty when the document does not start with one."""
    lines = list(EXHIBIT_LINE_RE.finditer(text))
    if not lines:
        return []
    top = lines[0]
    if (top.start("kw") > TOP_CHARS or top.group("kw").lower() != "exhibit"
            or not _SEC_NUMBER.fullmatch(top.group("id")) or len(text[:top.start()].strip()) >= TOP_CHARS):
        return []
    label, words = _key(top.group("kw"), top.group("id")), _rest(top)
    return [m.start("kw") for m in lines
            if _key(m.group("kw"), m.group("id")) == label and _rest(m) in ("", words)]
