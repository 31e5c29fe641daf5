"""The fixed question mix: filters and aggregations that together use every `ContractFilter` field.

Tags mark what a question filters on (`party`, `country`, `date`), which is what the 5x target at 100k is
about. Party fragments come from the loaded data (its busiest party and a common word), so each size asks
about names that exist in it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from graph.query.filters import ContractFilter, parse_filter
from graph.store.prepare import Prepared

AS_OF = "2021-06-30"
COMMON_FRAGMENT = "pharma"


@dataclass(frozen=True)
class Question:
    """One benchmark question: a filter (or aggregation) and what it exercises."""

    name: str
    spec: dict[str, Any]
    tags: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def filter(self) -> ContractFilter:
        return parse_filter(self.spec)

    @property
    def is_aggregation(self) -> bool:
        return "group_by" in self.spec


def busiest_party_fragment(prepared: Prepared) -> str:
    """First word of the name of the party on the most contracts: a selective party filter."""
    counts: Counter[str] = Counter(key for c in prepared.contracts for key in {p["key"] for p in c.parties})
    key, _ = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    return prepared.parties[key].name.split()[0].lower()


def _filters(top: str) -> list[Question]:
    ex = {"limit": 5}
    return [
        Question("all_contracts", {**ex}),
        Question("effective_2010_2012", {**ex, "min_effective_date": "2010-01-01",
                                         "max_effective_date": "2012-12-31"}, ("date",)),
        Question("ending_after_2025", {**ex, "min_end_date": "2025-01-01", "sort_order": "asc"}, ("date",)),
        Question("ending_2015_h1_2016", {**ex, "min_end_date": "2015-01-01", "max_end_date": "2016-06-30",
                                         "sort_by": "end_date", "sort_order": "asc"}, ("date",)),
        Question("types_service_supply", {**ex, "contract_types": ["Service", "Supply"],
                                          "sort_by": "total_amount"}),
        Question("party_busiest", {**ex, "parties": [top]}, ("party",)),
        Question("party_common_word", {**ex, "parties": [COMMON_FRAGMENT]}, ("party",)),
        Question("party_two_fragments", {**ex, "parties": [COMMON_FRAGMENT, "inc"]}, ("party",)),
        Question("organisation_common_word", {**ex, "organisations": [COMMON_FRAGMENT]}, ("party",)),
        Question("party_country_cn", {**ex, "party_country": "CN"}, ("country",)),
        Question("law_country_gb", {**ex, "governing_law_country": "GB"}, ("country",)),
        Question("law_us_delaware", {**ex, "governing_law_country": "US", "governing_law_state": "Delaware"},
                 ("country",)),
        Question("active_as_of", {**ex, "active": True, "as_of": AS_OF, "sort_by": "end_date"}, ("date",)),
        Question("expired_licenses", {**ex, "active": False, "as_of": AS_OF, "contract_types": ["License"]},
                 ("date",)),
        Question("in_notice_window_or_passed", {**ex, "status": ["in_notice_window", "notice_passed"],
                                                "as_of": AS_OF}, ("date",)),
        Question("end_dates_disagree", {**ex, "end_date_disagrees": True}),
        Question("open_ended_services", {**ex, "has_end_date": False, "contract_types": ["Service"]}),
        Question("amount_100k_5m", {**ex, "min_amount": 100_000, "max_amount": 5_000_000,
                                    "sort_by": "total_amount"}),
        Question("amount_over_1m", {**ex, "monetary_value": {"value": 1_000_000, "operator": ">"}}),
        # Amounts compare within one currency (docs/CURRENCIES.md): the sample's yuan amounts, largest first.
        Question("amount_cny_over_1m", {**ex, "min_amount": 1_000_000, "currency": "CNY", "sort_by": "total_amount"}),
        Question("clause_non_compete", {**ex, "clause_types": ["Non-Compete & Exclusivity"]}),
        Question("clauses_two_us", {**ex, "clause_types": ["Renewal & Termination", "Liability & Indemnification"],
                                    "party_country": "US"}, ("country",)),
        Question("text_software_license", {**ex, "text": "software license"}),
        Question("party_and_date", {**ex, "parties": [COMMON_FRAGMENT], "min_effective_date": "2005-01-01"},
                 ("party", "date")),
        Question("country_and_dates", {**ex, "party_country": "CN", "min_effective_date": "2008-01-01",
                                        "max_effective_date": "2015-12-31"}, ("country", "date")),
        Question("page_by_party_count", {"sort_by": "party_count", "sort_order": "desc", "offset": 100,
                                         "limit": 20}),
        # Renewal facts come from contract texts; benchmark portfolios get the sample's (benchmarks.renewal_synth).
        Question("auto_renews_next_90_days", {**ex, "renewal_types": ["automatic"], "as_of": AS_OF,
                                              "min_next_renewal": AS_OF, "max_next_renewal": "2021-09-28"},
                 ("date",)),
        Question("notice_deadlines_h2", {**ex, "as_of": AS_OF, "min_notice_by": "2021-07-01",
                                         "max_notice_by": "2021-12-31"}, ("date",)),
        Question("license_notice_q3_by_date", {**ex, "as_of": AS_OF, "contract_types": ["License"],
                                               "renewal_types": ["automatic", "evergreen"],
                                               "min_notice_by": "2021-07-01", "max_notice_by": "2021-09-30",
                                               "sort_by": "end_date"}, ("date",)),
    ]


def _aggregations() -> list[Question]:
    agg = {"limit": 0, "agg_limit": 500}
    return [
        Question("agg_type_count", {**agg, "group_by": "contract_type"}),
        Question("agg_year_sum_amount", {**agg, "group_by": "effective_year", "metric": "sum_amount",
                                         "agg_order": "asc"}),
        Question("agg_month_since_2015", {**agg, "group_by": "effective_month", "min_effective_date": "2015-01-01"},
                 ("date",)),
        Question("agg_end_year_duration", {**agg, "group_by": "end_year", "metric": "avg_duration_days"}),
        Question("agg_top_parties", {**agg, "group_by": "party", "agg_limit": 10}, ("party",)),
        Question("agg_party_country_avg", {**agg, "group_by": "party_country", "metric": "avg_amount"},
                 ("country",)),
        Question("agg_law_country_max", {**agg, "group_by": "governing_law_country", "metric": "max_amount"},
                 ("country",)),
        Question("agg_clauses_of_services", {**agg, "group_by": "clause_type", "contract_types": ["Service"]}),
        Question("agg_type_min_amount", {**agg, "group_by": "contract_type", "metric": "min_amount",
                                         "agg_order": "asc"}),
        Question("agg_notice_month", {**agg, "group_by": "notice_month", "as_of": AS_OF}, ("date",)),
        Question("agg_renewal_type", {**agg, "group_by": "renewal_type"}),
        Question("agg_sum_per_currency", {**agg, "group_by": "currency", "metric": "sum_amount"}),
    ]


def questions(prepared: Prepared) -> list[Question]:
    """The whole mix for one loaded portfolio."""
    return questions_for(busiest_party_fragment(prepared))


def questions_for(busiest_fragment: str) -> list[Question]:
    """The whole mix, given the portfolio's busiest_party_fragment (computed once, e.g. by another process)."""
    return _filters(busiest_fragment) + _aggregations()


def fields_covered(qs: list[Question]) -> set[str]:
    """ContractFilter fields the mix sets (a unit test checks it is all of them)."""
    return {name for q in qs for name in q.spec}
