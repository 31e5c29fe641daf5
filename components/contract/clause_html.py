"""The Document tab's clause-search results as HTML: each retrieved item (hit section, referenced section,
definition, footnote) with its citation linking to its anchor in the document view, its title and page, the
path by which it was reached, and its text with the question's words marked. Pure string building (no
Streamlit); every piece of document and user text is escaped.
"""

from __future__ import annotations

import html
import re

from components.contract.document_html import anchor, tidy_gaps
from graph.retrieval.clause_review import word_pattern
from graph.retrieval.items import Item

STYLE = """<style>
.cg-hits { font-size: 14px; line-height: 1.5; max-height: 60vh; overflow-y: auto; padding-right: 6px; }
.cg-hits .cg-hit { border: 1px solid #E3E7EE; border-radius: 8px; padding: 8px 12px; margin: 0 0 8px; }
.cg-hits .cg-hit.cg-lead { border-left: 4px solid #2E6BE6; }
.cg-hits .cg-hit-head { font-weight: 600; color: #1F2430; overflow-wrap: anywhere; }
.cg-hits a.cg-ref { color: #2E6BE6; text-decoration: underline; margin-right: 6px; }
.cg-hits .cg-reach { font-size: 11px; font-weight: 500; border-radius: 8px; padding: 1px 7px; margin-left: 6px;
  background: #EEF2FA; color: #3A4A6B; white-space: nowrap; }
.cg-hits .cg-reach.cg-hit-kind { background: #E4F3E8; color: #1E6B3A; }
.cg-hits .cg-page { font-size: 12px; font-weight: 400; color: #5A6270; margin-left: 6px; }
.cg-hits .cg-path { font-size: 12px; color: #5A6270; margin: 2px 0 4px; overflow-wrap: anywhere; }
.cg-hits .cg-text { white-space: pre-wrap; color: #2B303A; overflow-wrap: anywhere; }
.cg-hits mark { background: #FFE58A; color: inherit; padding: 0 1px; border-radius: 2px; }
</style>"""


def highlight(text: str, pattern: re.Pattern[str] | None) -> str:
    """`text` escaped, with every match of `pattern` wrapped in <mark>."""
    if pattern is None:
        return html.escape(text)
    out, last = [], 0
    for match in pattern.finditer(text):
        out += [html.escape(text[last:match.start()]), f"<mark>{html.escape(match.group(0))}</mark>"]
        last = match.end()
    return "".join([*out, html.escape(text[last:])])


def reach_kind(item: Item) -> str:
    """How the item was reached, in one word: hit, reference, definition or footnote."""
    if item.reached.startswith("hit"):
        return "hit"
    if item.kind == "section":
        return "reference"
    return item.kind


def _target(item: Item) -> str:
    if item.kind == "footnote":
        return anchor("fn", item.number)
    return anchor("sec", item.section)


def item_html(item: Item, pattern: re.Pattern[str] | None, paged: bool = True) -> str:
    """One retrieved item as a card (its page only when the document has pages: a .txt is one 'page')."""
    kind = reach_kind(item)
    title = f" {html.escape(item.title)}" if item.title else ""
    page = f'<span class="cg-page">page {item.page}</span>' if item.page and paged else ""
    reach_class = "cg-reach cg-hit-kind" if kind == "hit" else "cg-reach"
    link_title = html.escape(f"Show {item.cite()} in the document below", quote=True)
    path = " → ".join(item.path)
    return (f'<div class="cg-hit{" cg-lead" if kind == "hit" else ""}" data-kind="{kind}">'
            f'<div class="cg-hit-head"><a class="cg-ref" href="#{_target(item)}" title="{link_title}">'
            f"{html.escape(item.cite())}</a>{title}{page}"
            f'<span class="{reach_class}">{kind}</span></div>'
            f'<div class="cg-path">Reached: {html.escape(path)}</div>'
            f'<div class="cg-text">{highlight(tidy_gaps(item.text), pattern)}</div></div>')


def hits_html(items: list[Item], question: str, paged: bool = True) -> str:
    """Every item of a clause search, in the order retrieval returned them (hits first)."""
    pattern = word_pattern(question)
    return f'{STYLE}<div class="cg-hits">{"".join(item_html(i, pattern, paged) for i in items)}</div>'
