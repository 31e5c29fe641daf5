"""The generated question set (evals.generated): seeded, at least 3,000 questions, every filter family, group
key, metric and sort it promises, and gold filters that are valid ContractFilters (built from the templates)."""

from __future__ import annotations

from collections import Counter

from evals.ask_offline import gold_filter
from evals.generated.families import FAMILIES, generate
from evals.generated.values import sample_values
from graph.query.filters import GroupBy, Metric, SortField


def test_the_set_is_seeded_large_and_valid() -> None:
    values = sample_values()
    rows = generate(values)
    assert rows == generate(values)  # the same seed, the same questions
    assert len(rows) >= 3000
    assert len({r["q"].lower() for r in rows if not r["category"].startswith("followup")}) == \
        sum(1 for r in rows if not r["category"].startswith("followup"))
    filters = [gold_filter(r["gold"]) for r in rows]  # raises on an invalid gold
    groups = Counter(f.group_by for f in filters)
    metrics = Counter(f.metric for f in filters)
    sorts = Counter((f.sort_by, f.sort_order) for f in filters if f.group_by is None)
    assert set(GroupBy.__args__) - set(groups) == {"effective_month", "notice_month", "text_clause_type", "currency"}
    assert set(Metric.__args__) <= set(metrics)
    assert {(s, o) for s in SortField.__args__ for o in ("asc", "desc")} - set(sorts) == {("party_count", "asc"),
                                                                                          ("end_date", "desc")}
    assert set(Counter(r["category"] for r in rows)) == {*FAMILIES, "followup", "followup_base"}
    described = [f.describe() for f in filters]
    for field in ("contract_types", "parties", "party_country", "governing_law_country", "governing_law_state",
                  "active", "as_of", "has_end_date", "min_amount", "max_amount", "monetary_value", "clause_types",
                  "text_clause_types", "renewal_types", "min_end_date", "min_effective_date", "limit", "agg_limit",
                  "agg_order"):
        assert any(field in d for d in described), field
    assert any(len(d.get("renewal_types", [])) == 2 for d in described)  # OR lists
    assert any(len(d.get("contract_types", [])) == 2 for d in described)
    assert any(d.get("has_end_date") is False for d in described)  # negations
