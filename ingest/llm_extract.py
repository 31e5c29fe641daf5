"""The LLM engine: structured extraction of a `Contract` through langchain's `with_structured_output`.

A contract within the context budget is one call. A longer one is never truncated: it is cut into
overlapping chunks (`ingest.chunking`), each chunk is extracted on its own (the first as a `Contract`,
later ones as a `ContractDraft`, since a later part need not name the parties) and the parts are merged
by fixed rules (`ingest.merge`). Per call, transient failures (timeouts, connection errors, rate limits,
5xx) are retried with exponential backoff; output that fails validation is sent back once with the
validation errors for repair. What still fails raises `LLMError` (the model) or `ExtractionError` (its
output), with the cause chained.

Its settings (context budget, retries) are `core.settings.ExtractionConfig`.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import openai
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.runnables import Runnable
from pydantic import BaseModel, ValidationError

from core.errors import ExtractionError, LLMError
from core.llm import build_chat_model, describe_llm_error
from core.settings import ExtractionConfig
from ingest.chunking import Chunk, plan_chunks, render_chunk
from ingest.merge import Part, merge_parts
from ingest.schema import Contract, ContractDraft

log = logging.getLogger(__name__)

SYSTEM_PROMPT = """You extract structured data from a commercial contract for a contract database.
Call the `{tool}` tool exactly once with what the text states. Use only facts written in the text; never
invent a party, date or amount. Dates are YYYY-MM-DD. Party names are full legal names without the
defined alias; the role is the party's role in the contract. Use null for anything not stated."""
PART_PROMPT = """The contract is too long for one request, so you read it in {count} overlapping parts.
This is {label}. Extract only what this part states; leave a field null when this part does not state
it, and list a party only when this part names it with its legal name."""
REPAIR_PROMPT = "Your output failed validation:\n{errors}\nCall `{tool}` again with corrected arguments."
NO_CALL = "You did not call the `{tool}` tool. Call it with the extracted fields."
Progress = Callable[[int, int], None]
S = TypeVar("S", bound=BaseModel)


def is_transient(error: BaseException) -> bool:
    """Timeouts, connection errors, rate limits and server errors: worth another try."""
    if isinstance(error, openai.APIConnectionError | openai.RateLimitError | openai.InternalServerError):
        return True
    if isinstance(error, openai.APIStatusError):
        return error.status_code >= 500
    return isinstance(error, TimeoutError | ConnectionError)


def _describe(error: BaseException) -> str:
    if isinstance(error, openai.OpenAIError):
        return describe_llm_error(error)
    return f"The language model failed: {str(error)[:300]}"


def _structured(model: BaseChatModel, schema: type[BaseModel]) -> Runnable[Any, Any]:
    # OpenAI-compatible servers (Ollama, vLLM) support tool calls more widely than json_schema output.
    if "method" in inspect.signature(model.with_structured_output).parameters:
        return model.with_structured_output(schema, include_raw=True, method="function_calling")
    return model.with_structured_output(schema, include_raw=True)


def _invoke(runnable: Runnable[Any, Any], messages: list[BaseMessage], config: ExtractionConfig,
            where: str) -> dict[str, Any]:
    """One structured call with retries on transient errors; non-transient errors raise LLMError."""
    attempts = max(1, config.attempts)
    for attempt in range(1, attempts + 1):
        try:
            return runnable.invoke(messages)
        except (openai.OpenAIError, TimeoutError, ConnectionError) as e:
            if not is_transient(e) or attempt == attempts:
                tries = f" after {attempt} attempts" if attempt > 1 else ""
                raise LLMError(f"{_describe(e)} ({where}{tries})") from e
            delay = config.backoff_s * 2 ** (attempt - 1)
            log.warning("transient LLM error on %s (attempt %d): %s; retrying in %.1fs", where, attempt, e, delay)
            config.sleep(delay)
    raise AssertionError("unreachable: the loop returns or raises")


