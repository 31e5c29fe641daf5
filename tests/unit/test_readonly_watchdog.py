"""The watchdog's report and the timeout message built from it (a fake driver stands in for the server;
tests/integration/test_readonly_hostile.py does the same against Neo4j)."""

from __future__ import annotations

from typing import Any

from neo4j.exceptions import ClientError, ServiceUnavailable

from graph.readonly.guard import timeout_error
from graph.readonly.watchdog import FIND_TAGGED, TERMINATE, StopReport, stop_and_confirm


class Record(dict):
    def data(self) -> dict[str, Any]:
        return dict(self)


class FakeDriver:
    """Lists the tagged transaction for the first `listed` SHOW calls, then nothing."""

    def __init__(self, listed: int, fail: bool = False, slow_shows: int = 0) -> None:
        self.listed, self.fail, self.slow_shows, self.calls = listed, fail, slow_shows, []

    def execute_query(self, query: Any, params: dict[str, Any], database_: str | None = None) -> tuple:
        self.calls.append(query.text)
        if self.fail:
            raise ServiceUnavailable("connection refused")
        if query.text == FIND_TAGGED and self.calls.count(FIND_TAGGED) <= self.slow_shows:
            raise timed_out()
        if query.text == FIND_TAGGED:
            shows = self.calls.count(FIND_TAGGED)
            rows = [Record(transactionId="neo4j-transaction-7", status="Terminated")] if shows <= self.listed else []
            return rows, None, None
        assert query.text == TERMINATE and params == {"ids": ["neo4j-transaction-7"]}
        return [Record(transactionId="neo4j-transaction-7", message="Transaction terminated.")], None, None


def timed_out() -> ClientError:
    """The error the driver raises when a statement exceeds its own transaction timeout."""
    error = ClientError._hydrate_neo4j(code="Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration",
                                       message="The transaction has not completed within the timeout")
    assert isinstance(error, ClientError)
    return error


def test_a_show_transactions_that_times_out_is_asked_again() -> None:
    driver = FakeDriver(listed=3, slow_shows=2)  # listed on the third SHOW, the first answered
    report = stop_and_confirm(driver, "tag", wait_s=5)
    assert report == StopReport(gone=True, terminated=["neo4j-transaction-7"])
    assert driver.calls == [FIND_TAGGED, FIND_TAGGED, FIND_TAGGED, TERMINATE, FIND_TAGGED]


def test_show_transactions_timing_out_until_the_deadline_could_not_be_checked() -> None:
    report = stop_and_confirm(FakeDriver(listed=1, slow_shows=10**6), "tag", wait_s=0.6)
    assert report.gone is None and report.terminated == []
    assert "TransactionTimedOutClientConfiguration" in report.problem
    assert "could not be checked" in str(timeout_error(report, 2))


def test_gone_after_termination_is_stopped_on_the_server() -> None:
    driver = FakeDriver(listed=2)
    report = stop_and_confirm(driver, "tag", wait_s=5)
    assert report == StopReport(gone=True, terminated=["neo4j-transaction-7"])
    assert driver.calls == [FIND_TAGGED, TERMINATE, FIND_TAGGED, FIND_TAGGED]
    assert str(timeout_error(report, 2)) == ("The query exceeded the 2s timeout and was stopped on the server. "
                                             "Narrow it (fewer rows, no cartesian products).")


def test_still_listed_after_the_wait_is_reported_as_still_running() -> None:
    report = stop_and_confirm(FakeDriver(listed=10**6), "tag", wait_s=0.3)
    assert report.gone is False and report.terminated == ["neo4j-transaction-7"]
    assert str(timeout_error(report, 2)) == (
        "The query exceeded the 2s timeout; Neo4j was told to stop it, but its transaction neo4j-transaction-7 "
        "(Terminated) is still running on the server: one expression Neo4j cannot interrupt runs until it ends. "
        "Narrow it (fewer rows, no cartesian products).")


def test_a_server_that_cannot_be_asked_is_not_called_stopped() -> None:
    report = stop_and_confirm(FakeDriver(listed=1, fail=True), "tag", wait_s=1)
    assert report.gone is None and report.problem == "connection refused"
    assert "whether it stopped on the server could not be checked (connection refused)" in str(timeout_error(report, 2))
