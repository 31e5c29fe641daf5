"""The synonym lists of the generated questions, written by hand before the parser was run on them: the
surface forms of each value (contract types, law, party countries, amounts, renewal types, clauses, group
keys). Each maps a canonical filter value to the ways an analyst types it."""

from __future__ import annotations

NOUNS = ["contracts", "agreements", "deals"]
COUNT_LEADS = ["How many {x} are there?", "How many {x} do we have?", "Number of {x}", "count the {x}",
               "how many {x}", "Show me the {x}", "List {x}", "Which {x} do we have?"]

TYPES: dict[str, list[str]] = {
    "License": ["license agreements", "licence agreements", "licensing deals", "license contracts"],
    "Distributor": ["distribution agreements", "distributor agreements", "distributorship agreements"],
    "Supply": ["supply agreements", "supply contracts", "supplier agreements"],
    "Service": ["service agreements", "services contracts", "service deals"],
    "Strategic Alliance": ["strategic alliance agreements", "alliance agreements", "strategic alliances"],
    "Joint Venture": ["joint venture agreements", "JV agreements", "joint ventures"],
    "Sponsorship": ["sponsorship agreements", "sponsorship deals"],
    "Endorsement": ["endorsement agreements", "endorsement deals"],
    "Maintenance": ["maintenance agreements", "maintenance contracts"],
    "IP": ["IP agreements", "intellectual property agreements"],
    "Manufacturing": ["manufacturing agreements", "manufacturing contracts"],
    "Hosting": ["hosting agreements", "hosting contracts"],
    "Franchise": ["franchise agreements", "franchise contracts"],
    "Reseller": ["reseller agreements", "reseller contracts"],
    "Promotion": ["promotion agreements"],
    "Transportation": ["transportation agreements", "transportation contracts"],
    "Affiliate": ["affiliate agreements"],
    "Development": ["development agreements"],
    "Agency": ["agency agreements"],
    "Marketing": ["marketing agreements"],
}

LAW_COUNTRIES: dict[str, list[str]] = {
    "US": ["US law", "the laws of the United States", "United States law"],
    "CN": ["Chinese law", "the laws of China", "PRC law"],
    "CA": ["Canadian law", "the laws of Canada"],
    "GB": ["English law", "the laws of England"],
    "IL": ["Israeli law", "the laws of Israel"],
    "HK": ["Hong Kong law", "the laws of Hong Kong"],
    "CH": ["Swiss law", "the laws of Switzerland"],
    "DE": ["German law", "the laws of Germany"],
    "JP": ["Japanese law", "the laws of Japan"],
    "NL": ["Dutch law", "the laws of the Netherlands"],
}
LAW_STATES: dict[str, list[str]] = {
    "NY": ["New York law", "the laws of New York", "the laws of the State of New York"],
    "CA": ["California law", "the laws of California"],
    "DE": ["Delaware law", "the laws of Delaware"],
    "TX": ["Texas law", "the laws of Texas"],
    "FL": ["Florida law", "the laws of Florida"],
    "PA": ["Pennsylvania law"],
    "ON": ["Ontario law", "the laws of Ontario"],
    "NV": ["Nevada law"],
    "IL": ["Illinois law"],
    "VA": ["Virginia law"],
    "NJ": ["New Jersey law"],
    "MA": ["Massachusetts law"],
    "CO": ["Colorado law"],
    "OH": ["Ohio law"],
}
GOVERNED = ["governed by {law}", "under {law}", "subject to {law}"]

PARTY_COUNTRIES: dict[str, list[str]] = {
    "CN": ["a Chinese party", "a party in China", "Chinese counterparties"],
    "CA": ["a Canadian party", "a party in Canada", "Canadian counterparties"],
    "GB": ["a party in the UK", "a British party"],
    "IL": ["an Israeli party", "a party in Israel"],
    "JP": ["a Japanese party", "a party in Japan"],
    "CH": ["a Swiss party", "a party in Switzerland"],
    "HK": ["a party in Hong Kong"],
    "DE": ["a German party", "a party in Germany"],
    "FR": ["a French party", "a party in France"],
    "NL": ["a Dutch party", "a party in the Netherlands"],
}

