"""The Chat page through the real app (app.py navigation) with the scripted model injected through the same
settings the app reads (LLM_PROVIDER=scripted, LLM_SCRIPT), against the real test graph."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from components.session import CHAT_HISTORY
from core.settings import AgentSettings
from graph.query.filter_url import filter_to_query
from graph.query.filters import parse_filter
from graph.reads.repository import search_contracts
from tests.app.shown import shown
from tests.app.test_chat_support import LLM_VARS, navigate_like_the_server, start_app, use_script

SUPPLY = {"contract_types": ["Supply"], "min_effective_date": "2010-01-01"}


@pytest.fixture(autouse=True)
def navigation(monkeypatch):
    navigate_like_the_server(monkeypatch)


@pytest.fixture
def scripted(monkeypatch, tmp_path):
    return lambda turns: use_script(monkeypatch, tmp_path, turns)


def chat_page() -> AppTest:
    return start_app("pages/assistant/chat.py")


def ask(at: AppTest, question: str) -> AppTest:
    at.chat_input(key="chat_input").set_value(question).run()
    assert not at.exception, at.exception
    return at


def messages(at: AppTest) -> list[tuple[str, list[str]]]:
    return [(m.name, [md.value for md in m.markdown]) for m in at.main.chat_message]


SUPPLY_TURN = {"match": "supply", "steps": [
    {"content": "Searching.", "tool_calls": [{"name": "contract_search", "args": SUPPLY}]},
    "There are {{total_count}} supply contracts since 2010."]}


def test_question_streams_answer_with_tool_trace(driver, scripted) -> None:
    scripted([SUPPLY_TURN])
    at = ask(chat_page(), "How many supply contracts since 2010?")
    expected = search_contracts(driver, SUPPLY).total_count
    roles = messages(at)
    assert roles[0] == ("user", ["How many supply contracts since 2010?"])
    assert roles[1][0] == "assistant"
    assert roles[1][1][-1] == f"There are {expected} supply contracts since 2010."
    [status] = at.main.get("status")
    assert shown(status.proto.label).endswith(f"`contract_search` · total_count={expected}")
    codes = [c.value for c in at.main.code]
    assert json.loads(codes[0]) == SUPPLY
    # The tool's one statement (graph.query.paging): the count, then the page, of the same filter.
    assert any(c.startswith("CALL () {\n  MATCH (c:Contract)\n  WHERE c.effective_date >= $min_effective_date")
               for c in codes)
    links = at.main.get("page_link")
    [link] = [x for x in links if x.proto.page.endswith("explorer")]
    assert parse_qs(link.proto.query_string) == {
        k: v if isinstance(v, list) else [v] for k, v in filter_to_query(parse_filter(SUPPLY)).items()}
    contract_links = [(shown(x.value), parse_qs(x.proto.query_string)) for x in links
                      if x.proto.page.endswith("contract")]
    listed = search_contracts(driver, {**SUPPLY, "limit": 5}).contracts
    # By title (issue 34: they were file ids), the file id in the link.
    assert contract_links == [(c["title"] or c["file_id"], {"file_id": [c["file_id"]]}) for c in listed]
    history = at.session_state[CHAT_HISTORY]
    assert [t["role"] for t in history] == ["user", "assistant"]
    assert history[1]["tools"][0].total_count == expected


def test_history_is_redrawn_and_conversation_continues(driver, scripted) -> None:
    scripted([SUPPLY_TURN, {"steps": ["You asked about supply contracts."]}])
    at = ask(ask(chat_page(), "How many supply contracts since 2010?"), "What did I ask?")
    roles = messages(at)
    assert [r[0] for r in roles] == ["user", "assistant", "user", "assistant"]
    assert roles[3][1] == ["You asked about supply contracts."]
    assert shown(at.main.expander[0].label).endswith("total_count=" + str(search_contracts(driver, SUPPLY).total_count))
    at.button(key="chat_clear").click().run()
    assert at.session_state[CHAT_HISTORY] == [] and not at.main.chat_message


def test_llm_error_is_shown_and_the_session_continues(scripted) -> None:
    scripted([{"match": "first", "steps": [{"error": "rate_limit"}]}, {"steps": ["Back again."]}])
    at = ask(chat_page(), "first question")
    assert any("rate-limited or out of quota (429" in shown(e.value) for e in at.main.error)
    at = ask(at, "second question")
    assert messages(at)[-1] == ("assistant", ["Back again."])
    assert at.session_state[CHAT_HISTORY][1]["error"]


def test_tool_error_is_visible_in_the_trace(scripted) -> None:
    scripted([{"steps": [{"tool_calls": [{"name": "cypher_aggregation",
                                          "args": {"cypher": "MATCH (n) DETACH DELETE n RETURN 1 AS x"}}]},
                         "That is not allowed."]}])
    at = ask(chat_page(), "delete everything")
    [status] = at.main.get("status")
    assert "`cypher_aggregation`" in status.proto.label and "read-only" in shown(status.proto.label)
    assert messages(at)[-1] == ("assistant", ["That is not allowed."])


def test_without_llm_the_chat_answers_exactly(monkeypatch, driver) -> None:
    """No LLM configured: the offline parser answers through the same tools, on the page and in the panel."""
    for name in LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    if AgentSettings.load().configured:
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")
    at = ask(chat_page(), "How many license agreements were signed in 2019?")
    license_2019 = {"contract_types": ["License"], "min_effective_date": "2019-01-01",
                    "max_effective_date": "2019-12-31"}
    expected = search_contracts(driver, license_2019).total_count
    [status] = at.main.get("status")
    assert shown(status.proto.label).endswith(f"`contract_search` · total_count={expected}")
    answer = [shown(text) for text in messages(at)[1][1]]
    assert any(text.startswith(f"**{expected} contracts** match.") for text in answer)
    assert any("`type: License` · `signed 2019-01-01 to 2019-12-31`" in text for text in answer)
    assert any(t.label == "Exact mode" and t.value for t in at.main.toggle)
    at = ask(at, "How many exclusive license agreements?")
    assert any("I ignored: 'exclusive'." in shown(text) for text in messages(at)[3][1])
    at = ask(at, "How many license agreements with Globex Corporation?")
    assert any("I give no number" in shown(text) for text in messages(at)[5][1])
    [link] = [x for x in at.main.get("page_link") if x.proto.label == "Open what I understood in the Explorer"]
    assert parse_qs(link.proto.query_string) == {"contract_types": ["License"]}
    at.switch_page("pages/portfolio/overview.py")
    at.run()
    assert not at.exception
    at.chat_input(key="panel_input").set_value("How many supply contracts?").run()
    assert not at.exception
    supply = search_contracts(driver, {"contract_types": ["Supply"]}).total_count
    assert any(f"**{supply} contracts** match." in shown(m.value) for m in at.sidebar.markdown)


LONE = "\ud800"  # a lone surrogate: Streamlit's protobuf messages cannot carry it
SURROGATE_TURN = {"steps": [
    {"content": f"Looking{LONE}.", "tool_calls": [{"name": "contract_search",
                                                  "args": {"contract_types": ["Supply"], "parties": [f"x{LONE}"]}}]},
    f"Nothing for x{LONE}\x1b[2J: {{{{total_count}}}} contracts."]}


def test_lone_surrogate_from_the_model_is_drawn_cleanly(scripted) -> None:
    scripted([SURROGATE_TURN])
    at = ask(chat_page(), "How many supply contracts with x?")  # a widget value cannot carry one either
    roles = messages(at)
    assert roles[0] == ("user", ["How many supply contracts with x?"])
    assert roles[1] == ("assistant", ["Looking\ufffd.", "**total_count: 0**", "Nothing for x\ufffd\\[2J: 0 contracts."])
    assert json.loads(at.main.code[0].value) == {"contract_types": ["Supply"], "parties": ["x\ufffd"]}
    at = ask(at, "again")  # the history is drawn again (the final answer, the trace in an expander)
    assert messages(at)[1] == ("assistant", ["**total_count: 0**", "Nothing for x\ufffd\\[2J: 0 contracts."])


def test_history_with_raw_surrogates_still_renders(scripted) -> None:
    """The rendering boundary on its own: a turn kept in the session with unclean text and tool arguments."""
    from agent.runner import ToolTrace

    scripted([{"steps": ["Fine."]}])
    at = chat_page()
    trace = ToolTrace("t1", f"contract_search{LONE}", {"parties": [f"y{LONE}"]}, f'{{"total_count": 1, "x": "{LONE}"}}',
                      done=True)
    at.session_state[CHAT_HISTORY] = [{"role": "user", "content": f"q{LONE}"},
                                      {"role": "assistant", "content": f"a{LONE}\x07", "tools": [trace]}]
    at.run()
    assert not at.exception, at.exception
    assert messages(at) == [("user", ["q\ufffd"]), ("assistant", ["**total_count: 1**", "a\ufffd"])]
    assert json.loads(at.main.code[0].value) == {"parties": ["y\ufffd"]}
