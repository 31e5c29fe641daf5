"""CSV files for `neo4j-admin database import full`: the graph a first load (graph.store.load) writes, offline.

The rows are the loader's own (`batch_rows` with `FreshFacts`, batch by batch), and what the loader's Cypher
adds on top is computed here the same way: a contract's `title` (its file title), `end_date_extracted` and the
reconciled `end_date` / `end_date_source` (graph.store.end_dates: only the extracted value exists on a first
load); a party's `search_names` (aliases then name, lower-cased) and `search_text`; a location or
jurisdiction keeps the values of its last mention; a party's `LOCATED_AT` lists the contracts that stated it
in load order. A null value is no property, as `SET c += row` leaves it. After the import,
`finish_bulk_import` runs what `load_records` runs after a first load: the full schema and the organisation
groups. tests/integration/test_bulk_csv.py compares the result with the loader's, node by node.

Quoting: every value is quoted (a null is an empty unquoted field), quotes doubled, newlines kept inside
quotes (`--multiline-fields=true`); list elements are joined by U+001F, which no cleaned value contains.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, TextIO

from neo4j import Driver

from graph.query.list_labels import ALL as LIST_LABELS
from graph.query.list_labels import SET_ALL
from graph.server.db import write_tx
from graph.store import organisations
from graph.store.load import BATCH_SIZE, FreshFacts, _groups, batch_rows, chunks, party_rows
from graph.store.prepare import Prepared, PreparedContract
from graph.store.schema import backfill_derived, ensure_constraints, ensure_schema, write_in_batches

ARRAY_DELIMITER = "\x1f"
# The contract lists the loader always writes (possibly empty): prepare's clause types, FreshFacts' party lists.
LIST_PROPERTIES = ("clause_types", "party_countries", "party_names")
RESTORE_EMPTY_LISTS = ("MATCH (c:Contract) WHERE " + " OR ".join(f"c.{p} IS NULL" for p in LIST_PROPERTIES)
                       + "\nWITH c LIMIT $limit\nSET " + ", ".join(f"c.{p} = coalesce(c.{p}, [])"
                                                                  for p in LIST_PROPERTIES)
                       + f"\n{SET_ALL}\nRETURN count(*) AS n")
CONTRACT_EXTRA = {"party_countries": "string[]", "party_text": "string", "party_names": "string[]",
                  "title": "string", "end_date_extracted": "date", "end_date_source": "string"}
PARTY_COLUMNS = {"key": "ID(Party)", "name": "string", "aliases": "string[]", "search_names": "string[]",
                 "search_text": "string", "contract_count": "long", "role_only": "boolean", "org_key": "string",
                 "org_name": "string", "legal_form": "string"}
LOCATION_COLUMNS = {"key": "ID(Location)", "address": "string", "city": "string", "state": "string",
                    "country": "string"}
JURISDICTION_COLUMNS = {"key": "ID(Jurisdiction)", "country": "string", "state": "string", "name": "string"}
CLAUSE_COLUMNS = {"key": "ID(Clause)", "type": "string", "summary": "string"}


class BulkCsvError(ValueError):
    """A value the CSV cannot carry faithfully (a type the writer does not know, the array delimiter)."""


def neo4j_type(value: Any) -> str:
    """The import header type of a Python value as the driver would store it."""
    if isinstance(value, list):
        inner = {neo4j_type(v) for v in value}
        if len(inner) > 1:
            raise BulkCsvError(f"mixed list {value!r}")
        return f"{inner.pop() if inner else 'string'}[]"
    for kind, name in ((bool, "boolean"), (int, "long"), (float, "double"), (str, "string"),
                       (datetime, "datetime"), (date, "date")):
        if isinstance(value, kind):
            return name
    raise BulkCsvError(f"no import type for {type(value).__name__}")


def cell(value: Any) -> str:
    """One CSV field: empty for null, else quoted with quotes doubled."""
    if value is None:
        return ""
    if isinstance(value, list):
        parts = [cell(v)[1:-1] for v in value]
        if any(ARRAY_DELIMITER in p for p in parts):
            raise BulkCsvError("a list element contains the array delimiter")
        return '"' + ARRAY_DELIMITER.join(parts) + '"'
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, date):
        text = value.isoformat()
    else:
        text = str(value)
    return '"' + text.replace('"', '""') + '"'


def _header(columns: dict[str, str]) -> str:
    return ",".join(":LABEL" if kind == "LABEL" else f"{name}:{kind}" if kind != "string" else name
                    for name, kind in columns.items()) + "\n"


def _write_line(out: TextIO, columns: Iterable[str], row: dict[str, Any]) -> None:
    out.write(",".join(cell(row.get(name)) for name in columns) + "\n")


def property_types(contracts: Iterable[PreparedContract], types: dict[str, set[str]] | None = None,
                   ) -> dict[str, set[str]]:
    """The import types of every contract property (None and [] carry no type), added to `types`."""
    types = {} if types is None else types
    for c in contracts:
        for key, value in c.props.items():
            if value is not None and not (isinstance(value, list) and not value):
                types.setdefault(key, set()).add(neo4j_type(value))
    return types


def contract_columns(prepared: Prepared, types: dict[str, set[str]] | None = None) -> dict[str, str]:
    """file_id first (the ID), then every property any contract has, typed from its values (`types`: from
    property_types, when the contracts are read in parts)."""
    types = property_types(prepared.contracts) if types is None else types
    columns = {"file_id": "ID(Contract)"}
    for key, kinds in types.items():
        if key != "file_id":
            columns[key] = "double" if kinds == {"long", "double"} else _one(key, kinds)
    for key in ("clause_types",):
        columns.setdefault(key, "string[]")
    # The clause and country labels (graph.query.list_labels) as the import's label column: added to `Contract`.
    return {**columns, **CONTRACT_EXTRA, "labels": "LABEL"}


def _one(key: str, kinds: set[str]) -> str:
    if len(kinds) != 1:
        raise BulkCsvError(f"contract property {key} has several types: {sorted(kinds)}")
    return next(iter(kinds))


def contract_row(row: dict[str, Any]) -> dict[str, Any]:
    """What MERGE_CONTRACTS stores for a new contract's row (`labels`: its clause and country labels, the label
    column)."""
    end = row.get("end_date")
    labels = [name for lists in LIST_LABELS for name in lists.labels_of(row.get(lists.prop) or ())]
    return {**row, "title": row.get("file_title") or row["file_id"], "end_date_extracted": end,
            "end_date_source": "extracted" if end is not None else None, "labels": labels or None}


def party_row(row: dict[str, Any]) -> dict[str, Any]:
    """What MERGE_PARTIES stores for a new party's row."""
    aliases = list(dict.fromkeys(row["aliases"]))
    names = [n.lower() for n in [*aliases, row["name"]]]
    return {**row, "aliases": aliases, "search_names": names, "search_text": "".join("\n" + n for n in names)}


