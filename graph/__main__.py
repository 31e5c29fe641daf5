"""Entry point for `python -m graph`."""

import sys

from core.lean_start import import_neo4j_without_pandas

import_neo4j_without_pandas()  # before the modules below import the driver

from graph.cli import main  # noqa: E402

sys.exit(main())
