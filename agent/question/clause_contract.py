"""Yes/no clause questions about one contract: 'Does the CytoDyn license agreement have a non-compete?', 'Can we
terminate the Bellicum agreement for convenience?', 'Is there a cap on liability in the Glu content license
agreement?' -> clause_search over that contract with the CUAD category as the question; the answer leads with the
category's verdict for the contract (agent.question.answer_clause): a reviewer's decision, else the classifier's
band with the cited section.

Only questions naming a CUAD category (core.cuad_topics.question_category) and a subject 'the ... agreement /
contract / deal' are taken; everything else falls through to the other contract-level forms.
"""

from __future__ import annotations

import re

from agent.question.scan import Scan
from core.cuad_topics import question_category

YES_NO_Q = re.compile(
    r"^(?:does|do|did|can|could|may|will|is|are)\b(?: (?:i|we|you|they|either party|the parties))?"
    r"(?P<pre>(?: [\w'-]+)*?) (?P<subject>the (?:(?!\bthe\b)[^?])+? (?:agreement|contract|deal))\b(?!s)(?P<rest>.*)$")


def detect_clause_question(scan: Scan) -> tuple[int, int, str] | None:
    """The subject's token range and the category of a yes/no clause question (agent.question.contract makes it a
    clause_search); consumes everything but the subject."""
    m = YES_NO_Q.match(scan.text.rstrip(" ?.!"))
    if m is None:
        return None
    category = question_category(f"{m.group('pre')} {m.group('rest')}".strip())
    if category is None:
        return None
    start, end = scan.token_at(m.start("subject")), scan.token_at(m.end("subject") - 1) + 1
    for i in range(len(scan.words)):
        if not start <= i < end:
            scan.used[i] = True
    asked = " ".join(f"{m.group('pre')} {m.group('rest')}".split())
    scan.understood.append((asked,
                            f"does the contract have {category} (its text, by band)"))
    return start, end, category
