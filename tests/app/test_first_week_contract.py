"""Issue 34 on the Contract page and in counts: a role standing in for a name ("Customer") is not listed as
a counterparty, and one of a thing is said in the singular ("1 parties", "1 pages")."""

from __future__ import annotations

from components.contract.document import _summary
from components.formatting import count_of
from graph.reads.documents import DocumentOutline
from tests.app.shown import open_contract, shown

SCANSOURCE = "ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement2"


def test_a_role_placeholder_is_not_a_counterparty(driver):
    at = open_contract(SCANSOURCE)
    headline = [shown(c.value) for c in at.main.caption if "· file " in c.value]
    assert headline == [f"Cisco Systems, Inc. · file {SCANSOURCE}"]  # it read "Cisco Systems, Inc., Customer"
    parties = at.main.dataframe[0].value
    assert list(parties["Party"]) == ["Cisco Systems, Inc.", "Not named (only as 'Customer')"]
    assert [shown(x.proto.label) for x in at.main.get("page_link") if x.proto.page.endswith("parties")] == \
        ["Cisco Systems, Inc."]


def test_one_is_singular():
    assert [count_of(1, "party", "parties"), count_of(2, "party", "parties"), count_of(1, "page"),
            count_of(1_204, "contract")] == ["1 party", "2 parties", "1 page", "1,204 contracts"]
    one = DocumentOutline("f", None, 2, sections=[{"references": [{"to": "1"}], "unresolved": []}],
                          footnotes=[{"n": 1}])
    assert _summary(one) == ("1 section · 1 cross-reference · 0 unresolved · 0 defined terms · 1 footnote · "
                             "2 pages")
