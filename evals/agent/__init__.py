"""Evaluation of the assistant: questions with reference answers computed from the graph
(`evals/agent/questions.csv`, kept fresh by `evals.agent.references`), run through the agent with the
configured LLM and scored 0/1 by an LLM judge. Run it with `python -m evals.agent QUESTIONS.csv [--out DIR]`.
"""

from pathlib import Path

DEFAULT_QUESTIONS = Path(__file__).with_name("questions.csv")
