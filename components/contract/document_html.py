"""The Document tab's HTML: the section tree of one contract, with every resolved cross-reference a link to
its target section (an anchor), defined terms underlined with their definition as the hover text (`title`),
references that found no section marked by outcome (not in this filing, not found, another document),
footnote links and the footnotes themselves. Pure string building (no Streamlit), every piece of document
text escaped.
"""

from __future__ import annotations

import html
import re
from typing import Any

from graph.reads.documents import DocumentOutline

HOVER_CHARS = 300
MAX_LEVEL_INDENT = 6
STYLE = """<style>
.cg-doc { max-height: 75vh; overflow-y: auto; padding: 4px 10px 4px 2px; font-size: 14px; line-height: 1.5; }
.cg-doc .cg-toc { columns: 2; font-size: 13px; margin: 0 0 12px; padding-left: 18px; }
.cg-doc .cg-sec { margin: 0 0 10px; border-left: 2px solid #E3E7EE; padding-left: 10px; scroll-margin-top: 8px; }
.cg-doc .cg-head { font-weight: 600; color: #1F2430; }
.cg-doc .cg-num { color: #2E6BE6; margin-right: 6px; }
.cg-doc .cg-badge { font-size: 11px; font-weight: 500; background: #EEF2FA; color: #3A4A6B; border-radius: 8px;
  padding: 1px 7px; margin-left: 6px; }
.cg-doc .cg-text { white-space: pre-wrap; color: #2B303A; }
.cg-doc a.cg-ref { color: #2E6BE6; text-decoration: underline; }
.cg-doc abbr.cg-term { text-decoration: underline dotted #7A5AF8; cursor: help; }
.cg-doc span.cg-unres { border-bottom: 1px dashed #D6456B; cursor: help; }
.cg-doc span.cg-absent { border-bottom: 1px dotted #8A93A3; color: #5A6270; cursor: help; }
.cg-doc span.cg-ext { border-bottom: 1px dashed #8A93A3; cursor: help; }
.cg-doc .cg-notes { font-size: 12px; color: #5A6270; }
.cg-doc .cg-fn { font-size: 13px; margin: 2px 0; scroll-margin-top: 8px; }
.cg-doc .cg-sec:target, .cg-doc .cg-fn:target { background: #FFF8D6; }
</style>"""


def anchor(kind: str, value: Any) -> str:
    """A DOM id for a section ("sec") or footnote ("fn") that survives any section label."""
    return f"cg-{kind}-" + re.sub(r"[^A-Za-z0-9]+", "-", str(value)).strip("-").lower()


def section_label(number: str) -> str:
    return f"§{number}" if number[:1].isdigit() else number


def _hover(term: dict[str, Any]) -> str:
    definition = " ".join((term.get("definition") or "").split())
    if len(definition) > HOVER_CHARS:
        definition = definition[: HOVER_CHARS - 1] + "…"
    return f"{term['term']}: {definition} (defined in {section_label(term['section'])})"


def _pattern(needles: list[str]) -> re.Pattern[str] | None:
    """One alternation over the needles, longest first, matched as whole words."""
    if not needles:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(set(needles), key=len, reverse=True))
    return re.compile(rf"(?<![\w]){'(?:' + alternatives + ')'}(?![\w]|\.\d)")


# How a reference that found no section is marked, by outcome (graph.reads.documents.DocumentOutline).
_OUTCOMES = (("external", "cg-ext", "Refers to another document"),
             ("unresolved", "cg-unres", "Reference not found in this document"),
             ("not_in_filing", "cg-absent", "Not in this filing: the exhibit or schedule is not attached to the text"))


