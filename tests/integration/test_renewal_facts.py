"""Renewal facts written by `load-texts` and by `python -m ingest renewals` equal a fresh extraction from the
contract's text, and re-running either leaves identical facts and evidence counts."""

from __future__ import annotations

from datetime import date

from graph.documents.renewal_facts import write_renewal_rows
from graph.server.db import read, write, write_tx
from ingest.document import parse_document
from ingest.layer import load_texts
from ingest.renewals.cli import main as renewals_main
from ingest.renewals.extract import extract_renewals
from ingest.renewals.rows import facts_row, renewal_rows
from tests.conftest import TEXTS

# Contracts whose text states an automatic renewal with a notice period, and one that states none.
IDS = ["ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT",
       "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement"]
STORED = """
MATCH (c:Contract)-[:HAS_DOCUMENT]->(d:Document) WHERE c.file_id IN $ids
RETURN c.file_id AS file_id, d.text AS text, c.renewal_type AS renewal_type, c.renewal_months AS renewal_months,
       c.renewal_days AS renewal_days, c.notice_months AS notice_months, c.notice_days AS notice_days,
       c.notice_span_days AS notice_span_days, c.convenience_notice_days AS convenience_notice_days,
       c.initial_term_months AS initial_months, c.initial_term_days AS initial_days,
       COLLECT { MATCH (d)-[:HAS_TERM_EVIDENCE]->(e) RETURN e.field ORDER BY e.field } AS fields
ORDER BY file_id
"""
KEYS = ("renewal_type", "renewal_months", "renewal_days", "notice_months", "notice_days", "notice_span_days",
        "convenience_notice_days", "initial_months", "initial_days")


def _ids(driver) -> list[str]:
    known = {r["file_id"] for r in read(driver, "MATCH (c:Contract) WHERE c.file_id IN $ids RETURN c.file_id "
                                                "AS file_id", {"ids": IDS})}
    assert known == set(IDS)
    return IDS


def _check_fresh(driver, ids) -> list[dict]:
    rows = read(driver, STORED, {"ids": ids})
    assert len(rows) == len(ids)
    for row in rows:
        found = extract_renewals(parse_document(row["text"].split("\f"), row["file_id"]))
        fresh = facts_row(found, row["file_id"])
        assert {k: row[k] for k in KEYS} == {k: fresh[k] for k in KEYS}
        names = ("expiration", "initial_term", "renewal_type", "renewal_term", "notice_period",
                 "convenience_notice", "note")
        assert row["fields"] == sorted(n for n in names if getattr(found, n) is not None)
    return rows


def test_load_texts_writes_fresh_renewal_facts(driver):
    ids = _ids(driver)
    load_texts(driver, TEXTS, file_ids=ids, workers=1)
    rows = _check_fresh(driver, ids)
    energous = next(r for r in rows if r["file_id"].startswith("ENERGOUS"))
    assert (energous["renewal_type"], energous["renewal_months"], energous["notice_days"]) == ("automatic", 12, 180)


def test_the_renewals_command_rewrites_the_same_facts(driver, capsys):
    ids = _ids(driver)
    before = read(driver, "MATCH (e:TermEvidence) RETURN count(e) AS n")[0]["n"]
    args: list[str] = []
    for file_id in ids:
        args += ["--file-id", file_id]
    assert renewals_main(args) == 0
    assert "written for 2 contracts" in capsys.readouterr().out
    _check_fresh(driver, ids)
    assert read(driver, "MATCH (e:TermEvidence) RETURN count(e) AS n")[0]["n"] == before


EVENT_TERM = """AGREEMENT

1. Term.
The term of this Agreement shall be ten (10) years which shall commence on the date upon which the Company
delivers the last Sample.
"""
DATED_TERM = "AGREEMENT\n\n1. Term.\nThe term of this Agreement shall be ten (10) years from the Effective Date.\n"
TEMP = ["cg-test-start-unknown", "cg-test-start-known"]


def test_a_term_counted_from_an_undated_event_stores_no_term_end(driver):
    """SET_FACTS counts an initial term from the contract's effective date, except when the text says it counts
    from an event it does not date (`start_unknown`): then the term end is the contract's own end date."""
    write(driver, "UNWIND $ids AS id CREATE (:Contract {file_id: id, effective_date: date('2010-01-15'), "
                  "end_date: null})", {"ids": TEMP})
    try:
        rows = [renewal_rows(parse_document(text), file_id) for text, file_id in zip((EVENT_TERM, DATED_TERM), TEMP,
                                                                                       strict=True)]
        assert [r["renewal_facts"][0]["start_unknown"] for r in rows] == [True, False]
        for r in rows:
            write_tx(driver, lambda tx, r=r: write_renewal_rows(tx, {"renewal_facts": r["renewal_facts"]}))
        stored = read(driver, "MATCH (c:Contract) WHERE c.file_id IN $ids RETURN c.file_id AS id, c.term_end AS "
                              "end, c.initial_term_months AS months ORDER BY id", {"ids": TEMP})
        ends = {r["id"]: (r["end"].to_native() if r["end"] else None, r["months"]) for r in stored}
        assert ends == {"cg-test-start-unknown": (None, 120), "cg-test-start-known": (date(2020, 1, 15), 120)}
    finally:
        write(driver, "MATCH (c:Contract) WHERE c.file_id IN $ids DETACH DELETE c", {"ids": TEMP})
    assert read(driver, "MATCH (c:Contract) WHERE c.file_id IN $ids RETURN count(c) AS n", {"ids": TEMP})[0]["n"] == 0
