"""Issue 39, the words and numbers at the table (items 3-9): moves numbered as players number
them, a square alone is a pawn, hints and analyses speak on one scale, Gladiator's override
and dice lines, D&D's log and its spell marks."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from battlechess_tui.ui import handover, views
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import HandOver
from battlechess_tui.ui.screenshots import play_some
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.board import Board, piece_line
from tests.test_gladiator_support import V as GLADIATOR
from tests.ui.driver import cursor_to, table, wait_for


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


# -- item 7: Gladiator's override notice and its dice lines --------------------------------------


async def test_gc_14_the_override_notice_says_it_once(tmp_path: Path) -> None:
    """Di has the keyboard for the Black Knight's move and chooses the King's override: the
    notice Cy gets tells the override once, then what it costs (the commander forfeits its
    move, GC-14), not the same sentence twice."""
    players = {"white.king": "Ann", "white.queen": "Ann", "white.black-knight": "Ann",
               "white.kings-knight": "Ann", "black.king": "Cy", "black.queen": "Cy",
               "black.black-knight": "Di", "black.kings-knight": "Di"}  # fmt: skip
    game = Game(GLADIATOR, 7, players)
    for move in ("f2f4", "override", "b1c3", "override", "d2d4", "override", "h2h4"):
        game.play(move)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for move in ("g11g9", "a11a9"):
            await pilot.press("colon", *move, "enter")
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))
        await pilot.press("enter")
        await pilot.press("v")  # the King's override
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))
        notice = app.screen
        assert isinstance(notice, HandOver)
        told = notice.last.splitlines()[-1]
        assert told == (
            "Cy (Black · King) — King overrides the Black Knight's move. "
            "Black's Black Knight forfeits its move (GC-14)."
        )
        assert told.count("overrides") == 1


def test_gc_a_fights_dice_lines_say_who_rolled() -> None:
    """Issue 39 item 7: each dice line of a notice names its thrower (the attacker's roll,
    then the defender's), as the dice tray does."""
    game = build_game("gladiator", None, 11, None)
    play_some(game, 60)
    index = next(i for i, p in enumerate(game.plies) if len(p.rolls) == 2)
    lines = handover.rolls(game, index)
    rolls = game.said(index).rolls  # with their words: what came of each
    assert lines == [f"{views.who(game, r.seat)} rolled {r.describe()}" for r in rolls]
    assert lines[0].startswith("Black · Black Knight rolled 3d6+1d6")
    assert lines[1].startswith("White · King's Knight rolled 1d6")


# -- item 9: a hurt piece's mark beside the cursor, and what it means ----------------------------


def cell_text(board: Board, square: int) -> str:
    """The characters of ``square``'s piece line on the board."""
    lay = board.layout_info
    return "".join(seg.text for seg in board._cell_line(square, piece_line(lay.cell_h), lay))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_dd_a_hurt_pieces_mark_keeps_the_cursor_bracket(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """After a fireball the Black Fighter on h7 has 24 of 42 hit points: the ``5`` (tenths
    left) sits inside the cursor's brackets instead of overwriting the right one, and the
    piece panel says what it is."""
    game = build_game("dnd", {"level": "5"}, 7, {"white": "Ann", "black": "Bo"})
    for move in ("e2e4", "a7a6", "d1h5", "cast fireball h7"):
        game.play(move)
    settings = Settings(animate=False, pieces="ascii")
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=settings)
    async with app.run_test(size=size) as pilot:
        screen = table(pilot)
        h7 = game.rules.geo.parse("h7")
        await cursor_to(pilot, h7)
        await pilot.pause()
        board = screen.query_one(Board)
        shown = cell_text(board, h7)
        assert shown[0] == "[" and shown[-1] == "]" and shown[1:-1].split() == ["f", "5"]
        assert "On the board, 5 right of it: tenths of its hit points left" in screen.card_lines
        await cursor_to(pilot, game.rules.geo.parse("g7"))
        await pilot.pause()
        assert cell_text(board, h7).split() == ["f", "5"]  # without the cursor: the mark alone
