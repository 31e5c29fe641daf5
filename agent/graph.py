"""The agent: a hand-built LangGraph ReAct loop (assistant -> tools -> assistant ... until no tool call).

    agent = build_agent(build_chat_model(settings))          # TOOLS by default
    agent.invoke({"messages": [("user", "How many supply contracts?")]},
                 context=Context.create(driver, settings))

The assistant node prepends the system prompt (today's date, an optional filter in focus), calls the model
with the tools bound and translates client errors into `LLMError`. After `AGENT_MAX_STEPS` tool rounds a
further tool request is replaced by a polite closing message. A malformed tool call is answered with an
error the model can fix once; a second one in a row ends the run with an `LLMError`. Everything the model
writes (text, tool-call arguments) is cleaned (`core.untrusted.clean_text`) before it enters the state, so the
tools, the trace, the CLI and the UI never see a lone surrogate or a control character from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import ToolNode
from langgraph.runtime import Runtime

from agent.context import Context
from agent.events import STEP_LIMIT_MESSAGE
from agent.prompts import system_prompt
from agent.state import InputState, State
from agent.tool_support import handle_tool_error
from agent.tools import TOOLS
from core.errors import LLMError
from core.llm import llm_errors
from core.untrusted import clean_data

MALFORMED = "Error: this tool call could not be parsed ({error}). Send it again with valid JSON arguments."


def _malformed_replies(response: AIMessage) -> list[ToolMessage]:
    return [ToolMessage(MALFORMED.format(error=call.get("error") or "invalid arguments"),
                        tool_call_id=call.get("id") or "", name=call.get("name") or "unknown", status="error")
            for call in response.invalid_tool_calls]


def clean_reply(response: AIMessage) -> AIMessage:
    """The model's message with its text, tool calls and metadata cleaned (the same message when clean)."""
    update = {"content": clean_data(response.content), "tool_calls": clean_data(response.tool_calls),
              "invalid_tool_calls": clean_data(response.invalid_tool_calls),
              "response_metadata": clean_data(response.response_metadata)}
    if all(update[k] == getattr(response, k) for k in update):
        return response
    return response.model_copy(update=update)


def _previous_was_malformed(state: State) -> bool:
    earlier = [m for m in state.messages if isinstance(m, AIMessage)]
    return bool(earlier and earlier[-1].invalid_tool_calls)


def make_assistant(model: BaseChatModel, tools: Sequence[BaseTool]) -> Any:
    """The assistant node: system prompt + conversation -> the model's next message."""
    bound = model.bind_tools(list(tools))

    def assistant(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
        ctx = runtime.context
        messages = [SystemMessage(system_prompt(ctx.today, ctx.focus)), *state.messages]
        with llm_errors(ctx.settings):
            response = bound.invoke(messages)
        if not isinstance(response, AIMessage):
            raise LLMError(f"The language model returned {type(response).__name__}, not a message.")
        response = clean_reply(response)
        wants_tools = bool(response.tool_calls or response.invalid_tool_calls)
        if wants_tools and state.tool_rounds >= ctx.settings.max_steps:
            return {"messages": [AIMessage(STEP_LIMIT_MESSAGE.format(steps=state.tool_rounds))]}
        if response.invalid_tool_calls:
            if _previous_was_malformed(state):
                error = response.invalid_tool_calls[0].get("error") or "invalid arguments"
                raise LLMError(f"The language model sent malformed tool calls twice in a row ({error}). "
                               "Try rephrasing the question, or use a model with reliable tool calling.")
            return {"messages": [response, *_malformed_replies(response)], "tool_rounds": state.tool_rounds + 1}
        return {"messages": [response], "tool_rounds": state.tool_rounds + wants_tools}

    return assistant


def route(state: State) -> str:
    """Tools when the latest AI message asks for them; back to the assistant after malformed calls; else end."""
    last = state.messages[-1]
    if isinstance(last, AIMessage):
        return "tools" if last.tool_calls else END
    latest_ai = next(m for m in reversed(state.messages) if isinstance(m, AIMessage))
    return "tools" if latest_ai.tool_calls else "assistant"


def build_agent(model: BaseChatModel, tools: Sequence[BaseTool] | None = None) -> CompiledStateGraph:
    """Compile the agent for `model` with `tools` (default: `agent.tools.TOOLS` as it is now)."""
    tools = list(TOOLS if tools is None else tools)
    builder = StateGraph(State, input_schema=InputState, context_schema=Context)
    builder.add_node("assistant", make_assistant(model, tools))
    builder.add_node("tools", ToolNode(tools, handle_tool_errors=handle_tool_error))
    builder.add_edge(START, "assistant")
    builder.add_conditional_edges("assistant", route, ["tools", "assistant", END])
    builder.add_edge("tools", "assistant")
    return builder.compile(name="contract-graph-agent")
