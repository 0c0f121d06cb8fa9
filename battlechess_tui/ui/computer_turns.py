"""The computer's turns and hints at a game's table, and the pacing of the turns: a part the
game screen holds (``GameScreen.turns``), not a class it inherits.

After every decision the dice tray shows its roll (the animation, if on, is waited for: the
screen passes ``DiceTray.Settled`` on to ``tray_settled``) before what follows. The computer
thinks in a thread worker on a snapshot of the position (``ui/computer``) with a cancel event;
its answer comes back in the worker's state message on the UI thread (passed on to
``searched``) and is played through the table's ``play`` like a person's, once the last roll
has been in view for a moment, unless the position changed meanwhile (undo, a person's
override) or the game was left. A hint is worked out the same way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from textual.notifications import SeverityLevel
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from battlechess_tui.ai import Cancelled, Hint
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import META_KINDS, Game, Ply, Position
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.ui import computer, views

#: Seconds a decision's roll stays in view (after its animation) before the computer's next
#: decision lands, and between two decisions of the computer without dice.
ROLL_HOLD = 1.0
MOVE_HOLD = 0.5
#: The worker groups of the computer's decisions and of hints.
SEARCH_GROUPS = ("computer", "hint")


@dataclass(frozen=True)
class Search:
    """A computer's decision or a hint being worked out for ``position`` (``kind``)."""

    kind: str  # "computer" or "hint"
    position: Position
    cancel: threading.Event


class TurnsTable(Protocol):
    """What the computer's turns need of the table that holds them (the game screen)."""

    game: Game
    message: str
    actions: list[Action]
    roll_hold: float  # seconds a roll stays in view (tests shorten them on a screen)
    move_hold: float

    @property
    def is_current(self) -> bool: ...

    @property
    def rolling(self) -> bool:
        """Is the dice tray still showing a roll thrown?"""

    def play(self, action: Action | str) -> bool: ...

    def autosave(self) -> None: ...

    def point_at(self, action: Action) -> None:
        """Show ``action`` on the board: its piece picked up, the cursor on its target."""

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information"
    ) -> None: ...

    def run_worker(
        self,
        work: Callable[[], object],
        *,
        name: str,
        group: str,
        exclusive: bool,
        thread: bool,
        exit_on_error: bool,
    ) -> object: ...

    def set_timer(self, delay: float, callback: Callable[[], object]) -> Timer: ...


