"""What counts as renewal wording: the words that say the contract's own term renews or is extended.

"Renew" speaks of renewal on its own; "extend" only when what is extended is the term or the agreement
("shall automatically extend for two years", "options to extend the Term", "an Extension Period"), since the
word has other senses a contract uses often ("no liability shall extend to any third party", "extends no
warranty", "a suspension which extends beyond 180 days"). Continuations count too: "year to year",
"thereafter for", "additional / successive terms".
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_QUALIFIER = r"(?:initial|original|then[\s-]current|current|present|renewal|license|\"?term\"?)"
# "under this Agreement", "of the Term": the noun is not the subject of what follows
_NOT_AFTER_PREPOSITION = "".join(rf"(?<!\b{p}\s{d})" for p in ("under", "of", "in", "to", "by", "for", "with")
                                 for d in ("", "this\\s", "the\\s", "such\\s"))
_EXTEND_BOUND = (
    # the term is the subject: "This Agreement shall automatically extend", "the Term may, at Licensee's option,
    # be extended"; not "any cure period under this Agreement shall be extended"
    _NOT_AFTER_PREPOSITION + r"\b(?:agreement|term|contract)\"?"
    r"(?:\s+(?:shall|will|may|can|is|are|be|been|automatically|thereafter|then|further|only|not|each|hereof|"
    r"\(?[ivx]{1,3}\)|of\s+this\s+agreement))*(?:\s*,[^,.;]{1,50},)?\s+(?:be\s+)?extend(?:s|ed)?\b"
    # the term is the object: "to extend the Term", "extends this Agreement"
    rf"|\bextend(?:s|ed|ing)?\s+(?:the\s+|this\s+|such\s+|its\s+|said\s+)?(?:{_QUALIFIER}\s+)?"
    r"(?:term|agreement|contract)\b"
    # nouns: "an extension of the Term", "Extension Period", "the extended term"
    rf"|\bextensions?\s+(?:of\s+(?:the\s+|this\s+|such\s+|its\s+)?(?:{_QUALIFIER}\s+)?(?:term|agreement|contract)|"
    r"terms?|periods?)\b|\bextended\s+terms?\b"
    # "each such extension commencing at the end of the Initial Term": the clause names the term
    rf"|\bextensions?\b[^,;.]{{0,60}}\b(?:the|this|such|its)\s+(?:{_QUALIFIER}\s+)?(?:term|agreement|contract)\b")
RENEWAL = re.compile(r"\b(?:renew\w*|(?:year|month)[\s-]to[\s-](?:year|month)|thereafter\s+for|"
                     # "for further periods", "successive one-year terms"; not "subject further to the terms and
                     # conditions"
                     r"(?:additional|successive|consecutive|further)\s+(?:(?!the\b)(?:\(\d+\)\s*|[\w-]+\s+)){0,3}"
                     r"(?:terms?|periods?)\b(?!\s+and\s+conditions))|"
                     + _EXTEND_BOUND,
                     _I)

# The subject of a sentence that opens with one: "The LC shall have a two (2) month term, and shall be renewed".
_SUBJECT = re.compile(r"^\W*(?:(?:Section\s+)?[\d.]+\s+)?(?:the|this|each|such|any|said|its)\s+"
                      r"(?P<noun>[\w\"'()\- ]{1,40}?)\s+(?:shall|will|may|is|are)\b", _I)
_TERM_NOUN = re.compile(r"\b(?:agreement|contract|term|period|licen[cs]e|franchise|arrangement|amendment|"
                        r"appointment|relationship|engagement|statement\s+of\s+work|sow|order|schedule|exhibit|"
                        r"addendum|program|plan)s?\b", _I)
# the subject itself renews (passive or intransitive), not a party that has a right "to renew"
_ITSELF_RENEWS = re.compile(r"(?<!\bto\s)\b(?:(?:shall|will|may)\s+(?:(?:also|then|thereafter|automatically)\s+)*"
                            r"(?:be\s+(?:automatically\s+)?)?(?:renewed|renew|extended|extend)|renews|is\s+renewed)\b",
                            _I)
# the agreement (or its term) named as a subject or object of its own, anywhere in the sentence
_TERM_NAMED = re.compile(r"\b(?:this|the|such|its)\s+(?:\w+\s+){0,2}(?:agreement|contract|term)\b", _I)


def renews_another_instrument(text: str) -> bool:
    """The sentence's subject is another instrument, not the contract or its term, and the sentence never
    names the agreement or its term: "The LC shall have a two (2) month term, and shall be renewed for five
    (5) consecutive bimonthly periods" renews a letter of credit, not the contract."""
    subject = _SUBJECT.match(text)
    return bool(subject and not _TERM_NOUN.search(subject["noun"]) and not _TERM_NAMED.search(text)
                and _ITSELF_RENEWS.search(text, subject.end("noun")))
