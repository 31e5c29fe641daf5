"""ingest.cli without a database: which files a run picks up, the review text, interactive decisions, summary."""

from __future__ import annotations

import logging
from pathlib import Path

from ingest import cli
from ingest.cli import Summary, collect_files, format_review, review_interactively
from ingest.pipeline import RULES, Review
from ingest.resolve import Candidate, PartySuggestion
from ingest.rules import Evidence, FieldEvidence
from ingest.schema import ContractDraft


def test_collect_files_recurses_folders_keeps_order_and_reports_missing(tmp_path: Path):
    (tmp_path / "sub").mkdir()
    for name in ("b.pdf", "A, Inc #2.PDF", "notes.txt", "sub/c.Pdf"):
        (tmp_path / name).write_bytes(b"x")
    files, missing = collect_files([str(tmp_path), str(tmp_path / "b.pdf"), str(tmp_path / "nope.pdf")])
    assert [p.relative_to(tmp_path).as_posix() for p in files] == ["A, Inc #2.PDF", "b.pdf", "sub/c.Pdf"]
    assert missing == [(tmp_path / "nope.pdf", "no such file or folder")]
    explicit, _ = collect_files([str(tmp_path / "notes.txt")])
    assert explicit == [tmp_path / "notes.txt"]  # named files are tried whatever their extension


def _review() -> Review:
    draft = ContractDraft.model_validate({"parties": [{"name": "Acme Inc.", "role": "Buyer"},
                                                      {"name": "Widgets Limited", "role": "Supplier"}],
                                          "effective_date": "2020-05-01"})
    evidence = {"effective_date": FieldEvidence("2020-05-01", 0.9, Evidence(10, 21, "May 1,\n2020", 1)),
                "parties": FieldEvidence(draft.parties, 0.3, None)}
    acme = Candidate("acmeinc", "ACME INC.", 100.0, True, False, ("US",), 4)
    widgets = Candidate("widgetsltd", "Widgets Ltd", 100.0, False, False, ("GB",), 1)
    return Review(file_name="acme.pdf", sha256="0" * 64, file_id="acme", pages=["p1", "p2"], engine=RULES,
                  draft=draft, evidence=evidence,
                  suggestions=[PartySuggestion("Acme Inc.", None, [acme]),
                               PartySuggestion("Widgets Limited", None, [widgets])])


def test_format_review_shows_confidence_evidence_low_and_missing():
    lines = format_review(_review())
    assert lines[0] == "acme.pdf  ->  acme  (2 pages, offline rules)"
    assert "  summary         NOT FILLED" in lines
    assert "  parties         Acme Inc.; Widgets Limited  [confidence 0.30 LOW]" in lines
    assert "  effective_date  2020-05-01  [confidence 0.90]" in lines
    assert '                  evidence p.1: "May 1, 2020"' in lines


def test_interactive_review_asks_about_fuzzy_parties_and_confirms(capsys):
    answers = iter(["1", "y"])
    assert review_interactively(_review(), lambda _: next(answers)) == {"Acme Inc.": "acmeinc",
                                                                         "Widgets Limited": "widgetsltd"}
    out = capsys.readouterr().out
    assert "party 'Acme Inc.': same as ACME INC. (US; 4 contracts; exact name match)" in out
    assert "[1] same as Widgets Ltd (GB; 1 contract; similarity 100)" in out
    answers = iter(["", "n"])
    assert review_interactively(_review(), lambda _: next(answers)) is None
    answers = iter(["", "yes"])
    assert review_interactively(_review(), lambda _: next(answers)) == {"Acme Inc.": "acmeinc",
                                                                         "Widgets Limited": None}


def test_summary_lines():
    summary = Summary(ingested=[(Path("/x/a.pdf"), "a")], skipped=[(Path("b.pdf"), "already there")],
                      failed=[(Path("c.pdf"), "not a PDF")])
    assert summary.lines() == ["Ingested 1, skipped 1, failed 1.", "  ingested: a.pdf -> a",
                               "  skipped:  b.pdf: already there", "  failed:   c.pdf: not a PDF"]


def test_an_unexpected_failure_is_logged_with_its_traceback_at_warning(tmp_path: Path, monkeypatch, caplog):
    # One file's unforeseen error is recorded and the batch goes on; its traceback goes to the log, at warning
    # level so a default logging configuration shows it (it was at debug: lost).
    path = tmp_path / "broken.pdf"
    path.write_bytes(b"%PDF-1.4")

    def boom(*args, **kwargs):
        raise RuntimeError("parser exploded")

    monkeypatch.setattr(cli, "process_file", boom)
    summary = Summary()
    with caplog.at_level(logging.WARNING, logger="ingest.cli"):
        cli.ingest_one(path, None, RULES, summary, yes=True, ask=input, embeddings=None)
    assert summary.failed == [(path, "unexpected error (RuntimeError): parser exploded")]
    [record] = [r for r in caplog.records if r.name == "ingest.cli"]
    assert (record.levelno, record.getMessage()) == (logging.WARNING, "unexpected failure on broken.pdf")
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError
    assert "RuntimeError: parser exploded" in caplog.text
