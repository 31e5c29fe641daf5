"""The import CSV's fields and header types (graph.store.bulk_csv): what neo4j-admin reads back must be the
value the loader's driver would have stored."""

from __future__ import annotations

from datetime import date

import pytest

from graph.store.bulk_csv import BulkCsvError, _header, cell, contract_row, neo4j_type, party_row


def test_cells_quote_everything_but_null() -> None:
    assert cell(None) == ""
    assert cell("") == '""'
    assert cell('say "hi",\nbye') == '"say ""hi"",\nbye"'
    assert cell(3) == '"3"' and cell(2.5) == '"2.5"' and cell(True) == '"true"'
    assert cell(date(2021, 6, 30)) == '"2021-06-30"'
    assert cell(["a", 'b"c']) == '"a\x1fb""c"'
    assert cell([]) == '""'
    with pytest.raises(BulkCsvError):
        cell(["a\x1fb"])


def test_types_follow_the_python_values() -> None:
    assert [neo4j_type(v) for v in (True, 1, 1.5, "x", date(2020, 1, 1), ["x"], [])] == [
        "boolean", "long", "double", "string", "date", "string[]", "string[]"]
    with pytest.raises(BulkCsvError):
        neo4j_type([1, "x"])
    assert _header({"file_id": "ID(Contract)", "summary": "string", "party_count": "long"}) == (
        "file_id:ID(Contract),summary,party_count:long\n")
    # The label column has no name: its labels are added to the file's own (Contract).
    assert _header({"file_id": "ID(Contract)", "labels": "LABEL"}) == "file_id:ID(Contract),:LABEL\n"


def test_rows_get_what_the_loaders_cypher_adds() -> None:
    row = contract_row({"file_id": "F1", "file_title": "Supply Agreement", "end_date": date(2020, 1, 2)})
    assert (row["title"], row["end_date_extracted"], row["end_date_source"]) == (
        "Supply Agreement", date(2020, 1, 2), "extracted")
    untitled = contract_row({"file_id": "F2", "file_title": None, "end_date": None})
    assert (untitled["title"], untitled["end_date_extracted"], untitled["end_date_source"]) == ("F2", None, None)
    # The clause labels of the row's clause types (graph.query.clause_labels); none: an empty field.
    labelled = contract_row({"file_id": "F3", "clause_types": ["Audit Rights", "Non-Compete & Exclusivity"]})
    assert labelled["labels"] == ["HasAuditRights", "HasNonCompeteExclusivity"]
    assert untitled["labels"] is None
    party = party_row({"key": "acme", "name": "ACME Inc.", "aliases": ["ACME INC", "ACME Inc."]})
    assert party["search_names"] == ["acme inc", "acme inc.", "acme inc."]
    assert party["search_text"] == "\nacme inc\nacme inc.\nacme inc."
