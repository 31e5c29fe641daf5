"""Dates in links (issue 27, finding 5): a date the pickers do not offer no longer crashes the Explorer, the
Renewals page or the Overview; the page says which parameter it ignored, and dates inside the range (the
chat's 'signed before 1945' link) open as usual."""

from __future__ import annotations

from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from graph.query.filters import ContractFilter
from graph.reads.repository import count_contracts
from graph.server.config import REPO_ROOT
from tests.app.shown import shown

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
RANGE = "is outside the dates this app handles (1900-01-01 to 2199-12-31)"
IGNORED = "Ignored the date in the link. Invalid link: as_of:"


def _open(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def _messages(at: AppTest) -> list[str]:
    return [shown(e.value) for e in [*at.error, *at.warning]]


def test_explorer_opens_the_chats_signed_before_1945_link(driver) -> None:
    at = _open("pages/portfolio/explorer.py", {"max_effective_date": "1944-12-31"})
    assert _messages(at) == []
    expected = count_contracts(driver, ContractFilter(max_effective_date=date(1944, 12, 31)))
    assert {m.label: m.value for m in at.metric}["Matching contracts"] == f"{expected:,}"


def test_explorer_names_an_out_of_range_as_of() -> None:
    at = _open("pages/portfolio/explorer.py", {"as_of": "9999-12-31", "active": "true"})
    assert _messages(at) == ["The filter in this link is invalid and was ignored. Invalid filter: as_of: "
                             f"9999-12-31 {RANGE}"]


@pytest.mark.parametrize(("page", "value", "message"), [
    ("pages/portfolio/renewals.py", "0001-01-01", f"{IGNORED} 0001-01-01 {RANGE}"),
    ("pages/portfolio/overview.py", "9999-12-31", f"{IGNORED} 9999-12-31 {RANGE}"),
    ("pages/portfolio/overview.py", "31/12/2020",
     f"{IGNORED} '31/12/2020' is not a date (use YYYY-MM-DD)"),
])
def test_as_of_pages_name_the_date_they_ignored(page: str, value: str, message: str) -> None:
    at = _open(page, {"as_of": value})
    assert message in _messages(at)


def test_renewals_opens_a_1989_link_that_its_old_picker_refused() -> None:
    at = _open("pages/portfolio/renewals.py", {"as_of": "1989-12-31"})
    assert _messages(at) == []
    assert at.date_input(key="renewals_as_of").value.isoformat() == "1989-12-31"
