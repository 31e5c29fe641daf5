"""`python -m ingest`: ingest contract PDFs into the graph (see ingest.cli)."""

import sys

from ingest.cli import main

if __name__ == "__main__":
    sys.exit(main())
