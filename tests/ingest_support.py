"""Shared helpers for the ingest tests: real and generated PDFs, a scripted LLM reply for a real contract,
and a guard that removes committed contracts and proves the graph is exactly as before."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from neo4j import Driver
from PIL import Image, ImageDraw
from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import letter
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from graph.reads.repository import graph_counts
from graph.server.db import read, write
from graph.store.write import delete_contract

PDF_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cuad" / "pdf"
CURAEGIS = "CURAEGISTECHNOLOGIES,INC_05_26_2010-EX-1-CORPORATE SPONSORSHIP AGREEMENT.PDF"
NETGEAR = "NETGEAR,INC_04_21_2003-EX-10.16- AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT.pdf"
XENCOR = "XENCORINC_10_25_2013-EX-10.24-COLLABORATION AGREEMENT (3).PDF"
BANGI = "BANGIINC_05_25_2005-EX-10-Premium Managed Hosting Agreement.PDF"

# What a model would return for the CurAegis sponsorship agreement (read from its text): the scripted
# model replays this as a call of the `Contract` tool.
CURAEGIS_CONTRACT: dict[str, Any] = {
    "summary": "Corporate sponsorship agreement under which Torvec Inc. sponsors Phoenix Performance, LLC's "
               "T-1 C5 Corvette racing programme from May 18, 2010 to October 31, 2010.",
    "contract_type": "Sponsorship",
    "parties": [
        {"name": "Phoenix Performance, LLC", "role": "Vendor",
         "location": {"address": "481 Schuylkill Road", "city": "Phoenixville", "state": "PA", "country": "US"}},
        {"name": "Torvec Inc.", "role": "Sponsor",
         "location": {"address": "1999 Mt Read Blvd, Building 3", "city": "Rochester", "state": "NY",
                      "country": "US"}},
    ],
    "effective_date": "2010-05-18",
    "end_date": "2010-10-31",
    "duration": None,
    "contract_scope": "Promotional, marketing and sponsorship activities for a race vehicle.",
    "total_amount": None,
    "governing_law": {"country": "US", "state": "NY"},
    "clauses": [{"clause_type": "Renewal & Termination", "page": 1,
                 "summary": "Either party may terminate immediately on the other's bankruptcy."}],
}
PARTY_STATE = "MATCH (p:Party) RETURN p.key AS key, p.aliases AS aliases, p.search_names AS search_names"
RESTORE_PARTIES = """
UNWIND $rows AS row MATCH (p:Party {key: row.key})
SET p.aliases = row.aliases, p.search_names = row.search_names
"""


def real_pdf(name: str) -> bytes:
    return (PDF_DIR / name).read_bytes()


# Its renewal facts as a model would quote them (ingest.renewals.llm): straight quotes and one line where the
# PDF's text has typographic quotes and line breaks, so locating the quote folds them.
CURAEGIS_RENEWALS: dict[str, Any] = {
    "expiration": {"value": "2010-10-31", "quote": 'The term of this Agreement (the "Term") shall commence on the '
                                                   "Effective Date and conclude on October 31, 2010"},
    "renewal_type": {"value": "none", "quote": "unless renewed by agreement or sooner terminated in accordance "
                                               "with this Agreement"},
}


def write_script(path: Path, contract: dict[str, Any] | None = None, tool: str = "Contract",
                 renewals: dict[str, Any] | None = CURAEGIS_RENEWALS) -> Path:
    """An LLM_SCRIPT whose reply calls `tool` with `contract`, and (to the renewal prompt) `RenewalFacts`
    with `renewals` (None: no renewal turn, so the renewal call gets the `tool` call and falls back)."""
    step = {"content": "", "tool_calls": [{"name": tool, "args": contract or CURAEGIS_CONTRACT}]}
    turns: list[dict[str, Any]] = [{"steps": [step]}]
    if renewals is not None:
        turns.insert(0, {"system_match": "RenewalFacts",
                         "steps": [{"content": "", "tool_calls": [{"name": "RenewalFacts", "args": renewals}]}]})
    path.write_text(json.dumps({"turns": turns}), encoding="utf-8")
    return path


def encrypted_pdf(name: str = BANGI) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(real_pdf(name))))
    # RC4: pypdf needs the `cryptography` package (not installed) for AES.
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def image_only_pdf() -> bytes:
    """A 'scan': a raster image of contract text, with no text layer."""
    image = Image.new("RGB", (1200, 1600), "white")
    ImageDraw.Draw(image).text((100, 100), "SUPPLY AGREEMENT between Acme Inc. and Widget Ltd.", fill="black")
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    pdf.drawImage(ImageReader(image), 36, 36, width=540, height=720)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def truncated_pdf(name: str = BANGI) -> bytes:
    data = real_pdf(name)
    return data[: len(data) // 2]


def text_renamed_pdf() -> bytes:
    return b"SUPPLY AGREEMENT\nThis agreement is made between Acme Inc. and Widget Ltd.\n" * 40


def _party_state(driver: Driver) -> dict[str, tuple[list[str], list[str]]]:
    return {r["key"]: (r["aliases"], r["search_names"]) for r in read(driver, PARTY_STATE)}


@contextmanager
def exact_cleanup(driver: Driver) -> Iterator[list[str]]:
    """Yield a list to append committed file_ids to; afterwards delete them and assert the graph is unchanged.

    `delete_contract` leaves the aliases a commit added to an existing party (reported to the lead); the
    guard restores them from a snapshot, then checks node/relationship counts and every party's aliases.
    """
    counts, parties = graph_counts(driver), _party_state(driver)
    committed: list[str] = []
    try:
        yield committed
    finally:
        for file_id in committed:
            delete_contract(driver, file_id)
        rows = [{"key": k, "aliases": a, "search_names": s} for k, (a, s) in parties.items()]
        write(driver, RESTORE_PARTIES, {"rows": rows})
    assert graph_counts(driver) == counts
    assert _party_state(driver) == parties
