"""Contract families on the CUAD sample (real Neo4j): the named families are linked in order, placeholders
are never counted as contracts, an amendment's extension changes its parent's status on a date with its
quote (and removing the link changes it back), an upload of an amendment is linked to its stored parent."""

from __future__ import annotations

import json
from datetime import date

import pytest

from graph.query.status import from_row, status
from graph.reads.families import all_families, family_of
from graph.reads.repository import overview, search_contracts
from graph.server.db import read
from graph.store.families import replace_member_link
from ingest.families.link import link_all, link_upload

NG = "NETGEAR,INC_04_21_2003-EX-10.16-"
FED = "FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT"
BIO = "BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT"
CISCO = "ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement1"
CISCO_AMENDMENT = "ScansourceInc_20190822_10-K_EX-10.39_11793959_EX-10.39_Distributor Agreement"
COUNTS = """MATCH (c:Contract) WITH count(c) AS contracts
MATCH (p:AgreementPlaceholder) WITH contracts, count(p) AS placeholders
MATCH ()-[r:AMENDS]->(:AgreementPlaceholder) RETURN contracts, placeholders, count(r) AS to_placeholders"""
ENDS = """MATCH (c:Contract {file_id: $file_id}) RETURN toString(c.end_date) AS end_date, c.end_date_source AS source,
toString(coalesce(c.end_date_text, c.end_date_extracted)) AS before, c.end_date_amended_by AS by"""


@pytest.fixture(scope="module")
def summary(driver):
    return link_all(driver)


def _members(driver, file_id: str) -> list[tuple[str, str, int | None]]:
    family = family_of(driver, file_id)
    assert family is not None, file_id
    return [(m["file_id"], m["kind"], m["ordinal"]) for m in family["members"]]


def test_named_families_are_linked_in_order(driver, summary) -> None:
    netgear = [(NG + "AMENDMENT TO THE DISTRIBUTOR AGREEMENT BETWEEN INGRAM MICRO AND NETGEAR", "amendment", None),
               (NG + " AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT", "amendment", 2)]
    assert _members(driver, NG + "DISTRIBUTOR AGREEMENT") == netgear
    assert family_of(driver, netgear[1][0])["parent"]["file_id"] == NG + "DISTRIBUTOR AGREEMENT"  # from a member
    assert _members(driver, FED) == [(FED + "_AMENDMENT", "amendment", None),
                                     (FED + "_SECONDAMENDMENT", "amendment", 2)]
    assert _members(driver, f"{BIO} (1)") == [(f"{BIO} - First Amendment", "amendment", 1)]
    assert family_of(driver, FED + "_POWEROF") is None  # same filing and date, but no member names it
    first = family_of(driver, f"{BIO} - First Amendment")["members"][0]
    assert first["date"] == "2011-07-05" and "entered into on April 15, 2010" in first["evidence"]
    assert first["match"] == "name, date, same filing, 1 shared party"


def test_placeholders_are_never_counted(driver, sample_records, summary) -> None:
    counts = read(driver, COUNTS)[0]
    assert counts["contracts"] == len(sample_records) == overview(driver)["contracts"]
    assert search_contracts(driver, {"limit": 1}).total_count == len(sample_records)
    assert counts["to_placeholders"] == summary.to_placeholders > 0
    assert 0 < counts["placeholders"] <= counts["to_placeholders"]
    families = all_families(driver)
    assert sum(len(f["members"]) for f in families) == summary.members
    assert sum(f["parent"]["placeholder"] for f in families) == counts["placeholders"]
    adma = next(f for f in families if f["members"][0]["file_id"].startswith("ADMA BioManufacturing"))
    assert adma["parent"] == {**adma["parent"], "placeholder": True, "title": "Manufacturing Agreement",
                              "date": "2011-09-30", "file_id": None}


def test_an_extension_changes_the_parents_status(driver, summary) -> None:
    on = date(2011, 1, 1)
    query = {"contract_types": ["Distributor"], "active": True, "as_of": on.isoformat(), "limit": 500}
    ends = read(driver, ENDS, {"file_id": CISCO})[0]
    assert ends == {"end_date": "2012-01-20", "source": "amendment", "before": "2009-01-22", "by": CISCO_AMENDMENT}
    row = next(c for c in search_contracts(driver, query).contracts if c["file_id"] == CISCO)
    assert row["status"] == status(from_row(row), on).state == "in_force"
    assert "term end 2012-01-20 as amended" in row["status_note"]
    family = family_of(driver, CISCO)
    assert family["parent"]["end_date_amended_quote"].startswith("The Term of the Agreement is hereby extended to "
                                                                 "January 20, 2012")
    link = next(iter(read(driver, "MATCH (c:Contract {file_id: $f})-[r:AMENDS]->() RETURN properties(r) AS p",
                          {"f": CISCO_AMENDMENT})))["p"]
    try:
        replace_member_link(driver, CISCO_AMENDMENT, None)  # without the amendment the agreement had expired
        assert read(driver, ENDS, {"file_id": CISCO})[0] == {"end_date": "2009-01-22", "source": "text",
                                                             "before": "2009-01-22", "by": None}
        assert CISCO not in {c["file_id"] for c in search_contracts(driver, query).contracts}
        expired = {**query, "active": False}
        assert CISCO in {c["file_id"] for c in search_contracts(driver, expired).contracts}
    finally:
        link_all(driver)
    assert read(driver, ENDS, {"file_id": CISCO})[0]["source"] == "amendment"
    assert link["term_end"].to_native() == date(2012, 1, 20)


def test_an_uploaded_amendment_is_linked(driver, summary) -> None:
    """The upload path (ingest.families.link.link_committed runs link_upload after a commit) on a stored
    member: its link is rewritten from the text in hand, the same as the batch's."""
    member = f"{BIO} - First Amendment"
    text = read(driver, "MATCH (d:Document {file_id: $f}) RETURN d.text AS t", {"f": member})[0]["t"]
    before = family_of(driver, member)
    link = link_upload(driver, member, "DEVELOPMENT AGREEMENT - First Amendment", text)
    assert link is not None and link.parent == f"{BIO} (1)"
    assert family_of(driver, member) == before
    assert link_upload(driver, member, "Development Agreement", "A development agreement. Nothing amends.") is None
    assert family_of(driver, member) is None
    link_all(driver)
    assert json.dumps(family_of(driver, member), default=str) == json.dumps(before, default=str)
