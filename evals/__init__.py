"""Evaluation harnesses, kept out of the production packages: `evals.ingest` (field extraction against the
CUAD dev labels, `python -m evals.ingest`), `evals.clauses` (section clause categories against CUAD's
labels, `python -m evals.ingest --clauses`) and `evals.agent` (the assistant's questions scored by an LLM
judge, `python -m evals.agent`). They may import agent/, ingest/, graph/ and core/; nothing imports them.
"""
