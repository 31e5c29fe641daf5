"""'Which contracts mention X?' through the assistant (issue 34, item 2): the offline parser and the agent's
`text_search` tool give the Explorer's full-text search numbers, and those equal an independent count over the
sample's text files (/work/shared/data/cuad/txt) with the search's documented matching rules: words in order
with any punctuation or spacing between them, any case, word endings ignored (the forms are spelled out in
each pattern), common words dropped. Also the tool's exact output, the LLM path (scripted model in the real
agent loop) and a scope."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import date

import pytest

from agent.context import Context
from agent.exact import ask_exact
from agent.graph import build_agent
from agent.runner import ask
from agent.text_impl import run_text_search
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from graph.query.filters import ContractFilter
from graph.retrieval.text_search import TEXT_SEARCH, text_search
from graph.server.db import read
from graph.store.sample import resolve_sample

pytestmark = pytest.mark.integration
TODAY = date(2021, 6, 30)
# (what the analyst types, the search query it becomes, the forms the text may hold)
PHRASES = [
    ("Which contracts mention 'most favored nation'?", '"most favored nation"', r"\bmost\W+favored\W+nations?\b"),
    ('How many contracts mention "liquidated damages"?', '"liquidated damages"', r"\bliquidated\W+damages?\b"),
    ("How many agreements mention escrow?", "escrow", r"\bescrow(?:s|ed|ing)?\b"),
    # A hyphenated word is one phrase, not 'non' OR 'compete' (which matched 400+ contracts before).
    ("Which contracts mention non-compete?", "non-compete", r"\bnon\W+compet(?:e|es|ed|ing)\b"),
]


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip()


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    folder = resolve_sample(allow_download=False).parent / "txt"
    return {_key(p.stem): p.read_text(encoding="utf-8", errors="replace") for p in folder.glob("*.txt")}


@pytest.fixture(scope="module")
def file_ids(driver) -> dict[str, str]:
    return {_key(r["f"]): r["f"] for r in read(driver, "MATCH (c:Contract) RETURN c.file_id AS f", {})}


def oracle(texts: dict[str, str], file_ids: dict[str, str], pattern: str) -> set[str]:
    """The contracts whose text file holds the pattern, by file_id."""
    return {file_ids[k] for k, text in texts.items() if k in file_ids and re.search(pattern, text, re.IGNORECASE)}


def context(driver, focus: ContractFilter | None = None) -> Context:
    return Context.create(driver, AgentSettings(provider="offline"), focus=focus, today=TODAY)


@pytest.mark.parametrize(("question", "query", "pattern"), PHRASES)
def test_the_offline_answer_counts_what_the_texts_hold(driver, texts, file_ids, question, query, pattern) -> None:
    expected = oracle(texts, file_ids, pattern)
    assert expected
    answer = ask_exact(context(driver), question)
    [trace] = answer.traces
    assert (trace.name, trace.args) == ("text_search", {"query": query})
    assert trace.total_count == len(expected)
    listed = {c["file_id"] for c in trace.data["contracts"]}
    assert listed <= expected and len(listed) == min(5, len(expected))
    assert answer.text.startswith("I read this as contracts whose text mentions ")
    assert f": **{len(expected)} contract{'s' * (len(expected) != 1)}** (" in answer.text.split("\n")[0]


def test_the_tool_output_exactly(driver) -> None:
    payload = json.loads(run_text_search(context(driver), '"most favored nation"'))
    assert payload == {
        "reading": 'contracts whose text mentions "most favored nation"',
        "query": '"most favored nation"',
        "terms": ['"most favored nation"'],
        "matching": "every word and quoted phrase in one section of the contract's text; case and word endings "
                    "ignored (terminate also finds termination); common words such as 'the' or 'of' dropped",
        "total_count": 2,
        "sections_total": 2,
        "contracts": [
            {"file_id": "GOLDRESOURCECORP_12_11_2008-EX-10.1-STRATEGIC ALLIANCE AGREEMENT",
             "title": "Strategic Alliance Agreement", "sections_with_hits": 1, "section": "§7.2 Most Favored Nation",
             "page": 1, "snippet": "<quoted_text>7.2 **Most Favored Nation**. The Company shall immediately inform "
                                   "HOC and provide HOC with a copy of any other stands…</quoted_text>"},
            {"file_id": "AURASYSTEMSINC_06_16_2010-EX-10.25-STRATEGIC ALLIANCE AGREEMENT",
             "title": "Strategic Alliance Agreement", "sections_with_hits": 1, "section": "§3.6 Most Favored Nation",
             "page": 1, "snippet": "<quoted_text>3.6 **Most Favored Nation**. During the term of this Agreement, "
                                   "Zanotti agrees that Aura shall be allowed the full be…</quoted_text>"}],
        "cypher": [TEXT_SEARCH],
        "params": [{"query": 'text:(+"most favored nation")', "file_ids": None, "sections": 3, "limit": 50}],
    }


def test_a_scope_gives_the_explorers_numbers(driver) -> None:
    answer = ask_exact(context(driver), "Which license agreements mention audit rights?")
    [trace] = answer.traces
    assert trace.args == {"query": "audit rights", "contract_types": ["License"]}
    explorer = text_search(driver, "audit rights", ContractFilter(contract_types=("License",)).model_copy(
        update={"limit": 0, "offset": 0, "group_by": None}))  # as components/explorer/text_search.py calls it
    assert trace.total_count == explorer.contracts > 0
    assert trace.data["sections_total"] == explorer.sections
    assert [(c["file_id"], c["title"], c["sections_with_hits"]) for c in trace.data["contracts"]] == \
        [(r["file_id"], r["title"], r["hits"]) for r in explorer.rows[:5]]
    assert trace.data["scope"] == {"contract_types": ["License"]}
    assert "contracts with a section that mentions 'audit' and 'rights' in this filter" in answer.text
    assert "`type: License`" in answer.text


def test_the_llm_path_calls_the_same_tool(driver, texts, file_ids) -> None:
    expected = len(oracle(texts, file_ids, PHRASES[1][2]))
    steps = [{"tool_calls": [{"name": "text_search", "args": {"query": '"liquidated damages"'}}]},
             "{{total_count}} contracts' text mentions liquidated damages."]
    model = ScriptedChatModel(turns=parse_script([{"steps": steps}]))
    ctx = Context.create(driver, AgentSettings(provider="scripted"), today=TODAY)
    answer = ask(build_agent(model), ctx, "Which contracts mention liquidated damages?")
    assert answer.error is None and answer.text == f"{expected} contracts' text mentions liquidated damages."
    [trace] = answer.traces
    assert trace.total_count == expected and trace.filter is None  # no Explorer filter link: it lists other contracts


def test_what_it_cannot_read_is_refused(driver) -> None:
    for question in ("How many agreements don't mention arbitration?", "What is the total value of contracts "
                     "that mention exclusivity?", "Which contracts mention 'the of'?"):
        answer = ask_exact(context(driver), question)
        assert answer.traces == [] and answer.text.startswith("I can't answer this exactly"), (question, answer.text)
