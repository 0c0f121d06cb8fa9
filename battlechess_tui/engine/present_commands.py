"""A presenter's table commands: a game's own keys (Gladiator's override) and the headings
of the table's list of choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.present_part import PresenterPart
from battlechess_tui.engine.rules import S


@dataclass(frozen=True)
class GameCommand:
    """A command of one game at the table (Gladiator's override): its key, its label and help
    line, the decision it makes, and what a refusal adds. The UI binds it; the game names it."""

    id: str
    keys: str  # key names, comma separated ("v")
    label: str  # a word for the footer and the command palette
    help: str  # one line: what it does
    action: Action  # the decision it makes, when that is legal
    when: str = ""  # said after a refusal: when the command may be used
    guide: str = ""  # a paragraph of the table's help on it

    def pick(self, actions: Sequence[Action]) -> Action | None:
        """The legal action of ``actions`` this command makes now (None: refused)."""
        return self.action if self.action in actions else None


@dataclass(frozen=True)
class ActionGroup:
    """A heading of the table's list of choices and the kinds of action listed under it; a
    group naming no kinds takes every kind no other group names."""

    title: str
    kinds: frozenset[str] = frozenset()


#: The one group of a game that names none of its own: every choice that is not a move.
CHOICES = ActionGroup("Choices")


class TableCommands(PresenterPart[S]):
    """The game's own commands and choices at the table (a part of ``Presenter``)."""

    def commands(self) -> tuple[GameCommand, ...]:
        """The game's own commands at the table (a key each), besides those of every game."""
        return ()

    def action_groups(self) -> tuple[ActionGroup, ...]:
        """The groups of the list of choices that are not moves (resigning and draws aside),
        in order; a choice goes under the first group naming its kind, else the catch-all."""
        return (CHOICES,)

    def declining(self, actions: Sequence[Action]) -> Action | None:
        """The choice of ``actions`` that declines what is offered when no piece moves (D&D's
        ``none``: the piece that moved does not act), offered first; None when there is none."""
        return None