class ComputerTurns:
    """Plays the computer's seats and works out hints for the table that holds it."""

    def __init__(self, table: TurnsTable) -> None:
        self.table = table
        self.search: Search | None = None  # the computer's decision or a hint being worked out
        self.landing = False  # playing the computer's decision (not a person's)
        self._reply: tuple[Position, Action] | None = None  # the computer's, waiting to land
        self._settled: Callable[[], None] | None = None  # what waits for the tray's roll
        self._shown_at = 0.0  # when the last decision was fully shown (monotonic seconds)
        self._hold = 0.0  # how long it stays in view before the computer's next lands

    @property
    def game(self) -> Game:
        return self.table.game

    def resume(self) -> None:
        """Back on the table (a dialog, help or the saves list closed): the computer's
        decision that waited lands, or its thinking starts."""
        self._land_reply()
        self.next_turn()

    # -- pacing: the roll in view before what follows -------------------------------------------

    def hold_in_view(self, ply: Ply) -> None:
        """Keep the decision just played in view a moment before the computer's next lands:
        longer after a roll, a little between the computer's own decisions."""
        table = self.table
        self._hold = (
            table.roll_hold
            if ply.rolls
            else (table.move_hold if computer.is_computer(self.game, ply.seat) else 0.0)
        )
        self._shown_at = time.monotonic()

    def when_settled(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the dice tray has shown the roll just thrown (now, when it does
        not animate)."""
        if self.table.rolling:
            self._settled = then
        else:
            self._settled = None
            then()

    def tray_settled(self) -> None:
        """The dice tray has shown its roll: what waited for it follows."""
        if self.table.rolling:
            return
        self._shown_at = time.monotonic()
        then, self._settled = self._settled, None
        if then is not None:
            then()
        self._land_reply()

    # -- the computer's turns --------------------------------------------------------------------

    def next_turn(self) -> None:
        """Start the computer's thinking if the decision now is a computer's (once per
        position; never under a dialog or while a roll is still being shown)."""
        game, table = self.game, self.table
        seat = computer.computer_seat(game)
        if seat is None or self._settled is not None or not table.is_current:
            return
        if self._reply is not None or (
            self.search is not None and self.search.position is game.position
        ):
            return
        request = computer.request(game, seat)
        table.message = " ".join(
            filter(None, (table.message, f"{computer.label(game, seat)} is thinking…"))
        )
        self._start_search("computer", partial(computer.think, request))

    def _start_search(self, kind: str, work: Callable[[threading.Event], Any]) -> None:
        """Work out ``work(cancel)`` in a thread worker for the position now."""
        self.stop()
        search = Search(kind, self.game.position, threading.Event())
        self.search = search
        self.table.run_worker(
            partial(self._search_in_thread, search, work),
            name=kind,
            group=kind,
            exclusive=True,
            thread=True,
            exit_on_error=False,
        )

    @staticmethod
    def _search_in_thread(
        search: Search, work: Callable[[threading.Event], Any]
    ) -> tuple[Search, Any]:
        try:
            return search, work(search.cancel)
        except Cancelled:
            return search, None

    def stop(self) -> None:
        """Cancel the computer's thinking or a hint (the position changes, the game is left),
        and drop a decision of the computer waiting to land."""
        if self.search is not None:
            self.search.cancel.set()
            self.search = None
        self._reply = None

    def searched(self, event: Worker.StateChanged) -> None:
        """A worker's state changed: a decision or a hint worked out lands or is shown."""
        worker = event.worker
        if worker.group not in SEARCH_GROUPS:
            return
        event.stop()
        if event.state == WorkerState.ERROR:
            self._search_failed(worker)
            return
        if event.state != WorkerState.SUCCESS or worker.result is None:
            return
        search: Search = worker.result[0]
        answer = worker.result[1]
        stale = search is not self.search or search.position is not self.game.position
        if answer is None or stale:
            return  # cancelled, or for a position that is gone
        self.search = None
        if isinstance(answer, Hint):
            self.show_hint(answer)
        else:
            self._reply = (search.position, answer)
            self._land_reply()

    def _search_failed(self, worker: Worker[Any]) -> None:
        """A computer player's error is never a crash: it plays a random decision instead."""
        if worker.group == "hint":
            self.search = None
            self.table.message = f"No hint: {worker.error}"
            return
        seat = computer.computer_seat(self.game)
        choice = computer.fallback(self.game, seat) if seat is not None else None
        self.search = None
        self.table.notify(
            f"The computer's search failed ({worker.error}); it played at random.",
            title="Computer",
            severity="warning",
        )
        if choice is not None:
            self._reply = (self.game.position, choice)
            self._land_reply()

    def _land_reply(self) -> None:
        """Play the computer's decision when nothing hides it or the last roll: on this table,
        the roll's animation over, and the last decision in view long enough."""
        if self._reply is None:
            return
        position, action = self._reply
        if position is not self.game.position:
            self._reply = None
            return
        if not self.table.is_current or self._settled is not None:
            return  # resuming or the tray settling calls again
        wait = self._shown_at + self._hold - time.monotonic()
        if wait > 0:
            self.table.set_timer(wait, self._land_reply)
            return
        self._reply = None
        self.landing = True
        try:
            self.table.play(action)
        finally:
            self.landing = False

    # -- who may decide now ----------------------------------------------------------------------

    def refused_now(self, on_computer_turn: str) -> bool:
        """Whether a person cannot act now, saying why: the game is over, or a computer is to
        decide (``on_computer_turn`` says so, ``{computer}`` standing for its name)."""
        game = self.game
        if game.over:
            self.table.message = "The game is over."
            return True
        seat = computer.computer_seat(game)
        if seat is not None:
            self.table.message = on_computer_turn.format(computer=computer.label(game, seat))
            return True
        return False

    def refusal(self, action: Action | str) -> str | None:
        """Why a person may not make ``action``: a computer holds the seat deciding it (None
        while the computer's own decision lands)."""
        game = self.game
        if self.landing or not game.computers or game.over:
            return None
        try:
            parsed = game.parse(action) if isinstance(action, str) else action
        except IllegalAction:
            seat = computer.computer_seat(game)
            return (
                None
                if seat is None
                else f"{computer.label(game, seat)} is to move: wait for its decision"
            )
        if parsed.kind in META_KINDS or parsed not in self.table.actions:
            decider = game.to_move
        else:
            decider = game.rules.decider(game.state, parsed)
        if computer.is_computer(game, decider):
            return f"{views.seat_of(game, decider).label} is played by the computer"
        return None

    # -- hints -----------------------------------------------------------------------------------

    def hint(self) -> None:
        """What the medium computer player would decide for the seat to move, shown on the
        board with its odds and why, and recorded in the save."""
        if self.refused_now("No hint on the computer's turn: {computer}."):
            return
        game = self.game
        if self.search is not None and self.search.kind == "hint":
            return  # already working it out
        self.table.message = "Hint: thinking…"
        self._start_search(
            "hint", partial(computer.advise, computer.request(game, game.to_move, "hint"))
        )

    def show_hint(self, hint: Hint) -> None:
        """Show ``hint`` on the board with its odds and why, and record it in the save."""
        game, action, table = self.game, hint.action, self.table
        reason = hint.reason()
        game.take_hint(action, reason)
        table.autosave()
        words = (
            views.choice_label(game, action)
            if action.kind not in META_KINDS
            else action.kind.replace("-", " ")
        )
        table.point_at(action)
        table.message = f"Hint: {words}" + (f" — {reason}" if reason else "")
