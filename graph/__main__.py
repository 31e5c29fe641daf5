"""Entry point for `python -m graph`."""

import sys

from graph.cli import main

sys.exit(main())
