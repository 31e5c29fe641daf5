"""The lexical half of the read-only guard: a small Cypher tokenizer that sees what Neo4j's parser sees.

Comments become whitespace (so `LOAD/**/CSV` is still LOAD CSV), every Unicode space counts as whitespace,
invisible format characters (zero-width spaces, joiners) outside string literals are refused (is `LO\u200bAD`
one word or two?), words are compared after NFKC folding (fullwidth letters), string literals are opaque, and
backtick-quoted names are names, never keywords (but a quoted name before `(` is a function call like the
bare word). Anything the tokenizer cannot close (a string, a quoted name, a block comment) is refused rather
than guessed at. Expression shapes the server cannot stop (`=~`, reduce(), nested comprehensions, range()
and replace() growth) are `graph.readonly.expr`'s rules. This check is the first layer only: the plan
allow-list in `graph.readonly.plan` is what a statement must also pass.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from core.errors import UnsafeQueryError
from graph.readonly.expr import check_expressions

MAX_STATEMENT = 20_000
# Neo4j's lexer counts these as whitespace (Cypher 5 grammar), beyond what str.isspace() knows.
EXTRA_SPACE = frozenset("\u180e")
LINE_ENDS = frozenset("\n\r\u2028\u2029\x85")
FORBIDDEN_WORDS = frozenset({
    "CREATE", "MERGE", "DELETE", "DETACH", "SET", "REMOVE", "DROP", "FOREACH", "GRANT", "REVOKE", "DENY",
    "ALTER", "RENAME", "TERMINATE", "USE", "FINISH", "SHOW", "INSERT",
})
FORBIDDEN_PAIRS = frozenset({("LOAD", "CSV"), ("IN", "TRANSACTIONS"), ("PERIODIC", "COMMIT")})
ALLOWED_PROCEDURES = frozenset({"db.index.fulltext.querynodes", "db.index.vector.querynodes"})


@dataclass(frozen=True)
class Token:
    """`kind` is word (bare identifier or keyword), name (backtick-quoted), string, number or punct."""

    kind: str
    text: str


def _is_space(ch: str) -> bool:
    return ch.isspace() or ch in EXTRA_SPACE or unicodedata.category(ch) in ("Zs", "Zl", "Zp")


def _closing(text: str, start: int, quote: str) -> int:
    """Index just past the literal opened at `start`; backslash escapes in strings, `` in names."""
    i = start + 1
    while i < len(text):
        ch = text[i]
        if quote != "`" and ch == "\\":
            i += 2
            continue
        if ch == quote:
            if quote == "`" and text.startswith("``", i):
                i += 2
                continue
            return i + 1
        i += 1
    kind = "quoted name" if quote == "`" else "string"
    raise UnsafeQueryError(f"The Cypher statement has an unterminated {kind}.")


def _comment_end(text: str, i: int) -> int | None:
    """Index just past a comment starting at `i`, or None when none starts there."""
    if text.startswith("//", i):
        j = i + 2
        while j < len(text) and text[j] not in LINE_ENDS:
            j += 1
        return j
    if text.startswith("/*", i):
        end = text.find("*/", i + 2)
        if end < 0:
            raise UnsafeQueryError("The Cypher statement has an unterminated /* comment.")
        return end + 2
    return None


def _word(text: str, i: int) -> tuple[str, int]:
    """A run of identifier characters, NFKC-folded so lookalike letters compare as keywords."""
    j = i
    while j < len(text) and (text[j].isalnum() or text[j] == "_"):
        j += 1
    return unicodedata.normalize("NFKC", text[i:j]), j


def tokenize(text: str) -> list[Token]:
    """Cypher tokens without whitespace or comments."""
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        end = _comment_end(text, i)
        if end is not None:
            i = end
        elif _is_space(ch):
            i += 1
        elif ch in "'\"`":
            end = _closing(text, i, ch)
            body = text[i + 1:end - 1]
            tokens.append(Token("name", body.replace("``", "`")) if ch == "`" else Token("string", body))
            i = end
        elif ch.isalnum() or ch == "_":
            word, i = _word(text, i)
            tokens.append(Token("number" if word[0].isdigit() else "word", word))
        elif unicodedata.category(ch) in ("Cf", "Cc", "Co", "Cn"):
            raise UnsafeQueryError(f"The Cypher statement contains an invisible or control character "
                                   f"(U+{ord(ch):04X}) outside a string.")
        else:
            tokens.append(Token("punct", ch))
            i += 1
    return tokens


def _keywords(tokens: list[Token]) -> list[tuple[int, str]]:
    """Upper-cased bare words that can be keywords: not a property key, parameter or label after . $ :"""
    out = []
    for i, tok in enumerate(tokens):
        if tok.kind != "word":
            continue
        if i and tokens[i - 1].kind == "punct" and tokens[i - 1].text in ".$":
            continue
        out.append((i, tok.text.upper()))
    return out


def _procedure_name(tokens: list[Token], i: int) -> str | None:
    """The dotted procedure name after CALL at `i`, or None for a subquery `CALL {` / `CALL (...) {`."""
    parts: list[str] = []
    j = i + 1
    while j < len(tokens) and tokens[j].kind in ("word", "name"):
        parts.append(tokens[j].text)
        if j + 1 < len(tokens) and tokens[j + 1] == Token("punct", "."):
            j += 2
            continue
        break
    return ".".join(parts) if parts else None


def check_lexically(cypher: str) -> str:
    """Reject anything but a single statement without write clauses or non-whitelisted procedures.

    Returns the statement with surrounding whitespace and one trailing ';' removed."""
    statement = cypher.strip().rstrip(";").strip()
    if not statement:
        raise UnsafeQueryError("The Cypher statement is empty.")
    if len(statement) > MAX_STATEMENT:
        raise UnsafeQueryError(f"The Cypher statement is longer than {MAX_STATEMENT} characters.")
    if any(unicodedata.category(ch) == "Cs" for ch in statement) or "\x00" in statement:
        raise UnsafeQueryError("The Cypher statement contains characters that are not valid text.")
    tokens = tokenize(statement)
    if not tokens:
        raise UnsafeQueryError("The Cypher statement is empty (only comments).")
    if Token("punct", ";") in tokens:
        raise UnsafeQueryError("Only one statement is allowed (found ';').")
    words = _keywords(tokens)
    for k, (i, word) in enumerate(words):
        nxt = words[k + 1] if k + 1 < len(words) else (-1, "")
        if word in FORBIDDEN_WORDS:
            raise UnsafeQueryError(f"Only read-only Cypher is allowed; '{word}' is not.")
        if nxt[0] == i + 1 and (word, nxt[1]) in FORBIDDEN_PAIRS:
            raise UnsafeQueryError(f"Only read-only Cypher is allowed; '{word} {nxt[1]}' is not.")
        if word == "CALL":
            proc = _procedure_name(tokens, i)
            if proc is not None and proc.lower() not in ALLOWED_PROCEDURES:
                raise UnsafeQueryError(f"Procedure '{proc}' is not allowed; only read-only index lookups are.")
    check_expressions(tokens)
    return statement
