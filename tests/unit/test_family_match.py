"""Choosing a member's parent (ingest.families.match), folding term changes (graph.store.families.amended_end)
and the status note of an amended end (graph.query.status)."""

from __future__ import annotations

from datetime import date

from graph.query.status import StatusFacts, from_row, status
from graph.store.families import amended_end
from ingest.families.match import Candidate, choose_parent, filing_of, names_match
from ingest.families.recital import Recital

NG = "NETGEAR,INC_04_21_2003-EX-10.16-"


def _recital(name: str | None, when: date | None = None) -> Recital:
    return Recital("amendment", 2, "AMENDMENT #2", name, when, None, "evidence")


def test_filing_of() -> None:
    assert filing_of(NG + " AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT") == NG
    assert filing_of("Co_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement2") == \
        "Co_20190920_S-1_EX-10.12_11817081_EX-10.12_"
    cerus = "Cerus Corporation - FIRST AMEND TO SUPPLY AGREEMENT"
    assert filing_of(cerus) == cerus


def test_names_match_stems_and_containment() -> None:
    assert names_match("Distribution Agreement", "Distributor Agreement")
    assert names_match("Wireless Content License Agreement", "Content License Agreement")
    assert not names_match("Supply Agreement", "License Agreement")


def test_same_filing_wins_over_a_recital_date_elsewhere() -> None:
    child = Candidate(NG + " AMENDMENT #2", (), date(1998, 7, 15), ("Ingram Micro Inc.", "NETGEAR, Inc."))
    base = Candidate(NG + "DISTRIBUTOR AGREEMENT", ("Distributor Agreement",), date(1996, 3, 1),
                     ("Ingram Micro", "NETGEAR, Inc."))
    alone = Candidate("OTHER-EX-10.1-DISTRIBUTOR AGREEMENT", ("Distributor Agreement",), date(1996, 10, 1), ())
    recital = _recital("Distribution Agreement", date(1996, 10, 1))
    assert choose_parent(recital, child, [alone, child]) is None  # the date alone ties nothing
    dated = Candidate("OTHER-EX-10.1-DISTRIBUTOR AGREEMENT", ("Distributor Agreement",), date(1996, 10, 1),
                      ("NETGEAR, Inc.",))
    assert choose_parent(recital, child, [dated]) == (dated, "name, date, 1 shared party")
    chosen = choose_parent(recital, child, [dated, base, alone])
    assert chosen == (base, "name, same filing, 1 shared party")


def test_a_shared_party_alone_needs_the_exact_name() -> None:
    child = Candidate("A-EX-10.2-ADDENDUM", (), None, ("ScanSource, Inc.",))
    cisco = Candidate("B-EX-10.38-Distributor Agreement", ("Distributor Agreement",), date(2007, 1, 22),
                      ("ScanSource, Inc.", "Cisco"))
    assert choose_parent(_recital("Zebra PartnerConnect Distributor Agreement"), child, [cisco]) is None
    assert choose_parent(_recital("Distributor Agreement"), child, [cisco]) is not None
    # a different recital date rules out a contract of another filing
    assert choose_parent(_recital("Distributor Agreement", date(2001, 1, 1)), child, [cisco]) is None


def test_amended_end_applies_changes_in_order() -> None:
    changes = [{"file_id": "b", "date": date(2012, 1, 1), "ordinal": 2, "term_months": 12, "quote": "q2"},
               {"file_id": "a", "date": date(2010, 1, 1), "ordinal": 1, "term_end": date(2011, 6, 30), "quote": "q1"},
               {"file_id": None}]
    assert amended_end(date(2010, 12, 31), changes) == (date(2012, 6, 30), "b", "q2")
    assert amended_end(None, changes[:1]) is None  # an extension needs an end to extend
    assert amended_end(date(2010, 12, 31), []) is None


def test_status_notes_an_amended_end() -> None:
    row = {"effective_date": "2007-01-22", "end_date": "2012-01-20", "end_date_source": "amendment",
           "renewal_type": "none"}
    found = status(from_row(row), date(2011, 1, 1))
    assert found.state == "in_force" and "term end 2012-01-20 as amended" in (found.note or "")
    plain = StatusFacts(date(2007, 1, 22), date(2009, 1, 22), "none")
    assert status(plain, date(2011, 1, 1)).state == "expired"
