"""Which text belongs to which section.

By default a section owns the text from its heading to the next heading. The last item of a list is the
exception: "(b) ... director.\n“customer” refers to ..." - the paragraph after the item's own paragraph
belongs to the enclosing section again, so the item's span stops at that paragraph break and the rest
is handed back to its parent (a section's own text may therefore come in several pieces).
"""

from __future__ import annotations

import re
from typing import Protocol

# A paragraph break that ends a list item: a blank line after a sentence end, or (in PDF text, where
# paragraphs are not separated by blank lines) a line ending in "." or ":" followed by a capital/quote.
_BREAK_RE = re.compile(r"[.;:!?)\"”][ \t]*\n[ \t]*\n\s*(?=[A-Z“\"])|[.:][ \t]*\n(?=[ \t]*[A-Z“\"])")


class SpanNode(Protocol):
    pos: int
    label_end: int
    kind: str
    parent: SpanNode | None


def own_spans(text: str, nodes: list[SpanNode]) -> list[list[tuple[int, int]]]:
    """For each node (in reading order) the list of (start, end) pieces of text it owns."""
    index = {id(node): i for i, node in enumerate(nodes)}
    spans: list[list[tuple[int, int]]] = [[] for _ in nodes]
    for i, node in enumerate(nodes):
        end = nodes[i + 1].pos if i + 1 < len(nodes) else len(text)
        cut = _item_end(text, node, nodes[i + 1] if i + 1 < len(nodes) else None, end)
        spans[i].append((node.pos, cut))
        if cut < end and node.parent is not None:
            spans[index[id(node.parent)]].append((cut, end))
    return spans


def _item_end(text: str, node: SpanNode, following: SpanNode | None, end: int) -> int:
    if node.kind != "subclause" or _is_descendant(following, node):
        return end
    found = _BREAK_RE.search(text, node.label_end, end)
    return found.end() if found and text[found.end():end].strip() else end


def _is_descendant(candidate: SpanNode | None, node: SpanNode) -> bool:
    while candidate is not None:
        if candidate.parent is node:
            return True
        candidate = candidate.parent
    return False
