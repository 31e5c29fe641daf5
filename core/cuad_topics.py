"""Which CUAD clause category a question is about: the one vocabulary the offline question parser and clause
search share, and the phrases contracts use for each category.

One row per category of `core.vocab.CUAD_CATEGORIES`:

* `phrase`: the exact wording the offline question parser (agent/question) reads as a `text_clause_types`
  filter ("change of control", "mfn"), a regular-expression fragment over the question's lower-case words;
* `triggers`: how a question names the topic for clause search (`question_category`);
* `expansions`: how contract text words it. Clause retrieval (`graph.retrieval.lucene.section_lucene_query`)
  adds the expansion phrases of the question's category to the full-text query, and boosts sections the
  ingest rules classified in that category: a question about "termination for convenience" also finds
  "Without Cause Termination ... ninety (90) days notice".

A trigger is a phrase of word beginnings, in order, with at most two other words between them: "terminat
conveni" matches "terminate this agreement for convenience". The category whose triggers cover the most
characters of the question wins (CUAD order breaks ties). Expansion phrases are searched as Lucene phrases
through the section index's English analyzer, so "governed by" also matches "governs" and "governing".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.vocab import CUAD_CATEGORIES


@dataclass(frozen=True)
class Topic:
    """How questions name a category (`triggers`) and how contracts word it (`expansions`)."""

    triggers: tuple[str, ...]
    expansions: tuple[str, ...]
    # The exact phrase (a regular-expression fragment over the question's lower-case words) the offline
    # question parser reads as a `text_clause_types` filter; None: the parser has no filter phrase for it.
    phrase: str | None = None


TOPICS: dict[str, Topic] = {
    "Document Name": Topic(("document name", "title of the agreement", "name of the agreement"), ("agreement",)),
    "Parties": Topic(("parties", "who signed", "between whom", "counterpart"), ("by and between", "party")),
    "Agreement Date": Topic(("agreement date", "signed on", "dated", "date of the agreement", "when signed"),
                            ("dated as of", "entered into as of", "made as of")),
    "Effective Date": Topic(("effective date", "take effect", "become effective", "when effective"),
                            ("effective date", "shall become effective", "effective as of")),
    "Expiration Date": Topic(("expir", "how long last", "term of the agreement", "initial term", "end date",
                              "duration"),
                             ("initial term", "shall expire", "shall continue in effect until",
                              "term of this agreement")),
    "Renewal Term": Topic(("renew", "extension of the term", "extend the term", "auto renew"),
                          ("automatically renew", "renewal term", "successive periods", "additional periods",
                           "shall be extended", "renewed for")),
    "Notice Period To Terminate Renewal": Topic(
        ("notice renew", "notice non renew", "prevent renew", "avoid renew", "stop renew", "notice not to renew",
         "opt out renew"),
        ("notice of non-renewal", "notice of its intention not to renew", "written notice prior to the end",
         "days prior to the expiration", "unless either party gives notice", "elects not to renew")),
    "Governing Law": Topic(("govern law", "law govern", "governing", "choice of law", "applicable law",
                            "which law", "what law", "jurisdiction"),
                           ("governing law", "governed by", "construed in accordance with", "laws of the state",
                            "applicable law", "choice of law")),
    "Most Favored Nation": Topic(("most favo", "mfn", "best price", "favorable terms"),
                                ("most favored", "no less favorable", "more favorable terms", "lower price"),
        phrase=r"most[- ]favou?red[- ]nations?|mfn"),
    "Non-Compete": Topic(("non compet", "noncompet", "compet", "not compete"),
                         ("non-competition", "shall not compete", "competitor", "competing products",
                          "competitive business", "engage in any business", "directly or indirectly",
                          "restricted period"),
        # only "in the text": a bare "non-compete" is the sample's pre-extracted clause type (agent/question/lexicon)
        phrase=r"non-?compet(?:e|es|ition)(?: (?:covenants?|clauses?|restrictions?|provisions?|obligations?))? "
               r"in (?:the|their|its) (?:own )?texts?"),
    "Exclusivity": Topic(("exclusiv", "sole supplier", "sole distributor", "only supplier"),
                         ("exclusive", "exclusivity", "exclusive right", "exclusive distributor", "sole and exclusive",
                          "shall not appoint any other")),
    "No-Solicit Of Customers": Topic(("solicit customer", "solicit client", "poach customer"),
                                     ("shall not solicit", "solicit any customer", "solicit customers",
                                      "divert any customer"),
        phrase=r"non-?solicit(?:ation)?(?! of employees)(?: of customers)?|no-solicit"),
    "Competitive Restriction Exception": Topic(("exception compet", "carve out", "exception to the non compet",
                                                "exception to exclusiv"),
                                               ("notwithstanding the foregoing", "shall not prohibit",
                                                "shall not restrict", "except for")),
    "No-Solicit Of Employees": Topic(("solicit employ", "hire employ", "poach employ", "no hire", "recruit"),
                                     ("solicit any employee", "hire any employee", "employ or solicit",
                                      "recruit any employee", "solicit for employment"),
        phrase=r"non-?solicit(?:ation)? of employees|employee non-?solicit(?:ation)?"),
    "Non-Disparagement": Topic(("disparag", "negative statement", "defam"),
                               ("disparage", "disparaging", "derogatory statements", "negative comments"),
        phrase=r"non-?disparagement"),
    "Termination For Convenience": Topic(
        ("terminat conveni", "conveni", "without cause", "terminat any reason", "terminat at any time",
         "terminat for no reason", "terminat at will", "walk away"),
        ("for convenience", "without cause", "for any reason", "for any or no reason", "at any time upon",
         "at any time by giving", "upon notice to the other party", "in its sole discretion",
         "may terminate this agreement upon", "may terminate this agreement by giving", "days written notice"),
        phrase=r"termination (?:for convenience|without cause|at will)|(?:terminat(?:e|ed|es|ing)|walk away|exit) "
               r"(?:(?:it|them|this|the|these|those|an?|agreements?|contracts?) ){0,2}(?:for convenience|without "
               r"cause|at will)"),
    "Rofr/Rofo/Rofn": Topic(("first refusal", "first offer", "first negotiat", "rofr", "rofo", "rofn",
                             "right of first"),
                            ("right of first refusal", "right of first offer", "right of first negotiation",
                             "first right to"),
        phrase=r"rights? of first (?:refusal|offer|negotiation)|rofr|rofo|rofn"),
    "Change Of Control": Topic(("change of control", "change in control", "merger", "acquisition", "acquired",
                                "takeover", "sale of the company"),
                               ("change of control", "change in control", "change of ownership", "merger",
                                "consolidation", "reorganization", "all or substantially all", "acquisition",
                                "controlling interest"),
        phrase=r"change[- ](?:of|in)[- ]control"),
    "Anti-Assignment": Topic(("assign", "transfer the agreement", "transfer this agreement", "novat"),
                             ("assign", "assignment", "may not be assigned", "without the prior written consent",
                              "shall not assign", "transfer"),
        phrase=r"anti-?assignment|assignment restrictions?"),
    "Revenue/Profit Sharing": Topic(("revenue shar", "profit shar", "royalt", "share of revenue",
                                     "share of profit"),
                                    ("royalty", "revenue share", "percent of net sales", "net revenue",
                                     "profit sharing", "gross revenue"),
        phrase=r"revenue[- ]sharing|profit[- ]sharing"),
    "Price Restrictions": Topic(("price restrict", "price increase", "raise price", "price change", "price cap"),
                                ("price increase", "shall not increase", "prices shall remain", "price protection"),
        phrase=r"price restrictions?|most favou?red pricing"),
    "Minimum Commitment": Topic(("minimum", "commit to buy", "purchase commitment", "at least"),
                                ("minimum purchase", "minimum order", "minimum quantity", "minimum commitment",
                                 "not less than"),
        phrase=r"minimum (?:commitments?|purchase)"),
    "Volume Restriction": Topic(("volume", "usage limit", "cap on usage", "maximum number", "how many user"),
                                ("not to exceed", "in excess of", "maximum number", "volume"),
        phrase=r"volume restrictions?"),
    "Ip Ownership Assignment": Topic(("own ip", "ip ownership", "who own", "intellectual property own",
                                      "own the intellectual property", "own improvement", "own work product",
                                      "own invention"),
                                     ("hereby assigns", "shall be the sole and exclusive property",
                                      "right, title and interest", "work made for hire", "shall own"),
        phrase=r"ip ownership(?: assignment)?"),
    "Joint Ip Ownership": Topic(("joint own", "jointly own", "co own", "joint ip"),
                                ("jointly owned", "joint ownership", "co-owned", "owned jointly"),
        phrase=r"joint ip(?: ownership)?"),
    "License Grant": Topic(("licen grant", "grant licen", "what licen", "licen", "right to use"),
                           ("hereby grants", "grants to", "license to use", "non-exclusive license",
                            "exclusive license", "grant of license"),
        phrase=r"license grants?"),
    "Non-Transferable License": Topic(("non transfer", "nontransfer", "transfer the licen", "sublicens"),
                                      ("non-transferable", "non-sublicensable", "may not be transferred",
                                       "may not sublicense")),
    "Affiliate License-Licensor": Topic(("licensor affiliat", "affiliates of the licensor"),
                                        ("licensor and its affiliates", "its affiliates grant")),
    "Affiliate License-Licensee": Topic(("licensee affiliat", "affiliates use", "affiliates of the licensee"),
                                        ("licensee and its affiliates", "its affiliates", "to its affiliates")),
    "Unlimited/All-You-Can-Eat-License": Topic(("unlimited", "all you can eat", "enterprise wide"),
                                               ("unlimited", "unlimited number", "enterprise-wide")),
    "Irrevocable Or Perpetual License": Topic(("irrevocab", "perpetual"),
                                              ("irrevocable", "perpetual", "perpetual license",
                                               "irrevocable license")),
    "Source Code Escrow": Topic(("escrow", "source code"), ("source code escrow", "escrow agent", "escrow agreement",
                                                            "deposit the source code"),
        phrase=r"source code escrow|escrow"),
    "Post-Termination Services": Topic(("after terminat", "post terminat", "following terminat", "upon terminat",
                                        "effect of terminat", "transition", "wind down"),
                                       ("effect of termination", "upon termination", "following termination",
                                        "transition services", "wind down", "sell-off period"),
        phrase=r"post-?termination services?"),
    "Audit Rights": Topic(("audit", "inspect", "books and records", "examine record"),
                          ("audit", "inspect", "books and records", "examine", "right to audit", "records"),
        phrase=r"audit rights?|right to audit"),
    "Uncapped Liability": Topic(("uncapped", "unlimited liabil", "not capped", "exclusions from the cap"),
                                ("shall not apply", "unlimited liability", "gross negligence", "willful misconduct"),
        phrase=r"uncapped liability|unlimited liability"),
    "Cap On Liability": Topic(("cap on liabil", "liabil cap", "limit liabil", "limitation of liabil", "liabil limit",
                               "maximum liabil", "liabil capped", "capped"),
                              ("limitation of liability", "in no event shall", "in no event will",
                               "aggregate liability", "shall not exceed", "consequential damages",
                               "special or consequential damages", "total liability", "liable for",
                               "sole and exclusive remedy"),
        phrase=r"caps? on liability|liability caps?|capped liability"),
    "Liquidated Damages": Topic(("liquidated", "penalt", "termination fee", "late fee"),
                                ("liquidated damages", "termination fee", "late charge", "penalty"),
        phrase=r"liquidated damages"),
    "Warranty Duration": Topic(("warrant period", "warrant durat", "how long warrant", "warranty last"),
                               ("warranty period", "warrants for a period", "months from delivery",
                                "warranty shall"),
        phrase=r"warrant(?:y|ies) duration|warranty period"),
    "Insurance": Topic(("insur",), ("insurance", "maintain insurance", "additional insured",
                                    "certificate of insurance", "liability insurance", "insurance coverage"),
        phrase=r"insurance"),
    "Covenant Not To Sue": Topic(("not to sue", "covenant not", "challenge the valid", "contest the valid"),
                                 ("covenant not to sue", "shall not challenge", "shall not contest", "validity"),
        phrase=r"covenants? not to sue"),
    "Third Party Beneficiary": Topic(("third party beneficiar", "third-party beneficiar", "beneficiar"),
                                     ("third party beneficiary", "third-party beneficiaries", "intended beneficiary",
                                      "no third party"),
        phrase=r"third[- ]party beneficiar(?:y|ies)"),
}
assert tuple(TOPICS) == CUAD_CATEGORIES, "one row per CUAD category, in CUAD's order"


def _trigger_pattern(trigger: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in trigger.lower().split()]
    return re.compile(r"\b" + r"\w*(?:\W+\w+){0,2}?\W+".join(words) + r"\w*")


_TRIGGERS = {c: tuple(_trigger_pattern(t) for t in topic.triggers) for c, topic in TOPICS.items()}


def question_category(question: str) -> str | None:
    """The CUAD category the question is about (its triggers cover the most characters), or None."""
    text = " ".join(question.lower().replace("-", " ").split())
    best, covered = None, 0
    for category, patterns in _TRIGGERS.items():
        spans = {(m.start(), m.end()) for p in patterns for m in p.finditer(text)}
        length = len(set().union(*(range(a, b) for a, b in spans))) if spans else 0
        if length > covered:
            best, covered = category, length
    return best


def question_phrases() -> dict[str, str]:
    """Parser phrase -> category, in CUAD's order (a phrase never matches inside another category's)."""
    return {topic.phrase: category for category, topic in TOPICS.items() if topic.phrase}


def expansion_phrases(category: str | None) -> tuple[str, ...]:
    """The phrases contracts use for the category (none for None)."""
    return TOPICS[category].expansions if category else ()
