"""Cross-references on hand-written texts: each form, resolution, ranges, scopes, externals, cycles."""

from __future__ import annotations

from ingest.document import parse_document

BODY = ("1. Scope. General.\n1.1 Goods. The goods.\n1.2 Services. The services.\n1.3 Extras. More.\n"
        "2. Fees. Payment:\n(a) monthly;\n(b) in advance; and\n(c) in euros.\n"
        "ARTICLE III\nMISCELLANEOUS\n3.1 Notices. In writing.\n")


def refs(extra: str, source: str = "4") -> list[tuple[str | None, str]]:
    """References made by a section 4 appended to BODY (targets and texts)."""
    doc = parse_document(BODY + f"4. Test. {extra}\n")
    return [(r.target_number, r.text) for r in doc.references if r.source_number == source]


def test_single_dotted_reference():
    assert refs("As set out in Section 1.2 hereof.") == [("1.2", "Section 1.2")]


def test_lists_and_ranges():
    assert refs("See Sections 1.1 and 1.3.") == [("1.1", "Sections 1.1 and 1.3"), ("1.3", "Sections 1.1 and 1.3")]
    assert refs("See Sections 1.1 through 1.3.") == [
        ("1.1", "Sections 1.1 through 1.3"), ("1.2", "Sections 1.1 through 1.3"), ("1.3", "Sections 1.1 through 1.3")]
    assert refs("See paragraphs 1.1 to 1.2.") == [("1.1", "paragraphs 1.1 to 1.2"), ("1.2", "paragraphs 1.1 to 1.2")]


def test_paragraph_clause_and_lowercase_forms():
    assert refs("Under paragraph 1.2 and clause 1.3.") == [("1.2", "paragraph 1.2"), ("1.3", "clause 1.3")]


def test_subclause_references():
    assert refs("Pay as in Section 2(b).") == [("2(b)", "Section 2(b)")]
    assert refs("As in Sections 2(a) and (c).") == [
        ("2(a)", "Sections 2(a) and (c)"), ("2(c)", "Sections 2(a) and (c)")]
    # a subclause that does not exist falls back to its section
    assert refs("As in Section 1.2(d).") == [("1.2", "Section 1.2(d)")]


def test_relative_subclause_references_resolve_within_the_section():
    doc = parse_document("5. Payment. Rules:\n(a) pay monthly;\n(b) in the currency of clause (a) above;\n"
                         "(c) see subsection (b) and subsection (f).\n")
    got = [(r.source_number, r.target_number, r.text) for r in doc.references]
    assert got == [("5(b)", "5(a)", "clause (a)"), ("5(c)", "5(b)", "subsection (b)"),
                   ("5(c)", None, "subsection (f)")]


def test_article_references_roman_and_arabic_resolve_to_the_article():
    articles = "".join(f"ARTICLE {r}\nTITLE {r}\n{n}.1 Rule. Text {n}.\n"
                       for n, r in enumerate(["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"], 1))
    doc = parse_document(articles + "ARTICLE X\nLAST\n10.1 Final. Subject to Article IX, Article 8 and Section 9.1.\n")
    assert [(r.target_number, r.text) for r in doc.references] == [
        ("Article IX", "Article IX"), ("Article VIII", "Article 8"), ("9.1", "Section 9.1")]


def test_section_number_resolves_to_an_article_when_only_the_article_has_it():
    doc = parse_document("ARTICLE 1 DEFINITIONS\n1.1 Terms. Words.\nARTICLE 2 TERM\n2.1 Term. See Section 1.\n")
    assert [(r.source_number, r.target_number) for r in doc.references] == [("2.1", "Article 1")]


def test_unresolved_references_are_kept_with_their_text():
    assert refs("See Section 7.4 and Article XII.") == [(None, "Section 7.4"), (None, "Article XII")]


def test_external_references_are_flagged_and_never_resolved():
    doc = parse_document(BODY + "4. Tax. Under Section 1.1 of the Internal Revenue Code and 15 U.S.C. Section 1.2, "
                         "but Section 1.3 of this Agreement and Section 1.2 of the Agreement.\n")
    got = [(r.target_number, r.text, r.external) for r in doc.references if r.source_number == "4"]
    assert got == [(None, "Section 1.1", True), (None, "Section 1.2", True), ("1.3", "Section 1.3", False),
                   ("1.2", "Section 1.2", False)]


def test_exhibit_scopes_and_exhibit_references():
    text = ("1. Scope. The prices are in Exhibit A; see paragraph 2 of Exhibit A.\n2. Fees. Text.\n"
            "EXHIBIT A\nPRICES\n1. Widgets. See paragraph 2 of this Exhibit and Section 2 of this Agreement.\n"
            "2. Gadgets. As paragraph 1.\n")
    doc = parse_document(text)
    got = [(r.source_number, r.target_number, r.text) for r in doc.references]
    assert got == [("1", "Exhibit A", "Exhibit A"), ("1", "Exhibit A 2", "paragraph 2"),
                   ("Exhibit A 1", "Exhibit A 2", "paragraph 2"), ("Exhibit A 1", "2", "Section 2"),
                   ("Exhibit A 2", "Exhibit A 1", "paragraph 1")]


def test_a_reference_to_its_own_section_or_its_parent_is_ignored():
    doc = parse_document("1. Scope. This Section 1 applies.\n1.1 Goods. Subject to this Section 1.1 and Section 1.\n"
                         "2. Fees. See Section 1.1.\n")
    assert [(r.source_number, r.target_number) for r in doc.references] == [("2", "1.1")]


def test_cycles_are_fine():
    doc = parse_document("1. Alpha. Subject to Section 2.\n2. Beta. Subject to Section 1.\n")
    assert [(r.source_number, r.target_number) for r in doc.references] == [("1", "2"), ("2", "1")]


def test_repeated_identical_references_in_one_section_are_listed_once():
    assert refs("Section 1.1, again Section 1.1 and once more Section 1.1.") == [("1.1", "Section 1.1")]