@dataclass
class Accumulated:
    """Nodes and relationships that several batches mention: the last mention's values, in load order."""

    parties: dict[str, None] = field(default_factory=dict)  # keys in first-mention order
    places: dict[str, dict[str, Any]] = field(default_factory=dict)
    located: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    jurisdictions: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add(self, rows: dict[str, list[dict[str, Any]]]) -> None:
        for row in rows["parties"]:
            self.parties.setdefault(row["key"], None)
        for row in rows["places"]:
            self.places[row["key"]] = row
        for row in rows["located"]:
            known = self.located.setdefault((row["party"], row["key"]), [])
            known.extend(i for i in row["file_ids"] if i not in known)
        for row in rows["jurisdictions"]:
            self.jurisdictions[row["key"]] = row


@dataclass
class BulkFiles:
    """The files written, as neo4j-admin's --nodes / --relationships arguments (label or type = file)."""

    nodes: list[tuple[str, Path]]
    relationships: list[tuple[str, Path]]

    def arguments(self) -> list[str]:
        return ([f"--nodes={label}={path}" for label, path in self.nodes]
                + [f"--relationships={kind}={path}" for kind, path in self.relationships])


def _open(folder: Path, name: str, header: str) -> TextIO:
    out = (folder / name).open("w", encoding="utf-8", newline="")
    out.write(header)
    return out


def write_csv(prepared: Prepared, folder: Path, batch_size: int = BATCH_SIZE) -> BulkFiles:
    """Write the whole first-load graph of `prepared` as import CSV files under `folder`."""
    return write_batches_csv(chunks(prepared.contracts, batch_size), prepared, FreshFacts.of(prepared),
                             contract_columns(prepared), folder)


