"""The board never moves at 80x24 (issue 39 item 11): in every game, from the first decision
to the last (a resignation ends each walk, so the game's end is seen too), the board's top
row is drawn on one screen line, however long the line above it (Dice Chess's setup, a
Gladiator hot-seat's "King may override", the line that says what happened since your last
move). Every lesson's steps likewise (``test_lesson_ui.py``, which plays each lesson at 80x24).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from battlechess_tui.engine.actions import MOVE
from battlechess_tui.engine.game import META_KINDS, RESIGN, Game
from battlechess_tui.engine.registry import specs
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import hand_over, table
from tests.ui.screen_text import top_row

#: Decisions a walk makes before resigning (a capture where there is one, to bring battles).
DECISIONS = 24
#: Several people per side where a game has several seats: the longest banners.
HOT_SEAT = {"white": "Ann", "white.queen": "Bo", "black": "Cy", "black.queen": "Di"}


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
