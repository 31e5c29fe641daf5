"""Saved views: an Explorer filter stored under a name, with its as-of rule, shared by everyone using the
database (docs/DASHBOARD.md, "Saved views").

```
(:SavedView {name, name_key, filter, as_of_rule, as_of, created_by, created_at, updated_by, updated_at})
```
`name_key` (the name case-folded, runs of spaces as one) is unique (constraint `saved_view_name_key`), so
"Q1 renewals" and "q1  Renewals" are one view. `filter` is the filter's JSON without its as-of date; the as-of
rule says which date the view is evaluated on: `today` (no `as_of`: the date it is opened, so "active" moves
with the calendar) or `fixed` (`as_of`, a date). A view is not linked to any contract, so `graph load` (which
MERGEs contracts) and an upload's replace leave it alone. There are no accounts: `created_by` is the sidebar's
name, and anyone may replace or delete a view.

A view saved by an earlier version may hold a filter this version no longer accepts (a renamed field, a value
taken out of a vocabulary): it is still listed, with `problem` saying why it cannot be opened.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Literal

from neo4j import Driver

from core.errors import ContractGraphError, FilterValidationError
from core.text_safety import one_line_name, reviewer_name
from graph.query.filter_url import LISTING_FIELDS, filter_to_query
from graph.query.filter_values import has_alnum
from graph.query.filters import ContractFilter, parse_filter
from graph.server.db import native, read, write_rows

AsOfRule = Literal["today", "fixed"]
AS_OF_RULES: tuple[AsOfRule, ...] = ("today", "fixed")
VIEW_NAME_MAX = 80
VIEWS_LISTED = 200  # the sidebar lists at most this many (it says when there are more)
VIEW_PARAM = "view"  # the Explorer's URL parameter naming the view a link came from
# The sort is part of a view (it is in the Explorer's address); paging and aggregation are not.
_NOT_STORED = (LISTING_FIELDS - {"sort_by", "sort_order"}) | {"as_of"}

_FIELDS = ".name, .filter, .as_of_rule, .as_of, .created_by, .created_at, .updated_by, .updated_at"
# One write transaction: an existing view of the same key is only replaced when asked to ($replace); without
# it the statement returns no row and nothing is written. The constraint makes two racing creators one view.
SAVE_VIEW = f"""
OPTIONAL MATCH (old:SavedView {{name_key: $name_key}})
WITH old WHERE old IS NULL OR $replace
MERGE (v:SavedView {{name_key: $name_key}})
ON CREATE SET v.created_by = $saved_by, v.created_at = datetime()
SET v.name = $name, v.filter = $filter, v.as_of_rule = $as_of_rule, v.as_of = $as_of,
    v.updated_by = $saved_by, v.updated_at = datetime()
