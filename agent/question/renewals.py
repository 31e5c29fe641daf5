"""Renewals and notice deadlines in a question: how a contract renews ('auto-renew', 'evergreen', 'renewal
option', 'perpetual renewal') and the words that make a date a notice deadline or a next renewal date.

The dates themselves are read by `agent.question.dates`, which asks `renewal_field` whether the verb before a
date is a notice or a renewal word ('notice due in the next 60 days', 'renew before June 2026'). A renewal
verb that carries a date is the date's ('auto-renew in the next 90 days' sets `max_next_renewal`, which only
automatic renewals have); without a date it names the renewal type.

'perpetual' alone keeps its structured meaning (no end date, `has_end_date=False`); only 'perpetual renewal' /
'renew perpetually' is the text-read renewal type `perpetual`. 'evergreen' is the renewal type `evergreen`
(it runs on after its initial term, which often has an end date).
"""

from __future__ import annotations

import re
from datetime import date

from agent.question.facets import Facets
from agent.question.scan import Scan

RENEW_VERB = re.compile(r"^(?:auto-?)?renew\w*$")
NOTICE_WORD = re.compile(r"^(?:notices?|notify|notification|notice-by)$")
CLAUSE_AFTER = re.compile(r"\b(?:clauses?|provisions?|terms?|language|sections?)\b")
_AUTO = r"(?:auto-?renew\w*|auto renew\w*|automatic(?:ally)? renew\w*|renew\w* automatically|self-renewing)"
RENEWAL_TYPES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"\b{_AUTO}\b"), "automatic"),
    (re.compile(r"\b(?:renewal options?|options? to renew|optional renewals?|renewable at (?:the |a party's |"
                r"our |their |its )?option|renew\w* (?:by|at) (?:the |a party(?:'s)? |our |their |its )?option|"
                # 'renew automatically or by option': the verb is shared with the other renewal type
                r"(?<=\bor )(?:by|at|with an?) (?:the |a party(?:'s)? |our |their |its )?option)\b"),
     "option"),
    (re.compile(r"\bevergreen\b"), "evergreen"),
    (re.compile(r"\b(?:perpetual renewals?|renew\w* perpetually|perpetually renew\w*)\b"), "perpetual"),
]
NOTICE_PHRASE = re.compile(r"\b(?:(?:the )?(?:upcoming |next )?(?:notice(?:-by)?|notices)(?: (?:deadlines?|"
                           r"dates?|due|periods? ends?))?|(?:the )?last day to (?:give|send|serve)|deadlines?|"
                           r"must be (?:given|sent|served)|(?:is |are )?due)\b")
NOTICE_KIND = re.compile(r"\b(?:termination|non-?renewal|renewal|cancellation)(?= notices?\b)")
NOTICE_BOUNDS = ("min_notice_by", "max_notice_by")


def renewal_field(scan: Scan, index: int) -> str | None:
    """'notice' or 'renewal' when the word at `index` makes a following date a notice deadline or a next
    renewal; 'due' / 'deadline' count as notice words only right after 'notice'."""
    word = scan.words[index]
    if NOTICE_WORD.match(word):
        return "notice"
    if RENEW_VERB.match(word) and not CLAUSE_AFTER.match(" ".join(scan.words[index + 1:index + 2])):
        return "renewal"
    if word in ("due", "deadline", "deadlines") and any(NOTICE_WORD.match(v) for v in scan.before(index, 3)):
        return "notice"
    return None


def extract_renewal_types(scan: Scan, out: Facets) -> None:
    """How the contracts renew; 'auto-renewal clauses' stays the extracted clause type. With a notice date,
    'termination notice due in Q1' names the deadline, not the termination clause."""
    if any(k in out.fields for k in NOTICE_BOUNDS):
        for span in list(scan.spans(NOTICE_KIND)):
            scan.use(span)
    found: list[str] = []
    for pattern, value in RENEWAL_TYPES:
        for span in list(scan.spans(pattern)):
            if CLAUSE_AFTER.match(" ".join(scan.words[span.end:span.end + 1])):
                continue
            scan.use(span, f"renewal type {value}")
            found.append(value)
    if found:
        out.fields["renewal_types"] = list(dict.fromkeys(found))


def finish(scan: Scan, out: Facets, today: date) -> None:
    """After the intent: consume the notice words of a notice filter or group, give a notice-month group its
    reference date, and refuse notice or renewal words that set nothing ('supply agreements with a notice
    deadline': any deadline, ever? say when)."""
    notice = any(k in out.fields for k in NOTICE_BOUNDS) or \
        out.fields.get("group_by") == "notice_month"
    if out.fields.get("group_by") == "notice_month":
        out.fields.setdefault("as_of", today)
    for span in list(scan.spans(NOTICE_PHRASE, free=False)) if notice else []:
        for i in range(span.start, span.end):
            scan.used[i] = True  # the date's own meaning already names the notice deadline
    left = [scan.original[i] for i, word in enumerate(scan.words) if not scan.used[i]
            and (NOTICE_WORD.match(word) or (RENEW_VERB.match(word) and word != "renewal"))]
    as_of = out.fields.get("as_of", today)
    past = [k for k in ("max_notice_by", "max_next_renewal") if k in out.fields and out.fields[k] < as_of]
    if past:
        # The filter holds the NEXT deadline or renewal on or after as_of: a past period would count nothing.
        out.problems.append(f"the next {'notice deadline' if 'notice' in past[0] else 'renewal'} is on or after "
                            f"the as-of date ({as_of.isoformat()}); I can't count past ones (ask 'as of' an "
                            "earlier date)")
    if left:
        out.problems.append(f"I read '{left[0]}' only with a date range (e.g. 'notice deadlines in the next 90 "
                            "days', 'renew before June 2026') or a renewal type (automatic, option, evergreen)")
