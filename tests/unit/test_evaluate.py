"""Tests for evals.ingest: gold parsing, the documented matching rules, scoring and the CLI."""

from __future__ import annotations

import csv
import json
import sys
from datetime import date

import pytest

from core.vocab import CUAD_CATEGORIES
from evals.gold import gold_jurisdictions, gold_parties, parse_gold_date
from evals.ingest import (
    Counts,
    field_matches,
    main,
    match_parties,
    norm_party,
    score_contract,
)
from ingest.cuad_labels import CategoryLabel, LabelledContract


def test_gold_parties_from_answer_column():
    answer = ('Marine MP, LLC (\u201cLender\u201d); Arnold Schwarzenegger (\u201cEndorser\u201d); '
              'Fitness Publications, Inc. (\u201cFitness\u201d); '
              'Lender, Endorser and Fitness (\u201cAS Parties\u201d);  MusclePharm '
              'Corporation ("MusclePharm" or "Company")')
    assert gold_parties(answer) == ["Marine MP, LLC", "Arnold Schwarzenegger", "Fitness Publications, Inc",
                                    "MusclePharm Corporation"]


def test_gold_parties_drop_collective_and_blank_segments():
    answer = ('Howmedica Ostenonics Corp. ("Stryker"); Conformis, Inc. ("Conformis"); Stryker and Conformis '
              '(\u201cParties\u201d and individually as a \u201cParty.\u201d)')
    assert gold_parties(answer) == ["Howmedica Ostenonics Corp", "Conformis, Inc"]
    assert gold_parties('Tribute Pharmaceuticals Inc. ("Corporation"); [] ("Agent")') == ["Tribute Pharmaceuticals Inc"]
    assert gold_parties('SFG Financial Corp ("E-Path FX", "Licensor"); 551 FX IB Associates, LLC ("Licensee")') == [
        "SFG Financial Corp", "551 FX IB Associates, LLC"]


def test_norm_party_strips_suffixes_and_the():
    assert norm_party("The Bankers Bank, Inc.") == "bankers bank"
    assert norm_party("YOU ON DEMAND HOLDINGS, INC") == "you on demand"
    assert norm_party("Skype Communications, S.A.") == "skype communications"


def test_match_parties_is_one_to_one_and_fuzzy():
    gold = ["Beijing Sun Seven Stars Culture Development Limited", "YOU ON DEMAND HOLDINGS, INC"]
    assert match_parties(["You On Demand Holdings, Inc.", "Beijing Sun Seven Stars Culture Development Ltd."],
                         gold) == 2
    assert match_parties(["You On Demand Holdings, Inc.", "YOU ON DEMAND HOLDINGS INC"], gold) == 1
    assert match_parties(["Totally Different Company"], gold) == 0
    assert match_parties(["Inc."], gold) == 0  # nothing left after suffix stripping


@pytest.mark.parametrize(("answer", "expected"), [
    ("5/8/14", (2014, 5, 8)),
    ("12/31/98", (1998, 12, 31)),
    ("[]/[]/2020", (2020, None, None)),
    ("03/[]/1999", (1999, 3, None)),
    ("Perpetual", "perpetual"),
    ("[]/[]/[]", None),
    ("soon", None),
])
def test_parse_gold_date(answer, expected):
    assert parse_gold_date(answer) == expected


def test_date_matching_rules():
    assert field_matches("agreement_date", date(2014, 5, 8), "5/8/14")
    assert not field_matches("agreement_date", date(2014, 5, 9), "5/8/14")
    assert field_matches("agreement_date", date(2020, 6, 1), "[]/[]/2020")
    assert not field_matches("agreement_date", date(2019, 6, 1), "[]/[]/2020")
    assert field_matches("expiration_date", "perpetual", "09/05/2019; perpetual")
    assert field_matches("expiration_date", date(2019, 9, 5), "09/05/2019; perpetual")


def test_governing_law_matching_rules():
    assert gold_jurisdictions("Ontario, Canada") == {("CA", "ON")}
    assert gold_jurisdictions("England, United Kingdom; Wales, United Kingdom") == {("GB", None)}
    assert gold_jurisdictions("Virginia, Texas") == {("US", "VA"), ("US", "TX")}
    assert gold_jurisdictions("[* * *]") == set()
    assert field_matches("governing_law", ("US", "NY"), "New York")
    assert not field_matches("governing_law", ("US", None), "New York")
    assert field_matches("governing_law", ("AU", "Victoria"), "Victoria, Australia")


