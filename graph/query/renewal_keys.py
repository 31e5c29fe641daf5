"""Day-of-year keys that let a renewal or notice window start from an index instead of computing every
contract's next date (docs/RENEWALS.md#renewal-keys, docs/PERFORMANCE.md fix 36).

A contract's next renewal and next notice deadline depend on the day asked about, so they cannot be stored. What
can be stored is where in the year they fall. Term k ends at term_end + k x renewal (graph.query.renewal_dates);
when the renewal is a whole number of years (12, 24, 60 months, or 12 by default) every term ends on the same
month and day, give or take the clamp of a month-end (Feb 29 -> Feb 28), and every notice deadline (a term end
minus the notice) on the same month and day within three days (the clamp of a month subtraction, plus a leap
day crossed). A contract that does not roll has one term end and one deadline. So each contract stores:

* `renewal_doy`, rolling contracts with an end (the only ones with a next renewal): the day of the year of its
  initial term end, counted in a leap year (Feb 29 is day 60, Dec 31 day 366), or 0 when the renewal is not a
  whole number of years (months that do not make years, or days): such terms end anywhere in the year;
* `notice_doy`, contracts with an end and a notice period (the only ones with a deadline): the same for its
  first deadline (term end minus notice), 0 when it rolls by a period that is not whole years.

A window shorter than a year minus the margins then needs only the contracts whose key is 0 or one of the days of
the year the window covers, widened by MARGIN_DAYS on each side: `c.notice_doy IN $notice_doys`, a seek of the
range index. The keys only narrow where the exact test looks; the exact date test still decides (tests/
integration/test_renewal_keys.py holds the window with the keys to the pure functions on random facts). They
are written beside the span by graph.store.end_dates.reconcile, which every writer of a term fact calls.
"""

from __future__ import annotations

from datetime import date, timedelta

from graph.query.renewal_dates import DEFAULT_RENEWAL_MONTHS

# Wider than the three days the keys can drift by (see above), so a rounding this module did not foresee still
# lands inside: each day of margin adds about 1% to a 90-day window's candidates, a narrower one could lose one.
MARGIN_DAYS = 7
IRREGULAR = 0  # a rolling contract whose terms do not end on one day of the year
LEAP_YEAR = 2000


def day_of_year(day: date) -> int:
    """`day`'s month and day counted in a leap year: 1 (Jan 1) .. 366 (Dec 31), as the stored keys."""
    return date(LEAP_YEAR, day.month, day.day).timetuple().tm_yday


def window_days(low: date, high: date) -> list[int] | None:
    """The keys a window [low, high] may hold a date of: IRREGULAR and each day of the year from
    `low` - MARGIN_DAYS to `high` + MARGIN_DAYS; None when that is the whole year (no narrowing)."""
    start, end = low - timedelta(days=MARGIN_DAYS), high + timedelta(days=MARGIN_DAYS)
    if (end - start).days >= 365:
        return None
    days = {day_of_year(start + timedelta(days=i)) for i in range((end - start).days + 1)}
    if days & {59, 61}:  # a key of Feb 29 (a leap year's date) stands for Feb 28 / Mar 1 in other years
        days.add(60)
    return [IRREGULAR, *sorted(days)]


def _leap_doy(expr: str) -> str:
    return f"date({{year: {LEAP_YEAR}, month: ({expr}).month, day: ({expr}).day}}).ordinalDay"


# The renewal maths' conventions (graph.query.renewal_dates) over the term facts of `v`, a node or a map variable:
# one definition for the date arithmetic of graph.query.renewal_cypher (over its map `rf`) and for the keys below
# (over the stored properties), which that module's import of this one keeps here.
def rolling(v: str) -> str:
    """Whether the facts roll term after term: automatic, or evergreen with a period (renewal_dates.rolls; null
    when the renewal type is)."""
    return (f"({v}.renewal_type = 'automatic' OR ({v}.renewal_type = 'evergreen' "
            f"AND coalesce({v}.renewal_months, {v}.renewal_days) IS NOT NULL))")


def by_days(v: str) -> str:
    """Whether the renewal is counted in days."""
    return f"{v}.renewal_months IS NULL AND {v}.renewal_days IS NOT NULL"


def renewal_months(v: str) -> str:
    """The renewal in months: 12 when the text states none."""
    return f"coalesce({v}.renewal_months, {DEFAULT_RENEWAL_MONTHS})"


def notice(v: str) -> str:
    """The notice period as a duration (none: zero)."""
    return f"duration({{months: coalesce({v}.notice_months, 0), days: coalesce({v}.notice_days, 0)}})"


_ROLLING = rolling("c")
_WHOLE_YEARS = f"NOT ({by_days('c')}) AND {renewal_months('c')} % 12 = 0"
_HAS_NOTICE = "(c.notice_months IS NOT NULL OR c.notice_days IS NOT NULL)"
_FIRST_DEADLINE = f"c.term_end - {notice('c')}"
RENEWAL_DOY = (f"CASE WHEN c.term_end IS NULL OR NOT coalesce({_ROLLING}, false) THEN null "
               f"WHEN {_WHOLE_YEARS} THEN {_leap_doy('c.term_end')} ELSE {IRREGULAR} END")
NOTICE_DOY = (f"CASE WHEN c.term_end IS NULL OR NOT {_HAS_NOTICE} THEN null "
              f"WHEN coalesce({_ROLLING}, false) AND NOT ({_WHOLE_YEARS}) THEN {IRREGULAR} "
              f"ELSE {_leap_doy(_FIRST_DEADLINE)} END")
SET_KEYS = f"c.renewal_doy = {RENEWAL_DOY}, c.notice_doy = {NOTICE_DOY}"
# A contract the keys were never written for (a database from before them, the bulk import): a key is null only
# when it does not apply, so a missing one shows as a null key beside the facts that make it apply.
MISSING = (f"(c.renewal_doy IS NULL AND c.term_end IS NOT NULL AND coalesce({_ROLLING}, false)) OR "
           f"(c.notice_doy IS NULL AND c.term_end IS NOT NULL AND {_HAS_NOTICE})")
# The seekable tests, and the parameter each reads (a list of keys from window_days).
KEY_TESTS = {"notice_by": ("c.notice_doy IN $notice_doys", "notice_doys"),
             "next_renewal": ("c.renewal_doy IN $renewal_doys", "renewal_doys")}
