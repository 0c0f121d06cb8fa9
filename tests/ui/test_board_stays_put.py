"""The board never moves at 80x24 (issue 39 item 11): in every game, from the first decision
to the last (a resignation ends each walk, so the game's end is seen too), the board's top
row is drawn on one screen line, however long the line above it (Dice Chess's setup, a
Gladiator hot-seat's "King may override", the line that says what happened since your last
move). Every lesson's steps likewise."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from battlechess_tui.engine.actions import MOVE
from battlechess_tui.engine.game import META_KINDS, RESIGN, Game
from battlechess_tui.engine.registry import specs
from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import shipped
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.screens.table import TableScreen
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.board import Board
from tests.ui.driver import hand_over, submit, table
from tests.ui.screen_text import screen_lines

#: Decisions a walk makes before resigning (a capture where there is one, to bring battles).
DECISIONS = 24
#: Several people per side where a game has several seats: the longest banners.
HOT_SEAT = {"white": "Ann", "white.queen": "Bo", "black": "Cy", "black.queen": "Di"}


def top_row(screen: TableScreen) -> int:
    """The screen line the board's top rank is drawn on (its label at the board's left)."""
    board = screen.query_one(Board)
    geo = screen.game.rules.geo
    label = str(1 if board.flipped else geo.height)
    x = board.region.x
    for y, line in enumerate(screen_lines(screen.app)):
        if line[x : x + 3].split()[:1] == [label]:
            return y
    raise AssertionError("no board on screen:\n" + "\n".join(screen_lines(screen.app)))


def players(key: str) -> dict[str, str]:
    seats = {s.key for s in build_game(key, None, 1, None).rules.seats()}
    return {seat: name for seat, name in HOT_SEAT.items() if seat in seats or "." not in seat}


def occupied(game: Game, square: int) -> bool:
    return game.presenter.piece_view(game.state, square) is not None


async def settle(pilot: Pilot) -> None:
    await pilot.pause()
    await hand_over(pilot)
    if isinstance(pilot.app.screen, ResultPanel):
        await pilot.press("escape")
    await pilot.pause()


@pytest.mark.parametrize("key", sorted(specs()))
async def test_the_board_stays_on_its_line_through_a_game(key: str, tmp_path: Path) -> None:
    game = build_game(key, None, 11, players(key))
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    rng = random.Random(11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        first = top_row(screen)
        seen = [first]
        for _ in range(DECISIONS):
            if game.over:
                break
            actions = [a for a in game.legal_actions() if a.kind not in META_KINDS]
            captures = [a for a in actions if a.kind == MOVE and occupied(game, a.squares[-1])]
            screen.play(rng.choice(captures or actions))
            await settle(pilot)
            seen.append(top_row(table(pilot)))
        if not game.over:
            screen.play(RESIGN)
            await settle(pilot)
            seen.append(top_row(table(pilot)))
        assert game.over
        assert set(seen) == {first}, (key, seen)


@pytest.mark.parametrize("game_key", sorted({r.game for r in shipped()}))
async def test_the_board_stays_on_its_line_through_every_lesson(
    game_key: str, tmp_path: Path
) -> None:
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        for ref in (r for r in shipped() if r.game == game_key):
            screen = LessonScreen(LessonRun(ref), tmp_path)
            app.push_screen(screen)
            await pilot.pause()
            first = top_row(screen)
            seen = [first]
            for step in ref.lesson.steps:
                await submit(pilot, step.expect[0])
                seen.append(top_row(screen))
            assert set(seen) == {first}, (ref.key, seen)
            app.pop_screen()
            await pilot.pause()
