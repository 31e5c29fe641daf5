"""Rules that read one value from one sentence: renewal type and term, notice periods, the initial term,
an explicit end date, a perpetual term. Each returns None when the sentence does not state the value.

Sentence-local on purpose: the evidence is the sentence, and CUAD's labels are sentences too.
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from core.vocab import MONTH_NAME_PATTERN, MONTH_NUMBERS
from ingest.renewals.periods import Period, find_periods, implied_period
from ingest.renewals.wording import RENEWAL, renews_another_instrument
from ingest.rules.dates import find_dates

_I = re.IGNORECASE
_MONTH_NUMBERS = MONTH_NUMBERS
_AGREEMENT = re.compile(r"\b(?:this\s+(?:agreement|contract|license|amendment)|contract|the\s+(?:agreement|contract)|"
                        r"(?:initial|original|the)\s+term|term\s+(?:of|hereof)|the\s+franchise|"
                        r"\"?term\"?)\b", _I)
_INCIDENTAL = re.compile(r"\b(?:as\s+(?:it\s+)?may\s+be\s+(?:extended|renewed)|(?:unless|if)\s+(?:earlier\s+)?"
                         r"(?:terminated\s+or\s+)?(?:extended|renewed)|extend\s+(?:until|through|to)\b|including\s+(?:any|all)\s+(?:renewal|extension)s?|"
                         r"\"calendar\s+(?:year|quarter|month)\")", _I)
_NOT_TERM = re.compile(r"\b(?:insurance|polic(?:y|ies)|letter\s+of\s+credit|guarant\w*|warrant\w*|lease|permit|"
                       r"registration|payment|invoice|cure|deadline|time\s+for|calendar\s+(?:year|quarter)\"?\s+(?:shall\s+)?mean)\b|"
                       r"^\W*(?:[\d.]+\s+)?(?:Section\s+[\d.]+\s+)?\"[^\"]{2,40}\"\s+(?:shall\s+)?means?\b",
                       _I)
_OPTION = re.compile(r"\b(?:option|may\s+(?:be\s+)?(?:renew|extend)|right\s+to\s+(?:renew|extend)|mutual(?:ly)?|"
                     r"(?:elect|wish|desire|intends?)\s+to\s+(?:renew|extend)|notice\s+(?:of\s+its\s+intent(?:ion)?\s+)?"
                     r"to\s+(?:renew|extend)|negotiat|agree\s+(?:in\s+writing\s+)?to\s+(?:renew|extend)|"
                     r"upon\s+(?:the\s+)?(?:written\s+)?(?:agreement|consent)|request|renewable(?!\s+automatically)|if\s+(?:you|the\s+\w+)\s+"
                     r"(?:ha(?:s|ve)\s+)?(?:compl|meet|satisf))", _I)
_MUTUAL = re.compile(r"\bmutual(?:ly)?\b|\bagreement\s+of\s+(?:both|the)\s+parties|\bboth\s+parties\s+agree|"
                     r"\bnegotiat", _I)
_NEGATED = re.compile(r"(?:not\s+to|non-?|intent(?:ion)?\s+not\s+to|elect\s+not\s+to)\s*$", _I)
_AUTOMATIC = re.compile(r"\b(?:automatic(?:ally)?|year[\s-]to[\s-]year|(?:shall|will)\s+(?:thereafter\s+)?"
                        r"(?:be\s+)?(?:renew|extend|continue)|(?:renews|extends|continues)\b|unless\s+(?:either|a|one|"
                        r"the|such|any)\b[^.]{0,80}\bnotice|unless\s+(?:sooner\s+)?terminated|successive)", _I)
# a right not to renew means it renews otherwise ("either party may elect not to renew"): weaker than the words
_IMPLIED = re.compile(r"\b(?:elect|decide|wish|desire|intend)\w*\s+not\s+to\s+(?:renew|extend)|"
                      r"\bnotice\s+of\s+non-?\s?renewal", _I)
_EVERGREEN = re.compile(r"\b(?:continue|remain)\w*\s+(?:in\s+(?:full\s+)?(?:force\s+and\s+)?effect\s+)?thereafter"
                        r"[^.]{0,60}until\s+terminated|thereafter\s+(?:shall\s+)?(?:continue|remain)[^.]{0,80}until\s+"
                        r"(?:terminated|either)|\b(?:renew|extend)\w*\s+for\s+an?\s+(?:indefinite|unlimited|unspecified)\s+"
                        r"period", _I)
# "until terminated" in its usual wordings: "continue in force unless and until terminated", "remain in effect until
# such time as it is terminated", "until termination pursuant to Section 12" (not "termination of the License")
_PERPETUAL = re.compile(r"\bperpetu(?:al(?:ly)?|ity)\b|\bindefinite(?:ly)?\b|\bunlimited\s+(?:period|duration|term)\b|"
                        r"\b(?:(?:continue|remain)\w*\s+(?:in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+)?|"
                        r"be\s+(?:effective|valid|in\s+(?:full\s+)?(?:force|effect))\s+)(?:unless\s+and\s+)?until\s+"
                        r"(?:such\s+time\s+as\s+)?(?:(?:it|this\s+agreement|the\s+agreement)\s+is\s+)?"
                        r"(?:terminated|termination\b(?!\s+of\s+(?!this\s+agreement))|either\s+party\s+terminates)", _I)
_SAME_LENGTH = re.compile(r"\b(?:same|equal|like|identical)\s+(?:duration|periods?|length|term)\b|\blike\s+terms\b|"
                          r"equal\s+(?:in\s+length\s+)?to\s+the\s+initial\s+term", _I)
_NOTICE_AFTER = re.compile(r"^'?s?\W{0,3}(?:(?:calendar|business|days?|months?)\s+)?(?:prior|before|"
                           r"in\s+advance|advance|(?:prior\s+)?(?:written\s+)?(?:notice|notification)|"
                           r"following\s+(?:receipt|notice))", _I)
_NOTICE_BEFORE = re.compile(r"(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than|within|"
                            r"upon|with|giving|minimum\s+of|provides?|gives?|on)\s+(?:a\s+period\s+of\s+|\w+\s+)?$", _I)
_PAYABLE = re.compile(r"\b(?:payable|paid|invoiced?)\b", _I)  # "payable in full within thirty (30) days thereof"
_NOTICE_WORD = re.compile(r"\bnotic|\bnotif|\bwritten\s+(?:election|request)", _I)
_END_OF_TERM = re.compile(r"\bnon-?\s?renew|\bnot\s+(?:to\s+)?(?:renew|extend)|\b(?:expiration|expiry|end)\s+of\s+"
                          r"(?:the\s+|such\s+|any\s+|each\s+|this\s+)?(?:then[\s-]current\s+|current\s+|initial\s+|renewal\s+)?"
                          r"(?:term|period|agreement)", _I)
_CONVENIENCE = re.compile(r"\b(?:for\s+(?:its\s+)?convenience|without\s+cause|for\s+any\s+(?:or\s+no\s+)?reason|"
                          r"at\s+any\s+time|with\s+or\s+without\s+cause|at\s+will|for\s+no\s+reason)\b", _I)
_TERMINATE = re.compile(r"\bterminat\w*\b", _I)
_TERM_START = re.compile(r"\b(?:(?:initial\s+)?term\s+of\s+(?:this|the)\s+(?:agreement|contract|license)|"
                         r"(?:this|the)\s+(?:agreement|contract)\s+(?:shall|will)|initial\s+term|term\s+(?:hereof|shall|"
                         r"will|is)|for\s+a\s+(?:period|term)\s+of|(?:remain|continue|be)\s+in\s+(?:full\s+)?"
                         r"(?:force|effect)|(?:period|term)\s+of|valid\s+for|continue\s+for|commenc|shall\s+be\s+for|"
                         r"duration\s+of|(?:this|the)\s+(?:agreement|contract)\s+(?:expires|terminates|ends|lasts|runs))",
                         _I)
_NOT_INITIAL = re.compile(r"\b(?:renew\w*|extend\w*|extension|surviv\w*|after\s+(?:the\s+)?(?:expiration|"
                          r"termination)|following\s+(?:the\s+)?(?:expiration|termination)|notice|warrant\w*|"
                          r"confidential\w*|non-?compet\w*|royalt\w*|payment|pay|invoice|cure|post-?term|"
                          r"during\s+the\s+term)",
                          _I)
_END_BEFORE = re.compile(r"\b(?:expire|expires|expiring|terminate|terminates|terminating|end|ends|ending|until|till|"
                         r"through|thru|continue|remain|to\s+and\s+including)\b[^.;]{0,60}?\b(?:on|until|till|through|thru|"
                         r"to|of|upon|at)?\s*(?:and\s+including\s+)?(?:the\s+)?(?:close\s+of\s+business\s+on\s+)?"
                         # a time of day: "until midnight, December 31", "until 11:59 p.m. (Eastern time) on"
                         r"(?:(?:midnight|noon|\d{1,2}(?::\d\d)?\s*[ap]\.?\s?m\.?)"
                         r"(?:\s*\(?[A-Za-z ]{1,20}time\)?)?,?\s*(?:on\s+)?(?:the\s+)?)?"
                         r"(?:(?:later|earlier|sooner|first)\s+(?:to\s+occur\s+)?of\s*:?\s*(?:\(\w{1,3}\)\s*)?)?$"
                         r"|\d{4}\s*(?:to|through|thru|until|-)\s*$|\bfrom\s+(?:the\s+)?(?:effective\s+date|date\s+(?:hereof|"
                         r"of\s+(?:this\s+agreement|execution|signing))|commencement\s+date|execution\s+date)\s+"
                         r"(?:to|through|thru|until)\s*$"
                         r"|\b(?:expiration|termination|end)\s+date\s*:\s*$", _I)
_START_BEFORE = re.compile(r"\b(?:commenc\w*|begin\w*|effective|start\w*|from|as\s+of|dated)\b[^.;]{0,30}$", _I)
_START_JUST_BEFORE = re.compile(r"(?<!\bend\s)(?<!\bends\s)(?<!expire\s)(?<!expires\s)(?<!terminate\s)"
                                r"\b(?:commenc\w*|begin\w*|effective|start\w*|from|as\s+of|dated)\s+"
                                r"(?:on\s+|as\s+of\s+)?(?:the\s+)?$", _I)
# The contract's own term, not "a term of exclusivity" or "a term of imprisonment".
_THIS_TERM = re.compile(r"\b(?:this\s+(?:agreement|contract|license)|the\s+(?:agreement|contract)|initial\s+term|"
                        r"the\s+\"?term\b|term\s+(?:of\s+this|hereof)|\"term\")|"
                        # a defined name of the term: "the Cooperation Term", "the Contract Term" (not a renewal's)
                        r"(?-i:\b[Tt]he\s+(?!Renewal|Extension|Extended|Additional|Payment|Warranty|Royalty|Exclusivity|"
                        r"Notice|Cure)[A-Z][a-z]+\s+Term\b)", _I)
_TERMISH = re.compile(_THIS_TERM.pattern + r"|\b(?:effective|expiration)\s+date\b", _I)
_OTHER_SUBJECT = re.compile(r"\b(?:right|license|licence|rights|exclusivity|obligations?|offer|price|prices|"
                            r"pricing|rates?|fees?|warranty|guarantee)\s+(?:\w+\s+){0,8}?(?:until|through|to)\s*$", _I)
_DEFINITION = re.compile(r"^\W*(?:[\d.]+\s+)?(?:Section\s+[\d.]+\s+)?\"[^\"]{2,40}\"\s+(?:shall\s+)?means?\b", _I)
_PART_OF_TERM = re.compile(r"\b(?:within|first|during|last|each|every|additional|further|renewal|extension|"
                           r"successive|subsequent|up\s+to)\b[^,;]*$", _I)
_AFTER_END = re.compile(r"^[^.;]{0,25}\b(?:after|following|from|beyond)\s+(?:the\s+|its\s+|any\s+|such\s+)?"
                        r"(?:date\s+of\s+|effective\s+date\s+of\s+)?(?:termination|expiration|expiry)", _I)
# the length of an extension or a renewal, not of the initial term: "such twelve (12)-month extension"
# "thereafter" continues after the term ("and thereafter for one-year periods"), unless it follows the start
# ("shall be effective on the Effective Date and shall continue thereafter for a term of two (2) years")
_THEREAFTER = re.compile(r"\bthereafter\b(?![^.;]*\bthereafter\b)", _I)
_STARTS = re.compile(r"\b(?:commenc\w*|effective|begin\w*|start\w*|come\s+into\s+force|execution|signing)\b", _I)
# in a term section the contract may be "It": "It shall be effective on 06 October 2000 and shall have a duration"
_IT = re.compile(r"^\W*(?:[\d.]+\s+)?It\s+(?:shall|will|is)\b")
_NAMES_EXTENSION = re.compile(r"^\W{0,3}(?:(?:term|period)\s+)?(?:extension|renewal|extended|additional)\b", _I)
_UNIT_ALIAS = re.compile(r"\b(?:contract|agreement|lease|license|sponsorship)\s+(years?|months?)\b", _I)
_CARDINAL = re.compile(r"\b(?P<card>one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|\d{1,2})\s*"
                       r"(?:\(\d+\)\s*)?-?\s*years?\s+anniversary", _I)
_CARDINALS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "fifteen": 15, "twenty": 20}
_ANNIVERSARY = re.compile(r"\b(?P<ord>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                          r"fifteenth|twentieth|\d{1,2}(?:st|nd|rd|th))\s*(?:\(\d+(?:st|nd|rd|th)?\)\s*)?"
                          r"(?:year\s+)?anniversary", _I)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10, "fifteenth": 15, "twentieth": 20}


def is_renewal_sentence(text: str) -> bool:
    """The sentence is about renewing or extending the contract's term (not a policy or a payment)."""
    return bool(RENEWAL.search(_INCIDENTAL.sub(" ", text)) and _AGREEMENT.search(text)) and not _NOT_TERM.search(text) \
        and not renews_another_instrument(text)


