"""Commit requires a contract type: the rules engine reads one off the title, never defaults to Other, and a
commit without one is refused before anything touches the database."""

from __future__ import annotations

import pytest

from ingest.contract_type import type_from_title
from ingest.pipeline import RULES, MissingContractType, Review, commit_review
from ingest.schema import ContractDraft, Organization


@pytest.mark.parametrize(("title", "expected"), [
    ("EXCLUSIVE DISTRIBUTOR AGREEMENT", "Distributor"),
    ("Co-Branding and Advertising Agreement", "Co-Branding"),
    ("JOINT VENTURE AGREEMENT", "Joint Venture"),
    ("CORPORATE SPONSORSHIP AGREEMENT", "Sponsorship"),
    ("AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT", "Distributor"),
    ("NON-COMPETITION AGREEMENT", "Non-Compete"),
    ("Premium Managed Hosting Agreement", "Hosting"),
    ("MASTER SERVICES AGREEMENT", "Service"),
    ("AGREEMENT", None),
    ("", None),
    (None, None),
])
def test_type_from_title(title, expected):
    assert type_from_title(title) == expected


class _NoDriver:
    """Any database call fails the test: the refusal must come first."""

    def __getattr__(self, name):
        raise AssertionError(f"the database was used ({name})")


def test_commit_without_a_type_is_refused_before_writing():
    draft = ContractDraft(parties=[Organization(name="Acme Corp.", role="Supplier")])
    review = Review(file_name="x.pdf", sha256="0" * 64, file_id="x", pages=["text"], engine=RULES, draft=draft,
                    evidence={}, suggestions=[])
    with pytest.raises(MissingContractType, match=r"^Choose a contract type \(or 'Other' when none fits\) "
                                                  r"before committing; nothing was written\.$"):
        commit_review(_NoDriver(), review, draft, {})


def test_a_party_extracted_as_its_role_gets_the_name_the_preamble_defines():
    from ingest.pipeline import named_roles

    draft = ContractDraft(parties=[Organization(name="Franchisee", role="Franchisee"),
                                   Organization(name="Acme Corp.", role="Franchisor"),
                                   Organization(name="Distributor", role="Distributor")])
    pages = ['This Agreement is made by Acme Corp. ("Franchisor") and Best Pizza, LLC, a Texas limited liability '
             'company ("Franchisee").', "Page two mentions the Distributor but never names it."]
    assert [p.name for p in named_roles(draft, pages).parties] == ["Best Pizza, LLC", "Acme Corp.", "Distributor"]


@pytest.mark.parametrize(("method", "shown"), [("metadata", True), ("text", False)])
def test_a_linked_upload_reports_its_renewal_note_only_with_the_text_it_attaches(monkeypatch, method, shown):
    """Linking to a contract known from JSON only (metadata) attaches this text and builds its layer, so the note
    on where its renewal facts came from belongs in the result; a link to a contract with its own text adds none."""
    import ingest.pipeline as pipeline
    from ingest.duplicates import DuplicateMatch

    monkeypatch.setattr(pipeline.steps, "link", lambda *a, **k: "Layer written." if k["attach"] else None)
    monkeypatch.setattr(pipeline, "incomplete_upload", lambda *a: None)
    draft = ContractDraft(contract_type="Service", parties=[Organization(name="Acme Corp.", role="Supplier")])
    review = Review(file_name="x.pdf", sha256="0" * 64, file_id="x", pages=["text"], engine=RULES, draft=draft,
                    evidence={}, suggestions=[], duplicate=DuplicateMatch("known", 3.0, method),
                    renewal_note="Renewal terms: the rules engine's.")
    committed = commit_review(_NoDriver(), review, draft, {})
    assert committed.note == ("Layer written. Renewal terms: the rules engine's." if shown else None)
