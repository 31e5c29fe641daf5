"""Which references point into another instrument ("external"), and which mentions are no references at all.

Definition (the evaluation in evals/xrefs.py uses exactly this): a reference is EXTERNAL when it names a
provision of a different instrument, so it can never resolve inside this document:

* a statute, regulation or rule set names it just before the number: "15 U.S.C. Section 1", "Code Section
  409A", "C.F.R. § 1.1", "Treasury Regulations Section 1.409A-1", "Rule 144" style forms, its acronym ("FAR
  Section 12.212", "GBL Sections 687.4"), "U.S. Code Title 15, § 78", "Pub. L. No. 111-5, Section 902", "New
  York General Business Law, Sections 680-695" (not "Applicable Law, Section 5"), a tariff's "Rate Schedule";
* it is followed (after an optional parenthetical title like "(Confidentiality)", and after the rest of a
  list of such references) by "of / under / in / to" + another named instrument: "Section 4.2 of the
  Separation Agreement", "Section 102 of the Code", "Section 6.8 (Privileged Matters) ... of the Purchase
  Agreement", "Section 4.2 of each of the Company's Participation Agreement(s)", "Exhibit 3.3 to the
  Company's Form 8-K", "Section 220 of the DGCL", "Sections 9.2 or 9.3 thereof", "Section 351 et seq. of the
  Code of ...", "Section 4.6 or 4.7, respectively, of the applicable Receivables Transfer Agreement", "Section
  351(l)(5)(B) of such act"; or it points into such a reference ("subsection (k) of Section 351 of the PHSA",
  references.py). "of this Agreement", "of the Agreement", "of this Exhibit", "hereof" are internal, except
  that in an amendment (a document calling itself "this Amendment" / "this Addendum" more often than "this
  Agreement") "of the Agreement" is the agreement it amends, another instrument.

Everything else (numbered or not, present in the text or not: "Exhibit B" that was never attached, "the
preceding paragraph", "this Section") is INTERNAL and belongs in the resolution denominator.

A document's own filing label ("Exhibit 10.7" on the first line of an SEC exhibit) is not a reference at all.
"""

from __future__ import annotations

import re

_BEFORE = re.compile(
    r"(?:U\.\s?S\.\s?C\.?(?:\s?A\.)?|\bUSCA?|C\.F\.R\.|CFR|Code|Act|Regulations?|Rules?|Law|Statutes?|Stat\."
    # rule sets cited by their acronym ("FAR Section 12.212"), a tariff's "Rate Schedule FT-A"
    r"|\b(?:FAR|DFARS?|GBL|ERISA|IRC|UCC|HSR|PHSA|DGCL|ITAR|FDD)|\bRate"
    # "Title 15, § 78", "Pub. L. No. 111-5, Section 902"
    r"|\b(?:Title|tit\.)\s*\d{1,3},|Pub\.\s?L\.\s?(?:No\.\s?)?\d{1,3}-\d{1,4},"
    r"|\b(?!Applicable\b)[A-Z][\w.]*\s(?:Code|Act|Law|Regulations|Rules|Statutes),)"  # "Business Law, Section 5"
    r"\s*$")
_THEREOF = re.compile(r"^(?:\s*\([^()\n]{1,80}\))?\s*,?\s*thereof\b")
_ACRONYM = re.compile(r"^[A-Z]{3,6}$")
_SEC_LABEL = re.compile(r"exhibit[ \t]+\d{1,3}\.\d{1,3}(?:\.[\w]{1,3})?[ \t]*(?:\n|$)", re.IGNORECASE)
_TITLE = r"(?:\s*\([^()\n]{1,80}\))?"  # "Section 6.8 (Privileged Matters)"
_OTHER = re.compile(
    rf"^{_TITLE}\s*\)?\s*,?\s*(?:of|under|in|to|pursuant\s+to)\s+(?:each\s+of\s+)?(?:the\s+|such\s+|said\s+|any\s+|that\s+|its\s+|an?\s+)?"
    r"(?:applicable\s+|relevant\s+)?"  # "of the applicable Receivables Transfer Agreement"
    r"(?P<name>(?:[A-Z0-9][\w.,\-/&']*|[A-Z]?[a-z]+'s)"
    r"(?:\s+(?:(?:and|of|for|on|the|to)\s+)?(?:[A-Z0-9][\w.,\-/&']*|\([A-Z][^()\n\x22“”]{1,40}\))){0,9})"
    # a parenthesis may sit inside the name ("Tax (Earnings and Pensions) Act"), not a defined term ('(the "Code")')
)
# "of such Act", "under said statute": the statute named a little earlier
_SUCH_STATUTE = re.compile(
    r"^\s*,?\s*(?:of|under|in)\s+(?:such|said|that)\s+(?:act|statute|code|regulations?|rules?)\b", re.IGNORECASE)
