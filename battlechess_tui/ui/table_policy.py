"""What a game table does around the rules' decisions: a small policy object that each kind
of table hands its ``GameScreen`` (the open table, a campaign's game, a lesson, a puzzle, a
mistake retried) instead of subclassing the screen's play.

The screen asks its policy what a decision does, what follows it once its roll has been read,
what the end of the game shows, whether the game's file is kept, and where ``q`` goes. The
screen keeps the mechanics (the engine's play, the dice tray, the turn flow, the result
panel, the file); the policy only chooses among them, so a new kind of table is a policy and
perhaps a panel, never a copy of the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from textual.app import App
from textual.message import Message

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game, Ply
from battlechess_tui.ui.navigation import BackToMenu

__all__ = ["Decide", "PolicyTable", "PracticeTable", "TablePolicy"]

#: A decision tried at a practice table: True when it was taken (judged or played).
Decide = Callable[[Action | str], bool]


class PolicyTable(Protocol):
    """What a policy reaches on the table that holds it (the game screen)."""

    game: Game

    @property
    def app(self) -> App[Any]: ...

    def play_in_game(self, action: Action | str) -> bool:
        """The engine plays ``action`` (refused with its reason), shown with its roll."""
        ...

    def carry_on(self, ply: Ply) -> None:
        """After ``ply``'s roll is read: the result, a hand-over notice or the next turn."""
        ...

    def result_panel(self) -> None:
        """The open table's result panel (save, replay, analyse, rematch, new game)."""
        ...

    def autosave(self) -> None:
        """Write the game's own file (where the policy keeps one)."""
        ...

    def leave(self, to: Message | None) -> None:
        """Off the table: to ``to``'s screen, or (None) back to the screen under it."""
        ...


class TablePolicy:
    """The open table's: a decision is played; once its roll is read the result, a
    hand-over or the next turn follows; the game's file is written after every decision;
    ``q`` goes back to the menu."""

    #: Where ``q`` goes: the leave slot of the game screen that this policy enables.
    leaves_to: ClassVar[str] = "menu"
    #: Is the game's file written after every decision?
    keeps_file: ClassVar[bool] = True

    def decide(self, table: PolicyTable, action: Action | str) -> bool:
        """A decision made at the table (typed, chosen or the computer's)."""
        return table.play_in_game(action)

    def after_play(self, table: PolicyTable, ply: Ply) -> None:
        """What follows a decision once its roll has been read."""
        table.carry_on(ply)

    def game_over(self, table: PolicyTable) -> None:
        """The end of the game (also when a finished game is opened)."""
        table.result_panel()

    def leave(self, table: PolicyTable) -> None:
        """``q``: the game is kept and the player goes back to the menu."""
        table.autosave()
        table.leave(BackToMenu())

    def closed(self) -> None:
        """The table is gone: give back what the policy holds."""


class PracticeTable(TablePolicy):
    """A lesson, a puzzle or a mistake retried: ``decide`` judges a decision (the lesson's
    run plays it, a puzzle or a mistake only judges it); its own words say what happened, so
    nothing follows a decision and no result panel shows; nothing is saved; ``q`` goes back to
    the list the practice came from."""

    leaves_to = "back"
    keeps_file = False

    def __init__(self, decide: Decide) -> None:
        self._decide = decide

    def decide(self, table: PolicyTable, action: Action | str) -> bool:
        return self._decide(action)

    def after_play(self, table: PolicyTable, ply: Ply) -> None:
        """The practice's own words follow the decision."""

    def game_over(self, table: PolicyTable) -> None:
        """The practice's own words say the game is over."""

    def leave(self, table: PolicyTable) -> None:
        table.leave(None)
