"""The words the parser knows: contract types, clause types, countries, US states and Canadian provinces,
each with the everyday spellings an analyst types (synonyms, plurals, adjectives, demonyms).

Every table maps a regular-expression fragment (matched on lower-cased, space-separated words) to the
canonical value `core.vocab` uses, so whatever the parser produces passes `ContractFilter` validation.
"""

from __future__ import annotations

import re

from core.cuad_topics import question_phrases
from core.vocab import CA_PROVINCES, COUNTRY_NAMES, US_STATES

CONTRACT_WORD = r"(?:agreements?|contracts?|deals?|arrangements?|relationships?)"

# Contract types: fragment -> canonical type. Longer phrases first (the alternation tries them in order).
CONTRACT_TYPES: dict[str, str] = {
    r"joint[- ]ventures?|jvs?": "Joint Venture",
    r"strategic (?:alliances?|partnerships?)|alliances?": "Strategic Alliance",
    r"co-?brand(?:ing|ed)?": "Co-Branding",
    r"non-?compet(?:e|ition)(?= " + CONTRACT_WORD + ")": "Non-Compete",
    r"intellectual property(?= " + CONTRACT_WORD + ")|ip": "IP",
    r"licen[cs](?:e|es|ing|ed)": "License",
    r"distribut(?:ion(?! of)|ors?|orships?|ers?)": "Distributor",
    r"suppl(?:y|ies|iers?)": "Supply",
    r"franchis(?:e|es|ing)": "Franchise",
    r"collaborations?|collaborative": "Collaboration",
    r"sponsorships?": "Sponsorship",
    r"endorsements?": "Endorsement",
    r"(?:web )?hosting": "Hosting",
    r"resell(?:ers?|ing)|resale": "Reseller",
    r"manufactur(?:ing|ers?|e)": "Manufacturing",
    r"maintenance|support and maintenance": "Maintenance",
    r"services?(?! levels?)": "Service",
    r"transportation|transport|shipping|logistics|freight": "Transportation",
    r"outsourcing": "Outsourcing",
    r"promotions?|promotional": "Promotion",
    r"consult(?:ing|ancy)": "Consulting",
    r"agency": "Agency",
    r"affiliates?|affiliation|affiliate marketing": "Affiliate",
    r"development": "Development",
    r"marketing": "Marketing",
}

# The extracted clause types of the sample (`Contract.clause_types`).
CLAUSES: dict[str, str] = {
    r"confidential(?:ity)?|non-?disclosure|ndas?": "Confidentiality & Non-Disclosure",
    r"(?:limitation of |limited )?liabilit(?:y|ies)|indemni(?:fication|ty|ties|fy)": "Liability & Indemnification",
    r"non-?compet(?:e|es|ition)|exclusivity|exclusive dealing": "Non-Compete & Exclusivity",
    # 'renewal type' is the group key; 'auto-renew' without a clause word is the renewal type (renewals.py)
    r"(?:auto-?)?renewals?(?! types?| kinds?)|auto-?renew(?:s|ing|ed)?|automatic(?:ally)? renew(?:s|ing|ed)?|"
    r"terminations?": "Renewal & Termination",
    r"service[- ]levels?(?: agreements?)?|slas?": "Service-Level Agreements",
}

# CUAD categories (sections of the contract's own text classified with them: `text_clause_types`): the
# phrases live with clause search's triggers in core.cuad_topics.
CUAD: dict[str, str] = question_phrases()

