"""What clause retrieval returns: one `Item` per section, definition or footnote, with how it was reached
(the path from a search hit) and how to cite it, and the `Budget` that bounds a result."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

SECTION_CHARS = 1500
DEFINITION_CHARS = 600
SHORT_SECTION = 300
MIN_PIECE = 200


def section_label(number: str) -> str:
    """How a section is cited: "§7.4" for numbered sections, else its label ("Appendix 3 6(c)", "preamble")."""
    return f"§{number}" if number[:1].isdigit() else number


def _clip(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@dataclass(frozen=True)
class Item:
    """One retrieved piece. `number` is the section number, the term, or the footnote number; `section` is
    the section to cite (the defining section of a definition, the citing section of a footnote)."""

    kind: str
    file_id: str
    number: str
    title: str
    text: str
    section: str
    reached: str
    path: tuple[str, ...]
    score: float | None = None
    page: int | None = None

    @property
    def depth(self) -> int:
        return len(self.path) - 1

    def cite(self) -> str:
        if self.kind == "definition":
            return f'definition of "{self.number}" ({section_label(self.section)})'
        if self.kind == "footnote":
            return f"footnote {self.number}"
        return section_label(self.number)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "file_id": self.file_id, "cite": self.cite(),
                               "reached": self.reached, "path": list(self.path)}
        if self.kind == "section":
            out.update(section=self.number, title=self.title or None, page=self.page, text=self.text)
        elif self.kind == "definition":
            out.update(term=self.number, defined_in=self.section, definition=self.text)
        else:
            out.update(footnote=int(self.number), cited_in=self.section, page=self.page, text=self.text)
        if self.score is not None:
            out["score"] = round(self.score, 4)
        return {k: v for k, v in out.items() if v is not None}


class Budget:
    """At most `max_nodes` items and `max_chars` characters of text; the last item that does not fit whole
    is shortened when a useful piece still fits."""

    def __init__(self, max_nodes: int, max_chars: int) -> None:
        self.nodes, self.chars = max_nodes, max_chars
        self.spent = False

    def take(self, item: Item) -> Item | None:
        """The item (maybe shortened) when it fits, else None (and the budget counts as spent)."""
        if self.nodes <= 0 or self.chars < min(len(item.text), MIN_PIECE):
            self.spent = True
            return None
        if len(item.text) > self.chars:
            item = replace(item, text=_clip(item.text, self.chars))
            self.spent = True
        self.nodes -= 1
        self.chars -= len(item.text)
        return item


def _section_text(row: dict[str, Any]) -> str:
    """The section's own text; a heading-only section ("7. TERMINATION") also shows its first subsections."""
    text = (row.get("text") or "").strip()
    if len(text) < SHORT_SECTION and row.get("children"):
        text = "\n".join([text, *(c.strip() for c in row["children"] if c)])
    return _clip(text, SECTION_CHARS)


def section_item(row: dict[str, Any], parent: Item | None, ref_text: str, score: float | None) -> Item:
    """A section reached as a search hit (no parent) or through a reference from `parent`."""
    label = section_label(row["number"])
    if parent is None:
        reached, path = "hit", (f"hit {label}",)
    else:
        reached = f"reference from {section_label(parent.number)}"
        path = (*parent.path, f"{reached} ('{ref_text}')")
    return Item("section", row["file_id"], row["number"], row.get("title") or "", _section_text(row),
                row["number"], reached, path, score, row.get("page"))


def definition_item(file_id: str, term: dict[str, Any], parent: Item | None, score: float | None = None) -> Item:
    """The definition of a term the `parent` section uses, or (no parent) one found by its name."""
    step = f'definition of "{term["term"]}"'
    if parent is None:
        reached, path = "hit (defined term)", (f"hit {step}",)
    else:
        reached, path = f"{step} (used in {section_label(parent.number)})", (*parent.path, step)
    return Item("definition", file_id, term["term"], "", _clip(term["definition"] or "", DEFINITION_CHARS),
                term["section"], reached, path, score)


def footnote_item(file_id: str, note: dict[str, Any], parent: Item) -> Item:
    """A footnote the `parent` section cites."""
    step = f"footnote {note['number']}"
    return Item("footnote", file_id, str(note["number"]), "", _clip(note["text"] or "", DEFINITION_CHARS),
                parent.number, f"{step} (cited in {section_label(parent.number)})", (*parent.path, step),
                page=note.get("page"))
