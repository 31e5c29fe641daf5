"""The Explorer's table says the term in words ('1 year 6 months'); the CSV row keeps the ISO value."""

from __future__ import annotations

import pandas as pd

from components.explorer.export import contracts_frame, flat_row

ROWS = [{"file_id": "a", "title": "A", "duration": "P1Y6M", "parties": []},
        {"file_id": "b", "title": "B", "duration": None, "parties": []},
        {"file_id": "c", "title": "C", "duration": "P30D", "parties": []}]


def test_table_terms_in_words_and_csv_in_iso() -> None:
    terms = contracts_frame(ROWS)["duration"].tolist()
    assert terms[0] == "1 year 6 months" and pd.isna(terms[1]) and terms[2] == "30 days"
    assert flat_row(ROWS[0])["duration"] == "P1Y6M"
