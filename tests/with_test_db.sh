#!/usr/bin/env bash
# Runs a command against the project's own Neo4j test server (CG_NEO4J_HOME / CG_NEO4J_PORT, never the
# user's database): starts it, loads the CUAD sample, runs the command, and stops the server even when the
# command fails. KEEP_DB=1 leaves the server running for quicker iterations.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export CG_NEO4J_LOCAL=1
unset NEO4J_URI NEO4J_USERNAME NEO4J_PASSWORD NEO4J_DATABASE
stop_db() { [ "${KEEP_DB:-0}" = 1 ] || "$PY" -m graph server stop; }
"$PY" -m graph server start || exit 1
trap stop_db EXIT
"$PY" -m graph load || exit 1
"$PY" -m ingest load-texts --if-missing || exit 1
"$@"
