"""Dice-move chess, a game for battlechess found through the entry point group
``battlechess.games``: FIDE chess where a six-sided die says which kind of piece must move.

It imports from ``battlechess_tui`` only the public plugin API (``battlechess_tui.plugin``).
"""

from pathlib import Path


def folder() -> Path:
    """The game folder: the variant file, its rules page and its lesson."""
    return Path(__file__).parent / "games"
