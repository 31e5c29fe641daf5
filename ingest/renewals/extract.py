"""A contract's term, renewal and notice facts from its parsed sections, each with its evidence.

`extract_renewals(doc, start)` reads the sentences of the document's sections, those the CUAD classifier
put in Expiration Date / Renewal Term / Notice Period To Terminate Renewal / Termination For Convenience
first, and keeps the first sentence that states each value:

* expiration: an explicit end date ("shall terminate on June 30, 2010"), else the start plus the initial
  term ("for a period of five (5) years from the Effective Date"; the start is a date the sentence gives,
  else `start`, the contract's effective date), else "perpetual" ("shall continue until terminated");
  a term counted from an event the text does not date has no end, and a `note` says why;
* renewal type: automatic, option (a party's option), evergreen (continues after the initial term until
  terminated), perpetual (no end at all), or none (no renewal, or only by mutual agreement: then the
  sentence is its evidence); with the renewal term. Only sentences with renewal wording about the term
  count (ingest.renewals.wording); recitals ("WHEREAS") are not read;
* the notice period to stop a renewal, and the notice period of a termination for convenience.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from typing import Generic, TypeVar

from ingest.document.models import ParsedDocument
from ingest.renewals import finders
from ingest.renewals.anchors import counts_from_event
from ingest.renewals.named_start import EFFECTIVE, named_start, start_name
from ingest.renewals.periods import Period
from ingest.renewals.renewal_length import defined_renewal_length
from ingest.renewals.sentences import Evidence, Sentence, document_sentences
from ingest.renewals.structure import term_sections
from ingest.rules.term import add_term

T = TypeVar("T")
RENEWAL_TYPES = ("none", "automatic", "option", "evergreen", "perpetual")
PERPETUAL = "perpetual"
# outside the term sections, a length is the contract's term only when the sentence says so in these words
_OWN_TERM = re.compile(r"\b(?:term\s+of\s+(?:this|the)\s+(?:agreement|contract)|initial\s+term|"
                       r"(?:this|the)\s+(?:agreement|contract)\s+(?:shall|will|is)\b[^.;]{0,40}\b(?:for|until|through|"
                       r"remain|continue|expire|terminate|valid|effective|in\s+(?:force|effect))|"
                       r"the\s+\"?term\"?\s+(?:of|shall|will|is|hereof))", re.IGNORECASE)
_RECITAL = re.compile(r"\W*(?:RECITALS?\W+)?(?:[A-Z]\.\s+)?WHEREAS\b")


@dataclass(frozen=True)
class Found(Generic[T]):
    """A value and the sentence it was read from."""

    value: T
    evidence: Evidence


@dataclass(frozen=True)
class RenewalTerms:
    """What the text says about the term; None where it says nothing."""

    expiration: Found[date | str] | None = None   # a date, or "perpetual"
    initial_term: Found[Period] | None = None
    start_date: date | None = None                 # what the initial term counts from
    start_unknown: bool = False                    # it counts from an event the text does not date
    renewal_type: Found[str] | None = None
    renewal_term: Found[Period] | None = None
    notice_period: Found[Period] | None = None
    convenience_notice: Found[Period] | None = None
    note: Found[str] | None = None                 # why a value the text seems to give was left empty

    @property
    def kind(self) -> str:
        """The renewal type, "none" when nothing was found."""
        return self.renewal_type.value if self.renewal_type else "none"


def counted_term(term: Found[Period], text: str, start: date | None) -> RenewalTerms:
    """The initial term read from the sentence `text`, and its end: from a date the sentence gives, else from
    `start`. A term counted from an event the text does not date ("ten years, commencing on the date upon which
    the Company delivers the last Sample") has no end, with a note: the effective date would be a guess."""
    if finders.start_date(text) is None and counts_from_event(text):
        note = Found(f"The initial term ({term.value}) counts from an event the text does not date; no end date "
                     "was computed.", term.evidence)
        return RenewalTerms(initial_term=term, start_unknown=True, note=note)
    begin = finders.start_date(text) or start
    expiration = Found(add_term(begin, term.value.amount, term.value.unit), term.evidence) if begin else None
    return RenewalTerms(expiration=expiration, initial_term=term, start_date=begin)


def _term_start(term: Sentence, sentences: list[Sentence], start: date | None) -> date | None:
    """What the term counts from: a named date its section gives ("The effective date of the start of the Term
    will be from the Launch Date") that the document sets, else `start`. The Effective Date is `start` itself
    (the engine's, or the contract's in the graph), so it is not looked up here."""
    section = [s for s in sentences if s.evidence.section_number == term.evidence.section_number]
    name = start_name([term, *section])
    if name is None or name == EFFECTIVE:
        return start
    return named_start(name, sentences) or start


def _expiration(sentences: list[Sentence], start: date | None, in_term: frozenset[str]) -> RenewalTerms:
    # the term sections first (the outline says where the term is stated), then the rest in the usual order
    sentences = sorted(sentences, key=lambda s: s.evidence.section_number not in in_term)
    for s in sentences:
        if (end := finders.end_date(s.text) or finders.calendar_end(s.text, finders.start_date(s.text) or start)) \
                is not None:
            return RenewalTerms(expiration=Found(end, s.evidence), start_date=finders.start_date(s.text) or start)
        # outside the term sections (when the outline has some), a length is the term's only in the term's words
        own = s.evidence.section_number in in_term or (s.categories and not in_term) or _OWN_TERM.search(s.text)
        if (term := finders.initial_term(s.text, s.evidence.section_number in in_term)) is not None and own:
            return counted_term(Found(term, s.evidence), s.text, _term_start(s, sentences, start))
        if finders.is_perpetual(s.text):
            return RenewalTerms(expiration=Found(PERPETUAL, s.evidence), start_date=start)
    return RenewalTerms(start_date=start)


def renewal_score(kind: str, period: Period | None, text: str, in_term_section: bool) -> int:
    """How much a renewal sentence counts, the highest wins (the first of equals).

    A renewal a party can rely on, stated in words (an automatic renewal that says it renews, an option, an
    evergreen term), beats everything else: a renewal only by mutual agreement grants nothing, and an automatic
    renewal only implied by a right not to renew ("if Converge elects not to renew") is an inference the text
    does not make. Then a sentence that states how long a renewal lasts; then one that states its type in words
    (an automatic renewal over an option, a mutual-agreement sentence over an implied renewal); then one in the
    term's own section."""
    implied = kind == "automatic" and not finders.states_automatic(text)
    relied_on = kind != "none" and not implied
    stated = kind != "option" and not implied
    return 8 * relied_on + 4 * (period is not None) + 2 * stated + in_term_section


def term_sections_of(outline: frozenset[str], found: RenewalTerms) -> frozenset[str]:
    """The contract's term sections, the one notion `_expiration` and `_renewal` share: the outline's
    (`structure.term_sections`), else the section the term was read from (its end, else its length: without an
    effective date, as when the stored facts are built, no end is computed).

    Why the fallback: 200 of the 510 sample texts have no heading that names the term; there `_expiration` reads
    the classified sections, and the section it found the term in is the best guess left. Measured on the 510
    texts (with and without an effective date): outline only, outline else the term's section, and their union
    all pick the same renewal sentence as the old notion (the expiration's section alone), since the point only
    breaks ties; the fallback keeps that point for the contracts without a titled term section."""
    if outline:
        return outline
    read_from = found.expiration or found.initial_term
    return frozenset({read_from.evidence.section_number}) if read_from else frozenset()


def _renewal(sentences: list[Sentence], found: RenewalTerms, term: frozenset[str]) -> RenewalTerms:
    initial = found.initial_term.value if found.initial_term else None
    best: tuple[int, str, Period | None, Sentence] | None = None
    for s in sentences:
        kind = finders.renewal_type(s.text)
        if kind is None:
            continue
        # a renewal by mutual agreement has no term of its own (CUAD's labels disagree on stating one)
        period = finders.renewal_period(s.text, initial) if kind not in ("evergreen", "none") else None
        score = renewal_score(kind, period, s.text, s.evidence.section_number in term)
        if best is None or score > best[0]:
            best = (score, kind, period, s)
    perpetual = found.expiration is not None and found.expiration.value == PERPETUAL
    if best is not None and not (best[1] == "none" and perpetual):
        _, kind, period, s = best
        if period is None and kind in ("automatic", "option") and \
                (defined := defined_renewal_length(sentences, s)) is not None:
            return replace(found, renewal_type=Found(kind, s.evidence),
                           renewal_term=Found(defined[0], defined[1].evidence))
        return replace(found, renewal_type=Found(kind, s.evidence),
                       renewal_term=Found(period, s.evidence) if period else None)
    if perpetual:
        return replace(found, renewal_type=Found(PERPETUAL, found.expiration.evidence))
    return found


def _notices(sentences: list[Sentence], found: RenewalTerms) -> RenewalTerms:
    notice = convenience = None
    # The renewal sentence itself first: "renews ... unless either party gives 90 days' notice".
    ordered = sentences
    if found.renewal_type is not None:
        ordered = [s for s in sentences if s.evidence == found.renewal_type.evidence] + sentences
    for s in ordered:
        if notice is None and found.kind in ("automatic", "evergreen") \
                and (period := finders.notice_to_stop_renewal(s.text)) is not None:
            notice = Found(period, s.evidence)
        if convenience is None and (period := finders.convenience_notice(s.text)) is not None:
            convenience = Found(period, s.evidence)
    return replace(found, notice_period=notice, convenience_notice=convenience)


def extract_renewals(doc: ParsedDocument, start: date | None = None,
                     sentences: list[Sentence] | None = None) -> RenewalTerms:
    """Term, renewal and notice facts of one parsed document; `start` is its effective date when known.
    `sentences`: the document's `document_sentences`, when the caller has them already (they classify every
    section, so computing them once matters)."""
    sentences = document_sentences(doc) if sentences is None else sentences
    # a recital tells the background ("WHEREAS, the Parties wish to extend the term of Schedule 1"), not the terms
    sentences = [s for s in sentences if not _RECITAL.match(s.text)]
    outline = term_sections(doc)
    found = _expiration(sentences, start, outline)
    found = _renewal(sentences, found, term_sections_of(outline, found))
    return _notices(sentences, found)
