"""What the question wants done with the matching contracts: count / list (the default), sort, or aggregate.

Aggregations: 'how many ... per/by/each <key>', 'distribution of ... by <key>', 'which <key> has the most',
'most common <key>', 'top 5 <key>'; metrics 'average/total/largest/smallest value', 'average duration'.
Listing: 'largest', 'smallest', 'oldest', 'latest', 'expiring soonest', 'most parties', 'top 10'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agent.question.scan import Scan, Span

KEYS: list[tuple[str, str]] = [
    (r"status(?:es)?", "status"),
    (r"renewal (?:types?|kinds?)", "renewal_type"),
    (r"notice(?: deadline| by)? months?", "notice_month"),
    (r"(?:expiry|expiration|end|ending) years?", "end_year"),
    (r"(?:contract |agreement )?types?|categor(?:y|ies)|kinds?", "contract_type"),
    (r"clause types?|clause categories|clauses?", "clause_type"),
    (r"(?:signing |effective |start )?years?|annually|yearly|annual", "effective_year"),
    (r"(?:signing |effective )?months?|monthly", "effective_month"),
    (r"governing laws?(?: countr(?:y|ies))?(?! states?)|jurisdictions?|countr(?:y|ies)(?: of)? laws?|"
     r"laws?(?! states?)", "governing_law_country"),
    (r"(?:party |parties' |counterparty )?countr(?:y|ies)|nations?|party locations?", "party_country"),
    (r"part(?:y|ies)|compan(?:y|ies)|counterpart(?:y|ies)|vendors?|suppliers?|customers?|partners?", "party"),
]
KEYS_TEXT = [p for p, _ in KEYS]
KEY = "(?P<key>" + "|".join(KEYS_TEXT) + ")"
MOST = r"(?P<dir>most|highest|largest|biggest|greatest|fewest|least|lowest|smallest)"
GROUPS = [
    re.compile(rf"\b(?:(?:breakdown|break down|broken down|distribution|split|spread)(?: of)?(?: [\w-]+){{0,4}}? )?"
               rf"(?:per|by|for each|for every|each|every|across|grouped by|group by|according to|over) "
               rf"(?:the )?(?:contract )?{KEY}\b"),
    # before the generic 'which KEY ... most': 'which clause shows up most often' is a count, not a value
    re.compile(rf"\b(?:which|what) {KEY} (?:shows? up|appears?|occurs?|comes? up) (?:the )?(?P<common>most|least) "
               rf"(?:often|frequently)\b"),
    re.compile(rf"\b(?:which|what) {KEY}(?: [\w-]+){{0,5}}? (?:the )?{MOST}\b"),
    re.compile(rf"\b(?:which|what) {KEY} (?:is|are|was|were) (?:the )?(?P<common>most|least) "
               rf"(?:common|frequent|popular)\b"),
    re.compile(rf"\b(?P<common>most|least) (?:common|frequent|popular) (?:contract )?{KEY}\b"),
    re.compile(rf"\b(?:which|what) {KEY} (?:is|are|was|were) (?:the )?(?P<common>rarest)\b"),
    re.compile(rf"\btop (?P<n>\d{{1,3}}) (?:contract )?{KEY}\b"),
    re.compile(rf"\b(?:distribution|breakdown|split|mix|spread) of (?:the )?(?:contracts? )?(?:by |across )?{KEY}\b"),
    re.compile(rf"\b(?:who|which) (?:are|is) (?:the )?{KEY}(?: [\w-]+){{0,3}}? (?:with|having|that have|that has) "
               rf"(?:the )?{MOST}\b"),
    re.compile(rf"\b{KEY} (?:with|having) the {MOST}\b"),
    re.compile(r"\b(?:what|which) (?:are )?(?:the )?(?:different )?(?:contract )?(?P<key>types|categories|kinds)\b"),
    re.compile(r"\bhow many (?:different )?(?P<key>types|kinds|categories)\b"),
    re.compile(rf"\b{KEY} (?:breakdown|distribution|split|mix)\b"),
    re.compile(r"\b(?:what|which) (?:is|was|are|were) (?:the )?(?P<key>status(?:es)?)\b"),
]
# 'How much are our Cisco agreements worth in total?': the sum over a set (plural), not one contract's value
HOW_MUCH_WORTH = re.compile(r"\bhow much (?:are|were) (?:[\w-]+ ){0,6}?(?:agreements|contracts|deals) worth"
                            r"(?: in total| altogether| combined| overall| together| all together)?\b")
WORTH_WORDS = frozenset("how much are were worth in total altogether combined overall together all".split())
SUM_OF = re.compile(r"\b(?:sum|total) of (?:all |the )?(?:[\w-]+ ){0,3}?(?:values|amounts)\b")
AVERAGE_RANK = re.compile(r"\b(?:most valuable|highest[- ]valued?|largest|biggest|least valuable|lowest[- ]valued?|"
                          r"smallest)(?: [\w-]+){0,3}? on average\b")
METRIC = re.compile(
    r"\b(?P<m>average|avg|mean|typical|total|sum|combined|aggregate|cumulative|largest|biggest|highest|maximum|max|"
    r"smallest|lowest|minimum|min)(?: of)?(?: the)?(?: contract| deal| agreement)? (?P<what>value|values|amount|"
    r"amounts|worth|size|duration|durations|length|term|lifetime)\b")
SORTS = [
    # the number of parties first: 'the largest number of parties' is no ranking by value
    (r"(?:most|largest number of|highest number of|greatest number of) parties", ("party_count", "desc")),
    (r"(?:fewest|smallest number of|lowest number of) parties", ("party_count", "asc")),
    (r"(?:largest|biggest|most valuable|highest[- ]value(?:d)?|priciest|most expensive|worth (?:the )?most|"
     r"(?:bring\w* in|generat\w*|earn\w*|mak\w*) (?:the )?most (?:money|revenue))",
     ("total_amount", "desc")),
    (r"(?:smallest|least valuable|lowest[- ]value(?:d)?|cheapest|worth (?:the )?least)", ("total_amount", "asc")),
    (r"(?:oldest|earliest)(?: signed)?", ("effective_date", "asc")),
    (r"(?:latest|newest|most recent(?:ly signed)?|recent(?:ly signed)?)", ("effective_date", "desc")),
    (r"(?:(?:expir\w*|end(?:s|ing)?|run(?:s|ning)? out|finish\w*|lapse\w*|wrap\w* up) (?:the )?(?:soonest|next|"
     r"first|earliest)|next to expire|"
     r"closest to expir\w*|nearest expiry)", ("end_date", "asc")),
    (r"(?:expir\w* (?:the )?last|latest end dates?|longest[- ]running)", ("end_date", "desc")),
]
SORT = re.compile(r"\b(?:(?:the )?top (?P<n>\d{1,3}) |(?:the )?(?P<n2>\d{1,3}) )?(?P<s>"
                  + "|".join(p for p, _ in SORTS) + r")(?: (?P<n3>\d{1,3}))?\b")
SORT_KEYS = {"end date": "end_date", "expiry": "end_date", "expiry date": "end_date", "expiration date": "end_date",
             "expiration": "end_date", "effective date": "effective_date", "signing date": "effective_date",
             "date": "effective_date", "value": "total_amount", "amount": "total_amount", "size": "total_amount",
             "contract value": "total_amount", "number of parties": "party_count", "parties": "party_count"}
ORDER_BY = re.compile(r"\b(?:sorted|ordered|sort(?:ed)?|order(?:ed)?|ranked|rank)(?: [\w-]+){0,3}? by (?P<key>"
                      + "|".join(sorted(SORT_KEYS, key=len, reverse=True))
                      + r")(?: (?P<dir>asc|ascending|desc|descending))?\b"
                      r"|\bin (?P<dir2>ascending|descending) order of (?P<key2>"
                      + "|".join(sorted(SORT_KEYS, key=len, reverse=True)) + r")\b")
FROM_TO = re.compile(r"\bfrom (?P<a>oldest|newest|earliest|latest|largest|smallest|biggest|cheapest) to "
                     r"(?P<b>oldest|newest|earliest|latest|largest|smallest|biggest|cheapest)\b")
TOP = re.compile(r"\b(?:top|first|list|show(?: me)?|give me) (?:the )?(?P<n>\d{1,3})\b")
HOW_LONG = re.compile(r"\bhow long (?:do|does|did|will) (?:the )?(?:[\w-]+ ){0,4}?(?:last|run|go)(?: for)?"
                      r"(?: on average| typically| usually)?\b")
SINGLE_CONTRACT = re.compile(r"^(?:which|what) (?:contract|agreement|deal)\b")
BY_VALUE = re.compile(r"\b(?:by|in terms of) (?:total )?(?:value|amount|size|contract value)\b")
END_CONTEXT = re.compile(r"\b(?:expir\w*|end|ends|ending|terminat\w*)\b")
NOTICE_CONTEXT = re.compile(r"\b(?:notices?|notice-by)\b")


@dataclass
class Intent:
    fields: dict[str, Any] = field(default_factory=dict)
    whole_set_metric: bool = False  # a metric asked for the whole set ('total value of supply contracts')


def _key(text: str) -> str:
    return next(value for pattern, value in KEYS if re.fullmatch(pattern, text))


VALUE_WORDS = frozenset({"value", "values", "amount", "amounts", "worth"})


def _use_free(scan: Scan, start: int, end: int, meaning: str, keep_values: bool = False) -> None:
    """Consume the free tokens of a span that may run over words other extractors already used. Value words
    stay free: 'distribution of contract values by type' asks for a metric the phrase does not name, and the
    left-over 'values' makes the parser refuse rather than count."""
    free = [i for i in range(start, end) if not scan.used[i] and not (keep_values and scan.words[i] in VALUE_WORDS)]
    for i in free:
        scan.used[i] = True
    if free:
        scan.understood.append((" ".join(scan.original[i] for i in free), meaning))


def _metric(scan: Scan) -> str | None:
    if (worth := next(scan.spans(HOW_MUCH_WORTH, free=False), None)) is not None:
        # only the metric's own words: the set between them ('our Cisco agreements') is the filter's
        own = [i for i in range(worth.start, worth.end) if not scan.used[i] and scan.words[i] in WORTH_WORDS]
        for i in own:
            scan.used[i] = True
        scan.understood.append((" ".join(scan.original[i] for i in own), "metric sum_amount"))
        return "sum_amount"
    if (how_long := next(scan.spans(HOW_LONG, free=False), None)) is not None:
        _use_free(scan, how_long.start, how_long.end, "metric avg_duration_days")
        return "avg_duration_days"
    if (sum_of := next(scan.spans(SUM_OF, free=False), None)) is not None:
        _use_free(scan, sum_of.start, sum_of.end, "metric sum_amount")
        return "sum_amount"
    if (rank := scan.first(AVERAGE_RANK)) is not None:
        scan.use(rank, "metric avg_amount")
        return "avg_amount"
    span = scan.first(METRIC)
    if span is None:
        return None
    if SINGLE_CONTRACT.match(scan.text) and span.group("m") not in ("average", "avg", "mean", "typical", "total",
                                                                    "sum", "combined", "aggregate", "cumulative"):
        return None  # 'which contract has the highest value': a sort, not a metric
    word, what = span.group("m"), span.group("what")
    if what in ("duration", "durations", "length", "term", "lifetime"):
        if word not in ("average", "avg", "mean", "typical"):
            return None
        metric = "avg_duration_days"
    elif word in ("average", "avg", "mean", "typical"):
        metric = "avg_amount"
    elif word in ("total", "sum", "combined", "aggregate", "cumulative"):
        metric = "sum_amount"
    elif word in ("largest", "biggest", "highest", "maximum", "max"):
        metric = "max_amount"
    else:
        metric = "min_amount"
    scan.use(span, f"metric {metric}")
    return metric


def _explicit_order(scan: Scan, out: Intent) -> bool:
    """'sorted by end date', 'in ascending order of value', 'from oldest to newest'."""
    if (span := next(scan.spans(ORDER_BY, free=False), None)) is not None:
        key = SORT_KEYS[span.group("key") or span.group("key2")]
        direction = span.group("dir") or span.group("dir2") or ("desc" if key in ("total_amount", "party_count")
                                                                else "asc")
        order = "asc" if direction.startswith("asc") else "desc"
    elif (span := scan.first(FROM_TO)) is not None:
        first = span.group("a")
        key = "effective_date" if first in ("oldest", "newest", "earliest", "latest") else "total_amount"
        order = "asc" if first in ("oldest", "earliest", "smallest", "cheapest") else "desc"
    else:
        return False
    if key != "effective_date":
        out.fields["sort_by"] = key
    if order == "asc":
        out.fields["sort_order"] = "asc"
    _use_free(scan, span.start, span.end, f"sort by {key} {order}")
    return True


def _group_span(scan: Scan) -> Span | None:
    """The first group phrase whose key words are still free (the rest may overlap other phrases)."""
    for pattern in GROUPS:
        for span in scan.spans(pattern, free=False):
            key_start = scan.token_at(span.match.start("key"))
            key_end = scan.token_at(span.match.end("key") - 1) + 1
            if not any(scan.used[key_start:key_end]):
                return span
    return None


def _end_context(scan: Scan, span: Span) -> bool:
    """'expiry per year' / 'which year saw the most agreements end': the year of the end date. After a
    'which year ...' phrase the verb follows its noun ('... the most agreements end', '... contracts expiring')."""
    after = scan.words[span.end:span.end + 6] if scan.words[span.start] in ("which", "what") else []
    return END_CONTEXT.search(" ".join(scan.before(span.start, 4) + after)) is not None


def _notice_context(scan: Scan, span: Span) -> bool:
    """'notice deadlines by month' / 'which month has the most notice deadlines': the month of the deadline."""
    after = scan.words[span.end:span.end + 3] if scan.words[span.start] in ("which", "what") else []
    return NOTICE_CONTEXT.search(" ".join(scan.before(span.start, 4) + after)) is not None


def _use_end_verb(scan: Scan, span: Span) -> None:
    """The end verb of 'which year saw the most agreements end' / 'agreements expiring per year' is the group
    key's, not a filter."""
    for i in [*range(max(0, span.start - 4), span.start), *range(span.end, min(span.end + 6, len(scan.words)))]:
        if not scan.used[i] and END_CONTEXT.fullmatch(scan.words[i]):
            scan.used[i] = True


