"""A browser tab on ``battlechess serve``, driven by Playwright with Debian's Chromium.

textual-serve draws the terminal with xterm.js on a canvas, so the page holds no text to
read. ``CATCH_TERMINAL`` runs before the page's own script and keeps the xterm.js
``Terminal`` that script makes (it is assigned to a ``terminal`` property), so the tests read
the screen as text from its buffer and wait on what it shows, never on durations.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 800}
WAIT_SECONDS = 20

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal",
      {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && value.buffer.active) window.battlechessTerminal = value;
  },
});
"""

SCREEN_LINES = """() => {
  const term = window.battlechessTerminal;
  if (!term) return [];
  const buffer = term.buffer.active, lines = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines;
}"""

#: The board's file letters, evenly spaced over the centre column of each square.
FILE_LABELS = re.compile(r"a( +)b\1c\1d\1e\1f\1g\1h")

#: What the hot-seat notice between two players' turns says.
HAND_OVER = "Hand over to"

T = TypeVar("T")


def board_squares(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Each square's name and the terminal cell (column, row) at its centre, read from the
    screen: the file letters over the board, the rank numbers at its left edge. Empty when
    no board is drawn."""
    top = next(((y, m) for y, line in enumerate(lines) if (m := FILE_LABELS.search(line))), None)
    if top is None:
        return {}
    y0, match = top
    step = len(match[1]) + 1
    columns = {chr(ord("a") + i): match.start() + i * step for i in range(8)}
    left_edge = columns["a"] - (step - 1) // 2  # where the a-file's squares begin
    squares = {}
    for y in range(y0 + 1, len(lines)):
        if FILE_LABELS.search(lines[y]):
            break
        rank = re.search(r"(\d+) $", lines[y][:left_edge])
        if rank:
            squares.update({f"{f}{rank[1]}": (x, y) for f, x in columns.items()})
    return squares


def board_pieces(lines: list[str]) -> dict[str, str]:
    """The character at the centre of each square (where its piece stands; a space on an
    empty square)."""
    return {name: lines[y][x : x + 1] or " " for name, (x, y) in board_squares(lines).items()}


class Tab:
    """One browser tab on the served app (its own app process)."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        parts = urlsplit(url)
        host = f"{parts.scheme}://{parts.netloc}"
        # Nothing leaves this machine: the page's web font link is dropped, not waited on.
        page.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.startswith(host) else route.abort()
            ),
        )
        page.add_init_script(CATCH_TERMINAL)
        page.goto(url, wait_until="domcontentloaded")

    def lines(self) -> list[str]:
        return list(self.page.evaluate(SCREEN_LINES))

    def size(self) -> tuple[int, int]:
        """The terminal's columns and lines (textual-serve fits them to the page)."""
        cols, rows = self.page.evaluate(
            "() => [window.battlechessTerminal.cols, window.battlechessTerminal.rows]"
        )
        return int(cols), int(rows)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines())

    def wait_until(self, what: str, found: Callable[[list[str]], T]) -> T:
        """``found(screen lines)`` once it is truthy; AssertionError with the screen after
        ``WAIT_SECONDS``."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            result = found(self.lines())
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"no {what} in the browser after {WAIT_SECONDS}s:\n{self.text()}"
                )
            self.page.wait_for_timeout(100)

    def wait_for_text(self, text: str) -> None:
        self.wait_until(repr(text), lambda lines: any(text in line for line in lines))

    def press(self, *keys: str) -> None:
        """Keys as Playwright names them (``n``, ``Control+s``, ``Enter``), to the terminal."""
        self.page.focus(".xterm-helper-textarea")
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.focus(".xterm-helper-textarea")
        self.page.keyboard.type(text)

    def click_cell(self, column: int, row: int) -> None:
        """A mouse click on the middle of a terminal cell, in page pixels."""
        box = self.page.evaluate("""() => {
          const r = document.querySelector(".xterm-screen").getBoundingClientRect();
          const t = window.battlechessTerminal;
          return {x: r.left, y: r.top, w: r.width / t.cols, h: r.height / t.rows};
        }""")
        self.page.mouse.click(
            box["x"] + (column + 0.5) * box["w"], box["y"] + (row + 0.5) * box["h"]
        )

    def board(self, ready: Callable[[dict[str, str]], bool] = bool) -> dict[str, tuple[int, int]]:
        """The board's squares once it is drawn, settled (the same on two looks in a row, with
        the app's last line drawn on the terminal's last: the page first shows the app drawn
        at its starting size, a board that moves once the terminal is fitted to the page) and
        ``ready(pieces)`` (``pieces``: each square's character, see ``board_pieces``). A
        hot-seat hand-over, which hides the board until the next player is ready, is passed
        with Enter."""
        last: list[dict[str, tuple[int, int]]] = [{}]

        def shown(lines: list[str]) -> str:
            if any(HAND_OVER in line for line in lines):
                return "hand-over"
            squares, settled = board_squares(lines), last[0]
            last[0] = squares
            fitted = bool(lines and lines[-1].strip())  # drawn at the terminal's size
            held = squares and squares == settled and fitted
            return "board" if held and ready(board_pieces(lines)) else ""

        while self.wait_until("board or hand-over", shown) == "hand-over":
            self.press("Enter")
            self.wait_until("board", lambda lines: not any(HAND_OVER in x for x in lines))
        return last[0]

    def click_square(self, name: str) -> None:
        self.click_cell(*self.board()[name])
