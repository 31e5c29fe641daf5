"""Evaluation of the assistant: questions with reference answers computed from the graph
(`agent/eval/questions.csv`, kept fresh by `agent.eval.references`), run through the agent with the
configured LLM and scored 0/1 by an LLM judge. Run it with `python -m agent.eval QUESTIONS.csv [--out DIR]`.
"""

from pathlib import Path

DEFAULT_QUESTIONS = Path(__file__).with_name("questions.csv")
