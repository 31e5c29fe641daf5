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
    lines = [line for line in answer.splitlines() if line.startswith("- ")]
    assert len(lines) == len(listed) > 0
    for line, c in zip(lines, listed, strict=True):  # the title first, the file id beside it (it was alone)
        assert c["title"] and shown(line).startswith(f"- **{c['title']}** (`{c['file_id']}`)"), line


def test_a_renewal_answer_lists_each_contract_with_its_deadline(driver) -> None:
    at = start_app()
    at.chat_input(key="panel_input").set_value(
        "Which contracts have a notice deadline between 2012-01-01 and 2012-12-31, as of 2012-01-01?").run()
    assert not at.exception, at.exception
    answer = "\n".join(m.value for m in at.sidebar.markdown)
    lines = [line for line in answer.splitlines() if line.startswith("- ")]
    assert lines, answer
    for line in lines:
        file_id = re.search(r"\(`([^`]+)`\)|^- `([^`]+)`", line)
        assert file_id, line
        row = contract_terms(driver, file_id.group(1) or file_id.group(2), date(2012, 1, 1))
        assert row is not None and row.deadlines.next_notice_by is not None
        assert f"notice deadline {row.deadlines.next_notice_by:%Y-%m-%d}" in line, line
        assert date(2012, 1, 1) <= row.deadlines.next_notice_by <= date(2012, 12, 31)
