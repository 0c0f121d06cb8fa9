"""Keys typed in a burst reach the move box in the order typed (issue 39): the key that opens
the box (a file letter typed on the board) and the keys right behind it, delivered to the app
a few turns of its loop apart, as a terminal's reader delivers keys typed fast.

``pilot.press`` waits for the app to go idle after every key, so it never sends a key while
the box is opening; ``burst`` does. Before the box opened in the app's own queue
(``GameInput.key_first``), a key already sent to the board reached the box after the keys
the box took itself: ``e2e4`` became ``ee42``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.move_input import MoveInput
from tests.ui.driver import table

#: Turns of the app's loop between two keys: from keys in one read (0) to keys read apart.
GAPS = range(6)


async def burst(pilot: Pilot, text: str, gap: int) -> None:
    """``text`` sent to the app key by key, ``gap`` loop turns apart, then the app idle."""
    for char in text:
        pilot.app.post_message(events.Key(char, char))
        for _ in range(gap):
            await asyncio.sleep(0)
    await pilot.pause()


@pytest.mark.parametrize("gap", GAPS)
@pytest.mark.parametrize(
    ("key", "moves"),
    [("classic", ["c2c4", "e7e5"]), ("gladiator", ["f2f4", "e1h4", "g1h3", "i2i4"])],
)
async def test_moves_typed_in_a_burst_land_in_the_box_in_order(
    tmp_path: Path, key: str, moves: list[str], gap: int
) -> None:
    """On an 8x8 board and on Gladiator's 10x12 (``i2i4``: the ``i`` file)."""
    game = build_game(key, None, 3, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        box = screen.query_one(MoveInput)
        for text in moves:
            await burst(pilot, text, gap)
            assert (box.value, screen.focused) == (text, box)
            await pilot.press("enter")
            await pilot.pause()
        assert [p.action.text(game.rules.geo) for p in game.plies] == moves, screen.message
