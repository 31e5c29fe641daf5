"""The family registry of the generated set and the seeded generator: `generate(seed, per_family)` -> rows in
the format of evals/questions/*.jsonl (id, category = family, q, gold, follow), deduplicated by question."""

from __future__ import annotations

import random
from typing import Any

from evals.generated import ranking, templates
from evals.generated.values import Values

FAMILIES = {
    "types": templates.type_count, "types_or": templates.type_or, "signed_year": templates.signed_year,
    "end_year": templates.end_year, "law": templates.law, "party_country": templates.party_country,
    "parties": templates.party, "amounts": templates.amount, "status_on_date": templates.status_at,
    "status_now": templates.status_now, "negation_end_date": templates.no_end, "renewals_or": templates.renewal,
    "clauses": templates.clause, "group_by": templates.group, "superlative_groups": templates.group_superlative,
    "top_groups": templates.top_groups, "superlative_contracts": ranking.superlative,
    "metric_for_set": ranking.metric_set, "metric_per_group": ranking.metric_group, "combined": ranking.combined,
}


def generate(values: Values, seed: int = 31, per_family: int = 160, follow_ups: int = 160) -> list[dict[str, Any]]:
    r = random.Random(seed)
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for family, draw in FAMILIES.items():
        made = 0
        for _ in range(per_family * 20):
            if made == per_family:
                break
            q, gold = draw(r, values)
            if q.lower() in seen:
                continue
            seen.add(q.lower())
            made += 1
            rows.append({"id": f"{family}-{made}", "category": family, "q": q, "gold": gold})
    for i in range(1, follow_ups + 1):
        q, gold = ranking.follow_base(r, values)
        fq, fgold = ranking.follow_up(r, values, gold)
        rows.append({"id": f"followup-base-{i}", "category": "followup_base", "q": q, "gold": gold})
        rows.append({"id": f"followup-{i}", "category": "followup", "q": fq, "gold": fgold,
                     "follow": f"followup-base-{i}"})
    return rows
