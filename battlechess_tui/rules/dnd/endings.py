"""How a D&D Battle Chess game ends: the ``Outcome`` of each ending, built in one place so the
rules and the position notation (which stores only the kind and the winner) agree."""

from __future__ import annotations

from battlechess_tui.engine.rules import SIDE_NAMES as SIDES
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending


def king_fell(side: int) -> Outcome:
    """DD-9: ``side``'s King fell below 0 hit points; the other side wins."""
    return Outcome(1 - side, f"{SIDES[side]}'s King fell below 0 hit points", "DD-9",
                   kind=Ending.KING_KILLED)  # fmt: skip


def both_kings_fell() -> Outcome:
    """DD-4 (Ruling, round 2): both Kings fell in the same battle or spell: a draw."""
    return Outcome(None, "both Kings fell", "DD-4", kind=Ending.KING_KILLED)


def surrendered(side: int) -> Outcome:
    """DD-45: ``side``'s King surrendered instead of moving."""
    return Outcome(1 - side, f"{SIDES[side]}'s King surrendered", "DD-45", kind=Ending.SURRENDER)


def no_moves(side: int) -> Outcome:
    """DD-4: the player to move has no legal move: a draw."""
    return Outcome(None, f"{SIDES[side]} cannot move", "DD-4", kind=Ending.NO_MOVES)


def quiet(full_turns: int) -> Outcome:
    """DD-4 (Ruling, round 2): full turns in a row without a hit point lost: a draw."""
    return Outcome(None, f"{full_turns} full turns without damage", "DD-4", kind=Ending.QUIET)


def stored(kind: Ending, winner: int | None) -> Outcome:
    """The ending a state records (a King's fall, a surrender) from its kind and winner;
    ValueError for any other."""
    if kind == Ending.KING_KILLED:
        return both_kings_fell() if winner is None else king_fell(1 - winner)
    if kind == Ending.SURRENDER and winner is not None:
        return surrendered(1 - winner)
    raise ValueError(f"a position records only a King's fall or a surrender, not {kind!r}")
