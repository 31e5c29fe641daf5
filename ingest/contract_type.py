"""A contract type read off the document's title ("EXCLUSIVE DISTRIBUTOR AGREEMENT" -> Distributor).

The offline rules engine has no type field of its own; the title is the one reliable hint. Nothing is
guessed when no type word occurs: "Other" must be the reviewer's explicit choice, never a default.
"""

from __future__ import annotations

import re

from core.vocab import CONTRACT_TYPES

# Checked in order: the more specific phrase first ("co-branding" before "branding", "joint venture"
# before "venture", "non-compete" before anything else a non-compete mentions).
_TITLE_WORDS: tuple[tuple[str, str], ...] = (
    (r"joint[\s-]+venture", "Joint Venture"),
    (r"strategic\s+alliance", "Strategic Alliance"),
    (r"co[\s-]*branding", "Co-Branding"),
    (r"non[\s-]*compet\w*|non[\s-]*solicit\w*", "Non-Compete"),
    (r"franchis\w*", "Franchise"),
    (r"reseller|resale|value[\s-]+added", "Reseller"),
    (r"distribut\w*", "Distributor"),
    (r"licen[cs]\w*", "License"),
    (r"intellectual\s+property|patent|trademark", "IP"),
    (r"supply|purchase", "Supply"),
    (r"manufactur\w*", "Manufacturing"),
    (r"maintenance|repair", "Maintenance"),
    (r"hosting", "Hosting"),
    (r"outsourc\w*", "Outsourcing"),
    (r"consult\w*", "Consulting"),
    (r"development|research", "Development"),
    (r"endorsement", "Endorsement"),
    (r"sponsor\w*", "Sponsorship"),
    (r"promotion\w*", "Promotion"),
    (r"marketing", "Marketing"),
    (r"agency|agent", "Agency"),
    (r"affiliate", "Affiliate"),
    (r"collaborat\w*", "Collaboration"),
    (r"transportation|transport|shipping|carriage", "Transportation"),
    (r"services?", "Service"),
)
_COMPILED = tuple((re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE), name) for pattern, name in _TITLE_WORDS)
assert all(name in CONTRACT_TYPES for _, name in _TITLE_WORDS)


def type_from_title(title: str | None) -> str | None:
    """The first contract type whose word occurs in `title`, or None."""
    for pattern, name in _COMPILED:
        if title and pattern.search(title):
            return name
    return None
