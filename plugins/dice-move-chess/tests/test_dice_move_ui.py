"""Dice-move chess in the app: hot-seat with the pass key and the die in the banner and the
dice tray, against the computer, the hint, and an SVG snapshot at 80x24."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import HandOver
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.settings import Settings

SIZE = (80, 24)
#: Seeds whose first die names a kind White can move (2: a knight) or cannot (3: a bishop).
KNIGHT_FIRST, BISHOP_FIRST = 5, 7


def app_for(seed: int, tmp_path: Path, computers: dict[str, str] | None = None) -> BattleChessApp:
    game = build_game("dice-move-chess", None, seed, None, computers)
    return BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))


def table(pilot: Pilot) -> GameScreen:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


async def hand_over(pilot: Pilot) -> None:
    if isinstance(pilot.app.screen, HandOver):
        await pilot.press("enter")
        await pilot.pause()


async def wait_for(pilot: Pilot, done: Callable[[], bool], tries: int = 1000) -> None:
    """Let the app run until ``done()`` holds (a worker's answer has landed): a condition,
    not a duration."""
    for _ in range(tries):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError("it never happened")


async def typed(pilot: Pilot, text: str) -> None:
    box = table(pilot).query_one("#move-input", Input)
    box.value = text
    box.focus()
    await pilot.press("enter")
    await pilot.pause()
    await hand_over(pilot)


async def test_dm_3_hot_seat_the_pass_key_passes_and_the_die_is_shown(tmp_path: Path):
    app = app_for(BISHOP_FIRST, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert screen.game.state.roll == 3
        assert "no bishop can move — pass (n) (DM-3)" in screen.game.presenter.status(
            screen.game.state
        )
        await pilot.press("n")
        await pilot.pause()
        await hand_over(pilot)
        game = screen.game
        assert [p.notation for p in game.plies] == ["pass (3)"]
        assert game.plies[0].rolls[0].seat == "black"
        svg = app.export_screenshot()
        assert "Black" in svg and "die" in svg


async def test_dm_2_hot_seat_a_move_of_another_piece_is_refused(tmp_path: Path):
    app = app_for(KNIGHT_FIRST, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await typed(pilot, "e2e4")
        screen = table(pilot)
        assert screen.game.plies == []
        assert "move a knight, not a pawn (DM-2)" in screen.message
        await typed(pilot, "g1f3")
        assert [p.notation for p in screen.game.plies] == ["Nf3"]


async def test_against_the_computer_it_answers(tmp_path: Path):
    app = app_for(KNIGHT_FIRST, tmp_path, {"black": "easy"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await typed(pilot, "g1f3")
        screen = table(pilot)
        await wait_for(pilot, lambda: len(screen.game.plies) >= 2)
        assert screen.game.plies[1].seat == "black"


async def test_the_hint_names_a_legal_decision(tmp_path: Path):
    app = app_for(KNIGHT_FIRST, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table(pilot)
        await pilot.press("H")
        await wait_for(pilot, lambda: bool(screen.game.hints))
        (taken,) = screen.game.hints
        assert taken.action in {"b1a3", "b1c3", "g1f3", "g1h3"}


async def test_dm_6_the_cursor_on_a_quiet_move_shows_the_next_die_s_odds(tmp_path: Path):
    """Knight g1 chosen, the cursor on f3 (empty): the odds of Black's die after Nf3."""
    app = app_for(KNIGHT_FIRST, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table(pilot)
        sq = screen.game.rules.geo.parse
        assert screen.cursor == sq("e2")
        for key in ("right", "right", "down", "enter", "left", "up", "up"):
            await pilot.press(key)
            await pilot.pause()
        assert screen.selected == sq("g1") and screen.cursor == sq("f3")
        await wait_for(pilot, lambda: screen.odds.startswith("Move to f3: "))
        assert screen.odds == (
            "Move to f3: Black's die: each face 1 in 6; moves on 1 and 2, passes on 3, 4, 5 "
            "and 6 (bishop, rook, queen, king: 4 in 6, DM-3)"
        )


def test_the_opening_at_80x24(snap_compare, tmp_path: Path):
    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        await typed(pilot, "g1f3")
        await pilot.pause()

    assert snap_compare(app_for(KNIGHT_FIRST, tmp_path), terminal_size=SIZE, run_before=run_before)
