"""How Gladiator's notes and panels name pieces: ``White Scout``, ``the White Scout``, and
``Black's Black Knight`` where a piece's name begins with a side's (the presenter's words)."""

from __future__ import annotations

from battlechess_tui.engine.rules import SIDE_NAMES

from .tables import Tables


def sided(side: int, name: str) -> str:
    """``White Scout``; ``Black's Black Knight`` where the name begins with a side's name (a
    sentence never reads "Black Black Knight")."""
    if name.split(" ")[0] in SIDE_NAMES:
        return f"{SIDE_NAMES[side]}'s {name}"
    return f"{SIDE_NAMES[side]} {name}"


def capital(text: str) -> str:
    """``text`` with its first letter upper case (a sentence that begins with ``the``)."""
    return text[:1].upper() + text[1:]


def piece_name(t: Tables, kind: str, side: int) -> str:
    """``White Scout``, ``Black's Black Knight``."""
    return sided(side, t.kinds[kind].name)


def the_sided(side: int, name: str) -> str:
    """``the White Scout``, ``Black's Black Knight``: ``sided`` in a sentence."""
    named = sided(side, name)
    return named if "'s " in named else f"the {named}"


def the_piece(t: Tables, kind: str, side: int) -> str:
    return the_sided(side, t.kinds[kind].name)
