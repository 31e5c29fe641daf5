"""Negated clauses: 'contracts without a cap on liability', 'contracts that don't contain an audit rights clause' ->
`without_text_clause_types` (a CUAD category: the contract's text has no section in the category's found band,
or a reviewer rejected it; graph.query.conditions.text_category_test); 'contracts without a non-compete',
'agreements with no confidentiality clause' -> `without_clause_types` (the sample's extracted clause types, which
the same words name when not negated: facets.extract_clauses).

Read before the positive ones (facets.extract_clauses), so the clause is not also taken as present; the CUAD
phrases first, as for the positive ones ('no non-compete in the text' is the CUAD category). Only a negation right
before the phrase counts, with nothing but 'a', 'any', 'have', 'contain' ... between them: 'not expired contracts
with a non-compete' stays a refusal (the negation is elsewhere).
"""

from __future__ import annotations

from agent.question.facets import CLAUSE_WORDS, Facets
from agent.question.lexicon import CLAUSE_PATTERNS, CUAD_PATTERNS
from agent.question.scan import Scan

NEGATIONS = frozenset({"without", "no", "not", "lacking", "lack", "lacks", "missing", "don't", "doesn't", "didn't",
                       "dont", "doesnt", "n't", "never"})
# Words that may stand between the negation and the category ('do not have any', 'no such').
BETWEEN = frozenset({"a", "an", "any", "the", "such", "have", "has", "having", "contain", "contains", "containing",
                     "include", "includes", "including", "provide", "provides", "for", "do", "does", "did"})
LOOK_BACK = 4
KEY = "without_text_clause_types"
EXTRACTED_KEY = "without_clause_types"


def _negation_before(scan: Scan, start: int) -> int | None:
    """The index of a free negation word right before token `start` (only BETWEEN words in between)."""
    for i in range(start - 1, max(-1, start - 1 - LOOK_BACK), -1):
        if scan.used[i]:
            return None
        if scan.words[i] in NEGATIONS:
            return i
        if scan.words[i] not in BETWEEN:
            return None
    return None


def extract_clause_negations(scan: Scan, out: Facets) -> None:
    """Consume 'without <clause>' phrases: CUAD categories into `without_text_clause_types`, then the extracted
    clause types into `without_clause_types`."""
    for patterns, key, label in ((CUAD_PATTERNS, KEY, "no clause in the text (found band or confirmed)"),
                                 (CLAUSE_PATTERNS, EXTRACTED_KEY, "no clause")):
        found: list[str] = []
        for pattern, value in patterns:
            for span in list(scan.spans(pattern)):
                negation = _negation_before(scan, span.start)
                if negation is None:
                    continue
                end = span.end
                while end < len(scan.words) and not scan.used[end] and CLAUSE_WORDS.fullmatch(scan.words[end]):
                    end += 1
                scan.use((negation, end), f"{label}: {value}")
                found.append(value)
        if found:
            out.fields[key] = list(dict.fromkeys([*out.fields.get(key, []), *found]))
