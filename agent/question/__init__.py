"""An exact, offline question parser: question text -> `ContractFilter` (or a contract-level lookup), plus what
it understood and what it ignored. Pure functions, no I/O: the caller passes the reference date, the previous
filter (follow-ups) and the graph's party names (`PartyDirectory`).

    from agent.question import parse_question, PartyDirectory
    parsed = parse_question("How many license agreements were signed in 2019?", date(2025, 6, 15))
    parsed.filter, parsed.tool, parsed.understood, parsed.ignored, parsed.clarify, parsed.refusal

Modules: `scan` (tokens, typo correction, consumed spans), `lexicon` (types, clauses, countries, states),
`words` (filler and refusal word lists), `dates`, `amounts`, `facets` (types, clauses, status, governing law,
party country), `topic` (free-text topics of the summary), `mention` ('which contracts mention X': a search of
the contracts' text), `parties` (name matching), `intent` (count/list/sort/aggregation), `contract`
(contract-level questions), `followup` (refining the previous filter), `leftover` (judging unused words),
`parsed` (the result), `parser` (the entry point), `views` (questions about the team's saved views, read before
the parser), `answer` / `answer_contract` / `answer_text` / `answer_view` (the reply text from the tool results).
"""

from agent.question.parser import ParsedQuestion, parse_question
from agent.question.parties import PartyDirectory

__all__ = ["ParsedQuestion", "PartyDirectory", "parse_question"]
