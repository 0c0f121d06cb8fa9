"""The box for typed moves under the game board."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input

from battlechess_tui.ui.widgets.board import Board


class MoveInput(Input):
    """The box for typed moves. Escape empties it (and a second Escape, or an empty box,
    goes back to the board); its footer says so."""

    BINDINGS = [Binding("escape", "leave", "Board", id="battlechess.move-input-leave")]

    def action_leave(self) -> None:
        if self.value:
            self.value = ""
            return
        self.screen.query_one(Board).focus()
