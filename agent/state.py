"""The agent's state: the conversation so far and how many tool rounds this question has used."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated

from langchain_core.messages import AnyMessage
from langgraph.graph import add_messages


@dataclass
class InputState:
    """What a caller passes in: the messages (earlier turns and the new question)."""

    messages: Annotated[Sequence[AnyMessage], add_messages] = field(default_factory=list)


@dataclass
class State(InputState):
    """The full state; `tool_rounds` counts assistant turns that asked for tools (the step limit)."""

    tool_rounds: int = 0
