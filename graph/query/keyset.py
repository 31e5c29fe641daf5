"""Every contract a filter matches, in its page order, a chunk at a time (the Explorer's "Download all rows").

Paging with offsets read the first `offset + limit` matches again for every page, and a page of the separate
shape sorted the contracts without the sort key with every row holding the list of those with it: sorted by
amount, the export of 10,000 contracts ran out of transaction memory from offset 2,000 on (docs/PERFORMANCE.md,
fix 31). Here each chunk starts where the previous one ended (keyset, or seek, pagination): the statement
carries the last row's sort key and file_id, so an index range hands the next chunk over in order and nothing
is read twice. The order is the page order (graph.query.compiler.compile_page_head): the contracts with the
key by key (in the filter's direction), ties by file_id, then those without it by file_id. Two phases, one
statement each: `keyed` (`after` = (key, file_id) of the last row, None for the first chunk) and `unkeyed`
(`after` = the last file_id, or None).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from graph.query.compiler import (
    CONTRACT_COLUMNS,
    SORT_KEYS,
    CompiledQuery,
    compile_match,
    key_test,
    order_params,
)
from graph.query.filters import ContractFilter

KEYED_PHASE, UNKEYED_PHASE = "keyed", "unkeyed"


def _after(f: ContractFilter, phase: str, after: Any) -> str:
    """The condition that skips the rows up to and including the last one handed back."""
    if after is None:
        return ""
    if phase == UNKEYED_PHASE:
        return "c.file_id > $after_id"
    key = SORT_KEYS[f.sort_by]
    beyond = "<" if f.sort_order == "desc" else ">"
    # The bound alone first, so that the key's range index can seek it and hand the chunk over in key order.
    return f"{key} {beyond}= $after_key AND ({key} {beyond} $after_key OR c.file_id > $after_id)"


def compile_chunk(f: ContractFilter, phase: str, after: Any, size: int, today: date | None = None) -> CompiledQuery:
    """One chunk of `size` contracts of `phase`, after `after`: the page's columns plus `sort_key`."""
    if phase not in (KEYED_PHASE, UNKEYED_PHASE):
        raise ValueError(f"unknown phase {phase!r}")
    key = SORT_KEYS[f.sort_by]
    direction = "DESC" if f.sort_order == "desc" else "ASC"
    order = f"{key} {direction}, c.file_id ASC" if phase == KEYED_PHASE else "c.file_id ASC"
    extra = " AND ".join(x for x in (key_test(f, phase == KEYED_PHASE), _after(f, phase, after)) if x)
    match = compile_match(f, today, extra=extra, tail=f"WITH c ORDER BY {order} LIMIT $chunk")
    params: dict[str, Any] = {**match.params, **order_params(f), "chunk": size,
                              "as_of": f.as_of or today or date.today()}
    if after is not None:
        params.update({"after_key": after[0], "after_id": after[1]} if phase == KEYED_PHASE else {"after_id": after})
    return CompiledQuery(f"{match.cypher}\nRETURN {CONTRACT_COLUMNS},\n       {key} AS sort_key", params)
