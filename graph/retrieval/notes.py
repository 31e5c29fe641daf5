"""The sentences clause search adds when it cannot answer with confidence, worded for the scope searched.

"Not addressed": nothing in scope scores above the calibrated threshold, so no sections are shown.
"Unclassified": the question is about a CUAD category, sections were found, but none of them is classified in
that category by the ingest's keyword rules; they share words with the question only. The sections are still
shown (a clause the rules missed stays reachable), with this caveat above them. On the dev split A the caveat or
the refusal comes with 84% of the (contract, category) pairs without a labelled clause and 16% of those with one; on
the held-out split B 86% and 17% (`python -m evals.retrieval`, "hedged"; LAYER_VERSION 11).
"""

from __future__ import annotations


def scope_words(scope: list[str] | None, file_id: str | None) -> str:
    """'this contract', 'any contract', 'the 48 contracts in scope'."""
    if file_id and scope is not None and len(scope) == 1:
        return "this contract"
    if scope is None:
        return "any contract"
    return f"the {len(scope)} contracts in scope" if len(scope) != 1 else "the contract in scope"


def not_addressed_sentence(topic: str, scope: list[str] | None, file_id: str | None) -> str:
    """'No section of this contract addresses "non-compete".'"""
    return f'No section of {scope_words(scope, file_id)} addresses "{topic}".'


def unclassified_sentence(topic: str, scope: list[str] | None, file_id: str | None) -> str:
    """The caveat over sections that only share the question's words."""
    where = scope_words(scope, file_id)
    return (f'None of the sections found is classified as "{topic}"; they share words with the question only, '
            f"so {where} may not address it. Check them before relying on them.")
