"""Free-text topics: 'contracts about software', 'related to clinical trials', 'regarding franchise fees'
become the filter's `text` (full-text search over the contract summary and scope; every word must occur).

Only words after an explicit cue are taken, and only up to the next word that starts another condition
('signed', 'governed', 'with', 'in', ...), so the rest of the question keeps its meaning."""

from __future__ import annotations

import re

from agent.question.scan import Scan

# 'mention' is not a cue here: 'contracts that mention X' is a search of their text (agent.question.mention).
CUE = re.compile(r"\b(?:about|related to|relating to|regarding|concerning|dealing with|covering|on the subject of|"
                 r"on the topic of)$")
NOT_AFTER = re.compile(r"\b(?:how|what|say|says|said|talk|talks|think)$")
STOP = frozenset("""in signed governed with from before after since until worth valued that which and or between for
by under over governing expiring ending effective dated during where who whose the a an is are was were signed
executed entered of to than more less at least most top per each active expired contracts contract agreements
agreement deals deal them those these it""".split())
MAX_WORDS = 4


def extract_text(scan: Scan) -> str | None:
    """The topic words after a cue, consumed with the cue; None without a cue."""
    for i in range(len(scan.words)):
        head = " ".join(scan.words[max(0, i - 3):i + 1])
        cue = CUE.search(head)
        if cue is None or scan.used[i]:
            continue
        start = i - len(cue.group(0).split()) + 1
        if start > 0 and NOT_AFTER.search(scan.words[start - 1]):
            continue
        end = i + 1
        while end < len(scan.words) and end - i <= MAX_WORDS and not scan.used[end] \
                and scan.words[end] not in STOP and re.search(r"[a-z]", scan.words[end]):
            end += 1
        if end == i + 1:
            continue
        words = " ".join(scan.original[i + 1:end])
        scan.use((start, end), f"text mentions: {words}")
        return words
    return None
