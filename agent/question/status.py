"""Status questions: the states of graph.query.status in a question, and a date's role as the status's
reference date ('in force on 1 July 2012' is the status on that day, not the signing date).

Runs before `agent.question.dates`. A date is the status date (`as_of`) when a status phrase governs it:
the nearest verb or state word within five words before its preposition is a status phrase, or the date has
no verb of its own and the question has a status phrase elsewhere ('On 1 July 2012, how many contracts were
in force?'). The preposition decides the day:

* 'on', 'at', 'as of', 'as at', 'by', 'in' + one day -> that day;
* 'at/by the start (beginning) of' + a period -> its first day; 'at/by the end of' -> its last day;
* 'as of' + a period -> its last day (as `agent.question.dates` reads 'as of 2015');
* 'on/in/during/at/by' + a longer period ('active in 2012'), or a span ('in force between 2012 and 2014',
  'active since 2012') -> the parser asks which day: the status holds on one date and 'in force in 2012'
  counts differently on 1 January and on 31 December.

'expired' / 'ended' / 'lapsed' are events as well as states: 'expired on 2020-03-01', 'expired in 2020'
and 'expired before 2015' (no auxiliary) stay the end date (`agent.question.dates`); 'had expired on',
'expired by', 'expired as of' and 'expired contracts ... on' are the state. 'terminated' is neither: the
graph records no terminations, so 'terminated contracts' and 'were terminated in 2019' are refused with a
pointer to 'expired' ('terminate before 2022', the future, stays the end date).

States the facets do not read: 'not (yet) started' -> status not_started; 'in the notice window' ->
in_notice_window; 'passed the notice deadline' -> notice_passed; 'unknown status' -> unknown; 'perpetual'
with a status date -> perpetual (alone it keeps its structured meaning, no end date). 'in force', 'active',
'expired' etc. are `agent.question.facets`'s `active`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from agent.question.dates import PERIOD, period_of
from agent.question.facets import ACTIVE, EXPIRED
from agent.question.scan import Scan
from graph.query.filters import date_out_of_range

STATES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(?:(?:has|have|had|is|are|was|were) )?not (?:yet )?(?:started|begun|commenced|"
                r"(?:become )?effective)\b|\byet to (?:start|begin|commence|take effect)\b"), "not_started"),
    (re.compile(r"\bin (?:the |their |its )?notice (?:windows?|periods?)\b"), "in_notice_window"),
    (re.compile(r"\b(?:passed|past|missed) (?:the |their |its )?(?:notice|non-?renewal notice) "
                r"(?:deadlines?|dates?)\b|\bnotice (?:deadlines? )?(?:has |have |had )?(?:already )?passed\b"),
     "notice_passed"),
    (re.compile(r"\b(?:of |with )?(?:an? )?unknown status\b|\bstatus (?:is )?unknown\b"), "unknown"),
]
PERPETUAL = re.compile(r"\bperpetual(?! renew)\b")
STATUS_WORD = re.compile(r"\bstatus(?:es)?\b")  # 'by status', 'status breakdown ... on D'
EVENT_WORDS = frozenset({"expired", "lapsed", "ended"})
AUXILIARY = frozenset({"had", "have", "has", "were", "was", "are", "is", "been", "already"})
OTHER_VERB = re.compile(r"^(?:sign\w*|dated|entered|executed|starting|concluded|made|agreed|began|beginning|"
                        r"created|expir(?:e|es|ing|ation|y)|end|ends|ending|terminat\w*|due|finish\w*|"
                        r"notices?|notify|notification|(?:auto-?)?renew\w*)$")
TERMINATED = re.compile(r"\bterminated (?:contracts?|agreements?|deals?|ones)\b|\b(?:are|is|were|was|been|have|has|"
                        r"had) (?:already )?terminated\b")
EDGE = re.compile(r"(?:at |by |on |as of )?the (?P<edge>start|beginning|end|last day|first day) of$")
PREP = re.compile(r"(?:^| )(?P<prep>as of|as at|on|at|by|in|during|between|from|since|until|till|through|before|"
                  r"after)$")
SPAN_PREPS = frozenset({"between", "from", "since", "until", "till", "through", "before", "after"})
NO_TERMINATIONS = ("the graph records no terminations (early ends), only the end of each term; ask for expired "
                   "contracts (their term ended and they do not renew) or contracts ending in a period")


@dataclass
class StatusDate:
    """What the status pre-pass read: the status date, states it consumed, and why it could not read one."""

    as_of: date | None = None
    states: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    clarify: str | None = None


def _state_positions(scan: Scan) -> set[int]:
    """Token indices of the status phrases (facets' active / expired, the states above, 'perpetual', 'status')
    outside date phrases ('the current year' is a date)."""
    dates = {i for span in scan.spans(PERIOD) for i in range(span.start, span.end)}
    found = set()
    for pattern in (ACTIVE, EXPIRED, PERPETUAL, STATUS_WORD, *(p for p, _ in STATES)):
        for span in scan.spans(pattern):
            found.update(range(span.start, span.end))
    return found - dates


def _governed(scan: Scan, first: int, states: set[int], prep: str, context: bool) -> int | None:
    """The status word governing a date whose phrase starts at `first`: the nearest state word or other verb
    within five words before it decides; with neither, a status word elsewhere in the question, or the previous
    question's status (`context`, index -1), governs a date on one day or in a period, but not a span ('contracts
    from 2019 that are active' are signed in 2019)."""
    for i in range(first - 1, max(-1, first - 6), -1):
        if i in states:
            return i
        if OTHER_VERB.match(scan.words[i]):
            return None
    if prep in SPAN_PREPS:
        return None
    return min(states) if states else -1 if context else None


def _event(scan: Scan, word: int, prep: str, first: int) -> bool:
    """'expired on 2020-03-01' / 'expired in 2020': the end date, not the state (see the module docstring)."""
    if word < 0 or scan.words[word] not in EVENT_WORDS or prep in ("by", "at", "as of", "as at"):
        return False
    between = scan.words[word + 1:first]
    return all(w == "already" for w in between) and (word == 0 or scan.words[word - 1] not in AUXILIARY)


def _day(edge: str | None, prep: str, start: date, end: date) -> date | None:
    """The status date of one period, or None when a longer period or a span ('since', 'between') leaves the
    day open."""
    if prep in SPAN_PREPS:
        return None
    if edge in ("start", "beginning", "first day"):
        return start
    if edge in ("end", "last day"):
        return end
    if start == end:
        return start
    return end if prep in ("as of", "as at") else None


def read_status_date(scan: Scan, today: date, context: bool = False) -> StatusDate:
    """Consume the status date (with its preposition) and the states the facets do not read. `context`: the
    question follows one on the status ('and on 2014-01-01?' is then the status date)."""
    out = StatusDate()
    if TERMINATED.search(scan.text):
        out.problems.append(NO_TERMINATIONS)
    states = _state_positions(scan)
    for span in list(scan.spans(PERIOD)):
        head = " ".join(scan.words[max(0, span.start - 5):span.start])
        edge_m = EDGE.search(head)
        first = span.start - (len(edge_m.group(0).split()) if edge_m else 0)
        prep_m = PREP.search(" ".join(scan.words[max(0, first - 2):first]))
        if prep_m is not None:
            first -= len(prep_m.group("prep").split())
            prep = prep_m.group("prep")
        elif edge_m is not None and edge_m.group(0).startswith(("at", "by", "on", "as")):
            prep = edge_m.group(0).split(" the ")[0]
        elif context:
            prep = "on"  # 'what about 2014-01-01?' after a status question
        else:
            continue
        word = _governed(scan, first, states, prep, context)
        period = period_of(span.match, today)
        if word is None or period is None or _event(scan, word, prep, first) or any(scan.used[first:span.end]):
            continue
        day = _day(edge_m.group("edge") if edge_m else None, prep, period.start, period.end)
        if day is None:
            lead = word if word >= 0 else first
            while lead - 1 in states:
                lead -= 1
            out.clarify = (f"'{scan.phrase(min(lead, first), span.end)}' covers more than one day, and a status is "
                           f"counted on one day (the count on {period.start.isoformat()} may differ from the count "
                           f"on {period.end.isoformat()}). Which day do you mean? Ask e.g. 'on "
                           f"{period.end.isoformat()}' or 'at the start of {scan.phrase(span.start, span.end)}'.")
            scan.use((first, span.end))
            return out
        if (why := date_out_of_range(day)) is not None:
            out.problems.append(f"the date {why}")
            scan.use((first, span.end))
            return out
        out.as_of = day
        scan.use((first, span.end), f"status on {day.isoformat()} (the date of the status, not a signing or "
                                    "end date)")
        break
    for pattern, state in STATES:
        for span in list(scan.spans(pattern)):
            out.states.append(state)
            scan.use(span, f"status {state.replace('_', ' ')}")
    if out.as_of is not None:
        for span in list(scan.spans(PERPETUAL)):
            out.states.append("perpetual")
            scan.use(span, "status perpetual (runs on until terminated)")
    out.states = list(dict.fromkeys(out.states))
    return out
