"""Dates in a question: years, quarters, halves, months, days in the usual formats, decades, relative periods ('last
year', 'in the next 90 days'), ranges ('between June 1, 2018 and December 31, 2020'), comparisons ('before',
'after', 'since', 'until', 'in or after', '2018 or later') and 'as of <date>'.

Each period is a closed [start, end] interval; the comparison turns it into filter bounds. Whether a bound is on the
signing (effective) date or the end date is read from the nearest verb before it ('signed', 'expire').
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from agent.question.ranges import SHARED, shared_range
from agent.question.renewals import renewal_field
from agent.question.scan import Scan, Span
from core.vocab import MONTH_NUMBERS, MONTH_WORD_PATTERN
from graph.query.filters import date_out_of_range

# A month without a year ('notice deadlines before March') is the next such month after the reference date;
# it is read only for the notice and renewal dates (which lie ahead). 'may' is too often the verb.
BARE_MONTH = "(?:" + "|".join(sorted((m for m in MONTH_NUMBERS if m != "may"), key=len, reverse=True)) + ")"
ORD = r"(?:st|nd|rd|th)?"
YEAR = r"(?:19|20)\d\d"
QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
PERIOD = re.compile(
    rf"{SHARED}|(?P<span_a>{YEAR})-(?P<span_b>{YEAR})|(?P<iso>\d{{4}}-\d{{1,2}}-\d{{1,2}})|(?P<us>\d{{1,2}}/\d{{1,2}}/\d{{4}})"
    rf"|(?P<mdy_m>{MONTH_WORD_PATTERN}) (?P<mdy_d>\d{{1,2}}){ORD} (?P<mdy_y>{YEAR})"
    rf"|(?:the )?(?P<dmy_d>\d{{1,2}}){ORD} (?:of )?(?P<dmy_m>{MONTH_WORD_PATTERN}) (?P<dmy_y>{YEAR})"
    rf"|(?P<my_m>{MONTH_WORD_PATTERN}) (?:of )?(?P<my_y>{YEAR})"
    rf"|q(?P<q>[1-4]) (?:of )?(?P<q_y>{YEAR})|(?P<q_y2>{YEAR}) q(?P<q2>[1-4])"
    rf"|(?:the )?(?P<qn>first|second|third|fourth|1st|2nd|3rd|4th) quarter (?:of )?(?P<qn_y>{YEAR})"
    rf"|(?:the )?(?P<h>first|second) half (?:of )?(?P<h_y>{YEAR})|h(?P<h2>[12]) (?P<h2_y>{YEAR})"
    rf"|(?:the )?(?P<dec>(?:19|20)\d)0s|(?:the )?'?(?P<dec2>[1-9])0s"
    rf"|(?:the )?(?P<rel>last|this|next|previous|past|current|coming) (?P<rel_u>year|month|quarter)"
    rf"|(?:the )?(?P<n_dir>last|past|next|coming|previous|upcoming) (?P<n>\d{{1,4}}) "
    rf"(?P<n_u>days?|weeks?|months?|years?)"
    rf"|(?P<within>within) (?:the next )?(?P<w_n>\d{{1,4}}) (?P<w_u>days?|weeks?|months?|years?)"
    rf"|(?P<today>today)|(?P<year>{YEAR})|(?P<mon>{BARE_MONTH})")

END_WORDS = re.compile(r"^(?:expir\w*|end|ends|ending|ended|terminat\w*|run|runs|running|lapse\w*|due|"
                       r"finish\w*|wrap\w*)$")
EFFECTIVE_WORDS = re.compile(r"^(?:sign\w*|effective|dated|entered|executed|started?|starting|commenc\w*|"
                             r"concluded|made|agreed|begun|began|beginning|created|start)$")
BEFORE = re.compile(r"\b(?:on or before|in or before|before|prior to|earlier than|until|till|through|"
                    r"up to|up until|no later than|by)$")
AFTER = re.compile(r"\b(?:on or after|in or after|after|later than|since|from|starting(?: in| from)?|"
                   r"beginning(?: in)?|as from)$")
NOW = re.compile(r"(?P<today>now|today|the present|present|date)\b")
INCLUSIVE = re.compile(r"\b(?:on|in) or (?:after|before)$")
ONLY_AFTER = re.compile(r"\b(?:after|later than)$")  # strict: the period itself is excluded
ONLY_BEFORE = re.compile(r"\b(?:before|prior to|earlier than)$")
LATER = re.compile(r"^(?:or later|or after|and later|and after|onwards?|and beyond|or more recently)\b")
EARLIER = re.compile(r"^(?:or earlier|or before|and earlier|and before)\b")
PREPOSITION = {"in", "during", "on", "of", "for", "within", "at", "from", "the"}


@dataclass(frozen=True)
class Period:
    start: date
    end: date
    future: bool = False  # a relative period ahead of the reference date ('next 90 days')
    bare_month: bool = False  # a month without a year: only a notice or renewal date


@dataclass
class DateBounds:
    """What the dates of a question set: bounds per field and an `as_of`."""

    effective: list[date | None]
    end: list[date | None]
    as_of: date | None = None
    problems: list[str] = field(default_factory=list)
    notice: list[date | None] = field(default_factory=lambda: [None, None])
    renewal: list[date | None] = field(default_factory=lambda: [None, None])

    def fields(self) -> dict[str, date]:
        names = {"min_effective_date": self.effective[0], "max_effective_date": self.effective[1],
                 "min_end_date": self.end[0], "max_end_date": self.end[1], "as_of": self.as_of,
                 "min_notice_by": self.notice[0], "max_notice_by": self.notice[1],
                 "min_next_renewal": self.renewal[0], "max_next_renewal": self.renewal[1]}
        return {k: v for k, v in names.items() if v is not None}


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _shift(day: date, years: int = 0, months: int = 0) -> date:
    total = day.year * 12 + day.month - 1 + years * 12 + months
    year, month = divmod(total, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _relative(unit: str, word: str, today: date) -> Period:
    step = {"last": -1, "previous": -1, "past": -1, "next": 1, "coming": 1}.get(word, 0)
    if unit == "year":
        return Period(date(today.year + step, 1, 1), date(today.year + step, 12, 31), step > 0)
    if unit == "month":
        first = _shift(today.replace(day=1), months=step)
        return Period(first, _month_end(first.year, first.month), step > 0)
    quarter = (today.month - 1) // 3 + step
    year, q = today.year + quarter // 4, quarter % 4
    return Period(date(year, 3 * q + 1, 1), _month_end(year, 3 * q + 3), step > 0)


def _span_of(count: int, unit: str, direction: str, today: date) -> Period:
    unit = unit.rstrip("s")
    delta = {"day": timedelta(days=count), "week": timedelta(weeks=count)}.get(unit)
    ahead = direction in ("next", "coming", "upcoming", "within")
    if delta is not None:
        return Period(today, today + delta, True) if ahead else Period(today - delta, today)
    months = count * (12 if unit == "year" else 1)
    return Period(today, _shift(today, months=months), True) if ahead else Period(_shift(today, months=-months), today)


def period_of(m: re.Match[str], today: date) -> Period | None:
    """The interval one PERIOD match denotes (None for an impossible date like February 30)."""
    g = m.groupdict()
    try:
        if g["r_y"]:
            y, (m1, d1, m2, d2) = int(g["r_y"]), shared_range(g)
            n1, n2 = MONTH_NUMBERS[m1], MONTH_NUMBERS[m2]
            return Period(date(y, n1, d1 or 1), date(y, n2, d2) if d2 else _month_end(y, n2))
        if g["span_a"]:
            return Period(date(int(g["span_a"]), 1, 1), date(int(g["span_b"]), 12, 31))
        if g["iso"]:
            y, mo, d = (int(x) for x in g["iso"].split("-"))
            return Period(date(y, mo, d), date(y, mo, d))
        if g["us"]:
            mo, d, y = (int(x) for x in g["us"].split("/"))
            return Period(date(y, mo, d), date(y, mo, d))
        for prefix in ("mdy", "dmy"):
            if g[f"{prefix}_m"]:
                day = date(int(g[f"{prefix}_y"]), MONTH_NUMBERS[g[f"{prefix}_m"]], int(g[f"{prefix}_d"]))
                return Period(day, day)
        if g["my_m"]:
            y, mo = int(g["my_y"]), MONTH_NUMBERS[g["my_m"]]
            return Period(date(y, mo, 1), _month_end(y, mo))
        quarter, qyear = (g["q"] or g["q2"], g["q_y"] or g["q_y2"]) if g["q"] or g["q2"] else (None, None)
        if g["qn"]:
            quarter, qyear = QUARTERS[g["qn"]], g["qn_y"]
        if quarter:
            y, q = int(qyear), int(quarter)
            return Period(date(y, 3 * q - 2, 1), _month_end(y, 3 * q))
        if g["h"] or g["h2"]:
            y, h = int(g["h_y"] or g["h2_y"]), 1 if (g["h"] or g["h2"]) in ("first", "1") else 2
            return Period(date(y, 6 * h - 5, 1), _month_end(y, 6 * h))
        if g["dec"] or g["dec2"]:
            start = int(g["dec"]) * 10 if g["dec"] else (1900 if int(g["dec2"]) >= 3 else 2000) + int(g["dec2"]) * 10
            return Period(date(start, 1, 1), date(start + 9, 12, 31))
        if g["rel"]:
            return _relative(g["rel_u"], g["rel"], today)
        if g["n"] or g["w_n"]:
            direction = g["n_dir"] or "within"
            return _span_of(int(g["n"] or g["w_n"]), g["n_u"] or g["w_u"], direction, today)
        if g["today"]:
            return Period(today, today)
        if g["mon"]:
            month = MONTH_NUMBERS[g["mon"]]
            y = today.year if month > today.month else today.year + 1
            return Period(date(y, month, 1), _month_end(y, month), True, True)
        y = int(g["year"])
        return Period(date(y, 1, 1), date(y, 12, 31))
    except (ValueError, OverflowError):  # February 30; 'the next 90 days' from an as-of of 9999-12-31
        return None


def _out_of_range(period: Period) -> str | None:
    """Why a period cannot be searched ('active on 9999-12-31'), or None: the filter's date range."""
    why = date_out_of_range(period.start) or date_out_of_range(period.end)
    return f"the date {why}" if why else None


