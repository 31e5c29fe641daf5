"""Reads the app, the CLI and the agent share. Contract reads compile a `ContractFilter`; other reads use
the named constants in `graph.reads.cypher`. All reads are routed to readers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from neo4j import Driver
from pydantic import BaseModel, ConfigDict, Field, field_validator
from rapidfuzz import fuzz, process, utils

from core.errors import NotFound
from core.vocab import country_code
from graph.query.compiler import AMOUNT_METRICS, CompiledQuery, compile_aggregation, compile_count
from graph.query.filters import MAX_OFFSET, ContractFilter, parse_filter, validate_model
from graph.query.keyset import KEYED_PHASE, UNKEYED_PHASE, compile_chunk
from graph.query.paging import compile_page
from graph.query.status import row_fields
from graph.reads import cypher as queries
from graph.server.db import read


@dataclass
class SearchResult:
    """Exact total, one page of contracts, the optional aggregation and the Cypher that ran."""

    total_count: int
    contracts: list[dict[str, Any]]
    aggregation: list[dict[str, Any]] | None
    queries: list[CompiledQuery] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"total_count": self.total_count, "contracts": self.contracts}
        if self.aggregation is not None:
            out["aggregation"] = self.aggregation
        out["cypher"] = [q.cypher for q in self.queries]
        out["params"] = [json_params(q.params) for q in self.queries]
        return out


def json_params(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters with dates as ISO strings, for JSON output."""
    return {k: v.isoformat() if isinstance(v, date) else v for k, v in params.items()}


def count_contracts(driver: Driver, f: ContractFilter, today: date | None = None,
                    database: str | None = None) -> int:
    q = compile_count(f, today)
    return int(read(driver, q.cypher, q.params, database)[0]["total_count"])


def search_contracts(driver: Driver, f: ContractFilter | dict[str, Any] | None, today: date | None = None,
                     database: str | None = None) -> SearchResult:
    """Count, page and (when asked) aggregate the contracts matching `f`. The count and the page come from
    one statement (graph.query.paging); without a page, from the count alone."""
    f = parse_filter(f)
    contracts: list[dict[str, Any]] = []
    if f.limit > 0:
        page_q = compile_page(f, today)
        row = read(driver, page_q.cypher, page_q.params, database)[0]
        total = int(row["total_count"])
        as_of = f.as_of or today or date.today()
        contracts = [{**found, **row_fields(found, as_of)} for found in row["contracts"]]
        ran = [page_q]
    else:
        count_q = compile_count(f, today)
        total = int(read(driver, count_q.cypher, count_q.params, database)[0]["total_count"])
        ran = [count_q]
    aggregation = None
    agg_q = compile_aggregation(f, today)
    if agg_q is not None:
        aggregation = with_currency(f, read(driver, agg_q.cypher, agg_q.params, database))
        ran.append(agg_q)
    return SearchResult(total, contracts, aggregation, ran)


EXPORT_CHUNK = 500


def iter_contracts(driver: Driver, f: ContractFilter | dict[str, Any] | None, today: date | None = None,
                   chunk: int = EXPORT_CHUNK, database: str | None = None) -> Iterator[dict[str, Any]]:
    """Every contract matching `f`, in its page order (`f`'s offset and limit ignored), `chunk` at a time,
    each chunk starting after the last row of the one before (graph.query.keyset): no offsets, so the whole
    list costs one pass and little memory at any size. Rows as search_contracts gives them."""
    f = parse_filter(f)
    as_of = f.as_of or today or date.today()
    for phase in (KEYED_PHASE, UNKEYED_PHASE):
        after: Any = None
        while True:
            q = compile_chunk(f, phase, after, chunk, today)
            rows = read(driver, q.cypher, q.params, database)
            for row in rows:
                key = row.pop("sort_key")
                yield {**row, **row_fields(row, as_of)}
            if len(rows) < chunk:
                break
            last = rows[-1]
            after = (key, last["file_id"]) if phase == KEYED_PHASE else last["file_id"]


