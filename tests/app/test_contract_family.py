"""The Contract page's family (components/contract/family.py) on the sample: the parent and its amendments in
order with links, a placeholder parent marked, an amended end of term with its quote, nothing for a contract
without a family."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from graph.reads.families import family_of, member_label
from tests.app.shown import open_contract, shown

pytestmark = pytest.mark.integration

NG = "NETGEAR,INC_04_21_2003-EX-10.16-"
CISCO = "ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement1"
ADMA = "ADMA BioManufacturing, LLC -  Amendment #3 to Manufacturing Agreement"  # stored stripped
VERTICALNET = "VERTICALNETINC_04_01_2002-EX-10.19-MAINTENANCE AND SUPPORT AGREEMENT"


def _links(at: AppTest) -> list[tuple[str, str]]:
    return [(shown(p.proto.label), p.proto.query_string) for p in at.main.get("page_link")
            if "file_id=" in p.proto.query_string and "party=" not in p.proto.query_string]


def _texts(at: AppTest) -> list[str]:
    return [shown(m.value).replace("**", "") for m in [*at.main.markdown, *at.main.caption]]


def test_the_parent_shows_its_amendments_in_order(driver) -> None:
    at = open_contract(NG + "DISTRIBUTOR AGREEMENT")
    assert "Family" in [shown(h.value) for h in at.main.subheader]
    family = family_of(driver, NG + "DISTRIBUTOR AGREEMENT")
    expected = [f"{member_label(m)}: {m['title']}" for m in family["members"]]
    assert [label for label, _ in _links(at)] == expected
    assert expected[0].startswith("Amendment (1996-10-01)") and expected[1].startswith("Amendment 2 (1998-07-15)")
    assert any(t.startswith("Agreement: Distributor Agreement (1996-03-01)") and t.endswith("(this contract)")
               for t in _texts(at))
    assert any("having previously entered into a Distributor Agreement" in t for t in _texts(at))


def test_a_member_links_its_parent_and_a_placeholder_is_marked(driver) -> None:
    at = open_contract(NG + " AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT")
    labels = [label for label, _ in _links(at)]
    assert labels[0] == "Agreement: Distributor Agreement (1996-03-01)"
    assert any(t.startswith("Amendment 2 (1998-07-15)") and t.endswith("(this contract)") for t in _texts(at))
    at = open_contract(ADMA)
    assert any("placeholder" in t and "Manufacturing Agreement" in t and "2011-09-30" in t for t in _texts(at))
    assert any(t.startswith("Not in the repository") for t in _texts(at))


def test_the_amended_end_of_term_shows_its_quote(driver) -> None:
    texts = _texts(open_contract(CISCO))
    assert "End of term as amended: 2012-01-20 (before the amendments: 2009-01-22)" in texts
    assert any(t.startswith("“The Term of the Agreement is hereby extended to January 20, 2012") for t in texts)


def test_no_family_no_section(driver) -> None:
    assert family_of(driver, VERTICALNET) is None
    assert "Family" not in [shown(h.value) for h in open_contract(VERTICALNET).main.subheader]
