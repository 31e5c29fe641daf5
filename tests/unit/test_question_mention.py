"""'Which contracts mention X?' in the offline parser (agent.question.mention): the query in the text search's
syntax, the rest of the question as its scope, and refusals where a full-text search cannot answer; plus the
search's handling of a hyphenated word (one phrase, not its parts OR-ed)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from agent.question import parse_question
from agent.question.mention import find_mention
from evals.ask_offline import sample_directory
from graph.retrieval.text_search import Term, lucene_query, parse_terms

TODAY = date(2025, 6, 15)


@pytest.fixture(scope="module")
def directory() -> Any:
    return sample_directory()


@pytest.mark.parametrize(("question", "args"), [
    ("Which contracts mention 'most favored nation'?", {"query": '"most favored nation"'}),
    ('contracts that mention "most favored nation"', {"query": '"most favored nation"'}),
    ("Which agreements say “time is of the essence”?", {"query": '"time is of the essence"'}),
    ("How many contracts mention audit rights?", {"query": "audit rights"}),
    ("Find contracts containing the phrase exclusive distributor", {"query": '"exclusive distributor"'}),
    ("Which license agreements mention audit rights?", {"query": "audit rights", "contract_types": ["License"]}),
    ("Which license agreements signed after 2010 mention confidentiality?",
     {"query": "confidentiality", "min_effective_date": "2011-01-01", "contract_types": ["License"]}),
    ("contracts mentioning franchise fees signed in 2010",
     {"query": "franchise fees", "min_effective_date": "2010-01-01", "max_effective_date": "2010-12-31"}),
    ("How many contracts with Cisco mention warranty?", {"query": "warranty", "parties": ["Cisco Systems, Inc."]}),
    ("Which contracts mention non-compete?", {"query": "non-compete"}),
])
def test_mention_questions_become_a_text_search(directory, question, args) -> None:
    parsed = parse_question(question, TODAY, directory=directory)
    assert (parsed.tool, parsed.tool_args(), parsed.refusal) == ("text_search", args, None)
    assert parsed.understood[0][1].startswith(("contracts whose text mentions", "contracts with a section that"))


@pytest.mark.parametrize(("question", "reason"), [
    ("How many agreements don't mention arbitration?", "exclude"),
    ("What is the total value of contracts that mention exclusivity?", "full-text search"),
    ("Which contracts mention Delaware, by type?", "full-text search"),
    ("How many contracts mention force majeure and are governed by Delaware or Texas law?", "governing laws"),
    ("Which contracts mention 'the of'?", "common word"),
])
def test_what_a_text_search_cannot_answer_is_refused(directory, question, reason) -> None:
    parsed = parse_question(question, TODAY, directory=directory)
    assert parsed.tool is None and parsed.refusal and reason in parsed.refusal


def test_other_verbs_keep_their_meaning() -> None:
    assert find_mention("What does the Acme agreement say about termination?") is None
    assert find_mention("Which contracts contain NDA terms?") is None  # a clause type, not words
    assert parse_question("Which contracts discuss audit rights?", TODAY).tool == "clause_search"
    assert parse_question("How many contracts about software?", TODAY).filter.text == "software"


def test_a_follow_up_searches_within_the_previous_filter(directory) -> None:
    previous = parse_question("How many license agreements?", TODAY, directory=directory).filter
    parsed = parse_question("Which of them mention escrow?", TODAY, previous=previous, directory=directory)
    assert parsed.tool_args() == {"query": "escrow", "contract_types": ["License"]}


def test_a_hyphenated_word_is_searched_as_one_phrase() -> None:
    [term] = parse_terms("non-compete")
    assert term == Term(("non-compete",)) and lucene_query([term]) == 'text:(+"non\\-compete")'
    assert lucene_query(parse_terms("licensee's audit")) == "text:(+licensee's +audit)"
