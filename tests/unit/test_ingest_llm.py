"""ingest.llm_extract through langchain's real `with_structured_output` path, with fake chat models:
a tool-calling fake defined here (records every request) and the app's scripted model (via settings)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import openai
import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field, ValidationError

from core.errors import ConfigError, ExtractionError, LLMError, LLMNotConfigured
from core.scripted import openai_error
from ingest.chunking import join_pages, plan_chunks, unrender_chunk
from ingest.llm_extract import ExtractionConfig, extract_llm, is_transient
from ingest.pdf import read_pdf
from ingest.schema import Contract
from tests.ingest_support import CURAEGIS, PDF_DIR, XENCOR, real_pdf, write_script

TEXT = re.compile(r"----- BEGIN TEXT -----\n(.*)\n----- END TEXT -----", re.DOTALL)
VALID = {"summary": "Supply of widgets.", "contract_type": "Supply", "contract_scope": "Widgets",
         "parties": [{"name": "Acme Inc.", "role": "Buyer"}], "effective_date": "2020-01-15"}


class FakeToolModel(BaseChatModel):
    """Answers every request by calling the bound tool with the next reply (args, exception or plain text)."""

    replies: list[Any]
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    tools: list[str] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "fake-tool-model"

    def bind_tools(self, tools: Any, *, tool_choice: Any = None, **kwargs: Any) -> Any:
        return self.bind(tool_name=tools[0].__name__)

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  tool_name: str = "", **kwargs: Any) -> ChatResult:
        index = len(self.calls)
        self.calls.append(list(messages))
        self.tools.append(tool_name)
        reply = self.replies[min(index, len(self.replies) - 1)]
        if callable(reply):
            reply = reply(index, unrender_chunk(TEXT.search(str(messages[1].content)).group(1)))
        if isinstance(reply, BaseException):
            raise reply
        message = AIMessage(content=reply) if isinstance(reply, str) else \
            AIMessage(content="", tool_calls=[{"name": tool_name, "args": reply, "id": f"call_{index}"}])
        return ChatResult(generations=[ChatGeneration(message=message)])


def _config(**kw: Any) -> tuple[ExtractionConfig, list[float]]:
    slept: list[float] = []
    return ExtractionConfig(sleep=slept.append, **kw), slept


def _server_error(status: int) -> openai.APIStatusError:
    request = httpx.Request("POST", "https://fake.invalid/v1/chat/completions")
    response = httpx.Response(status, request=request, json={"error": {"message": "overloaded"}})
    return openai.InternalServerError(f"Error code: {status}", response=response, body=None)


def test_structured_output_returns_a_validated_contract():
    model = FakeToolModel(replies=[VALID])
    contract = extract_llm(["Acme Inc. buys widgets from January 15, 2020."], "acme", model, config=_config()[0])
    assert isinstance(contract, Contract)
    assert contract.parties[0].name == "Acme Inc." and contract.effective_date == "2020-01-15"
    system, human = model.calls[0]
    assert isinstance(system, SystemMessage) and "`Contract` tool" in system.content
    assert isinstance(human, HumanMessage) and "[Page 1]\nAcme Inc. buys widgets" in human.content
    assert model.tools == ["Contract"]


def test_invalid_output_is_repaired_once_with_the_validation_errors():
    model = FakeToolModel(replies=[{**VALID, "effective_date": "2020-02-30"}, VALID])
    contract = extract_llm(["text"], "acme", model, config=_config()[0])
    assert contract.effective_date == "2020-01-15" and len(model.calls) == 2
    feedback = model.calls[1][-1]
    assert isinstance(model.calls[1][-2], AIMessage)
    assert isinstance(feedback, ToolMessage) and feedback.tool_call_id == "call_0"
    assert "effective_date: Value error, day is out of range for month" in feedback.content


def test_output_still_invalid_after_repair_is_an_extraction_error():
    model = FakeToolModel(replies=[{**VALID, "parties": []}])
    with pytest.raises(ExtractionError, match="still invalid after one repair") as caught:
        extract_llm(["text"], "acme", model, config=_config()[0])
    assert "parties: List should have at least 1 item" in str(caught.value)
    assert isinstance(caught.value.__cause__, ValidationError) and len(model.calls) == 2


def test_a_reply_without_tool_call_is_asked_again_then_fails():
    model = FakeToolModel(replies=["I think the parties are Acme and Widget."])
    with pytest.raises(ExtractionError, match="no tool call"):
        extract_llm(["text"], "acme", model, config=_config()[0])
    assert "did not call the `Contract` tool" in model.calls[1][-1].content


@pytest.mark.parametrize("error", [openai_error("timeout"), openai_error("rate_limit"),
                                   openai_error("connection"), _server_error(503)])
def test_transient_errors_are_retried_with_backoff(error):
    model = FakeToolModel(replies=[error, error, VALID])
    config, slept = _config(attempts=3, backoff_s=2.0)
    assert extract_llm(["text"], "acme", model, config=config).summary == "Supply of widgets."
    assert slept == [2.0, 4.0] and len(model.calls) == 3 and is_transient(error)


def test_transient_errors_exhaust_into_an_llm_error():
    model = FakeToolModel(replies=[openai_error("rate_limit")])
    config, slept = _config(attempts=3)
    with pytest.raises(LLMError, match=r"rate-limited.*after 3 attempts") as caught:
        extract_llm(["text"], "acme", model, config=config)
    assert isinstance(caught.value.__cause__, openai.RateLimitError) and len(slept) == 2


def test_non_transient_errors_fail_at_once():
    model = FakeToolModel(replies=[openai_error("auth")])
    config, slept = _config()
    with pytest.raises(LLMError, match="rejected the API key"):
        extract_llm(["text"], "acme", model, config=config)
    assert slept == [] and len(model.calls) == 1 and not is_transient(openai_error("bad_request"))


@pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")
def test_long_contract_is_extracted_per_chunk_and_merged():
    pages = read_pdf(real_pdf(XENCOR)).pages
    text, _ = join_pages(pages)
    seen: list[str] = []

    def reply(index: int, chunk_text: str) -> dict[str, Any]:
        seen.append(chunk_text)
        if index == 0:
            return {"summary": "Collaboration on antibody research.", "contract_type": "Collaboration",
                    "contract_scope": "Research and license.", "effective_date": "2012-02-10",
                    "governing_law": {"country": "US", "state": "NY"},
                    "parties": [{"name": "Xencor, Inc.", "role": "Xencor"},
                                {"name": "Boehringer Ingelheim International GmbH", "role": "BI"}]}
        audits = ["Licensor may audit royalty records.", "Xencor may inspect manufacturing sites.",
                  "Annual audits by an independent accountant."]
        return {"parties": [{"name": "XENCOR INC", "role": "Licensor"}], "effective_date": "2011-01-01",
                "clauses": [{"clause_type": "Audit Rights", "summary": audits[index - 1]}]}

    model = FakeToolModel(replies=[reply])
    config, _ = _config(budget_chars=40_000, overlap_chars=2_000)
    progress: list[tuple[int, int]] = []
    contract = extract_llm(pages, "xencor", model, config=config, progress=lambda d, t: progress.append((d, t)))
    chunks = plan_chunks(pages, 40_000, 2_000)
    assert len(seen) == len(chunks) == 4 and seen == [c.text for c in chunks]
    spans = sorted((text.index(s), text.index(s) + len(s)) for s in seen)
    reach = 0
    for start, end in spans:  # together the requests cover every character of the contract
        assert start <= reach
        reach = max(reach, end)
    assert reach == len(text) and all(len(s) <= 40_000 for s in seen)
    assert model.tools == ["Contract", "ContractDraft", "ContractDraft", "ContractDraft"]
    assert "part 2 of 4 (pages 16-26)" in model.calls[1][0].content
    assert [p.name for p in contract.parties] == ["Xencor, Inc.", "Boehringer Ingelheim International GmbH"]
    assert contract.effective_date == "2012-02-10"  # 2011-01-01 is not written in those parts: no evidence
    assert len(contract.clauses) == 3 and progress == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]


@pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")
def test_scripted_model_from_settings(monkeypatch, tmp_path):
    """The app's settings path: LLM_PROVIDER=scripted + LLM_SCRIPT, built by core.llm.build_chat_model."""
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(write_script(tmp_path / "script.json")))
    contract = extract_llm(read_pdf(real_pdf(CURAEGIS)).pages, "curaegis", None, config=_config()[0])
    assert [p.name for p in contract.parties] == ["Phoenix Performance, LLC", "Torvec Inc."]
    assert (contract.effective_date, contract.end_date, contract.governing_law.state) == \
        ("2010-05-18", "2010-10-31", "NY")


