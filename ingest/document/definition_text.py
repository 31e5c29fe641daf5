"""What counts as a defined term, and the text a definition keeps (helpers of `definitions`).

- `valid_term`: a quoted string is a term unless it is junk: a single character or a number ("S", "1"), a name
  of the document itself ("Agreement"), the generic "Party"/"Parties", a pronoun ("we", "us") or, for inline
  definitions, a word that is not capitalised.
- `referent`: the text an inline definition (`Acme Inc. ("Supplier")`) names: back to the start of its list
  item in a party list ("by and between A ("X"), and B ("Y")"), else to the start of its sentence, with
  abbreviations ("Inc.", "Str. 68") not taken for sentence ends, so an address never becomes a definition and
  a role ("to the other Party (the "Receiving Party")") keeps the sentence that explains it.
- `names_party`: whether an inline term may be one item of a party list; a term naming an instrument, a period
  or a date ("the "Term"", "the "Master Agreement"") keeps its sentence instead.
- `trim_definition`: a definition clause runs to the next clause; the next clause's list label ("(s)",
  "1.3") and a filing footer ("Source: ...") are not part of it.
- `is_pointer`: whether a definition only points elsewhere ("has the meaning set forth in Section 8.7",
  "as defined in Section 2.1").
"""

from __future__ import annotations

import re

from core.names import abbreviated_forms

GENERIC_TERMS = frozenset({
    "agreement", "this agreement", "the agreement", "contract", "this contract", "the contract",
    "party", "parties", "the party", "the parties", "each party", "either party", "both parties",
    "we", "us", "our", "ours", "you", "your", "yours", "i", "me", "my", "he", "she", "it", "its", "they", "them",
    "their", "and", "or", "hereof", "herein", "hereto", "hereunder", "the", "a", "an",
    # construction clauses ('the word "Section" refers to sections and subsections'): words, not terms
    "section", "sections", "article", "articles", "clause", "clauses", "day", "days", "including", "include",
    "includes", "shall", "will", "may", "must",
})
_JOINING = frozenset("of and or the for in on to a an by with per de du la le der und &".split())
_NUMBER = re.compile(r"^[\d.,()%$\s-]+$")
_ABBREVIATIONS = abbreviated_forms() | frozenset(
    "no nos str st ave blvd rd dr mr mrs ms jr sr "
    "u.s u.s.a etc e.g i.e vs v viz cf fig art sec para approx dept est int'l intl bros assoc mfg ste "
    "edif bldg av apt fl p.o ltda cia sdn bhd a.m p.m".split())
_SENTENCE_END = re.compile(r"(?:[.?!][\"”')]?\s+(?=[\"“(]?[A-Z0-9])|;\s+|:\s*\n|\n\s*\n|"
                           r"\n(?=\s*(?:\(?[a-zA-Z0-9]{1,4}[.)]|\d+(?:\.\d+)+)\s))")
_PARTY_LIST = re.compile(r"\b(?:(?i:by\s+and\s+(?:between|among|amongst)|between|among|amongst)\s+|by\s+(?=[A-Z]))")
# A previous naming parenthesis closing a list item: `("Xencor"), and Aimmune` / `("Pluto") and Upjohn`.
_ITEM_BREAK = re.compile(r"[\"”](?:\s*\))?\s*\)?[,;]?\s+(?:and\s+|or\s+)?(?:the\s+)?(?=[A-Z])")
_LEADING = re.compile(r"^(?:\(?[a-zA-Z0-9]{1,4}[.)]\s+|\d+(?:\.\d+)+\.?\s+|WHEREAS,?\s+|NOW,? THEREFORE,?\s+|"
                      r"and\s+|or\s+|[,;:]\s*)+", re.IGNORECASE)
_TRAILING_LABEL = re.compile(r"(?:(?<=[.;:,])|(?<=\band)|(?<=\bor))"
                             r"(?:\s+(?:\(?[a-zA-Z0-9]{1,5}\)|[a-zA-Z]{1,2}[.)]|\d+(?:\.\d+)*\.?))+\s*$")
_FOOTER = re.compile(r"\s*(?:[A-Z]-?\d{1,3}\s+)?Source:\s.*$", re.DOTALL)
_POINTER = re.compile(r"^(?:shall\s+)?(?:ha(?:s|ve)|is\s+given|bears?)\s+the\s+(?:respective\s+)?meanings?\b|"
                      r"^(?:is\s+|shall\s+be\s+)?(?:as\s+)?(?:defined|set\s+forth|described)\s+in\b", re.IGNORECASE)