def renewal_type(text: str) -> str | None:
    """automatic / option / evergreen for a renewal sentence, "none" for a renewal only by mutual agreement;
    None when it does not say."""
    if _EVERGREEN.search(text):
        return "evergreen"
    if not is_renewal_sentence(text):
        return None
    if _MUTUAL.search(text):
        return "none"  # "may be renewed by mutual agreement" grants nothing: any contract can be
    if _OPTION.search(text):
        return "option"
    if _AUTOMATIC.search(text) or _IMPLIED.search(text):
        return "automatic"
    return None


def states_automatic(text: str) -> bool:
    """The sentence says in words that the contract renews by itself (not only that a party may stop it)."""
    return bool(_AUTOMATIC.search(text))


def _is_notice(text: str, start: int, end: int) -> bool:
    return bool(_NOTICE_AFTER.search(text[end:end + 40]) or _NOTICE_BEFORE.search(text[max(0, start - 30):start]))


def renewal_period(text: str, initial: Period | None) -> Period | None:
    """The length of one renewal stated in a renewal sentence."""
    blanked = _INCIDENTAL.sub(lambda m: " " * len(m.group()), text)
    anchor = next((m for m in RENEWAL.finditer(blanked)
                   if not _NEGATED.search(blanked[max(0, m.start() - 25):m.start()])), None)
    if anchor is None:
        return None
    if _SAME_LENGTH.search(text) and initial is not None:
        return initial
    periods = [(p, s, e) for p, s, e in find_periods(text) if not _is_notice(text, s, e)]
    after = [p for p, s, _ in periods if s >= anchor.start()]
    if after:
        return after[0]
    implied = implied_period(text[anchor.start():])
    if implied is not None or not periods:
        return implied
    before = periods[-1][0]
    return None if initial is not None and before == initial else before


