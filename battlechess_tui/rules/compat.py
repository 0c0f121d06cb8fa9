"""Round 1's game classes: each game's rules and presenter in one object.

Variant files and saves of round 1 name one class and no presenter (``rules =
"arena:Arena"``); the loader reads such a name as the pair it became (``ROUND_1``), so old
house-rule saves still load, without building these classes. Scripts that still build them
(``Arena(spec)``, or import them from their game's package) get a ``DeprecationWarning``:
new code uses ``make_variant(...)``, whose ``.rules`` and ``.presenter`` are the two halves.
"""

from __future__ import annotations

import warnings
from typing import Any

from battlechess_tui.engine.campaign import ShopRefusal
from battlechess_tui.engine.loading import variant_of
from battlechess_tui.engine.refusal import Refusal
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import OptionValue, VariantSpec
from battlechess_tui.rules.arena.present import ArenaPresenter
from battlechess_tui.rules.arena.rules import ArenaRules
from battlechess_tui.rules.chess_family.present import ChessPresenter
from battlechess_tui.rules.chess_family.rules import ClassicRules
from battlechess_tui.rules.dice_chess.present import DiceChessPresenter
from battlechess_tui.rules.dice_chess.rules import DiceChessRules
from battlechess_tui.rules.dnd.present import DndPresenter
from battlechess_tui.rules.dnd.rules import DndRules
from battlechess_tui.rules.gladiator.present import GladiatorPresenter
from battlechess_tui.rules.gladiator.rules import GladiatorRules
from battlechess_tui.rules.single_combat.present import SingleCombatPresenter
from battlechess_tui.rules.single_combat.rules import SingleCombatRules

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
]

#: A round-1 class name in a variant file or save -> the rules and presenter it became.
ROUND_1: dict[str, tuple[str, str]] = {
    "chess_family:Classic": ("chess_family:ClassicRules", "chess_family:ChessPresenter"),
    "single_combat:SingleCombat": (
        "single_combat:SingleCombatRules",
        "single_combat:SingleCombatPresenter",
    ),
    "dice_chess:DiceChess": ("dice_chess:DiceChessRules", "dice_chess:DiceChessPresenter"),
    "arena:Arena": ("arena:ArenaRules", "arena:ArenaPresenter"),
    "gladiator:Gladiator": ("gladiator:GladiatorRules", "gladiator:GladiatorPresenter"),
    "dnd:DndBattleChess": ("dnd:DndRules", "dnd:DndPresenter"),
}


def _warn(name: str, stacklevel: int) -> None:
    warnings.warn(
        f"{name} is round 1's rules-and-presenter class; use make_variant(key), whose .rules "
        "and .presenter are the two halves",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def deprecated_name(package: str, name: str) -> type:
    """A round-1 class asked for by its old place (``rules.arena.Arena``), with a warning;
    AttributeError for any other name (a game package's ``__getattr__``)."""
    game = package.rpartition(".")[2]
    if f"{game}:{name}" not in ROUND_1:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    _warn(f"{package}.{name}", stacklevel=3)
    return _CLASSES[name]


def refusal_words(rules: Rules[Any], refusal: Refusal) -> str:
    """``refusal`` in the words of the presenter of ``rules``' game: for a refusal raised by
    rules alone (``IllegalAction`` without words) and the old ``Rules.why_illegal``."""
    return variant_of(rules).presenter.refusal_text(refusal)


def shop_refusal_words(rules: Rules[Any], refusal: ShopRefusal) -> str:
    """A shop's ``refusal`` in the words of the presenter of ``rules``' game: for the old
    ``DndCampaign.refusal``, which warns (new code asks ``refused`` and words it with
    ``Presenter.shop_words``)."""
    warnings.warn(
        "DndCampaign.refusal is the old way to ask: use refused (facts) with the "
        "presenter's shop_words().refusal (words)",
        DeprecationWarning,
        stacklevel=3,
    )
    words = variant_of(rules).presenter.shop_words()
    return refusal.reason.value if words is None else words.refusal(refusal)


class Classic(ClassicRules, ChessPresenter):
    """FIDE chess's rules and presenter in one object (deprecated)."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        _warn("Classic", stacklevel=2)
        ClassicRules.__init__(self, spec, options)
        ChessPresenter.__init__(self, self)


class SingleCombat(SingleCombatRules, SingleCombatPresenter):
    """Single Combat Chess's rules and presenter in one object (deprecated)."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        _warn("SingleCombat", stacklevel=2)
        SingleCombatRules.__init__(self, spec, options)
        SingleCombatPresenter.__init__(self, self)


class DiceChess(DiceChessRules, DiceChessPresenter):
    """Dice Chess's rules and presenter in one object (deprecated)."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        _warn("DiceChess", stacklevel=2)
        DiceChessRules.__init__(self, spec, options)
        DiceChessPresenter.__init__(self, self)


class Arena(ArenaRules, ArenaPresenter):
    """The arena games' rules and presenter in one object (deprecated)."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        _warn("Arena", stacklevel=2)
        ArenaRules.__init__(self, spec, options)
        ArenaPresenter.__init__(self, self)


class Gladiator(GladiatorRules, GladiatorPresenter):
    """Gladiator Chess's rules and presenter in one object (deprecated)."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        _warn("Gladiator", stacklevel=2)
        GladiatorRules.__init__(self, spec, options)
        GladiatorPresenter.__init__(self, self)


class DndBattleChess(DndRules, DndPresenter):
    """D&D Battle Chess's rules and presenter in one object (deprecated)."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        _warn("DndBattleChess", stacklevel=2)
        DndRules.__init__(self, spec, options)
        DndPresenter.__init__(self, self)


_CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (Classic, SingleCombat, DiceChess, Arena, Gladiator, DndBattleChess)
}
