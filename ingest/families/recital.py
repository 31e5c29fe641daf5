"""Read what a document says about the agreement it changes: is it an amendment, addendum, restatement,
statement of work or renewal letter, which one (its ordinal), its own date, and the agreement it names in its
opening recital ("This First Amendment to the Development Agreement entered into on April 15, 2010 ...").

Pure and deterministic (docs/FAMILIES.md#detection). A document is a family member when
1. its title names a kind ("Amendment #2 to the Distribution Agreement", "Services Agreement_SECONDAMENDMENT",
   "A_R Remarketing Agreement") and its text confirms it with a marker (below) anywhere, the first marker
   after the title's own words when the title is found in the text (a CUAD file may hold several documents),
   or, with no title kind, the text opens with a marker in its first OPENING characters;
2. a marker is a self-reference ("This Amendment No. 1", "THIS SECOND AMENDMENT TO ...", "This Endorsement
   Agreement Addendum I", "This Statement of Work", "THIS AMENDED AND RESTATED ... AGREEMENT") or a heading in
   capitals ("AMENDMENT NO. 3", "FIRST AMENDMENT", "ADDENDUM TO", "STATEMENT OF WORK", "RESTATED ... AGREEMENT").
The parent is the first agreement named with its date after a recital cue ("that certain", "entered into a",
"amends", "made part of that", "to the <Name> Agreement dated ...") within RECITAL_SPAN characters of the
marker, else the first one named without a date; the sentence that names it is the evidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from core.vocab import MONTH_WORD_PATTERN
from ingest.families.sentences import sentence_around
from ingest.rules.dates import find_dates, parse_date

KINDS = ("amendment", "addendum", "restatement", "statement_of_work", "renewal")
OPENING = 1500  # a document that does not say what it is in its title must say so this early
RECITAL_SPAN = 2500  # the recital naming the parent follows the marker within this many characters
OWN_DATE_SPAN = 900

ORDINALS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth".split(), 1)}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}
_ORD = "(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)"
_KIND_WORDS = (r"(?:amendment|amend|addendum|statement\s+of\s+work|(?:amended\s+and\s+)?restated|restatement"
               r"|renewal\s+(?:letter|agreement)|extension\s+agreement)")
# A title-like word between "This" and the kind ("This NON-COMPETITION AGREEMENT AMENDMENT"), never a verb
# ("THIS AGREEMENT MAY NOT BE MODIFIED EXCEPT BY WRITTEN AMENDMENT" is not a self-reference).
_TITLE_WORD = (r"(?!(?i:may|shall|will|is|are|be|not|by|any|such|must|can|only|hereby)\b)"
               r"(?:[A-Z][\w\-'®&.]*|to|the|of|and|for|&|#)")
SELF_REF = re.compile(rf"\b(?i:this)\s+(?:(?i:is\s+the)\s+)?(?:{_TITLE_WORD}\s+){{0,12}}?"
                      rf"(?P<kind>(?i:{_KIND_WORDS}))\b")
HEADING = re.compile(
    r"\b(?P<kind>(?:FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH|EIGHTH|NINTH|TENTH)\s+AMENDMENT"
    r"|AMENDMENT\s+(?:NO\.?\s*|NUMBER\s+|#\s*)?\d+|ADDENDUM\s+TO|STATEMENT\s+OF\s+WORK"
    r"|(?:AMENDED\s+AND\s+)?RESTATED\s+[A-Z][A-Z ,\-]{2,80}AGREEMENT)\b")

_DATE = (rf"(?P<date>\b(?i:{MONTH_WORD_PATTERN})\.?\s*[0-3]?\d(?:st|nd|rd|th)?\s*,?\s*(?:19|20)\d\d"
         rf"|\b[0-3]?\d(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?i:{MONTH_WORD_PATTERN})\.?,?\s*(?:19|20)\d\d"
         r"|\b[01]?\d/[0-3]?\d/(?:19|20)?\d\d)")
_NAME = r"(?P<name>[A-Z][\w\-'®&/.]*,?(?:\s+(?:[A-Z][\w\-'®&/.]*,?|and|of|for|&)){0,14}?\s+(?i:agreement)\b)"
_CONNECT = (r"(?i:dated|effective|entered\s+into|executed|made|with\s+an\s+effective\s+date\s+of)"
            r"(?:\s+(?i:by|between)\s+[^.;]{1,80}?)?(?:\s+(?i:as\s+of|on|effective))?\s+(?i:the\s+)?")


def _tail(comma: bool) -> str:
    """What may stand between the parent's name and its date: a number, a parenthesis, the parties."""
    sep = r"\s*,?" if comma else ""
    return (r"(?:\s+(?i:number)\s+\S+)?(?:\s*\([^)]{0,120}\))?" + sep
            + r"\s*(?:(?i:by\s+and\s+between|between|among)\s+[^.;()]{1,120}?\s+)?" + _CONNECT + _DATE)


