"""What a player gave, repeated in a message: cut to a sensible length, so a 200 KB move or
position is never echoed whole; and what a player's name may hold, wherever it comes from
(``--player``, a PGN's tags)."""

from __future__ import annotations

import unicodedata

#: Longer than this, an echoed input is cut (with "…").
ECHO_CHARS = 60
#: A player's name has at most this many characters.
MAX_NAME_CHARS = 40


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` as repeated in a message: at most ``limit`` characters."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def name_problem(
    text: str, what: str = "a player's name", limit: int = MAX_NAME_CHARS
) -> str | None:
    """Why ``text`` (without its outer spaces) cannot be a name: empty, longer than ``limit``,
    or holding a control character (a terminal's escape); None when it can be one."""
    text = text.strip()
    if not text:
        return f"{what} cannot be empty"
    if len(text) > limit:
        return f"{what} has at most {limit} characters"
    if any(unicodedata.category(c) == "Cc" for c in text):
        return f"{what} cannot hold control characters"
    return None