def notice_to_stop_renewal(text: str) -> Period | None:
    """The notice a party must give to stop a renewal ("at least ninety (90) days prior to the end of the term")."""
    if not (_NOTICE_WORD.search(text) or re.search(r"\bprior\s+to|\bbefore\b", text, _I)):
        return None
    # not a payment or an insurance policy ("payable within thirty (30) days of expiration")
    if _NOT_TERM.search(text) or _PAYABLE.search(text):
        return None
    # an evergreen sentence is its own renewal: "continues thereafter until terminated on 30 days' notice"
    if not (is_renewal_sentence(text) or _EVERGREEN.search(text) or _END_OF_TERM.search(text)):
        return None
    for period, start, end in find_periods(text):
        if _is_notice(text, start, end) and (period.unit != "Y" or period.amount <= 2):
            return period
    return None


def convenience_notice(text: str) -> Period | None:
    """Notice for termination without cause ("may terminate this Agreement at any time upon 30 days' notice")."""
    if not (_TERMINATE.search(text) and _CONVENIENCE.search(text) and _NOTICE_WORD.search(text)):
        return None
    for period, start, end in find_periods(text):
        if _is_notice(text, start, end) and period.unit in "DWM":
            return period
    return None


def _after_the_term(before: str) -> bool:
    """The length follows "thereafter" that counts from the term's end, not from its start."""
    then = _THEREAFTER.search(before)
    return bool(then) and not _STARTS.search(before[:then.start()])


