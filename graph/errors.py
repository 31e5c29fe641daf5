"""Compatibility re-export: the exception hierarchy lives in core/errors.py. Kept only so branches written
against `graph.errors` keep importing while they merge; new code imports `core.errors`."""

from core.errors import (
    ConfigError,
    ContractGraphError,
    DatabaseError,
    DatabaseUnavailable,
    ExtractionError,
    FilterValidationError,
    IngestError,
    LLMError,
    LLMNotConfigured,
    NotFound,
    SampleDataMissing,
    ServerError,
    UnsafeQueryError,
)

__all__ = ["ConfigError", "ContractGraphError", "DatabaseError", "DatabaseUnavailable", "ExtractionError",
           "FilterValidationError", "IngestError", "LLMError", "LLMNotConfigured", "NotFound",
           "SampleDataMissing", "ServerError", "UnsafeQueryError"]
