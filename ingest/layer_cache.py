"""A disk cache of one text file's document-layer rows (`ingest.layer.parse_text_file`), for runs that build the
same layer more than once: `make test` builds the 510 CUAD texts' layer before pytest, and tests build it again
(`load-texts` twice must leave identical counts), which parsed and classified every text a second time (about
110 CPU seconds). Off unless CG_LAYER_CACHE names a directory; tests/with_test_db.sh sets it to one under the
test server's home, so a fresh clone starts with an empty cache.

A cached entry can only stand for what the code would compute now: its key hashes the file id and text, the
source of every module of the ingest, graph and core packages (what parsing, classification, renewal rules and
row shapes are made of), the clause model file the rows were classified with, and the numpy / scikit-learn
versions. Any change to any of them misses. Entries are written by this process's own code into a directory of
the test run (pickle: the rows hold dates and floats as they are); a file that cannot be read is a miss.

Beside the rows, a parse writes the text's `ParsedDocument` (keyed by the code and the text alone, `parse_cached`):
`load-texts` reads the 209 parses `make models` made of the labelled dev contracts, and the tests' corpus fixture
the 510 parses of the setup's `load-texts`, instead of parsing them again.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import pickle
import tempfile
from importlib.metadata import version
from pathlib import Path

from core.settings import REPO_ROOT, env_setting
from graph.documents.rows import Rows
from ingest.document.models import ParsedDocument
from ingest.document.parser import parse_document

log = logging.getLogger(__name__)
CODE_PACKAGES = ("ingest", "graph", "core")


@functools.cache
def code_fingerprint(root: Path = REPO_ROOT) -> str:
    """Hash of the source of every module the rows can depend on, and of the library versions."""
    digest = hashlib.sha256(f"numpy {version('numpy')} scikit-learn {version('scikit-learn')}".encode())
    for package in CODE_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@functools.cache
def _model_fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "no model"


def model_path() -> Path:
    """The clause model file the rows are classified with (imported here, not at the top: scikit-learn and what
    it pulls in stay out of CLIs that never build a layer, such as `load-texts --help`)."""
    from ingest.clause_model.model import MODEL_PATH

    return MODEL_PATH


def cache_dir() -> Path | None:
    """The cache directory (CG_LAYER_CACHE), or None: no caching."""
    value = env_setting("CG_LAYER_CACHE")
    return Path(value) if value else None


def entry_key(file_id: str, text: str, model_path: Path) -> str:
    """The entry's name: every input the rows are computed from (see the module docstring)."""
    digest = hashlib.sha256()
    for part in (code_fingerprint(), _model_fingerprint(model_path), file_id, text):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def _load(directory: Path, key: str) -> object | None:
    try:
        with (directory / f"{key}.pickle").open("rb") as handle:
            return pickle.load(handle)  # written by write() below, into the test run's own directory
    except FileNotFoundError:
        return None
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError) as e:
        log.warning("layer cache entry %s unreadable (%s): parsing again", key, e)
        return None


def read(directory: Path, key: str) -> Rows | None:
    """The cached rows, or None (absent or unreadable)."""
    rows = _load(directory, key)
    return rows if isinstance(rows, dict) else None


def document_key(text: str) -> str:
    """The entry name of a text's parsed document: the parse reads only the text and the code (not the model);
    the document's id is not part of it (`read_document` names the document)."""
    digest = hashlib.sha256()
    for part in ("parsed document", code_fingerprint(), text):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def read_document(directory: Path, key: str, doc_id: str | None) -> ParsedDocument | None:
    """The cached parse of a text under `doc_id` (the only field the id sets), or None."""
    doc = _load(directory, key)
    return doc.model_copy(update={"doc_id": doc_id}) if isinstance(doc, ParsedDocument) else None


def parse_cached(text: str, doc_id: str | None) -> ParsedDocument:
    """`parse_document(text, doc_id)`, read from the cache when CG_LAYER_CACHE holds this text's parse (and
    written there when it does not). `make models` parses the 209 labelled dev contracts this way, so the setup's
    `load-texts` parses only the other texts."""
    cache = cache_dir()
    if cache is None:
        return parse_document(text, doc_id)
    key = document_key(text)
    if (doc := read_document(cache, key, doc_id)) is not None:
        return doc
    doc = parse_document(text, doc_id)
    write(cache, key, doc)
    return doc


def write(directory: Path, key: str, rows: Rows | ParsedDocument) -> None:
    """Store rows or a parsed document atomically (a parallel writer of the same key writes the same bytes)."""
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(rows, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, directory / f"{key}.pickle")
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        log.warning("layer cache entry %s not written (%s)", key, e)
