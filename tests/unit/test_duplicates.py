"""Duplicate recognition rules without a database: fingerprint similarity, the threshold, the tie-break by
file name, and the title/parties/date comparison for contracts that have no text."""

from __future__ import annotations

from datetime import date

from core.names import loose_party_key
from graph.store.fingerprint import fingerprint, similarity
from ingest.duplicates import TEXT_THRESHOLD, best_metadata_match, best_text_match, upload_facts
from ingest.known_contracts import UploadFacts, score
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


def _facts(day: str | None, *names: str, title: str | None = None, kind: str | None = None) -> UploadFacts:
    return upload_facts(ContractDraft(effective_date=day, contract_type=kind,
                                      parties=[Organization(name=n, role="Party") for n in names]), title)


ROWS = [{"file_id": "netgear-2003", "effective_date": date(2003, 4, 1), "parties": ["NETGEAR, Inc.", "Ingram Micro"],
         "title": "Amendment #2 to the Distribution Agreement", "contract_type": "Distributor"},
        {"file_id": "netgear-1996", "effective_date": date(1996, 10, 1), "parties": ["NETGEAR, Inc.", "Ingram Micro"],
         "title": "Distribution Agreement", "contract_type": "Distributor"},
        {"file_id": "solo", "effective_date": date(2010, 1, 1), "parties": ["Solo Corp."], "title": "Supply Agreement",
         "contract_type": "Supply"}]


def test_metadata_match_needs_a_date_and_a_party_or_title():
    match = best_metadata_match(_facts("1996-10-01", "NETGEAR INC", "INGRAM MICRO INC."), ROWS)
    assert (match.file_id, match.score, match.method, match.signals) == \
        ("netgear-1996", round(4 / 6, 3), "metadata", ("effective date", "parties"))
    assert match.describe() == "this is 'netgear-1996': same effective date, parties (score 0.67)"
    # a date near the stored one (a record dated the first of the month) and the title
    near = best_metadata_match(_facts("1996-09-12", title="DISTRIBUTION AGREEMENT", kind="Distributor"), ROWS)
    assert (near.file_id, near.signals) == ("netgear-1996", ("effective date within 120 days", "title", "type"))
    assert best_metadata_match(_facts("1997-06-01", "NETGEAR INC", "INGRAM MICRO INC."), ROWS) is None  # too far
    assert best_metadata_match(_facts(None, "NETGEAR INC", "INGRAM MICRO INC."), ROWS) is None  # which of two?
    assert best_metadata_match(_facts("1996-10-01", "Tech Data Corp.", "Acme LLC"), ROWS) is None
    assert best_metadata_match(_facts("2010-01-01", kind="Supply"), ROWS) is None  # a date and a type say too little
    assert best_metadata_match(_facts("2010-01-01", "Solo Corp"), ROWS).file_id == "solo"  # the one party, that day


def test_without_a_date_parties_and_title_together_recognise_and_ties_claim_nothing():
    undated = best_metadata_match(_facts(None, "Solo Corp", title="Supply Agreement"), ROWS)
    assert (undated.file_id, undated.signals) == ("solo", ("parties", "title"))
    assert best_metadata_match(_facts(None, "Solo Corp"), ROWS) is None
    twin = [*ROWS, {**ROWS[1], "file_id": "netgear-1996-copy"}]
    assert best_metadata_match(_facts("1996-10-01", "NETGEAR INC", "INGRAM MICRO INC."), twin) is None


def test_an_amendment_title_is_not_its_agreements():
    facts = _facts("2003-04-01", title="Amendment #2 to the Distribution Agreement")
    assert best_metadata_match(facts, ROWS).file_id == "netgear-2003"
    assert score(_facts(None, title="Amendment #2 to the Distribution Agreement"), ROWS[1]).signals == ()


def test_party_norm_drops_case_punctuation_and_legal_forms():
    assert loose_party_key("The INGRAM MICRO, INC.") == loose_party_key("Ingram Micro") == "ingram micro"
