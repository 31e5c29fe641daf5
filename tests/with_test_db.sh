#!/usr/bin/env bash
# Runs a command against the project's own Neo4j test server (CG_NEO4J_HOME / CG_NEO4J_PORT, never the
# user's database): starts it, loads the CUAD sample, runs the command, and stops the server even when the
# command fails. KEEP_DB=1 leaves the server running for quicker iterations.
#
# CG_TEST_WORKERS=N (N > 1, for `pytest -n N`): worker gwK (K = 1..N-1) gets its own server, a copy of the
# loaded database in "$CG_NEO4J_HOME-gwK" on port CG_NEO4J_PORT+K (tests/conftest.py points the worker there);
# gw0 uses the first server. No worker writes to another's database. The copy is taken from the stopped first
# server, so it holds exactly what `graph load` and `load-texts` wrote, without loading twice.
#
# CG_TEST_MODELS=1 (`make test`): `make models` (the clause classifier, which only `load-texts` reads; a no-op when
# it is current) runs while the server starts and the sample loads, instead of before them.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export CG_NEO4J_LOCAL=1
export CG_NEO4J_HOME="${CG_NEO4J_HOME:-$PWD/.data/neo4j}" CG_NEO4J_PORT="${CG_NEO4J_PORT:-7687}"
unset NEO4J_URI NEO4J_USERNAME NEO4J_PASSWORD NEO4J_DATABASE
# Each text's layer rows, parsed once here by load-texts, are reused by the tests that build the layer again
# (ingest/layer_cache.py: keyed by the text, the code and the clause model).
export CG_LAYER_CACHE="${CG_LAYER_CACHE:-$CG_NEO4J_HOME-layer-cache}"
# The sample PDFs' page texts, read once by whichever test needs them first (tests/pdf_pages.py).
export CG_TEST_PDF_CACHE="${CG_TEST_PDF_CACHE:-$CG_NEO4J_HOME-pdf-cache}"
WORKERS="${CG_TEST_WORKERS:-1}"
[[ "$WORKERS" =~ ^[1-9][0-9]?$ ]] || { echo "CG_TEST_WORKERS must be a number from 1 to 99" >&2; exit 1; }

on_worker() {  # on_worker K COMMAND...: COMMAND with worker K's server in the environment
  local k=$1; shift
  if [ "$k" = 0 ]; then "$@"; else CG_NEO4J_HOME="$CG_NEO4J_HOME-gw$k" CG_NEO4J_PORT=$((CG_NEO4J_PORT + k)) "$@"; fi
}

MODELS_PID=""
stop_db() {
  [ -n "$MODELS_PID" ] && kill "$MODELS_PID" 2>/dev/null
  [ "${KEEP_DB:-0}" = 1 ] && return
  # In parallel: each server's shutdown (a checkpoint) takes seconds, and they do not share anything.
  for ((k = 0; k < WORKERS; k++)); do on_worker "$k" "$PY" -m graph server stop & done
  wait
}

clone_for_workers() {
  "$PY" -m graph server stop >/dev/null || return 1  # a stopped store copies consistently
  local pids=() k home
  for ((k = 1; k < WORKERS; k++)); do
    home="$CG_NEO4J_HOME-gw$k"
    on_worker "$k" "$PY" -m graph server stop >/dev/null || return 1
    rm -rf "$home" && cp -a "$CG_NEO4J_HOME" "$home" || return 1
    rm -rf "$home/neo4j.pid" "$home/logs" "$home/run"
    on_worker "$k" "$PY" -m graph server start & pids+=($!)
  done
  "$PY" -m graph server start & pids+=($!)
  local failed=0
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  return $failed
}

trap stop_db EXIT
if [ "${CG_TEST_MODELS:-0}" = 1 ]; then make -s models & MODELS_PID=$!; fi
# The first server writes the JVM's class archive when it stops (graph/server/class_sharing.py), so the workers'
# servers and the tests' throwaway servers start on about 40% less CPU.
CG_NEO4J_CLASS_ARCHIVE="${CG_NEO4J_CLASS_ARCHIVE:-write}" "$PY" -m graph server start || exit 1
"$PY" -m graph load || exit 1
if [ -n "$MODELS_PID" ]; then
  wait "$MODELS_PID" || { echo "make models failed" >&2; MODELS_PID=""; exit 1; }
  MODELS_PID=""
fi
WARM_PID=""
if [ "$WORKERS" -gt 1 ]; then
  # Collect the tests once while the layer loads, so Python's bytecode cache (PYTHONPYCACHEPREFIX, Makefile) holds
  # every module collection imports: the workers then collect on about 5 CPU s each instead of compiling the
  # same modules (Streamlit, Playwright, the test modules: about 10 CPU s) three times at once.
  "$@" --collect-only -q -n 0 >/dev/null 2>&1 & WARM_PID=$!
fi
"$PY" -m ingest load-texts --if-missing || exit 1
[ -n "$WARM_PID" ] && wait "$WARM_PID"
# Servers started from here on (the workers' restarts, the tests' throwaway servers) only answer the tests for a
# few minutes: C1 alone warms them up on about a third less CPU (CG_NEO4J_JIT, docs/PERFORMANCE.md).
export CG_NEO4J_JIT="${CG_NEO4J_JIT:-quick}"
if [ "$WORKERS" -gt 1 ]; then clone_for_workers || exit 1; fi
"$@"
