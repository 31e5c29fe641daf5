"""Labels that mirror a stored list (graph.query.list_labels): one label per clause type and per country code of the
vocabularies, each a plain identifier, no two alike across both, none a label the graph already uses; the statements
that write them read only their own list."""

from __future__ import annotations

import re

import pytest

from core.vocab import CLAUSE_TYPES, ISO_COUNTRIES
from graph.query.list_labels import ALL, CLAUSES, COUNTRIES

# Every other label the graph writes (graph/ statements: CREATE / MERGE / SET of a label).
GRAPH_LABELS = {"Contract", "Party", "Location", "Country", "Jurisdiction", "Clause", "Organisation", "Document",
                "Section", "DefinedTerm", "Footnote", "ClauseType", "ClauseDecision", "ClauseDecisionChange",
                "RenewalDecision", "RenewalDecisionChange", "SavedView", "TermEvidence", "AgreementPlaceholder"}


def test_every_value_has_one_label_and_no_two_share_one() -> None:
    assert set(CLAUSES.labels) == set(CLAUSE_TYPES)
    assert set(COUNTRIES.labels) == set(ISO_COUNTRIES)
    names = [*CLAUSES.labels.values(), *COUNTRIES.labels.values()]
    assert len(set(names)) == len(names) == 46 + len(ISO_COUNTRIES)
    assert all(re.fullmatch(r"Has[A-Z][A-Za-z0-9]*", name) for name in CLAUSES.labels.values())
    assert all(re.fullmatch(r"PartyIn[A-Z]{2}", name) for name in COUNTRIES.labels.values())
    assert not set(names) & GRAPH_LABELS


@pytest.mark.parametrize(("lists", "value", "label"), [
    (CLAUSES, "Non-Compete & Exclusivity", "HasNonCompeteExclusivity"),
    (CLAUSES, "Non-Compete", "HasNonCompete"),  # the CUAD category beside the sample's group: two labels
    (CLAUSES, "Rofr/Rofo/Rofn", "HasRofrRofoRofn"),
    (CLAUSES, "Unlimited/All-You-Can-Eat-License", "HasUnlimitedAllYouCanEatLicense"),
    (CLAUSES, "Ip Ownership Assignment", "HasIpOwnershipAssignment"),
    (COUNTRIES, "US", "PartyInUS"),
    (COUNTRIES, "CN", "PartyInCN"),
])
def test_a_label_is_the_prefix_and_the_words_of_its_value(lists, value: str, label: str) -> None:
    assert lists.label(value) == label


@pytest.mark.parametrize("lists", ALL)
def test_a_value_outside_the_vocabulary_has_no_label(lists) -> None:
    with pytest.raises(KeyError):
        lists.label("Has`) DETACH DELETE c //")
    assert lists.labels_of(["zz", "Has`) DETACH DELETE c //"]) == []


def test_labels_of_keeps_the_vocabulary_values_in_order() -> None:
    assert COUNTRIES.labels_of(["US", "XX", "CN"]) == ["PartyInUS", "PartyInCN"]
    assert CLAUSES.labels_of(["Non-Compete", "Not A Type"]) == ["HasNonCompete"]


@pytest.mark.parametrize("lists", ALL)
def test_the_statements_name_every_label_and_read_their_list_only(lists) -> None:
    for name in lists.labels.values():
        assert f"'{name}'" in lists.set_labels
    # The list's labels the contract holds go before the list's are set; no other label is touched.
    assert lists.set_labels.startswith("REMOVE c:$([name IN labels(c) WHERE name IN [")
    assert re.findall(r"\bc\.(\w+)", lists.set_labels) == [lists.prop]
    assert "$limit" in lists.backfill and lists.set_labels in lists.backfill
