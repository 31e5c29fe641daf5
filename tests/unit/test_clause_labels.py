"""Clause labels (graph.query.clause_labels): one label per clause type of the vocabulary, each a plain identifier,
no two alike, none a label the graph already uses; the statements that write them read only the vocabulary."""

from __future__ import annotations

import re

import pytest

from core.vocab import CLAUSE_TYPES
from graph.query import clause_labels

# Every other label the graph writes (graph/ statements: CREATE / MERGE / SET of a label).
GRAPH_LABELS = {"Contract", "Party", "Location", "Country", "Jurisdiction", "Clause", "Organisation", "Document",
                "Section", "DefinedTerm", "Footnote", "ClauseType", "ClauseDecision", "ClauseDecisionChange",
                "RenewalDecision", "RenewalDecisionChange", "SavedView", "TermEvidence", "AgreementPlaceholder"}


def test_every_clause_type_has_one_label_and_no_two_share_one() -> None:
    assert set(clause_labels.LABELS) == set(CLAUSE_TYPES)
    names = list(clause_labels.LABELS.values())
    assert len(set(names)) == len(names) == 46
    assert all(re.fullmatch(r"Has[A-Z][A-Za-z0-9]*", name) for name in names)
    assert not set(names) & GRAPH_LABELS


@pytest.mark.parametrize(("clause_type", "label"), [
    ("Non-Compete & Exclusivity", "HasNonCompeteExclusivity"),
    ("Non-Compete", "HasNonCompete"),  # the CUAD category beside the sample's group: two labels
    ("Rofr/Rofo/Rofn", "HasRofrRofoRofn"),
    ("Unlimited/All-You-Can-Eat-License", "HasUnlimitedAllYouCanEatLicense"),
    ("Ip Ownership Assignment", "HasIpOwnershipAssignment"),
])
def test_a_label_is_has_and_the_words_of_its_type(clause_type: str, label: str) -> None:
    assert clause_labels.label(clause_type) == label


def test_a_type_outside_the_vocabulary_has_no_label() -> None:
    with pytest.raises(KeyError):
        clause_labels.label("Has`) DETACH DELETE c //")


def test_the_statements_name_every_label_and_read_the_list_only() -> None:
    for name in clause_labels.LABELS.values():
        assert f"'{name}'" in clause_labels.SET_LABELS
    assert clause_labels.SET_LABELS.startswith("REMOVE c:$([")  # every clause label goes before the list's are set
    assert re.findall(r"\bc\.(\w+)", clause_labels.SET_LABELS) == ["clause_types"]
    assert "$limit" in clause_labels.BACKFILL and clause_labels.SET_LABELS in clause_labels.BACKFILL
