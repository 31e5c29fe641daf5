"""Month ranges with one year for both ends (issue 31): 'between May 1 and July 31, 2021', 'from 1 March to
30 June 2018', 'between May and August 2019'. Part of `agent.question.dates.PERIOD`; read only after 'between'
or 'from', where 'may' cannot be the verb and 'March and June 2020' (two months) is not taken for a range."""

from __future__ import annotations

from core.vocab import MONTH_WORD_PATTERN as MONTH

ORD = r"(?:st|nd|rd|th)?"
YEAR = r"(?:19|20)\d\d"
TO = r" (?:and|to|through|thru|until|till|-) "
SHARED = (rf"(?:(?<=between )|(?<=from ))(?:(?P<r_m1>{MONTH}) (?P<r_d1>\d{{1,2}}){ORD}{TO}(?P<r_m2>{MONTH}) "
          rf"(?P<r_d2>\d{{1,2}}){ORD}|(?:the )?(?P<r_d3>\d{{1,2}}){ORD} (?:of )?(?P<r_m3>{MONTH}){TO}(?:the )?"
          rf"(?P<r_d4>\d{{1,2}}){ORD} (?:of )?(?P<r_m4>{MONTH})"
          rf"|(?P<r_m5>{MONTH}){TO}(?P<r_m6>{MONTH})) (?:of )?(?P<r_y>{YEAR})")


def shared_range(g: dict[str, str | None]) -> tuple[str, int | None, str, int | None]:
    """(first month, day, last month, day) of a shared-year range; a month alone has no day."""
    m1, m2 = g["r_m1"] or g["r_m3"] or g["r_m5"], g["r_m2"] or g["r_m4"] or g["r_m6"]
    d1, d2 = g["r_d1"] or g["r_d3"], g["r_d2"] or g["r_d4"]
    return str(m1), int(d1) if d1 else None, str(m2), int(d2) if d2 else None
