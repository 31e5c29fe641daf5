"""The document-layer rows cache (ingest/layer_cache.py): a hit equals a fresh parse, and any input the rows are
computed from (text, file id, code, clause model) misses; the code hashed covers every module the parse loads."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from graph.server.config import REPO_ROOT
from ingest import layer_cache
from ingest.clause_model.model import MODEL_PATH
from ingest.document import parse_document
from ingest.layer import parse_text_file
from tests.conftest import TEXTS

TEXT = sorted(TEXTS.glob("*.txt"))[7]


def test_a_hit_equals_a_fresh_parse_and_is_read_not_recomputed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("CG_LAYER_CACHE", raising=False)
    fresh = parse_text_file((TEXT.stem, str(TEXT)))
    monkeypatch.setenv("CG_LAYER_CACHE", str(tmp_path))
    assert parse_text_file((TEXT.stem, str(TEXT))) == fresh  # a miss: parsed, and written
    text = TEXT.read_text(encoding="utf-8")
    entry = tmp_path / f"{layer_cache.entry_key(TEXT.stem, text, MODEL_PATH)}.pickle"
    assert sorted(tmp_path.glob("*.pickle")) == sorted([entry, tmp_path / f"{layer_cache.document_key(text)}.pickle"])
    assert pickle.loads(entry.read_bytes()) == fresh
    marked = {**fresh, "info": [{"marker": 1}]}
    entry.write_bytes(pickle.dumps(marked))
    assert parse_text_file((TEXT.stem, str(TEXT))) == marked  # a hit: the stored rows, no parse


def test_the_parse_is_stored_beside_the_rows_and_read_under_any_id(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CG_LAYER_CACHE", str(tmp_path))
    text = TEXT.read_text(encoding="utf-8")
    parse_text_file(("contract-7", str(TEXT)))
    key = layer_cache.document_key(text)
    assert layer_cache.read_document(tmp_path, key, TEXT.stem) == parse_document(text, TEXT.stem)
    assert layer_cache.read_document(tmp_path, layer_cache.document_key(text + " "), TEXT.stem) is None
    assert layer_cache.read(tmp_path, key) is None  # a parse is not rows, nor rows a parse
    assert layer_cache.read_document(tmp_path, layer_cache.entry_key("contract-7", text, MODEL_PATH), "x") is None


def test_parse_cached_parses_once_per_text_and_names_the_document(tmp_path: Path, monkeypatch) -> None:
    text = TEXT.read_text(encoding="utf-8")
    monkeypatch.setenv("CG_LAYER_CACHE", str(tmp_path))
    first = layer_cache.parse_cached(text, "dev-contract.pdf")  # as `make models` parses a labelled contract
    assert first == parse_document(text, "dev-contract.pdf")

    def refuse(*_args):
        raise AssertionError("parsed again")

    monkeypatch.setattr(layer_cache, "parse_document", refuse)
    assert layer_cache.parse_cached(text, TEXT.stem) == parse_document(text, TEXT.stem)  # as load-texts reads it
    with pytest.raises(AssertionError, match="parsed again"):
        layer_cache.parse_cached(text + " ", TEXT.stem)


def test_text_file_id_code_and_model_each_change_the_key(tmp_path: Path) -> None:
    text = TEXT.read_text(encoding="utf-8")
    key = layer_cache.entry_key(TEXT.stem, text, MODEL_PATH)
    assert layer_cache.entry_key(TEXT.stem, text + " ", MODEL_PATH) != key
    assert layer_cache.entry_key(TEXT.stem + "x", text, MODEL_PATH) != key
    other_model = tmp_path / "model.joblib"
    other_model.write_bytes(b"another model")
    assert layer_cache.entry_key(TEXT.stem, text, other_model) != key
    code = tmp_path / "repo"
    for package in layer_cache.CODE_PACKAGES:
        (code / package).mkdir(parents=True)
        (code / package / "a.py").write_text("X = 1\n")
    before = layer_cache.code_fingerprint(code)
    (code / "graph" / "a.py").write_text("X = 2\n")
    layer_cache.code_fingerprint.cache_clear()
    assert layer_cache.code_fingerprint(code) != before
    layer_cache.code_fingerprint.cache_clear()


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps(["not", "rows"])])
def test_an_unreadable_entry_is_a_miss(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "k.pickle").write_bytes(content)
    assert layer_cache.read(tmp_path, "k") is None
    assert layer_cache.read(tmp_path, "absent") is None


def test_every_module_the_layer_build_loads_is_in_the_hashed_packages() -> None:
    """A module outside ingest/, graph/ and core/ that shaped the rows would not change the key: fail instead."""
    probe = ("import sys; from ingest.layer import parse_text_file; "
             "print('\\n'.join(sorted(m.__file__ for m in list(sys.modules.values()) "
             "if getattr(m, '__file__', None))))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=REPO_ROOT, capture_output=True, text=True, check=True)
    ours = [Path(f).resolve().relative_to(REPO_ROOT) for f in done.stdout.split()
            if Path(f).resolve().is_relative_to(REPO_ROOT) and ".venv" not in Path(f).parts]
    assert ours and {p.parts[0] for p in ours} <= set(layer_cache.CODE_PACKAGES)
