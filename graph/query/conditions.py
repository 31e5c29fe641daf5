"""The compiler's WHERE predicates on `c` as small typed values, and the parameter store they fill.

A `Condition` is one predicate and, when it reads one, its parameter's name and value (a predicate such as
`c.end_date IS NULL` has none). `ParameterStore` collects the parameters of the conditions a statement uses,
in the style of neo4j-graphrag's `filters.ParameterStore`, but with the compiler's fixed, readable names
(`$min_amount`, `$party_0`, ...) rather than generated ones, so the Cypher stays stable and testable.
Values are always parameters; names and operators come only from the whitelists here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from graph.query import renewal_cypher, status_cypher
from graph.query.filters import ContractFilter
from graph.query.list_labels import CLAUSES, COUNTRIES
from graph.query.status import EXPIRED, IN_FORCE

OPERATORS: dict[str, str] = {"=": "=", ">": ">", "<": "<", ">=": ">=", "<=": "<="}
# Every search name of a contract's parties is stored on it, newline-separated and TEXT-indexed
# (graph.store.schema.PARTY_TEXT): a fragment is one indexed CONTAINS instead of a walk through its parties.
PARTY_NAME_TEST = "c.party_text CONTAINS ${param}"
# Another fragment of the same filter, written so that the TEXT index cannot serve it: with two equal estimates the
# planner took the index for either, and for "inc" beside "pharma" read 428,579 entries where "pharma" has 96,703
# (1M synthetic: 218 -> 808 ms p50). The longest fragment, the likelier to be rare, starts; the others filter.
PARTY_NAME_FILTER = "coalesce(c.party_text, '') CONTAINS ${param}"
# An organisation fragment: a party of the contract whose organisation's text (every member's names and aliases
# and the organisation's name, graph.store.organisations) contains it; a party in no organisation is its own.
ORGANISATION_TEST = ("EXISTS {{ MATCH (c)<-[:PARTY_TO]-(p:Party) "
                     "WHERE coalesce(p.org_text, p.search_text) CONTAINS ${param} }}")
# The same contracts from two TEXT indexes, when the first fragment is where matching starts (graph.query.compiler.
# match_anchor): a member's org_text holds every name of its own, so a party's `coalesce(org_text, search_text)`
# contains the fragment exactly when its search_text or its org_text does (fragments hold no newline), and the
# contract's party_text holds its parties' search names. The test walked every contract's parties (1M synthetic:
# 2.4 s for 'pharma'; docs/PERFORMANCE.md fix 34).
ORGANISATION_HEAD = """CALL () {
  MATCH (c:Contract) WHERE c.party_text CONTAINS $organisation_0
  RETURN c
  UNION
  MATCH (p:Party)-[:PARTY_TO]->(c:Contract) WHERE p.org_text CONTAINS $organisation_0
  RETURN c
}
WITH c"""
# Amounts are compared only within one currency (graph.store.currency): never a euro against a dollar.
CURRENCY_TEST = "c.currency = $currency"


@dataclass(frozen=True)
class Condition:
    """One predicate on `c`, and the parameter it reads (None when it reads none)."""

    cypher: str
    param: str | None = None
    value: Any = None


@dataclass
class ParameterStore:
    """The parameters of a statement, by name."""

    params: dict[str, Any] = field(default_factory=dict)

    def add(self, name: str, value: Any) -> str:
        """Store a value under `name`; returns its placeholder (`$name`)."""
        self.params[name] = value
        return f"${name}"

    @classmethod
    def of(cls, conditions: list[Condition]) -> ParameterStore:
        store = cls()
        for c in conditions:
            if c.param is not None:
                store.add(c.param, c.value)
        return store


def _date_conditions(f: ContractFilter) -> list[Condition]:
    bounds = (("min_effective_date", "c.effective_date >= "), ("max_effective_date", "c.effective_date <= "),
              ("min_end_date", "c.end_date >= "), ("max_end_date", "c.end_date <= "))
    return [Condition(f"{expr}${name}", name, getattr(f, name)) for name, expr in bounds if getattr(f, name)]


def _amount_conditions(f: ContractFilter) -> list[Condition]:
    found = []
    if f.min_amount is not None:
        found.append(Condition("c.total_amount >= $min_amount", "min_amount", f.min_amount))
    if f.max_amount is not None:
        found.append(Condition("c.total_amount <= $max_amount", "max_amount", f.max_amount))
    if f.monetary_value is not None:
        op = OPERATORS[f.monetary_value.operator]
        found.append(Condition(f"c.total_amount {op} $monetary_value", "monetary_value", f.monetary_value.value))
    if f.compares_amounts():
        found.append(Condition(CURRENCY_TEST, "currency", f.amount_currency()))
    return found


def party_conditions(f: ContractFilter) -> list[Condition]:
    """Party name fragments, each a test of the contract's stored party names (lower-cased like them; the longest
    first, the only one the TEXT index may serve: PARTY_NAME_FILTER), then
    organisation fragments, each a test of its parties' organisations."""
    lead = max(range(len(f.parties)), key=lambda i: len(f.parties[i]), default=0)  # the first of the longest
    order = [lead] + [i for i in range(len(f.parties)) if i != lead] if f.parties else []
    return [Condition((PARTY_NAME_TEST if i == lead else PARTY_NAME_FILTER).format(param=f"party_{i}"), f"party_{i}",
                      f.parties[i].lower()) for i in order] + [
        Condition(ORGANISATION_TEST.format(param=f"organisation_{i}"), f"organisation_{i}", name.lower())
        for i, name in enumerate(f.organisations)]