def write_batches_csv(batches: Iterable[list[PreparedContract]], prepared: Prepared, facts: FreshFacts,
                      columns: dict[str, str], folder: Path) -> BulkFiles:
    """write_csv with the contracts in `batches` (read from disk by graph.store.stream): `prepared` holds the
    parties and `facts` the stored facts of every contract; `columns` is contract_columns of them all."""
    folder.mkdir(parents=True, exist_ok=True)
    acc = Accumulated()
    streams = {
        "contracts": _open(folder, "contracts.csv", _header(columns)),
        "links": _open(folder, "party_to.csv", ":START_ID(Party),:END_ID(Contract),role\n"),
        "laws": _open(folder, "governed_by.csv", ":START_ID(Contract),:END_ID(Jurisdiction)\n"),
        "clauses": _open(folder, "clauses.csv", _header(CLAUSE_COLUMNS)),
        "has_clause": _open(folder, "has_clause.csv", ":START_ID(Contract),:END_ID(Clause)\n"),
    }
    try:
        for batch in batches:
            rows = batch_rows(batch, prepared, facts)
            acc.add(rows)
            for row in rows["contracts"]:
                _write_line(streams["contracts"], columns, contract_row(row))
            for row in rows["links"]:
                streams["links"].write(f"{cell(row['key'])},{cell(row['file_id'])},{cell(row['role'])}\n")
            for row in rows["laws"]:
                streams["laws"].write(f"{cell(row['file_id'])},{cell(row['key'])}\n")
            for row in rows["clauses"]:
                _write_line(streams["clauses"], CLAUSE_COLUMNS, row)
                streams["has_clause"].write(f"{cell(row['file_id'])},{cell(row['key'])}\n")
    finally:
        for out in streams.values():
            out.close()
    _write_shared(folder, acc, prepared, facts)
    return BulkFiles(
        nodes=[("Contract", folder / "contracts.csv"), ("Party", folder / "parties.csv"),
               ("Location", folder / "locations.csv"), ("Jurisdiction", folder / "jurisdictions.csv"),
               ("Country", folder / "countries.csv"), ("Clause", folder / "clauses.csv")],
        relationships=[("PARTY_TO", folder / "party_to.csv"), ("LOCATED_AT", folder / "located_at.csv"),
                       ("IN_COUNTRY", folder / "location_in_country.csv"),
                       ("IN_COUNTRY", folder / "jurisdiction_in_country.csv"),
                       ("GOVERNED_BY", folder / "governed_by.csv"), ("HAS_CLAUSE", folder / "has_clause.csv")])


def _write_shared(folder: Path, acc: Accumulated, prepared: Prepared, facts: FreshFacts) -> None:
    """Parties, locations, jurisdictions, countries and their links, once each."""
    with _open(folder, "parties.csv", _header(PARTY_COLUMNS)) as out:
        for part in chunks(list(acc.parties), BATCH_SIZE):
            for row in party_rows(part, prepared, facts):
                _write_line(out, PARTY_COLUMNS, party_row(row))
    countries: dict[str, None] = {}
    with (_open(folder, "locations.csv", _header(LOCATION_COLUMNS)) as out,
          _open(folder, "location_in_country.csv", ":START_ID(Location),:END_ID(Country)\n") as rel):
        for row in acc.places.values():
            _write_line(out, LOCATION_COLUMNS, row)
            if row.get("country") is not None:
                countries[row["country"]] = None
                rel.write(f"{cell(row['key'])},{cell(row['country'])}\n")
    with (_open(folder, "jurisdictions.csv", _header(JURISDICTION_COLUMNS)) as out,
          _open(folder, "jurisdiction_in_country.csv", ":START_ID(Jurisdiction),:END_ID(Country)\n") as rel):
        for row in acc.jurisdictions.values():
            _write_line(out, JURISDICTION_COLUMNS, row)
            countries[row["country"]] = None
            rel.write(f"{cell(row['key'])},{cell(row['country'])}\n")
    with _open(folder, "countries.csv", "code:ID(Country)\n") as out:
        out.writelines(cell(code) + "\n" for code in countries)
    with _open(folder, "located_at.csv", ":START_ID(Party),:END_ID(Location),file_ids:string[]\n") as out:
        for (party, key), ids in acc.located.items():
            out.write(f"{cell(party)},{cell(key)},{cell(ids)}\n")


def organisation_keys(prepared: Prepared, linked: Container[str] | None = None) -> list[str]:
    """The organisation keys finish_bulk_import groups (the names with several legal entities; `linked`: the
    parties with contracts, when prepared.contracts is not the whole load)."""
    return sorted(_groups(prepared, linked))


def restore_empty_lists(driver: Driver, database: str | None = None, batch_size: int = 20000) -> int:
    """The import leaves an empty list out (an empty array field is no property); the loader stores []."""
    return write_in_batches(driver, RESTORE_EMPTY_LISTS, database, batch_size)


def finish_bulk_import(driver: Driver, org_keys: list[str], database: str | None = None) -> None:
    """What load_records does after a first load (every index, then the organisation groups of `org_keys`,
    from organisation_keys), after giving back the empty lists the CSV could not carry."""
    ensure_constraints(driver, database=database)
    restore_empty_lists(driver, database)
    backfill_derived(driver, database)  # the loader's MERGE_CONTRACTS derives them (end_dates.reconcile)
    ensure_schema(driver, database=database, backfill=False)
    write_tx(driver, lambda tx: organisations.rebuild(tx, org_keys), database=database)
