"""The renewal keys (graph.query.renewal_keys): every contract whose next renewal or notice deadline lies in a window
has its key among the window's days (random facts, the pure functions as the oracle), the stored keys are the ones
the facts give after every writer, and the backfill gives a database without them the same keys."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.query import renewal_keys
from graph.query.renewal_dates import deadlines, from_row
from graph.server.db import read, write
from graph.store.schema import BACKFILL_RENEWAL_KEYS, write_in_batches
from tests.integration.test_renewal_filters import _as_map, rows

KEYS = (f"UNWIND $rows AS c RETURN c.i AS i, {renewal_keys.RENEWAL_DOY} AS renewal_doy, "
        f"{renewal_keys.NOTICE_DOY} AS notice_doy ORDER BY i")
# Contracts whose stored keys are not the ones their stored facts give (null where one should be, or another).
STALE_KEYS = f"""MATCH (c:Contract)
WITH c, {renewal_keys.RENEWAL_DOY} AS renewal_doy, {renewal_keys.NOTICE_DOY} AS notice_doy
WHERE coalesce(c.renewal_doy, -1) <> coalesce(renewal_doy, -1) OR coalesce(c.notice_doy, -1) <> coalesce(notice_doy, -1)
RETURN count(c) AS n"""
STORED_KEYS = "MATCH (c:Contract) RETURN c.file_id AS id, c.renewal_doy AS r, c.notice_doy AS n ORDER BY id"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows, st.dates(date(1990, 1, 1), date(2040, 12, 31)), st.integers(0, 400), st.integers(0, 360))
def test_a_date_in_the_window_has_its_key_among_the_windows_days(driver, facts, as_of, start, length):
    low, high = as_of + timedelta(days=start), as_of + timedelta(days=start + length)
    days = renewal_keys.window_days(low, high)
    maps = [_as_map(i, row) for i, row in enumerate(facts)]
    for m, row in zip(maps, read(driver, KEYS, {"rows": maps}), strict=True):
        want = deadlines(from_row(m), as_of)
        for found, key in ((want.next_renewal, row["renewal_doy"]), (want.next_notice_by, row["notice_doy"])):
            if found is not None:
                assert key is not None, m  # a key exists wherever a date does
                if low <= found <= high and days is not None:
                    assert key in days, (m, found)


def test_keys_of_known_facts(driver):
    """Yearly: the day of the year of the end (of the first deadline); monthly or by days: 0; one-off: the
    deadline's day; a Feb 29 end is day 60; no renewal or no notice: no key."""
    base = {"i": 0, "term_end": date(2021, 3, 1), "renewal_type": "automatic", "renewal_months": 24,
            "renewal_days": None, "notice_months": None, "notice_days": 30}
    cases = [({}, (61, 30)), ({"renewal_months": 6}, (0, 0)), ({"renewal_months": None, "renewal_days": 30}, (0, 0)),
             ({"renewal_type": "none"}, (None, 30)), ({"notice_days": None}, (61, None)),
             ({"term_end": date(2020, 2, 29), "notice_days": None, "notice_months": 1}, (60, 29)),
             ({"renewal_type": "evergreen", "renewal_months": None}, (None, 30)), ({"term_end": None}, (None, None))]
    maps = [{**base, **change, "i": i} for i, (change, _) in enumerate(cases)]
    got = [(r["renewal_doy"], r["notice_doy"]) for r in read(driver, KEYS, {"rows": maps})]
    assert got == [want for _, want in cases]


def test_stored_keys_are_the_facts_keys_and_the_backfill_restores_them(driver):
    """The sample as the loader, `ingest load-texts` and the families wrote it: every key current. Without keys
    (a database from before them), the backfill writes the same keys back, and only where one applies."""
    before = read(driver, STORED_KEYS)
    assert read(driver, STALE_KEYS)[0]["n"] == 0
    assert sum(r["r"] is not None for r in before) > 50 and sum(r["n"] is not None for r in before) > 50
    try:
        write(driver, "MATCH (c:Contract) REMOVE c.renewal_doy, c.notice_doy")
        assert read(driver, STALE_KEYS)[0]["n"] > 50  # the check sees missing keys
        assert write_in_batches(driver, BACKFILL_RENEWAL_KEYS, batch_size=40) == sum(
            (r["r"] is not None) or (r["n"] is not None) for r in before)
    finally:
        write_in_batches(driver, BACKFILL_RENEWAL_KEYS)
    assert read(driver, STORED_KEYS) == before
