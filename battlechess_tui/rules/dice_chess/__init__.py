"""Dice Chess: sixteen d6 a side on a chess board; the face is the piece (DC-1..DC-15).

Modules: ``state`` (the frozen position), ``position`` (its one-line text), ``rules`` (moves,
captures, setup and the end: ``DiceChessRules``) and ``present`` (what players see:
``DiceChessPresenter``).
"""

from __future__ import annotations

from battlechess_tui.rules.dice_chess.present import DiceChessPresenter
from battlechess_tui.rules.dice_chess.rules import DONE, PASS, SWAP, DiceChessRules
from battlechess_tui.rules.dice_chess.state import FACES, SEATS, DiceChessState, Die

__all__ = [
    "DONE",
    "FACES",
    "PASS",
    "SEATS",
    "SWAP",
    "DiceChessPresenter",
    "DiceChessRules",
    "DiceChessState",
    "Die",
]


def __getattr__(name: str) -> type:
    """Round 1's ``DiceChess`` (rules and presenter in one), now in ``rules.compat``: warns."""
    from battlechess_tui.rules.compat import deprecated_name

    return deprecated_name(__name__, name)
