"""The plan half of the read-only guard: every operator of the EXPLAIN plan must be on an allow-list.

Query type `r` alone is not enough: Neo4j reports LOAD CSV, SHOW SETTINGS and SHOW TRANSACTIONS as
read-only. So the plan tree (summary.plan: operatorType, children, arguments) is walked and each operator
checked against `READ_OPERATORS`, the operators the project's own read queries plan to (the compiled
ContractFilter heads with agent tails, README and eval examples: see tests/integration/test_readonly_plan.py)
plus the ordinary read operators of Neo4j 5 Community's slotted runtime. Anything else is refused, including
LoadCSV, every Show*/Terminate* command and every procedure call but the two index lookups the project uses.
Each operator's Details (Neo4j's own rendering of its expressions: quoted names unquoted, literals as
parameters) must also hold no regex match and no reduce(), a backstop to `graph.readonly.expr`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from core.errors import UnsafeQueryError
from graph.readonly.expr import check_plan_details
from graph.readonly.lex import ALLOWED_PROCEDURES

READ_OPERATORS = frozenset({
    # leaves: scans and seeks
    "AllNodesScan", "NodeByLabelScan", "UnionNodeByLabelsScan", "IntersectionNodeByLabelsScan",
    "SubtractionNodeByLabelsScan", "NodeIndexSeek", "NodeUniqueIndexSeek", "NodeIndexSeekByRange",
    "NodeUniqueIndexSeekByRange", "NodeIndexScan", "NodeIndexContainsScan", "NodeIndexEndsWithScan",
    "MultiNodeIndexSeek", "AssertingMultiNodeIndexSeek", "NodeByIdSeek", "NodeByElementIdSeek",
    "DirectedRelationshipTypeScan", "UndirectedRelationshipTypeScan", "DirectedAllRelationshipsScan",
    "UndirectedAllRelationshipsScan", "DirectedUnionRelationshipTypesScan",
    "UndirectedUnionRelationshipTypesScan", "DirectedRelationshipIndexSeek", "UndirectedRelationshipIndexSeek",
    "DirectedRelationshipIndexScan", "UndirectedRelationshipIndexScan", "DirectedRelationshipIndexSeekByRange",
    "UndirectedRelationshipIndexSeekByRange", "DirectedRelationshipIndexContainsScan",
    "UndirectedRelationshipIndexContainsScan", "DirectedRelationshipIndexEndsWithScan",
    "UndirectedRelationshipIndexEndsWithScan", "DirectedRelationshipByIdSeek", "UndirectedRelationshipByIdSeek",
    "DirectedRelationshipByElementIdSeek", "UndirectedRelationshipByElementIdSeek",
    "NodeCountFromCountStore", "RelationshipCountFromCountStore", "Argument", "EmptyRow",
    # expansion and paths
    "Expand", "OptionalExpand", "VarLengthExpand", "BFSPruningVarExpand", "ShortestPath",
    "StatefulShortestPath", "Trail", "Repeat", "ProjectEndpoints", "NullifyMetadata",
    "TriadicSelection", "TriadicBuild", "TriadicFilter",
    # row operators
    "ProduceResults", "Filter", "Projection", "CacheProperties", "Unwind", "Limit", "ExhaustiveLimit",
    "Skip", "Sort", "PartialSort", "Top", "PartialTop", "Distinct", "OrderedDistinct", "Aggregation",
    "EagerAggregation", "OrderedAggregation", "Eager", "EmptyResult", "Optional", "Union", "OrderedUnion",
    "AssertSameNode", "AssertSameRelationship",
    # joins and subqueries (CALL { } without IN TRANSACTIONS, EXISTS, COUNT, COLLECT)
    "Apply", "SemiApply", "AntiSemiApply", "LetSemiApply", "LetAntiSemiApply", "SelectOrSemiApply",
    "SelectOrAntiSemiApply", "LetSelectOrSemiApply", "LetSelectOrAntiSemiApply", "RollUpApply",
    "ConditionalApply", "AntiConditionalApply", "CartesianProduct", "NodeHashJoin", "ValueHashJoin",
    "NodeLeftOuterHashJoin", "NodeRightOuterHashJoin",
    # index lookups by procedure: the arguments must name an allowed procedure (checked below)
    "ProcedureCall",
})


def operator_name(operator_type: str) -> str:
    """'Expand(All)@neo4j' -> 'Expand': the runtime suffix and the mode in parentheses dropped."""
    return operator_type.split("@", 1)[0].split("(", 1)[0].strip()


def walk(plan: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every operator of a plan tree (the driver's dict: operatorType, args, identifiers, children)."""
    yield plan
    for child in plan.get("children") or []:
        yield from walk(child)


def _details(arguments: Mapping[str, Any]) -> str:
    return str(arguments.get("Details") or arguments.get("details") or "")


def _procedure(arguments: Mapping[str, Any]) -> str:
    return _details(arguments).split("(", 1)[0].strip().strip("`").lower()


def check_plan(plan: Mapping[str, Any] | None) -> list[str]:
    """Refuse any operator not on the allow-list; returns the operator names seen (for tests and logs)."""
    if plan is None:
        raise UnsafeQueryError("Neo4j returned no plan for the statement; it cannot be checked.")
    seen = []
    for op in walk(plan):
        name = operator_name(str(op.get("operatorType", "")))
        seen.append(name)
        if name not in READ_OPERATORS:
            raise UnsafeQueryError(f"Only plain read queries are allowed; the plan operator '{name}' is not.")
        check_plan_details(_details(op.get("args") or {}))
        if name == "ProcedureCall":
            proc = _procedure(op.get("args") or {})
            if proc not in ALLOWED_PROCEDURES:
                raise UnsafeQueryError(f"Procedure '{proc}' is not allowed; only read-only index lookups are.")
    return seen
