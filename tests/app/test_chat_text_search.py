"""The Chat page in exact mode (no LLM) answers 'which contracts mention X' with the Explorer's full-text search
(issue 34, item 2): the text_search tool's count, the reading stated ('contracts whose text mentions ...'), the
contracts with the most matching sections by title, and no Explorer filter link (the filter alone would list
other contracts)."""

from __future__ import annotations

from graph.retrieval.text_search import text_search
from tests.app.shown import shown
from tests.app.test_chat_support import exact_mode_chat

QUESTION = 'Which contracts mention "liquidated damages"?'


def test_exact_mode_answers_a_mention_question_with_the_text_search(monkeypatch, driver) -> None:
    at = exact_mode_chat(monkeypatch)
    at.chat_input(key="chat_input").set_value(QUESTION).run()
    assert not at.exception, at.exception
    explorer = text_search(driver, '"liquidated damages"')  # what the Explorer's text search shows
    [status] = at.main.get("status")
    assert shown(status.proto.label).endswith(f"`text_search` · total_count={explorer.contracts}")
    answer = "\n".join(shown(md.value) for md in at.main.chat_message[1].markdown)
    assert (f'I read this as contracts whose text mentions "liquidated damages": **{explorer.contracts} contracts** '
            f"({explorer.sections} matching sections).") in answer
    first = explorer.rows[0]
    assert f"**{first['title']}** (`{first['file_id']}`): {first['hits']} matching section" in answer
    assert not [x for x in at.main.get("page_link") if "explorer" in x.proto.page and x.proto.query_string]
