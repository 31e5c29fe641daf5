"""The Contract page's widgets: the contract's details, its document layer (outline, sections as HTML)."""
