"""How a Gladiator Chess game ends (GC-24, GC-33..GC-35, GC-37): one ``Outcome`` builder per
kind of ending, so the rules and the position text (which names the ending) make the same.
The numbers are the presenter's to word (the square a King died on, the turns counted)."""

from __future__ import annotations

from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending

from .tables import Tables


def checkmate(t: Tables, winner: int) -> Outcome:
    return Outcome(winner, rule="GC-24, GC-33", kind=Ending.CHECKMATE)


def king_killed(t: Tables, winner: int, where: int) -> Outcome:
    return Outcome(winner, rule="GC-33", kind=Ending.KING_KILLED, numbers=(where,))


def queen_held(t: Tables, winner: int) -> Outcome:
    return Outcome(winner, rule="GC-34", kind=Ending.QUEEN_HELD, numbers=(t.data.hold_turns,))


def no_moves(t: Tables) -> Outcome:
    return Outcome(None, rule="GC-35", kind=Ending.NO_MOVES)


def quiet(t: Tables) -> Outcome:
    return Outcome(None, rule="GC-37", kind=Ending.QUIET, numbers=(t.quiet_turns,))
