"""What a player sees: the app's screen as plain lines of text (the compositor's last frame)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget


def screen_lines(app: App[Any]) -> list[str]:
    """Every line of the screen as drawn now, without styles."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True), end="")
    return console.export_text(styles=False).splitlines()[:height]


def text_in(app: App[Any], region: Region) -> str:
    """The screen's text inside ``region`` (a widget's region on screen), line by line."""
    lines = screen_lines(app)
    return "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])


def seen(app: App[Any], widget: Widget) -> str:
    """What of ``widget`` is visible on screen now (its scrollbars left out)."""
    return text_in(app, widget.scrollable_content_region)


def top_row(screen: Any) -> int:
    """The screen line a table's board draws its top rank on (its label at the board's left)."""
    from battlechess_tui.ui.widgets.board import Board

    board = screen.query_one(Board)
    label = str(1 if board.flipped else screen.game.rules.geo.height)
    x = board.region.x
    for y, line in enumerate(screen_lines(screen.app)):
        if line[x : x + 3].split()[:1] == [label]:
            return y
    raise AssertionError("no board on screen:\n" + "\n".join(screen_lines(screen.app)))
