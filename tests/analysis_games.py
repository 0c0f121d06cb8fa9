"""Games for the analysis tests: classic games with a planted blunder (White's, Black's), a
Single Combat game whose fights are all at even odds with dice scripted so that White wins
every one, and one with an uneven fight (5 in 8)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save.store import save_game
from tests.scripted_dice import ScriptedDice

#: 1. e4 d5 2. Qg4?? Bxg4: White's queen is left to be taken (the blunder is ply 3).
BLUNDER_MOVES = ("e2e4", "d7d5", "d1g4", "c8g4")
BLUNDER_PLY = 2  # 0-based index of Qg4
#: 1. e4 e5 2. Nf3 Qg5?? 3. Nxg5: Black's queen is left to be taken (ply 4, index 3).
BLACK_BLUNDER_MOVES = ("e2e4", "e7e5", "g1f3", "d8g5", "f3g5")
BLACK_BLUNDER_PLY = 3

#: Pawn takes pawn, a 50% fight in Single Combat (SC-7, d8: 5 or more): White's fights are
#: won with an 8, Black's lost with a 1.
EVEN_FIGHTS = (("e2e4", ()), ("d7d5", ()), ("e4d5", (8,)), ("c7c6", ()), ("d5c6", (8,)),
               ("b7c6", (1,)), ("g1f3", ()), ("e7e5", ()), ("f1c4", ()), ("f7f6", ()))  # fmt: skip


#: A knight takes a pawn in Single Combat: it needs 4 or more on the d8 (SC-7), 5 in 8, or 3 or
#: more on the d6, 4 in 6; it rolls just enough and wins.
UNEVEN_FIGHT = (("b1c3", ()), ("d7d5", ()), ("c3d5", (4,)))
KNIGHT_NEEDS = {"d8": (4, Fraction(5, 8)), "d6": (3, Fraction(2, 3))}


def blunder_game(moves: tuple[str, ...] = BLUNDER_MOVES) -> Game:
    game = Game(make_variant("classic"), 7)
    for move in moves:
        game.play(move)
    return game


def black_blunder_game() -> Game:
    return blunder_game(BLACK_BLUNDER_MOVES)


def uneven_fight_game(die: str = "d8") -> Game:
    game = Game(make_variant("single-combat", {"die": die}), 7)
    for move, _ in UNEVEN_FIGHT:
        faces = (KNIGHT_NEEDS[die][0],) if move == "c3d5" else ()
        game.play(move, ScriptedDice(*faces))
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
