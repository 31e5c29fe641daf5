"""Duplicate recognition rules without a database: fingerprint similarity, the threshold, the tie-break by
file name, and the title/parties/date comparison for contracts that have no text."""

from __future__ import annotations

from datetime import date

from core.names import loose_party_key
from graph.store.fingerprint import fingerprint, similarity
from ingest.duplicates import TEXT_THRESHOLD, best_metadata_match, best_text_match
from ingest.schema import ContractDraft, Organization
from tests.synth_contracts import synthetic_text


def test_layout_does_not_move_the_fingerprint_but_other_contracts_do():
    text = synthetic_text(1)
    reflowed = text.replace("\n", "\n\n").replace(". ", ".\n").upper()
    assert fingerprint(text) == fingerprint(reflowed)
    assert similarity(fingerprint(text), fingerprint(synthetic_text(2))) < 0.3
    assert fingerprint("") is None and similarity(None, fingerprint(text)) == 0.0


def test_best_text_match_threshold_and_tie_break_by_file_name():
    fp = fingerprint(synthetic_text(3))
    stored = [{"file_id": "ACME-EX-10.1 (1)", "fingerprint": fp}, {"file_id": "ACME-EX-10.1", "fingerprint": fp},
              {"file_id": "other", "fingerprint": fingerprint(synthetic_text(4))}]
    match = best_text_match(fp, stored, "ACME-EX-10.1.pdf")
    assert (match.file_id, match.score, match.method) == ("ACME-EX-10.1", 1.0, "text")
    assert best_text_match(fingerprint(synthetic_text(5)), stored, "x.pdf") is None
    assert 0.74 < TEXT_THRESHOLD < 0.91


def _draft(effective: str | None, *names: str) -> ContractDraft:
    return ContractDraft(effective_date=effective, parties=[Organization(name=n, role="Party") for n in names])


ROWS = [{"file_id": "netgear-2003", "effective_date": date(2003, 4, 1), "parties": ["NETGEAR, Inc.", "Ingram Micro"]},
        {"file_id": "netgear-1996", "effective_date": date(1996, 10, 1), "parties": ["NETGEAR, Inc.", "Ingram Micro"]},
        {"file_id": "solo", "effective_date": date(2010, 1, 1), "parties": ["Solo Corp."]}]


def test_metadata_match_needs_the_same_date_and_every_party():
    match = best_metadata_match(_draft("1996-10-01", "NETGEAR INC", "INGRAM MICRO INC."), ROWS)
    assert (match.file_id, match.score, match.method) == ("netgear-1996", 1.0, "metadata")
    assert best_metadata_match(_draft("1997-01-01", "NETGEAR INC", "INGRAM MICRO INC."), ROWS) is None
    assert best_metadata_match(_draft(None, "NETGEAR INC", "INGRAM MICRO INC."), ROWS) is None  # an amendment?
    assert best_metadata_match(_draft("1996-10-01", "NETGEAR INC", "Tech Data Corp."), ROWS) is None
    assert best_metadata_match(_draft("2010-01-01", "Solo Corp"), ROWS) is None  # one party says too little


def test_party_norm_drops_case_punctuation_and_legal_forms():
    assert loose_party_key("The INGRAM MICRO, INC.") == loose_party_key("Ingram Micro") == "ingram micro"