def _field(scan: Scan, index: int, future: bool) -> tuple[str, int | None]:
    """'end', 'effective', 'notice' or 'renewal' from the nearest verb within five words before `index`, and
    that word's index ('notice due in ...' is a notice deadline, not an end date)."""
    for i in range(index - 1, max(-1, index - 6), -1):
        word = scan.words[i]
        if (kind := renewal_field(scan, i)) is not None:
            return kind, i
        if END_WORDS.match(word):
            return "end", i
        if EFFECTIVE_WORDS.match(word):
            return "effective", i
    return ("end" if future else "effective"), None


def _operator(scan: Scan, span: Span) -> tuple[str, int]:
    """('before' | 'after' | 'strict-before' | 'strict-after' | 'in' | 'as_of', first token of the phrase)."""
    head = " ".join(scan.words[max(0, span.start - 3):span.start])
    size = lambda m: len(m.group(0).split())  # noqa: E731 - a one-line helper
    if head.endswith("as of"):
        return "as_of", span.start - 2
    inclusive = INCLUSIVE.search(head)
    if inclusive and not any(scan.used[span.start - 3:span.start]):
        return ("after" if inclusive.group(0).endswith("after") else "before"), span.start - 3
    for pattern, kind in ((ONLY_BEFORE, "strict-before"), (ONLY_AFTER, "strict-after"), (BEFORE, "before"),
                          (AFTER, "after")):
        m = pattern.search(head)
        if m and not any(scan.used[span.start - size(m):span.start]):
            if kind == "after" and m.group(0) == "from":
                # 'contracts from 2018' is the year 2018; 'starting from' / 'as from' / 'since' are bounds.
                return "in", span.start - 1
            return kind, span.start - size(m)
    return "in", span.start


