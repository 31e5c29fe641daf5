"""Saved views through the real app: the Explorer's "Save as a view" stores the filter shown (exact node, the
sidebar's name), the sidebar of another session lists it and its link opens the Explorer with the same count;
without a name nothing is stored; a taken name is refused until replacing is ticked; a hostile name is stored
cleaned and shown escaped; a view from an older schema opens to a clear warning, and Delete removes a view."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs

import pytest
from neo4j import Driver
from streamlit.testing.v1 import AppTest

from components import reads
from components.explorer.save_view import NO_NAME
from components.formatting import escape_md
from graph.query.filter_url import filter_from_query, filter_to_query
from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from graph.server.config import REPO_ROOT
from graph.server.db import write
from tests.app.shown import shown
from tests.saved_views_support import no_views
from tests.saved_views_support import stored as stored_views

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
EXPLORER = "pages/portfolio/explorer.py"
PREFIX = "apptest view "
LICENCES_2015 = ContractFilter.model_validate({"contract_types": ["License"], "active": True, "as_of": "2015-01-01"})


@pytest.fixture
def clean(driver: Driver) -> Iterator[None]:
    with no_views(driver, PREFIX):
        yield


def stored(driver: Driver) -> list[dict]:
    return stored_views(driver, PREFIX)


def explorer(params: dict[str, str | list[str]], name: str | None = "Rita Reviewer") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    if name is not None:
        at.session_state["reviewer_name"] = name
    at.run()
    at.query_params.update(params)
    at.switch_page(EXPLORER).run()
    assert not at.exception, at.exception
    return at


def save(at: AppTest, name: str, rule: str | None = None, replace: bool = False) -> AppTest:
    next(t for t in at.text_input if t.label == "View name").input(name)
    if rule is not None:
        next(r for r in at.radio if r.label == "As of").set_value(rule)
    if replace:
        next(c for c in at.checkbox if c.label.startswith("Replace the view")).check()
    next(b for b in at.button if b.label == "Save view").click().run()
    assert not at.exception, at.exception
    return at


def sidebar_link(at: AppTest, label: str) -> dict[str, list[str]]:
    [link] = [x for x in at.sidebar.get("page_link") if x.proto.label == label]
    assert "explorer" in link.proto.page
    return parse_qs(link.proto.query_string)


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def test_save_then_open_from_another_sessions_sidebar_gives_the_same_count(driver, clean):
    at = save(explorer(filter_to_query(LICENCES_2015)), f"{PREFIX}Licences 2015")
    [node] = stored(driver)
    assert {k: node[k] for k in ("name", "filter", "as_of_rule", "created_by")} == {
        "name": f"{PREFIX}Licences 2015", "filter": '{"active": true, "contract_types": ["License"]}',
        "as_of_rule": "fixed", "created_by": "Rita Reviewer"}
    assert node["as_of"].isoformat() == "2015-01-01"
    assert any(f"Saved the view '{PREFIX}Licences 2015' (as of 2015-01-01)" in shown(s.value) for s in at.success)
    assert any(f"Saved view: {PREFIX}Licences 2015" in shown(i.value) for i in at.info)

    other = AppTest.from_file(APP, default_timeout=180)  # someone else, who has not typed a name
    other.run()
    params = sidebar_link(other, escape_md(f"{PREFIX}Licences 2015"))
    assert params.pop("view") == [f"{PREFIX}Licences 2015"]
    assert filter_from_query(lambda k: params.get(k, [])) == LICENCES_2015
    other.query_params.update(params | {"view": f"{PREFIX}Licences 2015"})
    other.switch_page(EXPLORER).run()
    assert not other.exception, other.exception
    expected = search_contracts(driver, LICENCES_2015).total_count
    assert expected > 0 and metric(other, "Matching contracts") == f"{expected:,}"


def test_the_today_rule_drops_the_date_from_the_link(driver, clean):
    save(explorer(filter_to_query(LICENCES_2015)), f"{PREFIX}licences now", rule="today")
    [node] = stored(driver)
    assert (node["as_of_rule"], node.get("as_of")) == ("today", None)
    params = sidebar_link(explorer({}), escape_md(f"{PREFIX}licences now"))
    assert "as_of" not in params and params["active"] == ["true"]


def test_without_a_name_nothing_is_stored(driver, clean):
    at = save(explorer(filter_to_query(LICENCES_2015), name=None), f"{PREFIX}anonymous")
    assert NO_NAME in [w.value for w in at.warning]
    assert stored(driver) == []


def test_a_taken_name_is_refused_until_replace_is_ticked(driver, clean):
    save(explorer(filter_to_query(LICENCES_2015)), f"{PREFIX}Mine")
    at = save(explorer({"text": "exclusive"}, name="Bob"), f"{PREFIX.upper()}MINE")
    assert any(f"A view named '{PREFIX}Mine' already exists (created by Rita Reviewer on " in shown(e.value)
               for e in at.error)
    [node] = stored(driver)
    assert (node["filter"], node["updated_by"]) == ('{"active": true, "contract_types": ["License"]}',
                                                    "Rita Reviewer")
    save(at, f"{PREFIX}mine", replace=True)
    [node] = stored(driver)
    assert (node["name"], node["filter"], node["created_by"], node["updated_by"]) == (
        f"{PREFIX}mine", '{"text": "exclusive"}', "Rita Reviewer", "Bob")


def test_a_hostile_name_is_stored_clean_and_shown_escaped(driver, clean):
    typed = f"{PREFIX}**Q1** <b>x</b> [l](http://evil.example)\u202e\x07\n"
    clean_name = f"{PREFIX}**Q1** <b>x</b> [l](http://evil.example)"
    at = save(explorer({"contract_types": "Supply"}), typed)
    assert [n["name"] for n in stored(driver)] == [clean_name]
    assert sidebar_link(at, escape_md(clean_name))["view"] == [clean_name]


def test_an_older_view_opens_to_a_warning_and_delete_removes_it(driver, clean):
    write(driver, "CREATE (:SavedView {name: $name, name_key: $name, filter: $filter, as_of_rule: 'today', "
                  "created_by: 'Old', created_at: datetime(), updated_by: 'Old', updated_at: datetime()})",
          {"name": f"{PREFIX}old", "filter": '{"contract_kinds": ["License"]}'})
    reads.saved_views.clear()  # written behind the app's back: its short-lived cache would hide it for 15 s
    at = explorer({})
    assert sidebar_link(at, escape_md(f"{PREFIX}old")) == {"view": [f"{PREFIX}old"]}
    at = explorer({"view": f"{PREFIX}old"})
    [warning] = [shown(w.value) for w in at.warning if "cannot be opened" in shown(w.value)]
    assert f"The saved view '{PREFIX}old' cannot be opened: its filter no longer validates: contract_kinds: not a " \
           "filter field in this version." in warning
    next(b for b in at.button if b.label == f"Delete '{escape_md(PREFIX + 'old')}'").click().run()
    assert not at.exception, at.exception
    assert stored(driver) == []
    assert any(f"Deleted the view '{PREFIX}old'." in shown(s.value) for s in at.success)
    assert "view" not in at.query_params
