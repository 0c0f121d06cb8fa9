"""``battlechess serve`` at a phone's size (390x844) and a laptop's (1366x768), issue 39 item
15: a whole game played by clicks and one by typing, each ending on the result panel with
every move in the autosave; and a move typed after a D&D piece acted is played, not lost.
The board covers a good share of either page; on the phone the panels are under it.

Skipped as ``test_browser.py`` is, without Chromium, Playwright or textual-serve.
``BATTLECHESS_BROWSER_SCREENSHOT=1`` also writes the screenshots kept in ``screenshots/``
(``browser-phone.png``, ``browser-laptop.png``: the clicked game's end).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.save.folder import autosave_path
from battlechess_tui.save.store import save_game
from battlechess_tui.session import build_game
from tests.e2e.browser import CHROMIUM, Tab, board_squares
from tests.e2e.serving import serving, wait_for_actions

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"
)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="no Playwright (pip install -e '.[test]')"
)
pytest.importorskip("textual_serve", reason="no textual-serve (pip install -e '.[test]')")

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
#: The fool's mate, 1.f3 e5 2.g4 Qh4#: a whole game in four moves.
FOOLS_MATE = ("f2f3", "e7e5", "g2g4", "d8h4")
FOOLS_MATE_SAN = ("f3", "e5", "g4", "Qh4#")
#: The least share of the page the board's squares cover (textual-serve sizes the terminal to
#: the page): once 6% on the phone, its board in one-line squares beside the panels.
BOARD_SHARE = 0.3
#: Where the panels are: under the board (a tall, narrow page), or beside it.
STACKED = {"phone": True, "laptop": False}


def new_classic_game(browser: Any, url: str, size: str) -> Tab:
    tab = Tab(browser.new_page(viewport=SIZES[size]), url)
    tab.wait_for_text("Continue")
    tab.press("n")
    tab.wait_for_text("Classic chess")
    tab.press("Control+s")
    tab.board()
    return tab


def board_share(tab: Tab) -> float:
    """The share of the terminal's cells the board's squares cover (8x8: the centres of the
    a and h files, and of the 8th and 1st ranks, are seven squares apart)."""
    xs, ys = zip(*board_squares(tab.lines()).values(), strict=True)
    cols, rows = tab.size()
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) * (8 / 7) ** 2 / (cols * rows)


def panels_under_the_board(lines: list[str]) -> bool:
    """Are the panels' titles (Actions, Tally) on lines under the board's last rank?"""
    bottom = max(y for _, y in board_squares(lines).values())
    titles = [y for y, line in enumerate(lines) if "Actions" in line or "Tally" in line]
    return len(titles) == 2 and min(titles) > bottom


def keep(tab: Tab, tmp_path: Path, name: str) -> None:
    shot = tmp_path / name
    tab.page.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
    if os.environ.get("BATTLECHESS_BROWSER_SCREENSHOT"):
        shutil.copyfile(shot, SCREENSHOTS / name)


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_game_by_clicks(browser: Any, tmp_path: Path, size: str) -> None:
    save_dir = tmp_path / "saves"
    with serving(save_dir) as served:
        tab = new_classic_game(browser, served.url, size)
        assert board_share(tab) >= BOARD_SHARE, tab.text()
        assert panels_under_the_board(tab.lines()) == STACKED[size], tab.text()
        for count, move in enumerate(FOOLS_MATE, 1):
            tab.click_square(move[:2])
            tab.click_square(move[2:])
            assert wait_for_actions(save_dir, count) == list(FOOLS_MATE[:count])
        tab.wait_for_text("Game over")
        tab.wait_for_text("after 2 moves")  # moves as the log numbers them (item 3)
        keep(tab, tmp_path, f"browser-{size}.png")


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_game_by_typing(browser: Any, tmp_path: Path, size: str) -> None:
    save_dir = tmp_path / "saves"
    with serving(save_dir) as served:
        tab = new_classic_game(browser, served.url, size)
        for count, san in enumerate(FOOLS_MATE_SAN, 1):
            tab.board()  # past the hand-over, if one shows
            tab.type(san)  # a letter typed on the board opens the move box
            tab.press("Enter")
            assert wait_for_actions(save_dir, count) == list(FOOLS_MATE[:count])
        tab.wait_for_text("Game over")


@pytest.mark.parametrize("size", SIZES)
def test_dd_a_move_typed_after_a_piece_acted_is_played(
    browser: Any, tmp_path: Path, size: str
) -> None:
    """Issue 39 item 1 in the browser: after ``d1h5 cast magic-missile h7`` the next
    player's typed ``f7f6`` is played (it once went into the Actions panel's filter)."""
    save_dir = tmp_path / "saves"
    save_dir.mkdir()
    game = build_game("dnd", {"level": "5"}, 7, {"white": "Ann", "black": "Bo"})
    for move in ("e2e4", "a7a6"):
        game.play(move)
    save_game(game, save_dir / "dnd-typed.json", autosave_path(save_dir))
    with serving(save_dir) as served:
        tab = Tab(browser.new_page(viewport=SIZES[size]), served.url)
        tab.wait_for_text("Continue")
        tab.press("c")
        tab.board()
        tab.press(":")
        tab.type("d1h5 cast magic-missile h7")
        tab.press("Enter")
        played = ["e2e4", "a7a6", "d1h5", "cast magic-missile h7"]
        assert wait_for_actions(save_dir, 4) == played
        tab.board()  # past the hand-over to Black
        tab.type("f7f6")
        tab.press("Enter")
        assert wait_for_actions(save_dir, 5) == [*played, "f7f6"]