_INSTRUMENT = re.compile(r"^(?:[A-Z0-9][\w.,\-/&']*|\w+'s)(?:\s+[\w.,\-/&'()]+){0,12}$")
_SELF_NAMES = frozenset({"agreement", "contract", "addendum", "amendment", "exhibit", "schedule", "annex",
                         "appendix", "attachment", "section", "article", "paragraph", "clause", "hereof",
                         "herein", "hereto", "hereunder", "sections", "articles", "paragraphs", "clauses",
                         "subsection", "subparagraph", "exhibits", "schedules", "this", "sow"})
_FILED_TO = re.compile(r"^\s*(?:to|of)\s+(?:the\s+|our\s+|its\s+)?(?:[\w.,&' ]{0,60}?)(?:Form\s+\d|Registration"
                       r"\s+Statement|Current\s+Report|Annual\s+Report|Quarterly\s+Report|Proxy)")
_INSTRUMENT_WORDS = frozenset(
    """agreement agreements agreement(s) code act plan rules regulation regulations law statute contract lease
    license indenture certificate charter bylaws policy treaty convention directive form ordinance restatement
    guidelines standards note mortgage deed manual title document rule order u.s.c c.f.r usc cfr""".split())
_NAME_ONLY = frozenset({"order", "rule"})  # instrument words only inside a capitalised name ("the Final DIP Order")
# what may sit between the number read and "of <instrument>": digits the item did not take ("73.3555"), more
# numbers ("Sections 412 or 4971 of the Code"), sub-items an exhibit label did not read ("Schedule 2.5(d)(i)(2) of
# the Strategic Alliance Agreement"), "et seq.", ", respectively,"
_MORE_NUMBERS = re.compile(r"(?:\.\d+)*(?:\([a-zA-Z0-9]{1,4}\))*(?:\s*(?:,|and|or|through|to)\s*\d[\w.()\-]*)*"
                           r"(?:\s*,?\s*et\.?\s+seq\.?)?(?:\s*,\s*respectively\s*(?=,))?")
_LIST_GLUE = re.compile(r"^(?:\s*\([^()\n]{1,80}\))?\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through|to)\s+)$")


# "12 C.F.R. Part 226 and Section 563.99", "21 C.F.R. §312.70 or §812.119": the next item of a citation list
_CITED_LIST = re.compile(r"(?:U\.\s?S\.\s?C\.?|C\.F\.R\.|\bCFR|\bUSC)\s*(?:Parts?|§§?|Sections?)?\s*\d[\w.\-]*"
                         r"(?:\([\w]{1,4}\))*\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)$")
# "Section 47, Township 4 South, Range 10 East": a section of a land survey, not of a document
_SURVEY = re.compile(r"^\s*,?\s*(?:of\s+)?(?:Township|Twp\.?|T-?\d{1,3}\s?[NS]\b)")


def statute_before(text: str, start: int) -> bool:
    """A statute or rule set named right before the reference ("26 U.S.C. Section 409A"), or the reference
    continues a list of such citations ("C.F.R. §312.70 or §812.119")."""
    return bool(_BEFORE.search(text[max(0, start - 30):start]) or _CITED_LIST.search(text[max(0, start - 45):start]))


def land_survey(after: str) -> bool:
    """"Section 47, Township 4 South": a survey section (oil, gas and land descriptions)."""
    return bool(_SURVEY.match(after))


