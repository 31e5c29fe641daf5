"""Contracts that are NOT in the CUAD sample, as real PDFs: generated agreements (boilerplate-heavy, like real
ones, so they share wording with the sample) rendered with reportlab, for duplicate-recognition tests."""

from __future__ import annotations

import io
import random
import textwrap

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

_KINDS = ("Supply", "Distribution", "License", "Consulting", "Hosting", "Maintenance", "Marketing", "Sponsorship",
          "Outsourcing")
_NAMES = ("Arbela Quantics", "Borealis Tidewater", "Calloway Pinnacle", "Dunmore Verity", "Esker Holloway",
          "Fenwick Larchmont", "Gallatin Orrery", "Harrowgate Nimbus", "Ilsley Cobalt", "Jessamine Torque",
          "Kestrel Marrow", "Lindqvist Amber", "Morrow Halcyon", "Nettlefield Apex", "Osgood Tamarind",
          "Perrault Vantage", "Quenby Solace", "Rookwood Ferrite")
_CLAUSES = (
    ("Term", "This Agreement commences on the Effective Date and continues for {n} years unless terminated "
             "earlier in accordance with Section {s}."),
    ("Fees", "{b} shall pay {a} the fees set out in Exhibit A within {n}0 days of receipt of each invoice, "
             "together with any applicable taxes, and late amounts bear interest at {n} percent per month."),
    ("Confidentiality", "Each party shall hold the other party's Confidential Information in confidence, use it "
                        "only to perform this Agreement and disclose it only to its employees who need to know."),
    ("Warranties", "{a} warrants that the {k} deliverables will conform to the specifications for {n}0 days "
                   "after acceptance, and will re-perform any non-conforming work at no charge to {b}."),
    ("Indemnification", "Each party shall indemnify the other against third party claims arising from its "
                        "gross negligence or wilful misconduct, subject to prompt notice and control of defence."),
    ("Limitation of Liability", "Except for breaches of Section {s}, neither party is liable for indirect or "
                                "consequential damages, and each party's liability is capped at the fees paid."),
    ("Termination", "Either party may terminate this Agreement on {n}0 days' written notice if the other party "
                    "materially breaches it and fails to cure the breach within that period."),
    ("Governing Law", "This Agreement is governed by the laws of the State of {st}, without regard to its "
                      "conflict of laws principles, and the courts of {st} have exclusive jurisdiction."),
    ("Notices", "Notices must be in writing and delivered by hand, courier or email to the addresses set out "
                "on the signature page, and are effective on receipt."),
    ("Assignment", "Neither party may assign this Agreement without the prior written consent of the other, "
                   "except to a successor to substantially all of its business relating to the {k} services."),
    ("Insurance", "{a} shall maintain commercial general liability insurance of at least ${n},000,000 per "
                  "occurrence and provide certificates of insurance to {b} on request."),
    ("Audit", "{b} may audit {a}'s records relating to the {k} services once per calendar year on {n}0 days' "
              "notice, at {b}'s expense unless the audit reveals an overcharge above five percent."),
)
_STATES = ("Oregon", "Vermont", "Montana", "Idaho", "Maine", "Nebraska", "Utah", "Iowa", "Kansas")


def synthetic_text(seed: int) -> str:
    """A plausible, unique agreement: its own parties, kind, numbers and clause selection/order."""
    rng = random.Random(seed)
    kind = _KINDS[seed % len(_KINDS)]
    a, b = rng.sample(_NAMES, 2)
    values = {"a": f"{a} Inc.", "b": f"{b} LLC", "k": kind.lower(), "st": rng.choice(_STATES)}
    clauses = rng.sample(_CLAUSES, 9)
    lines = [f"{kind.upper()} AGREEMENT", "",
             f"This {kind} Agreement is made as of {rng.randint(1, 28)} March {rng.randint(2001, 2023)} between "
             f"{values['a']} (\"{a.split()[0]}\") and {values['b']} (\"{b.split()[0]}\").", ""]
    for number, (title, body) in enumerate(clauses, 1):
        fill = {**values, "n": rng.randint(2, 9), "s": rng.randint(1, 9)}
        lines += [f"{number}. {title}. " + body.format(**fill)]
        lines += [f"{number}.{i} " + rng.choice(_CLAUSES)[1].format(**{**fill, "n": rng.randint(2, 9)})
                  for i in range(1, rng.randint(2, 4))]
        lines.append("")
    return "\n".join(lines)


def text_pdf(text: str) -> bytes:
    """`text` typeset on letter pages (wrapped at 90 characters, a page number at the foot of each page)."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    y, page = 740, 1
    for paragraph in text.split("\n"):
        for line in textwrap.wrap(paragraph, 90) or [""]:
            if y < 72:
                pdf.drawString(300, 40, str(page))
                pdf.showPage()
                y, page = 740, page + 1
            pdf.setFont("Helvetica", 10)
            pdf.drawString(60, y, line)
            y -= 14
    pdf.drawString(300, 40, str(page))
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