def initial_term(text: str, in_term_section: bool = False) -> Period | None:
    """The initial term's length ("shall continue for a period of five (5) years from the Effective Date");
    a stated period wins over an anniversary ("ten (10) years ..., provided that after the 7th anniversary").
    `in_term_section`: the sentence is in the term's own section, where "It shall ..." is the contract."""
    text = units(text)
    subject = _THIS_TERM.search(text) or (in_term_section and _IT.match(text))
    if _DEFINITION.search(text) or not subject or _NOT_TERM.search(text):
        return None
    cue = _TERM_START.search(text)
    if cue is not None:
        for period, start, end in find_periods(text):
            before, after = text[max(0, start - 120):start], text[end:end + 60]
            if start < cue.start() - 40 or _NOT_INITIAL.search(before) or _after_the_term(before) \
                    or _NOTICE_AFTER.search(after) \
                    or _PART_OF_TERM.search(text[max(0, start - 40):start]) or _AFTER_END.search(after) \
                    or _NAMES_EXTENSION.search(after):
                continue
            if period.unit in "YM" or (period.unit == "D" and period.amount >= 365):
                return period
    anniversary = _ANNIVERSARY.search(text) or _CARDINAL.search(text)
    window = _INCIDENTAL.sub(" ", text[max(0, anniversary.start() - 80):anniversary.start()]) if anniversary else ""
    if anniversary and cue is not None and not _NOT_INITIAL.search(window) and not _after_the_term(window):
        word = (anniversary.groupdict().get("ord") or anniversary.groupdict().get("card") or "").lower()
        return Period(_ORDINALS.get(word) or _CARDINALS.get(word) or int(re.sub(r"\D", "", word)), "Y")
    return None


