"""Controlled vocabularies: contract types, clause types, countries and sub-national jurisdictions,
the country validator every model shares and Lucene escaping for full-text queries.

The compiler validates filter values against these lists, the importer normalises data into them and the
agent's tool descriptions list them, so all three speak the same words.
"""

from __future__ import annotations

import re

# Contract types after cleaning the sample (glued types split, "License Agreement" -> "License"),
# plus CUAD's own type folders so uploaded contracts have a home.
CONTRACT_TYPES: tuple[str, ...] = (
    "Affiliate", "Agency", "Co-Branding", "Collaboration", "Consulting", "Development", "Distributor",
    "Endorsement", "Franchise", "Hosting", "IP", "Joint Venture", "License", "Maintenance",
    "Manufacturing", "Marketing", "Non-Compete", "Outsourcing", "Promotion", "Reseller", "Service",
    "Sponsorship", "Strategic Alliance", "Supply", "Transportation", "Other",
)

# The clause types the sample's pre-extracted records use.
SAMPLE_CLAUSE_TYPES: tuple[str, ...] = (
    "Confidentiality & Non-Disclosure", "Liability & Indemnification", "Non-Compete & Exclusivity",
    "Renewal & Termination", "Service-Level Agreements",
)

# CUAD v1's 41 categories (CUAD_v1_README.txt, "Category List"), in the dataset's order.
CUAD_CATEGORIES: tuple[str, ...] = (
    "Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date", "Renewal Term",
    "Notice Period To Terminate Renewal", "Governing Law", "Most Favored Nation", "Non-Compete",
    "Exclusivity", "No-Solicit Of Customers", "Competitive Restriction Exception",
    "No-Solicit Of Employees", "Non-Disparagement", "Termination For Convenience", "Rofr/Rofo/Rofn",
    "Change Of Control", "Anti-Assignment", "Revenue/Profit Sharing", "Price Restrictions",
    "Minimum Commitment", "Volume Restriction", "Ip Ownership Assignment", "Joint Ip Ownership",
    "License Grant", "Non-Transferable License", "Affiliate License-Licensor",
    "Affiliate License-Licensee", "Unlimited/All-You-Can-Eat-License", "Irrevocable Or Perpetual License",
    "Source Code Escrow", "Post-Termination Services", "Audit Rights", "Uncapped Liability",
    "Cap On Liability", "Liquidated Damages", "Warranty Duration", "Insurance", "Covenant Not To Sue",
    "Third Party Beneficiary",
)

CLAUSE_TYPES: tuple[str, ...] = SAMPLE_CLAUSE_TYPES + CUAD_CATEGORIES

US_STATES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana",
    "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
    "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri",
    "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
    "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island",
    "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah",
    "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin",
    "WY": "Wyoming", "PR": "Puerto Rico",
}

CA_PROVINCES: dict[str, str] = {
    "AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
    "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories",
    "NU": "Nunavut", "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec",
    "SK": "Saskatchewan", "YT": "Yukon",
}

SUBDIVISIONS: dict[str, dict[str, str]] = {"US": US_STATES, "CA": CA_PROVINCES}
SUBDIVISION_CODES: dict[str, dict[str, str]] = {
    country: {name.lower(): code for code, name in table.items()} for country, table in SUBDIVISIONS.items()}

# ISO 3166-1 alpha-2, officially assigned codes.
ISO_COUNTRIES: frozenset[str] = frozenset(
    """AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
    BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG
    EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR
    HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR
    LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG
    NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE
    SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA
    UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW""".split()
)

