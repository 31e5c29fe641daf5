"""The review grid: the contracts of a filter x chosen CUAD categories (or free questions), each cell found /
possible / none with the best section, a quote and the classifier's probability, and a reviewer's decision.

A column is a CUAD category (`core.cuad_topics`; a free question naming one, "can we terminate for
convenience", becomes that category) or a free question without one, answered by clause search's full-text
ranking (`clause_review`): its cells are `match` (the best section by words, with its relevance) or none, and
carry no band and no decision. A category cell shows the best section in the found band, else the possible band;
a reviewer's decision (graph.store.clause_decisions) is shown with it and decides the cell's status: confirmed
counts as having the clause and rejected as not, here as in every filter, count and chart
(graph.query.conditions.text_category_test). Rows are the filter's contracts by title, at most `cap`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver

from core.cuad_topics import CUAD_CATEGORIES, question_category
from core.errors import FilterValidationError
from graph.query.compiler import CompiledQuery
from graph.query.filters import ContractFilter
from graph.retrieval.clause_review import ROW_CAP, ReviewRow, check_question, clause_review, review_row
from graph.retrieval.search import scope_ids
from graph.server.db import read
from graph.store.clause_decisions import Decision, decisions_of

MAX_COLUMNS = 8
GRID_CAP = 500
# The grid's contracts (the scope's, by title) and, per contract and category, the best section in the found band,
# else the possible band (the higher probability first, then reading order); null when it has neither.
GRID_CELLS = """
MATCH (c:Contract) WHERE $file_ids IS NULL OR c.file_id IN $file_ids
WITH c ORDER BY toLower(coalesce(c.title, c.file_id)), c.file_id
WITH collect(c) AS scoped
UNWIND scoped[0..$cap] AS c
UNWIND $categories AS category
CALL (c, category) {
  OPTIONAL MATCH (s:Section {file_id: c.file_id})-[r:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: category})
  WHERE r.band IN ['found', 'possible']
  WITH s, r ORDER BY CASE r.band WHEN 'found' THEN 0 ELSE 1 END, r.score DESC, s.ordinal
  WITH collect(CASE WHEN s IS NULL THEN null ELSE {number: s.number, section_title: s.title, text: s.text,
       page: s.page, score: coalesce(r.score, 1.0), band: r.band, sections: 1,
       children: COLLECT { MATCH (s)-[:HAS_SUBSECTION]->(ch:Section) RETURN ch.text ORDER BY ch.ordinal LIMIT 4 }
       } END) AS best
  RETURN best[0] AS best
}
RETURN size(scoped) AS total, c.file_id AS file_id, coalesce(c.title, c.file_id) AS title,
       coalesce(c.party_names, []) AS parties, category, best
"""
STATUSES = ("found", "possible", "match", "none", "confirmed", "rejected")


@dataclass(frozen=True)
class Column:
    """One grid column: its heading, its CUAD category (None: a free question ranked by words)."""

    label: str
    category: str | None


@dataclass(frozen=True)
class Cell:
    """The best section of one contract for one column (None: none), and a reviewer's decision on it."""

    section: ReviewRow | None
    decision: Decision | None = None

    @property
    def status(self) -> str:
        """confirmed / rejected (a decision), else found / possible / match (the section's), else none."""
        if self.decision is not None:
            return self.decision.verdict
        if self.section is None:
            return "none"
        return self.section.band or "match"


@dataclass
class GridRow:
    file_id: str
    title: str
    cells: dict[str, Cell]  # by column label


@dataclass
class ClauseGrid:
    columns: list[Column]
    rows: list[GridRow]
    total: int  # contracts in scope; rows holds the first `cap` by title
    queries: list[CompiledQuery] = field(default_factory=list)

    @property
    def capped(self) -> bool:
        return self.total > len(self.rows)

    def counts(self, label: str) -> dict[str, int]:
        """How many rows of a column have each status."""
        out = dict.fromkeys(STATUSES, 0)
        for row in self.rows:
            out[row.cells[label].status] += 1
        return out


