"""The agent's runtime context. Its settings (`AgentSettings`) live in core/settings.py, the one loader.

The runtime `Context` carries what tools need per run (the Neo4j driver, these settings, today's date and
an optional filter the user asked to focus on); it is passed to `agent.invoke(..., context=...)`, never
kept in a module global.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from neo4j import Driver

from core.settings import AgentSettings
from graph.query.filters import ContractFilter


@dataclass(frozen=True)
class Context:
    """Per-run context the agent's nodes and tools read through LangGraph's runtime."""

    driver: Driver
    settings: AgentSettings
    today: date
    focus: ContractFilter | None = None
    database: str | None = None

    @classmethod
    def create(cls, driver: Driver, settings: AgentSettings | None = None, focus: ContractFilter | None = None,
               today: date | None = None, database: str | None = None) -> Context:
        return cls(driver, settings or AgentSettings.load(), today or date.today(), focus, database)


