"""What a person reads in an element whose Markdown source went through components.formatting.escape_md:
the backslash escapes and the word joiners that break autolinks removed."""

from __future__ import annotations

import re

from components.formatting import WORD_JOINER

_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def shown(markdown: str) -> str:
    return _ESCAPED.sub(r"\1", markdown).replace(WORD_JOINER, "")
