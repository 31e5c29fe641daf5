"""Neighbourhood reads for the graph views: a contract's subgraph and the party network.

Both return a `Subgraph` of plain nodes and edges (no driver objects) bounded by a node cap, so the UI can
cache and draw them. Expansion walks the Party-Contract bipartite graph one hop per step; every query is a
fixed constant in `graph.reads.cypher` with `$param` values only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver

from core.errors import NotFound
from core.vocab import COUNTRY_LABELS
from graph.query.compiler import compile_projection
from graph.query.filters import ContractFilter
from graph.reads import cypher as queries
from graph.server.db import read

MAX_NODE_CAP = 500


@dataclass(frozen=True)
class GraphNode:
    """One node to draw: a unique id, its label (Contract, Party...), a caption and hover properties."""

    id: str
    label: str
    caption: str
    props: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GraphEdge:
    """One relationship to draw; `weight` counts shared contracts in the party network."""

    source: str
    target: str
    type: str
    props: dict[str, Any] = field(default_factory=dict)
    weight: int = 1


@dataclass
class Subgraph:
    """Nodes and edges bounded by `node_cap`; `capped` says some nodes were left out."""

    node_cap: int
    nodes: dict[str, GraphNode] = field(default_factory=dict)
    edges: dict[tuple[str, str, str], GraphEdge] = field(default_factory=dict)
    capped: bool = False

    def add_node(self, node: GraphNode) -> bool:
        """Add unless present; refuse (and remember) when the cap is reached. True when the node is there."""
        if node.id in self.nodes:
            return True
        if len(self.nodes) >= self.node_cap:
            self.capped = True
            return False
        self.nodes[node.id] = node
        return True

    def add_edge(self, edge: GraphEdge) -> None:
        """Add an edge between two nodes already present (others are dropped silently)."""
        if edge.source in self.nodes and edge.target in self.nodes:
            self.edges.setdefault((edge.source, edge.target, edge.type), edge)

    def ids(self, label: str) -> list[str]:
        return [n.id.split(":", 1)[1] for n in self.nodes.values() if n.label == label]


def _cap(node_cap: int) -> int:
    return max(1, min(int(node_cap), MAX_NODE_CAP))


def _contract_node(row: dict[str, Any]) -> GraphNode:
    props = {k: row.get(k) for k in ("file_id", "contract_type", "effective_date", "end_date", "total_amount",
                                     "currency", "summary")}
    return GraphNode(f"Contract:{row['file_id']}", "Contract", row.get("title") or row["file_id"], props)


def _party_node(key: str, name: str) -> GraphNode:
    return GraphNode(f"Party:{key}", "Party", name, {"key": key})


def location_caption(loc: dict[str, Any]) -> str:
    """'Austin, TX', else the address, else the country ('United States'): a node captioned only 'Location'
    said nothing (15 of the sample's locations have only a country)."""
    where = ", ".join(x for x in (loc.get("city"), loc.get("state")) if x) or loc.get("address")
    if where:
        return str(where)
    countries = [COUNTRY_LABELS.get(c, c) for c in loc.get("countries") or []]
    return ", ".join(countries) + " (no address)" if countries else "Address not stated"


def _add_party_side(sub: Subgraph, contract_id: str, party: dict[str, Any]) -> None:
    if not sub.add_node(_party_node(party["key"], party["name"])):
        return
    pid = f"Party:{party['key']}"
    sub.add_edge(GraphEdge(pid, contract_id, "PARTY_TO", {"role": party.get("role")}))
    for loc in party.get("locations") or []:
        caption = location_caption(loc)
        lid = f"Location:{loc['key']}"
        if sub.add_node(GraphNode(lid, "Location", caption, {k: loc.get(k) for k in ("address", "city", "state")})):
            sub.add_edge(GraphEdge(pid, lid, "LOCATED_AT"))
            for code in loc.get("countries") or []:
                if sub.add_node(GraphNode(f"Country:{code}", "Country", code, {"code": code})):
                    sub.add_edge(GraphEdge(lid, f"Country:{code}", "IN_COUNTRY"))


def _add_core(sub: Subgraph, row: dict[str, Any]) -> None:
    cid = f"Contract:{row['file_id']}"
    sub.add_node(_contract_node(row))
    for law in row["laws"]:
        jid = f"Jurisdiction:{law['key']}"
        if sub.add_node(GraphNode(jid, "Jurisdiction", law.get("name") or law["key"], dict(law))):
            sub.add_edge(GraphEdge(cid, jid, "GOVERNED_BY"))
            if law.get("country") and sub.add_node(
                    GraphNode(f"Country:{law['country']}", "Country", law["country"], {"code": law["country"]})):
                sub.add_edge(GraphEdge(jid, f"Country:{law['country']}", "IN_COUNTRY"))
    for party in row["parties"]:
        _add_party_side(sub, cid, party)
    for clause in row["clauses"]:
        kid = f"Clause:{clause['key']}"
        if sub.add_node(GraphNode(kid, "Clause", clause.get("type") or "Clause", dict(clause))):
            sub.add_edge(GraphEdge(cid, kid, "HAS_CLAUSE"))


def _expand_contracts(driver: Driver, sub: Subgraph, party_keys: list[str], database: str | None) -> list[str]:
    """The frontier parties' other contracts; returns the contracts added."""
    params = {"keys": party_keys, "seen": sub.ids("Contract"), "limit": sub.node_cap * 4}
    added: list[str] = []
    for row in read(driver, queries.CONTRACTS_OF_PARTIES, params, database):
        node = _contract_node(row)
        existed = node.id in sub.nodes
        if sub.add_node(node):
            if not existed:
                added.append(row["file_id"])
            sub.add_edge(GraphEdge(f"Party:{row['party_key']}", node.id, "PARTY_TO", {"role": row["role"]}))
    return added


def _expand_parties(driver: Driver, sub: Subgraph, file_ids: list[str], database: str | None) -> list[str]:
    """The frontier contracts' parties (with every edge to them); returns the parties added."""
    added: list[str] = []
    for row in read(driver, queries.PARTIES_OF_CONTRACTS, {"file_ids": file_ids, "limit": sub.node_cap * 4}, database):
        node = _party_node(row["key"], row["name"])
        existed = node.id in sub.nodes
        if sub.add_node(node):
            if not existed:
                added.append(row["key"])
            sub.add_edge(GraphEdge(node.id, f"Contract:{row['file_id']}", "PARTY_TO", {"role": row["role"]}))
    return added


def contract_subgraph(driver: Driver, file_id: str, depth: int = 0, node_cap: int = 150,
                      database: str | None = None) -> Subgraph:
    """A contract with its parties, locations, countries, jurisdiction and clauses, then `depth` hops
    through shared parties (1: the parties' other contracts, 2: those contracts' parties, ...)."""
    rows = read(driver, queries.CONTRACT_CORE, {"file_id": file_id}, database)
    if not rows:
        raise NotFound(f"No contract with file_id '{file_id[:200]}'.")
    sub = Subgraph(_cap(node_cap))
    _add_core(sub, rows[0])
    party_frontier = [p["key"] for p in rows[0]["parties"]]
    contract_frontier: list[str] = []
    for step in range(1, max(0, depth) + 1):
        if step % 2:
            contract_frontier = _expand_contracts(driver, sub, party_frontier, database) if party_frontier else []
        else:
            party_frontier = _expand_parties(driver, sub, contract_frontier, database) if contract_frontier else []
        if sub.capped or not (contract_frontier if step % 2 else party_frontier):
            break
    return sub


def _party_nodes(driver: Driver, sub: Subgraph, keys: list[str], database: str | None) -> None:
    """The parties, then the organisations they belong to with a MEMBER_OF edge each (within the cap)."""
    rows = read(driver, queries.PARTIES_BY_KEY, {"keys": keys}, database)
    for row in rows:
        props = {"contracts": row["contract_count"], "countries": ", ".join(row["countries"] or []),
                 "aliases": "; ".join(a for a in row["aliases"] or [] if a != row["name"]),
                 "legal form": row.get("legal_form"),
                 "organisation": (row.get("organisation") or {}).get("name")}
        sub.nodes[f"Party:{row['key']}"] = GraphNode(f"Party:{row['key']}", "Party", row["name"], props)
    for row in rows:
        org = row.get("organisation")
        if org and sub.add_node(GraphNode(f"Organisation:{org['key']}", "Organisation", org["name"],
                                          {"legal entities": org["member_count"], "contracts": org["contract_count"],
                                           "grouped by": "the same name in different legal forms"})):
            sub.add_edge(GraphEdge(f"Party:{row['key']}", f"Organisation:{org['key']}", "MEMBER_OF"))


def _weighted_edges(sub: Subgraph, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        sub.add_edge(GraphEdge(f"Party:{row['source']}", f"Party:{row['target']}", "SHARES_CONTRACT",
                               {"shared contracts": row["weight"], "e.g.": "; ".join(row["examples"])},
                               weight=int(row["weight"])))


def party_network(driver: Driver, party_key: str, depth: int = 1, node_cap: int = 100,
                  database: str | None = None) -> Subgraph:
    """A party, the other legal entities of its organisation, their co-parties (`depth` hops through shared
    contracts) and the shared-contract edges among them; edge weight = number of contracts both parties are
    party to. Organisations are drawn with MEMBER_OF edges to their members."""
    # The other legal entities of its organisation are drawn with it, so the group is visible.
    siblings = [row["key"] for row in read(driver, queries.ORGANISATION_SIBLINGS, {"key": party_key}, database)]
    sub = parties_network(driver, [party_key, *siblings], depth, node_cap, database)
    if f"Party:{party_key}" not in sub.nodes:
        raise NotFound(f"No party with key '{party_key[:200]}'.")
    return sub


def parties_network(driver: Driver, party_keys: list[str], depth: int = 1, node_cap: int = 100,
                    database: str | None = None) -> Subgraph:
    """`party_network` grown from several parties at once (the Parties page's default: the busiest
    parties and their co-parties); unknown keys are left out."""
    sub = Subgraph(_cap(node_cap))
    seeds = list(dict.fromkeys(party_keys))
    sub.capped = len(seeds) > sub.node_cap
    keys = seeds[: sub.node_cap]
    frontier = keys[:]
    for _ in range(max(0, depth)):
        room = sub.node_cap - len(keys)
        params = {"keys": frontier, "seen": keys, "limit": room + 1}
        found = [row["key"] for row in read(driver, queries.CO_PARTIES, params, database)]
        sub.capped = sub.capped or len(found) > room
        frontier = found[:room]
        keys += frontier
        if not frontier or sub.capped:
            break
    _party_nodes(driver, sub, keys, database)
    _weighted_edges(sub, read(driver, queries.SHARED_CONTRACT_EDGES, {"keys": keys}, database))
    return sub


def filter_party_network(driver: Driver, f: ContractFilter, node_cap: int = 100,
                         database: str | None = None) -> Subgraph:
    """Parties of the contracts matching `f`, linked by the matching contracts they share (heaviest first)."""
    sub = Subgraph(_cap(node_cap))
    head = compile_projection(f)
    params = {**head.params, "net_edge_limit": sub.node_cap * 10}
    rows = read(driver, head.cypher + queries.FILTER_PARTY_EDGES, params, database)
    keys: list[str] = []
    kept = []
    for row in rows:
        new = [k for k in (row["source"], row["target"]) if k not in keys]
        if len(keys) + len(new) > sub.node_cap:
            sub.capped = True
            continue
        keys += new
        kept.append(row)
    sub.capped = sub.capped or len(rows) == params["net_edge_limit"]
    _party_nodes(driver, sub, keys, database)
    _weighted_edges(sub, kept)
    return sub


def party_contracts(driver: Driver, party_key: str, limit: int = 200,
                    database: str | None = None) -> list[dict[str, Any]]:
    """The contracts one party is party to, newest first, with its role and the counterparties."""
    return read(driver, queries.PARTY_CONTRACTS, {"key": party_key, "limit": limit}, database)


def party_profiles(driver: Driver, keys: list[str], database: str | None = None) -> list[dict[str, Any]]:
    """Name, aliases, contract count and countries of the given parties."""
    return read(driver, queries.PARTIES_BY_KEY, {"keys": keys}, database)


def party_name_choices(driver: Driver, limit: int = 5000, database: str | None = None) -> list[str]:
    """Names and aliases of the `limit` most active parties, once each, sorted case-insensitively (choices for
    a party picker that also accepts typed fragments). Decoding every party of a 100k portfolio took seconds
    (docs/PERFORMANCE.md); the cap keeps the Explorer fast at any size."""
    rows = read(driver, queries.PARTY_PICKER, {"limit": limit}, database)
    names = {name for row in rows for name in (row["name"], *(row["aliases"] or [])) if name}
    return sorted(names, key=str.casefold)