# Countries: ISO code -> names (lower case): core.vocab's country names, plus the abbreviations, colloquial
# names, adjectives and demonyms an analyst types. A name that ends a state's name ('jersey' in 'new jersey')
# is left out: the state wins.
_TYPED: dict[str, tuple[str, ...]] = {
    "US": ("usa", "u.s.a", "u.s", "us", "america", "american", "americans"),
    "GB": ("britain", "british", "uk", "u.k", "english", "scottish", "welsh"), "CN": ("chinese", "prc"),
    "CA": ("canadian", "canadians"), "DE": ("german", "germans"), "FR": ("french",), "JP": ("japanese",),
    "IL": ("israeli", "israelis"), "CH": ("swiss",), "NL": ("holland", "dutch"), "IN": ("indian", "indians"),
    "SG": ("singaporean",), "TW": ("taiwanese",), "ES": ("spanish",), "IE": ("irish",), "IT": ("italian",),
    "AU": ("australian",), "KR": ("korean", "south korean"), "KY": ("cayman", "caymanian"), "BM": ("bermudian",),
    "BR": ("brazilian",), "MX": ("mexican",), "ZA": ("south african",), "KZ": ("kazakh",), "SE": ("swedish",),
    "DK": ("danish",), "PL": ("polish",), "NG": ("nigerian",), "MY": ("malaysian",), "CO": ("colombian",),
    "BE": ("belgian",), "AT": ("austrian",), "FI": ("finnish",), "NO": ("norwegian",), "RU": ("russian",),
    "AE": ("uae", "emirati"), "VG": ("bvi",), "PH": ("filipino",), "TH": ("thai",), "VN": ("vietnamese",),
    "ID": ("indonesian",), "AR": ("argentine", "argentinian"), "CL": ("chilean",), "GR": ("greek",),
    "TR": ("turkish",), "SA": ("saudi",),
}
_STATE_NAMES = tuple(name.lower() for name in (*US_STATES.values(), *CA_PROVINCES.values()))
COUNTRIES: dict[str, tuple[str, ...]] = {
    code: (*(n.lower() for n, c in COUNTRY_NAMES.items() if c == code
             and not any(s.endswith(" " + n.lower()) for s in _STATE_NAMES)), *_TYPED.get(code, ()))
    for code in dict.fromkeys([*COUNTRY_NAMES.values(), *_TYPED])}

# Adjectives and demonyms: as a party's country they need a party noun ('Chinese parties'); alone they may
# name a language ('contracts in Chinese').
COUNTRY_ADJECTIVES = frozenset("""american americans british english scottish welsh chinese canadian canadians german
germans french japanese israeli israelis swiss dutch indian indians singaporean taiwanese spanish irish italian
australian korean south korean caymanian bermudian brazilian mexican south african kazakh swedish danish polish
nigerian malaysian colombian belgian austrian finnish norwegian russian emirati filipino thai vietnamese
indonesian argentine argentinian chilean greek turkish saudi""".split()) | {"south korean", "south african"}

STATE_ADJECTIVES: dict[str, str] = {"californian": "CA", "texan": "TX", "floridian": "FL", "québec": "QC"}

# Two-letter codes typed in capitals that are not also a common word or a country code we prefer.
STATE_CODES = frozenset((set(US_STATES) | set(CA_PROVINCES)) - {"IN", "OR", "ME", "OK", "HI", "PA", "MA", "DE",
                                                                  "ID", "CO", "AL", "GA", "MT"})


def alternation(fragments: list[str]) -> str:
    """One regex alternation, longest fragments first so 'new york' wins over 'york'."""
    return "|".join(sorted(fragments, key=len, reverse=True))


def subdivision_names() -> dict[str, str]:
    """Lower-case state/province name -> code ('new york' -> NY, 'british columbia' -> BC)."""
    names = {name.lower(): code for code, name in {**US_STATES, **CA_PROVINCES}.items()}
    names.update(STATE_ADJECTIVES)
    names["quebec"] = "QC"
    names["washington state"] = "WA"
    return names


def country_names() -> dict[str, str]:
    return {name: code for code, names in COUNTRIES.items() for name in names}


def compile_table(table: dict[str, str]) -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile(rf"\b(?:{fragment})\b"), value) for fragment, value in table.items()]


TYPE_PATTERNS = compile_table(CONTRACT_TYPES)
CLAUSE_PATTERNS = compile_table(CLAUSES)
CUAD_PATTERNS = compile_table(CUAD)
SUBDIVISIONS = subdivision_names()
COUNTRY_NAMES = country_names()
COUNTRY_RE = alternation([re.escape(n) for n in COUNTRY_NAMES])
SUBDIVISION_RE = alternation([re.escape(n) for n in SUBDIVISIONS])
