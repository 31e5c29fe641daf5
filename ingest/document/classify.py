"""CUAD clause categories for one section, by keyword rules on its title and own text.

Each category has patterns that must match (any of them) and optionally patterns that veto. Rules are
deliberately simple and readable; `clause_eval` measures how well they agree with CUAD's expert labels.
The first four categories (name, parties, dates) describe the document and are looked for in the preamble.
"""

from __future__ import annotations

import re

from graph.vocab import CUAD_CATEGORIES
from ingest.document.models import Section

_DATE = (r"(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)"
         r"\s+\d{1,2},?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?:january|february|march|april|may|"
         r"june|july|august|september|october|november|december),?\s+\d{4}|\d{1,2}/\d{1,2}/\d{2,4})")

# category -> (any of these must match, none of these may match)
RULES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "Agreement Date": ((rf"(?:dated|made|entered into|executed)[^.]{{0,80}}{_DATE}", rf"as of\s+{_DATE}"), ()),
    "Effective Date": ((rf"effective\s+(?:as\s+of\s+|on\s+|date[^.]{{0,40}})?[^.]{{0,40}}{_DATE}",
                        r"\"effective date\"", r"“effective date”", r"shall (?:become|be) effective"), ()),
    "Expiration Date": ((r"(?:initial\s+)?term\s+of\s+(?:this\s+agreement|[^.]{0,30}years?)",
                         r"(?:shall|will)\s+(?:expire|terminate|continue|remain in (?:full )?(?:force|effect))"
                         r"[^.]{0,120}(?:until|unless|years?|months?|" + _DATE + ")"), ()),
    "Renewal Term": ((r"automatic(?:ally)?\s+(?:be\s+)?(?:renew|extend)", r"renew(?:al|ed)?\s+(?:term|period)",
                      r"successive\s+(?:\w+\s+){0,3}(?:periods?|terms?|years?)", r"(?:shall|will|may) be renewed"), ()),
    "Notice Period To Terminate Renewal": ((r"(?:notice|notify)[^.]{0,120}(?:non-?renewal|not\s+to\s+renew|"
                                            r"intention\s+not|(?:prior|before)\s+to\s+the\s+(?:end|expiration))",
                                            r"(?:unless|except)[^.]{0,80}notice[^.]{0,120}(?:renew|expir|end of)"),
                                           ()),
    "Governing Law": ((r"governed\s+by", r"governing\s+law", r"constru\w+\s+in\s+accordance\s+with[^.]{0,40}laws?",
                       r"laws\s+of\s+the\s+state\s+of[^.]{0,80}(?:shall\s+)?(?:govern|apply)"), ()),
    "Most Favored Nation": ((r"most\s+favou?red", r"(?:no\s+less|not\s+less)\s+favou?rable",
                             r"(?:lower|better|lowest|more\s+favou?rable)\s+(?:price|terms|rates?)[^.]{0,80}"
                             r"(?:any\s+other|third|other\s+customer)"), ()),
    "Non-Compete": ((r"non-?compet", r"(?:shall|will)\s+not[^.]{0,120}compet", r"competing\s+(?:product|business|"
                     r"service)", r"directly\s+or\s+indirectly[^.]{0,80}(?:engage|compet)"), ()),
    "Exclusivity": ((r"(?<!non-)(?<!non)\bexclusive(?:ly)?\b(?!\s+(?:of|remedy|jurisdiction|venue|property))",
                     r"\bsole\s+(?:and\s+exclusive\s+)?(?:supplier|distributor|provider|source)",
                     r"all\s+of\s+its\s+requirements"), (r"^\W*(?:non-?exclusive)",)),
    "No-Solicit Of Customers": ((r"solicit[^.]{0,150}(?:customers?|clients?|accounts?|subscribers?)",
                                 r"(?:customers?|clients?)[^.]{0,80}solicit"), ()),
    "Competitive Restriction Exception": ((r"(?:notwithstanding|except|provided)[^.]{0,150}(?:compet|exclusiv|"
                                           r"solicit)", r"shall\s+not\s+(?:prohibit|restrict|prevent)[^.]{0,100}"
                                           r"(?:from|compet)"), ()),
    "No-Solicit Of Employees": ((r"(?:solicit|hire|employ|recruit)[^.]{0,150}(?:employees?|personnel|staff|"
                                 r"consultants?|contractors?)", r"no[- ]?hire"), ()),
    "Non-Disparagement": ((r"disparag", r"derogatory|defamatory|negative\s+(?:statements?|comments?)"), ()),
    "Termination For Convenience": ((r"terminat\w*[^.]{0,120}(?:for\s+convenience|without\s+cause|for\s+any\s+"
                                     r"(?:or\s+no\s+)?reason|at\s+any\s+time)", r"(?:for\s+convenience|without\s+"
                                     r"cause)[^.]{0,80}terminat"), ()),
    "Rofr/Rofo/Rofn": ((r"right\s+of\s+first\s+(?:refusal|offer|negotiation)", r"first\s+right\s+to\s+"
                        r"(?:negotiate|purchase|acquire|refuse)", r"\brofr\b|\brofo\b|\brofn\b"), ()),
    "Change Of Control": ((r"change\s+(?:of|in)\s+(?:control|ownership)", r"(?:merger|consolidation|acquisition)"
                           r"[^.]{0,120}(?:terminat|consent|assign|notice)", r"all\s+or\s+substantially\s+all\s+"
                           r"of\s+(?:its|the)\s+(?:assets|business)"), ()),
    "Anti-Assignment": ((r"(?:not|no)\s[^.]{0,80}assign", r"assign\w*[^.]{0,150}(?:prior\s+)?(?:written\s+)?"
                         r"consent", r"(?:assignment|transfer)\s+(?:of\s+this\s+agreement\s+)?(?:shall\s+be\s+)?"
                         r"(?:void|null)"), ()),
    "Revenue/Profit Sharing": ((r"royalt", r"(?:revenue|profit)s?\s+(?:share|sharing|split)", r"share\s+of\s+"
                                r"(?:the\s+)?(?:net\s+|gross\s+)?(?:revenue|profit|sales|income)",
                                r"\d+(?:\.\d+)?\s*%\s+of\s+(?:the\s+)?(?:net|gross|all|total)"), ()),
    "Price Restrictions": ((r"(?:shall|will)\s+not\s+(?:increase|raise|change)[^.]{0,60}price",
                            r"price[s]?\s+(?:shall|will)\s+(?:remain|be)\s+(?:fixed|firm)", r"price\s+(?:increase|"
                            r"adjustment)s?[^.]{0,100}(?:not\s+exceed|no\s+more|limited|only)"), ()),
    "Minimum Commitment": ((r"minimum\s+(?:purchase|order|quantit|annual|volume|commitment|amount|number|"
                            r"sales|royalt|fee|payment)", r"(?:purchase|order|buy)\s+(?:at\s+least|no\s+less\s+than|"
                            r"not\s+less\s+than)"), ()),
    "Volume Restriction": ((r"(?:shall|will|may)\s+not\s+exceed[^.]{0,80}(?:units|volume|quantit|users|"
                            r"transactions)", r"(?:in\s+excess\s+of|exceed\w*)[^.]{0,80}(?:additional\s+fee|"
                            r"surcharge|consent)", r"maximum\s+(?:number|quantity|volume)"), ()),
    "Ip Ownership Assignment": ((r"hereby\s+(?:irrevocably\s+)?assigns?", r"(?:shall|will)\s+(?:be|become|remain)"
                                 r"\s+the\s+(?:sole\s+and\s+)?(?:exclusive\s+)?property\s+of",
                                 r"work\s+(?:made\s+)?for\s+hire", r"(?:shall|will)\s+(?:own|vest)[^.]{0,80}(?:right,"
                                 r"\s+title|intellectual\s+property|inventions?)"), ()),
    "Joint Ip Ownership": ((r"joint(?:ly)?\s+own", r"co-?own", r"joint\s+(?:intellectual\s+property|inventions?|"
                            r"patents?|ip|work\s+product|technology)"), ()),
    "License Grant": ((r"grants?\s+(?:to\s+\w+\s+)?(?:\w+\s+){0,8}licen[cs]e", r"hereby\s+licen[cs]es",
                       r"(?:licen[cs]e|right)\s+to\s+(?:use|reproduce|distribute|sell|make|display)"), ()),
    "Non-Transferable License": ((r"non-?transferable", r"non-?sublicensable", r"not\s+(?:be\s+)?(?:transfer|"
                                 r"sublicens)\w*[^.]{0,60}licen[cs]e", r"licen[cs]e[^.]{0,100}(?:may|shall)\s+not\s+be"
                                 r"\s+(?:transferred|assigned|sublicensed)"), ()),
    "Affiliate License-Licensor": ((r"(?:licensor|company|supplier)\s+and\s+its\s+affiliates[^.]{0,120}(?:grant|licen)",
                                    r"(?:owned|controlled)\s+by\s+(?:\w+\s+)?(?:or\s+)?(?:any\s+of\s+)?its\s+affiliates"
                                    r"[^.]{0,80}licen"), ()),
    "Affiliate License-Licensee": ((r"licen[cs]e[^.]{0,200}(?:to|and)\s+(?:its|their)\s+affiliates",
                                    r"(?:licensee|distributor)\s+and\s+its\s+affiliates"), ()),
    "Unlimited/All-You-Can-Eat-License": ((r"unlimited\s+(?:number|use|usage|licen|right|copies|users)",
                                           r"enterprise[- ]wide", r"all[- ]you[- ]can[- ]eat"), ()),
    "Irrevocable Or Perpetual License": ((r"irrevocabl[ey][^.]{0,120}licen", r"perpetual[^.]{0,120}licen",
                                          r"licen[cs]e[^.]{0,120}(?:irrevocable|perpetual)"), ()),
    "Source Code Escrow": ((r"escrow",), ()),
    "Post-Termination Services": ((r"(?:after|following|upon|survive)[^.]{0,40}(?:termination|expiration)"
                                   r"[^.]{0,200}(?:continue|transition|sell\s+off|wind[- ]down|return|deliver|"
                                   r"purchase|pay)", r"transition\s+(?:services|period|assistance)",
                                   r"sell[- ]off\s+period"), ()),
    "Audit Rights": ((r"\baudit", r"inspect[^.]{0,80}(?:books|records|facilities|premises)",
                      r"(?:books|records)[^.]{0,80}(?:inspect|examin)"), ()),
    "Uncapped Liability": ((r"(?:limitation|limit|cap)[^.]{0,100}(?:shall|will)\s+not\s+apply",
                            r"(?:shall|will)\s+not\s+(?:limit|apply\s+to)[^.]{0,100}(?:indemnif|breach\s+of\s+"
                            r"confidential|gross\s+negligence|willful)", r"unlimited\s+liability"), ()),
    "Cap On Liability": ((r"(?:aggregate|total|maximum|entire)\s+(?:cumulative\s+)?liability",
                          r"liability[^.]{0,150}(?:shall\s+not|will\s+not|in\s+no\s+event)\s+exceed",
                          r"in\s+no\s+event\s+(?:shall|will)[^.]{0,100}liab", r"limitation\s+of\s+liability",
                          r"(?:consequential|incidental|indirect|special|punitive)\s+damages"), ()),
    "Liquidated Damages": ((r"liquidated\s+damages", r"termination\s+fee", r"late\s+(?:fee|charge|payment\s+"
                            r"charge)", r"penalt(?:y|ies)\s+of"), ()),
    "Warranty Duration": ((r"warrant\w*[^.]{0,150}(?:for\s+a\s+period|\(\d+\)\s+(?:days|months|years)|"
                           r"\d+\s+(?:days|months|years)|warranty\s+period)", r"warranty\s+period"), ()),
    "Insurance": ((r"insurance", r"insured"), ()),
    "Covenant Not To Sue": ((r"(?:not|never)\s+(?:to\s+)?(?:sue|challenge|contest)", r"covenant\s+not\s+to\s+sue",
                             r"(?:shall|will)\s+not[^.]{0,60}(?:challenge|contest|attack)[^.]{0,80}(?:validity|"
                             r"ownership)"), ()),
    "Third Party Beneficiary": ((r"third[- ]party\s+beneficiar", r"no\s+(?:other\s+)?(?:person|party)[^.]{0,120}"
                                r"(?:rights?|benefits?)[^.]{0,60}(?:hereunder|under\s+this)",
                                r"intended\s+(?:third[- ]party\s+)?beneficiar"), ()),
}

