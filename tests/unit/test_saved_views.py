"""Saved views without a database: the exact Cypher, name cleaning and limits, the stored filter's shape, the
as-of rule in the filter and the Explorer link, and a stored view that no longer validates read back with a
reason instead of an exception. Bad input is refused before any statement runs."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from typing import Any

import pytest

from core.errors import FilterValidationError
from graph.query.filter_url import filter_from_query
from graph.query.filters import ContractFilter
from graph.store import saved_views as sv
from graph.store.schema import CONSTRAINTS

AT = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)


class NoDriver:
    """A driver that fails the test if anything reaches the database."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the database was used ({name}) for input that should have been refused")


def raw(filter_text: str = "{}", rule: str = "today", as_of: date | None = None, **more: Any) -> dict[str, Any]:
    return {"name": "Q1", "filter": filter_text, "as_of_rule": rule, "as_of": as_of, "created_by": "Ana",
            "created_at": AT, "updated_by": "Ana", "updated_at": AT, **more}


def test_cypher_is_exact():
    fields = ".name, .filter, .as_of_rule, .as_of, .created_by, .created_at, .updated_by, .updated_at"
    save = f"""
OPTIONAL MATCH (old:SavedView {{name_key: $name_key}})
WITH old WHERE old IS NULL OR $replace
MERGE (v:SavedView {{name_key: $name_key}})
ON CREATE SET v.created_by = $saved_by, v.created_at = datetime()
SET v.name = $name, v.filter = $filter, v.as_of_rule = $as_of_rule, v.as_of = $as_of,
    v.updated_by = $saved_by, v.updated_at = datetime()
RETURN v {{{fields}}} AS view, old IS NOT NULL AS replaced
"""
    one = f"MATCH (v:SavedView {{name_key: $name_key}}) RETURN v {{{fields}}} AS view"
    every = f"MATCH (v:SavedView) RETURN v {{{fields}}} AS view ORDER BY v.name_key LIMIT $limit"
    assert (save, one, every) == (sv.SAVE_VIEW, sv.VIEW, sv.VIEWS)
    assert sv.DELETE_VIEW == "\nMATCH (v:SavedView {name_key: $name_key})\nDELETE v\nRETURN count(*) AS deleted\n"
    assert ("CREATE CONSTRAINT saved_view_name_key IF NOT EXISTS FOR (v:SavedView) REQUIRE v.name_key IS UNIQUE"
            in CONSTRAINTS)


@pytest.mark.parametrize(("typed", "stored"), [
    ("  Active   licences\t2015 ", "Active licences 2015"),
    ("Q1\u202e renewals\x07\x00", "Q1 renewals"),
    ("line one\nline two\r\n", "line one line two"),
    ("**bold** <b>x</b> [l](http://e.example)", "**bold** <b>x</b> [l](http://e.example)"),  # escaped when shown
    ("x" * sv.VIEW_NAME_MAX, "x" * sv.VIEW_NAME_MAX),
])
def test_view_name_is_one_clean_line(typed, stored):
    assert sv.view_name(typed) == stored


@pytest.mark.parametrize(("typed", "words"), [
    ("", "at least one letter or digit"),
    (" \n\t\u202e ", "at least one letter or digit"),
    ("***", "at least one letter or digit"),
    (None, "at least one letter or digit"),
    ("x" * (sv.VIEW_NAME_MAX + 1), f"at most {sv.VIEW_NAME_MAX} characters \\(this one has 81\\)"),
])
def test_bad_names_are_refused_before_writing(typed, words):
    with pytest.raises(FilterValidationError, match=words):
        sv.save_view(NoDriver(), typed, ContractFilter(), "today", saved_by="Ana")  # type: ignore[arg-type]


@pytest.mark.parametrize(("rule", "by", "as_of", "words"), [
    ("today", None, None, "Your name"),
    ("today", " \x07 ", None, "Your name"),
    ("yesterday", "Ana", None, "As-of rule: one of today, fixed"),
    ("fixed", "Ana", None, "a fixed rule needs a date"),
    ("fixed", "Ana", date(1800, 1, 1), "outside the dates"),
])
def test_bad_rules_and_missing_names_are_refused_before_writing(rule, by, as_of, words):
    with pytest.raises(FilterValidationError, match=words):
        sv.save_view(NoDriver(), "Q1", ContractFilter(), rule, saved_by=by, as_of=as_of)  # type: ignore[arg-type]


