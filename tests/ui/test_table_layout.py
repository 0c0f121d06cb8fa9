"""The game table at 80x24 (issue 25, items 1, 4 and 5): a lesson's text never covers the
board, the move log always shows the latest move, and the board stays put between moves."""

from __future__ import annotations

from pathlib import Path

from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import find
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.board import Board
from tests.ui.driver import submit, table, wait_for
from tests.ui.screen_text import seen


def app_for(tmp_path: Path, start: str = "menu", game=None) -> BattleChessApp:
    return BattleChessApp(start, game=game, save_dir=tmp_path, settings=Settings(animate=False))


def board_squares_on_screen(app: BattleChessApp, board: Board, squares: list[str]) -> list[str]:
    """Of ``squares``, those whose cell is drawn on screen and not covered by another widget."""
    geo = table_geo(board)
    shown = []
    for name in squares:
        region = board.region_of(geo.parse(name)).translate(board.region.offset)
        widget, _ = app.screen.get_widget_at(region.x, region.y)
        if widget is board and region.bottom <= app.size.height:
            shown.append(name)
    return shown


def table_geo(board: Board):
    return board.screen.game.rules.geo  # type: ignore[attr-defined]


async def test_item_1_a_lessons_pieces_and_wrong_move_message_are_seen_at_80x24(tmp_path):
    """Gladiator "Overrides": the squares its steps name (d2, b1, a1) are drawn, and the whole
    refusal of a wrong move is on screen, not cut to a line."""
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LessonScreen(LessonRun(find("gladiator", "overrides")), tmp_path)
        app.push_screen(screen)
        await pilot.pause()
        board = screen.query_one(Board)
        wanted = ["d2", "d4", "b1", "a1", "j1", "a12", "j12"]
        assert board_squares_on_screen(app, board, wanted) == wanted
        step = screen.run.step
        assert step is not None
        text = " ".join(seen(app, screen.query_one("#lesson-step")).split())
        assert " ".join(step.say.split()) in text  # the whole step is on screen
        await submit(pilot, "b2b3")  # legal, not the step
        message = " ".join(screen.message.split())
        assert message and message in " ".join(seen(app, screen.query_one("#message")).split())
        assert board_squares_on_screen(app, board, wanted) == wanted


async def test_item_1_the_lesson_text_is_beside_the_board_at_120x40(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = LessonScreen(LessonRun(find("gladiator", "overrides")), tmp_path)
        app.push_screen(screen)
        await pilot.pause()
        step, log = screen.query_one("#lesson-step"), screen.move_log
        assert not step.region.overlaps(log.region)
        assert not step.region.overlaps(screen.query_one(Board).region)


async def test_item_4_the_move_log_shows_the_latest_move_after_each_computer_reply(tmp_path):
    game = build_game("classic", None, 7, {"white": "Ann"}, {"black": "easy"})
    app = app_for(tmp_path, "play", game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        for _ in range(12):
            moves = [a for a in game.legal_actions() if a.kind == "move"]
            if game.over or not moves:
                break
            plies = len(game.plies)
            await submit(pilot, moves[-1].text(game.rules.geo))
            await wait_for(pilot, lambda: len(game.plies) == plies + 2 or game.over)  # noqa: B023
            await pilot.pause()
            await pilot.pause()
            if game.over:  # the result panel covers the table
                break
            latest = screen.log_entries[-1]
            shown = seen(app, screen.move_log)
            assert f"{latest.who}: {latest.notation}" in shown, (latest, shown)
        assert len(game.plies) >= 12


async def test_item_5_the_board_stays_put_between_moves(tmp_path):
    """Moves that bring a message, an actions list, a check and a battle panel: the board's
    place on screen never changes."""
    game = build_game("dnd", None, 7, None)
    app = app_for(tmp_path, "play", game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        board = screen.query_one(Board)
        first = board.region
        for text in ("e2e4", "a7a6", "d1h5", "zz", "b7b6", "h5f7"):
            await submit(pilot, text)
            await pilot.pause()
            assert board.region == first, text
            assert board.layout_info.top == 0


async def test_item_4_the_latest_move_is_seen_beside_a_dnd_board_at_80x24(tmp_path):
    """D&D's board leaves no room under it at 80x24: the log beside it shows the latest move
    (its first line, when the battle it started is longer than the log)."""
    game = build_game("dnd", {"level": "5"}, 7, None)
    app = app_for(tmp_path, "play", game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        for text in ("e2e4", "a7a6", "d1h5", "none", "b7b5", "h5f7"):
            await submit(pilot, text)
            await pilot.pause()
            latest = screen.log_entries[-1]
            assert screen.move_log.id == "move-log"
            shown = seen(app, screen.move_log)
            assert f"{latest.who}: {latest.notation}" in shown, (text, shown)
