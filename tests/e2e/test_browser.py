"""``battlechess serve`` end to end in a real headless browser (Debian's Chromium, driven by
Playwright): a game started from the menu, one move typed and one clicked, both in the
autosave; a second tab is a second app that continues the same game.

Skipped, with the reason, without Chromium at /usr/bin/chromium (``apt-get install chromium``;
``.ci/run`` installs it) or without Playwright and textual-serve (``pip install -e '.[test]'``).
``BATTLECHESS_BROWSER_SCREENSHOT=1`` also writes the screenshot kept for the README,
``screenshots/browser.png``; without it the screenshot stays in the test's temporary folder.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import CHROMIUM, VIEWPORT, Tab
from tests.e2e.serving import serving, wait_for_actions

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"
)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="no Playwright (pip install -e '.[test]')"
)
pytest.importorskip("textual_serve", reason="no textual-serve (pip install -e '.[test]')")

KEPT_SCREENSHOT = Path(__file__).resolve().parents[2] / "screenshots" / "browser.png"


def pawns_on(*squares: str) -> Callable[[dict[str, str]], bool]:
    """Is a pawn drawn on each of ``squares``? (figures, or letters with ASCII pieces)"""
    return lambda pieces: all(pieces[s] in "♙♟Pp" for s in squares)


def open_tab(browser: Any, url: str) -> Tab:
    return Tab(browser.new_page(viewport=VIEWPORT), url)


def keep_screenshot(tab: Tab, tmp_path: Path) -> None:
    shot = tmp_path / "browser.png"
    tab.page.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
    if os.environ.get("BATTLECHESS_BROWSER_SCREENSHOT"):
        shutil.copyfile(shot, KEPT_SCREENSHOT)


def test_a_game_in_the_browser_moves_by_keyboard_and_mouse_into_the_autosave(browser, tmp_path):
    save_dir = tmp_path / "saves"
    with serving(save_dir) as served:
        tab = open_tab(browser, served.url)
        tab.wait_for_text("Continue")  # the main menu
        tab.press("n")
        tab.wait_for_text("Classic chess")  # the new game form, on the first game
        tab.press("Control+s")
        tab.board(pawns_on("e2"))

        tab.press(":")
        tab.type("e2e4")
        tab.press("Enter")
        assert wait_for_actions(save_dir, 1) == ["e2e4"]

        tab.board(pawns_on("e4"))  # after the hand-over to Black
        tab.click_square("e7")
        tab.click_square("e5")
        assert wait_for_actions(save_dir, 2) == ["e2e4", "e7e5"]
        tab.board(pawns_on("e4", "e5"))
        keep_screenshot(tab, tmp_path)

        # Another tab is another app on the same save folder: Continue opens this game.
        other = open_tab(browser, served.url)
        other.wait_for_text("Continue")
        other.press("c")
        other.board(pawns_on("e4", "e5"))
        other.press(":")
        other.type("g1f3")
        other.press("Enter")
        assert wait_for_actions(save_dir, 3) == ["e2e4", "e7e5", "g1f3"]
