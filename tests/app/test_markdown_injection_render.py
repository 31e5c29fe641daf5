"""Contract text and link parameters are literal text on every page that shows them (issue 27, finding 3):
the renewal evidence (value, quote, section title), the section a Renewals link opens, a `section` parameter
that names no section, and the Renewals page with the hostile contract in its schedule."""

from __future__ import annotations

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from graph.server.config import REPO_ROOT
from tests.app.shown import shown
from tests.app.test_markdown_injection import markdown_sources
from tests.hostile_contract import FILE_ID, hostile_document, live_markdown

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
BASE = "http://127.0.0.1:9"  # never contacted here: AppTest renders no HTML
HOSTILE_PARAM = f"![p]({BASE}/param.png) [l]({BASE}/param-link) <img src=x> `x` [***]"


def _open(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def _no_live_markdown(at: AppTest) -> list[str]:
    sources = markdown_sources(at)
    assert {s: live_markdown(s) for s in sources if live_markdown(s)} == {}
    return [shown(s) for s in sources]


@pytest.fixture(scope="module")
def hostile(driver):
    # The pages' cached reads live for the whole test process: test_markdown_injection.py shows a contract of
    # the same file id without renewal facts, and its cached view must not stand in for this one.
    st.cache_data.clear()
    with hostile_document(driver, BASE) as stored:
        yield stored
    st.cache_data.clear()


def test_renewal_evidence_on_the_contract_page_is_literal(hostile) -> None:
    at = _open("pages/portfolio/contract.py", {"file_id": FILE_ID, "contract_tab": "Overview"})
    readable = _no_live_markdown(at)
    quote = next(s for s in readable if "quote.png" in s)
    assert f"![q]({BASE}/quote.png) [here]({BASE}/quote-link) <img src=\"{BASE}/quote-img.png\"> [***] `tick`" \
        in quote
    assert any(s.startswith("**Notice to stop renewal: 90 days** — §2.1") for s in readable)


def test_the_linked_section_title_is_literal(hostile) -> None:
    at = _open("pages/portfolio/contract.py", {"file_id": FILE_ID, "section": "2"})
    readable = _no_live_markdown(at)
    # The outline keeps no title for this heading (it holds Markdown punctuation): the number is shown.
    assert any(s.startswith("**§2") and s.endswith("** (linked from Renewals)") for s in readable)


def test_a_section_parameter_naming_no_section_is_shown_literally(hostile) -> None:
    at = _open("pages/portfolio/contract.py", {"file_id": FILE_ID, "section": HOSTILE_PARAM})
    readable = _no_live_markdown(at)
    assert f"Section {HOSTILE_PARAM[:40]} (the link's `section`) is not in this contract's document." \
        .replace("`section`", "section") in [s.replace("`section`", "section") for s in readable]


def test_the_renewals_page_with_the_hostile_contract_is_literal(hostile) -> None:
    at = _open("pages/portfolio/renewals.py", {"as_of": "2021-06-01"})
    _no_live_markdown(at)
    frame = at.dataframe[0].value
    assert FILE_ID in set(frame["File id"])  # not vacuous: the contract is in the schedule
