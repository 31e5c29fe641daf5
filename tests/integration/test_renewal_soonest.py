"""The capped renewal schedule (graph.reads.renewals.soonest): with more matching contracts than the cap, the
rows are the cap soonest deadlines, exactly those an independent Python ordering of every contract's stored
facts puts first; a schedule of exactly the cap is whole; renewal_schedule refuses a truncated one."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from core.errors import ContractGraphError
from graph.query.filters import ContractFilter
from graph.query.renewal_dates import deadlines, from_row
from graph.reads import renewals
from graph.reads.renewals import renewal_schedule, soonest
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
