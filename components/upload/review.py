"""The review form for one processed file: every field with its confidence and evidence, editable parties
and clauses, a "same as / new party" choice per extracted party, and Commit / Discard.

Fields the engine could not fill are marked "not filled"; fields below `LOW_CONFIDENCE` are highlighted.
Widget keys start with the item's prefix (`upload_<n>_...`); the form submits everything at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import pandas as pd
import streamlit as st

from components.formatting import count_of, escape_md
from components.upload.draft import PARTY_COLUMNS, clauses_frame, parties_frame
from components.upload.process import UploadItem
from core.vocab import CLAUSE_TYPES, CONTRACT_TYPES
from ingest.duplicates import CHOICES
from ingest.evidence import LOW_CONFIDENCE
from ingest.ocr import low_confidence_note, ocr_summary
from ingest.pipeline import Review
from ingest.resolve import PartySuggestion
from ingest.rules import FieldEvidence

LABELS = {"summary": "Summary", "contract_type": "Contract type", "effective_date": "Effective date (YYYY-MM-DD)",
          "end_date": "End date (YYYY-MM-DD)", "duration": "Initial term (ISO 8601, e.g. P1Y)",
          "contract_scope": "Scope", "total_amount": "Total amount", "governing_law": "Governing law",
          "parties": "Parties", "clauses": "Clauses"}
NEW_PARTY = "New party"
EXTRA_LABELS = {"document_name": "Document title", "agreement_date": "Agreement date",
                "renewal_term": "Renewal term", "notice_period": "Notice period"}


@dataclass
class ReviewAction:
    """What the reviewer submitted."""

    kind: Literal["commit", "discard"]
    values: dict[str, Any]
    parties: pd.DataFrame
    clauses: pd.DataFrame
    same_as: dict[str, str | None]


def _clipped(text: str, limit: int) -> str:
    """`text` on one line, cut to `limit` characters with an ellipsis when longer."""
    text = " ".join(text.split())
    return f"{text[:limit]}{'…' if len(text) > limit else ''}"


def _quote(found: FieldEvidence) -> str:
    if found.evidence is None:
        return "no span in the text (written by the model)" if found.confidence >= LOW_CONFIDENCE \
            else "not found in the text: check it"
    return f"p.{found.evidence.page}: “{escape_md(_clipped(found.evidence.text, 220))}”"


def evidence_note(review: Review, name: str) -> str:
    """Markdown beside a field: not filled, or confidence (highlighted when low) and the evidence."""
    value = getattr(review.draft, name)
    if value in (None, "", []):
        return f":red-badge[:material/edit: not filled by {escape_md(review.engine.label)}]"
    found = review.evidence.get(name)
    if found is None:
        return ":gray-badge[no evidence recorded]"
    badge = f":orange-badge[:material/warning: low confidence {found.confidence:.2f}]" \
        if found.confidence < LOW_CONFIDENCE else f":green-badge[confidence {found.confidence:.2f}]"
    return f"{badge} {_quote(found)}"


def _row(review: Review, name: str) -> Any:
    """A row with the field's widget on the left and its evidence on the right; returns the widget."""
    left, right = st.columns([3, 2], vertical_alignment="center")
    right.markdown(evidence_note(review, name))
    return left


def _scalar_fields(review: Review, prefix: str) -> dict[str, Any]:
    draft, values = review.draft, {}
    values["summary"] = _row(review, "summary").text_area(LABELS["summary"], draft.summary or "",
                                                          key=f"{prefix}_summary", height=100)
    types = list(CONTRACT_TYPES)
    values["contract_type"] = _row(review, "contract_type").selectbox(
        LABELS["contract_type"], types, index=types.index(draft.contract_type) if draft.contract_type else None,
        key=f"{prefix}_contract_type", placeholder="Choose a type")
    for name in ("effective_date", "end_date", "duration"):
        values[name] = _row(review, name).text_input(LABELS[name], getattr(draft, name) or "", key=f"{prefix}_{name}")
    amount = "" if draft.total_amount is None else f"{draft.total_amount:,.2f}"
    values["total_amount"] = _row(review, "total_amount").text_input(LABELS["total_amount"], amount,
                                                                     key=f"{prefix}_total_amount")
    values["contract_scope"] = _row(review, "contract_scope").text_area(
        LABELS["contract_scope"], draft.contract_scope or "", key=f"{prefix}_contract_scope", height=80)
    law = draft.governing_law
    cell = _row(review, "governing_law")
    country, state = cell.columns(2)
    values["law_country"] = country.text_input("Governing law: country (ISO code)", (law.country or "") if law else "",
                                               key=f"{prefix}_law_country")
    values["law_state"] = state.text_input("State / province", (law.state or "") if law else "",
                                           key=f"{prefix}_law_state")
    return values


def _resolution(suggestion: PartySuggestion, prefix: str, index: int) -> str | None:
    """One party's choice: same as an existing party, or a new party (exact matches are fixed)."""
    if suggestion.exact:
        st.markdown(f"**{escape_md(suggestion.name)}** → same as **{escape_md(suggestion.exact.describe())}** "
                    ":green-badge[existing party: exact name match, linked automatically]")
        return suggestion.exact.key
    if not suggestion.candidates:
        st.markdown(f"**{escape_md(suggestion.name)}** → new party :gray-badge[no similar party in the graph]")
        return None
    options = [NEW_PARTY, *[f"Same as {c.describe()}" for c in suggestion.candidates]]
    choice = st.selectbox(f"“{escape_md(suggestion.name)}” may already be in the graph", options, index=0,
                          key=f"{prefix}_party_{index}")
    return None if choice == NEW_PARTY else suggestion.candidates[options.index(choice) - 1].key


