"""Cross-references: finding the sections, exhibits and outside documents a section cites, and resolving
each to its target in the outline."""