RETURN v {{{_FIELDS}}} AS view, old IS NOT NULL AS replaced
"""
VIEW = f"MATCH (v:SavedView {{name_key: $name_key}}) RETURN v {{{_FIELDS}}} AS view"
VIEWS = f"MATCH (v:SavedView) RETURN v {{{_FIELDS}}} AS view ORDER BY v.name_key LIMIT $limit"
DELETE_VIEW = """
MATCH (v:SavedView {name_key: $name_key})
DELETE v
RETURN count(*) AS deleted
"""


class ViewExists(ContractGraphError):
    """A view of this name exists and replacing it was not asked for; `existing` is that view."""

    def __init__(self, existing: SavedView) -> None:
        super().__init__(f"A view named '{existing.name}' already exists ({existing.provenance()}).")
        self.existing = existing


def _time(value: Any) -> datetime | None:
    found = native(value)
    return found if isinstance(found, datetime) else None


@dataclass(frozen=True)
class SavedView:
    """One stored view as read back; `problem` says why its filter cannot be opened (None when it can)."""

    name: str
    as_of_rule: str
    as_of: date | None
    filter_data: dict[str, Any]
    created_by: str
    created_at: datetime | None
    updated_by: str
    updated_at: datetime | None
    problem: str | None = None

    @classmethod
    def of(cls, raw: dict[str, Any]) -> SavedView:
        """From a returned map; a filter that no longer parses or validates is kept, with `problem` set (as are
        missing or mistyped properties of a node written by hand)."""
        problem, data = None, {}
        try:
            data = json.loads(raw.get("filter") or "")
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (TypeError, ValueError):
            problem = "its stored filter is not readable"
        as_of = native(raw.get("as_of"))
        if as_of is not None and not isinstance(as_of, date):
            problem, as_of = "its as-of date is not a date", None
        if not (raw.get("name") or raw.get("name_key")):
            problem = "it has no name"
        view = cls(name=str(raw.get("name") or raw.get("name_key") or ""), as_of_rule=str(raw.get("as_of_rule") or ""),
                   as_of=as_of, filter_data=data, created_by=str(raw.get("created_by") or ""),
                   created_at=_time(raw.get("created_at")), updated_by=str(raw.get("updated_by") or ""),
                   updated_at=_time(raw.get("updated_at")), problem=problem)
        if problem is None:
            try:
                view.contract_filter()
            except FilterValidationError as e:
                why = str(e).removeprefix("Invalid filter: ").removeprefix("Invalid view: ")
                return dataclasses.replace(view, problem="its filter no longer validates: " + why.replace(
                    "Extra inputs are not permitted", "not a filter field in this version"))
        return view

    def contract_filter(self) -> ContractFilter:
        """The view's filter on its as-of rule: `fixed` puts its date in `as_of`, `today` leaves `as_of` empty
        (the date the filter is run). FilterValidationError when the stored filter no longer validates."""
        if self.as_of_rule not in AS_OF_RULES or (self.as_of_rule == "fixed") != (self.as_of is not None):
            raise FilterValidationError(f"Invalid view: as-of rule '{self.as_of_rule[:20]}' is not one of "
                                        f"{', '.join(AS_OF_RULES)} with a date for 'fixed'.", field="as_of_rule")
        if "as_of" in self.filter_data:
            raise FilterValidationError("Invalid view: its filter holds its own as_of.", field="as_of")
        data = {**self.filter_data, **({"as_of": self.as_of} if self.as_of is not None else {})}
        return parse_filter(data)

    def query(self) -> dict[str, str | list[str]]:
        """The Explorer's URL parameters that open this view (its filter, and its name in VIEW_PARAM); only
        the name when the filter cannot be opened, so the Explorer says why."""
        params: dict[str, str | list[str]] = {} if self.problem else filter_to_query(self.contract_filter())
        return {**params, VIEW_PARAM: self.name}

    def rule_label(self) -> str:
        """'as of today' or 'as of 2015-01-01'."""
        return f"as of {self.as_of:%Y-%m-%d}" if self.as_of is not None else "as of today"

    def provenance(self) -> str:
        """'created by A. Analyst on 2026-12-02', with who replaced it and when if someone did."""
        text = f"created by {self.created_by or 'someone'}" + _on(self.created_at)
        if self.updated_at != self.created_at:
            text += f", replaced by {self.updated_by or 'someone'}" + _on(self.updated_at)
        return text

    def created_on(self) -> str:
        """The creation day, YYYY-MM-DD ('' when unknown)."""
        return f"{self.created_at:%Y-%m-%d}" if self.created_at is not None else ""


def _on(moment: datetime | None) -> str:
    return f" on {moment:%Y-%m-%d}" if moment is not None else ""


def view_name(text: str | None) -> str:
    """The name as stored: one line (control and bidi characters dropped, runs of spaces as one). Raises
    FilterValidationError when it is empty, has no letter or digit, or is longer than VIEW_NAME_MAX."""
    name = " ".join(one_line_name(text or "").split())
    if not name or not has_alnum(name):
        raise FilterValidationError("View name: enter a name with at least one letter or digit.", field="name")
    if len(name) > VIEW_NAME_MAX:
        raise FilterValidationError(f"View name: at most {VIEW_NAME_MAX} characters (this one has {len(name)}).",
                                    field="name")
    return name


def name_key(name: str) -> str:
    """The key two names are the same view by: case-folded, runs of spaces as one."""
    return " ".join(name.split()).casefold()


def stored_filter(f: ContractFilter) -> str:
    """The filter's JSON as a view stores it: the fields that differ from the defaults, without as_of, paging
    and aggregation."""
    return json.dumps({k: v for k, v in f.describe().items() if k not in _NOT_STORED}, sort_keys=True)


def save_view(driver: Driver, name: str, f: ContractFilter, as_of_rule: str, *, saved_by: str | None,
              as_of: date | None = None, replace: bool = False, database: str | None = None) -> SavedView:
    """Store the filter `f` as the view `name` in one write transaction. `as_of_rule` 'fixed' takes `as_of`
    (else the filter's own as_of); 'today' drops any date. Raises FilterValidationError for a bad name, rule or
    missing reviewer name, ViewExists when the name is taken and `replace` is False (nothing written)."""
    clean = view_name(name)
    by = reviewer_name(saved_by)
    if not by:
        raise FilterValidationError("Your name: enter it in the sidebar first; views are stored with the name of "
                                    "who saved them.", field="saved_by")
    if as_of_rule not in AS_OF_RULES:
        raise FilterValidationError(f"As-of rule: one of {', '.join(AS_OF_RULES)}.", field="as_of_rule")
    day = (as_of or f.as_of) if as_of_rule == "fixed" else None
    if as_of_rule == "fixed" and day is None:
        raise FilterValidationError("As-of rule: a fixed rule needs a date.", field="as_of")
    if day is not None:
        parse_filter({"as_of": day})  # the same date range every filter accepts
    params = {"name": clean, "name_key": name_key(clean), "filter": stored_filter(f), "as_of_rule": as_of_rule,
              "as_of": day, "saved_by": by, "replace": replace}
    rows = write_rows(driver, SAVE_VIEW, params, database)
    if not rows:
        existing = find_view(driver, clean, database)
        if existing is None:  # deleted in between: save again, now as a new view
            return save_view(driver, clean, f, as_of_rule, saved_by=by, as_of=day, replace=False,
                             database=database)
        raise ViewExists(existing)
    return SavedView.of(rows[0]["view"])


def find_view(driver: Driver, name: str, database: str | None = None) -> SavedView | None:
    """The view of this name (case and spacing aside), or None."""
    rows = read(driver, VIEW, {"name_key": name_key(name)}, database)
    return SavedView.of(rows[0]["view"]) if rows else None


def list_views(driver: Driver, limit: int = VIEWS_LISTED, database: str | None = None) -> list[SavedView]:
    """Every view (at most `limit`), by name."""
    return [SavedView.of(r["view"]) for r in read(driver, VIEWS, {"limit": limit}, database)]


def delete_view(driver: Driver, name: str, database: str | None = None) -> bool:
    """Delete the view of this name; True when there was one."""
    rows = write_rows(driver, DELETE_VIEW, {"name_key": name_key(name)}, database)
    return int(rows[0]["deleted"]) > 0