def test_no_model_configured(monkeypatch):
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.delenv("LLM_SCRIPT", raising=False)
    with pytest.raises(LLMNotConfigured, match="LLM_SCRIPT"):
        extract_llm(["text"], "x", None)


def test_config_from_settings(monkeypatch):
    for name in ("INGEST_CONTEXT_CHARS", "INGEST_CONTEXT_TOKENS", "INGEST_CHUNK_OVERLAP", "INGEST_LLM_ATTEMPTS",
                 "INGEST_LLM_BACKOFF"):
        monkeypatch.delenv(name, raising=False)
    assert ExtractionConfig.load() == ExtractionConfig(budget_chars=120_000, overlap_chars=2_000)
    monkeypatch.setenv("INGEST_CONTEXT_TOKENS", "2000")
    monkeypatch.setenv("INGEST_LLM_ATTEMPTS", "5")
    assert ExtractionConfig.load() == ExtractionConfig(budget_chars=8_000, overlap_chars=2_000, attempts=5)
    monkeypatch.setenv("INGEST_CONTEXT_CHARS", "20000")
    monkeypatch.setenv("INGEST_CHUNK_OVERLAP", "500")
    assert ExtractionConfig.load().budget_chars == 20_000 and ExtractionConfig.load().overlap_chars == 500
    monkeypatch.setenv("INGEST_CONTEXT_CHARS", "lots")
    with pytest.raises(ConfigError, match="INGEST_CONTEXT_CHARS must be a whole number"):
        ExtractionConfig.load()
