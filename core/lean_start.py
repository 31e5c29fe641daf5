"""Start-up trims for the command-line entry points (`python -m agent|graph|ingest`), called before anything
else is imported there.

The Neo4j driver imports pandas when it is installed (`neo4j._optional_deps`), only to accept pandas values
as query parameters and to offer `Result.to_df()`; that import costs about 0.35 s of CPU on this machine, a
quarter of an offline `python -m agent ask`. No CLI passes pandas values to Neo4j or reads a DataFrame from it
(pandas is used by the dashboard's components only, which run under streamlit, where this is never called),
so a CLI process imports the driver with pandas hidden. pandas itself stays importable afterwards; only the
driver's optional pandas support is off in that process.
"""

from __future__ import annotations

import importlib
import sys


def import_neo4j_without_pandas() -> None:
    """Import the Neo4j driver with pandas hidden, unless either is loaded already (then nothing changes)."""
    if "neo4j" in sys.modules or "pandas" in sys.modules:
        return
    sys.modules["pandas"] = None  # type: ignore[assignment]  # `import pandas` raises ImportError meanwhile
    try:
        importlib.import_module("neo4j")
    finally:
        del sys.modules["pandas"]
