"""Dice Chess: sixteen d6 a side on a chess board; the face is the piece (DC-1..DC-15).

Modules: ``state`` (the frozen position), ``position`` (its one-line text), ``rules`` (moves,
captures, setup and the end: ``DiceChessRules``) and ``present`` (what players see:
``DiceChessPresenter``).
"""

from __future__ import annotations

from battlechess_tui.engine.loading import round_1_attribute
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


__getattr__ = round_1_attribute(__name__)