def _range_end(scan: Scan, span: Span) -> Span | None:
    """The second period of 'between P and P' / 'from P to P' / 'P-P' / 'P to P', when there is one."""
    rest = " ".join(scan.words[span.end:span.end + 1])
    if rest not in ("and", "to", "through", "until", "till", "-", "thru"):
        return None
    rest_text = " ".join(scan.words[span.end + 1:])
    following = PERIOD.match(rest_text) or NOW.match(rest_text)
    if following is None:
        return None
    words = len(following.group(0).split())
    return Span(following, span.end + 1, span.end + 1 + words)


def _as_of(scan: Scan, spans: list[Span], today: date) -> date | None:
    """The question's 'as of' date, read first: relative periods ('the next 90 days') count from it."""
    for span in spans:
        if " ".join(scan.words[max(0, span.start - 2):span.start]) == "as of" and not span.group("mon") \
                and (period := period_of(span.match, today)) is not None and _out_of_range(period) is None:
            return period.start if period.start == period.end else period.end
    return None


def extract_dates(scan: Scan, today: date) -> DateBounds:
    """Consume every date phrase and return the bounds it sets."""
    bounds = DateBounds([None, None], [None, None])
    spans = list(scan.spans(PERIOD))
    today = _as_of(scan, spans, today) or today
    skip: set[int] = set()
    for span in spans:
        if span.start in skip or any(scan.used[span.start:span.end]):
            continue
        period = period_of(span.match, today)
        if period is None or (period.bare_month and _field(scan, span.start, True)[0] not in ("notice", "renewal")):
            continue
        if (why := _out_of_range(period)) is not None:
            bounds.problems.append(why)
            scan.use((span.start, span.end))
            continue
        start, end, last = period.start, period.end, span.end
        second = _range_end(scan, span)
        other = period_of(second.match, today) if second is not None and second.match.re is PERIOD else \
            Period(today, today) if second is not None else None
        if other is not None and (why := _out_of_range(other)) is not None:
            bounds.problems.append(why)
            scan.use((span.start, second.end if second is not None else span.end))
            continue
        if second is not None and other is not None:
            end, last = other.end, second.end
            skip.add(second.start)
        if ((second is not None and other is not None) or span.group("r_y")) and span.start > 0 \
                and scan.words[span.start - 1] in ("between", "from") and not scan.used[span.start - 1]:
            span = Span(span.match, span.start - 1, span.end)
        edge = " ".join(scan.words[max(0, span.start - 3):span.start])
        if edge in ("the end of", "the start of", "the beginning of") and not any(scan.used[span.start - 3:span.start]):
            # 'before the end of 2022' is 'by 2022'; 'after the start of 2019' is 'since 2019'.
            span = Span(span.match, span.start - 3, span.end)
            inclusive_edge = True
        else:
            inclusive_edge = False
        kind, first = _operator(scan, span)
        if inclusive_edge and kind.startswith("strict-"):
            kind = kind.removeprefix("strict-")
        if kind == "in":
            tail = " ".join(scan.words[last:last + 3])
            if (m := LATER.match(tail)) or (m := EARLIER.match(tail)):
                kind = "after" if LATER.match(tail) else "before"
                last += len(m.group(0).split())
        if first > 0 and scan.words[first - 1] in PREPOSITION and not scan.used[first - 1]:
            first -= 1
            if first > 0 and scan.words[first - 1] in PREPOSITION and not scan.used[first - 1]:
                first -= 1
        if kind == "as_of":
            bounds.as_of = start if start == end else end
            scan.use((first, last), f"as of {bounds.as_of.isoformat()}")
            continue
        field, verb = _field(scan, first, period.future)
        low, high = {"before": (None, end), "after": (start, None), "strict-before": (None, start - timedelta(1)),
                     "strict-after": (end + timedelta(1), None), "in": (start, end)}[kind]
        target = {"end": bounds.end, "notice": bounds.notice, "renewal": bounds.renewal}.get(field, bounds.effective)
        if (low is not None and target[0] is not None) or (high is not None and target[1] is not None):
            bounds.problems.append("two periods for the same date (I read one range per date)")
        target[0], target[1] = low if low is not None else target[0], high if high is not None else target[1]
        if verb is not None and not scan.used[verb]:
            scan.use((verb, verb + 1))
        label = {"end": "ends", "notice": "notice deadline", "renewal": "renews next"}.get(field, "signed (effective)")
        shown = " to ".join(d.isoformat() if d else "…" for d in (low, high))
        scan.use((first, last), f"{label} {shown}")
    if bounds.as_of is None and any(bounds.notice + bounds.renewal):
        bounds.as_of = today  # the deadline bounds count from the reference date: the filter says which
    return bounds
