"""Draw offers: a computer accepts one only when its own searched estimate is clearly behind
(a won or level position is never given away), and it never offers one."""

from __future__ import annotations

import random

from battlechess_tui.ai.budget import Budget
from battlechess_tui.ai.decide import decide
from battlechess_tui.ai.players import held
from battlechess_tui.ai.scoring import squash
from battlechess_tui.engine.rules import Rules, S

#: Behind by more than this (in the game's unit; pawns) is clearly behind.
CLEARLY_BEHIND = 1.5
#: The same as a worth, for games whose estimate has no unit (a measure of chances).
BEHIND_WORTH = squash(-CLEARLY_BEHIND)


def accepts_draw(
    rules: Rules[S], state: S, seat: str, budget: Budget, rng: random.Random | None = None
) -> bool:
    """Does the computer holding ``seat`` accept a draw offered now? Only when the search
    (from whichever side is to move) finds its side clearly behind."""
    if rules.outcome(state) is not None or not rules.legal_actions(state):
        return False
    side, _ = held(rules, seat)
    decision = decide(rules, state, budget, rng or random.Random(0))
    worth = decision.worth if rules.side_to_move(state) == side else -decision.worth
    return worth < BEHIND_WORTH
