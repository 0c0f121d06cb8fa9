"""How a Dice Chess position stands, for computer players: how sure each side's lead is.

A game that stalls is scored by the faces on the board (DC-12, DC-14), and nearly every game
ends that way, so the lead that matters is the difference of the board totals, with the
captured faces breaking a tie. How sure that lead is depends on how much it can still change:
each capture moves it by a few pips (a face leaves the board and the capturer is rerolled,
DC-9, DC-10), and a capture can only happen while the stall clock (DC-12, DC-14) leaves time
for some die to reach an enemy die it may take (DC-8). The estimate is therefore the lead
divided by the spread of the changes still to come, so a side behind gains by closing in
(and by each capture, which restarts the clock) and a side ahead by keeping its distance and
letting the clock run. Each swap in the setup phase (DC-2) costs a little more than the one
before, so a computer player swaps only to arrange its dice better and soon says "done".
"""

from __future__ import annotations

import math
from typing import Protocol

from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dice_chess import reach
from battlechess_tui.rules.dice_chess.state import DiceChessState


class DiceChessNumbers(Protocol):
    """What the estimate reads of Dice Chess's rules (``DiceChessRules``, which imports this
    module)."""

    @property
    def geo(self) -> Geometry: ...
    @property
    def stall_plies(self) -> int: ...
    @property
    def opening_plies(self) -> int: ...


#: Spread of the lead, in pips, that one capture adds: the victim's face leaves and the
#: capturer's face is rerolled (about 1.7 pips for the reroll alone).
SWING = 2.5
#: Spread left when no capture can happen before the game is scored: a lead of one pip is
#: then nearly sure.
SURE = 0.5
#: Captures expected beyond the clock once the armies are in reach (each restarts it).
FIGHT_ON = 2.0
#: Turns assumed left on a clock that never runs out (``opening_turns`` 0 before a capture).
NO_LIMIT_TURNS = 20
#: A tied board is broken by the captured faces (DC-12): worth this share of a pip.
TIE_BREAK = 0.5
#: The estimate, in pawns, of a lead one spread wide (the players read 5 as about 70%).
PAWNS_PER_SPREAD = 5.0
#: What the first swap in the setup phase costs, in pawns; each further one costs this much
#: more than the one before. A shallow search sees the other side's answer to "done" but not
#: to one more swap, so swaps look a little better than they are: the rising cost outweighs
#: that after a swap or two, while a swap that truly gains is still made.
SWAP_COST = 0.2
#: Swaps past this many cost no more: the cost only has to stop a computer early, and a side
#: that swapped all 32 times (a person, or the random player) must not drown out the board.
SWAPS_COUNTED = 6
#: Captures a fight is expected to add, beyond ``FIGHT_ON``, for each enemy die the side
#: behind could take within one stall clock's moves: the more dice it has in reach, the
#: longer it can keep restarting the clock, and the less the other side can escape them all.
PER_PREY = 1.0
#: At most this many enemy dice in reach are counted for each of the chaser's dice that has
#: one in reach: a lone raider among many enemy dice makes a capture or two before it is
#: taken or the clock runs out, so the chaser gains by bringing more dice up, not one deep.
PREY_PER_HUNTER = 2


def evaluate(rules: DiceChessNumbers, state: DiceChessState, side: int, lean: float = 0.0) -> float:
    """``side``'s estimate of ``state``: its lead over the other in spreads, in pawns; with
    ``lean``, as if ``side`` were that many pips further behind."""
    totals = state.board_totals()
    pips = totals[side] - totals[side ^ 1]
    taken = state.captured_total(side) - state.captured_total(side ^ 1)
    lead = pips + TIE_BREAK * ((taken > 0) - (taken < 0)) - lean
    behind = None if lead == 0 else side if lead < 0 else side ^ 1
    spread = math.sqrt(SURE**2 + SWING**2 * captures_to_come(rules, state, behind))
    fuss = 0.0
    if state.setup:  # once play starts, how the dice were arranged is on the board
        fuss = swap_cost(state.swaps[side]) - swap_cost(state.swaps[side ^ 1])
    return PAWNS_PER_SPREAD * lead / spread - fuss


def swap_cost(swaps: int) -> float:
    """What ``swaps`` swaps cost together: 1, 2, 3... times ``SWAP_COST`` each, up to
    ``SWAPS_COUNTED`` of them."""
    counted = min(swaps, SWAPS_COUNTED)
    return SWAP_COST * counted * (counted + 1) / 2


def captures_to_come(
    rules: DiceChessNumbers, state: DiceChessState, chaser: int | None = None
) -> float:
    """How many captures may still change the lead: the turns the clock leaves once a die
    can first reach a die it may take, and more for the fight that follows. The side behind
    (the ``chaser``) is the one that wants captures, so its own reach is what counts: the side
    ahead need not take anything. A position of the setup phase counts as the start of
    play, White to move (DC-2)."""
    left = plies_left(rules, state)
    mover = 0 if state.setup else state.side
    limit = left // 2 + 2
    armies = reach.Armies.of(rules.geo, state)  # built once for both questions

    def first_ply(side: int) -> int:  # the ply at which ``side`` could first capture
        moves = armies.soonest(side, limit)
        return 2 * moves - 1 if side == mover else 2 * moves

    first = min(first_ply(0), first_ply(1)) if chaser is None else first_ply(chaser)
    room = left - first + 1
    if room <= 0:
        return 0.0
    fight = FIGHT_ON
    if chaser is not None:
        moves = rules.stall_plies // 2
        prey = armies.prey_in_reach(chaser, moves)
        if prey > PREY_PER_HUNTER:  # else one die in reach already counts them all
            prey = min(prey, PREY_PER_HUNTER * armies.hunters(chaser, moves))
        fight += PER_PREY * prey
    return room / 2 + fight


def plies_left(rules: DiceChessNumbers, state: DiceChessState) -> int:
    """Plies until the stall clock scores the game if nobody captures (DC-12, DC-14)."""
    opening = rules.opening_plies or 2 * NO_LIMIT_TURNS
    limit = rules.stall_plies if state.any_capture else opening
    return max(0, limit - state.quiet)
