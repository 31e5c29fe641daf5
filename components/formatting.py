"""Display helpers shared by the dashboard pages: money, countries, parties and governing law as text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from core.currency import DEFAULT_CURRENCY, format_money, format_money_compact
from core.vocab import COUNTRY_LABELS, US_STATES

COUNTRY_NAMES = COUNTRY_LABELS  # code -> the name the UI shows


def country_label(code: str | None) -> str:
    """'US · United States' for a known code, the code itself otherwise."""
    if not code:
        return "—"
    name = COUNTRY_NAMES.get(code)
    return f"{code} · {name}" if name else code


def state_label(code: str | None) -> str:
    """'DE · Delaware' for US states, the value itself otherwise."""
    if not code:
        return "—"
    name = US_STATES.get(code)
    return f"{code} · {name}" if name else code


def money(value: float | None, currency: str | None = DEFAULT_CURRENCY) -> str:
    """The full amount in its currency for tables and detail views: $1,250,000 ($1,250.50 with cents), €200,000,
    CN¥176,000,000 (core.currency); an em dash when unknown."""
    return format_money(value, currency)


def money_compact(value: float | None, currency: str | None = DEFAULT_CURRENCY) -> str:
    """Compact money for chart axes only: $5.0k, $12.5M, €1.2B; an em dash when unknown."""
    return format_money_compact(value, currency)


# Every ASCII punctuation character can be backslash-escaped in CommonMark; escaping all of them leaves no
# Markdown syntax (links, images, emphasis, headings, HTML, Streamlit's :color[...] and :material/...:
# directives, $ for LaTeX) in the text.
_MD_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
# Text meant as Markdown (the assistant's answers) keeps emphasis, lists and tables; only what can form a
# link, an image, a directive or HTML is escaped.
_MD_LINK_SYNTAX = re.compile(r"([\\\[\]<>!])")
# A filing's redaction marker quoted in an answer ("[***]", "[* * *]", "[...***...]") would turn the text after it
# bold or italic: the asterisks right after an (already escaped) "[" are escaped. Decided by what precedes only,
# as escaped_stream needs.
_REDACTION = re.compile(r"\\\[[ \t.…*]*")
# GitHub-flavoured Markdown turns bare URLs, www. names and e-mail addresses into links even when every
# character is escaped (checked in Chromium): an invisible word joiner after 'http:', 'www' and '@' breaks
# the pattern. Only what precedes decides where one goes, so streamed text can be escaped piece by piece.
_AUTOLINK = re.compile(r"(?i)(?<=https:)|(?<=http:)|(?<=mailto:)|(?<=xmpp:)|(?<=www)|(?<=@)")
WORD_JOINER = "\u2060"
# A complete code span (`amount > $100,000`): shown verbatim by Markdown, so nothing in it can form a link or
# HTML and a backslash put there would show literally ("amount \\> $100,000").
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)


def escape_md(value: Any, *, keep_formatting: bool = False) -> str:
    """User data (names, summaries, clause text, file names, messages quoting them) made safe for
    st.markdown, st.caption, st.info, st.error, headers and widget labels: no Markdown image or link (nor
    a bare URL) can form, so the browser fetches nothing and shows no link a contract put there.

    By default every Markdown character is escaped (literal text). `keep_formatting=True` is for text that
    is meant as Markdown (the assistant's answers): emphasis, lists and tables stay, links and images go.
    """
    text = _AUTOLINK.sub(WORD_JOINER, "" if value is None else str(value))
    if not keep_formatting:
        return _MD_PUNCTUATION.sub(r"\\\1", text)
    out, last = [], 0
    for span in _CODE_SPAN.finditer(text):  # code spans verbatim, the text between them escaped
        out += [_escape_formatted(text[last:span.start()]), span.group(0)]
        last = span.end()
    return "".join([*out, _escape_formatted(text[last:])])


def _escape_formatted(text: str) -> str:
    text = _MD_LINK_SYNTAX.sub(r"\\\1", text)
    return _REDACTION.sub(lambda m: m.group(0).replace("*", "\\*"), text)


def _settled(raw: str) -> int:
    """How much of streamed text is escaped for good: up to a backtick that may still open or close a code
    span (an unclosed one, or a run at the very end that the next piece could lengthen)."""
    spans = list(_CODE_SPAN.finditer(raw))
    end = spans[-1].end() if spans else 0
    tick = raw.find("`", end)
    cut = len(raw) if tick < 0 else tick
    if spans and end == len(raw):  # a span closed by the last character: the next piece could add a backtick
        cut = spans[-1].start()
    return cut


def escaped_stream(chunks: Iterable[str]) -> Iterator[str]:
    """`escape_md(..., keep_formatting=True)` for text that arrives in pieces (st.write_stream): yields what
    to append so that the pieces joined equal the escaped whole, even when a URL or a code span is split
    across pieces (text from a backtick on is held back until its code span is complete)."""
    raw, sent = "", ""
    for chunk in chunks:
        raw += chunk
        safe = escape_md(raw[:_settled(raw)], keep_formatting=True)
        # Escapes and joiners depend only on what precedes them, so what was sent stays a prefix.
        if len(safe) > len(sent):
            yield safe[len(sent):]
            sent = safe
    rest = escape_md(raw, keep_formatting=True)[len(sent):]
    if rest:
        yield rest


def count_of(n: int, word: str, many: str | None = None) -> str:
    """'1 party', '2 parties', '1,204 contracts': the number with the word in the right number."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def parties_short(names: list[str] | None, shown: int = 2) -> str:
    """'Acme Inc., Beta LLC +2 more' (the first names, then how many are left out)."""
    names = [n for n in names or [] if n]
    if not names:
        return "no parties recorded"
    more = f" +{len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def choice_label(row: dict[str, Any]) -> str:
    """A contract in a picker: 'Supply Agreement — Acme Inc., Beta LLC'."""
    return f"{row.get('title') or row['file_id']} — {parties_short(row.get('party_names'))}"