def grid_columns(categories: list[str], questions: list[str]) -> list[Column]:
    """Columns for the chosen categories then the free questions (a question naming a category becomes that
    category's column); duplicates dropped. FilterValidationError for an unknown category, an empty question
    or more than MAX_COLUMNS columns."""
    columns: list[Column] = []
    for name in categories:
        if name not in CUAD_CATEGORIES:
            raise FilterValidationError(f"Unknown clause category '{name[:80]}'.", field="categories")
        columns.append(Column(name, name))
    for question in questions:
        question = check_question(question)
        category = question_category(question)
        columns.append(Column(category, category) if category else Column(question[:120], None))
    unique = list({c.label: c for c in columns}.values())
    if not unique:
        raise FilterValidationError("Choose at least one clause category or type a question.", field="categories")
    if len(unique) > MAX_COLUMNS:
        raise FilterValidationError(f"At most {MAX_COLUMNS} columns at once.", field="categories")
    return unique


def clause_grid(driver: Driver, columns: list[Column], scope: ContractFilter | None = None, cap: int = GRID_CAP,
                today: Any = None, database: str | None = None) -> ClauseGrid:
    """The grid of `columns` over the contracts in `scope` (every contract when None), first `cap` by title."""
    if not 1 <= cap <= ROW_CAP:
        raise FilterValidationError(f"cap must be between 1 and {ROW_CAP}.", field="cap")
    ids, ran = scope_ids(driver, scope, None, today, database)
    if ids == []:
        return ClauseGrid(columns, [], 0, ran)
    categories = [c.category for c in columns if c.category]
    query = CompiledQuery(GRID_CELLS, {"file_ids": ids, "cap": cap, "categories": categories or [None]})
    found = read(driver, query.cypher, query.params, database)
    rows: dict[str, GridRow] = {}
    for r in found:
        row = rows.setdefault(r["file_id"], GridRow(r["file_id"], r["title"], {}))
        if r["category"] is not None:
            best = r["best"]
            row.cells[r["category"]] = Cell(None if best is None else review_row(
                {**best, "file_id": r["file_id"], "title": r["title"], "parties": r["parties"]}, r["category"]))
    decided = decisions_of(driver, list(rows), categories, database)
    for row in rows.values():
        for category in categories:
            row.cells[category] = Cell(row.cells[category].section, decided.get((row.file_id, category)))
    ran.append(query)
    for column in (c for c in columns if c.category is None):
        ran += _by_words(driver, column, scope, rows, today, database)
    return ClauseGrid(columns, list(rows.values()), int(found[0]["total"]) if found else 0, ran)


def _by_words(driver: Driver, column: Column, scope: ContractFilter | None, rows: dict[str, GridRow],
              today: Any, database: str | None) -> list[CompiledQuery]:
    """Fill a free question's column from clause search over the same scope; returns the queries it ran."""
    review = clause_review(driver, column.label, scope, ROW_CAP, today, database)
    best = {r.file_id: r for r in review.rows}
    for row in rows.values():
        row.cells[column.label] = Cell(best.get(row.file_id))
    return review.queries[-1:]  # its scope query is the grid's own


def contract_cells(driver: Driver, file_ids: list[str], category: str,
                   database: str | None = None) -> list[tuple[GridRow, Cell]]:
    """One category's cell for each of these contracts (by title): the grid of a few named contracts, for the
    assistant's 'does the X agreement have a non-compete?'."""
    query = GRID_CELLS
    found = read(driver, query, {"file_ids": file_ids, "cap": len(file_ids), "categories": [category]}, database)
    decided = decisions_of(driver, file_ids, [category], database)
    out = []
    for r in found:
        best = r["best"]
        section = None if best is None else review_row(
            {**best, "file_id": r["file_id"], "title": r["title"], "parties": r["parties"]}, category)
        out.append((GridRow(r["file_id"], r["title"], {}), Cell(section, decided.get((r["file_id"], category)))))
    return out
