"""How a Gladiator Chess game ends (GC-24, GC-33..GC-35, GC-37): one ``Outcome`` builder per
kind of ending, so the rules and the position text (which names the ending) make the same."""

from __future__ import annotations

from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending

from .tables import SIDE_NAMES, Tables


def checkmate(t: Tables, winner: int) -> Outcome:
    detail = f"the {SIDE_NAMES[1 - winner]} King cannot get out of check"
    return Outcome(winner, "checkmate", "GC-24, GC-33", detail, Ending.CHECKMATE)


def king_killed(t: Tables, winner: int, where: int) -> Outcome:
    detail = f"the {SIDE_NAMES[1 - winner]} King dies on {t.geo.name(where)}"
    return Outcome(winner, "King killed", "GC-33", detail, Ending.KING_KILLED)


def queen_held(t: Tables, winner: int) -> Outcome:
    detail = f"the {SIDE_NAMES[1 - winner]} Queen held {t.data.hold_turns} turns"
    return Outcome(winner, "Queen held", "GC-34", detail, Ending.QUEEN_HELD)


def no_moves(t: Tables) -> Outcome:
    detail = "neither team could move for a whole turn"
    return Outcome(None, "no team can move", "GC-35", detail, Ending.NO_MOVES)


def quiet(t: Tables) -> Outcome:
    detail = (
        f"{t.quiet_turns} full turns without a kill, capture, promotion or Footman or Squire move"
    )
    return Outcome(None, "quiet turns", "GC-37", detail, Ending.QUIET)