_TRAILING_WORDS = re.compile(r"(?:(?:^|[\s,]+)(?:shall\s+be|will\s+be|is|are|hereinafter|hereafter|herein|"
                             r"referred\s+to\s+as|"
                             r"also|individually|collectively|and|or|each))+$", re.IGNORECASE)
MAX_REFERENT = 300
# A term naming an instrument, a period or a date is not one of the parties a party list names: in
# "the Sales Dealer Agreement dated ... between Vivint and Vivint Solar Developer, LLC (the "Term")" or
# "a Non-Competition Agreement ... by and between the Parties (the "Non-Competition Agreement")" the list's
# last item is not what the term means, so such terms keep their whole sentence.
_NOT_A_PARTY = re.compile(
    r"\b(?:agreements?|amendments?|contracts?|terms?|periods?|plans?|leases?|licen[cs]es?|notes?|letters?|"
    r"orders?|polic(?:y|ies)|arrangements?|transactions?|deeds?|guarant(?:ee|y|ies)|instruments?|documents?|"
    r"dates?|schedules?|exhibits?|appendix|appendices|addend(?:um|a)|annex(?:es)?|protocols?|memorand(?:um|a)|"
    r"understandings?|facility|commitments?|warrants?|shares|stock|securities|acts?|codes?|rules?|"
    r"regulations?|statutes?)$", re.IGNORECASE)


def names_party(term: str) -> bool:
    """Whether an inline term can name an item of a party list (not an instrument, period or date)."""
    return not _NOT_A_PARTY.search(term.strip(" \"“”'"))


def valid_term(term: str, inline: bool) -> bool:
    """Whether a quoted string is a real defined term (see the module docstring for what is not). An inline
    term must also read as a name: every word capitalised except short joining words ("Bill of Materials"),
    so a quoted title ("List of ATR Aircraft covered under this Agreement") is not taken for one."""
    letters = [ch for ch in term if ch.isalpha()]
    if len(letters) < 2 or len(term) < 2 or _NUMBER.match(term):
        return False
    if term.lower() in GENERIC_TERMS:
        return False
    if not inline:
        return True
    words = re.findall(r"[^\s/-]+", term)
    return (term[0].isupper() or term[0].isdigit()) and all(
        not w[0].isalpha() or w[0].isupper() or w in _JOINING for w in words)


def _sentence_start(window: str) -> int:
    """Offset in `window` where the sentence holding its end begins (abbreviations are not ends)."""
    start = 0
    for match in _SENTENCE_END.finditer(window):
        if match.group(0)[0] == ".":
            word = re.search(r"([\w.'’]+)\.$", window[max(0, match.start() - 30):match.start() + 1])
            token = word.group(1) if word else ""
            if token.lower() in _ABBREVIATIONS or (len(token) == 1 and token.isalpha()):
                continue
        start = match.end()
    return start


def referent(text: str, pos: int, floor: int, retry: bool = True, party: bool = True) -> str:
    """The text an inline definition at `pos` names (its list item in a party list when `party`, else its
    sentence); when nothing precedes it in its sentence ("...CNPJ 09.296.295/0001-60.\n\nHereafter referred to
    as "Company""), the sentence before."""
    window_start = max(floor, pos - 1200)
    window = text[window_start:pos]
    sentence = _sentence_start(window)
    window = window[sentence:]
    cut = 0
    for pattern in (_PARTY_LIST, _ITEM_BREAK) if party else (_ITEM_BREAK,):
        for match in pattern.finditer(window):
            cut = max(cut, match.end())
    fragment = " ".join(window[cut:].split()).rstrip(" ,(")
    fragment = _TRAILING_WORDS.sub("", _LEADING.sub("", fragment))
    before = window_start + sentence
    while before > floor and text[before - 1].isspace():
        before -= 1
    if not fragment.strip(" ,;:.") and retry and before > floor:
        return referent(text, before, floor, retry=False, party=party).rstrip(" ,;:.")
    if len(fragment) > MAX_REFERENT:
        fragment = "…" + fragment[-MAX_REFERENT:].split(" ", 1)[-1]
    return fragment


def trim_definition(definition: str) -> str:
    """A definition clause without the next clause's list label or a trailing filing footer."""
    definition = _FOOTER.sub("", definition)
    return _TRAILING_LABEL.sub("", definition).strip()


def is_pointer(definition_text: str) -> bool:
    """Whether a definition (from its verb on) only points to where the term is defined."""
    return bool(_POINTER.match(definition_text))
