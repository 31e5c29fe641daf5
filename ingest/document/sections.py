"""Turn the chosen headings into `Section`s: numbers, parents, levels, text spans and pages.

Numbering inside an exhibit restarts, so an exhibit's sections are prefixed with the exhibit's label
("Exhibit A 1", "Exhibit A 1(a)"). Every section also gets a scope-local canonical key ("1.1",
"article 9", "1.1(a)") that the reference resolver looks up; display numbers stay as written.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from ingest.document.candidates import Candidate, find_candidates, find_exhibits, heading_title
from ingest.document.filing_label import filing_label_lines
from ingest.document.models import PREAMBLE, Section
from ingest.document.numbering import numeric_key
from ingest.document.outline import select_exhibits, select_headings
from ingest.document.pages import page_at
from ingest.document.spans import own_spans
from ingest.document.subclauses import find_subclauses


@dataclass
class Node:
    """A section under construction."""

    pos: int
    label_end: int
    number: str
    key: str
    kind: str
    title: str = ""
    scope: str | None = None
    parent: Node | None = None
    values: tuple[int, ...] = ()
    suffix: str = ""


@dataclass
class Outline:
    """Sections plus what the resolver needs: keys per scope and each section's scope and parent."""

    sections: list[Section]
    keys: dict[tuple[str | None, str], str]
    scope_of: dict[str, str | None]
    parent_of: dict[str, str | None]
    exhibit_scopes: dict[str, str]
    key_of: dict[str, str] = field(default_factory=dict)
    spans: list[tuple[int, int, str]] = field(default_factory=list)
    extent: dict[str, int] = field(default_factory=dict)
    filing_labels: frozenset[int] = frozenset()  # where the filing's own "Exhibit 10.38" lines start: no section

    def span_at(self, position: int) -> tuple[int, int, str]:
        """The (start, end, section number) piece of own text that contains `position`."""
        i = bisect.bisect_right(self.spans, position, key=lambda span: span[0]) - 1
        return self.spans[i] if i >= 0 else (0, 0, PREAMBLE)

    def owner(self, position: int) -> str:
        """Number of the section whose own text contains `position`."""
        return self.span_at(position)[2]


def build_outline(text: str, page_starts: list[int]) -> Outline:
    """Find headings and subclauses and assemble them into sections in reading order."""
    cands = find_candidates(text)
    whole = select_headings(cands)
    real = [c for c in whole if c.weight >= 0.5]
    body_start = real[0].pos if real else min(len(text), 300)
    noise = frozenset(filing_label_lines(text))
    exhibits = select_exhibits([e for e in find_exhibits(text) if e.pos not in noise], body_start, text, cands)
    nodes = _heading_nodes(text, cands, exhibits)
    nodes = _with_subclauses(text, nodes)
    outline = _finish(text, page_starts, nodes)
    outline.filing_labels = noise
    return outline


def _heading_nodes(text: str, cands: list[Candidate], exhibits: list[Candidate]) -> list[Node]:
    bounds = [0] + [e.pos for e in exhibits] + [len(text)]
    nodes: list[Node] = []
    for i in range(len(bounds) - 1):
        exhibit = exhibits[i - 1] if i else None
        scope_node = None
        if exhibit:
            scope_node = Node(exhibit.pos, exhibit.label_end, exhibit.label, "exhibit:" + exhibit.label.lower(),
                              "exhibit", exhibit.title, None)
            nodes.append(scope_node)
        low = exhibit.label_end if exhibit else 0
        inside = [c for c in cands if low <= c.pos < bounds[i + 1]]
        scope_nodes: list[Node] = []
        for cand in select_headings(inside):
            node = _node(cand, scope_node)
            node.parent = _parent(node, scope_nodes) or scope_node
            scope_nodes.append(node)
        nodes.extend(scope_nodes)
    return nodes


