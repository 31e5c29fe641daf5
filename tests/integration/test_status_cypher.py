"""The status on a date: the compiled Cypher equals graph.query.status on random facts; on the sample, `active`
true / false list exactly the contracts an independent oracle (tests/oracle.py, from the stored facts read by a
plain Cypher read) finds in force / expired, on 30 seeded random dates; the reconciled end date holds after
either load order and a reviewer's confirmation."""

from __future__ import annotations

import random
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import NotFound
from graph.query.status import from_row, status
from graph.query.status_cypher import SPAN_FROM, SPAN_UNTIL, STATUS, states_test
from graph.reads.repository import overview, search_contracts
from graph.server.db import read
from graph.store.end_dates import confirm_end_date
from tests.oracle import STORED_STATUS_FACTS, oracle_status, stored_status_facts

EXPRESSION = f"UNWIND $rows AS c RETURN c.i AS i, {STATUS} AS status ORDER BY i"
IN_FORCE = {"in_force", "in_notice_window", "notice_passed", "perpetual"}
days = st.dates(date(1990, 1, 1), date(2035, 12, 31))
pairs = st.one_of(st.just((None, None)), st.tuples(st.integers(1, 36), st.none()),
                  st.tuples(st.none(), st.integers(7, 400)))
rows = st.lists(st.fixed_dictionaries({
    "effective_date": st.one_of(st.none(), days), "end_date": st.one_of(st.none(), days),
    "renewal_type": st.sampled_from([None, "none", "automatic", "option", "evergreen", "perpetual"]),
    "renewal": pairs, "notice": pairs}), min_size=1, max_size=40)


def _as_map(i: int, row: dict) -> dict:
    (rm, rd), (nm, nd) = row["renewal"], row["notice"]
    return {"i": i, "effective_date": row["effective_date"], "end_date": row["end_date"],
            "renewal_type": row["renewal_type"], "renewal_months": rm, "renewal_days": rd,
            "notice_months": nm, "notice_days": nd,
            # As ingest.renewals.rows writes it: present exactly when there is a notice period.
            "notice_span_days": (nm or 0) * 30 + (nd or 0) if nm is not None or nd is not None else None}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows, st.dates(date(1990, 1, 1), date(2045, 12, 31)))
def test_cypher_status_equals_the_function(driver, facts, as_of):
    maps = [_as_map(i, row) for i, row in enumerate(facts)]
    got = read(driver, EXPRESSION, {"rows": maps, "as_of": as_of})
    for m, row in zip(maps, got, strict=True):
        assert row["status"] == status(from_row(m), as_of).state, m


# Sets of states that take each way through states_test: the rough state alone, in force (the rough state
# too), the notice states (through the notice index), any other (the whole status for 'term' contracts).
SUBSETS = (["expired"], ["not_started", "unknown"], ["unknown", "expired", "not_started"], list(IN_FORCE),
           [*IN_FORCE, "expired"], ["in_notice_window"], ["notice_passed"], ["notice_passed", "in_notice_window"],
           ["in_force"], ["perpetual"], ["perpetual", "expired"], ["in_force", "unknown", "in_notice_window"])
# One column per set, as the compiler writes it with a literal list (`l0`) and with a parameter (`p0`); the
# statement's text is fixed, so the server plans it once.
# Each row's in-force span is derived as every writer stores it (status_cypher.SET_SPAN), so the in force and
# expired sets, which read only the span, are held to the function through the stored facts' derivation.
SPANNED = f"UNWIND $rows AS c WITH c {{.*, in_force_from: {SPAN_FROM}, in_force_until: {SPAN_UNTIL}}} AS c "
STATES_TESTS = (SPANNED + "RETURN c.i AS i, " + ", ".join(
    f"{states_test(sub)} AS l{i}, {states_test(sub, f'sub_{i}')} AS p{i}" for i, sub in enumerate(SUBSETS))
    + " ORDER BY i")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows, st.dates(date(1990, 1, 1), date(2045, 12, 31)))