def other_instrument_after(after: str) -> bool:
    """The reference is followed by "of / under / to <another instrument>"."""
    after = after.replace("\u2019", "'")  # PDFs keep typographic apostrophes ("the Company’s Agreement")
    after = after[_MORE_NUMBERS.match(after).end():]  # "Sections 412 or 4971 of the Code": numbers it did not read
    if _FILED_TO.match(after) or _THEREOF.match(after) or _SUCH_STATUTE.match(after):
        return True
    named = _OTHER.match(after)
    if not named:
        return False
    # "the UCC. If ..." ends at the ".", "the U.S. Securities Act" does not
    name = re.split(r"(?<=[.;:])(?<![A-Z]\.[A-Z]\.)(?<!\b[A-Z]\.)\s", named.group("name"))[0].rstrip(".,;:'")
    first = name.split()[0].lower().rstrip("'s")
    if first in _SELF_NAMES or name.lower() in _SELF_NAMES:
        return False
    # "of Seller", "of Licensee": a party, not an instrument, unless an instrument word follows
    words = name.split()
    if _ACRONYM.match(words[0].rstrip(",")) and (len(words) == 1 or words[0].endswith(",")):
        return True  # "of the DGCL", "of the APA", "under the PHSA"
    trailing = after[named.end("name"):named.end("name") + 40].split()[:2]  # "... FIs policy document"
    words += [w for w in trailing if w[:1].islower() and w not in _NAME_ONLY]  # "Schedule in order to"
    return any(w.lower().strip(".,;:()") in _INSTRUMENT_WORDS for w in words) and bool(_INSTRUMENT.match(name))


_SELF_AMENDMENT = re.compile(r"\bthis\s+(?:Amendment|Addendum|Supplement|Side\s+Letter|Letter\s+Agreement)\b",
                             re.IGNORECASE)
_THIS_AGREEMENT = re.compile(r"\bthis\s+Agreement\b", re.IGNORECASE)
_OF_THE_AGREEMENT = re.compile(r"^(?:\s*\([^()\n]{1,80}\))?\s*,?\s*(?:of|in|under|to)\s+the\s+Agreement\b")


_AMENDMENT_TITLE = re.compile(r"\b(?:AMENDMENT|ADDENDUM|SUPPLEMENT)(?:\s+NO\.?\s*\d{1,2})?\b")


def amends_another(text: str) -> bool:
    """The document is an amendment (addendum, supplement, side letter) of another agreement: it calls itself
    "this Amendment" more often than "this Agreement" (twice at least, or once under a title "AMENDMENT NO. 3"),
    so "the Agreement" is the other one."""
    own = len(_SELF_AMENDMENT.findall(text))
    titled = bool(_AMENDMENT_TITLE.search(text[:400]))
    return own >= (1 if titled else 2) and own > len(_THIS_AGREEMENT.findall(text))


def of_amended_agreement(after: str) -> bool:
    """"Section 4 of the Agreement" (not "of this Agreement"), read in an amendment."""
    return bool(_OF_THE_AGREEMENT.match(after))


def list_glue(between: str) -> bool:
    """Only a parenthetical title and a list separator lie between two references ("Section 6.8 (X), Section")."""
    return bool(_LIST_GLUE.match(between))


def is_filing_label(text: str, start: int, first_heading: int) -> bool:
    """"Exhibit 10.7" heading the document itself (an SEC filing's own exhibit number), not a reference to one."""
    if start > 600:
        return False
    # "EXHIBIT 10.4" alone on its line is the filing's number even when a page number above it was read as
    # a heading, or a confidentiality legend precedes it: the PDF and .txt of one filing then agree.
    sec = bool(_SEC_LABEL.match(text, start))
    if start >= first_heading and not sec:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start].strip()
    if before and text[:line_start].strip() and not (sec and before.isdigit()):
        return False
    return len(text[:start].strip()) < (600 if sec else 300)


_BARE_NUMBER = re.compile(r"^(\d{3,4})(?![.\d])")


def far_beyond(items: str, top: int) -> bool:
    """"Section 444", "Sections 302 and 906" in a document whose own top-level numbers stop at 20: a statute's or
    code's section (three digits or more, and over twice the document's highest top-level number)."""
    found = _BARE_NUMBER.match(items)
    return found is not None and int(found.group(1)) >= 100 and int(found.group(1)) > 2 * top
