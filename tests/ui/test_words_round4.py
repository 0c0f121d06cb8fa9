"""Issue 39, the words and numbers at the table (items 3-9): moves numbered as players number
them, a square alone is a pawn, hints and analyses speak on one scale, Gladiator's override
and dice lines, D&D's log and its spell marks."""

from __future__ import annotations

from pathlib import Path

from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import table, wait_for


def app_for(game: Game, tmp_path: Path) -> BattleChessApp:
    return BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))


# -- item 5: a square alone is a pawn ------------------------------------------------------------


async def test_a_square_no_pawn_can_reach_is_refused_naming_the_pieces(tmp_path: Path) -> None:
    """1.Nc3 e5 2.Nf3, then Black types ``a3``: once Ba3 was played (and lost to bxa3)."""
    game = build_game("classic", None, 7, {"white": "Ann", "black": "Bo"})
    for move in ("b1c3", "e7e5", "g1f3"):
        game.play(move)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        await pilot.press(*"a3", "enter")
        await pilot.pause()
        assert screen.message == "Refused: no pawn can go to a3; Ba3?"
        assert len(game.plies) == 3
        await pilot.press(*"a6", "enter")  # the refused text is selected: typing replaces it
        await wait_for(pilot, lambda: len(game.plies) == 4)
        assert game.plies[-1].notation == "a6"
