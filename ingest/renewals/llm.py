"""The LLM engine's renewal facts: the same fields as the rules engine (ingest.renewals.extract), each with
the quote the model read it from, located in the document's text to get the evidence.

The model answers through a tool (`RenewalFacts`: expiration date or initial term, renewal type, renewal
term, notice period to stop a renewal, termination-for-convenience notice), each value with a verbatim quote.
A quote is searched in the parsed text with whitespace, case and typographic quotes folded; the evidence is
the sentence (or sentences) of the section it lies in, exactly as the rules engine's evidence, so the stored
rows are the same. A quote that is not in the text is not trusted: that field keeps the rules engine's value,
and a note says so. A reply that fails (the model's error, or output still invalid after one repair) gives
the rules engine's facts for the whole contract with a note; nothing is half-written because the facts are
only returned, and written by the caller in one transaction with the document layer.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, ConfigDict, Field, field_validator

from core.errors import ExtractionError, LLMError
from core.settings import ExtractionConfig
from ingest.document.models import ParsedDocument
from ingest.llm_extract import structured_call
from ingest.renewals import finders
from ingest.renewals.extract import PERPETUAL, Found, RenewalTerms, counted_term, extract_renewals
from ingest.renewals.periods import Period
from ingest.renewals.sentences import STRAIGHT_QUOTES, Evidence, Sentence, document_sentences

log = logging.getLogger(__name__)
UNITS = {"days": "D", "weeks": "W", "months": "M", "years": "Y"}
MIN_QUOTE = 8  # folded characters: shorter quotes ("90 days") could be found anywhere
SYSTEM = """You read a commercial contract's term, renewal and notice provisions for a renewal calendar.
Call the `RenewalFacts` tool exactly once. For every field give the value and `quote`: the sentence of the
contract that states it, copied verbatim (no ellipsis, no paraphrase). Use null when the text does not state
a field. renewal_type: "none" (no renewal, or only by mutual agreement), "automatic" (renews unless a party
gives notice), "option" (a party may elect to renew), "evergreen" (continues after the initial term until
terminated), "perpetual" (no end at all). expiration: the initial term's end date (YYYY-MM-DD) or "perpetual";
initial_term: its length when the text gives a length instead of a date. notice_period: the notice needed to
stop an automatic renewal. convenience_notice: the notice for a termination without cause."""


class QuotedPeriod(BaseModel):
    amount: int = Field(ge=1, le=100_000)
    unit: Literal["days", "weeks", "months", "years"]
    quote: str = Field(min_length=1)


class QuotedDate(BaseModel):
    value: str = Field(description='YYYY-MM-DD, or "perpetual"')
    quote: str = Field(min_length=1)

    @field_validator("value")
    @classmethod
    def _date_or_perpetual(cls, value: str) -> str:
        if value.strip().lower() == PERPETUAL:
            return PERPETUAL
        date.fromisoformat(value.strip())  # raises ValueError: pydantic reports it, the model repairs it
        return value.strip()


class QuotedType(BaseModel):
    value: Literal["none", "automatic", "option", "evergreen", "perpetual"]
    quote: str = Field(min_length=1)


class RenewalFacts(BaseModel):
    """The term, renewal and notice facts of one contract, each with its verbatim quote."""

    model_config = ConfigDict(extra="forbid")  # another tool's arguments are not an empty answer

    expiration: QuotedDate | None = None
    initial_term: QuotedPeriod | None = None
    renewal_type: QuotedType | None = None
    renewal_term: QuotedPeriod | None = None
    notice_period: QuotedPeriod | None = None
    convenience_notice: QuotedPeriod | None = None


@dataclass(frozen=True)
class LLMRenewals:
    """What the LLM engine returns: the facts to store, and what the person should know about them."""

    terms: RenewalTerms
    notes: tuple[str, ...] = ()

    @property
    def note(self) -> str | None:
        return " ".join(self.notes) or None


def _fold(text: str) -> tuple[str, list[int]]:
    """`text` lower-cased with typographic quotes straightened and whitespace runs as one space, and the
    offset in `text` of every folded character."""
    out: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text.translate(STRAIGHT_QUOTES)):
        if ch.isspace():
            if not out or out[-1] == " ":
                continue
            ch = " "
        out.append(ch.lower())
        offsets.append(i)
    return "".join(out), offsets


class Locator:
    """Finds a model's quote in the document's text and returns the evidence of the sentences it lies in."""

    def __init__(self, doc: ParsedDocument, sentences: list[Sentence]) -> None:
        self.doc = doc
        self.folded, self.offsets = _fold(doc.text)
        self.sentences = sorted((s for s in sentences if s.evidence.start is not None),
                                key=lambda s: s.evidence.start or 0)

    def span(self, quote: str) -> tuple[int, int] | None:
        """(start, end) of the quote in the document's text, or None when it is not there."""
        # As given first, then without the quotation marks a model may wrap it in.
        for candidate in (quote, quote.strip().strip("\"'\u201c\u201d")):
            needle = _fold(candidate)[0].strip()
            at = self.folded.find(needle) if len(needle) >= MIN_QUOTE else -1
            if at >= 0:
                return self.offsets[at], self.offsets[at + len(needle) - 1] + 1
        return None

    def evidence(self, quote: str) -> tuple[Evidence, str] | None:
        """The evidence of the sentences the quote covers (in the first one's section) and their text."""
        found = self.span(quote)
        if found is None:
            return None
        start, end = found
        covered = [s for s in self.sentences if (s.evidence.start or 0) < end and (s.evidence.end or 0) > start]
        if not covered:
            text = self.doc.text[start:end]
            return Evidence("", "", None, start, end, " ".join(text.split())), text
        first = covered[0].evidence
        covered = [s for s in covered if s.evidence.section_number == first.section_number]
        first_start, last_end = first.start or start, covered[-1].evidence.end or end
        text = self.doc.text[first_start:last_end]
        return replace(first, end=last_end, quote=" ".join(text.split())), text.translate(STRAIGHT_QUOTES)


