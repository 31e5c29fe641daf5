"""Labels that mirror a stored list: each clause type and each party country a contract has is also a label on it
(docs/FILTERS.md#list-labels).

Two lists on `Contract` are facts the filters test: `clause_types` (graph.store.prepare: the distinct types of the
contract's `Clause` nodes) and `party_countries` (graph.store.schema.PARTY_COUNTRIES: the countries of its parties'
locations). A filter on one of them tests a label instead of the list (`c:HasNonCompeteExclusivity`,
`c:PartyInCN`): Neo4j keeps every label in its token lookup index and counts each one in its count store, so the
planner starts from the contracts that carry the rarer label, and tests a label without reading the contract's
properties (1M synthetic contracts: a clause's count 720 -> 20-40 ms, docs/PERFORMANCE.md fix 37; two clauses and
the US 450 -> 50 ms, fix 38). The names are derived from a vocabulary (core.vocab.CLAUSE_TYPES,
core.vocab.ISO_COUNTRIES), never from data: a value outside it keeps its place in the list and gets no label, and no
filter can ask for it (graph.query.filters validates against the same vocabulary).

Every statement that writes one of the lists writes its labels in the same statement (`set_labels`; the loader's
MERGE_CONTRACTS, the party facts' refresh), databases written before the labels get them from `backfill`, and
tests/unit/test_span_writers.py fails on a writer of a list that forgets them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.vocab import CLAUSE_TYPES, ISO_COUNTRIES


def _words(value: str) -> str:
    """A value's words capitalised, without spaces or punctuation ('Non-Compete & Exclusivity' ->
    'NonCompeteExclusivity')."""
    return "".join(w[:1].upper() + w[1:] for w in re.findall(r"[A-Za-z0-9]+", value))


@dataclass(frozen=True)
class ListLabels:
    """The labels of one stored list property: `prefix` and the value's words, for each value of `vocabulary`."""

    prop: str
    prefix: str
    vocabulary: tuple[str, ...]
    labels: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "labels", {v: self.prefix + _words(v) for v in self.vocabulary})

    def label(self, value: str) -> str:
        """The label a filter tests for a value of the vocabulary (KeyError for any other: names come from the
        whitelist, never from a value)."""
        return self.labels[value]

    def labels_of(self, values: list[str] | tuple[str, ...]) -> list[str]:
        """The labels a contract with these values carries (`wanted`, in Python: the bulk import's label column);
        a value outside the vocabulary has none."""
        return [self.labels[v] for v in values if v in self.labels]

    @property
    def _all(self) -> str:
        # The vocabulary's labels as a Cypher literal (names, not values: the statement is the same for every row).
        return "[" + ", ".join(f"'{name}'" for name in self.labels.values()) + "]"

    @property
    def wanted(self) -> str:
        """The labels the stored list gives, in Cypher (a value outside the vocabulary has none)."""
        if all(name == self.prefix + v for v, name in self.labels.items()):
            # Each label is the prefix and the value itself (country codes): a test against the vocabulary and a
            # concatenation. Looking each value up in a map literal of 249 entries made the labels' check at
            # `make run` 5x slower (1M synthetic, every contract labelled: 11.7-15.8 s -> 2.0-2.7 s).
            vocabulary = "[" + ", ".join(f"'{v}'" for v in self.labels) + "]"
            return f"[v IN coalesce(c.{self.prop}, []) WHERE v IN {vocabulary} | '{self.prefix}' + v]"
        mapping = "{" + ", ".join(f"`{v}`: '{name}'" for v, name in self.labels.items()) + "}"
        return f"[name IN [v IN coalesce(c.{self.prop}, []) | {mapping}[v]] WHERE name IS NOT NULL]"

    @property
    def held(self) -> str:
        """The list's labels the contract carries now, in Cypher."""
        return f"[name IN labels(c) WHERE name IN {self._all}]"

    @property
    def set_labels(self) -> str:
        """The clauses that make the labels follow the list: the held ones go, the wanted ones are set (a value the
        contract no longer has loses its label)."""
        return f"REMOVE c:$({self.held})\nSET c:$({self.wanted})"

    @property
    def backfill(self) -> str:
        """Contracts whose labels are not the ones their list gives (a database from before the labels), a batch
        at a time (graph.store.schema.write_in_batches). Both lists are free of repeats, so the same size and every
        wanted label held is the same set; each is built once."""
        return (f"MATCH (c:Contract)\nWITH c, {self.held} AS held, {self.wanted} AS wanted\n"
                "WHERE size(held) <> size(wanted) OR any(name IN wanted WHERE NOT name IN held)\n"
                f"WITH c LIMIT $limit\n{self.set_labels}\nRETURN count(*) AS n")


CLAUSES = ListLabels("clause_types", "Has", tuple(CLAUSE_TYPES))
COUNTRIES = ListLabels("party_countries", "PartyIn", tuple(sorted(ISO_COUNTRIES)))
ALL = (CLAUSES, COUNTRIES)
# Both lists' labels, for a statement that writes both lists.
SET_ALL = "\n".join(labels.set_labels for labels in ALL)
