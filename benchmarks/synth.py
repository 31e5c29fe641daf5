"""Deterministic synthetic portfolios in the seed JSON format, shaped like the CUAD sample.

Each contract resamples one sample record's skeleton (raw contract type and file-name hint, dates shifted
together by up to a year, party count and roles, governing law, clause types, whether an amount is given),
so the sample's joint structure survives. Party identities follow Simon's preferential-attachment process
with the sample's new-party rate: a long tail where most parties have one contract and a few have many.
Amounts are log-normal with the sample's log mean and deviation; text is drawn from per-type word bags.

    python -m benchmarks.synth --contracts 10000 --seed 7 --out /tmp/portfolio.json
    python -m benchmarks.synth --contracts 10000 --load --port 7729   # into benchmarks/.work/synth-10000
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from benchmarks.profile import Templates, templates
from graph.store.clean import is_placeholder
from graph.store.sample import read_records, resolve_sample

SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
INDUSTRIES = ["Biotech", "Pharma", "Software", "Systems", "Energy", "Media", "Capital", "Logistics", "Foods",
              "Networks", "Medical", "Motors", "Semiconductor", "Retail", "Wireless", "Financial", "Mining",
              "Entertainment", "Solutions", "Therapeutics", "Labs", "Industries", "Partners", "Technologies"]
SUFFIXES = ["Inc.", "Corp.", "LLC", "Ltd.", "L.P.", "Co.", "Holdings, Inc.", "GmbH", "S.A.", "PLC"]
WORD_SPACE = len(SYLLABLES) ** 3
NAME_SPACE = WORD_SPACE * len(INDUSTRIES) * len(SUFFIXES)
# Coprime to NAME_SPACE (odd, no factor 3, 5 or 7): index -> name is a bijection, so names never collide.
NAME_STRIDE = 2654435761
VARIANT_RATE = 0.1  # share of repeat mentions spelled differently (case, punctuation), as in the sample
JITTER_DAYS = 365


def brand(index: int) -> str:
    """A pronounceable three-syllable word, unique per index below WORD_SPACE."""
    n = len(SYLLABLES)
    word = SYLLABLES[index % n] + SYLLABLES[(index // n) % n] + SYLLABLES[(index // n // n) % n]
    return word.capitalize()


def party_name(index: int) -> str:
    """The canonical (title-case) name of party `index`; distinct indexes give distinct merge keys."""
    p = (index * NAME_STRIDE + 104729) % NAME_SPACE
    word, rest = p % WORD_SPACE, p // WORD_SPACE
    industry, suffix = INDUSTRIES[rest % len(INDUSTRIES)], SUFFIXES[(rest // len(INDUSTRIES)) % len(SUFFIXES)]
    return f"{brand(word)} {industry} {suffix}"


def variant(name: str, rng: random.Random) -> str:
    """Another spelling of the same party: case or punctuation only, so cleaning merges it back."""
    choice = rng.randrange(3)
    if choice == 0:
        return name.upper()
    if choice == 1:
        return name.replace(".", "").replace(",", "")
    return name.title() if name.isupper() else name.lower()


class PartyPool:
    """Simon's process over party mentions: new party with probability `rate`, else a past mention's."""

    def __init__(self, rng: random.Random, tpl: Templates) -> None:
        self.rng, self.tpl = rng, tpl
        self.mentions: list[int] = []
        self.names: list[str] = []
        self.uses: list[int] = []
        self.locations: list[dict[str, Any] | None] = []

    def _new(self) -> int:
        index = len(self.names)
        name = party_name(index)
        self.names.append(name.upper() if self.rng.random() < 0.55 else name)
        self.uses.append(0)
        self.locations.append(self._location())
        return index

    def _location(self) -> dict[str, Any] | None:
        if not self.tpl.locations:
            return None
        loc = dict(self.rng.choice(self.tpl.locations))
        if loc.get("address"):
            loc["address"] = f"{self.rng.randint(1, 9999)} {brand(self.rng.randrange(WORD_SPACE))} Street"
        return loc

    def draw(self, taken: set[int]) -> int:
        """One party for a contract, never one already on it."""
        index = -1
        if self.mentions and self.rng.random() >= self.tpl.new_party_rate:
            index = self.rng.choice(self.mentions)
        if index < 0 or index in taken:
            index = self._new()
        self.mentions.append(index)
        self.uses[index] += 1
        return index

    def mention(self, index: int) -> dict[str, Any]:
        name = self.names[index]
        if self.rng.random() < VARIANT_RATE and self.uses[index] > 1:
            name = variant(name, self.rng)
        return {"name": name, "location": dict(self.locations[index] or {}) or None}


def _shift(value: Any, days: int) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return (date.fromisoformat(value[:10]) + timedelta(days=days)).isoformat()
    except (ValueError, OverflowError):
        return value  # an invalid template date stays invalid, so cleaning sees the same defects


def _text(rng: random.Random, bag: tuple[list[str], list[int]], length: int) -> str:
    words, weights = bag
    return " ".join(rng.choices(words, weights, k=length)).capitalize() + "." if words else ""


def _parties(rng: random.Random, pool: PartyPool, skeleton: dict[str, Any]) -> list[dict[str, Any]]:
    out, taken = [], set()
    for raw in skeleton.get("parties") or []:
        if is_placeholder(raw.get("name")):
            out.append({"name": raw.get("name"), "location": None, "role": raw.get("role")})
            continue
        index = pool.draw(taken)
        taken.add(index)
        out.append({**pool.mention(index), "role": raw.get("role")})
    return out


def _amount(rng: random.Random, tpl: Templates, skeleton: dict[str, Any]) -> float | None:
    if skeleton.get("total_amount") is None:
        return None
    if rng.random() < tpl.zero_amount_share:
        return 0.0
    return round(rng.lognormvariate(tpl.log_amount_mean, tpl.log_amount_std), 2)


def contract(i: int, seed: int, rng: random.Random, tpl: Templates, pool: PartyPool) -> dict[str, Any]:
    """Synthetic contract number `i`, one sample record's skeleton with fresh identities and values."""
    skeleton = rng.choice(tpl.records)
    shift = rng.randint(-JITTER_DAYS, JITTER_DAYS)
    parties = _parties(rng, pool, skeleton)
    bag = tpl.words_by_type.get(skeleton.get("contract_type") or "", ([], []))
    length = max(8, min(200, rng.choice(tpl.summary_lengths)))
    names = " and ".join(p["name"] for p in parties[:2] if p.get("name"))
    clauses = [{"clause_type": c.get("clause_type"), "summary": _text(rng, tpl.clause_words, rng.randint(12, 40))}
               for c in skeleton.get("clauses") or []]
    return {
        "file_id": f"SYN{seed}-{i:07d}-{str(skeleton.get('file_id') or '')[-48:]}",
        "summary": f"Agreement between {names}. {_text(rng, bag, length)}",
        "contract_type": skeleton.get("contract_type"),
        "parties": parties,
        "effective_date": _shift(skeleton.get("effective_date"), shift),
        "end_date": _shift(skeleton.get("end_date"), shift),
        "duration": skeleton.get("duration"),
        "contract_scope": _text(rng, bag, max(5, length // 2)),
        "total_amount": _amount(rng, tpl, skeleton),
        "governing_law": dict(skeleton["governing_law"]) if skeleton.get("governing_law") else None,
        "clauses": clauses,
    }


def iter_records(contracts: int, seed: int, sample: list[dict[str, Any]] | None = None) -> Iterator[dict[str, Any]]:
    """The records of `generate`, one at a time: only the party pool stays in memory (benchmarks.million
    writes 1M of them to a JSON-lines file this way)."""
    tpl = templates(sample if sample is not None else read_records(resolve_sample(allow_download=False)))
    rng = random.Random(seed)
    pool = PartyPool(rng, tpl)
    for i in range(contracts):
        yield contract(i, seed, rng, tpl, pool)


def generate(contracts: int, seed: int, sample: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """`contracts` synthetic records; the same (contracts, seed, sample) always gives the same records."""
    return list(iter_records(contracts, seed, sample))


def load(records: list[dict[str, Any]], port: int) -> None:
    """Load into a fresh benchmark server (benchmarks/.work/synth-<N>) through graph.store.load, then stop it."""
    from benchmarks.bench_db import bench_server, fresh_server, store_sizes, timed_load

    srv = bench_server(f"synth-{len(records)}", port)
    with fresh_server(srv) as driver:
        result = timed_load(driver, records)
    print(f"{result.summary}\n{result.per_second:,.0f} contracts/s; {store_sizes(srv)} in {srv.home}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contracts", type=int, required=True, help="how many contracts to generate")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, help="write the records here (JSON list); default stdout")
    parser.add_argument("--load", action="store_true", help="load them into a fresh benchmark server")
    parser.add_argument("--port", type=int, default=7729, help="that server's port (7720+)")
    args = parser.parse_args(argv)
    records = generate(args.contracts, args.seed)
    if args.load:
        load(records, args.port)
        return 0
    text = json.dumps(records, ensure_ascii=False)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
        print(f"Wrote {len(records)} contracts to {args.out}")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