def _period(answer: QuotedPeriod) -> Period:
    return Period(answer.amount, UNITS[answer.unit])


def _chosen(doc: ParsedDocument, budget: int) -> str:
    """The text the model reads: all of it within the budget, else the term sections first, then the rest
    in reading order, until the budget is used (a contract's term provisions are rarely long)."""
    if len(doc.text) <= budget:
        return doc.text
    ranked = sorted(doc.sections, key=lambda s: (not any(w in s.title.lower() for w in ("term", "renew")),
                                                   s.ordinal))
    parts, used = [], 0
    for section in ranked:
        if used + len(section.text) > budget:
            continue
        parts.append(section.text)
        used += len(section.text)
    return "\n\n".join(parts)


def ask_model(doc: ParsedDocument, file_id: str, model: BaseChatModel, config: ExtractionConfig) -> RenewalFacts:
    """The model's answer (raises LLMError or ExtractionError)."""
    human = f'Contract file "{file_id}".\n----- BEGIN TEXT -----\n{_chosen(doc, config.budget_chars)}\n' \
            "----- END TEXT -----"
    messages: list[BaseMessage] = [SystemMessage(content=SYSTEM), HumanMessage(content=human)]
    return structured_call(model, RenewalFacts, messages, config, "the renewal terms")


FIELDS = ("expiration", "initial_term", "renewal_type", "renewal_term", "notice_period", "convenience_notice")


Located = tuple[Found[object], str]  # a value with its evidence, and the sentence's text for the finders