_CUE = (r"(?i:that\s+certain|entered\s+into\s+(?:a|an|the)|executed\s+(?:a|an|the)|amend\s+(?:their|the)"
        r"|amends|made\s+part\s+of\s+that|terms\s+of\s+the|parties\s+to\s+(?:a|an|the))(?:\s+(?i:fully\s+executed))?\s+")
# A cue names the parent ("that certain X Agreement, dated ..."); "to the X Agreement dated" is weaker, so its
# date must follow without a comma ("This AMENDMENT TO SERVICES AGREEMENT, dated ..." dates the amendment).
PARENT_PATTERNS = (re.compile(_CUE + _NAME + f"(?:{_tail(True)})?"),
                   re.compile(r"\b(?i:to|of)\s+(?:(?i:the)\s+)?" + _NAME + f"(?:{_tail(False)})?"))
DEFINED_DATE = re.compile(r"(?i:entered\s+into|executed)\s+the\s+Agreement\b[^.;]{0,40}?(?i:dated|effective)\s+"
                          r"(?:(?i:as\s+of)\s+)?" + _DATE)
_NOT_NAMES = ("this ", "such ", "said ", "that ", "each ", "any ", "the ")
_STOP = frozenset("the and of to a an agreement this that certain for with by between inc llc corporation".split())


@dataclass(frozen=True)
class Recital:
    """What a family member says about itself and the agreement it changes."""

    kind: str
    ordinal: int | None
    marker: str  # the words that say what it is ("This Amendment No. 1", "AMENDMENT #2 TO THE")
    parent_title: str | None  # the agreement it changes, as the recital names it
    parent_date: date | None
    own_date: date | None
    evidence: str  # the recital sentence naming the parent (the marker's sentence when none is named)


def title_kind(title: str) -> str | None:
    """The kind a document's title names ("First Amend to Supply ...", "A R Remarketing Agreement"), or None."""
    t = re.sub(r"\ba[ _]r\b", "amended and restated", title.lower())
    if re.search(r"statement of work|\bsow\b", t):
        return "statement_of_work"
    if re.search(r"\brestated\b|restatement", t):
        return "restatement"
    if "addend" in t:
        return "addendum"
    if re.search(r"amend(?:ment)?\b", t):
        return "amendment"
    if re.search(r"renewal (?:letter|agreement)|extension agreement", t):
        return "renewal"
    return None


def kind_of(words: str) -> str:
    """The kind a marker's words name."""
    return title_kind(words) or "amendment"


def ordinal_of(words: str) -> int | None:
    """The ordinal a marker or title states: "Second", "No. 2", "#2", "Amendment 1", "Addendum I"."""
    low = words.lower()
    word = re.search(rf"\b{_ORD}|{_ORD}(?=\s*(?:amend|addend|a r\b|amended))", low)
    if word:
        return ORDINALS[word.group(0).strip()]
    number = re.search(r"(?:\bno\.?|number|#|amendment|amend)\s*(\d{1,2})\b", low)
    if number:
        return int(number.group(1))
    roman = re.search(r"addendum\s+([ivx]+)\b", low)
    return _ROMAN.get(roman.group(1)) if roman else None


def _markers(flat: str, start: int = 0, end: int | None = None) -> list[re.Match[str]]:
    found = [*SELF_REF.finditer(flat, start, end or len(flat)), *HEADING.finditer(flat, start, end or len(flat))]
    return sorted(found, key=lambda m: m.start())


def find_title(flat: str, title: str) -> int | None:
    """Where the title's words stand in the text (case and spacing folded), or None."""
    words = re.findall(r"[\w#]+", title)
    if len(words) < 2:
        return None
    found = re.search(r"\W+".join(re.escape(w) for w in words), flat, re.IGNORECASE)
    return found.start() if found else None


