"""Contract families: amendments, addenda, restatements, statements of work and renewal letters linked to the
agreement they change (docs/FAMILIES.md). `recital` and `term` read a text (pure), `match` picks the parent
among the stored contracts (pure), `link` writes the links through graph.store.families."""
