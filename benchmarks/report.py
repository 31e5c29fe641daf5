"""Render the generated part of docs/PERFORMANCE.md from `benchmarks/results/*.json`.

Only the text between the BEGIN/END markers is replaced; the hand-written analysis around it stays. The
newest result file per size wins.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from graph.server.config import REPO_ROOT

RESULTS = REPO_ROOT / "benchmarks" / "results"
DOC = REPO_ROOT / "docs" / "PERFORMANCE.md"
BEGIN = "<!-- BEGIN GENERATED: python -m benchmarks.run -->"
END = "<!-- END GENERATED -->"
MB = 1024 * 1024
SIZE_RESULT = re.compile(r"\d{4}-\d{2}-\d{2}-\d+(?:-run\d+)?\.json")  # a same-day rerun: -runN


def latest(results: Path = RESULTS) -> list[dict[str, Any]]:
    """The newest result per size, smallest size first."""
    by_size: dict[int, tuple[str, dict[str, Any]]] = {}
    # Only the per-size runs (YYYY-MM-DD-<size>.json): the folder also holds the parse benchmarks and digest.
    for path in sorted(p for p in results.glob("*.json") if SIZE_RESULT.fullmatch(p.name)):
        info = json.loads(path.read_text())
        stamp = f"{info['date']}-{path.stat().st_mtime:020.6f}"
        if info["size"] not in by_size or stamp > by_size[info["size"]][0]:
            by_size[info["size"]] = (stamp, info)
    return [by_size[size][1] for size in sorted(by_size)]


def _p95s(info: dict[str, Any], aggregation: bool) -> list[float]:
    return [q["ours_ms"]["p95"] for q in info["queries"] if q["aggregation"] == aggregation]


def _page(info: dict[str, Any], name: str) -> str:
    if info.get("pages") == {}:  # a run with --page-runs 0 measured no page
        return "not run"
    page = info.get("pages", {}).get(name)
    if not page or "median_s" not in page:
        return "n/a"
    return f"{page['median_s']:.2f}" + (" (errors)" if page.get("errors") else "")


def _tagged_speedup(info: dict[str, Any], tag: str) -> str:
    values = [q["speedup_p95"] for q in info["queries"] if tag in q["tags"] and q["speedup_p95"] is not None]
    return f"{min(values):.1f}x" if values else "n/a"


def summary_table(infos: list[dict[str, Any]]) -> list[str]:
    lines = ["| contracts | source | import (contracts/s) | store MB | tx logs MB | filter p95 ms (median / worst) "
             "| aggregation p95 ms (median / worst) | min speedup party / country / date | Overview s | Explorer s "
             "| JVM peak RSS MB | Python peak RSS MB |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for info in infos:
        f, a = sorted(_p95s(info, False)), sorted(_p95s(info, True))
        disk = info.get("disk", {})
        speed = " / ".join(_tagged_speedup(info, t) for t in ("party", "country", "date"))
        lines.append(
            f"| {info['size']:,} | {info['source']} | {info['import']['per_second']:,.0f} "
            f"| {disk.get('store_bytes', 0) / MB:,.1f} | {disk.get('tx_log_bytes', 0) / MB:,.0f} "
            f"| {f[len(f) // 2]:.1f} / {f[-1]:.1f} | {a[len(a) // 2]:.1f} / {a[-1]:.1f} | {speed} "
            f"| {_page(info, 'overview')} | {_page(info, 'explorer')} "
            f"| {info['jvm_peak_rss_bytes'] / MB:,.0f} | {info['python_peak_rss_bytes'] / MB:,.0f} |")
    return lines


def query_table(info: dict[str, Any]) -> list[str]:
    reps = info["queries"][0]["ours_ms"].get("n", "?") if info["queries"] else "?"
    lines = [f"#### {info['size']:,} contracts ({info['date']}, {reps} repetitions, {info['machine']['cores']} cores, "
             f"{info['machine']['memory_bytes'] / 1024 ** 3:.0f} GB, load average at start "
             f"{info['machine']['load_avg_start'][0]:.1f}, Neo4j heap {info['server']['heap']}, "
             f"page cache {info['server']['pagecache']})", "",
             "| question | tags | count / groups | ours p50 | ours p95 | ours max | reference p95 | ours/ref p95 "
             "| speedup |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for q in info["queries"]:
        o, r = q["ours_ms"], q["reference_ms"]
        n = q["count"] if q["count"] is not None else q["groups"]
        versus = (f"{r['p95']:.1f} | {q['ours_over_reference_p95']:.2f} | {q['speedup_p95']:.1f}x" if r
                  else "not run | n/a | n/a")  # 1M: ours only (benchmarks.million)
        lines.append(f"| {q['name']} | {', '.join(q['tags'])} | {n} | {o['p50']:.1f} | {o['p95']:.1f} "
                     f"| {o['max']:.1f} | {versus} |")
    return lines


def render(infos: list[dict[str, Any]]) -> str:
    """The generated block: summary across sizes, then one latency table per size (milliseconds)."""
    lines = [BEGIN, "", "### Summary", "", *summary_table(infos), "", "### Latency per question (ms)", ""]
    for info in infos:
        lines += [*query_table(info), ""]
    return "\n".join([*lines, END])


def update_doc(doc: Path = DOC, results: Path = RESULTS) -> Path:
    """Replace the generated block in `doc` (appending it when the markers are missing)."""
    block = render(latest(results))
    text = doc.read_text() if doc.is_file() else "# Performance at scale\n"
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    doc.write_text(text)
    return doc
