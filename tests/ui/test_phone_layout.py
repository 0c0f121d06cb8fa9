"""The table in a tall, narrow terminal (issue 39 item 15): what textual-serve gives a phone's
390x844 page (55 columns by 60 lines, ``tests/e2e/test_browser_sizes.py``) stacks the board
on top, at the largest size that fits the width, and the panels under it. Side by side, the
board was drawn in one-line squares (28x10) beside 25 columns of panels, and Gladiator's
10x12 board did not fit at all. 80x24 and 120x40 keep the board beside the panels."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import Confirm
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.board import Board
from tests.ui.driver import choose_in_panel, click_move, hand_over, table, wait_for

PHONE = (55, 60)
PANELS = ("#actions", "#move-log", "#piece-card", "#tally")


def app_for(tmp_path: Path, key: str) -> BattleChessApp:
    game = build_game(key, None, 3, None)
    return BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))


@pytest.mark.parametrize(("key", "cell", "squares"), [("classic", (6, 3), (48, 24)),
                                                      ("gladiator", (3, 1), (30, 12))])  # fmt: skip
async def test_a_phone_stacks_the_panels_under_a_larger_board(
    tmp_path: Path, key: str, cell: tuple[int, int], squares: tuple[int, int]
) -> None:
    """The squares span 48x24 cells (side by side: 24x8); Gladiator's fit (they did not)."""
    async with app_for(tmp_path, key).run_test(size=PHONE) as pilot:
        screen = table(pilot)
        board = screen.query_one(Board)
        assert not screen.too_small
        lay = board.layout_info
        assert (lay.cell_w, lay.cell_h) == cell
        geo = screen.game.rules.geo
        last = geo.square(geo.width - 1, geo.height - 1)
        span = board.region_of(0).union(board.region_of(last))
        assert (span.width, span.height) == squares
        assert screen.has_class("-stacked")
        below = screen.query_one("#board-column").region.bottom
        panels = screen.query_one("#panels").region
        assert (panels.x, panels.width, panels.y >= below) == (0, PHONE[0], True)
        for panel in PANELS:
            region = screen.query_one(panel).region
            assert region.height > 0 and region.y >= below, panel


async def test_a_phone_table_plays_by_mouse_and_keys(tmp_path: Path) -> None:
    """A move clicked, a move typed, and the Actions panel (under the board) by the keys."""
    async with app_for(tmp_path, "classic").run_test(size=PHONE) as pilot:
        screen = table(pilot)
        await click_move(pilot, "e2e4")
        await hand_over(pilot)
        await pilot.press(*"e7e5", "enter")
        await pilot.pause()
        await hand_over(pilot)
        geo = screen.game.rules.geo
        assert [p.action.text(geo) for p in screen.game.plies] == ["e2e4", "e7e5"]
        await choose_in_panel(pilot, lambda item: item.text == "offer-draw")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, Confirm))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_80x24_and_120x40_keep_the_panels_beside_the_board(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    async with app_for(tmp_path, "classic").run_test(size=size) as pilot:
        screen = table(pilot)
        assert not screen.has_class("-stacked")
        board, panels = screen.query_one(Board).region, screen.query_one("#panels").region
        assert panels.x >= board.right and panels.y == board.y