def test_the_compilers_states_test_is_status_in_the_states(driver, facts, as_of):
    """The filter's cheaper test of a set of states (graph.query.status_cypher.states_test) is true exactly when
    the Python function puts the contract in one of them."""
    maps = [_as_map(i, row) for i, row in enumerate(facts)]
    params = {"rows": maps, "as_of": as_of, **{f"sub_{i}": sub for i, sub in enumerate(SUBSETS)}}
    for m, row in zip(maps, read(driver, STATES_TESTS, params), strict=True):
        state = status(from_row(m), as_of).state
        for i, sub in enumerate(SUBSETS):
            assert row[f"l{i}"] is row[f"p{i}"] is (state in sub), (state, sub, m)


@pytest.fixture(scope="module")
def stored(driver) -> dict[str, dict]:
    return stored_status_facts(read(driver, STORED_STATUS_FACTS))


def _ids(driver, f: dict) -> set[str]:
    result = search_contracts(driver, {**f, "limit": 500})
    assert result.total_count == len(result.contracts)
    return {c["file_id"] for c in result.contracts}


def test_active_is_in_force_and_expired_on_random_dates(driver, stored) -> None:
    rng = random.Random(29)
    dates = [date.fromordinal(rng.randint(date(1992, 1, 1).toordinal(), date(2032, 12, 31).toordinal()))
             for _ in range(30)] + [date(2012, 1, 1), date(1998, 6, 30), date(2026, 12, 1)]
    for d in dates:
        states = {fid: oracle_status(p, d) for fid, p in stored.items()}
        in_force = {f for f, s in states.items() if s in IN_FORCE}
        expired = {f for f, s in states.items() if s == "expired"}
        assert _ids(driver, {"active": True, "as_of": d.isoformat()}) == in_force, d
        assert _ids(driver, {"active": False, "as_of": d.isoformat()}) == expired, d
        assert overview(driver, today=d)["active"] == len(in_force), d  # the Overview card counts the same
        groups = search_contracts(driver, {"group_by": "status", "as_of": d.isoformat(), "limit": 0, "agg_limit": 20})
        want: dict[str, int] = {}
        for s in states.values():
            want[s] = want.get(s, 0) + 1
        assert {g["key"]: g["value"] for g in groups.aggregation or []} == want, d


def test_sample_counts(driver) -> None:
    """The figures docs/FILTERS.md#status reports (CUAD sample with its document layer, rules engine)."""
    def counts(d: str) -> dict[str, int]:
        rows = search_contracts(driver, {"group_by": "status", "as_of": d, "limit": 0}).aggregation or []
        return {r["key"]: r["value"] for r in rows}
    # Cisco's agreement with ScanSource is in force on 2012-01-01 through its Amendment No. 3 (docs/FAMILIES.md)
    assert counts("2012-01-01") == {"not_started": 270, "expired": 82, "in_force": 72, "unknown": 50,
                                    "perpetual": 17, "notice_passed": 10, "in_notice_window": 9}
    assert counts("1998-06-30") == {"not_started": 465, "in_force": 23, "unknown": 16, "perpetual": 3,
                                    "expired": 2, "in_notice_window": 1}
    assert counts("2026-12-01") == {"expired": 213, "unknown": 141, "in_force": 89, "perpetual": 28,
                                    "notice_passed": 22, "in_notice_window": 17}
    assert search_contracts(driver, {"end_date_disagrees": True, "limit": 0}).total_count == 23


def test_rows_carry_status_and_the_rolled_over_note(driver) -> None:
    result = search_contracts(driver, {"status": ["in_force", "notice_passed", "in_notice_window"],
                                       "as_of": "2026-12-01", "limit": 500})
    rolled = [c for c in result.contracts if c["rolled_over"]]
    assert rolled and all(c["status_note"].startswith("renewed automatically every ") and
                          c["status_note"].endswith("; no notice recorded") for c in rolled)
    assert {c["status"] for c in result.contracts} <= {"in_force", "notice_passed", "in_notice_window"}
    assert all(c["end_date_source"] in ("reviewer", "amendment", "text", "extracted") for c in result.contracts
               if c["end_date"] is not None)


