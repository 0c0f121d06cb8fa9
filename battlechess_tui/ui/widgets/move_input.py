"""The box for typed moves under the game board."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input

from battlechess_tui.ui.widgets.board import Board


class MoveInput(Input):
    """The box for typed moves. Escape empties it and goes back to the board, where the
    keys are commands again (``H`` asks a hint); its footer says so."""

    BINDINGS = [Binding("escape", "leave", "Board", id="battlechess.move-input-leave")]

    def action_leave(self) -> None:
        self.value = ""
        self.screen.set_focus(self.screen.query_one(Board))
