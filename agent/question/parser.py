"""The entry point: question + reference date (+ previous filter, + party directory) -> `ParsedQuestion`.

Extractors consume the words they understand in a fixed order (amounts, dates, CUAD clause phrases, governing
law, multi-word party names, contract types, clauses, status, party country, intent, remaining party names).
What is left is judged: negations, actions, unsupported statistics, unknown names and bare group words make
the parser refuse (never a confident wrong number); other left-over words are reported as ignored.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import agent.question.words as w  # not `from agent.question import`: its __init__ imports the parser
from agent.question.amounts import extract_amounts
from agent.question.clause_negation import extract_clause_negations
from agent.question.contract import ContractQuestion, detect
from agent.question.dates import extract_dates
from agent.question.facets import (
    Facets,
    extract_clauses,
    extract_law,
    extract_party_country,
    extract_status,
    extract_types,
)
from agent.question.followup import extract_drops, is_follow_up, merge
from agent.question.intent import extract_intent
from agent.question.leftover import judge_leftover
from agent.question.lexicon import TYPE_PATTERNS
from agent.question.mention import Mention, find_mention
from agent.question.parsed import ParsedQuestion
from agent.question.parties import PartyDirectory, PartyMatch, any_entity, find_parties
from agent.question.renewals import extract_renewal_types
from agent.question.renewals import finish as finish_renewals
from agent.question.scan import Scan, correct, tokenize
from agent.question.status import read_status_date
from agent.question.topic import extract_text
from core.errors import FilterValidationError
from core.untrusted import MAX_QUESTION_CHARS
from graph.query.filters import ContractFilter, parse_filter
from graph.retrieval.text_search import parse_terms, reading

MAX_CANDIDATES = 6
NO_CONTRACT = "I could not tell which contract you mean (name a party of it)"


NUMBER_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
                "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20",
                "thirty": "30", "fifty": "50", "sixty": "60", "ninety": "90", "hundred": "100"}


def make_scan(question: str) -> Scan:
    original = tokenize(question)
    words, corrected = [], {}  # a word repeated in the question is looked up once
    for i, token in enumerate(original):
        lower = NUMBER_WORDS.get(token.lower(), token.lower())
        # A capitalised word inside the sentence is probably a name: never "correct" it into vocabulary.
        name_like = i > 0 and token[:1].isupper()
        if not name_like and lower not in corrected:
            corrected[lower] = correct(lower, w.KNOWN, w.VOCABULARY)
        words.append(lower if name_like else corrected[lower])
    return Scan(original, words)


def _extract(scan: Scan, today: date, directory: PartyDirectory | None, status_context: bool = False,
             ) -> tuple[dict[str, Any], list[str], list[PartyMatch], bool, str | None]:
    facets = Facets()
    if (text := extract_text(scan)) is not None:
        facets.fields["text"] = text
    amounts, problems = extract_amounts(scan)
    facets.fields.update(amounts)
    facets.problems += problems
    # Before the dates: 'in force on D' is the status date, not the signing date.
    status = read_status_date(scan, today, status_context)
    facets.problems += status.problems
    dates = extract_dates(scan, status.as_of or today)
    facets.fields.update(dates.fields())
    facets.problems += dates.problems
    if status.as_of is not None:
        if facets.fields.get("as_of", status.as_of) != status.as_of:
            facets.problems.append("two reference dates (a status holds on one date)")
        facets.fields["as_of"] = status.as_of
    if status.states:
        facets.fields["status"] = status.states
    extract_renewal_types(scan, facets)
    extract_clause_negations(scan, facets)  # 'without a cap on liability': before the positive ones
    extract_clauses(scan, facets, cuad_only=True)
    # Multi-word party names before the law: 'National Football League Alumni - Northern California Chapter'
    # is a party, not California law.
    matches = find_parties(scan, directory, w.FILLER | w.NEGATION, multiword_only=True)
    for m in matches:
        scan.use((m.start, m.end))
    extract_law(scan, facets)
    extract_types(scan, facets)
    extract_clauses(scan, facets)
    extract_status(scan, facets)
    extract_party_country(scan, facets)
    intent = extract_intent(scan)
    facets.fields.update(intent.fields)
    finish_renewals(scan, facets, today)
    if len(facets.fields.get("contract_types", [])) > 1 and "group_by" not in facets.fields \
            and (compare := scan.first(COMPARE)) is not None:
        # 'license vs supply agreements': one count per type, not one count of both.
        facets.fields["group_by"] = "contract_type"
        scan.use(compare, "group by contract_type (a comparison)")
    later = find_parties(scan, directory, w.FILLER | w.NEGATION | w.KNOWN)
    for m in later:
        scan.use((m.start, m.end))
    return facets.fields, facets.problems, matches + later, intent.whole_set_metric, status.clarify


def _party_fields(matches: list[PartyMatch], scan: Scan, parsed: ParsedQuestion) -> list[str]:
    names = []
    for m in sorted(matches, key=lambda m: m.start):
        typed = scan.phrase(m.start, m.end)
        if len(m.parties) > 1 and any_entity(m, scan, typed):
            names.append(typed)
            scan.understood.append((typed, f"any party whose name contains '{typed}' ({len(m.parties)} entities)"))
            if m.end < len(scan.words) and scan.words[m.end] in ("entity", "entities"):
                scan.used[m.end] = True
            continue
        if len(m.parties) == 1:
            names.append(m.parties[0].name)
            how = {"fuzzy": " (closest spelling)", "acronym": " (acronym)"}.get(m.how, "")
            scan.understood.append((typed, f"party {m.parties[0].name}{how}"))
            continue
        shown = [f"{e.name} ({e.contract_count} contract{'s' if e.contract_count != 1 else ''})"
                 for e in m.parties[:MAX_CANDIDATES]]
        more = len(m.parties) - len(shown)
        parsed.candidates = [e.name for e in m.parties[:MAX_CANDIDATES]]
        parsed.clarify = (f"Several parties match '{typed}': " + "; ".join(shown)
                          + (f"; and {more} more" if more > 0 else "") + ". Which one do you mean? "
                          "Ask again with its full name.")
    return names


def _whole_set_key(fields: dict[str, Any]) -> str:
    """A group key with one value over the whole filtered set, so one aggregation row is the answer."""
    if len(fields.get("contract_types", [])) == 1:
        return "contract_type"
    low, high = fields.get("min_effective_date"), fields.get("max_effective_date")
    if low and high and low.year == high.year:
        return "effective_year"
    if fields.get("governing_law_country") and not fields.get("governing_law_state"):
        return "governing_law_country"
    return "contract_type"


COMPARE = re.compile(r"\b(?:compare|compared(?: to| with)?|comparing|comparison(?: of| between)?|versus|vs|"
                     r"against|and how many|respectively)\b")
OVERVIEW = re.compile(r"^(?:please |can you |could you )?(?:give me |show me |i want |i'd like )?(?:an? |the )?"
                      r"(?:overview|summary|rundown)\b|^(?:summari[sz]e|describe|overview)\b")


def _overview(parsed: ParsedQuestion, scan: Scan, previous: ContractFilter | None) -> ParsedQuestion:
    """'Give me an overview of these contracts': the whole set (or the filter in focus) summarised."""
    scan.use((0, len(scan.words)))
    parsed.understood = [(scan.phrase(0, len(scan.words)), "an overview: count, types, top parties, dates")]
    parsed.filter = parse_filter(previous.describe() if previous is not None and parsed.follow_up else {})
    parsed.tool, parsed.overview = "contract_search", True
    return parsed


def _no_subject(scan: Scan) -> bool:
    """No contract noun and no contract type: 'show me the biggest' right after a question refines it."""
    return not any(word in w.CONTRACT_WORDS for word in scan.words) and \
        not any(re.search(p, scan.text) for p, _ in TYPE_PATTERNS)


def _has_subject(scan: Scan, fields: dict[str, Any], follow_up: bool) -> bool:
    return follow_up or bool(fields) or any(word in w.CONTRACT_WORDS for word in scan.words)


def parse_question(question: str, today: date, previous: ContractFilter | None = None,
                   directory: PartyDirectory | None = None, always_refine: bool = False) -> ParsedQuestion:
    """Parse one question. `previous` is the filter of the conversation's last contract_search, refined
    when the question reads as a follow-up (or always, with `always_refine`: a filter in focus)."""
    parsed = _parse(question, today, previous, directory, True, always_refine)
    if parsed.refusal == NO_CONTRACT:
        # 'What is the average contract value...' has the shape of a one-contract question but names no
        # contract: read it as a portfolio question instead.
        return _parse(question, today, previous, directory, False, always_refine)
    return parsed


NOT_A_LIST = ("a full-text search gives the contracts whose text mentions it and their number; I can't group, "
              "total, average or rank them by value")


def _text_search(question: str, mention: Mention, today: date, previous: ContractFilter | None,
                 directory: PartyDirectory | None, always_refine: bool) -> ParsedQuestion:
    """'Which license agreements mention "most favored nation"?': the rest of the question is the scope of a
    full-text search for the mentioned words (agent.question.mention)."""
    parsed = _parse(mention.rest, today, previous, directory, False, always_refine)
    parsed.question = question
    try:
        terms = parse_terms(mention.query)
    except FilterValidationError as e:  # only common words, too many words: the search's own reason
        parsed.refusal, parsed.tool, parsed.filter = str(e), None, None
        return parsed
    parsed.understood.insert(0, (mention.typed, f"{reading(terms)} (full-text search of the contracts' text)"))
    if parsed.refusal or parsed.clarify or parsed.filter is None:
        return parsed
    f = parsed.filter
    if parsed.tool != "contract_search" or parsed.overview or parsed.whole_set_metric \
            or set(f.describe()) & {"group_by", "metric", "sort_by", "sort_order"}:
        parsed.refusal, parsed.tool, parsed.filter = NOT_A_LIST, None, None
        return parsed
    parsed.tool, parsed.topic = "text_search", mention.query
    return parsed


def _parse(question: str, today: date, previous: ContractFilter | None, directory: PartyDirectory | None,
           contract_level: bool, always_refine: bool) -> ParsedQuestion:
    parsed = ParsedQuestion(question, today=today)
    if len(question) > MAX_QUESTION_CHARS:  # the runner refuses these first; the parser's work stays bounded
        parsed.refusal = f"the question is longer than {MAX_QUESTION_CHARS:,} characters"
        return parsed
    text = " ".join(question.split())
    if not re.search(r"[a-zA-Z]", text):
        parsed.refusal = "the question has no words"
        return parsed
    if contract_level and (mention := find_mention(text)) is not None:
        return _text_search(question, mention, today, previous, directory, always_refine)
    scan = make_scan(text)
    contract: ContractQuestion | None = detect(scan) if contract_level else None
    drops = extract_drops(scan) if previous is not None and contract is None else []
    parsed.follow_up = previous is not None and contract is None and (always_refine or bool(drops)
                                                                      or is_follow_up(scan) or _no_subject(scan))
    if contract is None and OVERVIEW.search(scan.text):
        return _overview(parsed, scan, previous)
    # A follow-up of a status question on a date ('and on 2014-01-01?') dates the status, not the signing.
    status_context = parsed.follow_up and previous is not None and previous.as_of is not None and bool(
        previous.active is not None or previous.status or previous.group_by == "status")
    fields, problems, matches, whole, status_clarify = _extract(scan, today, directory, status_context)
    parties = _party_fields(matches, scan, parsed)
    parsed.clarify = parsed.clarify or status_clarify
    if parties:
        fields["parties"] = parties
    if parsed.follow_up and not always_refine and not (fields or drops) and not is_follow_up(scan):
        parsed.follow_up = False  # 'hello' after a question adds nothing to refine: not a follow-up
    if contract is not None and contract.tool == "contract_details" and not parties and not parsed.clarify:
        parsed.refusal = NO_CONTRACT
        return parsed
    ignored, refusal = judge_leftover(scan)
    parsed.understood, parsed.ignored = list(scan.understood), ignored
    # A negated condition was read as a positive one: offering it in the Explorer would show the opposite.
    negated = any(word in w.NEGATION and not scan.used[i] for i, word in enumerate(scan.words))
    parsed.partial = {} if negated else dict(fields)
    if problems:
        parsed.refusal = problems[0]
    elif refusal:
        parsed.refusal = refusal
    elif parsed.clarify:
        return parsed
    elif (contract is None or contract.tool != "clause_search") and (
            not _has_subject(scan, fields, parsed.follow_up) or (not fields and ignored and not parsed.follow_up)):
        parsed.refusal = "I could not map it onto the contract filter"
    if parsed.refusal:
        return parsed
    if whole:
        fields["group_by"] = _whole_set_key(fields)
        parsed.whole_set_metric = True
    if parsed.follow_up and previous is not None:
        fields = merge(previous.describe(), fields, drops)
    try:
        parsed.filter = parse_filter(fields)
    except FilterValidationError as e:
        parsed.refusal = f"the filter it gives is not valid ({e})"
        return parsed
    if contract is not None:
        parsed.tool, parsed.topic = contract.tool, contract.topic
        if contract.tool == "contract_details" and not parsed.filter.parties:
            parsed.refusal = NO_CONTRACT
            parsed.tool = None
        return parsed
    parsed.tool = "contract_search"
    return parsed