def test_name_key_ignores_case_and_spacing():
    assert sv.name_key("Q1  Renewals") == sv.name_key("q1 renewals") == "q1 renewals"
    assert sv.name_key("Straße") == sv.name_key("STRASSE")


def test_stored_filter_drops_as_of_and_paging_and_keeps_the_sort():
    f = ContractFilter(contract_types=("License",), active=True, as_of=date(2015, 1, 1), limit=50, offset=100,
                       sort_by="end_date", sort_order="asc", group_by="party")
    assert json.loads(sv.stored_filter(f)) == {"active": True, "contract_types": ["License"], "sort_by": "end_date",
                                               "sort_order": "asc"}


def test_fixed_rule_puts_its_date_in_the_filter_and_the_link():
    view = sv.SavedView.of(raw('{"active": true, "contract_types": ["License"]}', "fixed", date(2015, 1, 1)))
    assert view.problem is None and view.rule_label() == "as of 2015-01-01"
    assert view.contract_filter() == ContractFilter(active=True, contract_types=("License",), as_of=date(2015, 1, 1))
    query = view.query()
    assert query == {"contract_types": ["License"], "active": "true", "as_of": "2015-01-01", "view": "Q1"}
    lists = {k: v if isinstance(v, list) else [v] for k, v in query.items()}
    assert filter_from_query(lambda k: lists.get(k, [])) == view.contract_filter()


def test_today_rule_leaves_as_of_to_the_day_it_is_opened():
    view = sv.SavedView.of(raw('{"active": true}', "today"))
    assert view.contract_filter().as_of is None and view.rule_label() == "as of today"
    assert view.query() == {"active": "true", "view": "Q1"}


@pytest.mark.parametrize(("filter_text", "rule", "as_of", "words"), [
    ('{"contract_kinds": ["License"]}', "today", None, "contract_kinds: not a filter field in this version"),
    ('{"contract_types": ["Spaceship lease"]}', "today", None, "contract_types"),
    ('{"active": true', "today", None, "its stored filter is not readable"),
    ('["active"]', "today", None, "its stored filter is not readable"),
    ('{"as_of": "2015-01-01"}', "today", None, "its filter holds its own as_of"),
    ("{}", "weekly", None, "as-of rule 'weekly'"),
    ("{}", "fixed", None, "as-of rule 'fixed'"),
])
def test_a_view_that_no_longer_validates_is_read_with_a_reason(filter_text, rule, as_of, words):
    view = sv.SavedView.of(raw(filter_text, rule, as_of))
    assert view.problem is not None and words in view.problem
    assert view.query() == {"view": "Q1"}  # the Explorer then says why, and offers to delete it


def test_provenance_names_who_created_and_who_replaced():
    view = sv.SavedView.of(raw())
    assert view.provenance() == "created by Ana on 2026-12-02"
    later = sv.SavedView.of(raw(updated_by="Bob", updated_at=datetime(2026, 12, 5, tzinfo=UTC)))
    assert later.provenance() == "created by Ana on 2026-12-02, replaced by Bob on 2026-12-05"


@pytest.mark.parametrize(("changes", "words"), [
    ({"filter": None}, "its stored filter is not readable"),
    ({"filter": 42}, "its stored filter is not readable"),
    ({"as_of_rule": "fixed", "as_of": "2015-01-01"}, "its as-of date is not a date"),
    ({"name": None, "name_key": None}, "it has no name"),
])
def test_a_node_written_by_hand_is_read_with_a_reason(changes, words):
    view = sv.SavedView.of({**raw(), **changes})
    assert view.problem == words


def test_missing_times_and_authors_are_left_out_of_what_is_shown():
    view = sv.SavedView.of({"name": "Q1", "filter": "{}", "as_of_rule": "today"})
    assert view.problem is None
    assert (view.provenance(), view.created_on()) == ("created by someone", "")
