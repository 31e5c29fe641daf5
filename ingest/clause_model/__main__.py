"""`python -m ingest.clause_model train [--labels CSV] [--texts DIR] [--seed N] [--out PATH]`: train the clause
classifier on dev split A (`make models` runs it) and write it where the document layer reads it."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from core.errors import ContractGraphError
from ingest.clause_model.dataset import build_dataset
from ingest.clause_model.model import MODEL_PATH, save
from ingest.clause_model.train import SEED, train

CUAD = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ingest.clause_model", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("train",))
    parser.add_argument("--labels", type=Path, default=CUAD / "labels_dev.csv", help="CUAD dev labels CSV")
    parser.add_argument("--texts", type=Path, default=CUAD / "txt", help="directory of CUAD .txt files")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--workers", type=int, default=2, help="processes parsing the texts")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for path, what in ((args.labels, "labels file"), (args.texts, "texts directory")):
        if not path.exists():
            sys.stderr.write(f"error: no {what} at {path}\n")
            return 2
    try:
        model = train(build_dataset(args.labels, args.texts, args.workers), args.seed)
    except (ContractGraphError, OSError, ValueError) as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    save(model, args.out)
    sys.stdout.write(f"Clause classifier trained on split A ({model.meta['sections']:,} sections of "
                     f"{model.meta['contracts']} contracts, {model.meta['seconds']} s), written to {args.out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
