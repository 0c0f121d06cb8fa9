"""Games for the analysis tests: a classic game with a planted blunder, and a Single Combat
game whose fights are all at even odds with dice scripted so that White wins every one."""

from __future__ import annotations

from pathlib import Path

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save.store import save_game
from tests.scripted_dice import ScriptedDice

#: 1. e4 d5 2. Qg4?? Bxg4: White's queen is left to be taken (the blunder is ply 3).
BLUNDER_MOVES = ("e2e4", "d7d5", "d1g4", "c8g4")
BLUNDER_PLY = 2  # 0-based index of Qg4

#: Pawn takes pawn, a 50% fight in Single Combat (SC-7, d8: 5 or more): White's fights are
#: won with an 8, Black's lost with a 1.
EVEN_FIGHTS = (("e2e4", ()), ("d7d5", ()), ("e4d5", (8,)), ("c7c6", ()), ("d5c6", (8,)),
               ("b7c6", (1,)), ("g1f3", ()), ("e7e5", ()), ("f1c4", ()), ("f7f6", ()))  # fmt: skip


def blunder_game() -> Game:
    game = Game(make_variant("classic"), 7)
    for move in BLUNDER_MOVES:
        game.play(move)
    return game


def even_fights_game() -> Game:
    game = Game(make_variant("single-combat"), 7)
    for move, faces in EVEN_FIGHTS:
        game.play(move, ScriptedDice(*faces))
    return game


def saved(game: Game, folder: Path, name: str) -> Path:
    path = folder / f"{name}.json"
    save_game(game, path)
    return path
