"""Contract-level questions: what one contract (or a set) says, or a detail of one contract.

    'What does the Honeywell agreement say about termination?'   -> clause_search, topic 'termination'
    'Which license agreements mention audit rights?'             -> clause_search, topic 'audit rights'
    'What is the governing law of the Microsoft hosting agreement?' -> contract_details

Only the subject ('the Honeywell agreement') is parsed as a filter; the rest of the question is the topic
or the detail asked for, so 'termination' there is not read as a clause-type filter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.question.clause_contract import detect_clause_question
from agent.question.scan import Scan

CLAUSE_Q = re.compile(
    r"^(?:what|how) (?:does|do|did|would) (?P<subject>.+?) (?:say|says|state|provide|specify|contain|stipulate)"
    r"(?: anything)? (?:about|on|regarding|concerning|for|with respect to|in respect of) (?P<topic>.+)$")
MENTION_Q = re.compile(
    r"^(?:which|what) (?P<subject>.+?) (?:mention|mentions|discuss|discusses|talk about|talks about|refer to|"
    r"refers to|say something about|address|addresses|"
    r"(?:(?<=agreements )|(?<=contracts )|(?<=agreement )|(?<=contract ))deals? with)"
    # 'deal(s) with' is a verb after a contract noun only: 'our deals with NETGEAR' names a party
    r" (?P<topic>.+)$")
ATTRIBUTES = (r"governing law|law|jurisdiction|parties|party|term|duration|length|value|amount|price|worth|"
              r"end date|expiry date|expiration date|effective date|start date|signing date|date|summary|type")
TOPIC_OF_Q = re.compile(
    r"^(?:what|which) (?:are|is|were|was) the (?P<topic>(?!(?:" + ATTRIBUTES + r")\b).+?) (?:in|of|under) "
    r"(?P<subject>(?:the )?.+? (?:agreement|contract|deal))$")
CLAUSE_OF_Q = re.compile(
    r"^(?:show(?: me)?|find|give me|what is|what's|what are|quote|read)(?: me)? the (?P<topic>.+? (?:clauses?|"
    r"provisions?|sections?|language|terms?)) (?:of|in|from) (?P<subject>(?:the )?.+? (?:agreement|contract|deal))$")
HOW_CAN_Q = re.compile(
    r"^(?:how|when|under what conditions) (?:can|could|may|does|do|will) (?P<subject>(?:the )?.+? "
    r"(?:agreement|contract|deal)) (?:be )?(?P<topic>terminated|renewed|assigned|extended|amended|cancell?ed)$")
CLAUSES_ABOUT_Q = re.compile(
    r"^(?:find|show|list|search|search for|give me)(?: me)?(?: all)?(?: the)? (?:clauses|provisions|sections|language)"
    r" (?:about|on|regarding|for|mentioning|covering) (?P<topic>.+)$")
DETAILS_Q = re.compile(
    r"^(?:what is|what's|what are|what was|who is|who are|who were|when does|when did|when is|when was|"
    r"how long is|how long does|how much is|summari[sz]e|describe|tell me about|give me (?:the )?details (?:of|on|"
    r"about)|details (?:of|on|about)|show me)\b.*?\bthe (?P<subject>(?:(?!\bthe\b)[^?])+?) (?:agreement|contract|"
    r"deal)\b(?!s)(?P<rest>.*)$")


@dataclass
class ContractQuestion:
    tool: str  # clause_search | contract_details
    subject: tuple[int, int]  # token range parsed as the filter
    topic: str


def detect(scan: Scan) -> ContractQuestion | None:
    """The contract-level form of the question, if it has one; consumes everything but the subject."""
    if (asked := detect_clause_question(scan)) is not None:  # 'does the X agreement have a non-compete?'
        return ContractQuestion("clause_search", asked[:2], asked[2])
    text = scan.text.rstrip(" ?.!")
    for pattern, tool in ((CLAUSE_Q, "clause_search"), (MENTION_Q, "clause_search"), (TOPIC_OF_Q, "clause_search"),
                          (CLAUSE_OF_Q, "clause_search"), (HOW_CAN_Q, "clause_search"),
                          (CLAUSES_ABOUT_Q, "clause_search"), (DETAILS_Q, "contract_details")):
        m = pattern.match(text)
        if m is None:
            continue
        if "subject" in m.groupdict():
            start, end = scan.token_at(m.start("subject")), scan.token_at(m.end("subject") - 1) + 1
        else:
            start = end = 0  # every contract
        topic = m.group("topic") if "topic" in m.groupdict() else text
        for i in range(len(scan.words)):
            if not start <= i < end:
                scan.used[i] = True
        label = f"what the contracts say about '{topic}'" if tool == "clause_search" else "details of one contract"
        scan.understood.append((topic if tool == "clause_search" else scan.phrase(0, len(scan.words)), label))
        return ContractQuestion(tool, (start, end), topic)
    return None
