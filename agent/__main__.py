"""Entry point for `python -m agent`."""

import sys

from core.lean_start import import_neo4j_without_pandas

import_neo4j_without_pandas(also_numpy=True)  # before the modules below import the driver

from agent.cli import main  # noqa: E402

sys.exit(main())
