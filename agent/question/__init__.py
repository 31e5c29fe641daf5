"""An exact, offline question parser: question text -> `ContractFilter` (or a contract-level lookup), plus what
it understood and what it ignored. Pure functions, no I/O: the caller passes the reference date, the previous
filter (follow-ups) and the graph's party names (`PartyDirectory`).

    from agent.question import parse_question, PartyDirectory
    parsed = parse_question("How many license agreements were signed in 2019?", date(2025, 6, 15))
    parsed.filter, parsed.tool, parsed.understood, parsed.ignored, parsed.clarify, parsed.refusal

Modules: `scan` (tokens and consumed spans), `lexicon` (types, clauses, countries, states), `dates`,
`amounts`, `status`, `law`, `parties`, `intent` (count/list/sort/aggregation), `contract` (contract-level
questions), `parser` (the entry point), `answer` (the reply text from a tool result).
"""

from agent.question.parser import ParsedQuestion, parse_question
from agent.question.parties import PartyDirectory

__all__ = ["ParsedQuestion", "PartyDirectory", "parse_question"]
