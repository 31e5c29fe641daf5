"""Contract embeddings for the vector index `contract_embedding` (see `graph.store.schema`).

The embedded text is what semantic search compares questions with: the summary and the scope.
"""

from __future__ import annotations

from typing import Any

from neo4j import Driver

from graph.server.db import write

SET_EMBEDDING = "MATCH (c:Contract {file_id: $file_id}) SET c.embedding = $embedding"


def embedding_text(record: dict[str, Any]) -> str:
    """The text to embed for a seed-format record (summary, then scope); empty when it has neither."""
    parts = [record.get("summary"), record.get("contract_scope") or record.get("scope")]
    return "\n\n".join(str(p).strip() for p in parts if p and str(p).strip())


def set_contract_embedding(driver: Driver, file_id: str, embedding: list[float],
                           database: str | None = None) -> None:
    """Store one contract's embedding vector."""
    write(driver, SET_EMBEDDING, {"file_id": file_id, "embedding": [float(x) for x in embedding]}, database)
