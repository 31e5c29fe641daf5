"""The document layer's storage: its schema, the row shape, the writer, stored renewal facts and the
statements that read sections, definitions and references.
"""
