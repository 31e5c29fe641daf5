"""Issue 34, the chat side panel as a new analyst saw it (no LLM: the exact offline parser answers): the filter
in focus in words (it was raw JSON), filter chips without a literal backslash ("amount \\> $100,000"), the
listed contracts by title (they were file ids), and a renewal question's contracts with their deadlines."""

from __future__ import annotations

import re
from datetime import date

import pytest

from core.settings import AgentSettings
from graph.query.filter_url import filter_to_query
from graph.query.filters import ContractFilter
from graph.reads.renewals import contract_terms
from graph.reads.repository import search_contracts
from tests.app.shown import shown
from tests.app.test_chat_support import LLM_VARS, start_app

AMOUNT = ContractFilter(monetary_value={"operator": ">", "value": 100000})


@pytest.fixture(autouse=True)
def offline(monkeypatch):
    for name in LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    if AgentSettings.load().configured:
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")


def test_focus_in_words_chips_without_backslash_and_titles(driver) -> None:
    at = start_app("pages/portfolio/explorer.py")
    at.query_params.update(filter_to_query(AMOUNT))
    at.run()
    at.button(key="panel_ask_filter").click().run()
    assert not at.exception, at.exception
    captions = [shown(c.value) for c in at.sidebar.caption]
    chip = "amount > $100,000 (USD only)"
    assert any(c.endswith(f"Questions are about this filter: {chip}") for c in captions), captions
    assert not any("{" in c for c in captions)  # no JSON
    answer = "\n".join(m.value for m in at.sidebar.markdown)
    assert f"`{chip}`" in answer, answer  # the code span verbatim: Markdown shows a backslash in it literally
    assert "\\>" not in "".join(re.findall(r"`[^`]*`", answer))
    listed = search_contracts(driver, AMOUNT.model_copy(update={"limit": 5})).contracts
    links = [x for x in at.sidebar.get("page_link") if x.proto.page.endswith("contract")]
    assert [x.proto.label for x in links][:1] and all("_" not in x.proto.label or x.proto.label in
                                                     {c["file_id"] for c in listed if not c.get("title")}
                                                     for x in links)
    titles = {c["title"] for c in listed if c.get("title")}
    assert titles and titles & {x.proto.label.replace("\\", "") for x in links}


def test_a_renewal_answer_lists_each_contract_with_its_deadline(driver) -> None:
    at = start_app()
    at.chat_input(key="panel_input").set_value(
        "Which contracts have a notice deadline between 2012-01-01 and 2012-12-31?").run()
    assert not at.exception, at.exception
    answer = "\n".join(m.value for m in at.sidebar.markdown)
    lines = [line for line in answer.splitlines() if line.startswith("- ")]
    assert lines, answer
    for line in lines:
        file_id = re.search(r"\(`([^`]+)`\)|^- `([^`]+)`", line)
        assert file_id, line
        row = contract_terms(driver, file_id.group(1) or file_id.group(2), date.today())
        assert row is not None
        found = re.search(r"notice deadline (\d{4}-\d{2}-\d{2})", line)
        assert found and date(2012, 1, 1) <= date.fromisoformat(found.group(1)) <= date(2012, 12, 31), line
