"""The sidebar chat panel on the dashboard pages: same agent and history as the Chat page, and the
"ask about the contracts in this filter" shortcut that hands the Explorer's filter to the agent."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from components.chat.panel import FOCUS_QUESTION
from components.session import CHAT_CONTEXT_FILTER, CHAT_HISTORY
from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from tests.app.shown import shown
from tests.app.test_chat_support import APP, navigate_like_the_server, start_app, use_script

FOCUSED = {"system_match": r'Explorer with this filter: \{"contract_types": \["License"\]',
           "steps": [{"tool_calls": [{"name": "contract_search", "args": {"contract_types": ["License"]}}]},
                     "This filter holds {{total_count}} license contracts."]}
PARTY_TURN = {"match": "microsoft", "steps": [
    {"tool_calls": [{"name": "party_search", "args": {"name": "microsoft"}}]},
    "Found {{total_count}} party named like Microsoft."]}


@pytest.fixture(autouse=True)
def navigation(monkeypatch):
    navigate_like_the_server(monkeypatch)


def sidebar_texts(at) -> list[str]:
    return [shown(m.value) for m in at.sidebar.markdown] + [shown(c.value) for c in at.sidebar.caption]


def test_panel_answers_and_shares_history_with_chat_page(monkeypatch, tmp_path) -> None:
    use_script(monkeypatch, tmp_path, [PARTY_TURN])
    at = start_app()
    at.chat_input(key="panel_input").set_value("Is Microsoft in the graph?").run()
    assert not at.exception, at.exception
    texts = sidebar_texts(at)
    assert "Is Microsoft in the graph?" in texts and "Found 1 party named like Microsoft." in texts
    assert any("`party_search` · total_count=1" in t for t in texts)
    assert not at.main.chat_message  # the page itself is untouched
    at.switch_page("pages/assistant/chat.py")
    at.run()
    assert [m.name for m in at.main.chat_message] == ["user", "assistant"]
    assert at.main.chat_message[1].markdown[-1].value == "Found 1 party named like Microsoft."
    assert not at.sidebar.get("chat_input")  # no side panel on the Chat page


def test_ask_about_the_explorer_filter(driver, monkeypatch, tmp_path) -> None:
    use_script(monkeypatch, tmp_path, [FOCUSED, {"steps": ["Unfocused answer."]}])
    at = start_app("pages/portfolio/explorer.py")
    assert "panel_ask_filter" not in [b.key for b in at.sidebar.button]  # nothing to focus on yet
    at.query_params["contract_types"] = "License"  # the Explorer's filter lives in its URL
    at.run()
    at.button(key="panel_ask_filter").click().run()
    assert not at.exception, at.exception
    expected = search_contracts(driver, {"contract_types": ["License"]}).total_count
    texts = sidebar_texts(at)
    assert FOCUS_QUESTION in texts
    assert f"This filter holds {expected} license contracts." in texts, "\n".join(texts)
    assert at.session_state[CHAT_CONTEXT_FILTER] == ContractFilter(contract_types=("License",))
    history = at.session_state[CHAT_HISTORY]
    assert history[0]["focus"] == {"contract_types": ["License"]}
    assert history[1]["tools"][0].total_count == expected
    assert any(t.endswith("Questions are about this filter: type: License") for t in sidebar_texts(at))
    at.button(key="panel_unfocus").click().run()
    assert not any("Questions are about this filter" in t for t in sidebar_texts(at))
    at.chat_input(key="panel_input").set_value("And now?").run()
    assert at.session_state[CHAT_CONTEXT_FILTER] is None
    assert "Unfocused answer." in sidebar_texts(at)


def test_panel_clear_and_llm_error(monkeypatch, tmp_path) -> None:
    use_script(monkeypatch, tmp_path, [{"match": "fail", "steps": [{"error": "auth"}]}, {"steps": ["Fine."]}])
    at = start_app()
    at.chat_input(key="panel_input").set_value("please fail").run()
    assert any("rejected the API key (401" in shown(e.value) for e in at.sidebar.error)
    at.chat_input(key="panel_input").set_value("and now").run()
    assert "Fine." in sidebar_texts(at)
    at.button(key="panel_clear").click().run()
    assert at.session_state[CHAT_HISTORY] == []
    assert "Fine." not in sidebar_texts(at)


def test_filter_button_reads_the_explorer_url_on_first_load(monkeypatch, tmp_path) -> None:
    """The side panel is drawn before the page body, so on a fresh Explorer URL it reads the filter from it."""
    use_script(monkeypatch, tmp_path, [FOCUSED])
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["contract_types"] = "License"
    at.run()
    at.switch_page("pages/portfolio/explorer.py")
    at.run()
    assert not at.exception, at.exception
    at.button(key="panel_ask_filter").click().run()
    assert at.session_state[CHAT_CONTEXT_FILTER] == ContractFilter(contract_types=("License",))
    assert any(t.startswith("This filter holds") for t in sidebar_texts(at))
