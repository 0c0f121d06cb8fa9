"""``Presenter[S]``: what people see of a game, apart from its rules.

A presenter turns a game's states and actions into words and view models (``engine/views.py``):
the board's pieces and marks, the turn banner's status, the tally sheet, the piece card, odds
as text, the move log's notation. The UI reads presenters only; rules never read them. Each
game's presenter lives beside its rules (``rules/<game>/present.py``).

A presenter is made of parts, each in a module of its own with defaults a game overrides only
where it has something to say: the move log (``present_log.MoveLog``), the words of what
happened (``present_words.EventWords``), the views (``present_views.BoardViews``) and the
table's commands (``present_commands.TableCommands``).
"""

from __future__ import annotations

from abc import ABC

from battlechess_tui.engine.present_commands import CHOICES, ActionGroup, GameCommand, TableCommands
from battlechess_tui.engine.present_log import ENDING_WORDS, TABLE_NOTATION, MoveLog
from battlechess_tui.engine.present_views import BoardViews
from battlechess_tui.engine.present_words import (
    SHARED_NOTE_WORDS,
    SHARED_REFUSAL_WORDS,
    EventWords,
    NoteWords,
    RefusalWords,
)
from battlechess_tui.engine.rules import S

__all__ = [
    "CHOICES",
    "ENDING_WORDS",
    "SHARED_NOTE_WORDS",
    "SHARED_REFUSAL_WORDS",
    "TABLE_NOTATION",
    "ActionGroup",
    "BoardViews",
    "EventWords",
    "GameCommand",
    "MoveLog",
    "NoteWords",
    "Presenter",
    "RefusalWords",
    "TableCommands",
]


class Presenter(ABC, MoveLog[S], EventWords[S], BoardViews[S], TableCommands[S]):
    """The words and views of one game, read off its ``Rules``: its move log, the words of
    what happened, its views and its table commands."""
