"""Renewal facts for benchmark portfolios, drawn from the CUAD sample's stored facts.

Renewal facts are read from contract texts (graph.documents.renewal_facts), and benchmark portfolios are loaded from
seed JSON without texts, so without this the renewal filters would time an empty result. The profile
(`benchmarks/renewal_profile.json`) holds the 510 sample contracts' stored facts as the rules engine wrote
them (exported from a database with the document layer). At 510 the sample gets its own facts back; a
synthetic contract gets the facts of a sample contract of the same raw contract type (any sample contract
when no sample contract has that type), with its initial term's end placed at the same distance from its
own effective date as in the sample (an absolute end shifted like the generator's dates when either
contract has no effective date).

    python -m benchmarks.renewal_synth --export     # rewrite the profile from the configured database
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from collections import defaultdict
from collections.abc import Iterable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import Driver

from benchmarks.synth import JITTER_DAYS
from graph.documents.renewal_facts import ensure_renewal_schema, stored_facts, write_renewal_rows
from graph.server.db import build_driver, write_tx

PROFILE = Path(__file__).resolve().parent / "renewal_profile.json"
NUMBERS = ("renewal_months", "renewal_days", "notice_months", "notice_days", "notice_span_days",
           "convenience_notice_days", "initial_months", "initial_days")
VERSION = 1
BATCH = 1000
SALT = 15_485_863  # a separate random stream: the generator's own records stay as they were


def _iso(value: Any) -> str | None:
    return value.iso_format() if hasattr(value, "iso_format") else (str(value) if value is not None else None)


def export_profile(driver: Driver, sample: list[dict[str, Any]], path: Path = PROFILE) -> int:
    """Write the stored facts of the sample's contracts (with their raw contract type) to the profile."""
    types = {r["file_id"]: r.get("contract_type") for r in sample}
    rows = [{"file_id": r["file_id"], "contract_type": types[r["file_id"]], "effective_date": _iso(r["effective_date"]),
             "term_end": _iso(r["term_end"]), "renewal_type": r["renewal_type"], **{n: r[n] for n in NUMBERS}}
            for r in stored_facts(driver) if r["file_id"] in types]
    lines = ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows)  # a row per line: readable diffs
    path.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    return len(rows)


def load_profile(path: Path = PROFILE) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))


def _date(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def _row(file_id: str, facts: dict[str, Any], term_end: date | None) -> dict[str, Any]:
    """A graph.documents.renewal_facts SET_FACTS row whose stored `term_end` is exactly `term_end`."""
    return {"file_id": file_id, "renewal_type": facts["renewal_type"], "perpetual": term_end is None,
            "end_date": term_end, "term_start": None, "version": VERSION, **{n: facts[n] for n in NUMBERS}}


def _term_end(facts: dict[str, Any], effective: date | None, rng: random.Random) -> date | None:
    end, sample_effective = _date(facts["term_end"]), _date(facts["effective_date"])
    if end is None:
        return None
    if effective is not None and sample_effective is not None:
        return effective + (end - sample_effective)
    return end + timedelta(days=rng.randint(-JITTER_DAYS, JITTER_DAYS))


def facts_rows(records: list[dict[str, Any]], profile: list[dict[str, Any]], seed: int) -> list[dict[str, Any]]:
    """One facts row per record: the sample's own facts for a sample contract, else drawn as the module
    docstring says. Deterministic for (records, profile, seed)."""
    return list(iter_facts_rows(records, profile, seed))


def iter_facts_rows(records: Iterable[dict[str, Any]], profile: list[dict[str, Any]],
                    seed: int) -> Iterator[dict[str, Any]]:
    """facts_rows one at a time (records read from a file by benchmarks.million)."""
    by_id = {p["file_id"]: p for p in profile}
    by_type: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for p in profile:
        by_type[p["contract_type"]].append(p)
    rng = random.Random(seed * SALT + 1)
    for record in records:
        own = by_id.get(record["file_id"])
        if own is not None:
            yield _row(record["file_id"], own, _date(own["term_end"]))
            continue
        facts = rng.choice(by_type.get(record.get("contract_type")) or profile)
        yield _row(record["file_id"], facts, _term_end(facts, _date(record.get("effective_date")), rng))


def write_facts(driver: Driver, rows: Iterable[dict[str, Any]], database: str | None = None) -> int:
    """The renewal indexes, then the facts in batches (no evidence: benchmark contracts have no Document)."""
    ensure_renewal_schema(driver, database)
    written, rows = 0, iter(rows)
    while part := list(itertools.islice(rows, BATCH)):
        batch = {"renewal_facts": part, "renewal_evidence": []}
        write_tx(driver, lambda tx, b=batch: write_renewal_rows(tx, b), database)
        written += len(part)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export", action="store_true", help="rewrite the profile from the configured database")
    args = parser.parse_args(argv)
    if not args.export:
        parser.error("nothing to do: pass --export")
    from graph.store.sample import read_records, resolve_sample

    with build_driver() as driver:
        count = export_profile(driver, read_records(resolve_sample(allow_download=False)))
    print(f"Wrote the renewal facts of {count} sample contracts to {PROFILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