def test_document_name_matching_rule():
    assert field_matches("document_name", "Co-Branding Agreement", "CO-BRANDING AGREEMENT")
    assert field_matches("document_name", "Software Development Agreement",
                         "STATEMENT OF WORK - APPENDIX A\n\nSoftware Development Agreement")
    assert not field_matches("document_name", "DISTRIBUTOR AGREEMENT", "EXCLUSIVE DISTRIBUTOR AGREEMENT")


def _contract(**answers):
    contract = LabelledContract(filename="x.pdf")
    for category in CUAD_CATEGORIES:
        contract.labels[category] = CategoryLabel((), answers.get(category, ""))
    return contract


def test_score_contract_counts():
    counts = {f: Counts() for f in ("parties", "agreement_date", "effective_date", "expiration_date",
                                    "governing_law", "document_name")}
    contract = _contract(**{"Parties": 'Acme Inc. ("A"); Beta LLC ("B")', "Agreement Date": "1/2/20",
                            "Governing Law": "Delaware"})
    predicted = {"parties": ["Acme, Inc.", "Gamma Corp"], "agreement_date": date(2020, 1, 3),
                 "effective_date": date(2020, 1, 2), "governing_law": ("US", "DE"), "document_name": None}
    score_contract(counts, predicted, contract)
    assert vars(counts["parties"]) == {"tp": 1, "fp": 1, "fn": 1, "n": 2}
    assert vars(counts["agreement_date"]) == {"tp": 0, "fp": 1, "fn": 1, "n": 1}
    assert vars(counts["effective_date"]) == {"tp": 0, "fp": 1, "fn": 0, "n": 0}
    assert vars(counts["governing_law"]) == {"tp": 1, "fp": 0, "fn": 0, "n": 1}
    assert vars(counts["document_name"]) == {"tp": 0, "fp": 0, "fn": 0, "n": 0}
    assert counts["parties"].scores() == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "n": 2}


def _write_dataset(tmp_path):
    header = ["Filename"]
    for category in CUAD_CATEGORIES:
        header += [category, f"{category}-Answer"]
    row = {key: "" for key in header}
    row.update({"Filename": "Acme Co_Branding.pdf", "Parties-Answer": 'Acme Widgets, Inc. ("Licensor"); '
                'Beta Labs LLC ("Licensee")', "Agreement Date-Answer": "5/8/14", "Governing Law-Answer": "New York",
                "Document Name-Answer": "LICENSE AGREEMENT", "Expiration Date-Answer": "5/8/17"})
    labels = tmp_path / "labels.csv"
    with labels.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=header)
        writer.writeheader()
        writer.writerow(row)
    texts = tmp_path / "txt"
    texts.mkdir()
    (texts / "Acme Co&Branding.txt").write_text(
        'LICENSE AGREEMENT This License Agreement is entered into as of May 8, 2014 by and between Acme Widgets, '
        'Inc., a Delaware corporation ("Licensor"), and Beta Labs LLC ("Licensee"). WHEREAS. The term of this '
        "Agreement shall be three (3) years. This Agreement shall be governed by the laws of the State of New York.",
        encoding="utf-8")
    return labels, texts


def test_cli_writes_scores(tmp_path, capsys):
    labels, texts = _write_dataset(tmp_path)
    out = tmp_path / "scores.json"
    assert main(["--labels", str(labels), "--texts", str(texts), "--engine", "rules", "--out", str(out)]) == 0
    scores = json.loads(out.read_text())
    for field in ("parties", "agreement_date", "expiration_date", "governing_law", "document_name"):
        assert scores[field]["f1"] == 1.0, field
    assert scores["parties"]["n"] == 2
    assert scores["effective_date"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "n": 0}
    table = capsys.readouterr().out
    assert table.splitlines()[0].split() == ["field", "precision", "recall", "f1", "n"]
    assert "governing_law" in table


def test_cli_llm_engine_unavailable_is_a_clear_error(tmp_path, capsys, monkeypatch):
    labels, texts = _write_dataset(tmp_path)
    monkeypatch.setitem(sys.modules, "ingest.llm_extract", None)  # make the import fail
    assert main(["--labels", str(labels), "--texts", str(texts), "--engine", "llm"]) == 2
    assert "LLM engine is not available" in capsys.readouterr().err


def test_cli_llm_not_configured_is_a_clear_error(tmp_path, capsys, monkeypatch):
    import types

    from core.errors import LLMNotConfigured

    def extract_llm(pages, file_id, model):
        raise LLMNotConfigured("No chat model is configured: set LLM_MODEL.")

    labels, texts = _write_dataset(tmp_path)
    monkeypatch.setitem(sys.modules, "ingest.llm_extract", types.SimpleNamespace(extract_llm=extract_llm))
    assert main(["--labels", str(labels), "--texts", str(texts), "--engine", "llm"]) == 2
    assert "No chat model is configured" in capsys.readouterr().err
