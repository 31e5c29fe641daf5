"""Clause labels: each extracted clause type a contract has is also a label on it (docs/FILTERS.md#clause-labels).

`Contract.clause_types` (graph.store.prepare: the distinct types of the contract's `Clause` nodes) is the fact;
the labels follow from it. A clause filter tests a label (`c:HasNonCompeteExclusivity`) instead of the stored
list: Neo4j keeps every label in its token lookup index and counts each one in its count store, so "contracts with
a non-compete clause" starts from the 110,000 contracts that have it, not from every contract's list (1M
synthetic contracts: the count 720 -> 20-40 ms; docs/PERFORMANCE.md fix 37). The names are derived from the
vocabulary (core.vocab.CLAUSE_TYPES), never from data: a type outside it keeps its place in the list and gets no
label, and no filter can ask for it (graph.query.filters validates against the same vocabulary).

Every statement that writes `clause_types` writes the labels in the same statement (SET_LABELS; the loader's
MERGE_CONTRACTS), databases written before the labels get them from BACKFILL, and
tests/unit/test_span_writers.py fails on a writer of the list that forgets them.
"""

from __future__ import annotations

import re

from core.vocab import CLAUSE_TYPES

PREFIX = "Has"


def label_name(clause_type: str) -> str:
    """The label of a clause type: 'Has' and its words capitalised, without spaces or punctuation
    ('Non-Compete & Exclusivity' -> 'HasNonCompeteExclusivity')."""
    return PREFIX + "".join(w[:1].upper() + w[1:] for w in re.findall(r"[A-Za-z0-9]+", clause_type))


LABELS: dict[str, str] = {t: label_name(t) for t in CLAUSE_TYPES}


def label(clause_type: str) -> str:
    """The label a filter tests for a clause type of the vocabulary (KeyError for any other: names come from
    the whitelist, never from a value)."""
    return LABELS[clause_type]


def labels_of(clause_types: list[str] | tuple[str, ...]) -> list[str]:
    """The labels a contract with these clause types carries (WANTED below, in Python: the bulk import's label
    column); a type outside the vocabulary has none."""
    return [LABELS[t] for t in clause_types if t in LABELS]


# The vocabulary as Cypher literals (names, not values: the statement is the same for every row).
_ALL = "[" + ", ".join(f"'{name}'" for name in LABELS.values()) + "]"
_MAP = "{" + ", ".join(f"`{t}`: '{name}'" for t, name in LABELS.items()) + "}"
# The labels `c.clause_types` gives (a type outside the vocabulary has none).
WANTED = f"[name IN [t IN coalesce(c.clause_types, []) | {_MAP}[t]] WHERE name IS NOT NULL]"
# Clause labels go first, then the current ones are set: a type the contract no longer has loses its label.
SET_LABELS = f"REMOVE c:$({_ALL})\nSET c:$({WANTED})"
# Contracts whose labels are not the ones their list gives (a database from before the labels, the bulk import),
# a batch at a time (graph.store.schema.write_in_batches).
# Both lists are free of repeats, so the same size and every wanted label held is the same set; each is built once.
BACKFILL = (f"MATCH (c:Contract)\nWITH c, [name IN labels(c) WHERE name IN {_ALL}] AS held, {WANTED} AS wanted\n"
            "WHERE size(held) <> size(wanted) OR any(name IN wanted WHERE NOT name IN held)\n"
            f"WITH c LIMIT $limit\n{SET_LABELS}\nRETURN count(*) AS n")
