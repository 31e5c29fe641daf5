"""CUAD clause categories for one section, by keyword rules on its title and own text.

A category matches when its title pattern matches the section title, or one of its text patterns matches
the section text (patterns are sentence-local: `[^.]` gaps), and no veto pattern matches. Rules are kept
simple and readable; `evals.clauses` measures how well they agree with CUAD's expert labels. Document-level
categories (name, parties, agreement date) are only looked for in the preamble.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.vocab import CUAD_CATEGORIES, MONTH_NAME_PATTERN
from ingest.document.models import ParsedDocument, Section
from ingest.document.prefilter import PatternSet

_MONTH = MONTH_NAME_PATTERN.lower()  # the rules are matched case-insensitively
_DATE = (rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
         rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?{_MONTH},?\s+\d{{4}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}})")
_NOT = r"\b(?:not|no|neither|nor|never|refrain)\b"
# "Either party may terminate this Agreement upon sixty (60) days' written notice.": a right to terminate on notice
# alone, in a sentence that names no cause (breach, default, insolvency, a condition: "if", "in the event") before
# or after it
_NO_CAUSE = r"(?:(?!breach|default|insolv|bankrupt|cause|fail|event|if\b|unless|upon\s+the\s+occurrence)[^.;:])"
_ON_NOTICE = (rf"(?:^|\n|[.;:]\s+){_NO_CAUSE}{{0,120}}?\b(?:may|right\s+to|entitled\s+to|option\s+to)[\s,]+"
              rf"(?:[\w']+[\s,]+){{0,5}}?terminat\w*\s+(?:this|the)\s+(?:[\w-]+\s+)?agreement{_NO_CAUSE}{{0,100}}?"
              rf"(?:days?|months?|weeks?|years?)['’]?\s+(?:[\w()]+\s+){{0,3}}notice{_NO_CAUSE}{{0,200}}(?:[.;]|$)")
_PERIOD = r"(?:\(\d+\)\s*|\d+\s+)(?:calendar\s+|business\s+)?(?:days?|months?|years?)"


@dataclass(frozen=True)
class Rule:
    """Title pattern, text patterns (any), veto patterns (none may match)."""

    title: str | None = None
    text: tuple[str, ...] = ()
    veto: tuple[str, ...] = ()


RULES: dict[str, Rule] = {
    "Agreement Date": Rule(text=(rf"(?:dated|made|entered\s+into|executed)[^.]{{0,80}}{_DATE}", rf"as\s+of\s+{_DATE}")),
    "Effective Date": Rule(text=(rf"effective\s+(?:as\s+of\s+|on\s+|from\s+)?[^.]{{0,40}}{_DATE}",
                                 r"[\"“]effective\s+date[\"”]", r"(?:shall|will)\s+(?:become|be)\s+effective")),
    "Expiration Date": Rule(
        title=r"^(?:the\s+)?(?:term|duration|term\s+of\s+(?:the\s+)?agreement|term\s+and\s+termination)\b",
        text=(r"(?:this\s+agreement|the\s+term|initial\s+term)[^.]{0,80}(?:shall|will)\s+(?:commence|begin|continue|"
              r"remain|expire|end|terminate)[^.]{0,150}(?:until|through|expir|years?|months?|anniversary|"
              + _DATE + ")",
              rf"(?:expire|expiration|terminate)[^.]{{0,40}}(?:on|upon)\s+{_DATE}", r"[\"“]initial\s+term[\"”]",
              r"expiration\s+date")),
    "Renewal Term": Rule(
        title=r"renewal",
        text=(r"automatic(?:ally)?\s+(?:be\s+)?(?:renew|extend)", r"renew(?:al|ed)?\s+(?:term|period)s?",
              r"successive\s+(?:\w+\s+){0,3}(?:periods?|terms?|years?)",
              r"(?:shall|will|may)\s+be\s+(?:renewed|extended)")),
    "Notice Period To Terminate Renewal": Rule(
        text=(r"(?:notice|notify)[^.]{0,150}(?:non-?renewal|not\s+to\s+(?:renew|extend)|intention\s+not|"
              r"(?:prior|before)\s+to\s+the\s+(?:end|expiration))",
              r"(?:unless|except)[^.]{0,80}notice[^.]{0,150}(?:renew|expir|end\s+of)")),
    "Governing Law": Rule(
        title=r"governing\s+law|applicable\s+law|choice\s+of\s+law",
        text=(r"governed\s+by", r"construed\s+(?:and\s+\w+\s+)?(?:in\s+accordance\s+with|under)[^.]{0,40}laws?",
              r"laws\s+of\s+the\s+(?:state|province|commonwealth)\s+of[^.]{0,80}(?:shall\s+)?(?:govern|apply)")),
    "Most Favored Nation": Rule(
        title=r"most\s+favou?red",
        text=(r"most\s+favou?red", r"(?:no|not)\s+less\s+favou?rable",
              r"(?:lower|better|lowest|more\s+favou?rable)\s+(?:price|terms|rates?)[^.]{0,100}(?:any\s+other|third|"
              r"other\s+customer)")),
    "Non-Compete": Rule(
        title=r"non-?compet|competition|competing",
        text=(r"non-?compet", rf"{_NOT}[^.]{{0,200}}\bcompet\w*", r"competing\s+(?:products?|business|services?)",
              rf"{_NOT}[^.]{{0,120}}engage\s+in[^.]{{0,100}}(?:business|similar)")),
    "Exclusivity": Rule(
        title=r"exclusiv",
        text=(r"(?<!non-)(?<!non)\bexclusive\s+(?:right|license|licensee|distributor|distribution|agent|agency|"
              r"supplier|provider|reseller|partner|basis|dealer|representative|sponsor|marketing|sales)",
              r"\bexclusivity\b",
              r"all\s+(?:of\s+)?(?:its|their)\s+(?:requirements|needs)",
              rf"{_NOT}[^.]{{0,150}}(?:any\s+other|other\s+than|third\s+part)[^.]{{0,80}}(?:supplier|distributor|"
              r"provider|vendor|manufacturer|sponsor|endorse|reseller|licensee)")),
    "No-Solicit Of Customers": Rule(
        text=(rf"{_NOT}[^.]{{0,250}}solicit\w*[^.]{{0,200}}(?:customers?|clients?|accounts|subscribers|suppliers|"
              r"advertisers)",)),
    "Competitive Restriction Exception": Rule(
        text=(r"(?:notwithstanding|except|provided,?\s+however|shall\s+not\s+(?:prohibit|restrict|prevent|apply))"
              r"[^.]{0,200}(?:non-?compet|exclusiv|solicit|compet\w*\s+(?:products?|business|services?))",)),
    "No-Solicit Of Employees": Rule(
        title=r"non-?solicitation\s+of\s+employees|no[- ]hire",
        text=(rf"{_NOT}[^.]{{0,250}}(?:solicit|recruit|hire|entice|induce)\w*[^.]{{0,200}}(?:employe|personnel|"
              r"staff)",)),
    "Non-Disparagement": Rule(text=(r"disparag", r"(?:derogatory|defamatory|negative)\s+(?:statements?|comments?|"
                                    r"remarks?)")),
    "Termination For Convenience": Rule(
        text=(r"terminat\w*[^.]{0,150}(?:for\s+convenience|without\s+cause|"
              r"at\s+any\s+time\s+(?:upon|by|with|on|for)|in\s+its\s+sole\s+discretion)",
              r"(?:may|right\s+to|entitled\s+to|option\s+to|desires?\s+to)[\s,]+(?:[\w']+[\s,]+){0,4}terminat\w*[^.]{0,150}"
              r"for\s+any\s+(?:or\s+no\s+)?reason",
              r"terminat\w*\s+by\s+(?:either|any|each)\s+party[^.]{0,40}for\s+any\s+(?:or\s+no\s+)?reason",
              _ON_NOTICE,
              r"(?:for\s+convenience|without\s+cause)[^.]{0,80}terminat")),
    "Rofr/Rofo/Rofn": Rule(
        title=r"first\s+(?:refusal|offer|negotiation)",
        text=(r"right\s+of\s+first\s+(?:refusal|offer|negotiation)", r"first\s+right\s+(?:of|to)\s+(?:negotiat|"
              r"purchase|acquire|refus|offer)", r"\brof[rno]\b", r"first\s+option\s+to")),
    "Change Of Control": Rule(
        title=r"change\s+(?:of|in)\s+control",
        text=(r"change\s+(?:of|in)\s+(?:control|ownership)", r"(?:merger|consolidation|acquisition|reorganization)"
              r"[^.]{0,150}(?:terminat|consent|assign|notice)", r"all\s+or\s+substantially\s+all\s+of\s+(?:its|the)"
              r"\s+(?:assets|business|stock)")),
    "Anti-Assignment": Rule(
        title=r"assignment|transfer",
        text=(r"\b(?:not|no)\b[^.]{0,100}\bassign", r"assign\w*[^.]{0,150}(?:prior\s+)?(?:written\s+)?consent",
              r"(?:assignment|transfer)[^.]{0,60}(?:void|null|without\s+effect)")),
    "Revenue/Profit Sharing": Rule(
        title=r"revenue\s+shar|profit\s+shar",
        text=(r"royalt(?:y|ies)\s+(?:of|equal|rate|payments?\s+of|at\s+the\s+rate)",
              r"\d+(?:\.\d+)?\s*(?:%|percent)\s+of\s+(?:the\s+|all\s+|its\s+)?(?:net\s+|gross\s+|total\s+)?(?:revenue|"
              r"sales|profits?|receipts|income|proceeds|margin)",
              r"percent(?:age)?\s+of\s+(?:the\s+)?(?:net|gross)\s+(?:revenue|sales|profits?|receipts)",
              r"(?:revenue|profit)s?\s+(?:share|sharing|split)", r"share\s+of\s+(?:the\s+)?(?:net\s+|gross\s+)?"
              r"(?:revenue|profit)")),
    "Price Restrictions": Rule(
        text=(r"(?:price|fee|rate)s?[^.]{0,80}(?:shall|will|may)\s+not\s+(?:be\s+)?(?:increase|raise|change|exceed)",
              rf"{_NOT}[^.]{{0,40}}(?:increase|raise)[^.]{{0,60}}(?:price|fee|rate)s?",
              r"price\s+(?:protection|freeze)")),
    "Minimum Commitment": Rule(
        title=r"minimum",
        text=(r"minimum\s+(?:\w+\s+){0,2}(?:purchase|order|quantit|volume|commitment|amount|number|sales|royalt|"
              r"fee|payment|units|guarantee)",
              r"(?:purchase|order|buy|sell)\s+(?:at\s+least|no\s+less\s+than|not\s+less\s+than|a\s+minimum)")),
    "Volume Restriction": Rule(
        text=(r"(?:exceed|in\s+excess\s+of|more\s+than)[^.]{0,100}(?:units|users|volume|quantit|transactions|copies|"
              r"impressions|calls|minutes|storage|licenses)", r"(?:up\s+to|maximum\s+of|not\s+to\s+exceed)\s+[^.]{0,40}"
              r"(?:units|users|copies|seats)")),
    "Ip Ownership Assignment": Rule(
        title=r"ownership|work\s+(?:made\s+)?for\s+hire",
        text=(r"hereby\s+(?:irrevocably\s+)?assigns?", r"(?:shall|will)\s+(?:be|become|remain)\s+the\s+(?:sole\s+"
              r"and\s+)?(?:exclusive\s+)?property\s+of", r"work\s+(?:made\s+)?for\s+hire",
              r"(?:shall|will)\s+(?:own|vest)[^.]{0,80}(?:right,\s+title|intellectual\s+property|inventions?)",
              r"assign[^.]{0,40}(?:all\s+)?(?:right,\s+title|intellectual\s+property\s+rights)")),
    "Joint Ip Ownership": Rule(
        text=(r"joint(?:ly)?\s+own", r"\bco-?own", r"owned\s+jointly", r"joint\s+ownership")),
    "License Grant": Rule(
        title=r"licen[cs]e\s+grant|grant\s+of\s+(?:licen[cs]e|rights)",
        text=(r"grants?\b[^.]{0,150}licen[cs]e", r"hereby\s+licen[cs]es",
              r"licen[cs]e\s+(?:to|under)\b[^.]{0,30}(?:use|reproduce|make|sell|distribute|display|patent|trademark)")),
    "Non-Transferable License": Rule(
        text=(r"non-?transferable", r"non-?sublicensable", r"not\s+(?:be\s+)?(?:transfer|sublicens)\w*[^.]{0,60}"
              r"licen[cs]e", r"licen[cs]e[^.]{0,100}(?:may|shall)\s+not\s+be\s+(?:transferred|assigned|sublicensed)")),
    "Affiliate License-Licensor": Rule(
        text=(r"(?:licensor|company|supplier|owner)\s+and\s+its\s+affiliates[^.]{0,120}(?:grant|licen)",
              r"(?:owned|controlled)\s+by\s+(?:\w+\s+)?(?:or\s+)?(?:any\s+of\s+)?its\s+affiliates[^.]{0,80}licen")),
    "Affiliate License-Licensee": Rule(
        text=(r"licen[cs]e[^.]{0,200}(?:to|and)\s+(?:its|their)\s+affiliates",
              r"(?:licensee|distributor)\s+and\s+its\s+affiliates")),
    "Unlimited/All-You-Can-Eat-License": Rule(
        text=(r"unlimited\s+(?:number|use|usage|licen|right|copies|users)", r"enterprise[- ]wide",
              r"all[- ]you[- ]can[- ]eat")),
    "Irrevocable Or Perpetual License": Rule(
        text=(r"irrevocabl[ey][^.]{0,120}licen", r"perpetual[^.]{0,120}licen",
              r"licen[cs]e[^.]{0,120}(?:irrevocable|perpetual)")),
    "Source Code Escrow": Rule(title=r"escrow", text=(r"source\s+code[^.]{0,200}escrow", r"escrow[^.]{0,200}"
                                                       r"source\s+code", r"escrow\s+(?:agent|agreement)")),
    "Post-Termination Services": Rule(
        title=r"effect\s+of\s+(?:termination|expiration)|transition|post-?termination",
        text=(r"(?:after|following|upon)\s+(?:the\s+)?(?:termination|expiration)[^.]{0,250}(?:shall|will|may)\s+"
              r"(?:continue|sell|return|deliver|pay|purchase|provide|cooperate|transfer|assist|destroy)",
              r"transition\s+(?:services|period|assistance)", r"sell[- ]off\s+period", r"wind[- ]down")),
    "Audit Rights": Rule(
        title=r"audit|inspection|books\s+and\s+records",
        text=(r"\baudit", r"inspect[^.]{0,80}(?:books|records|facilities|premises)",
              r"(?:books|records)[^.]{0,80}(?:inspect|examin)")),
    "Uncapped Liability": Rule(
        text=(r"(?:limitation|limit|cap|exclusion)s?[^.]{0,150}(?:shall|will)\s+not\s+apply",
              r"(?:shall|will)\s+not\s+(?:limit|apply\s+to)[^.]{0,100}(?:indemnif|breach\s+of\s+confidential|gross\s+"
              r"negligence|willful)", r"unlimited\s+liability")),
    "Cap On Liability": Rule(
        title=r"limitation\s+(?:of|on)\s+liability",
        text=(r"(?:aggregate|total|maximum|entire)\s+(?:cumulative\s+)?liability",
              r"liability[^.]{0,150}(?:shall\s+not|will\s+not|in\s+no\s+event)\s+exceed",
              r"in\s+no\s+event\s+(?:shall|will)[^.]{0,100}liab", r"limitation\s+of\s+liability",
              r"(?:consequential|incidental|indirect|special|punitive)\s+damages")),
    "Liquidated Damages": Rule(
        title=r"liquidated",
        text=(r"liquidated\s+damages", r"termination\s+fee", r"late\s+(?:fee|charge|payment\s+charge)",
              r"penalt(?:y|ies)\s+of")),
    "Warranty Duration": Rule(
        text=(rf"warrant\w*[^.]{{0,150}}(?:for\s+a\s+period|{_PERIOD}|warranty\s+period)", r"warranty\s+period")),
    "Insurance": Rule(
        title=r"insurance",
        text=(r"(?:maintain|carry|obtain|procure|keep|purchase)\w*[^.]{0,120}insurance", r"additional\s+insured",
              r"certificates?\s+of\s+insurance", r"insurance\s+(?:coverage|policy|policies)")),
    "Covenant Not To Sue": Rule(
        text=(rf"{_NOT}[^.]{{0,100}}(?:challenge|contest|attack|dispute|oppose)[^.]{{0,100}}(?:validity|ownership|"
              r"enforceability|rights?\s+in|title)", r"covenant\s+not\s+to\s+sue", rf"{_NOT}[^.]{{0,60}}\bsue\b")),
    "Third Party Beneficiary": Rule(
        title=r"third[- ]party\s+beneficiar",
        text=(r"third[- ]party\s+beneficiar", r"intended\s+beneficiar",
              r"no\s+(?:other\s+)?(?:person|party)[^.]{0,120}(?:rights?|benefits?)[^.]{0,60}(?:hereunder|under\s+this)")),
}

_FLAGS = re.IGNORECASE


_TITLES = {c: re.compile(r.title, _FLAGS) for c, r in RULES.items() if r.title}
# text and veto patterns only run on sections holding the literals every match needs (exact; see prefilter)
_TEXTS = PatternSet([(c, p) for c, r in RULES.items() for p in r.text], _FLAGS)
_VETOES = PatternSet([(c, p) for c, r in RULES.items() for p in r.veto], _FLAGS)
_DOC_NAME = re.compile(r"\b[A-Z][A-Z&,\-\s]{2,80}(?:AGREEMENT|CONTRACT|LICENSE|AMENDMENT|ADDENDUM)\b"
                       r"|\b(?:[A-Z][\w\-]+\s+){1,6}Agreement\b")
_PARTIES = re.compile(r"\bby\s+and\s+(?:between|among)|\bbetween\s+[A-Z]|\bamong\s+[A-Z]|\(\s*[\"“][A-Z]")
_PREAMBLE_ONLY = frozenset({"Document Name", "Parties", "Agreement Date"})


def classify_section(section: Section) -> list[str]:
    """CUAD categories whose rules match this section's title or own text, in CUAD's order."""
    skip = _PREAMBLE_ONLY if section.kind != "preamble" else frozenset()
    found = _TEXTS.matching(section.text, skip)
    if section.title:
        found.update(c for c, title in _TITLES.items() if c not in skip and title.search(section.title))
    if _VETOES.patterns:
        found -= _VETOES.matching(section.text)
    if section.kind == "preamble":
        if _DOC_NAME.search(section.text[:3000]):
            found.add("Document Name")
        if _PARTIES.search(section.text):
            found.add("Parties")
    return [c for c in CUAD_CATEGORIES if c in found]


Categories = dict[str, list[str]]  # section number -> its CUAD categories


def document_categories(doc: ParsedDocument) -> Categories:
    """Every section's categories, computed once for the callers that all need them (the layer's clause-type
    rows and the renewal rules' sentence order); the classifier is ~8% of parsing a text."""
    return {s.number: classify_section(s) for s in doc.sections}