def extract_intent(scan: Scan) -> Intent:
    out = Intent()
    metric = _metric(scan)
    span = _group_span(scan)
    if span is not None:
        key = _key(span.group("key"))
        if key == "effective_year" and _end_context(scan, span):
            key = "end_year"
            _use_end_verb(scan, span)
        if key == "effective_month" and _notice_context(scan, span):
            key = "notice_month"
        out.fields["group_by"] = key
        groups = span.match.groupdict()
        if groups.get("dir") in ("fewest", "least", "lowest", "smallest") or \
                groups.get("common") in ("least", "rarest"):
            out.fields["agg_order"] = "asc"
        if groups.get("n"):
            out.fields["agg_limit"] = int(span.group("n"))
        _use_free(scan, span.start, span.end, f"group by {key}", keep_values=True)
    if metric:
        out.fields["metric"] = metric
        out.whole_set_metric = "group_by" not in out.fields
        return out
    if "group_by" in out.fields:
        return out
    if _explicit_order(scan, out):
        return out
    span = scan.first(SORT)
    if span is not None:
        text = span.group("s")
        key, order = next(v for p, v in SORTS if re.fullmatch(p, text))
        if (key, order) != ("effective_date", "desc"):
            out.fields["sort_by"] = key
        if order == "asc":
            out.fields["sort_order"] = "asc"
        n = span.group("n") or span.group("n2") or span.group("n3")
        if n:
            out.fields["limit"] = int(n)
        scan.use(span, f"sort by {key} {order}" + (f", first {n}" if n else ""))
        if (by_value := scan.first(BY_VALUE)) is not None and key == "total_amount":
            scan.use(by_value)
    if "limit" not in out.fields and (top := scan.first(TOP)) is not None:
        out.fields["limit"] = int(top.group("n"))
        scan.use(top, f"first {top.group('n')}")
        if "sort_by" not in out.fields and (by_value := scan.first(BY_VALUE)) is not None:
            out.fields["sort_by"] = "total_amount"  # 'top 3 sponsorship deals by value'
            scan.use(by_value, "sort by total_amount desc")
    return out