@pytest.mark.parametrize("as_of", ["2012-01-01", "2026-12-01"])
def test_each_rows_status_is_the_state_its_filter_selected_it_by(driver, as_of: str) -> None:
    """A row's status is computed in Python from the row's facts (graph.query.status.row_fields), the filter's
    in Cypher: over the whole sample, every contract the status filter selects for a state shows that state."""
    seen = 0
    for state in ("not_started", "in_force", "in_notice_window", "notice_passed", "perpetual", "expired",
                  "unknown"):
        result = search_contracts(driver, {"status": [state], "as_of": as_of, "limit": 500})
        assert len(result.contracts) == result.total_count
        assert {c["status"] for c in result.contracts} <= {state}, state
        seen += result.total_count
    assert seen == read(driver, "MATCH (c:Contract) RETURN count(c) AS n")[0]["n"]


ENDS = """MATCH (c:Contract {file_id: $file_id})
RETURN c.end_date AS end_date, c.end_date_source AS source, c.end_date_text AS text,
       c.end_date_extracted AS extracted, c.end_date_confirmed AS confirmed, c.term_end AS term_end,
       c.in_force_until AS until, c.renewal_type AS renewal_type"""
# Contracts whose stored in-force span is not the one their stored facts give (every writer re-derives it).
STALE_SPANS = f"""MATCH (c:Contract)
WHERE c.in_force_from IS NULL OR c.in_force_from <> {SPAN_FROM}
   OR NOT coalesce(c.in_force_until = {SPAN_UNTIL}, c.in_force_until IS NULL AND {SPAN_UNTIL} IS NULL)
RETURN count(c) AS n"""
DISAGREEING = """MATCH (c:Contract) WHERE c.end_date_text <> c.end_date_extracted AND c.term_perpetual = false
  AND c.end_date_amended IS NULL
RETURN c.file_id AS file_id ORDER BY file_id LIMIT 1"""


def _ends(driver, file_id: str) -> dict:
    row = read(driver, ENDS, {"file_id": file_id})[0]
    return {k: (v.to_native() if hasattr(v, "to_native") else v) for k, v in row.items()}


def test_reviewer_text_extracted_precedence(driver) -> None:
    file_id = read(driver, DISAGREEING)[0]["file_id"]
    before = _ends(driver, file_id)
    assert before["source"] == "text" and before["end_date"] == before["text"] == before["term_end"]
    assert before["confirmed"] is None and before["extracted"] not in (None, before["text"])
    try:
        assert confirm_end_date(driver, file_id, date(2031, 3, 31)) == (date(2031, 3, 31), "reviewer")
        after = _ends(driver, file_id)
        rolls = before["renewal_type"] in ("automatic", "evergreen")
        assert after == {**before, "end_date": date(2031, 3, 31), "source": "reviewer",
                         "confirmed": date(2031, 3, 31), "term_end": date(2031, 3, 31),
                         "until": date(9999, 12, 31) if rolls else date(2031, 3, 31)}
        assert after["until"] != before["until"] or rolls  # the span moved with the end
        assert read(driver, STALE_SPANS)[0]["n"] == 0
    finally:
        assert confirm_end_date(driver, file_id, None) == (before["text"], "text")
    assert _ends(driver, file_id) == before
    with pytest.raises(NotFound):
        confirm_end_date(driver, "no such contract", date(2030, 1, 1))


def test_reloading_either_layer_keeps_the_reconciled_end(driver, sample_records) -> None:
    """`graph load` after the text's facts exist, then the text's facts again (`ingest renewals`): the end
    stays the text's, the extracted value stays beside it."""
    from graph.store.load import load_records
    from ingest.renewals.rows import refresh_renewals

    file_id = read(driver, DISAGREEING)[0]["file_id"]
    before = _ends(driver, file_id)
    record = next(r for r in sample_records if str(r.get("file_id")).strip() == file_id)
    load_records(driver, [record])
    assert _ends(driver, file_id) == before
    assert refresh_renewals(driver, [file_id]) == 1
    assert _ends(driver, file_id) == before
    assert read(driver, STALE_SPANS)[0]["n"] == 0  # every contract's span is its facts' (loader, text, families)
