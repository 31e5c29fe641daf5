"""The capped renewal schedule (graph.reads.renewals.soonest): with more matching contracts than the cap, the
rows are the cap soonest deadlines, exactly those an independent Python ordering of every contract's stored
facts puts first; a schedule of exactly the cap is whole; renewal_schedule refuses a truncated one.
The list's counts per cut (`within`, the Overview's 30 / 60 / 90-day counts when the list is cut) equal the same
independent computation and the compiler's count of each horizon's own filter, beside the same rows."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from core.errors import ContractGraphError
from graph.query.filters import ContractFilter
from graph.query.renewal_dates import deadlines, from_row
from graph.reads import renewals
from graph.reads.renewals import horizons_schedule_tail, renewal_schedule, soonest
from graph.reads.repository import search_contracts
from graph.server.db import read

AS_OF = date(2012, 1, 1)
FACTS = ("MATCH (c:Contract) RETURN c.file_id AS file_id, c.renewal_type AS renewal_type, c.term_end AS term_end, "
         "c.renewal_months AS renewal_months, c.renewal_days AS renewal_days, c.notice_months AS notice_months, "
         "c.notice_days AS notice_days, c.convenience_notice_days AS convenience_notice_days")


def expected_order(driver) -> list[str]:
    """Every contract's file id, soonest next notice deadline first, then next renewal, then file id."""
    keyed = []
    for raw in read(driver, FACTS):
        d = deadlines(from_row(raw), AS_OF)
        keyed.append((d.next_notice_by or date.max, d.next_renewal or date.max, raw["file_id"]))
    return [k[2] for k in sorted(keyed)]


def test_the_cap_soonest_are_the_first_of_every_contract(driver):
    order = expected_order(driver)
    assert len(order) > 500
    capped = soonest(driver, ContractFilter(as_of=AS_OF, limit=0), cap=25)
    assert capped.truncated and [r.file_id for r in capped.rows] == order[:25]
    assert capped.rows[0].deadlines.next_notice_by is not None  # the sample has deadlines after 2012-01-01
    whole = soonest(driver, ContractFilter(as_of=AS_OF, limit=0), cap=len(order))
    assert not whole.truncated and [r.file_id for r in whole.rows] == order


def test_a_schedule_of_exactly_the_cap_is_whole(driver, monkeypatch):
    year = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=365), limit=0)
    n = len(renewal_schedule(driver, year))
    assert n > 10
    assert not soonest(driver, year, cap=n).truncated and soonest(driver, year, cap=n - 1).truncated
    monkeypatch.setattr(renewals, "SCHEDULE_CAP", n)
    assert len(renewal_schedule(driver, year)) == n  # the old check refused exactly the cap
    monkeypatch.setattr(renewals, "SCHEDULE_CAP", n - 1)
    with pytest.raises(ContractGraphError, match=f"More than {n - 1:,} contracts match"):
        renewal_schedule(driver, year)


@pytest.mark.parametrize("as_of", [AS_OF, date(2015, 6, 1), date(2030, 1, 1), date(1990, 1, 1)])
def test_horizon_counts_equal_every_contracts_deadlines(driver, as_of: date) -> None:
    nexts = [deadlines(from_row(raw), as_of).next_notice_by for raw in read(driver, FACTS)]
    cuts = tuple(as_of + timedelta(days=d) for d in (30, 60, 90))
    expected = tuple(sum(n is not None and as_of <= n <= cut for n in nexts) for cut in cuts)
    window = ContractFilter(as_of=as_of, min_notice_by=as_of, max_notice_by=cuts[-1], limit=0)
    counted = soonest(driver, window, cap=3, cuts=cuts)
    assert counted.within == expected
    assert counted.rows == soonest(driver, window, cap=3).rows and counted.truncated == (expected[-1] > 3)
    assert expected == tuple(search_contracts(driver, window.model_copy(update={"max_notice_by": cut})).total_count
                             for cut in cuts)
    if as_of == AS_OF:
        assert 0 < expected[0] < expected[1] < expected[2]  # the sample's deadlines spread over the horizons
    if as_of == date(1990, 1, 1):
        assert expected == (0, 0, 0)


def test_the_list_and_its_counts_come_from_one_evaluation_of_each_match() -> None:
    tail = horizons_schedule_tail(2)
    assert tail.count("AS next_notice_by") == 1 and "ORDER BY next_notice_by, next_renewal, c.file_id\n" in tail
    assert ("WITH collect(c) AS ordered, [count(CASE WHEN next_notice_by <= $cuts[0] THEN 1 END), "
            "count(CASE WHEN next_notice_by <= $cuts[1] THEN 1 END)] AS within\n"
            "UNWIND ordered[..$schedule_cap + 1] AS c\nRETURN within, c.file_id AS file_id,") in tail
