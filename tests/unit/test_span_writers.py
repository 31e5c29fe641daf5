"""The stored in-force span (graph.query.status_cypher.SET_SPAN) is re-derived by every statement in graph/ that
writes one of the facts it follows from (effective date, end date, renewal type), the renewal keys
(graph.query.renewal_keys.SET_KEYS) by every one that writes a term fact, and the clause and country labels
(graph.query.list_labels) by every one that writes the clause types or the party countries, so the filters that
read them are never older than the facts; the checker really finds a planted writer that forgets one."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import graph
from graph.query.list_labels import CLAUSES, COUNTRIES
from graph.query.renewal_keys import MISSING, SET_KEYS
from graph.query.status_cypher import SET_SPAN

# A SET of one of the span's facts on a contract, or of a whole row onto one (`SET c += row`: the loader's
# effective date).
WRITES_FACT = re.compile(r"\bc\.(?:effective_date|end_date|renewal_type)\s*=(?!=)|\bSET\s+c\s*\+=")
# A SET of a fact the renewal keys follow from (the end the renewal maths read, the renewal and notice periods).
WRITES_TERM_FACT = re.compile(
    r"\bc\.(?:term_end|renewal_type|renewal_months|renewal_days|notice_months|notice_days)\s*=(?!=)|\bSET\s+c\s*\+=")
# A SET of the clause types the clause labels follow from.
WRITES_CLAUSE_TYPES = re.compile(r"\bc\.clause_types\s*=(?!=)|\bSET\s+c\s*\+=")
# A SET of the party countries the country labels follow from.
WRITES_PARTY_COUNTRIES = re.compile(r"\bc\.party_countries\s*=(?!=)|\bSET\s+c\s*\+=")


def writers_of(statements: dict[str, str], writes: re.Pattern[str]) -> set[str]:
    """The names of the statements that write a fact `writes` finds."""
    return {name for name, text in statements.items() if "SET" in text and writes.search(_without_derived(text))}


def writers_without(statements: dict[str, str], writes: re.Pattern[str] = WRITES_FACT,
                    stored: str = SET_SPAN) -> list[str]:
    """The names of the statements that write a fact (`writes`) and do not store what follows from it (`stored`:
    the span, by default)."""
    return sorted(name for name in writers_of(statements, writes) if stored not in statements[name])


def _without_derived(text: str) -> str:
    """The statement less the derived values' own Cypher, which reads the facts (`c.renewal_type = 'perpetual'`)
    but writes none of them: the backfills of the span and of the keys are not writers of facts."""
    for derived in (SET_SPAN, SET_KEYS, MISSING):
        text = text.replace(derived, "")
    return text


def graph_statements() -> dict[str, str]:
    """Every module-level string of every module under graph/ (and each string of a module-level tuple), by
    `module.NAME` (`module.NAME[i]`)."""
    found: dict[str, str] = {}
    for info in pkgutil.walk_packages(graph.__path__, "graph."):
        if info.name.endswith("__main__"):  # importing it runs the CLI
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, str) and not name.startswith("__"):
                found[f"{info.name}.{name}"] = value
            elif isinstance(value, tuple) and not name.startswith("__"):  # a list of statements run in turn
                found.update({f"{info.name}.{name}[{i}]": v for i, v in enumerate(value) if isinstance(v, str)})
    return found


# (what a statement writes, what it must then store, writers it has today, a planted writer that forgets it and
# one that does not): every writer of a fact stores what follows from it, and a new writer must too.
DERIVED = {
    # The span's writers (each through graph.store.end_dates.reconcile).
    "span": (WRITES_FACT, SET_SPAN,
             {"graph.store.load_statements.MERGE_CONTRACTS", "graph.store.end_dates.CONFIRM_END_DATE",
              "graph.store.families.SET_AMENDED_END", "graph.documents.renewal_facts.SET_FACTS"},
             "MATCH (c:Contract) SET c.effective_date = $d", f"MATCH (c:Contract) SET c.end_date = $d\nSET {SET_SPAN}"),
    "renewal keys": (WRITES_TERM_FACT, SET_KEYS,
                     {"graph.store.load_statements.MERGE_CONTRACTS", "graph.documents.renewal_facts.SET_FACTS",
                      "graph.store.families.SET_AMENDED_END"},
                     "MATCH (c:Contract) SET c.notice_days = 30",
                     f"MATCH (c:Contract) SET c.term_end = $d, {SET_KEYS}"),
    "clause labels": (WRITES_CLAUSE_TYPES, CLAUSES.set_labels,
                      {"graph.store.load_statements.MERGE_CONTRACTS", "graph.store.schema.BACKFILL_STORED_FACTS[3]",
                       "graph.store.bulk_csv.RESTORE_EMPTY_LISTS"},
                      "MATCH (c:Contract) SET c.clause_types = []",
                      f"MATCH (c:Contract) SET c.clause_types = []\n{CLAUSES.set_labels}"),
    "country labels": (WRITES_PARTY_COUNTRIES, COUNTRIES.set_labels,
                       {"graph.store.load_statements.MERGE_CONTRACTS",
                        "graph.store.load_statements.REFRESH_CONTRACT_PARTY_FACTS",
                        "graph.store.schema.BACKFILL_STORED_FACTS[2]", "graph.store.bulk_csv.RESTORE_EMPTY_LISTS"},
                       "MATCH (c:Contract) SET c.party_countries = ['US']",
                       f"MATCH (c:Contract) SET c.party_countries = ['US']\n{COUNTRIES.set_labels}"),
}


@pytest.mark.parametrize("derived", list(DERIVED))
def test_every_writer_of_a_fact_stores_what_follows_from_it(derived: str) -> None:
    writes, stored, known, forgot, ok = DERIVED[derived]
    statements = graph_statements()
    assert known <= writers_of(statements, writes)
    assert writers_without(statements, writes, stored) == []
    assert writers_without({"forgot": forgot, "ok": ok}, writes, stored) == ["forgot"]


def test_the_checker_finds_a_writer_that_forgets_the_span() -> None:
    planted = {"ok": "MATCH (c:Contract) SET c.end_date = $d\nSET " + SET_SPAN,
               "forgot": "MATCH (c:Contract {file_id: $id}) SET c.renewal_type = 'automatic'",
               "row": "UNWIND $rows AS row MERGE (c:Contract {file_id: row.id}) SET c += row",
               "reads": "MATCH (c:Contract) WHERE c.end_date = $d SET c.seen = true",
               "compares": "MATCH (c:Contract) WHERE c.end_date == 1 RETURN c"}
    # "reads" tests the end date in a WHERE and writes another property: the pattern cannot tell a test from a
    # write, so it is reported too, and the real tree has no such statement (the test above).
    assert writers_without(planted) == ["forgot", "reads", "row"]