def _parties(review: Review, prefix: str) -> tuple[pd.DataFrame, dict[str, str | None]]:
    st.markdown(f"**{LABELS['parties']}** {evidence_note(review, 'parties')}")
    config = {name: st.column_config.TextColumn(name.capitalize()) for name in PARTY_COLUMNS[:-1]}
    config["country"] = st.column_config.TextColumn("Country", help="ISO 3166-1 alpha-2 code, e.g. US")
    edited = st.data_editor(parties_frame(review), num_rows="dynamic", hide_index=True, key=f"{prefix}_parties",
                            disabled=["found on page"], column_config=config, width="stretch")
    if review.suggestions:
        st.caption("Entity resolution: link each extracted party to an existing one, or keep it as new. "
                   "A linked party keeps the extracted spelling as an alias.")
    same_as = {s.name: _resolution(s, prefix, i) for i, s in enumerate(review.suggestions)}
    return edited, same_as


def _clauses(review: Review, prefix: str) -> pd.DataFrame:
    st.markdown(f"**{LABELS['clauses']}** {evidence_note(review, 'clauses')}")
    config = {"clause_type": st.column_config.SelectboxColumn("Clause type", options=list(CLAUSE_TYPES)),
              "summary": st.column_config.TextColumn("Summary", width="large"),
              "page": st.column_config.NumberColumn("Page", min_value=1, step=1)}
    return st.data_editor(clauses_frame(review.draft), num_rows="dynamic", hide_index=True, key=f"{prefix}_clauses",
                          column_config=config, width="stretch")


def _extras(review: Review) -> None:
    for name, found in review.extras.items():
        st.caption(f"{EXTRA_LABELS.get(name, name)}: **{escape_md(found.value)}** · {evidence_note_for(found)}")


RENEWAL_FIELDS = (("expiration", "Expiration"), ("initial_term", "Initial term"), ("renewal_type", "Renewal"),
                  ("renewal_term", "Renewal term"), ("notice_period", "Notice to stop a renewal"),
                  ("convenience_notice", "Notice to terminate for convenience"))


def renewal_lines(review: Review) -> list[str]:
    """Markdown lines for the renewal facts the commit will store: the LLM engine's (each with its quote)
    and why some are the rules engine's after all; with the rules engine, that they are read at commit."""
    if review.renewals is None:
        return ["Renewal terms and notice periods are read from the text at commit (rules engine) and shown "
                "on the Contract page."]
    lines = []
    for name, label in RENEWAL_FIELDS:
        found = getattr(review.renewals, name)
        if found is not None:
            where = f"§{found.evidence.section_number} " if found.evidence.section_number else ""
            lines.append(f"{label}: **{escape_md(found.value)}** · {escape_md(where)}"
                         f"“{escape_md(_clipped(found.evidence.quote, 200))}”")
    if not lines:
        lines.append("No renewal terms were found in the text.")
    if review.renewal_note:
        lines.append(f":material/info: {escape_md(review.renewal_note)}")
    return lines


def _renewals(review: Review) -> None:
    st.markdown("**Renewal terms**")
    for line in renewal_lines(review):
        st.caption(line)


def evidence_note_for(found: FieldEvidence) -> str:
    return f"confidence {found.confidence:.2f} · {_quote(found)}"


def _duplicate_choice(review: Review, prefix: str) -> str:
    """Link (default), replace or keep both, for an upload whose content is already in the graph."""
    line = review.duplicate.describe()
    st.warning(escape_md(f"{line[:1].upper()}{line[1:]}."), icon=":material/content_copy:")
    options = list(CHOICES)
    return st.radio("What should the commit do?", options, index=0, format_func=CHOICES.__getitem__,
                    key=f"{prefix}_duplicate")


def _ocr(review: Review) -> None:
    """A scan: how many pages OCR read, and a warning naming the pages read with low confidence."""
    summary, low = ocr_summary(review.ocr, len(review.pages)), low_confidence_note(review.ocr)
    if low:
        st.warning(escape_md(f"{summary}. {low}."), icon=":material/document_scanner:")
    elif summary:
        st.info(escape_md(f"{summary}."), icon=":material/document_scanner:")


def render_review(item: UploadItem) -> ReviewAction | None:
    """The form for one ready item; returns the submitted action, or None until a button is pressed."""
    review, prefix = item.review, item.prefix
    if review is None:
        return None
    with st.form(f"{prefix}_form"):
        st.markdown(f"#### Review {escape_md(review.file_name)}")
        st.caption(f"Will be stored as file_id {escape_md(review.file_id)} · {count_of(len(review.pages), 'page')} · "
                   f"engine: **{escape_md(review.engine.label)}**")
        if review.duplicate is not None:  # first: it decides whether the rest of the form matters
            values_duplicate = _duplicate_choice(review, prefix)
        _ocr(review)
        if review.missing:
            missing = ", ".join(LABELS[m] for m in review.missing)
            st.warning(f"Not filled by {escape_md(review.engine.label)}: {missing}. "
                       "Fill in what you can before committing.", icon=":material/edit_note:")
        values = _scalar_fields(review, prefix)
        if review.duplicate is not None:
            values["on_duplicate"] = values_duplicate
        parties, same_as = _parties(review, prefix)
        clauses = _clauses(review, prefix)
        _extras(review)
        _renewals(review)
        commit_col, discard_col = st.columns(2)
        commit = commit_col.form_submit_button("Commit", type="primary", icon=":material/cloud_upload:",
                                               key=f"{prefix}_commit")
        discard = discard_col.form_submit_button("Discard", icon=":material/delete:", key=f"{prefix}_discard")
    if commit or discard:
        return ReviewAction("commit" if commit else "discard", values, parties, clauses, same_as)
    return None
