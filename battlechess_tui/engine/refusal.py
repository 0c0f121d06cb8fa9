"""Why a decision is refused, in facts: what a rules package (or ``Game``) says, and a
presenter words (``Presenter.refusal_text``).

A ``Refusal`` is to a refused decision what a ``Note`` is to a change: its ``fact`` says which
statement (a ``SharedReason`` shared by every game, or a game's own ``Reason``), the particulars
say of what, and ``rule`` cites the rule that decides it. No sentence is written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.events import PieceRef


class SharedReason(StrEnum):
    """The refusals every game can give (a game's own are its ``Reason`` enum)."""

    GAME_OVER = "game-over"  # nothing is decided once the game has ended
    NOT_LEGAL = "not-legal"  # actions[0] is not a choice now (no game-specific reason)
    UNREADABLE = "unreadable"  # names[0]: why the canonical text cannot be read
    PROMOTION_UNSAID = "promotion-unsaid"  # actions: the promotions the move could make
    ANSWER_DRAW_OFFER = "answer-draw-offer"  # a draw offer waits for its answer
    NO_DRAW_OFFERED = "no-draw-offered"  # accept or decline, with no offer made
    NO_PIECE = "no-piece"  # squares[0] is empty
    NOT_YOURS = "not-yours"  # pieces[0] is the other side's
    SAME_SQUARE = "same-square"  # a move from a square to itself
    OWN_PIECE_THERE = "own-piece-there"  # pieces[0], on the target, is the mover's own
    CANNOT_REACH = "cannot-reach"  # pieces[0] cannot go from squares[0] to squares[1]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a decision is refused: the ``fact`` (a ``SharedReason`` or a game's ``Reason`` value),
    the ``squares``, ``pieces`` (``PieceRef``), ``numbers``, ``names`` (keys: a spell, a piece
    kind, a promotion letter) and ``actions`` it concerns (the refused one, or those offered
    instead, as each fact says), the ``side`` concerned and the ``rule`` ids that decide it
    (``"GC-27, GC-28"``; "" where no numbered rule does)."""

    fact: str
    squares: tuple[int, ...] = ()
    pieces: tuple[PieceRef, ...] = ()
    numbers: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()
    side: int | None = None
    rule: str = ""

    def plain(self) -> str:
        """The facts in one line, for a refusal no presenter has worded (never shown to
        players by the app, the CLI or lessons, which word every refusal)."""
        return f"refused: {self.fact}" + (f" ({self.rule})" if self.rule else "")