def units(text: str) -> str:
    """"ten (10) Contract Years" read as "ten (10) Years" (same length, so spans stay valid)."""
    return _UNIT_ALIAS.sub(lambda m: " " * (len(m.group()) - len(m.group(1))) + m.group(1), text)


def start_date(text: str) -> date | None:
    """A date the sentence says the term starts on ("commence on January 1, 2010")."""
    for hit in find_dates(text):
        if _START_BEFORE.search(text[max(0, hit.start - 60):hit.start]):
            return hit.value
    return None


def end_date(text: str) -> date | None:
    """A date the sentence says the term ends on ("shall terminate on June 30, 2010")."""
    if not _TERMISH.search(text) or _DEFINITION.search(text):
        return None
    for hit in find_dates(text):
        before = text[max(0, hit.start - 80):hit.start]
        # the term (or the agreement) is what ends, not "the license to distribute the Game until <date>"
        if _END_BEFORE.search(before) and not _START_JUST_BEFORE.search(before) \
                and not (_OTHER_SUBJECT.search(before) and not _THIS_TERM.search(before)):
            return hit.value
    return None


def is_perpetual(text: str) -> bool:
    """The sentence says the contract runs without a fixed end (about the agreement itself, not a license
    or an obligation that survives it)."""
    if not (_PERPETUAL.search(text) and _AGREEMENT.search(text)):
        return False
    # the agreement (or its license grant) as the subject, not "the obligations contained in this Agreement"
    itself = re.search(r"(?:(?<!under\s)(?<!of\s)(?<!in\s)(?<!to\s)(?<!by\s)\bthis\s+agreement|"
                       r"^\W*(?:[\d.]+\s+)?the\s+licen[cs]es?\s+granted)\b[^.]{0,80}\b(?:shall|will)\s+"
                       r"(?:remain|continue)", text, _I)
    return bool(itself) or not re.search(r"licen[cs]e|confidential|surviv|obligation", text, _I)


_YEAR_END = re.compile(r"\buntil\s+(?:the\s+)?end\s+of\s+(?:the|such|that)\s+(?:current\s+|then[\s-]current\s+)?"
                       r"calendar\s+year\b", _I)
_LAST_DAY = re.compile(rf"\blast\s+day\s+(?:of|in)\s+(?P<month>{MONTH_NAME_PATTERN}),?\s+(?P<year>(?:19|20)\d\d)\b", _I)


def calendar_end(text: str, start: date | None) -> date | None:
    """An end stated without a day: "until the end of the current calendar year" (of the start), "the last
    day in February, 2023"."""
    if not _THIS_TERM.search(text):
        return None
    if (match := _LAST_DAY.search(text)) is not None:
        year, month = int(match["year"]), _MONTH_NUMBERS[match["month"].lower()]
        return date(year, month, calendar.monthrange(year, month)[1])
    if start is not None and _YEAR_END.search(text):
        return date(start.year, 12, 31)
    return None
