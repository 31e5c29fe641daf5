"""Party-name normalisation shared by entity resolution, evidence search, chunk merging and the evaluation:
one spelling rule, so a name the resolver matches is the name the evaluation scores."""

from __future__ import annotations

import re

_SUFFIX = re.compile(
    r"(?:\s+(?:inc|incorporated|llc|l l c|ltd|limited|corp|corporation|co|company|plc|lp|l p|llp|sa|s a|ag|"
    r"gmbh|bv|b v|nv|n v|pty|sarl|s a r l|spa|ab|oy|kk|pte|pvt|private|public|holdings?|group|lcc))+$"
)


def norm_party(name: str) -> str:
    """Lower case, punctuation out, leading "the" and trailing legal suffixes removed."""
    text = " ".join(re.findall(r"[a-z0-9&]+", name.lower().replace("'", "")))
    text = re.sub(r"^the\s+", "", text)
    return _SUFFIX.sub("", text).strip()
