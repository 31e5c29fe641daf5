"""Saved views in a question (exact mode): "how many contracts are in the Delaware supply view?", "open my saved
view 'Q1 renewals'", "what saved views do we have?".

A question is about a saved view only when it says "view" and either names one of the team's saved views
(graph.store.saved_views; case, quotes and repeated spaces do not matter, the longest name wins) or asks for the
list. Without this, "the Delaware supply view" was parsed as Delaware-law supply contracts with 'view' ignored:
an exact count of another set than the view's. A view is run as saved; words beside its name that are not
question filler are not applied to it (exact mode cannot tell whether they narrow the view), so the question is
refused with the view's name and what to ask instead, never answered with the view's count alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

import agent.question.words as w  # not `from agent.question import`: its __init__ imports the parser
from agent.question.parsed import ParsedQuestion

VIEW_WORDS = frozenset({"view", "views"})
# Words that only say "run / list a saved view" (beside the parser's own filler).
VIEW_FILLER = frozenset("saved save open opened run running load apply applied named called name names "
                        "team team's shared filter filters explorer whats".split())
TOKEN = re.compile(r"[\w&/.'-]+")


@dataclass(frozen=True)
class ViewQuestion:
    """A question about saved views: `name` is the view it names, or None (list the views; with `extra`, the
    question named a view there is not); `extra` the words beside the name that are not question filler."""

    name: str | None
    extra: tuple[str, ...] = ()


def tokens(text: str) -> list[str]:
    """Lower-case words without surrounding quotes or punctuation."""
    out = []
    for token in TOKEN.findall(text.casefold()):
        token = token.strip("'.-/")
        if token:
            out.append(token)
    return out


def _find(words: list[str], names: Sequence[str]) -> tuple[str, int, int] | None:
    """The longest saved name whose words appear in a row in `words`: (name, start, end)."""
    best: tuple[str, int, int] | None = None
    for name in names:
        wanted = tokens(name)
        n = len(wanted)
        if not n or (best is not None and n <= best[2] - best[1]):
            continue
        for start in range(len(words) - n + 1):
            if words[start:start + n] == wanted:
                best = (name, start, start + n)
                break
    return best


def _extra(words: list[str]) -> tuple[str, ...]:
    return tuple(t for t in words if t not in w.FILLER and t not in VIEW_WORDS and t not in VIEW_FILLER)


def says_view(question: str) -> bool:
    """Whether the question has the word "view(s)": the only questions for which the names are worth reading."""
    return bool(VIEW_WORDS & set(tokens(question)))


def read_view_question(question: str, names: Sequence[str]) -> ViewQuestion | None:
    """The saved view the question asks about, the list of views, or None (not a saved-view question)."""
    if not says_view(question):
        return None
    words = tokens(question)
    found = _find(words, names)
    if found is not None:
        name, start, end = found
        return ViewQuestion(name, _extra(words[:start] + words[end:]))
    extra = _extra(words)
    # "what saved views do we have", "list the views": nothing but filler around the word. "the Foo saved view"
    # names a view there is not (the list answers it); "a view of supply contracts" is left to the parser.
    if "saved" in words or ("views" in words and not extra):
        return ViewQuestion(None, extra)
    return None


def view_parse(question: str, view: ViewQuestion, today: date) -> ParsedQuestion:
    """The parse of a saved-view question: the saved_view tool to call (a name, or none to list the views), or a
    refusal when words beside the view's name would have to narrow it."""
    parsed = ParsedQuestion(question=question, today=today)
    if view.name is None:
        return replace(parsed, tool="saved_view", ignored=list(view.extra))
    if view.extra:
        words = ", ".join(f"'{word}'" for word in view.extra)
        return replace(parsed, refusal=f"'{view.name}' is a saved view, which I run only as it was saved, and I "
                                       f"cannot tell how {words} should change it. Ask \"how many contracts are "
                                       f"in the {view.name} view?\", or open the view from the sidebar and narrow "
                                       "it in the Explorer")
    return replace(parsed, tool="saved_view", topic=view.name, understood=[(view.name, "saved view")])
