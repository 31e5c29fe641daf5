"""Drawing the conversation: past turns, tool calls (arguments, Cypher, count, Explorer link) and a live turn
whose tokens stream in as the model writes them. Shared by the Chat page and the side panel (`compact`).

Everything drawn is cleaned first (`core.untrusted`): the runner already cleans the model's text and the
tools' results, and this last boundary also covers history kept from earlier runs and the typed question, so
no lone surrogate reaches Streamlit's protobuf messages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import streamlit as st

from agent.runner import Answer, Event, Failure, Token, ToolFinished, ToolStarted, ToolTrace, stream_turn
from components.build_status import layer_note
from components.chat.assistant import Assistant, history, llm_configured, run_context
from components.formatting import escape_md as _escape_md
from components.formatting import escaped_stream
from components.routes import CONTRACT_PAGE, EXPLORER_PAGE
from components.session import CHAT_EXACT
from core.errors import FilterValidationError
from core.untrusted import clean_data, clean_text
from graph.query.filter_text import summary
from graph.query.filter_url import filter_to_query
from graph.query.filters import ContractFilter, parse_filter

TOOL_ICONS = {"contract_search": ":material/search:", "party_search": ":material/groups:",
              "contract_details": ":material/description:", "cypher_aggregation": ":material/functions:"}


def escape_md(value: Any, *, keep_formatting: bool = False) -> str:
    """components.formatting.escape_md of the cleaned text."""
    return _escape_md(clean_text("" if value is None else str(value)), keep_formatting=keep_formatting)


def _json(value: Any) -> str:
    return json.dumps(clean_data(value), indent=1, ensure_ascii=False, default=str)


def _label(trace: ToolTrace) -> str:
    icon = TOOL_ICONS.get(trace.name, ":material/build:")
    # The tool name comes from the model: only a plain identifier goes into a code span.
    name = f"`{trace.name}`" if trace.name.isidentifier() else escape_md(trace.name)
    return f"{icon} {name} · {escape_md(trace.outcome())}"


def explorer_link(trace: ToolTrace) -> None:
    """A link that opens the trace's filter in the Explorer (its query-parameter format)."""
    if trace.filter is None:
        return
    try:
        query = filter_to_query(parse_filter(trace.filter))
    except FilterValidationError:
        return
    st.page_link(EXPLORER_PAGE, label="Open this filter in the Explorer", icon=":material/filter_alt:",
                 query_params=query)


def trace_body(trace: ToolTrace) -> None:
    """Arguments, outcome, Cypher and Explorer link of one tool call."""
    st.caption("Arguments")
    st.code(_json(trace.args), language="json")
    if trace.error:
        st.error(escape_md(trace.outcome()), icon=":material/error:")
        return
    if trace.total_count is not None:
        st.markdown(f"**total_count: {trace.total_count:,}**")
    if "search" in trace.data:
        st.caption(f"Semantic search: {escape_md(trace.data['search'])}")
    rows = (trace.data.get("aggregation") or {}).get("rows") or trace.data.get("rows")
    if rows:
        st.dataframe(clean_data(rows), hide_index=True, width="stretch", height=min(36 * (len(rows) + 1), 300))
    for number, cypher in enumerate(trace.cypher, 1):
        st.code(clean_text(cypher), language="cypher", line_numbers=False)
        if number == 1 and len(trace.cypher) > 1:
            st.caption("then")
    contract_links(trace)
    explorer_link(trace)


def contract_links(trace: ToolTrace) -> None:
    """Links to the Contract page for the contracts a tool listed or detailed."""
    listed = [(c.get("file_id"), c.get("title")) for c in trace.data.get("contracts") or [] if isinstance(c, dict)]
    if trace.name == "contract_details" and trace.data.get("file_id"):
        listed = [(trace.data["file_id"], trace.data.get("title"))]
    for file_id, title in [(f, t) for f, t in listed if f][:5]:
        # The readable title; the file id only where the contract has none.
        st.page_link(CONTRACT_PAGE, label=escape_md(title or file_id), icon=":material/description:",
                     query_params={"file_id": file_id}, help=escape_md(file_id))


def partial_filter_link(meta: dict[str, Any] | None) -> None:
    """After an offline refusal: the Explorer with what the parser did understand (the answer has no links)."""
    partial = ((meta or {}).get("offline_parse") or {}).get("partial")
    if not partial:
        return
    try:
        query = filter_to_query(parse_filter(partial))
    except FilterValidationError:
        return
    st.page_link(EXPLORER_PAGE, label="Open what I understood in the Explorer", icon=":material/filter_alt:",
                 query_params=query)


def render_trace(trace: ToolTrace, compact: bool) -> None:
    if compact:
        st.caption(_label(trace))
        explorer_link(trace)
        return
    with st.expander(_label(trace), expanded=False):
        trace_body(trace)