_COMPILED = {cat: (tuple(re.compile(p, re.IGNORECASE) for p in want), tuple(re.compile(p, re.IGNORECASE)
                                                                            for p in veto))
             for cat, (want, veto) in RULES.items()}
_DOC_NAME = re.compile(r"\b[A-Z][A-Z&,\-\s]{2,80}(?:AGREEMENT|CONTRACT|LICENSE|AMENDMENT|ADDENDUM)\b"
                       r"|\b(?:[A-Z][\w\-]+\s+){1,6}Agreement\b")
_PARTIES = re.compile(r"\bby\s+and\s+(?:between|among)|\bbetween\s+[A-Z]|\bamong\s+[A-Z]|\(\s*[\"“][A-Z]")
_PREAMBLE_ONLY = ("Document Name", "Parties", "Agreement Date")


def classify_section(section: Section) -> list[str]:
    """CUAD categories whose rules match this section's title and own text, in CUAD's order."""
    text = f"{section.title}\n{section.text}"
    found = set()
    for category, (want, veto) in _COMPILED.items():
        if category in _PREAMBLE_ONLY and section.kind != "preamble":
            continue
        if any(p.search(text) for p in want) and not any(p.search(text) for p in veto):
            found.add(category)
    if section.kind == "preamble":
        if _DOC_NAME.search(text[:3000]):
            found.add("Document Name")
        if _PARTIES.search(text):
            found.add("Parties")
    return [c for c in CUAD_CATEGORIES if c in found]
