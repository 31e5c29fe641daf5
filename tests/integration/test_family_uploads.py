"""Families and uploads (real Neo4j): a committed amendment is linked to its stored agreement and extends its
term (the status on a date changes, with the quote); deleting the agreement leaves the amendment a placeholder
in its stead; committing the agreement again adopts the amendment; everything is gone after the deletes."""

from __future__ import annotations

from datetime import date

from graph.query.status import from_row, status
from graph.reads.families import family_of
from graph.reads.repository import search_contracts
from graph.server.db import read
from graph.store.write import CommitRequest, commit_contract, delete_contract
from ingest.families.link import link_committed
from tests.ingest_support import exact_cleanup

PARTIES = [{"name": "Qwertz Family Test Corp", "role": "Buyer", "location": {"country": "US"}},
           {"name": "Yxcvb Family Test Inc", "role": "Supplier", "location": {"country": "US"}}]
PARENT = {"file_id": "TEST-FAMILY-SUPPLY AGREEMENT", "contract_type": "Supply", "effective_date": "2015-01-01",
          "end_date": "2016-12-31", "parties": PARTIES, "clauses": []}
MEMBER = {**PARENT, "file_id": "TEST-FAMILY-FIRST AMENDMENT TO SUPPLY AGREEMENT", "effective_date": "2016-03-01",
          "end_date": None}
PARENT_TEXT = ("SUPPLY AGREEMENT\n\nThis Supply Agreement is made January 1, 2015 between Qwertz Family Test Corp "
               "and Yxcvb Family Test Inc.\n\n1. Term. This Agreement ends on December 31, 2016.")
MEMBER_TEXT = ("FIRST AMENDMENT TO SUPPLY AGREEMENT\n\nThis First Amendment (the \"Amendment\") is made as of March 1, "
               "2016 between Qwertz Family Test Corp and Yxcvb Family Test Inc.\n\nWHEREAS, the parties entered into "
               "that certain Supply Agreement dated January 1, 2015 (the \"Agreement\").\n\n1. The Term of the "
               "Agreement is hereby extended to December 31, 2018.\n\n2. All other terms remain unchanged.")
ENDS = "MATCH (c:Contract {file_id: $f}) RETURN toString(c.end_date) AS end, c.end_date_source AS source"


def _commit(driver, record: dict, text: str, name: str) -> tuple[str, str | None]:
    file_id = commit_contract(driver, CommitRequest(record=record, sha256=name.encode().hex()[:64].ljust(64, "0"),
                                                    file_name=name, pages=[text], engine="rules"))
    return file_id, link_committed(driver, file_id, name, [text])


def _in_force(driver, file_id: str, on: date) -> str:
    row = next(c for c in search_contracts(driver, {"contract_types": ["Supply"], "as_of": on.isoformat(),
                                                    "limit": 500}).contracts if c["file_id"] == file_id)
    assert row["status"] == status(from_row(row), on).state
    return row["status"]


def test_uploads_join_deleted_and_readopted_families(driver) -> None:
    on = date(2017, 6, 1)
    with exact_cleanup(driver) as committed:
        parent, note = _commit(driver, PARENT, PARENT_TEXT, "supply agreement.pdf")
        committed.append(parent)
        assert note is None and family_of(driver, parent) is None
        assert _in_force(driver, parent, on) == "expired"
        member, note = _commit(driver, MEMBER, MEMBER_TEXT, "First Amendment to Supply Agreement.pdf")
        committed.insert(0, member)
        assert note == f"Linked as amendment to {parent}."
        family = family_of(driver, parent)
        assert [(m["file_id"], m["ordinal"], m["date"], m["term_end"]) for m in family["members"]] == \
            [(member, 1, "2016-03-01", "2018-12-31")]
        assert family["members"][0]["match"] == "name, date, 2 shared parties"
        title = family["parent"]["title"]
        assert read(driver, ENDS, {"f": parent})[0] == {"end": "2018-12-31", "source": "amendment"}
        assert _in_force(driver, parent, on) == "in_force"

        delete_contract(driver, parent)
        committed.remove(parent)
        orphan = family_of(driver, member)
        assert orphan["parent"] == {**orphan["parent"], "placeholder": True, "title": title,
                                    "date": "2015-01-01", "file_id": None}
        assert orphan["members"][0]["match"] == "its agreement was deleted: placeholder"

        parent, note = _commit(driver, PARENT, PARENT_TEXT, "supply agreement.pdf")
        committed.append(parent)
        assert note == f"1 amendment(s) linked to it: {member}."
        assert family_of(driver, member)["parent"]["file_id"] == parent
        assert read(driver, ENDS, {"f": parent})[0] == {"end": "2018-12-31", "source": "amendment"}
        assert read(driver, "MATCH (p:AgreementPlaceholder {key: $k}) RETURN count(p) AS n",
                    {"k": "deleted:" + parent})[0]["n"] == 0
