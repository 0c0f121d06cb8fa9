"""Driving the app like a player: keys and clicks on the board, hand-over notices."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from textual.pilot import Pilot
from textual.widgets import Input
from textual.worker import WorkerCancelled

from battlechess_tui.ui.screens.dialogs import HandOver
from battlechess_tui.ui.screens.table import TableScreen
from battlechess_tui.ui.widgets.actions_panel import ActionItem, ActionsPanel
from battlechess_tui.ui.widgets.board import Board


def table(pilot: Pilot) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen), screen
    return screen


async def cursor_to(pilot: Pilot, square: int) -> None:
    """Walk the cursor with the arrow keys (as a player would) to ``square``."""
    screen = table(pilot)
    board = screen.query_one(Board)
    if screen.focused is not board:
        board.focus()
        await pilot.pause()
    w = screen.game.rules.geo.width
    sign = -1 if board.flipped else 1
    dx = (square % w - screen.cursor % w) * sign
    dy = (square // w - screen.cursor // w) * sign
    steps = [("right" if dx > 0 else "left", sign if dx > 0 else -sign)] * abs(dx)
    steps += [("up" if dy > 0 else "down", w * sign if dy > 0 else -w * sign)] * abs(dy)
    for key, delta in steps:
        goal = screen.cursor + delta
        await press_until(pilot, key, lambda: screen.cursor == goal)  # noqa: B023 - awaited here
    assert screen.cursor == square


async def press_until(pilot: Pilot, key: str, done: Callable[[], bool]) -> None:
    """Press ``key`` and wait until ``done()`` holds (a cursor key has moved the cursor).

    ``pilot.press`` waits for the app to go idle after every key (two waits of 20 ms or
    more); walking the cursor across a board that way is most of a Pilot test's time.
    """
    pilot.app.simulate_key(key)
    for _ in range(10_000):
        if done():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"{key!r} had no effect")


async def key_move(pilot: Pilot, text: str) -> None:
    """Play ``e2e4`` with the cursor keys and Enter, then clear the hand-over notice."""
    geo = table(pilot).game.rules.geo
    squares, _ = geo.split_squares(text)
    for square in squares:
        await cursor_to(pilot, square)
        await pilot.press("enter")
    await pilot.pause()
    await hand_over(pilot)


async def click_square(pilot: Pilot, square: int) -> None:
    board = table(pilot).query_one(Board)
    region = board.region_of(square)
    await pilot.click(board, offset=(region.x + region.width // 2, region.y))


async def click_move(pilot: Pilot, text: str) -> None:
    geo = table(pilot).game.rules.geo
    squares, _ = geo.split_squares(text)
    for square in squares:
        await click_square(pilot, square)
    await pilot.pause()
    await hand_over(pilot)


async def type_action(pilot: Pilot, text: str) -> None:
    """Type an action into the move box (``:`` focuses it) and press Enter."""
    await pilot.press("colon", *[("space" if c == " " else c) for c in text], "enter")
    await pilot.pause()
    await hand_over(pilot)


async def submit(pilot: Pilot, text: str) -> None:
    """Fill the move box with ``text`` and press Enter: ``type_action`` without a key press
    a letter (typing itself is tested by the tests that use ``type_action``)."""
    box = table(pilot).query_one("#move-input", Input)
    box.value = text
    box.focus()
    await pilot.press("enter")
    await pilot.pause()
    await hand_over(pilot)


async def wait_for(pilot: Pilot, done: Callable[[], bool], tries: int = 500) -> None:
    """Let the app run until ``done()`` holds (a worker's answer has landed)."""
    for _ in range(tries):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError("it never happened")


async def hand_over(pilot: Pilot) -> None:
    if isinstance(pilot.app.screen, HandOver):
        await pilot.press("enter")
        await pilot.pause()


async def choose_in_panel(pilot: Pilot, wanted: Callable[[ActionItem], bool]) -> None:
    """Pick the first entry of the actions panel that ``wanted`` accepts, with the keyboard."""
    panel = table(pilot).query_one(ActionsPanel)
    index = next(i for i, item in enumerate(panel.items) if wanted(item))
    panel.focus()
    await pilot.pause()
    panel.highlight_item(index)
    await pilot.press("enter")
    await pilot.pause()


async def settle_odds(pilot: Pilot) -> None:
    """Wait for the odds the table works out in a thread worker to be shown (workers the
    cursor's moving on has replaced are cancelled)."""
    for worker in list(pilot.app.workers):
        with contextlib.suppress(WorkerCancelled):
            await worker.wait()
    await pilot.pause()
