"""The computer's turns and hints on the game table, and the pacing of the turns.

After every decision the dice tray shows its roll (the animation, if on, is waited for:
``DiceTray.Settled``) before what follows. The computer thinks in a thread worker on a snapshot
of the position (``ui/computer``) with a cancel event; its answer comes back in the worker's
state message on the UI thread and is played through ``play`` like a person's, once the last
roll has been in view for a moment, unless the position changed meanwhile (undo, a person's
override) or the game was left. A hint is worked out the same way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from textual import on
from textual.worker import Worker, WorkerState

from battlechess_tui.ai import Cancelled, Hint
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import META_KINDS, Game, Ply, Position
from battlechess_tui.ui import computer, views
from battlechess_tui.ui.screens.table import TableScreen
from battlechess_tui.ui.widgets.dice_tray import DiceTray

#: Seconds a decision's roll stays in view (after its animation) before the computer's next
#: decision lands, and between two decisions of the computer without dice.
ROLL_HOLD = 1.0
MOVE_HOLD = 0.5


@dataclass(frozen=True)
class Search:
    """A computer's decision or a hint being worked out for ``position`` (``kind``)."""

    kind: str  # "computer" or "hint"
    position: Position
    cancel: threading.Event


class ComputerTurns(TableScreen):
    """The game screen's part that plays the computer's seats and works out hints.

    A Screen class (not a plain mixin) so that its ``@on`` handlers are registered. The
    screen built on it makes decisions (``play``, which calls ``hold_in_view`` and
    ``when_settled``) and saves (``autosave``).
    """

    #: See ``ROLL_HOLD`` and ``MOVE_HOLD`` (tests may shorten them on an instance).
    roll_hold = ROLL_HOLD
    move_hold = MOVE_HOLD
    play: Callable[[Action | str], bool]
    autosave: Callable[[], None]

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.search: Search | None = None  # the computer's decision or a hint being worked out
        self._reply: tuple[Position, Action] | None = None  # the computer's, waiting to land
        self._landing = False  # playing the computer's decision (not a person's)
        self._settled: Callable[[], None] | None = None  # what waits for the tray's roll
        self._shown_at = 0.0  # when the last decision was fully shown (monotonic seconds)
        self._hold = 0.0  # how long it stays in view before the computer's next lands

    def on_screen_resume(self) -> None:
        """Back on the table (a dialog, help or the saves list closed): the computer's
        decision that waited lands, or its thinking starts."""
        self._land_reply()
        self.next_turn()

    def on_unmount(self) -> None:
        self.stop_search()

    # -- pacing: the roll in view before what follows -------------------------------------------

    def hold_in_view(self, ply: Ply) -> None:
        """Keep the decision just played in view a moment before the computer's next lands:
        longer after a roll, a little between the computer's own decisions."""
        self._hold = (
            self.roll_hold
            if ply.rolls
            else (self.move_hold if computer.is_computer(self.game, ply.seat) else 0.0)
        )
        self._shown_at = time.monotonic()

    def when_settled(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the dice tray has shown the roll just thrown (now, when it does
        not animate)."""
        if self.query_one(DiceTray).animating:
            self._settled = then
        else:
            self._settled = None
            then()

    @on(DiceTray.Settled)
    def _tray_settled(self) -> None:
        if self.query_one(DiceTray).animating:
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
        seat = computer.computer_seat(self.game)
        if seat is None or self._settled is not None or not self.is_current:
            return
        if self._reply is not None or (
            self.search is not None and self.search.position is self.game.position
        ):
            return
        request = computer.request(self.game, seat)
        self.message = " ".join(
            filter(None, (self.message, f"{computer.label(self.game, seat)} is thinking…"))
        )
        self._start_search("computer", partial(computer.think, request))

    def _start_search(self, kind: str, work: Callable[[threading.Event], Any]) -> None:
        """Work out ``work(cancel)`` in a thread worker for the position now."""
        self.stop_search()
        search = Search(kind, self.game.position, threading.Event())
        self.search = search
        self.run_worker(
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

    def stop_search(self) -> None:
        """Cancel the computer's thinking or a hint (the position changes, the game is left),
        and drop a decision of the computer waiting to land."""
        if self.search is not None:
            self.search.cancel.set()
            self.search = None
        self._reply = None

    @on(Worker.StateChanged)
    def _searched(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group not in ("computer", "hint"):
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
            self.message = f"No hint: {worker.error}"
            return
        seat = computer.computer_seat(self.game)
        choice = computer.fallback(self.game, seat) if seat is not None else None
        self.search = None
        self.notify(
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
        if not self.is_current or self._settled is not None:
            return  # resuming or the tray settling calls again
        wait = self._shown_at + self._hold - time.monotonic()
        if wait > 0:
            self.set_timer(wait, self._land_reply)
            return
        self._reply = None
        self._landing = True
        try:
            self.play(action)
        finally:
            self._landing = False

    def refused_now(self, on_computer_turn: str) -> bool:
        """Whether a person cannot act now, saying why: the game is over, or a computer is to
        decide (``on_computer_turn`` says so, ``{computer}`` standing for its name)."""
        game = self.game
        if game.over:
            self.message = "The game is over."
            return True
        seat = computer.computer_seat(game)
        if seat is not None:
            self.message = on_computer_turn.format(computer=computer.label(game, seat))
            return True
        return False

    # -- hints -----------------------------------------------------------------------------------

    def action_hint(self) -> None:
        """What the medium computer player would decide for the seat to move, shown on the
        board with its odds and why, and recorded in the save."""
        if self.refused_now("No hint on the computer's turn: {computer}."):
            return
        game = self.game
        if self.search is not None and self.search.kind == "hint":
            return  # already working it out
        self.message = "Hint: thinking…"
        self._start_search(
            "hint", partial(computer.advise, computer.request(game, game.to_move, "hint"))
        )

    def show_hint(self, hint: Hint) -> None:
        game, action = self.game, hint.action
        reason = hint.reason()
        game.take_hint(action, reason)
        self.autosave()
        words = (
            views.choice_label(game, action)
            if action.kind not in META_KINDS
            else action.kind.replace("-", " ")
        )
        self.aiming = None
        squares = action.squares
        if action.kind == MOVE and len(squares) >= 2:
            self.selected, self.cursor = squares[0], squares[-1]
        elif squares:
            self.selected, self.cursor = None, squares[0]
        self.show_board()
        self.sync_card()
        self.message = f"Hint: {words}" + (f" — {reason}" if reason else "")
