"""What a player gave, repeated in a message: cut to a sensible length, so a 200 KB move or
position is never echoed whole."""

from __future__ import annotations

#: Longer than this, an echoed input is cut (with "…").
ECHO_CHARS = 60


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` as repeated in a message: at most ``limit`` characters."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"
