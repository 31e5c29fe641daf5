"""Start-up trims for the command-line entry points (`python -m agent|graph|ingest`), called before anything
else is imported there.

The Neo4j driver imports pandas and numpy when they are installed (`neo4j._optional_deps`), only to accept
their values as query parameters and to offer `Result.to_df()`; on this machine pandas costs about 0.35 s of
CPU and numpy about 0.2 s, a large part of an offline `python -m agent ask`. No CLI passes pandas values to
Neo4j or reads a DataFrame from it (pandas is used by the dashboard's components only, which run under
streamlit, where this is never called), so every CLI process imports the driver with pandas hidden. numpy is
hidden too for `python -m agent` only: the assistant sends lists of Python floats (embeddings) and nothing in
its path imports numpy, whereas `graph` / `ingest` build numpy values (graph/store/fingerprint.py) that
could reach a query. The hidden packages stay importable afterwards; only the driver's support for them is off
in that process.
"""

from __future__ import annotations

import importlib
import sys


def import_neo4j_without_pandas(also_numpy: bool = False) -> None:
    """Import the Neo4j driver with pandas (and numpy, if asked) hidden, unless the driver or a hidden package
    is loaded already (then nothing changes)."""
    hidden = ("pandas", "numpy") if also_numpy else ("pandas",)
    if "neo4j" in sys.modules or any(name in sys.modules for name in hidden):
        return
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # `import name` raises ImportError meanwhile
    try:
        importlib.import_module("neo4j")
    finally:
        for name in hidden:
            del sys.modules[name]
