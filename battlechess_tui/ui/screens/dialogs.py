"""Small modal screens: the hand-over notice, the result panel, a choice and a yes/no (a
takeback request is one, with Accept and Refuse).

Each answers once: a second key (Enter pressed twice, a click and a key) arriving before the
screen has gone is ignored. Names and results are shown as text, never read as markup.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option

T = TypeVar("T")
R = TypeVar("R")


class Dialog(ModalScreen[R]):
    """A modal screen that is dismissed once only."""

    _answered = False

    def answer(self, result: R) -> None:
        if self._answered or not self.is_active:
            return
        self._answered = True
        self.dismiss(result)


def text_label(text: str, classes: str) -> Label:
    """A label that shows ``text`` as it is (a name with ``[b]`` in it stays as typed)."""
    return Label(Text(text), classes=classes)


class HandOver(Dialog[None]):
    """Pass-and-play etiquette: the board is hidden until the next player is ready. ``last``
    tells what happened since they last decided (a line per decision, with its consequences).
    """

    DEFAULT_CSS = """
    HandOver .hand-over-story { text-align: left; margin-bottom: 1; }
    """

    BINDINGS = [Binding("enter,space,escape", "dismiss_notice", "Ready", id="battlechess.ready")]

    def __init__(self, next_player: str, last: str) -> None:
        super().__init__(classes="dialog-screen hand-over")
        self.next_player = next_player
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield text_label(self.last, "dialog-note hand-over-story")
            yield text_label(f"Hand over to {self.next_player}", "dialog-title")
            yield text_label("Press Enter when ready.", "dialog-note")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Ready", variant="primary", id="ready")

    @on(Button.Pressed, "#ready")
    def action_dismiss_notice(self) -> None:
        self.answer(None)


class ResultPanel(Dialog[str | None]):
    """Game over: the result, the reason, and what to do next."""

    BINDINGS = [
        Binding("s", "choose('save')", "Save", id="battlechess.result-save"),
        Binding("r", "choose('replay')", "Replay", id="battlechess.result-replay"),
        Binding("y", "choose('analyse')", "Analyse", id="battlechess.result-analyse"),
        Binding("l,L", "choose('learn')", "Learn", id="battlechess.result-learn", show=False),
        Binding("a", "choose('rematch')", "Rematch", id="battlechess.result-rematch"),
        Binding("n", "choose('new')", "New game", id="battlechess.result-new"),
        Binding("escape,b", "choose('board')", "Board", id="battlechess.result-board"),
    ]
    #: The buttons, as (choice dismissed with, label naming its key); match ``BINDINGS``.
    BUTTONS: tuple[tuple[str, str], ...] = (
        ("save", "Save (s)"),
        ("replay", "Replay (r)"),
        ("analyse", "Analyse (y)"),
        ("rematch", "Rematch (a)"),
        ("new", "New game (n)"),
        ("board", "Board (esc)"),
    )
    #: Buttons a row (80 columns hold three).
    PER_ROW = 3

    def __init__(self, result: str, moves: int) -> None:
        super().__init__(classes="dialog-screen")
        self.result = result
        self.moves = moves

    @property
    def length(self) -> str:
        """``after 32 moves``: moves as the move log numbers them (White's and Black's
        sharing a number, a team's turn one move, a draw offer none)."""
        if not self.moves:
            return "before any move"
        return f"after {self.moves} move{'s' if self.moves != 1 else ''}"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog result"):
            yield text_label("Game over", "dialog-title")
            yield text_label(self.result, "result-text")
            yield text_label(self.length, "dialog-note")
            for start in range(0, len(self.BUTTONS), self.PER_ROW):
                with Horizontal(classes="dialog-buttons"):
                    for index, (choice, label) in enumerate(self.BUTTONS[start:][: self.PER_ROW]):
                        primary = start + index == 0
                        yield Button(label, id=choice, variant="primary" if primary else "default")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.answer(choice)


class ChoiceDialog(Dialog[Any], Generic[T]):
    """Pick one of several actions that share squares (a promotion piece, a spell...)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="battlechess.choice-cancel")]

    def __init__(self, title: str, options: list[tuple[T, str]]) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield text_label(self.title_text, "dialog-title")
            yield OptionList(
                *(Option(Text(text), id=str(i)) for i, (_, text) in enumerate(self.options)),
                markup=False,
            )

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.answer(self.options[int(event.option_id or 0)][0])

    def action_cancel(self) -> None:
        self.answer(None)


class Confirm(Dialog[bool]):
    """A yes/no question (``y``/``n``; Escape says no); ``yes`` and ``no`` name the buttons
    (a takeback request: Accept, Refuse)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="battlechess.confirm-yes"),
        Binding("n,escape", "answer(False)", "No", id="battlechess.confirm-no"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield text_label(self.question, "dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
                yield Button(f"{self.no} (n)", id="no", variant="primary")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.answer(yes)
