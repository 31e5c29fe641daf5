"""The values the generated questions draw: contract types, signing and end years, and parties of the sample
(graph.store.prepare over ../shared/data, the records `graph load` writes to the graph, so no database is
needed). Types, years and parties are those with at least three / three / two contracts."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from evals.generated.vocabulary import TYPES
from graph.store.prepare import Prepared, prepare
from graph.store.sample import read_records, resolve_sample

FORM = re.compile(r"(?:,?\s+(?:inc|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|plc|l\.p|lp|s\.a|gmbh|ag|"
                  r"n\.v|b\.v)\.?)+$", re.IGNORECASE)


@dataclass(frozen=True)
class Values:
    types: list[str]
    years: list[int]
    end_years: list[int]
    parties: list[tuple[str, str]]  # (the entity's name as stored, how the question types it)


def _parties(prepared: Prepared) -> list[tuple[str, str]]:
    counts: Counter[str] = Counter(link["key"] for c in prepared.contracts for link in c.parties)
    every = [(p.name, [p.name.lower(), *(a.lower() for a in p.aliases)]) for p in prepared.parties.values()]
    out = []
    for key, p in sorted(prepared.parties.items()):
        if counts[key] < 2 or len(p.name) < 4:
            continue
        out.append((p.name, p.name))
        short = FORM.sub("", p.name).strip(" ,")
        # the name without its legal form, when it names this entity only (no other name or alias holds it)
        if short != p.name and len(short) >= 4 and \
                all(short.lower() not in " ".join(names) for name, names in every if name != p.name):
            out.append((p.name, short))
    return out


def sample_values() -> Values:
    prepared = prepare(read_records(resolve_sample(allow_download=False)))
    types = Counter(c.props["contract_type"] for c in prepared.contracts)
    years = Counter(c.props["effective_date"].year for c in prepared.contracts if c.props["effective_date"])
    ends = Counter(c.props["end_date"].year for c in prepared.contracts if c.props["end_date"])
    return Values(types=sorted(t for t in TYPES if types[t] >= 3),
                  years=sorted(y for y, n in years.items() if n >= 3),
                  end_years=sorted(y for y, n in ends.items() if n >= 3),
                  parties=_parties(prepared))
