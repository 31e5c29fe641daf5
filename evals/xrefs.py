"""Cross-reference resolution on the CUAD texts, dev and non-dev contracts apart: `python -m evals.xrefs`.

Parses the texts directly (no database) with the document parser's own outline and reference pass
(`ingest.document.refs.resolve.scan_references`, which `parse_document` uses).

Denominator: every INTERNAL reference the parser finds, numbered or not: "Section 7.4(b)", each item of
"Sections 2.1 through 2.3", "Article IX hereof", "clause (b) above", "Exhibit B", "Schedule 1", "the
preceding paragraph", "this Section", "Section __". EXTERNAL references (a statute, rule or another
instrument: "Section 102 of the Code", "15 U.S.C. Section 1", "Section 4.2 of the Separation Agreement";
defined in ingest/document/refs/external.py) are counted apart and left out. A document's own filing label
("Exhibit 10.7" heading an SEC exhibit) is not a reference. An exhibit that is referenced but not attached
to the text is its own outcome, "not in this filing" (reason "absent"): it stays in the denominator of the
first figure (all internal references, comparable with earlier rounds) and is left out of the second
(references whose target is in the text), which is printed beside it.
"Resolved" means a target section was found; references to the provision they sit in ("this Section",
"Section 5" inside 5.2; match "containing") resolve but are not stored as edges; their count is printed
so the rate without them can be read too.

Dev contracts are the file names in labels_dev.csv (the parser is tuned on them only); non-dev are all
other texts. Unresolved examples are printed for dev only; non-dev prints totals and counts per shape, so
tuning cannot read held-out text. `--sample N` prints N random resolved non-dev references with context, for
the lead's hand-check of precision, not for tuning.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ingest.cuad_labels import index_texts, load_labels, read_text
from ingest.document.parser import document_outline
from ingest.document.refs.resolve import Found, scan_references

CUAD = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cuad"
RESULTS = Path(__file__).resolve().parent / "results" / "xrefs.txt"
NOT_IN_FILING = "not in this filing"  # the outcome of reason "absent" (ingest.document.refs.exhibits)


@dataclass
class Tally:
    """Counts of one split."""

    documents: int = 0
    internal: int = 0
    resolved: int = 0
    external: int = 0
    containing: int = 0
    how: Counter = field(default_factory=Counter)
    unresolved: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str, refs: list[Found]) -> None:
        self.documents += 1
        for ref in refs:
            if ref.external:
                self.external += 1
                continue
            self.internal += 1
            if ref.target is not None:
                self.resolved += 1
                self.containing += ref.how == "containing"
                self.how[ref.how] += 1
                continue
            group = f"{NOT_IN_FILING if ref.how == 'absent' else ref.how} | {shape_of(ref)}"
            self.unresolved[group] += 1
            self.examples.setdefault(group, []).append(f"{name[:60]} | {ref.source} | {ref.text}")

    def lines(self, label: str, examples: int) -> list[str]:
        rate = self.resolved / self.internal if self.internal else 0.0
        bare = self.internal - self.containing
        absent = sum(n for g, n in self.unresolved.items() if g.startswith(NOT_IN_FILING))
        in_text = self.internal - absent
        out = [f"{label}: {self.documents} documents",
               f"  resolved {self.resolved} / {self.internal} internal references = {rate:.3f}",
               f"  resolved {self.resolved} / {in_text} references whose target is in the text = "
               f"{self.resolved / in_text if in_text else 0.0:.3f}",
               f"  without references to their own provision: {self.resolved - self.containing} / {bare} = "
               f"{(self.resolved - self.containing) / bare if bare else 0.0:.3f}",
               f"  {NOT_IN_FILING} (exhibit/schedule not attached; in the first denominator only): {absent}",
               f"  unresolved, target should be in the text: {in_text - self.resolved}",
               f"  external (not counted): {self.external}",
               "  resolved by match: " + ", ".join(f"{k} {v}" for k, v in self.how.most_common()),
               "  unresolved by reason | shape:"]
        for group, count in self.unresolved.most_common(25):
            out.append(f"    {count:5d}  {group}")
            out += [f"             e.g. {e}" for e in self.examples[group][:examples]]
        return out


def shape_of(ref: Found) -> str:
    """The reference's form with its numbers abstracted: "section N.N(a)", "exhibit L", "the preceding paragraph"."""
    if ref.shape in ("relative", "blank"):
        return ref.text.lower()
    words = ref.text.split(None, 1)
    kw = words[0].lower().rstrip("s") if words else ""
    rest = words[1] if len(words) > 1 else ""
    rest = re.sub(r"\d+", "N", rest)
    rest = re.sub(r"\b[IVX]{1,5}\b(?![a-z])", "R", rest)
    rest = re.sub(r"\([a-zA-Z]{1,4}\)", "(a)", rest)
    rest = re.sub(r"(?<![\w(])[A-Z]{1,2}(?![\w])", "L", rest)
    return f"{kw} {rest[:40]}".strip()


def split_paths() -> tuple[list[Path], list[Path]]:
    dev_keys = {c.key for c in load_labels(CUAD / "labels_dev.csv")}
    texts = index_texts(CUAD / "txt")
    dev = [p for k, p in sorted(texts.items()) if k in dev_keys]
    return dev, [p for k, p in sorted(texts.items()) if k not in dev_keys]


def scan(path: Path) -> tuple[str, list[Found]]:
    text, outline = document_outline(read_text(path))
    return text, scan_references(text, outline)


def sample_lines(paths: list[Path], size: int, seed: int) -> list[str]:
    """`size` random resolved references (own-provision ones aside) with 120 characters of context."""
    pool = []
    for path in paths:
        text, refs = scan(path)
        pool += [(path.name, text, r) for r in refs if r.target is not None and r.how != "containing"]
    out = []
    for i, (name, text, ref) in enumerate(random.Random(seed).sample(pool, min(size, len(pool))), 1):
        context = " ".join(text[max(0, ref.position - 90):ref.position + 90].split())
        out.append(f"{i:3d}. {name[:50]} | {ref.source} -> {ref.target} ({ref.how}) | {ref.text}\n"
                   f"     ...{context}...")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.xrefs", description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=2, help="dev examples printed per unresolved group")
    parser.add_argument("--sample", type=int, default=0, help="print N random resolved non-dev references")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--write", action="store_true", help=f"also write the report to {RESULTS}")
    args = parser.parse_args(argv)
    if not (CUAD / "txt").is_dir():
        sys.stderr.write(f"CUAD texts not found at {CUAD / 'txt'}\n")
        return 2
    dev, other = split_paths()
    if args.sample:
        sys.stdout.write("\n".join(sample_lines(other, args.sample, args.seed)) + "\n")
        return 0
    lines = []
    for label, paths in (("dev", dev), ("non-dev", other)):
        tally = Tally()
        for path in paths:
            tally.add(path.name, scan(path)[1])
        # Examples only from dev: the parser is tuned on dev, and non-dev is the held-out check (totals only).
        lines += [*tally.lines(label, args.examples if label == "dev" else 0), ""]
    sys.stdout.write("\n".join(lines) + "\n")
    if args.write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