# (value, [surface forms]); amounts in USD
AMOUNTS: list[tuple[int, list[str]]] = [
    (50000, ["$50,000", "$50k", "50 thousand dollars"]),
    (100000, ["$100,000", "$100k", "100k USD"]),
    (250000, ["$250,000", "$250k"]),
    (500000, ["$500,000", "$500k", "half a million dollars"]),
    (1000000, ["$1,000,000", "$1M", "$1 million", "one million dollars"]),
    (2000000, ["$2M", "$2 million", "2 million dollars"]),
    (5000000, ["$5M", "$5 million", "$5,000,000"]),
    (10000000, ["$10M", "$10 million", "10 million dollars"]),
]
ABOVE = ["worth more than {a}", "over {a}", "above {a}", "valued at more than {a}", "exceeding {a}"]
BELOW = ["worth less than {a}", "under {a}", "below {a}", "valued at less than {a}"]
AT_LEAST = ["worth at least {a}", "of at least {a}", "worth {a} or more"]
AT_MOST = ["worth at most {a}", "of no more than {a}", "worth {a} or less", "of up to {a}"]
BETWEEN = ["worth between {a} and {b}", "valued between {a} and {b}"]

RENEWALS: dict[str, list[str]] = {
    "automatic": ["renew automatically", "auto-renew", "automatically renew"],
    "option": ["have a renewal option", "have an option to renew", "are renewable at a party's option"],
    "evergreen": ["are evergreen"],
}
RENEWAL_OR = [  # an OR list of two renewal types, the verb shared
    ("renew automatically or by option", ["automatic", "option"]),
    ("auto-renew or have a renewal option", ["automatic", "option"]),
    ("have a renewal option or auto-renew", ["option", "automatic"]),
    ("auto-renew or are evergreen", ["automatic", "evergreen"]),
    ("are evergreen or renew automatically", ["evergreen", "automatic"]),
    ("have an option to renew or are evergreen", ["option", "evergreen"]),
]

NO_END = ["don't have an end date", "do not have an end date", "have no end date", "have no expiration date",
          "without an end date", "with no end date", "without an expiry date"]
HAS_END = ["have an end date", "with an end date", "with a fixed end date"]

CLAUSES: dict[str, list[str]] = {
    "Confidentiality & Non-Disclosure": ["a confidentiality clause", "NDA terms", "confidentiality provisions"],
    "Liability & Indemnification": ["an indemnification clause", "a limitation of liability clause",
                                    "indemnity provisions"],
    "Non-Compete & Exclusivity": ["an exclusivity clause", "a non-compete clause"],
    "Service-Level Agreements": ["an SLA", "service level terms"],
}
TEXT_CATEGORIES: dict[str, list[str]] = {
    "Termination For Convenience": ["can be terminated for convenience", "allow termination without cause",
                                    "can be terminated at will", "allow termination for convenience"],
    "Change Of Control": ["have a change of control clause", "have a change in control clause"],
    "Most Favored Nation": ["have a most favored nation clause", "include MFN terms"],
    "Anti-Assignment": ["have an anti-assignment clause", "have assignment restrictions"],
    "Audit Rights": ["give audit rights", "include a right to audit"],
    "Source Code Escrow": ["have source code escrow"],
    "Liquidated Damages": ["have liquidated damages"],
    "Non-Disparagement": ["have a non-disparagement clause"],
    "Rofr/Rofo/Rofn": ["give a right of first refusal", "include a right of first offer"],
    "Revenue/Profit Sharing": ["include revenue sharing", "have profit-sharing terms"],
}

GROUP_KEYS: dict[str, list[str]] = {
    "contract_type": ["type", "contract type", "category"],
    "effective_year": ["year", "signing year"],
    "end_year": ["expiry year", "end year", "expiration year"],
    "party": ["party", "counterparty"],
    "party_country": ["party country", "country of the parties"],
    "governing_law_country": ["governing law", "jurisdiction"],
    "clause_type": ["clause type"],
    "renewal_type": ["renewal type"],
    "status": ["status"],
}
GROUP_LEADS = ["How many {x} per {k}?", "{x} by {k}", "breakdown of {x} by {k}", "count of {x} for each {k}",
               "Show {x} grouped by {k}"]

METRICS: dict[str, list[str]] = {
    "avg_amount": ["average value", "mean value", "average contract value"],
    "sum_amount": ["total value", "combined value", "sum of the values"],
    "max_amount": ["largest value", "highest value", "maximum value"],
    "min_amount": ["smallest value", "lowest value", "minimum value"],
    "avg_duration_days": ["average duration", "average length", "mean duration"],
}