def _node(cand: Candidate, scope: Node | None) -> Node:
    prefix = scope.number + " " if scope else ""
    if cand.family == "num":
        key, kind = numeric_key(cand.values), "section"
    elif cand.family == "art":
        key, kind = f"article {cand.values[0]}", "article"
    else:
        key, kind = f"roman {cand.values[0]}", "article"
    scope_key = scope.number if scope else None
    return Node(cand.pos, cand.label_end, prefix + cand.label, key, kind, cand.title, scope_key, None, cand.values)


def _parent(node: Node, earlier: list[Node]) -> Node | None:
    if node.kind == "section":
        for size in range(len(node.values) - 1, 0, -1):
            for other in reversed(earlier):
                if other.kind == "section" and other.values == node.values[:size]:
                    return other
    if node.kind == "article":
        return None
    return next((o for o in reversed(earlier) if o.kind == "article"), None)


def _with_subclauses(text: str, nodes: list[Node]) -> list[Node]:
    out: list[Node] = []
    for i, node in enumerate(nodes):
        out.append(node)
        end = nodes[i + 1].pos if i + 1 < len(nodes) else len(text)
        latest: dict[tuple[str, ...], Node] = {}
        subs = find_subclauses(text, node.label_end, end)
        for j, sub in enumerate(subs):
            parent = latest.get(sub.path[:-1], node) if len(sub.path) > 1 else node
            stop = subs[j + 1].pos if j + 1 < len(subs) else end
            title = heading_title(text[sub.label_end:min(stop, sub.label_end + 200)])
            child = Node(sub.pos, sub.label_end, parent.number + sub.path[-1], parent.key + sub.path[-1].lower(),
                         "subclause", title, node.scope, parent, suffix=sub.path[-1])
            latest[sub.path] = child
            out.append(child)
    return out


def _finish(text: str, page_starts: list[int], nodes: list[Node]) -> Outline:
    preamble = Node(0, 0, PREAMBLE, PREAMBLE, "preamble")
    nodes = [preamble, *nodes]
    _unique_numbers(nodes)
    outline = Outline([], {}, {}, {}, {})
    levels: dict[str, int] = {PREAMBLE: 0}
    for ordinal, (node, pieces) in enumerate(zip(nodes, own_spans(text, nodes), strict=True)):
        parent = node.parent.number if node.parent else None
        level = 0 if node.kind == "preamble" else levels.get(parent, 0) + 1
        levels[node.number] = level
        body = "\n".join(part for a, b in pieces if (part := text[a:b].strip()))
        outline.sections.append(Section(
            number=node.number, title=node.title, text=body, page=page_at(page_starts, node.pos),
            ordinal=ordinal, level=level, parent_number=parent, kind=node.kind, start=node.pos,
            end=max(b for _, b in pieces)))
        outline.spans.extend((a, b, node.number) for a, b in pieces if b > a)
        outline.keys.setdefault((node.scope, node.key), node.number)
        outline.scope_of[node.number] = node.scope if node.kind != "exhibit" else node.number
        outline.parent_of[node.number] = parent
        outline.key_of[node.number] = node.key
        if node.kind == "exhibit":
            outline.exhibit_scopes.setdefault(node.number.lower(), node.number)
    outline.spans.sort()
    for section in reversed(outline.sections):  # children come after parents: fold extents upwards
        outline.extent[section.number] = max(outline.extent.get(section.number, 0), section.end)
        if section.parent_number is not None:
            parent_end = outline.extent.get(section.parent_number, 0)
            outline.extent[section.parent_number] = max(parent_end, outline.extent[section.number])
    return outline


def _unique_numbers(nodes: list[Node]) -> None:
    """Second and later uses of a number get " (2)", " (3)"... (children follow their parent's number)."""
    seen: dict[str, int] = {}
    for node in nodes:
        if node.kind == "subclause" and node.parent is not None:
            node.number = node.parent.number + node.suffix
        count = seen.get(node.number, 0) + 1
        seen[node.number] = count
        if count > 1:
            node.number = f"{node.number} ({count})"
            seen.setdefault(node.number, 1)