def _errors(error: BaseException | None) -> str:
    if isinstance(error, ValidationError):
        return "\n".join(f"- {'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()[:20])
    return f"- {error}" if error else "- no tool call"


def _repair_messages(raw: AIMessage, error: BaseException | None, tool: str) -> list[BaseMessage]:
    """The model's answer and the feedback on it (tool results for its calls, else a user turn)."""
    text = REPAIR_PROMPT.format(errors=_errors(error), tool=tool) if error else NO_CALL.format(tool=tool)
    if raw.tool_calls:
        return [raw, *[ToolMessage(content=text, tool_call_id=call["id"]) for call in raw.tool_calls]]
    return [raw, HumanMessage(content=text)]


def extract_chunk(model: BaseChatModel, chunk: Chunk, schema: type[ContractDraft], file_id: str,
                  config: ExtractionConfig) -> ContractDraft:
    """Extract one chunk, with one repair round for invalid output."""
    system = SYSTEM_PROMPT.format(tool=schema.__name__)
    if chunk.count > 1:
        system += "\n\n" + PART_PROMPT.format(count=chunk.count, label=chunk.label)
    human = f'Contract file "{file_id}", {chunk.label}.\n----- BEGIN TEXT -----\n{render_chunk(chunk)}\n' \
            "----- END TEXT -----"
    messages: list[BaseMessage] = [SystemMessage(content=system), HumanMessage(content=human)]
    where = chunk.label if chunk.count > 1 else "the whole document"
    return structured_call(model, schema, messages, config, where)


def structured_call(model: BaseChatModel, schema: type[S], messages: list[BaseMessage], config: ExtractionConfig,
                    where: str) -> S:
    """One structured extraction (`schema` as the tool), with retries on transient errors and one repair
    round for invalid output; raises LLMError (the model) or ExtractionError (its output)."""
    tool = schema.__name__
    messages = list(messages)
    runnable = _structured(model, schema)
    for repair in (False, True):
        out = _invoke(runnable, messages, config, where)
        parsed, error = out.get("parsed"), out.get("parsing_error")
        if isinstance(parsed, schema) and error is None:
            return parsed
        if repair:
            cause = error if isinstance(error, Exception) else OutputParserException(_errors(error))
            raise ExtractionError(f"The model's output for {where} is still invalid after one repair:\n"
                                  f"{_errors(error)}") from cause
        log.info("invalid structured output for %s; asking the model to repair it", where)
        messages += _repair_messages(out["raw"], error, tool)
    raise AssertionError("unreachable: the loop returns or raises")


def _resolve_model(model: BaseChatModel | str | None) -> BaseChatModel:
    if isinstance(model, BaseChatModel):
        return model
    return build_chat_model(model=model)  # the app's one chat-model builder; raises LLMNotConfigured


def extract_parts(pages: list[str], file_id: str, model: BaseChatModel, config: ExtractionConfig,
                  progress: Progress | None = None) -> list[Part]:
    """Every chunk's extraction with the text it came from, in document order."""
    chunks = plan_chunks(pages, config.budget_chars, config.overlap_chars)
    parts = []
    for chunk in chunks:
        if progress:
            progress(chunk.index, chunk.count)
        schema = Contract if chunk.index == 0 else ContractDraft
        parts.append(Part(extract_chunk(model, chunk, schema, file_id, config), chunk.text))
    if progress:
        progress(len(chunks), len(chunks))
    return parts


def extract_llm(pages: list[str], file_id: str, model: BaseChatModel | str | None = None, *,
                config: ExtractionConfig | None = None, progress: Progress | None = None) -> Contract:
    """Extract a complete `Contract` from a document's pages with a chat model (or a model name)."""
    chat = _resolve_model(model)
    parts = extract_parts(pages, file_id, chat, config or ExtractionConfig.load(), progress)
    merged = merge_parts(parts)
    try:
        return Contract.model_validate(merged.model_dump())
    except ValidationError as e:
        raise ExtractionError(f"The merged extraction of {file_id} is incomplete:\n{_errors(e)}") from e
