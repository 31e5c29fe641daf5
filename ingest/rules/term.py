"""Agreement date, effective date, term, expiration date, renewal term and renewal notice period.

Agreement date: the first date in the preamble sentence, else a "Dated (as of)" line or the
"Effective Date means" definition. SEC filing stamps ("Source: ..., 8-K, 10/1/2018") never count.
Effective date: a date tied to the words "effective" or "Effective Date". Expiration: an explicit
"expire/terminate/continue until DATE", else the effective (or agreement) date plus a stated initial
term ("for a period of five (5) years"), else "perpetual" for contracts stated to run until terminated.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from ingest.rules.dates import add_months, find_dates
from ingest.rules.numbers import QUANTITY, iso_duration, quantity
from ingest.rules.preamble import Preamble
from ingest.rules.text import Hit

_OPENING = 1_500
_SOURCE_STAMP = re.compile(r"Source:[^:]{0,120}$")
_DATED = re.compile(r"\b(?:dated|date)\s*(?:as\s+of|:)?\s*(?:this\s+|the\s+)?", re.IGNORECASE)
_EFFECTIVE_DEF = re.compile(r"\"Effective\s+Date\"\s+(?:shall\s+)?(?:mean|be|is)s?\s*(?:the\s+date\s+of\s+)?",
                            re.IGNORECASE)
_EFFECTIVE_BEFORE = re.compile(r"\beffective\s+(?:as\s+of|on|from|date\s+of|upon)?\s*(?:the\s+)?(?:this\s+)?$",
                               re.IGNORECASE)
_EFFECTIVE_AFTER = re.compile(r"^\s*,?\s*\((?:the\s+|hereinafter\s+(?:the\s+)?)?\"Effective\s+Date\"",
                              re.IGNORECASE)
_TERM = re.compile(
    r"\b(?:(?:initial\s+)?term\s+of\s+(?:this\s+(?:Agreement|Contract)\s+)?(?:shall\s+be\s+|is\s+|will\s+be\s+)?"
    r"(?:for\s+)?(?:a\s+period\s+of\s+)?|(?:continue|remain)\s+in\s+(?:full\s+)?(?:force\s+and\s+)?effect\s+"
    r"(?:for\s+)?(?:a\s+(?:period|term)\s+of\s+)?|(?:continue|be\s+effective|last)\s+for\s+(?:a\s+(?:period|term)"
    r"\s+of\s+)?|(?:for\s+)?an?\s+(?:initial\s+)?(?:period|term)\s+of\s+)(?:\S+\s+){0,2}?" + QUANTITY,
    re.IGNORECASE,
)
_EXPIRES_ON = re.compile(
    r"\b(?:expire|terminate|end|continue|remain\s+in\s+(?:full\s+)?(?:force\s+and\s+)?effect|through|until|"
    r"expiring|ending)\b[^.;]{0,60}?\b(?:on|until|through|to)\s+(?:and\s+including\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
_PERPETUAL = re.compile(r"\bperpetu(?:al|ity)\b|\bin\s+(?:full\s+)?(?:force\s+and\s+)?effect\s+until\s+"
                        r"terminated\b|\bindefinite(?:ly)?\b", re.IGNORECASE)
_AGREEMENT_TERM = re.compile(r"\b(?:this\s+(?:Agreement|Contract)|Initial\s+Term|the\s+Term)\b", re.IGNORECASE)
_TERM_CONTEXT = re.compile(r"\b(?:term|agreement|contract)\b", re.IGNORECASE)
_RENEWAL = re.compile(r"\b(?:automatically\s+)?renew(?:ed|al)?\b[^.]{0,120}?\b(?:for\s+)?(?:an?\s+)?"
                      r"(?:additional|successive|further|subsequent|renewal)?\s*(?:periods?\s+of\s+|terms?\s+of\s+)?"
                      + QUANTITY, re.IGNORECASE)
_NOTICE = re.compile(QUANTITY + r"(?:'|s)?\s*(?:\(|prior|advance|written|notice)[^.]{0,80}?\b(?:renew|non-?renewal|"
                     r"expiration|not\s+to\s+renew)", re.IGNORECASE)


def _usable(flat: str, hit: Hit) -> bool:
    return not _SOURCE_STAMP.search(flat[max(0, hit.start - 130):hit.start])


def agreement_date(flat: str, pre: Preamble | None) -> tuple[Hit, float] | None:
    """The date the agreement was made, with a confidence."""
    if pre is not None:
        hits = [h for h in find_dates(flat, pre.start, min(len(flat), pre.list_end + 200)) if _usable(flat, h)]
        if hits:
            return hits[0], 0.9
    for match in _DATED.finditer(flat, 0, min(len(flat), 20_000)):
        hits = find_dates(flat, match.end(), min(len(flat), match.end() + 30))
        if hits and hits[0].start - match.end() < 3 and _usable(flat, hits[0]):
            return hits[0], 0.7
    # Cover pages and letter agreements carry their date near the top without saying "dated".
    hits = [h for h in find_dates(flat, 0, min(len(flat), _OPENING)) if _usable(flat, h)]
    return (hits[0], 0.5) if hits else None


def effective_date(flat: str, pre: Preamble | None) -> tuple[Hit, float] | None:
    """The date the contract takes effect, when the text ties a date to "effective"."""
    limit = min(len(flat), 30_000)
    for hit in find_dates(flat, 0, limit):
        if not _usable(flat, hit):
            continue
        if _EFFECTIVE_AFTER.match(flat, hit.end) or _EFFECTIVE_AFTER.match(flat[hit.end:hit.end + 60]):
            return hit, 0.9
        if _EFFECTIVE_BEFORE.search(flat[max(0, hit.start - 40):hit.start]):
            return hit, 0.85
    for match in _EFFECTIVE_DEF.finditer(flat):
        hits = find_dates(flat, match.end(), min(len(flat), match.end() + 40))
        if hits:
            return hits[0], 0.8
    return None


_FROM_SIGNING = re.compile(
    r"\b(?:effective|commenc\w*|begin\w*|start\w*|in\s+effect)\b[^.]{0,80}?\b(?:the\s+)?(?:date\s+(?:first\s+)?"
    r"(?:above\s+|set\s+forth\s+above\s+)?written|date\s+hereof|date\s+of\s+(?:this\s+Agreement|execution)|"
    r"execution\s+(?:date|hereof|of\s+this\s+Agreement))", re.IGNORECASE)


def effective_from_signing(flat: str) -> bool:
    """Whether the contract says it takes effect when made ("shall commence on the date first written above")."""
    return bool(_FROM_SIGNING.search(flat))


def term_length(flat: str) -> tuple[tuple[int, str], int, int] | None:
    """The initial term ((amount, unit), start, end) stated in the text."""
    for match in _TERM.finditer(flat):
        before = flat[max(0, match.start() - 150):match.start()]
        if re.search(r"renew|extend|extension|survive|after\s+(?:the\s+)?(?:expiration|termination)", before,
                     re.IGNORECASE):
            continue
        found = quantity(match)
        context = flat[max(0, match.start() - 150):match.end()]
        if found is None or not _AGREEMENT_TERM.search(context):
            continue
        amount, unit = found
        if unit in "YM" or (unit == "D" and amount >= 365):  # shorter spans are cure or notice periods
            return found, match.start(), match.end()
    return None


def add_term(start: date, amount: int, unit: str) -> date:
    """`start` plus a term; years and months by calendar, weeks and days by count."""
    if unit == "Y":
        return add_months(start, 12 * amount)
    if unit == "M":
        return add_months(start, amount)
    return start + timedelta(days=amount * (7 if unit == "W" else 1))


def explicit_expiration(flat: str) -> Hit | None:
    """A date the text says the term ends on."""
    for hit in find_dates(flat):
        before = flat[max(0, hit.start - 120):hit.start]
        if _EXPIRES_ON.search(before) and _TERM_CONTEXT.search(before) and _usable(flat, hit):
            return hit
    return None


def perpetual(flat: str) -> re.Match[str] | None:
    """A statement that the contract runs indefinitely, near a mention of its term."""
    for match in _PERPETUAL.finditer(flat):
        if re.search(r"\bterm\b|shall\s+(?:continue|remain)", flat[max(0, match.start() - 150):match.start()],
                     re.IGNORECASE) and not re.search(r"licen[cs]e", flat[match.start() - 80:match.end() + 40],
                                                      re.IGNORECASE):
            return match
    return None


def renewal(flat: str) -> tuple[str, int, int] | None:
    """The renewal term as an ISO duration, with its span."""
    match = _RENEWAL.search(flat)
    found = quantity(match) if match else None
    return (iso_duration(*found), match.start(), match.end()) if match and found else None


def notice_period(flat: str) -> tuple[str, int, int] | None:
    """The notice needed to stop a renewal, as an ISO duration, with its span."""
    match = _NOTICE.search(flat)
    found = quantity(match) if match else None
    return (iso_duration(*found), match.start(), match.end()) if match and found else None
