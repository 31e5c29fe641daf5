# Contract Graph: `make run` sets everything up and starts the app; `make test` runs every test.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements-installed
NEO4J_LIB := .data/neo4j-dist/lib/.complete
TEST_HOME ?= $(CURDIR)/.data/neo4j-test
TEST_PORT ?= 7688
PYTEST_ARGS ?= tests
# pytest-xdist workers, each with its own copy of the test database (tests/with_test_db.sh); 1 = no xdist.
# 3 on the 2-core machine: pytest 13:17 against 14:26 with 2 (quiet, 2026-12-02); the third covers the waits.
TEST_WORKERS ?= 3
# Each module whole on one worker, slow modules (app, browser) first: tests/xdist_modules.py.
XDIST_ARGS := $(if $(filter-out 1,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder)
APP_PORT ?= 8501
# The clause classifier (ingest/clause_model), trained on the CUAD dev labels' split A; the document layer reads it.
CLAUSE_MODEL := .data/models/clause-classifier.joblib
# Python caches compiled modules under .data/pycache (source folders stay clean). With PYTHONDONTWRITEBYTECODE set,
# as this machine's environment sets it, every process compiled every module it imported from source: `python -m
# ingest --help` took 1.06 CPU s against 0.49 with the cache, a pytest start 4.1 against 1.5 (docs/DEVELOPMENT.md).
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX ?= $(CURDIR)/.data/pycache

.PHONY: run test setup venv neo4j models chromium ocr lint db-start db-stop load bench bench-full clean-db

run: setup
	$(PY) -m graph server start
	$(PY) -m graph load --if-empty
	$(PY) -m ingest.background start   # the document layer builds in a detached process; progress in the sidebar
	$(PY) -m streamlit run app.py --server.address 127.0.0.1 --server.port $(APP_PORT) --server.headless true

# `make models` runs inside tests/with_test_db.sh (CG_TEST_MODELS=1), beside the server's start and the sample load.
test: venv neo4j ocr chromium
	CG_NEO4J_HOME=$(TEST_HOME) CG_NEO4J_PORT=$(TEST_PORT) CG_TEST_WORKERS=$(TEST_WORKERS) CG_TEST_MODELS=1 \
	  bash tests/with_test_db.sh $(PY) -m pytest $(XDIST_ARGS) $(PYTEST_ARGS)

setup: venv neo4j models ocr

venv: $(STAMP)
# The requirements are installed by uv (pinned in requirements.txt; pip installs it first): from its cache it takes
# about 5 s where pip took 57-87 s quiet and 380 s on a loaded machine (docs/DEVELOPMENT.md). The venv is made
# without pip (ensurepip alone took 20-50 s of a fresh clone's setup) and the interpreter's own pip installs uv
# into it. Should either step fail, the venv gets pip and pip does the job as before (--no-compile: Python
# compiles the modules it imports on first use).
UV_VERSION := $(shell sed -n 's/^uv==//p' requirements.txt)
$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv --without-pip $(VENV)
	( $(PYTHON) -m pip --python $(PY) install -q --disable-pip-version-check --root-user-action=ignore uv==$(UV_VERSION) && \
	  $(VENV)/bin/uv pip install -q --python $(PY) -r requirements.txt ) || \
	  { $(PY) -m ensurepip -q && $(PY) -m pip install -q --no-compile -r requirements.txt; }
	touch $(STAMP)

# Seeded and deterministic; a few minutes on 2 cores. Retrained when its code, the section parser that cuts its
# examples (ingest/document/) or the requirements change.
models: $(CLAUSE_MODEL)
$(CLAUSE_MODEL): $(STAMP) ingest/clause_model/dataset.py ingest/clause_model/chunks.py ingest/clause_model/features.py ingest/clause_model/train.py \
		ingest/clause_model/bands.py $(wildcard ingest/document/*.py ingest/document/*/*.py)
	$(PY) -m ingest.clause_model train --out $(CLAUSE_MODEL)

neo4j: $(NEO4J_LIB)
$(NEO4J_LIB): graph/server/neo4j/pom.xml
	@command -v java >/dev/null || { echo "Java 17 is required (apt-get install openjdk-17-jre-headless)"; exit 1; }
	@command -v mvn >/dev/null || { echo "Maven is required (apt-get install maven)"; exit 1; }
	mvn -q -B -f graph/server/neo4j/pom.xml dependency:copy-dependencies -Dneo4j.lib.dir=$(CURDIR)/.data/neo4j-dist/lib
	touch $(NEO4J_LIB)

# Debian's Chromium drives the browser tests (Playwright never downloads a browser of its own here).
chromium:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi; }

# Debian's Tesseract (English) reads scanned PDFs (ingest/ocr.py); poppler-utils' pdftoppm makes the image-only
# PDFs of the OCR evaluation (evals/pdf_upload.py).
OCR_PACKAGES := tesseract-ocr tesseract-ocr-eng poppler-utils
ocr:
	@{ command -v tesseract >/dev/null && test -n "$$(ls /usr/share/tesseract-ocr/*/tessdata/eng.traineddata 2>/dev/null)" \
	  && command -v pdftoppm >/dev/null; } || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(OCR_PACKAGES) >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(OCR_PACKAGES) >/dev/null; fi; }

lint: venv
	$(VENV)/bin/ruff check .

db-start: setup
	$(PY) -m graph server start

db-stop:
	$(PY) -m graph server stop

load: setup
	$(PY) -m graph load

bench: setup
	$(PY) -m benchmarks.parse_texts --check-digest
	$(PY) -m benchmarks.run --sizes 510,10000 --reps 100

bench-full: setup
	$(PY) -m benchmarks.run --sizes 510,10000,100000