def with_currency(f: ContractFilter, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An amount metric's groups, each naming the currency of its value: the group's own when grouped by
    currency, else the filter's (the compiler reads no other)."""
    if f.metric not in AMOUNT_METRICS:
        return rows
    return [{**row, "currency": row["key"] if f.group_by == "currency" else f.amount_currency()} for row in rows]


class PartyQuery(BaseModel):
    """Filter for party search: a name fragment, a country, paging."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str | None = Field(None, max_length=200, description="Case-insensitive name or alias fragment.")
    country: str | None = Field(None, description="ISO 3166 alpha-2 country of the party's location.")
    limit: int = Field(20, ge=1, le=500)
    offset: int = Field(0, ge=0, le=MAX_OFFSET)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        # Whitespace only collapsed to '' and matched every party; '' stays "no name filter" (an empty box).
        if value and not value.strip():
            raise ValueError("name must not be only whitespace")
        return value

    @field_validator("country")
    @classmethod
    def _country(cls, value: str | None) -> str | None:
        return country_code(value)


def parse_party_query(data: dict[str, Any] | PartyQuery | None) -> PartyQuery:
    return validate_model(PartyQuery, data, "party query")


def search_parties(driver: Driver, query: PartyQuery | dict[str, Any] | None,
                   database: str | None = None) -> dict[str, Any]:
    """Parties matching a name fragment and country, most contracts first, with an exact total."""
    q = parse_party_query(query)
    params = {"name": " ".join(q.name.split()).lower() if q.name else None, "country": q.country}
    total = int(read(driver, queries.PARTY_COUNT, params, database)[0]["total_count"])
    rows = read(driver, queries.PARTY_PAGE, {**params, "limit": q.limit, "offset": q.offset}, database)
    return {"total_count": total, "parties": rows}


def _name_score(query: str, choice: str, **_: Any) -> float:
    """Whole-name similarity first (typos), with WRatio's partial matching as a smaller share: WRatio alone
    ties many loosely related names at the same score."""
    return 0.6 * fuzz.ratio(query, choice) + 0.4 * fuzz.WRatio(query, choice)


def fuzzy_parties(driver: Driver, name: str, limit: int = 10, cutoff: float = 60.0,
                  database: str | None = None) -> list[dict[str, Any]]:
    """Typo-tolerant party lookup over names and aliases, best first."""
    rows = read(driver, queries.ALL_PARTY_NAMES, {}, database)
    choices = {(row["key"], alias): alias for row in rows for alias in {row["name"], *(row["aliases"] or [])}}
    matches = process.extract(name, choices, scorer=_name_score, limit=limit * 3,
                              score_cutoff=cutoff, processor=utils.default_process)
    keys = list(dict.fromkeys(key for _, _, (key, _) in matches))[:limit]
    if not keys:
        return []
    found = {row["key"]: row for row in read(driver, queries.PARTIES_BY_KEY, {"keys": keys}, database)}
    return [found[k] for k in keys if k in found]


def party_directory(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """Every party's name, aliases and contract count (the offline parser matches names against them)."""
    return read(driver, queries.PARTY_DIRECTORY, {}, database)


def contract_details(driver: Driver, file_id: str, database: str | None = None) -> dict[str, Any]:
    """One contract in full: fields, parties with roles and locations, governing law, clauses."""
    rows = read(driver, queries.CONTRACT_DETAILS, {"file_id": file_id}, database)
    if not rows:
        raise NotFound(f"No contract with file_id '{file_id[:200]}'.")
    return rows[0]


def find_contract_ids(driver: Driver, fragment: str, limit: int = 50, database: str | None = None) -> list[str]:
    rows = read(driver, queries.CONTRACT_IDS, {"fragment": fragment.lower().strip(), "limit": limit}, database)
    return [row["file_id"] for row in rows]


def find_contract_choices(driver: Driver, fragment: str, limit: int = 50,
                          database: str | None = None) -> list[dict[str, Any]]:
    """Contracts whose title, party names or file id contain `fragment`: file_id, title, party_names."""
    return read(driver, queries.CONTRACT_CHOICES, {"fragment": fragment.lower().strip(), "limit": limit}, database)


def headline(driver: Driver, database: str | None = None) -> dict[str, Any]:
    """What the sidebar shows: contracts, parties, has_sample, with_text (no status or amount arithmetic)."""
    return read(driver, queries.HEADLINE, {}, database)[0]


def kpis(driver: Driver, today: date | None = None, horizon_days: int = 90,
         database: str | None = None) -> dict[str, Any]:
    """The Overview's cards: contracts, parties, clauses, active, expiring, no_end_date, the values by currency."""
    today = today or date.today()
    # `active` is the status filter's "in force on as_of" (graph.query.status), so the card equals its Explorer list
    params = {"today": today, "as_of": today, "horizon": today + timedelta(days=horizon_days)}
    return read(driver, queries.KPIS, params, database)[0]


def overview(driver: Driver, today: date | None = None, horizon_days: int = 90,
             database: str | None = None) -> dict[str, Any]:
    """Every headline and KPI number (`python -m graph status`, tests)."""
    return {**headline(driver, database), **kpis(driver, today, horizon_days, database)}


def filter_options(driver: Driver, database: str | None = None) -> dict[str, list[str]]:
    """Values present in the graph, for form choices."""
    row = read(driver, queries.FILTER_OPTIONS, {}, database)[0]
    return {k: sorted(v) for k, v in row.items()}


def graph_counts(driver: Driver, database: str | None = None) -> dict[str, int]:
    """Total nodes and relationships (tests compare them before and after risky operations)."""
    return read(driver, queries.COUNTS_BY_LABEL, {}, database)[0]


def all_party_names(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """Every party's key, name and aliases, by name (entity resolution scores them in Python)."""
    return read(driver, queries.ALL_PARTY_NAMES, {}, database)


def parties_by_key(driver: Driver, keys: list[str], database: str | None = None) -> dict[str, dict[str, Any]]:
    """Name, aliases, contract count and countries of the parties with these keys, by key."""
    if not keys:
        return {}
    return {row["key"]: row for row in read(driver, queries.PARTIES_BY_KEY, {"keys": keys}, database)}


def organisations(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """Every organisation (the legal entities of one name), most contracts first, with its members' names."""
    return read(driver, queries.ORGANISATIONS, {}, database)


def organisation_members(driver: Driver, key: str, database: str | None = None) -> list[dict[str, Any]]:
    """The legal entities of one organisation, most contracts first."""
    return read(driver, queries.ORGANISATION_MEMBERS, {"key": key}, database)
