"""The Chat page in exact mode (no LLM) answers the issue-29 status question: the count of the status filter,
the as-of date stated in the answer, and an Explorer link that opens the same filter (as_of included)."""

from __future__ import annotations

from urllib.parse import parse_qs

from graph.reads.repository import search_contracts
from tests.app.shown import shown
from tests.app.test_chat_support import exact_mode_chat

IN_FORCE_2012 = {"active": True, "as_of": "2012-07-01"}


def test_exact_mode_answers_a_status_question_with_its_as_of_date(monkeypatch, driver) -> None:
    at = exact_mode_chat(monkeypatch)
    at.chat_input(key="chat_input").set_value("How many contracts were in force on 1 July 2012?").run()
    assert not at.exception, at.exception
    expected = search_contracts(driver, IN_FORCE_2012).total_count
    [status] = at.main.get("status")
    assert shown(status.proto.label).endswith(f"`contract_search` · total_count={expected}")
    answer = [shown(md.value) for md in at.main.chat_message[1].markdown]
    assert any(text.startswith(f"**{expected} contracts** match.") for text in answer)
    assert any("Status on **2012-07-01**, the as-of date (not a signing or end date)." in text for text in answer)
    assert any("`in force on 2012-07-01`" in text for text in answer)
    links = [x for x in at.main.get("page_link") if "explorer" in x.proto.page]
    assert any(parse_qs(x.proto.query_string) == {"active": ["true"], "as_of": ["2012-07-01"]} for x in links), \
        [(x.proto.label, x.proto.query_string) for x in links]
