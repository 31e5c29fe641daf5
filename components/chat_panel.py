"""The compact chat in the sidebar (owned by the chat work; replaced by the real panel)."""

from __future__ import annotations


def render_chat_panel() -> None:
    """Draw the sidebar chat panel."""
    return None