def locate(flat: str, title: str) -> tuple[str, re.Match[str]] | None:
    """The document's kind and the marker its own part starts with, or None when it is not a family member."""
    named = title_kind(title)
    if named is None:
        opening = _markers(flat, 0, OPENING)
        return (kind_of(opening[0]["kind"]), opening[0]) if opening else None
    at = find_title(flat, title)
    after = _markers(flat, at) if at is not None else []
    same = [m for m in (after or _markers(flat)) if kind_of(m["kind"]) == named]
    return (named, same[0]) if same else None


def _parent(window: str) -> tuple[re.Match[str] | None, date | None, tuple[int, int] | None]:
    """The recital's reference to the parent (the first one with a date, else the first), its date, and where
    that date was read when another sentence gives it ("entered into the Agreement dated January 22, 2007")."""
    found = sorted((m for p in PARENT_PATTERNS for m in p.finditer(window)
                    if not m["name"].lower().startswith(_NOT_NAMES)), key=lambda m: m.start())
    dated = [m for m in found if m["date"]]
    best = dated[0] if dated else (found[0] if found else None)
    when = parse_date(best["date"]) if best is not None and best["date"] else None
    if best is not None and when is None:
        defined = DEFINED_DATE.search(window)
        if defined is not None:
            return best, parse_date(defined["date"]), (defined.start(), defined.end())
    return best, when, None


def _own_date(window: str, skip: tuple[int, int] | None, parent_date: date | None) -> date | None:
    """The first date near the marker that is not the parent's nor an earlier amendment's ("as amended by an
    amendment agreement dated 31 December 2013")."""
    for hit in find_dates(window, 0, min(len(window), OWN_DATE_SPAN)):
        if (skip is not None and skip[0] <= hit.start < skip[1]) or hit.value == parent_date:
            continue
        if not re.search(r"amended\b", window[max(0, hit.start - 60):hit.start]):
            return hit.value  # type: ignore[return-value]
    return None


def title_keys(name: str) -> frozenset[str]:
    """The words that identify an agreement's name, stemmed to six letters ("Distribution" = "Distributor")."""
    words = re.findall(r"[a-z]+", name.lower())
    return frozenset(w[:6] for w in words if w not in _STOP and len(w) > 1)


def _named_in_title(title: str) -> str | None:
    """The agreement a title says it changes: "Amend No. 2 to Manufacturing and Supply Agreement",
    "DEVELOPMENT AGREEMENT - First Amendment", "A R Remarketing Agreement"."""
    t = re.sub(r"\ba[ _]r\b", "amended and restated", title, flags=re.IGNORECASE)
    found = (re.search(r"(?:restated|\bto)\s+(?:the\s+)?(.+?agreement)\b", t, re.IGNORECASE)
             or re.search(r"^(.+?agreement)\b", t, re.IGNORECASE))
    return found.group(1).strip(" -,") if found else None


def read_recital(title: str, text: str) -> Recital | None:
    """The recital of a document titled `title` (its file title or document name), or None when the document
    is not an amendment, addendum, restatement, statement of work or renewal letter."""
    flat = " ".join(text.split())
    located = locate(flat, title)
    if located is None:
        return None
    kind, marker = located
    window = flat[marker.start(): marker.start() + RECITAL_SPAN]
    parent, parent_date, dated_at = _parent(window)
    name = " ".join(parent["name"].split()).rstrip(",") if parent is not None else None
    span = (parent.start(), parent.end()) if parent is not None else None
    # A restatement restates an earlier version of itself: a recital naming another agreement (the
    # Guarantee Agreement of a Remarketing Agreement) is not its parent; the restated name is.
    restated = _named_in_title(marker.group(0)) if kind == "restatement" else None
    restated = restated or (_named_in_title(title) if kind == "restatement" else None)
    if restated and (name is None or not title_keys(name) & title_keys(restated)):
        name, parent_date, span, dated_at = restated, None, None, None
    elif name is None:
        name = _named_in_title(title)
    evidence = sentence_around(window, *(span or (0, marker.end() - marker.start())))
    if dated_at is not None:
        evidence += " … " + sentence_around(window, *dated_at)
    ordinal = ordinal_of(marker.group(0)) or ordinal_of(title)
    own = _own_date(window, dated_at or span, parent_date)
    return Recital(kind, ordinal, marker.group(0), name, parent_date, own, evidence)
