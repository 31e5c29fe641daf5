"""The project's exception hierarchy.

Every error a user can cause or meet (bad filter, database down, unsafe Cypher, corrupt PDF, LLM failure)
is a `ContractGraphError`, so the UI and the CLIs catch one root and show its message. Lower-level errors
are wrapped with `raise ... from e` so the cause stays in the logs.
"""

from __future__ import annotations


class ContractGraphError(Exception):
    """Root of every domain error; its message is written for the person using the app."""


class ConfigError(ContractGraphError):
    """A setting is missing or malformed (Neo4j URI, credentials, LLM settings)."""


class DatabaseUnavailable(ContractGraphError):
    """Neo4j cannot be reached; the message says how to start it."""


class DatabaseError(ContractGraphError):
    """Neo4j answered with an error while running a statement."""


class ServerError(ContractGraphError):
    """The local Neo4j server could not be installed, started or stopped."""


class FilterValidationError(ContractGraphError):
    """A filter value is invalid; the message names the field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class UnsafeQueryError(ContractGraphError):
    """A Cypher statement was rejected because it is not a single read-only query."""


class SampleDataMissing(ContractGraphError):
    """The CUAD sample could not be found at any known location nor downloaded."""


class NotFound(ContractGraphError):
    """A requested contract, party or document does not exist."""


class IngestError(ContractGraphError):
    """A file could not be turned into a contract (bad PDF, no text, too large, duplicate...)."""


class ExtractionError(IngestError):
    """Structured extraction failed (LLM output invalid after repair, or rules found nothing usable)."""


class LLMError(ContractGraphError):
    """The chat model failed: not configured, unreachable, unauthorised, rate-limited or malformed output."""


class LLMNotConfigured(LLMError):
    """No chat model is configured; the message explains how to configure one."""