def render_turn(turn: dict[str, Any], compact: bool) -> None:
    """One past message with its tool calls."""
    with st.chat_message(turn["role"]):
        if turn.get("focus"):
            st.caption(f":material/filter_alt: About the filter: {escape_md(focus_text(turn['focus']))}")
        for trace in turn.get("tools") or []:
            render_trace(trace, compact=compact)
        if turn.get("error"):
            st.error(escape_md(turn["error"]), icon=":material/error:")
        elif turn.get("content"):
            st.markdown(escape_md(turn["content"], keep_formatting=True))
            partial_filter_link(turn.get("meta"))
        if turn.get("layer_note"):
            st.warning(f"Answered on a partial document layer. {turn['layer_note']}", icon=":material/hourglass_top:")


def focus_text(focus: dict[str, Any]) -> str:
    """A turn's focus filter (kept as JSON in the history) in words."""
    try:
        return summary(parse_filter(focus))
    except FilterValidationError:
        return "a filter that is no longer valid"


def render_history(turns: list[dict[str, Any]], compact: bool) -> None:
    for turn in turns:
        render_turn(turn, compact)


class _Events:
    """The run's events with one-event push-back, so runs of tokens can feed st.write_stream."""

    def __init__(self, events: Iterator[Event]) -> None:
        self._events = events
        self._pending: Event | None = None

    def next(self) -> Event | None:
        if self._pending is not None:
            event, self._pending = self._pending, None
            return event
        return next(self._events, None)

    def push_back(self, event: Event) -> None:
        self._pending = event

    def tokens(self) -> Iterator[str]:
        while (event := self.next()) is not None:
            if not isinstance(event, Token):
                self.push_back(event)
                return
            yield event.text


def _show_tool(event: ToolStarted | ToolFinished, boxes: dict[str, Any], compact: bool) -> None:
    trace = event.trace
    if compact:
        if isinstance(event, ToolFinished):
            render_trace(trace, compact=True)
            boxes[trace.id] = True
        return
    if isinstance(event, ToolStarted):
        boxes[trace.id] = st.status(_label(trace), expanded=False)
        return
    box = boxes.get(trace.id) or st.status(_label(trace), expanded=False)
    with box:
        trace_body(trace)
    box.update(label=_label(trace), state="error" if trace.error else "complete")


def stream_reply(assistant: Assistant, question: str, focus: ContractFilter | None,
                 compact: bool) -> dict[str, Any]:
    """Run the question, drawing tokens and tool calls as they arrive; returns the assistant turn."""
    assert assistant.agent is not None and assistant.settings is not None
    ctx = run_context(assistant.settings, focus)
    events = _Events(stream_turn(assistant.agent, ctx, question, history()))
    boxes: dict[str, Any] = {}
    turn: dict[str, Any] = {"role": "assistant", "content": "", "tools": [], "error": None}
    while (event := events.next()) is not None:
        if isinstance(event, Token):
            events.push_back(event)
            st.write_stream(escaped_stream(clean_text(t) for t in events.tokens()))
        elif isinstance(event, ToolStarted | ToolFinished):
            _show_tool(event, boxes, compact)
        elif isinstance(event, Answer):
            turn.update(content=event.text, tools=event.traces, meta=event.meta)
            partial_filter_link(event.meta)
        elif isinstance(event, Failure):
            st.error(escape_md(event.message), icon=":material/error:")
            turn.update(error=event.message, tools=event.traces)
    return turn


def ask_and_record(assistant: Assistant, question: str, focus: ContractFilter | None, compact: bool) -> None:
    """Draw the question, stream the reply, and append both to the shared history."""
    question = clean_text(question)
    user_turn = {"role": "user", "content": question, "focus": focus.describe() if focus else None}
    render_turn(user_turn, compact)
    with st.chat_message("assistant"):
        reply = stream_reply(assistant, question, focus, compact)
        # Renewal, clause and text answers read the document layer: while it builds they cover part of it.
        if note := layer_note():
            reply["layer_note"] = note
            st.warning(f"Answered on a partial document layer. {note}", icon=":material/hourglass_top:")
    history().extend([user_turn, reply])


def exact_mode_toggle() -> None:
    """Exact mode: the offline parser answers (same tools, exact numbers, no LLM). Always on without an LLM."""
    text = ("Answer with the exact offline question parser instead of the language model: the same tools and "
            "numbers, no LLM; it says what it understood and ignored, and refuses what it cannot map.")
    if llm_configured():
        st.toggle("Exact mode", key=CHAT_EXACT, help=text)
    else:
        st.toggle("Exact mode", value=True, disabled=True, key="chat_exact_always",
                  help=text + " No language model is configured, so it is always on.")


def not_configured(message: str) -> None:
    """How to configure an LLM; the rest of the app works without one (the side panel's short version is
    components.chat.panel's)."""
    st.info("**The assistant needs a language model.** The dashboard works without one.",
            icon=":material/smart_toy:")
    st.markdown(message)
