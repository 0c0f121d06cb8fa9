"""Round 1's game classes: each game's rules and presenter in one object (deprecated).

Variant files and saves of round 1 name one class and no presenter (``rules =
"arena:Arena"``); the loader reads such a name as the pair it became (``ROUND_1``, data in
``engine.classes``), so old house-rule saves still load without these classes. Scripts that
still build them (``Arena(spec)``, or import them from here or their game's package) get a
``DeprecationWarning``: new code uses ``make_variant(...)``, whose ``.rules`` and
``.presenter`` are the two halves. Nothing in the package imports this module.
"""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.loading import (
    ROUND_1,
    round_1_class,
    shop_refusal_words,
    warn_round_1,
)
from battlechess_tui.engine.refusal import Refusal
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.rules import refusal_words as _refusal_words

__all__ = [
    "ROUND_1",
    "Arena",
    "Classic",
    "DiceChess",
    "DndBattleChess",
    "Gladiator",
    "SingleCombat",
    "deprecated_name",
    "refusal_words",
    "shop_refusal_words",
]

Classic = round_1_class("chess_family:Classic")
SingleCombat = round_1_class("single_combat:SingleCombat")
DiceChess = round_1_class("dice_chess:DiceChess")
Arena = round_1_class("arena:Arena")
Gladiator = round_1_class("gladiator:Gladiator")
DndBattleChess = round_1_class("dnd:DndBattleChess")


def deprecated_name(package: str, name: str) -> type:
    """A round-1 class asked for by its old place (``rules.arena.Arena``), with a warning;
    AttributeError for any other name."""
    game = package.rpartition(".")[2]
    if f"{game}:{name}" not in ROUND_1:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    warn_round_1(f"{package}.{name}", stacklevel=2)
    return round_1_class(f"{game}:{name}")


def refusal_words(rules: Rules[Any], refusal: Refusal) -> str:
    """``refusal`` in the words of the presenter of ``rules``' game (``engine.rules``'s
    ``refusal_words``, arguments in round 2's order)."""
    return _refusal_words(refusal, rules)
