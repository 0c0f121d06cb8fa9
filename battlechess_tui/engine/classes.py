"""A game's classes found by the names its variant file gives (``rules``, ``present``).

The lowest place that loads a game's code: it knows nothing of ``Rules`` or ``Presenter``
(the caller says which base a class must have), so ``engine.rules`` can find a presenter's
words for a refusal without importing the loader above it. Round 1's one-class names are
data here (``ROUND_1``), read by the loader and by ``rules.compat``, which nothing imports.
"""

from __future__ import annotations

import importlib
from typing import Any

from battlechess_tui.engine.data_files import game_folders
from battlechess_tui.engine.spec import SpecError, VariantSpec

#: Where a game's classes live: a name ``"arena:ArenaRules"`` is ``rules.arena.ArenaRules``.
GAMES_PACKAGE = "battlechess_tui.rules"

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


def class_names(spec_: VariantSpec) -> tuple[str, str]:
    """The rules and presenter classes ``spec_`` names (``"module:Class"``); a round-1 name
    with no presenter is read as the pair it became."""
    if spec_.present:
        return spec_.rules, spec_.present
    return ROUND_1.get(spec_.rules, (spec_.rules, ""))


def module_of(module_name: str) -> str:
    """The module a class name's module part names: a module of an installed plugin's
    package as it is (``bc_dice_move.rules``), any other inside the shipped games
    (``arena``, ``chess_family.rules``: ``battlechess_tui.rules.…``). So a save or a
    house-rule file can have the app import no module but the games' own."""
    packages = {f.package for f in game_folders()[0]} - {GAMES_PACKAGE.split(".")[0]}
    if module_name.split(".")[0] in packages:
        return module_name
    return f"{GAMES_PACKAGE}.{module_name}"


def load_class(key: str, field: str, name: str, base: type) -> Any:
    """The class ``name`` (``"module:Class"``, the module as ``module_of`` reads it) of game
    ``key``, which must subclass ``base``; SpecError naming ``field`` otherwise."""
    module_name, _, class_name = name.partition(":")
    try:
        module = importlib.import_module(module_of(module_name))
        cls = getattr(module, class_name)
    except (ImportError, AttributeError, ValueError):
        raise SpecError(key, [f"{field}: no class {name!r}"]) from None
    if not (isinstance(cls, type) and issubclass(cls, base)):
        raise SpecError(key, [f"{field}: {name!r} is not a {base.__name__} class"])
    return cls


#: Where the words that were the engine's until round 4 went: an engine enum's name -> the
#: games' own enums (``"module:Class"``) that hold its former members (``moved_word``).
MOVED_WORDS: dict[str, tuple[str, ...]] = {
    "ActionKind": (
        "dice_chess.vocabulary:DiceChessAction",
        "gladiator.vocabulary:GladiatorAction",
        "dnd.vocabulary:DndAction",
    ),
    "EventTag": (
        "dice_chess.vocabulary:DiceChessTag",
        "gladiator.vocabulary:GladiatorTag",
        "dnd.vocabulary:DndTag",
    ),
    "Purpose": (
        "dice_chess.vocabulary:DiceChessPurpose",
        "gladiator.vocabulary:GladiatorPurpose",
        "dnd.vocabulary:DndPurpose",
    ),
    "Target": ("dnd.vocabulary:DndTarget",),
    "Verdict": (
        "dice_chess.vocabulary:DiceChessVerdict",
        "gladiator.vocabulary:GladiatorVerdict",
        "dnd.vocabulary:DndVerdict",
    ),
    "RollDetail": ("dnd.vocabulary:DndDetail",),
}


def moved_word(enum_name: str, member: str) -> tuple[Any, str]:
    """The game's word that ``enum_name.member`` became, with where it is now; (None, "")
    when no game took such a word."""
    for name in MOVED_WORDS.get(enum_name, ()):
        module_name, _, class_name = name.partition(":")
        enum = getattr(importlib.import_module(module_of(module_name)), class_name)
        if member in enum.__members__:
            return enum[member], f"{module_of(module_name)}.{class_name}.{member}"
    return None, ""