# Country names -> ISO code: the names extracted data, contracts and analysts use. The first name of a code is
# the one the UI shows ("KR · Korea"); the question parser adds its colloquial words and demonyms
# (agent/question/lexicon.py), the governing-law reader its formal phrases of US states.
COUNTRY_NAMES: dict[str, str] = {
    "United States": "US", "United States of America": "US", "United Kingdom": "GB", "England": "GB",
    "Wales": "GB", "Scotland": "GB", "England and Wales": "GB", "Northern Ireland": "GB", "Great Britain": "GB",
    "Canada": "CA", "China": "CN", "People's Republic of China": "CN", "Mainland China": "CN",
    "Hong Kong": "HK", "Hong Kong SAR": "HK", "Japan": "JP", "Germany": "DE", "Federal Republic of Germany": "DE",
    "France": "FR", "Israel": "IL", "State of Israel": "IL", "India": "IN", "Switzerland": "CH",
    "Netherlands": "NL", "The Netherlands": "NL", "Singapore": "SG", "Republic of Singapore": "SG",
    "Taiwan": "TW", "Republic of China": "TW", "Spain": "ES", "Ireland": "IE", "Italy": "IT", "Australia": "AU",
    "Korea": "KR", "South Korea": "KR", "Republic of Korea": "KR", "Cayman Islands": "KY", "Bermuda": "BM",
    "Luxembourg": "LU", "Brazil": "BR", "Mexico": "MX", "United Arab Emirates": "AE", "Argentina": "AR",
    "Austria": "AT", "Belgium": "BE", "Chile": "CL", "Colombia": "CO", "Costa Rica": "CR", "Cyprus": "CY",
    "Czechia": "CZ", "Czech Republic": "CZ", "Denmark": "DK", "Finland": "FI", "Greece": "GR", "Hungary": "HU",
    "Indonesia": "ID", "Malaysia": "MY", "Norway": "NO", "New Zealand": "NZ", "Philippines": "PH",
    "Poland": "PL", "Portugal": "PT", "Russia": "RU", "Russian Federation": "RU", "Sweden": "SE",
    "Thailand": "TH", "Turkey": "TR", "British Virgin Islands": "VG", "Vietnam": "VN", "South Africa": "ZA",
    "Kazakhstan": "KZ", "Republic of Kazakhstan": "KZ", "Papua New Guinea": "PG", "Peru": "PE", "Malta": "MT",
    "Isle of Man": "IM", "Jersey": "JE", "Guernsey": "GG", "Bahamas": "BS", "Barbados": "BB", "Panama": "PA",
    "Saudi Arabia": "SA", "Egypt": "EG", "Nigeria": "NG", "Kenya": "KE", "Romania": "RO", "Slovakia": "SK",
    "Slovak Republic": "SK", "Liechtenstein": "LI", "Monaco": "MC", "Iceland": "IS", "Macau": "MO",
    "Macao": "MO",
}
# Abbreviations, as written (dots kept).
COUNTRY_ABBREVIATIONS: dict[str, str] = {
    "UK": "GB", "USA": "US", "U.S.": "US", "U.S.A.": "US", "PRC": "CN", "P.R.C.": "CN", "P.R. China": "CN",
}
# Every spelling normalize_country accepts besides the codes, upper case.
COUNTRY_ALIASES: dict[str, str] = {
    **{name.upper(): code for name, code in COUNTRY_NAMES.items()},
    **{name.upper(): code for name, code in COUNTRY_ABBREVIATIONS.items()},
}
COUNTRY_LABELS: dict[str, str] = {code: name for name, code in reversed(COUNTRY_NAMES.items())}


def normalize_country(value: str | None) -> str | None:
    """Return the ISO alpha-2 code for a code or common name, or None when it is not a country."""
    if not value:
        return None
    key = value.strip().upper()
    key = COUNTRY_ALIASES.get(key, key)
    return key if key in ISO_COUNTRIES else None


def normalize_subdivision(country: str | None, value: str | None) -> str | None:
    """Return a US state / Canadian province as its two-letter code; other regions title-cased."""
    if not value or not value.strip():
        return None
    text = value.strip()
    table = SUBDIVISIONS.get(country or "", {})
    if text.upper() in table:
        return text.upper()
    by_name = SUBDIVISION_CODES.get(country or "", {})
    if text.lower() in by_name:
        return by_name[text.lower()]
    if not table and not any(ch.isalpha() for ch in text):
        return None
    return text if text.isupper() and len(text) <= 3 else text.title()


def canonical(value: str, choices: tuple[str, ...]) -> str | None:
    """Case-insensitive lookup of `value` in `choices`; returns the canonical spelling or None."""
    folded = value.strip().casefold()
    return next((choice for choice in choices if choice.casefold() == folded), None)


def country_code(value: str | None,
                 error: str = "'{short}' is not an ISO 3166 alpha-2 country code") -> str | None:
    """A validator's body: None for a blank value, the ISO alpha-2 code, or ValueError with `error`
    (formatted with `value` and `short`, its first 40 characters) when the value is not a country."""
    if value is None or not value.strip():
        return None
    code = normalize_country(value)
    if code is None:
        raise ValueError(error.format(value=value, short=value[:40]))
    return code


# Month names, in calendar order, as English writes them; the abbreviations are their first three letters
# (and "Sept"). Every date reader builds its patterns from these: the names are spelled here only.
MONTH_NAMES: tuple[str, ...] = ("January", "February", "March", "April", "May", "June", "July", "August",
                                "September", "October", "November", "December")
MONTH_NUMBERS: dict[str, int] = {
    **{name.lower(): i for i, name in enumerate(MONTH_NAMES, 1)},
    **{name[:3].lower(): i for i, name in enumerate(MONTH_NAMES, 1)},
    "sept": 9,
}
# The full names as one regex alternation (title case: compile with re.IGNORECASE to accept any case).
MONTH_NAME_PATTERN = "(?:" + "|".join(MONTH_NAMES) + ")"
# Full names and abbreviations, lower case, longest first ("sept" before "sep").
MONTH_WORD_PATTERN = "(?:" + "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True)) + ")"

# Lucene's query syntax characters; escaped so user text can never form an operator.
LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')


def escape_lucene(word: str) -> str:
    """One word with every Lucene syntax character backslash-escaped."""
    return LUCENE_SPECIAL.sub(r"\\\1", word)