def _replacements(section: dict[str, Any], outline: DocumentOutline) -> dict[str, str]:
    """Text piece -> the HTML that replaces it (references first: a reference beats a term inside it)."""
    found: dict[str, str] = {}
    for term in section["terms"]:
        if term in outline.terms:
            title = html.escape(_hover(outline.terms[term]), quote=True)
            found[term] = f'<abbr class="cg-term" title="{title}">{html.escape(term)}</abbr>'
    for key, css, title in _OUTCOMES:  # later outcomes win when one text has several (unlikely)
        for text in section.get(key, []):
            found[text] = f'<span class="{css}" title="{title}">{html.escape(text)}</span>'
    for ref in section["references"]:
        title = html.escape(f"Go to {section_label(ref['target'])}", quote=True)
        found[ref["text"]] = (f'<a class="cg-ref" href="#{anchor("sec", ref["target"])}" title="{title}">'
                              f"{html.escape(ref['text'])}</a>")
    return found


def tidy_gaps(text: str) -> str:
    """`text` with every run of blank (or blank-looking) lines cut to one blank line: a flattened page break or
    an emptied table leaves a screen of white space, and the view shows text, not layout (links and terms are
    found in the text shown, not placed by offsets, so cutting is safe)."""
    return _GAP.sub("\n\n", text)


_GAP = re.compile(r"\n[ \t]*(?:\n[ \t]*){2,}")


def linked_text(section: dict[str, Any], outline: DocumentOutline) -> str:
    """The section's text, escaped, gaps cut (`tidy_gaps`), with its references as links and its defined terms
    highlighted (first use in the section)."""
    text = tidy_gaps(section.get("text") or "")
    replacements = _replacements(section, outline)
    pattern = _pattern(list(replacements))
    if pattern is None:
        return html.escape(text)
    out, last, marked = [], 0, set()
    for match in pattern.finditer(text):
        piece = match.group(0)
        if piece in marked:  # a term is highlighted once per section; references stay links every time
            continue
        if replacements[piece].startswith("<abbr"):
            marked.add(piece)
        out += [html.escape(text[last:match.start()]), replacements[piece]]
        last = match.end()
    return "".join([*out, html.escape(text[last:])])


def _section_html(section: dict[str, Any], outline: DocumentOutline) -> str:
    indent = min(max(int(section.get("level") or 0) - 1, 0), MAX_LEVEL_INDENT) * 18
    badges = "".join(f'<span class="cg-badge">{html.escape(c)}</span>' for c in sorted(section["clause_types"]))
    title = f" {html.escape(section['title'])}" if section.get("title") else ""
    notes = ""
    if section["footnotes"]:
        links = ", ".join(f'<a class="cg-ref" href="#{anchor("fn", n)}">{n}</a>' for n in sorted(section["footnotes"]))
        notes = f'<div class="cg-notes">Footnotes: {links}</div>'
    return (f'<div class="cg-sec" id="{anchor("sec", section["number"])}" style="margin-left:{indent}px">'
            f'<div class="cg-head"><span class="cg-num">{html.escape(section_label(section["number"]))}</span>'
            f"{title}{badges}</div>"
            f'<div class="cg-text">{linked_text(section, outline)}</div>{notes}</div>')


def _toc(outline: DocumentOutline) -> str:
    top = [s for s in outline.sections if not s.get("parent")]
    items = "".join(f'<li><a class="cg-ref" href="#{anchor("sec", s["number"])}">'
                    f"{html.escape(' '.join([section_label(s['number']), s.get('title') or '']).strip())}</a></li>"
                    for s in top)
    return f'<ol class="cg-toc">{items}</ol>' if items else ""


def _footnotes(outline: DocumentOutline) -> str:
    if not outline.footnotes:
        return ""
    notes = "".join(f'<div class="cg-fn" id="{anchor("fn", f["number"])}"><b>{f["number"]}</b> '
                    f'{html.escape(f.get("text") or "")}</div>' for f in outline.footnotes)
    return f'<div class="cg-sec"><div class="cg-head">Footnotes</div>{notes}</div>'


def document_html(outline: DocumentOutline) -> str:
    """The whole tab body: contents, sections in reading order, footnotes."""
    body = "".join(_section_html(s, outline) for s in outline.sections)
    return f'{STYLE}<div class="cg-doc">{_toc(outline)}{body}{_footnotes(outline)}</div>'
