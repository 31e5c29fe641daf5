"""Display titles of contracts: the document name found in the text, else a cleaned file name.

CUAD file ids read "COMPANY_DATE-EX-10.1-SUPPLY AGREEMENT" or "Company_20140520_10-Q_EX-10.27_8605784_EX-10.27_
Affiliate Agreement"; the part after the last exhibit number is the document's own name. Names written in
capitals are shown in title case ("EXCLUSIVE DISTRIBUTOR AGREEMENT" -> "Exclusive Distributor Agreement").
The graph stores `file_title` (from the file id, written by every load), `text_title` (from the text, written
by load-texts and by an upload's commit) and `title` = the first of text_title, file_title, file_id.
"""

from __future__ import annotations

import re

_SMALL = frozenset("a an and as at by for in of on or the to with via".split())
_DOTTED_NAME = re.compile(r"^[^-]+? - (?P<name>.+)$")  # "Array BioPharma Inc. - LICENSE AGREEMENT"
_TRAILING_NOISE = re.compile(r"[\s_\-.,]*\d*$")  # "Distributor Agreement1"
_EXHIBIT = re.compile(r"[-_]EX(?:-|\d)")  # "-EX-10.1-", "_EX1A-6": not "-EXCLUSIVE"
_ACRONYMS = frozenset("OEM LLC LP IP IT US USA UK EU NDA MSA SOW TV PC HR LNG API".split())
MAX_TITLE = 120


def smart_case(text: str) -> str:
    """Title case for text written in capitals; other text keeps its own case."""
    words = " ".join(text.split()).split(" ")
    letters = [c for c in text if c.isalpha()]
    if not letters or sum(c.isupper() for c in letters) < 0.8 * len(letters):
        return " ".join(words)
    out = []
    for i, word in enumerate(words):
        lower = word.lower()
        if i and lower in _SMALL:
            out.append(lower)
        elif word.strip(",.()") in _ACRONYMS:
            out.append(word)
        else:
            out.append("-".join(part[:1].upper() + part[1:] for part in lower.split("-")))
    return " ".join(out)


def _after_exhibit(file_id: str) -> str | None:
    """The name after the last exhibit number: "..._EX-10.27_Affiliate Agreement", "...-EX-10.1-SUPPLY ..."."""
    markers = list(_EXHIBIT.finditer(file_id))
    if not markers:
        return None
    cut = markers[-1].start()
    rest = file_id[cut + 3:].lstrip("-")
    stop = rest.find("_") if file_id[cut] == "_" else rest.find("-")
    return rest[stop + 1:] if stop >= 0 and rest[stop + 1:].strip() else None


def file_title(file_id: str) -> str:
    """A readable name from a file id: the document name after the exhibit number, else the id tidied."""
    stem = file_id.strip()
    dotted = _DOTTED_NAME.match(stem)
    name = _after_exhibit(stem) or (dotted.group("name") if dotted else stem)
    name = name.replace("_ ", ", ").replace("_", " ")
    name = _TRAILING_NOISE.sub("", name.strip(" -.,")) or name
    return smart_case(name)[:MAX_TITLE].strip() or file_id


def text_title(raw: str | None) -> str | None:
    """The document name found in the text, for display (None when there was none)."""
    if not raw or not raw.strip():
        return None
    return smart_case(raw.strip(" ,.;:-"))[:MAX_TITLE].strip() or None
