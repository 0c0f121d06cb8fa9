"""Dice Chess: sixteen d6 a side on a chess board; the face is the piece (DC-1..DC-15).

Modules: ``state`` (the frozen position), ``position`` (its one-line text), ``rules`` (moves,
captures, setup and the end: ``DiceChessRules``) and ``present`` (what players see:
``DiceChessPresenter``).
"""

from __future__ import annotations

from battlechess_tui.engine.spec import OptionValue, VariantSpec
from battlechess_tui.rules.dice_chess.present import DiceChessPresenter
from battlechess_tui.rules.dice_chess.rules import DONE, PASS, SWAP, DiceChessRules
from battlechess_tui.rules.dice_chess.state import FACES, SEATS, DiceChessState, Die

__all__ = [
    "DONE",
    "FACES",
    "PASS",
    "SEATS",
    "SWAP",
    "DiceChess",
    "DiceChessPresenter",
    "DiceChessRules",
    "DiceChessState",
    "Die",
]


class DiceChess(DiceChessRules, DiceChessPresenter):
    """The old name: rules and presenter in one object, so scripts that build ``DiceChess``
    and house-rule files naming ``rules = "dice_chess:DiceChess"`` (no ``present``) still
    work. New code uses the two classes apart."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        DiceChessRules.__init__(self, spec, options)
        DiceChessPresenter.__init__(self, self)
