"""Judging the words no extractor used: negations, actions, unsupported statistics, bare group words, an
'or' across conditions, numbers or dates that were not read, value words and unknown names make the parser
refuse (it gives no number rather than a wrong one); other words are reported as ignored."""

from __future__ import annotations

import re

import agent.question.words as w  # not `from agent.question import`: its __init__ imports the parser
from agent.question.scan import Scan
from core.vocab import MONTH_NUMBERS as MONTHS

DATE_OR_NUMBER = re.compile(r"^(?:q[1-4]|h[12]|fy\d*|\d+(?:[.,/-]\d+)*(?:s|st|nd|rd|th|k|m)?)$")


def _imperative(scan: Scan, index: int) -> bool:
    """An action verb that opens the request ('Delete ...', 'please draft ...', 'can you send ...')."""
    lead = [word for word in scan.words[:index] if word not in ("please", "can", "could", "would", "you", "kindly")]
    return not lead


def _counts_contracts(scan: Scan, index: int) -> bool:
    """'how many exclusive license agreements': an unknown word before a contract noun or type is a modifier;
    'how many employees does ...' counts something else."""
    following = index + 1
    return following < len(scan.words) and (scan.used[following] or scan.words[following] in w.CONTRACT_WORDS)


def _between_types(scan: Scan, index: int) -> bool:
    """'license or supply agreements': types are OR-ed by the filter; any other 'or' is not expressible."""
    before = next((i for i in range(index - 1, -1, -1) if scan.used[i]), None)
    after = next((i for i in range(index + 1, len(scan.words)) if scan.used[i]), None)
    return before is not None and after is not None and scan.kinds[before] == scan.kinds[after] \
        and scan.kinds[before] in ("type", "renewal")


def judge_leftover(scan: Scan) -> tuple[list[str], str | None]:
    """Ignored words, or a reason to refuse, from the words no extractor used."""
    ignored, refusal = [], None
    for i, word in enumerate(scan.words):
        if scan.used[i]:
            continue
        typed = scan.original[i]
        previous = scan.words[i - 1] if i > 0 else ""
        if word in w.NEGATION:
            return [], "it asks to exclude something ('" + typed + "'), and I only read positive filters exactly"
        if word in w.ACTIONS and _imperative(scan, i):
            return [], f"I only read the contract graph; I can't '{typed}' anything"
        if word in w.UNSUPPORTED:
            return [], f"'{typed}' is not something the filter or its aggregations compute"
        if word in w.GROUP_WORDS:
            rest = " ".join(scan.original[i + 1:i + 4])
            return [], f"I can't group by '{rest}' (I group by type, year, month, end year, party, country, " \
                       "governing-law country or clause type)"
        if word == "or":
            if _between_types(scan, i):
                continue
            return [], "it combines conditions with 'or', and a filter holds one value per field (only contract " \
                       "types and renewal types can be combined with 'or')"
        if previous == "many" and (word in w.NOT_CONTRACTS
                                   or (word not in w.FILLER and not _counts_contracts(scan, i))):
            return [], f"I count contracts, not '{typed}'"
        following = scan.words[i + 1] if i + 1 < len(scan.words) else ""
        some_party = following in ("party", "of") and previous not in ("only", "exactly", "just", "than")
        if word == "one" and not some_party and previous not in ("which", "the", "any", "each", "this", "that",
                                                                 "every", "no"):
            return [], "I could not read 'one' as a count of something the filter holds"
        if DATE_OR_NUMBER.match(word) or word in MONTHS:
            return [], f"I could not read '{typed}' as a date, an amount or a count"
        if word in w.SIGNIFICANT or word.startswith("$"):
            return [], f"I could not read the value or statistic asked for (at '{typed}')"
        if word in w.FILLER:
            continue
        if (i > 0 and typed[:1].isupper() and not word.isdigit()) or previous in w.PARTY_CUES:
            refusal = refusal or f"no party in the graph is called '{typed}'"
        ignored.append(typed)
    return ignored, refusal
