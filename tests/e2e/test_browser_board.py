"""The board in a browser page (issue 25, item 21): at 1280x800 the chess figures are drawn
at the size of their squares, not as a monospaced font's narrow glyphs, and White's figures on
the grey squares hold the 4.5:1 contrast the terminal palettes hold (``ui/contrast.py``),
measured on the screenshot's pixels. The screenshot is kept in the test's folder to look at.

Skipped as ``test_browser.py`` is, without Chromium, Playwright or textual-serve.
"""

from __future__ import annotations

import pytest

from battlechess_tui.ui.contrast import AA
from tests.e2e.browser import CHROMIUM, VIEWPORT, Tab
from tests.e2e.pixels import figure_in, read_png
from tests.e2e.serving import serving

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"
)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="no Playwright (pip install -e '.[test]')"
)
pytest.importorskip("textual_serve", reason="no textual-serve (pip install -e '.[test]')")

#: White's pieces that start on grey squares with the default palette, and Black's.
WHITE_ON_GREY = ("a2", "c2", "g2", "b1", "d1", "f1", "h1")
BLACK_ON_GREY = ("b7", "d7", "f7", "h7", "a8", "c8", "e8", "g8")

CELL_BOX = """() => {
  const r = document.querySelector(".xterm-screen").getBoundingClientRect();
  const t = window.battlechessTerminal;
  return {x: r.left, y: r.top, w: r.width / t.cols, h: r.height / t.rows,
          cols: t.cols, rows: t.rows, font: Number(t.options.fontSize)};
}"""


def test_issue_25_21_figures_fill_their_squares_and_hold_aa_contrast(browser, tmp_path):
    with serving(tmp_path / "saves") as served:
        tab = Tab(browser.new_page(viewport=VIEWPORT), served.url)
        tab.wait_for_text("Continue")
        tab.press("n")
        tab.wait_for_text("Classic chess")
        tab.press("Control+s")
        squares = tab.board(lambda pieces: pieces["e2"] in "♙P")
        cell = tab.page.evaluate(CELL_BOX)
        shot = tmp_path / "board.png"
        image = read_png(tab.page.screenshot(path=str(shot)))
    # The page is scaled: about 100 columns by 32 rows at 1280x800 (the app's wide layout).
    assert 100 <= cell["cols"] <= 120 and 32 <= cell["rows"] <= 40, cell
    step_x = squares["b1"][0] - squares["a1"][0]
    step_y = squares["a1"][1] - squares["a2"][1]

    def box(name: str) -> tuple[int, int, int, int]:
        """The square's pixels, less a cell's margin on each side (the cursor's brackets)."""
        column, row = squares[name]
        left = cell["x"] + (column - step_x // 2 + 1) * cell["w"]
        top = cell["y"] + (row - step_y // 2) * cell["h"]
        return (round(left), round(top), round((step_x - 2) * cell["w"]),
                round(step_y * cell["h"]))  # fmt: skip

    for name in WHITE_ON_GREY + BLACK_ON_GREY:
        figure = figure_in(image, box(name))
        assert figure.contrast >= AA, (name, figure, shot)
        # A figure is as tall as a row of the terminal can draw it: at least a quarter of a
        # square of three rows (a monospaced glyph covered a sixth).
        assert figure.height_share >= 0.25, (name, figure, shot)