def related_conditions(f: ContractFilter) -> list[Condition]:
    """Party country and clause types: each a label on the contract (graph.query.list_labels), so the token lookup
    index hands over the contracts that carry it, and testing one reads none of the contract's properties."""
    country = [Condition(f"c:{COUNTRIES.label(f.party_country)}")] if f.party_country else []
    return [*country, *_clause_conditions(f)]


# The fields that say how to show the matches, not which contracts match.
PRESENTATION = frozenset({"sort_by", "sort_order", "limit", "offset", "group_by", "metric", "agg_order", "agg_limit"})


def only(f: ContractFilter, fields: set[str]) -> bool:
    """Whether the filter sets no field but `fields` and the presentation ones. A field this does not know counts
    as a condition, so a new field can only turn a seeking test into the non-seeking one."""
    return set(f.describe()) <= PRESENTATION | fields


def status_alone(f: ContractFilter) -> bool:
    """Whether the status (`active` or `status`, on `as_of`) is the filter's only condition."""
    return only(f, {"active", "status", "as_of"}) and (f.active is None or not f.status)


def renewal_alone(f: ContractFilter) -> bool:
    """Whether the renewal fields (types, notice and renewal windows) are the filter's only conditions, so a window
    may start from its day-of-year keys (graph.query.renewal_keys)."""
    return only(f, {"renewal_types", "as_of", *renewal_cypher.WINDOW_BOUNDS})


def property_conditions(f: ContractFilter, today: date, ordered: bool = False) -> list[Condition]:
    """Conditions on the contract's own (indexed) properties. `ordered`: the head ends in an ORDER BY ... LIMIT, so
    the status test must not start from the span's index (the page walks its sort key's index and stops early;
    from the span's index the planner read 427,939 in-force contracts and sorted them: 80 ms -> 2 s at 1M)."""
    found = _date_conditions(f) + _amount_conditions(f)
    if f.contract_types:
        found.append(Condition("c.contract_type IN $contract_types", "contract_types", list(f.contract_types)))
    # Status on as_of (graph.query.status): `active` is in force (true) or expired (false).
    # The states' test (status_cypher.states_test) equals `STATUS IN [...]` at a fraction of its cost.
    seek = status_alone(f) and not ordered
    if f.active is not None:
        found.append(Condition(status_cypher.states_test(IN_FORCE if f.active else EXPIRED, seek=seek), "as_of",
                               f.as_of or today))
    if f.status:
        found += [Condition(status_cypher.states_test(f.status, "status", seek=seek), "status", list(f.status)),
                  Condition("", "as_of", f.as_of or today)]
    if f.end_date_disagrees is not None:
        found.append(Condition(status_cypher.END_DATE_DISAGREES if f.end_date_disagrees
                               else status_cypher.END_DATE_AGREES))
    if f.has_end_date is not None:
        found.append(Condition(f"c.end_date IS {'NOT ' if f.has_end_date else ''}NULL"))
    # The contract's one jurisdiction, stored on it (graph.store.prepare) under range indexes.
    for name in ("governing_law_country", "governing_law_state"):
        if getattr(f, name):
            found.append(Condition(f"c.{name} = ${name}", name, getattr(f, name)))
    bounds = {n: getattr(f, n) for n in renewal_cypher.WINDOW_BOUNDS}
    for expr, params in renewal_cypher.renewal_conditions(f.renewal_types, bounds, f.as_of or today,
                                                          renewal_alone(f)):
        names = list(params) or [None]  # a condition reads at most its own parameters, the first carries it
        found.append(Condition(expr, names[0], params.get(names[0]) if names[0] else None))
        found += [Condition("", name, params[name]) for name in names[1:]]
    return found


def _clause_conditions(f: ContractFilter) -> list[Condition]:
    # Where the stored list was read on every contract (docs/PERFORMANCE.md fix 37).
    found = [Condition(f"c:{CLAUSES.label(ctype)}") for ctype in f.clause_types]
    found += [Condition(f"NOT c:{CLAUSES.label(ctype)}") for ctype in f.without_clause_types]
    found += [Condition(text_category_test(f"$text_clause_type_{i}"), f"text_clause_type_{i}", name)
              for i, name in enumerate(f.text_clause_types)]
    found += [Condition("NOT " + text_category_test(f"$no_text_clause_type_{i}"), f"no_text_clause_type_{i}", name)
              for i, name in enumerate(f.without_text_clause_types)]
    return found


def text_category_test(category: str) -> str:
    """Contract `c` has the CUAD category `category` (a parameter or a variable) in its own text: a reviewer
    confirmed it (graph.store.clause_decisions), or no reviewer rejected it and a section of its document layer
    is classified with it in the found band (the clause classifier's precision-oriented band;
    ingest.clause_model.bands). A decision wins over the classifier in every count that uses this test."""
    decided = f"(d:ClauseDecision {{file_id: c.file_id, category: {category}}})"
    return (f"(EXISTS {{ MATCH {decided} WHERE d.verdict = 'confirmed' }} OR "
            f"(NOT EXISTS {{ MATCH {decided} }} AND EXISTS {{ MATCH (s:Section {{file_id: c.file_id}})"
            f"-[r:IS_CLAUSE_OF_TYPE]->(:ClauseType {{name: {category}}}) WHERE r.band = 'found' }}))")
