"""Readable at 80x24 in every game (issue 13): hit points on the 10x12 board, a replay's move log
that never shows what comes after the ply on the board, help that scrolls by keyboard and says
only what applies to the game, with the game's legend."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Markdown

from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.help import HelpScreen
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.board import HP_BARS, Board
from tests.ui.driver import table


def hurt_gladiator() -> tuple[Game, int]:
    """A Gladiator game played (captures first, seed 1) until a piece is hurt: the game and
    the hurt piece's square."""
    game, rng = build_game("gladiator", None, 1, None), random.Random(1)
    while True:
        actions = game.rule_actions()
        fights = [
            a
            for a in actions
            if len(a.squares) >= 2
            and game.presenter.piece_view(game.state, a.squares[-1]) is not None
        ]
        game.play(rng.choice(fights or actions))
        for square in range(game.rules.geo.size):
            view = game.presenter.piece_view(game.state, square)
            if view is not None and view.hurt:
                return game, square


def app_for(game: Game, save_dir: Path, start: str = "play") -> BattleChessApp:
    return BattleChessApp(start, game=game, save_dir=save_dir, settings=Settings(animate=False))


async def test_hit_points_on_the_10x12_board_at_80x24(tmp_path: Path) -> None:
    game, square = hurt_gladiator()
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = table(pilot).query_one(Board)
        assert board.layout_info.cell_h == 1  # the smallest squares: one line each
        region = board.region_of(square)
        cell = board.render_line(region.y).text[region.x : region.right]
        assert set(cell) & set(HP_BARS), cell  # a bar beside the hurt piece, not colour only


async def test_a_replay_at_ply_0_shows_no_later_ply_and_keeps_the_current_in_view(
    tmp_path: Path,
) -> None:
    game, _ = hurt_gladiator()
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(game, tmp_path))
        await pilot.pause()
        replay = table(pilot)
        log = replay.move_log
        assert not replay.log_entries and "No moves yet" in str(log.entry_texts()[0])
        last = len(game.plies)
        await pilot.press("end")
        await pilot.press("left", "left")
        await pilot.pause()
        assert [e.ply for e in replay.log_entries] == list(range(1, last - 1))  # up to here
        texts = log.entry_texts()
        top = log.lines_before(texts, last - 3)  # the current entry's first wrapped line
        assert (
            log.scroll_offset.y <= top < log.scroll_offset.y + log.scrollable_content_region.height
        )


async def test_help_scrolls_by_keyboard_and_says_only_what_applies(tmp_path: Path) -> None:
    app = app_for(build_game("classic", None, 7, None), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"e2e4", "enter")
        await pilot.press("enter", "u", "y")  # past the hand-over; undo, Black accepts
        screen = table(pilot)
        assert screen.message == "Black accepted. Took back e4."  # no dice: none spoken of
        assert not screen.query_one("#dice-tray").display
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        text = help_screen.text
        first_move = screen.game.legal_actions()[0].text(screen.game.rules.geo)
        assert "Classic" in text and f"such as `{first_move}`, `resign`" in text
        for other in ("override", "cast bless", "dice", "Dice"):
            assert other not in text
        assert "| `♔` | White King (K) |" in text  # the legend: the figures, the letter logged
        scroller = help_screen.query_one("#help")
        await pilot.pause()
        assert help_screen.query_one(Markdown).region.height > scroller.region.height
        for keys, moved in ((["down", "j"], 2), (["pagedown"], None), (["end"], None)):
            before = scroller.scroll_offset.y
            await pilot.press(*keys)
            await pilot.pause()
            assert (
                scroller.scroll_offset.y > before
                if moved is None
                else scroller.scroll_offset.y == before + moved
            )
        await pilot.press("k", "home")
        assert scroller.scroll_offset.y == 0
