"""What a person reads in an element whose Markdown source went through components.formatting.escape_md:
the backslash escapes and the word joiners that break autolinks removed."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from components.formatting import WORD_JOINER
from core.settings import REPO_ROOT

_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def shown(markdown: str) -> str:
    return _ESCAPED.sub(r"\1", markdown).replace(WORD_JOINER, "")


def open_contract(file_id: str, **params: str) -> AppTest:
    """The app's Contract page for `file_id` (and any other URL parameters), run once, with no exception."""
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=120)
    at.run()
    at.query_params.update({"file_id": file_id, **params})
    at.switch_page("pages/portfolio/contract.py").run()
    assert not at.exception, at.exception
    return at
