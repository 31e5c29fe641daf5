"""Expression shapes the server cannot stop, refused (or bounded) before a statement reaches it.

Neo4j 5.26 checks the transaction timeout and its memory limit between rows of the plan's operators, not
inside one expression: a regular expression (`=~`, Java's backtracking matcher, not interruptible), a
`reduce()` accumulator, a list comprehension or quantifier nested in another one, `range()` and `replace()`
all run to completion on a Bolt thread once started, whatever TERMINATE TRANSACTIONS says (measured: a
`=~` on contract summaries still running 27 minutes after its 2 s timeout; a 200,000-step string reduce 67 s
past it). So these rules apply to tokens (`graph.readonly.lex.tokenize`): a function is named by a bare word
*or a backtick-quoted name* before `(`, compared case-insensitively after NFKC folding, so `` `range` ``,
`RANGE` and `ｒａｎｇｅ` are all range. docs/SECURITY.md "Model-written Cypher" lists every shape and rule.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING

from core.errors import UnsafeQueryError

if TYPE_CHECKING:
    from graph.readonly.lex import Token

# A list built inside one expression (range() in a comprehension) runs to completion on the server:
# two nested 10,000-step ranges measured ~8 s past a 2 s timeout. So range() takes integer literals,
# this many elements over all calls of a statement together.
MAX_RANGE_STEPS = 10_000
# replace() with an empty search string inserts the replacement between every character (measured:
# replace('ab', '', 'XY') = 'XYaXYbXY'), and nested calls multiply: the literals of all replace() calls of a
# statement may make a text at most this many times longer (each call's factor: replacement over search).
MAX_REPLACE_GROWTH = 16
QUANTIFIERS = frozenset({"any", "all", "none", "single"})
REFUSED_FUNCTIONS = {
    "reduce": "reduce() is not allowed: its accumulator grows inside one expression, which Neo4j can "
              "neither time out nor memory-limit; use UNWIND with sum(), collect() or count() instead.",
}
REGEX_MESSAGE = ("Regular expressions (=~) are not allowed: Neo4j cannot interrupt a regex match, so one "
                 "bad pattern keeps a server thread busy after any timeout; use CONTAINS, STARTS WITH or "
                 "ENDS WITH (or the full-text index) instead.")
INTEGER = re.compile(r"[0-9][0-9_]*")
# For the plan backstop: backtick-quoted names are dropped before looking for operators and function names.
QUOTED = re.compile(r"`(?:[^`]|``)*`")
PLAN_REFUSED = re.compile(r"=~|\breduce\s*\(", re.IGNORECASE)


def _punct(tok: Token, text: str) -> bool:
    return tok.kind == "punct" and tok.text == text


def folded(tok: Token) -> str:
    """A word or quoted name as Neo4j resolves a function name: case-insensitive, NFKC-folded."""
    return unicodedata.normalize("NFKC", tok.text).casefold()


def function_calls(tokens: list[Token]) -> Iterator[tuple[int, str]]:
    """(index, folded name) of every call of a global function: a word or quoted name followed by `(`,
    not after `.` (a namespaced function: Neo4j has no built-in one by these names)."""
    for i, tok in enumerate(tokens[:-1]):
        if tok.kind in ("word", "name") and _punct(tokens[i + 1], "("):
            if i and tokens[i - 1].kind == "punct" and tokens[i - 1].text == ".":
                continue
            yield i, folded(tok)


def matching(tokens: list[Token]) -> dict[int, int]:
    """Index of each opening bracket ( [ { -> index of its closing one (unclosed: the end)."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack: list[int] = []
    out: dict[int, int] = {}
    for i, tok in enumerate(tokens):
        if tok.kind != "punct":
            continue
        if tok.text in pairs:
            stack.append(i)
        elif tok.text in pairs.values() and stack and pairs[tokens[stack[-1]].text] == tok.text:
            out[stack.pop()] = i
    for i in stack:
        out[i] = len(tokens)
    return out


def _arguments(tokens: list[Token], open_at: int, close_at: int) -> list[list[Token]]:
    """The top-level, comma-separated arguments between the brackets at open_at and close_at."""
    args: list[list[Token]] = [[]]
    depth = 0
    for tok in tokens[open_at + 1:close_at]:
        if tok.kind == "punct" and tok.text in "([{":
            depth += 1
        elif tok.kind == "punct" and tok.text in ")]}":
            depth -= 1
        if depth == 0 and _punct(tok, ","):
            args.append([])
        else:
            args[-1].append(tok)
    return args if args != [[]] else []


def _integer(arg: list[Token]) -> int | None:
    """An integer literal argument, optionally signed; None for anything else."""
    sign = 1
    if len(arg) == 2 and arg[0].kind == "punct" and arg[0].text in "+-":
        sign, arg = (-1 if arg[0].text == "-" else 1), arg[1:]
    if len(arg) == 1 and arg[0].kind == "number" and INTEGER.fullmatch(arg[0].text):
        return sign * int(arg[0].text.replace("_", ""))
    return None


def _range_steps(args: list[list[Token]]) -> int:
    """The number of elements of one range() call; refused unless its arguments are integer literals."""
    values = [_integer(arg) for arg in args]
    if any(v is None for v in values):
        raise UnsafeQueryError("range() takes integer literals only (e.g. range(1, 10)); "
                               "aggregate over the graph instead of generating lists.")
    if len(values) not in (2, 3) or (len(values) == 3 and values[2] == 0):
        raise UnsafeQueryError("range() takes two or three integer literals, a non-zero step last.")
    start, end = values[0], values[1]
    step = values[2] if len(values) == 3 else 1
    assert start is not None and end is not None and step is not None
    return max(0, (end - start) // step + 1)


def _replace_growth(args: list[list[Token]]) -> float:
    """How many times longer one replace() call can make its text; refused unless the search and the
    replacement are string literals and the search is not empty."""
    literal = [len(a) == 1 and a[0].kind == "string" for a in args]
    if len(args) != 3 or not (literal[1] and literal[2]) or not args[1][0].text:
        raise UnsafeQueryError("replace() takes a non-empty string literal to search for and a string literal "
                               "to put in its place, e.g. replace(c.title, '-', ' ').")
    return max(1.0, len(args[2][0].text) / len(args[1][0].text))


def _iteration_heads(tokens: list[Token], spans: dict[int, int]) -> list[tuple[int, int, bool]]:
    """(start, end, over_range) of every list comprehension `[x IN ...` and quantifier `any(x IN ...`:
    over_range when the list iterated is exactly one range() call (its size is bounded by MAX_RANGE_STEPS)."""
    heads = []
    calls = dict(function_calls(tokens))
    for i, tok in enumerate(tokens[:-3]):
        opens = _punct(tok, "[") or (_punct(tok, "(") and calls.get(i - 1) in QUANTIFIERS)
        nxt, kw = tokens[i + 1], tokens[i + 2]
        if not (opens and nxt.kind in ("word", "name") and kw.kind == "word" and kw.text.upper() == "IN"):
            continue
        j = i + 3
        over_range = calls.get(j) == "range" and j + 1 in spans
        if over_range:
            after = tokens[spans[j + 1] + 1] if spans[j + 1] + 1 < len(tokens) else None
            over_range = after is not None and (
                _punct(after, "|") or _punct(after, "]") or _punct(after, ")")
                or (after.kind == "word" and after.text.upper() == "WHERE"))
        heads.append((i, spans.get(i, len(tokens)), over_range))
    return heads


def check_nesting(tokens: list[Token], spans: dict[int, int]) -> None:
    """A comprehension or quantifier inside another multiplies their list sizes inside one expression; that
    is allowed only when every list of the nest is a range() of literals (bounded together)."""
    heads = _iteration_heads(tokens, spans)
    for start, end, over_range in heads:
        inner = [h for h in heads if start < h[0] < end]
        if inner and not (over_range and all(h[2] for h in inner)):
            raise UnsafeQueryError("A list comprehension or any()/all()/none()/single() inside another is not "
                                   "allowed (one expression that Neo4j cannot interrupt); UNWIND the outer "
                                   "list and aggregate instead.")


def check_expressions(tokens: list[Token]) -> None:
    """Refuse the shapes the server cannot stop (module docstring)."""
    for tok in tokens:
        if _punct(tok, "~"):  # `=~` (also with a comment between; `~` has no other use in Cypher)
            raise UnsafeQueryError(REGEX_MESSAGE)
    spans = matching(tokens)
    steps, growth = 0, 1.0
    for i, name in function_calls(tokens):
        if name in REFUSED_FUNCTIONS:
            raise UnsafeQueryError(REFUSED_FUNCTIONS[name])
        args = _arguments(tokens, i + 1, spans.get(i + 1, len(tokens)))
        if name == "range":
            steps += _range_steps(args)
            if steps > MAX_RANGE_STEPS:
                raise UnsafeQueryError(f"range() may produce at most {MAX_RANGE_STEPS:,} elements in one "
                                       f"statement (this one: {steps:,}); a single expression cannot be "
                                       f"interrupted.")
        elif name == "replace":
            growth *= _replace_growth(args)
            if growth > MAX_REPLACE_GROWTH:
                raise UnsafeQueryError(f"The replace() calls of one statement may make a text at most "
                                       f"{MAX_REPLACE_GROWTH} times longer (this one: {growth:g} times).")
    check_nesting(tokens, spans)


def check_plan_details(details: str) -> None:
    """The plan backstop: Neo4j's own rendering of an operator's expressions (names unquoted, literals
    parameterized) must not hold a regex match or a reduce(), whatever spelling got past the tokenizer."""
    found = PLAN_REFUSED.search(QUOTED.sub("``", details))
    if found:
        raise UnsafeQueryError(REGEX_MESSAGE if found.group(0) == "=~" else REFUSED_FUNCTIONS["reduce"])
