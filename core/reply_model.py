"""A chat model whose reply is computed, not sampled: the base of the scripted model (tests) and the offline
question-parser model (exact mode). Subclasses implement `reply`; generation and token streaming are shared so
both stream exactly like a real model does (text tokens, then the tool calls in the last chunk)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult


class ReplyChatModel(BaseChatModel):
    """A BaseChatModel around `reply(messages) -> AIMessage`."""

    def reply(self, messages: Sequence[BaseMessage]) -> AIMessage:
        raise NotImplementedError

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any) -> Any:
        """Tools are accepted and ignored: the reply already says which tool to call, and the same tools as the
        LLM path run it."""
        return self

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self.reply(messages))])

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        message = self.reply(messages)
        for token in re.split(r"(\s+)", str(message.content)):
            if token:
                chunk = ChatGenerationChunk(message=AIMessageChunk(content=token))
                if run_manager:
                    run_manager.on_llm_new_token(token, chunk=chunk)
                yield chunk
        calls = [{"name": c["name"], "args": json.dumps(c["args"]), "id": c["id"], "index": i,
                  "type": "tool_call_chunk"} for i, c in enumerate(message.tool_calls)]
        calls += [{"name": c["name"], "args": c["args"], "id": c["id"], "index": len(calls) + i,
                   "type": "tool_call_chunk"} for i, c in enumerate(message.invalid_tool_calls)]
        yield ChatGenerationChunk(message=AIMessageChunk(content="", tool_call_chunks=calls, chunk_position="last",
                                                         response_metadata=message.response_metadata))
