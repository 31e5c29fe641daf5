"""Saved views on the real server: the exact node before and after a save, a same-name save refused (nothing
changed) or replacing in place, a view's filter counting exactly what the filter itself counts and what the
Python oracle counts (the 'today' rule on the day it is opened, a fixed date whatever the day), a stored view
from an older schema listed with its reason, delete, and a view kept by a reload of the sample and a restart."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import pytest
from neo4j import Driver

from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from graph.server import process as server
from graph.server.db import build_driver, read, write
from graph.store.load import load_records
from graph.store.saved_views import ViewExists, delete_view, find_view, list_views, save_view
from tests.integration.throwaway import throwaway_server
from tests.oracle import STORED_STATUS_FACTS, Oracle, stored_status_facts
from tests.saved_views_support import no_views
from tests.saved_views_support import stored as stored_views

pytestmark = pytest.mark.integration

PREFIX = "pytest view "
FIXED = date(2015, 1, 1)
ACTIVE_LICENCES = ContractFilter(active=True, contract_types=("License",), sort_by="end_date")


@pytest.fixture
def clean(driver: Driver) -> Iterator[None]:
    with no_views(driver, PREFIX):
        yield


def stored(driver: Driver) -> list[dict]:
    return stored_views(driver, PREFIX)


def test_save_writes_one_node_with_its_rule_and_author(driver, clean):
    assert stored(driver) == [] and find_view(driver, f"{PREFIX}active licences") is None
    start = datetime.now(UTC) - timedelta(seconds=5)
    saved = save_view(driver, f" {PREFIX}Active\tlicences\u202e ", ACTIVE_LICENCES, "fixed", saved_by=" Ana\x07 ",
                      as_of=FIXED)
    [node] = stored(driver)
    created, updated = node.pop("created_at").to_native(), node.pop("updated_at").to_native()
    assert node == {"name": f"{PREFIX}Active licences", "name_key": f"{PREFIX}active licences",
                    "filter": '{"active": true, "contract_types": ["License"], "sort_by": "end_date"}',
                    "as_of_rule": "fixed", "as_of": FIXED, "created_by": "Ana", "updated_by": "Ana"}
    assert start <= created == updated <= datetime.now(UTC) + timedelta(seconds=5)
    assert saved == find_view(driver, f"{PREFIX.upper()}ACTIVE  LICENCES")
    assert saved.problem is None and saved.contract_filter().as_of == FIXED


def test_the_same_name_is_refused_unless_replaced(driver, clean):
    first = save_view(driver, f"{PREFIX}Q1", ACTIVE_LICENCES, "today", saved_by="Ana")
    with pytest.raises(ViewExists, match=f"A view named '{PREFIX}Q1' already exists \\(created by Ana on "):
        save_view(driver, f"{PREFIX.upper()}q1", ContractFilter(text="exclusive"), "fixed", saved_by="Bob",
                  as_of=FIXED)
    first_filter = '{"active": true, "contract_types": ["License"], "sort_by": "end_date"}'
    [node] = stored(driver)
    assert (node["name"], node["filter"], node["as_of_rule"], node["updated_by"]) == (
        f"{PREFIX}Q1", first_filter, "today", "Ana")
    replaced = save_view(driver, f"{PREFIX}q1", ContractFilter(text="exclusive"), "fixed", saved_by="Bob",
                         as_of=FIXED, replace=True)
    [node] = stored(driver)
    assert node["filter"] != first_filter
    assert (node["name"], node["filter"], node["as_of_rule"], node["as_of"], node["created_by"], node["updated_by"]) \
        == (f"{PREFIX}q1", '{"text": "exclusive"}', "fixed", FIXED, "Ana", "Bob")
    assert replaced.created_at == first.created_at and replaced.updated_at > first.updated_at


@pytest.mark.parametrize("f", [
    ACTIVE_LICENCES,
    ContractFilter(active=False, has_end_date=True),
    ContractFilter(governing_law_state="DE", min_effective_date=date(2005, 1, 1)),
    ContractFilter(parties=("inc",), text="exclusive"),
])
def test_a_views_filter_counts_what_the_filter_counts(driver, clean, prepared_sample, f):
    oracle = Oracle(prepared_sample, stored_status_facts(read(driver, STORED_STATUS_FACTS)))
    today = date.today()
    for rule, day in (("today", None), ("fixed", FIXED)):
        view = save_view(driver, f"{PREFIX}{rule}", f, rule, saved_by="Ana", as_of=day)
        opened = find_view(driver, view.name)
        assert opened is not None and opened.problem is None
        got = search_contracts(driver, opened.contract_filter(), today=today).total_count
        assert got == search_contracts(driver, f.model_copy(update={"as_of": day}), today=today).total_count
        assert got == len(oracle.select(f.model_copy(update={"as_of": day}).model_dump(exclude_defaults=True),
                                         today))


def test_today_moves_with_the_calendar_and_a_fixed_date_does_not(driver, clean, prepared_sample):
    oracle = Oracle(prepared_sample, stored_status_facts(read(driver, STORED_STATUS_FACTS)))
    today_view = save_view(driver, f"{PREFIX}today", ACTIVE_LICENCES, "today", saved_by="Ana")
    fixed_view = save_view(driver, f"{PREFIX}fixed", ACTIVE_LICENCES, "fixed", saved_by="Ana", as_of=FIXED)
    counts = {}
    for day in (date(2005, 1, 1), FIXED, date.today()):
        counts[day] = search_contracts(driver, today_view.contract_filter(), today=day).total_count
        assert counts[day] == len(oracle.select(ACTIVE_LICENCES.model_dump(exclude_defaults=True), day))
        assert search_contracts(driver, fixed_view.contract_filter(), today=day).total_count == \
            len(oracle.select(ACTIVE_LICENCES.model_dump(exclude_defaults=True), FIXED))
    assert len(set(counts.values())) == 3, counts  # the sample's active licences differ on these days


def test_an_older_views_filter_is_listed_with_its_reason(driver, clean):
    write(driver, "CREATE (:SavedView {name: $name, name_key: $key, filter: $filter, as_of_rule: 'today', "
                  "created_by: 'Old', created_at: datetime(), updated_by: 'Old', updated_at: datetime()})",
          {"name": f"{PREFIX}old", "key": f"{PREFIX}old", "filter": '{"contract_kinds": ["License"]}'})
    save_view(driver, f"{PREFIX}new", ACTIVE_LICENCES, "today", saved_by="Ana")
    mine = {v.name: v for v in list_views(driver) if v.name.startswith(PREFIX)}
    assert set(mine) == {f"{PREFIX}old", f"{PREFIX}new"}
    assert mine[f"{PREFIX}old"].problem == "its filter no longer validates: contract_kinds: not a filter field in " \
                                           "this version"
    assert mine[f"{PREFIX}new"].problem is None


def test_delete_removes_exactly_that_view(driver, clean):
    save_view(driver, f"{PREFIX}keep", ACTIVE_LICENCES, "today", saved_by="Ana")
    save_view(driver, f"{PREFIX}drop", ACTIVE_LICENCES, "today", saved_by="Ana")
    assert delete_view(driver, f"{PREFIX.upper()}DROP") is True
    assert delete_view(driver, f"{PREFIX}drop") is False
    assert [v["name"] for v in stored(driver)] == [f"{PREFIX}keep"]


def test_a_view_survives_a_reload_of_the_sample_and_a_restart(sample_records):
    """On a separate server: save, load the same records again (`graph load` MERGEs contracts and leaves views
    alone), stop and start the server, read the view back and count with it."""
    records = sample_records[:20]
    f = ContractFilter(has_end_date=True)
    with throwaway_server("neo4j-views-") as (srv, settings):
        drv = build_driver(settings)
        try:
            load_records(drv, records)
            expected = search_contracts(drv, f).total_count
            save_view(drv, "Ends known", f, "fixed", saved_by="Ana", as_of=FIXED)
            load_records(drv, records)
        finally:
            drv.close()
        server.stop(srv)
        server.start(srv)
        drv = build_driver(settings)
        try:
            view = find_view(drv, "ends known")
            assert view is not None and view.problem is None
            assert (view.name, view.as_of, view.created_by) == ("Ends known", FIXED, "Ana")
            assert search_contracts(drv, view.contract_filter()).total_count == expected > 0
            assert read(drv, "SHOW CONSTRAINTS YIELD name WHERE name = 'saved_view_name_key' RETURN name") == [
                {"name": "saved_view_name_key"}]
        finally:
            drv.close()
