"""The evaluation harness with fakes: a scripted agent over a fake tool, a scripted judge, the verdict
parser, the outputs, and the CLI's clear skip when no LLM is configured."""

from __future__ import annotations

import csv
import json
from datetime import date
from typing import Annotated, Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage
from langchain_core.tools import InjectedToolArg, tool

import core.settings as context_module
import graph.server.config as config_module
from agent.context import Context
from agent.graph import build_agent
from core.errors import ContractGraphError
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from evals.agent import DEFAULT_QUESTIONS
from evals.agent.__main__ import SKIPPED, main
from evals.agent.harness import Question, load_questions, run_eval, summarize, write_outputs
from evals.agent.judge import JUDGE_SYSTEM, Verdict, judge, parse_verdict


@tool
def count_things(kind: str, runtime: Annotated[Any, InjectedToolArg]) -> str:
    """Count things of a kind."""
    return json.dumps({"total_count": {"supply": 20, "license": 48}.get(kind, 0)})


AGENT_SCRIPT = [
    {"match": "supply", "steps": [{"tool_calls": [{"name": "count_things", "args": {"kind": "supply"}}]},
                                  "There are {{total_count}} supply contracts."]},
    {"match": "license", "steps": [{"tool_calls": [{"name": "count_things", "args": {"kind": "license"}}]},
                                   "About {{total_count}} or so."]},
    {"match": "broken", "steps": [{"error": "timeout"}]},
]
QUESTIONS = [Question("q1", "count", "How many supply contracts?", "20 supply contracts"),
             Question("q2", "count", "How many license contracts?", "48 license contracts"),
             Question("q3", "dates", "A broken question", "2019-01-01")]


def scripted_agent() -> tuple[Any, Context]:
    model = ScriptedChatModel(turns=parse_script(AGENT_SCRIPT))
    ctx = Context(None, AgentSettings(provider="scripted"), date(2024, 1, 1))  # type: ignore[arg-type]
    return build_agent(model, tools=[count_things]), ctx


def test_run_eval_scores_and_summarises(tmp_path) -> None:
    agent, ctx = scripted_agent()
    judge_model = FakeMessagesListChatModel(responses=[
        AIMessage('{"score": 1, "reason": "count matches"}'),
        AIMessage('Verdict: {"score": 0, "reason": "hedged count"}'),
    ])
    seen: list[str] = []
    results = run_eval(agent, ctx, judge_model, QUESTIONS, progress=lambda r: seen.append(r.id))
    assert seen == ["q1", "q2", "q3"]
    assert [(r.answer, r.score) for r in results] == [("There are 20 supply contracts.", 1),
                                                      ("About 48 or so.", 0), ("", 0)]
    assert results[0].tools == 'count_things({"kind":"supply"}) -> total_count=20'
    assert results[1].reason == "hedged count"
    assert "did not answer" in results[2].error and results[2].reason == "no answer"
    summary = summarize(results, "fake")
    assert summary == {"model": "fake", "questions": 3, "correct": 1, "accuracy": 0.3333, "errors": 1,
                       "by_category": {"count": {"questions": 2, "correct": 1, "accuracy": 0.5},
                                       "dates": {"questions": 1, "correct": 0, "accuracy": 0.0}},
                       "failed": ["q2", "q3"]}
    paths = write_outputs(results, summary, tmp_path / "out")
    rows = list(csv.DictReader(paths["results"].open()))
    assert [r["score"] for r in rows] == ["1", "0", "0"] and rows[0]["reference"] == "20 supply contracts"
    assert json.loads(paths["summary_json"].read_text())["correct"] == 1
    assert "**1 / 3 correct (33%)**" in paths["summary_md"].read_text()


def test_judge_sees_rubric_question_reference_and_answer() -> None:
    class Recorder(FakeMessagesListChatModel):
        def _generate(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
            Recorder.last = messages
            return super()._generate(messages, *args, **kwargs)

    model = Recorder(responses=[AIMessage('{"score": "1", "reason": "ok"}')])
    assert judge(model, "Q?", "REF", "ANS") == Verdict(1, "ok")
    system, human = Recorder.last
    assert system.content == JUDGE_SYSTEM and "a different count scores 0" in system.content
    assert human.content == "QUESTION:\nQ?\n\nREFERENCE ANSWER:\nREF\n\nASSISTANT ANSWER:\nANS"


def test_empty_answer_scores_zero_without_calling_the_judge() -> None:
    assert judge(FakeMessagesListChatModel(responses=[]), "Q", "R", "  ") == Verdict(0, "no answer")


@pytest.mark.parametrize(("text", "score", "reason"), [
    ('{"score": 1, "reason": "right"}', 1, "right"),
    ('```json\n{"score": 0, "reason": "count 19 vs 20"}\n```', 0, "count 19 vs 20"),
    ("Looks right to me", 0, "judge reply had no JSON"),
    ('{"score": 2}', 0, "judge score must be 0 or 1"),
    ('{"score": true}', 0, "judge score must be 0 or 1"),
    ("{score: 1}", 0, "judge reply was not valid JSON"),
])
def test_parse_verdict(text: str, score: int, reason: str) -> None:
    verdict = parse_verdict(text)
    assert verdict.score == score and verdict.reason.startswith(reason)


def test_shipped_questions_load(tmp_path) -> None:
    questions = load_questions(DEFAULT_QUESTIONS)
    assert len(questions) >= 30 and len({q.id for q in questions}) == len(questions)
    assert all(q.reference for q in questions)
    bad = tmp_path / "bad.csv"
    bad.write_text("id,text\n1,x\n")
    with pytest.raises(ContractGraphError, match="needs columns"):
        load_questions(bad)


def test_cli_skips_clearly_without_llm(monkeypatch, tmp_path, capsys) -> None:
    for name in ("LLM_PROVIDER", "LLM_SCRIPT", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(context_module, "read_secrets", lambda: config_module.read_secrets(tmp_path / "none"))
    assert main([str(DEFAULT_QUESTIONS), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.strip() == SKIPPED
    assert not (tmp_path / "out").exists()