def _located(answer: RenewalFacts, locator: Locator, notes: list[str]) -> tuple[dict[str, Located | None], set[str]]:
    """Per field the model's value with the evidence of its quote (None when it says the text is silent),
    and the fields whose quote is not in the text (rejected: the rules engine's value is used)."""
    out: dict[str, Located | None] = {}
    rejected: set[str] = set()
    for name in FIELDS:
        item = getattr(answer, name)
        where = locator.evidence(item.quote) if item is not None else None
        if item is not None and where is None:
            notes.append(f"The model's quote for the {name.replace('_', ' ')} is not in the text; the rules "
                         "engine's value was kept.")
            rejected.add(name)
        if item is None or where is None:
            out[name] = None
            continue
        value: object = _period(item) if isinstance(item, QuotedPeriod) else item.value
        if isinstance(item, QuotedDate) and value != PERPETUAL:
            value = date.fromisoformat(item.value)
        out[name] = (Found(value, where[0]), where[1])
    return out, rejected


def _expiration(fields: dict[str, Located | None], rejected: set[str], rules: RenewalTerms,
                start: date | None) -> RenewalTerms:
    """As the rules engine keeps it: an explicit end date (or perpetual), else start + initial term; the
    rules engine's when the model's quote for either was rejected and it gave no other."""
    if (expiration := fields["expiration"]) is not None:
        return RenewalTerms(expiration=expiration[0], start_date=finders.start_date(expiration[1]) or start)
    if (initial := fields["initial_term"]) is not None:
        term, text = initial
        assert isinstance(term.value, Period)
        return counted_term(term, text, start)  # type: ignore[arg-type]  # as the rules engine counts it
    if rejected & {"expiration", "initial_term"}:
        return RenewalTerms(expiration=rules.expiration, initial_term=rules.initial_term, start_date=rules.start_date,
                            start_unknown=rules.start_unknown, note=rules.note)
    return RenewalTerms(start_date=start)


def _pick(name: str, fields: dict[str, Located | None], rejected: set[str],
          rules: RenewalTerms) -> Found[object] | None:
    if name in rejected:
        return getattr(rules, name)
    entry = fields[name]
    return entry[0] if entry is not None else None


def terms_from_answer(answer: RenewalFacts, doc: ParsedDocument, start: date | None = None) -> LLMRenewals:
    """The model's answer as `RenewalTerms` with located evidence (see the module docstring)."""
    sentences = document_sentences(doc)
    rules = extract_renewals(doc, start, sentences)
    notes: list[str] = []
    fields, rejected = _located(answer, Locator(doc, sentences), notes)
    found = _expiration(fields, rejected, rules, start)
    kind = _pick("renewal_type", fields, rejected, rules)
    if kind is None and found.expiration is not None and found.expiration.value == PERPETUAL:
        kind = Found(PERPETUAL, found.expiration.evidence)
    rolling = kind is not None and kind.value in ("automatic", "evergreen")
    found = replace(found, renewal_type=kind, renewal_term=_pick("renewal_term", fields, rejected, rules),
                    # a notice to stop a renewal only where something renews, as the rules engine keeps it
                    notice_period=_pick("notice_period", fields, rejected, rules) if rolling else None,
                    convenience_notice=_pick("convenience_notice", fields, rejected, rules))
    return LLMRenewals(found, tuple(notes))


def extract_renewals_llm(doc: ParsedDocument, file_id: str, model: BaseChatModel,
                         config: ExtractionConfig | None = None, start: date | None = None) -> LLMRenewals:
    """The LLM engine's renewal facts of one parsed document; the rules engine's, with a note, when the
    model fails or its reply stays invalid. Never raises for the model's behaviour."""
    try:
        answer = ask_model(doc, file_id, model, config or ExtractionConfig.load())
    except (LLMError, ExtractionError) as e:
        log.warning("renewal facts of %s: the model's reply was not usable (%s); rules engine used", file_id, e)
        first = str(e).splitlines()[0]
        return LLMRenewals(extract_renewals(doc, start),
                           (f"The language model's renewal answer was not usable ({first}); the rules engine's "
                            "renewal facts are used instead.",))
    return terms_from_answer(answer, doc, start)
