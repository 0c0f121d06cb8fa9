"""A position drawn with Rich for the terminal (``battlechess show``): letters for pieces
(upper case White, lower case Black), hit points after a hurt piece, marks beside it."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from battlechess_tui.engine.geometry import FILES
from battlechess_tui.engine.views import PieceView

LIGHT, DARK = "on grey85", "on grey66"


def cell_text(view: PieceView | None, mark: str) -> str:
    """``N``, ``q3/8`` (a hurt piece: hit points of its most), ``r❄``, or ``.``."""
    if view is None:
        return mark or "."
    text = view.letter + view.label
    if view.hurt:
        text += f"{view.hp}/{view.max_hp}"
    shown = "".join(m.glyph() for m in view.marks if m.shown)
    return text + shown + mark


def board_table(presenter: Any, state: Any) -> Table:
    geo = presenter.geo
    marks = presenter.square_marks(state)
    table = Table(show_header=True, show_edge=False, box=None, padding=(0, 1), pad_edge=False)
    table.add_column("")
    for x in range(geo.width):
        table.add_column(FILES[x], justify="center")
    for y in reversed(range(geo.height)):
        row: list[Text | str] = [str(y + 1)]
        for x in range(geo.width):
            sq = geo.square(x, y)
            mark = marks[sq].glyph() if sq in marks else ""
            view = presenter.piece_view(state, sq)
            style = "bold" if view is not None and view.side == 0 else ""
            square = LIGHT if (x + y) % 2 else DARK
            row.append(Text(cell_text(view, mark), style=f"{style} black {square}".strip()))
        table.add_row(*row)
    return table
