"""One call for the engine's preferred decision in a position and the estimate for the side to
move (``decide``), whichever search the game has: its own searcher, else the generic one."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from battlechess_tui.ai.budget import DEFAULT_LEVEL, Budget
from battlechess_tui.ai.hint import Hint
from battlechess_tui.ai.scoring import unsquash
from battlechess_tui.ai.search import SearchPlayer
from battlechess_tui.ai.searched import hint_of
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.rules import Rules, S


@dataclass(frozen=True)
class Decision:
    """The preferred decision in a position and the estimate for the side to move: ``worth``
    in [-1, 1] (1 a won game), ``estimate`` in the game's unit (``Rules.estimate_unit``:
    pawns in the chess games; where a game has no unit, the worth itself), ``mate`` the plies
    to a forced end found (positive when the side to move wins), and the ``hint``."""

    action: Action
    worth: float
    estimate: float
    mate: int
    hint: Hint


def decide(
    rules: Rules[S],
    state: S,
    budget: Budget | None = None,
    rng: random.Random | None = None,
) -> Decision:
    """The engine's preferred decision for the seat to move in ``state`` (a position whose
    game goes on) and its estimate, within ``budget`` (the default level's if None): the
    game's searcher where it has one, else the generic search. Its best decision, whatever
    ``margin`` a level's budget carries (a draw offer's answer weighs the best)."""
    rng = rng or random.Random(0)
    budget = replace(budget or Budget.for_level(DEFAULT_LEVEL, rules=rules), margin=0.0)
    seat = rules.to_move(state)
    side = rules.side_of(seat)
    searcher = rules.searcher()
    if searcher is not None and len(rules.legal_actions(state)) > 1:
        found = searcher.search(state, budget, random.Random(rng.getrandbits(64)))
        hint = hint_of(rules, state, side, found, rng)
        estimate = found.value if rules.estimate_unit else hint.outlook
        return Decision(found.action, hint.outlook, estimate, found.mate, hint)
    hint = SearchPlayer(DEFAULT_LEVEL).analyse(rules, state, seat, rng, budget)
    estimate = unsquash(hint.outlook) if rules.estimate_unit else hint.outlook
    return Decision(hint.action, hint.outlook, estimate, 0, hint)
