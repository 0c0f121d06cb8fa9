"""How a D&D Battle Chess game ends: the ``Outcome`` of each ending, built in one place so the
rules and the position notation (which stores only the kind and the winner) agree. The
presenter words them (``DndPresenter.outcome_reason``)."""

from __future__ import annotations

from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending


def king_fell(side: int) -> Outcome:
    """DD-9: ``side``'s King fell below 0 hit points; the other side wins."""
    return Outcome(1 - side, rule="DD-9", kind=Ending.KING_KILLED)


def both_kings_fell() -> Outcome:
    """DD-4 (Ruling, round 2): both Kings fell in the same battle or spell: a draw."""
    return Outcome(None, rule="DD-4", kind=Ending.KING_KILLED)


def surrendered(side: int) -> Outcome:
    """DD-45: ``side``'s King surrendered instead of moving."""
    return Outcome(1 - side, rule="DD-45", kind=Ending.SURRENDER)


def no_moves(side: int) -> Outcome:
    """DD-4: the player to move (``numbers[0]``) has no legal move: a draw."""
    return Outcome(None, rule="DD-4", kind=Ending.NO_MOVES, numbers=(side,))


def quiet(full_turns: int) -> Outcome:
    """DD-4 (Ruling, round 2): full turns in a row without a hit point lost: a draw."""
    return Outcome(None, rule="DD-4", kind=Ending.QUIET, numbers=(full_turns,))


def stored(kind: Ending, winner: int | None) -> Outcome:
    """The ending a state records (a King's fall, a surrender) from its kind and winner;
    ValueError for any other."""
    if kind == Ending.KING_KILLED:
        return both_kings_fell() if winner is None else king_fell(1 - winner)
    if kind == Ending.SURRENDER and winner is not None:
        return surrendered(1 - winner)
    raise ValueError(f"a position records only a King's fall or a surrender, not {kind!r}")
