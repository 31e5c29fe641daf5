"""The Document tab's HTML (pure string building, no database): links, hovers, escaping, anchors."""

from __future__ import annotations

from components.contract.document_html import anchor, document_html, linked_text
from graph.reads.documents import DocumentOutline

TERMS = {"Licensed Product": {"term": "Licensed Product", "definition": 'means the "Widget" <v2>', "section": "1.1"},
         "Product": {"term": "Product", "definition": "means any product", "section": "1.2"}}


def _section(text: str, **links) -> dict:
    return {"number": "7.4", "title": "Termination", "text": text, "level": 2, "parent": "7",
            "references": links.get("references", []), "unresolved": links.get("unresolved", []),
            "terms": links.get("terms", []), "footnotes": links.get("footnotes", []), "clause_types": []}


def test_references_link_and_terms_hover_once() -> None:
    section = _section("Subject to Section 2.3, each Licensed Product and Licensed Product <b> (Section 2.3.2; "
                       "Section 365(n) of the Code).",
                       references=[{"target": "2.3", "text": "Section 2.3"},
                                   {"target": "2.3.2", "text": "Section 2.3.2"}],
                       unresolved=["Section 365(n)"], terms=["Licensed Product", "Product"])
    html = linked_text(section, DocumentOutline("f", None, 1, [section], TERMS, []))
    assert html == (
        'Subject to <a class="cg-ref" href="#cg-sec-2-3" title="Go to §2.3">Section 2.3</a>, each '
        '<abbr class="cg-term" title="Licensed Product: means the &quot;Widget&quot; &lt;v2&gt; (defined in §1.1)">'
        "Licensed Product</abbr> and Licensed Product &lt;b&gt; "
        '(<a class="cg-ref" href="#cg-sec-2-3-2" title="Go to §2.3.2">Section 2.3.2</a>; '
        '<span class="cg-unres" title="Reference not found in this document">Section 365(n)</span> of the Code).')


def test_document_has_an_anchor_per_section_and_footnote() -> None:
    sections = [_section("7.4 Termination. See footnote.", footnotes=[3]),
                {**_section("Appendix A text"), "number": "Appendix A", "title": "", "parent": None, "level": 1}]
    html = document_html(DocumentOutline("f", "upload", 2, sections, {}, [{"number": 3, "text": "A note.", "page": 2}]))
    assert html.count('<div class="cg-sec" id="cg-sec-') == 2
    assert f'id="{anchor("sec", "Appendix A")}"' in html and anchor("sec", "Appendix A") == "cg-sec-appendix-a"
    assert 'Footnotes: <a class="cg-ref" href="#cg-fn-3">3</a>' in html
    assert '<div class="cg-fn" id="cg-fn-3"><b>3</b> A note.</div>' in html
    assert '<li><a class="cg-ref" href="#cg-sec-appendix-a">Appendix A</a></li>' in html


def test_a_run_of_blank_lines_is_cut_to_one_and_links_still_land() -> None:
    # a flattened page break between a reference and the text after it: one blank line shown, the link intact
    section = _section("Subject to Section 2.3,\n\n  \n\n\t\n\nthe Licensee pays.\n\nNext paragraph.",
                       references=[{"target": "2.3", "text": "Section 2.3"}])
    html = linked_text(section, DocumentOutline("f", None, 1, [section], {}, []))
    assert html == ('Subject to <a class="cg-ref" href="#cg-sec-2-3" title="Go to §2.3">Section 2.3</a>,\n\n'
                    "the Licensee pays.\n\nNext paragraph.")


def test_references_without_a_section_are_marked_by_outcome() -> None:
    """Issue 34: an exhibit the filing does not contain is "not in this filing", apart from "not found" and from
    another instrument's provision."""
    section = {**_section("See Exhibit B, Section 9.9 and Section 102 of the Code."),
               "unresolved": ["Section 9.9"], "not_in_filing": ["Exhibit B"], "external": ["Section 102"]}
    assert linked_text(section, DocumentOutline("f", None, 1, [section], {}, [])) == (
        'See <span class="cg-absent" title="Not in this filing: the exhibit or schedule is not attached to the text">'
        'Exhibit B</span>, <span class="cg-unres" title="Reference not found in this document">Section 9.9</span> '
        'and <span class="cg-ext" title="Refers to another document">Section 102</span> of the Code.')
