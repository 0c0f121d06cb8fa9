"""The arena games' searcher (``Rules.searcher``): arena and brawl.

No dice are thrown in these games (a gladiator capture always succeeds, AR-7), so the search is
a plain iterative-deepening alpha-beta over decisions: a turn is two decisions by the same side
(AR-4), so a child's value is negated only where the side to move changes. The rules' frozen
states are the nodes (they hash by position and counters: the transposition table's keys);
captures are searched first (the table's move, then captures, then killers), and at the
horizon a gladiator half goes on through its captures (quiescence).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.deepening import check, deepen
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import Found, IllegalAction, Limits, Rules
from battlechess_tui.rules.arena.state import GLADIATOR, ArenaState

#: A won game in the searcher's unit (centipawns), less one per decision to it.
MATE = 100_000
MATE_BOUND = MATE - 1_000
INF = 10 * MATE
MAX_DEPTH = 64
EXACT, LOWER, UPPER = 0, 1, 2
CENTIPAWNS = 100.0


@dataclass
class ArenaSearch:
    """One search: the rules, the limits, the table and the killers."""

    rules: Rules[ArenaState]
    limits: Limits | None
    nodes: int = 0
    tt: dict[ArenaState, tuple[int, int, int, Action | None]] = field(default_factory=dict)
    killers: dict[int, Action] = field(default_factory=dict)
    dice: Dice = field(default_factory=lambda: Dice(random.Random(0)))
    #: A plain fixed-depth search (no quiescence, no distance to a win, the table only at
    #: equal depth), whose value equals minimax's.
    exact: bool = False

    def tick(self) -> None:
        self.nodes += 1
        check(self.nodes, self.limits)

    def child(self, state: ArenaState, action: Action) -> ArenaState:
        return self.rules.apply(state, action, self.dice)[0]

    def value(self, state: ArenaState, ply: int) -> int | None:
        """An ended game's value for the side to move, else None."""
        outcome = self.rules.outcome(state)
        if outcome is None:
            return None
        if outcome.winner is None:
            return 0
        won = MATE if self.exact else MATE - ply
        return won if outcome.winner == state.side else -won

    def estimate(self, state: ArenaState) -> int:
        return round(CENTIPAWNS * self.rules.evaluate(state, state.side))

    def captures_first(
        self, state: ArenaState, actions: list[Action], first: Action | None, ply: int
    ) -> list[Action]:
        board, killer = state.board, self.killers.get(ply)

        def rank(a: Action) -> int:
            if a == first:
                return 3
            if board[a.squares[1]]:
                return 2
            return 1 if a == killer else 0

        return sorted(actions, key=rank, reverse=True)

    def node(self, state: ArenaState, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax value (fail-soft) for the side to move in ``state``."""
        self.tick()
        ended = self.value(state, ply)
        if ended is not None:
            return ended
        if depth <= 0:
            return self.estimate(state) if self.exact else self.quiesce(state, alpha, beta, ply)
        entry = self.tt.get(state)
        first = None
        if entry is not None:
            e_depth, flag, v, first = entry
            if (e_depth == depth or (e_depth > depth and not self.exact)) and (
                flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha)
            ):
                return v
        start, best, best_action = alpha, -INF, None
        actions = self.captures_first(state, self.rules.legal_actions(state), first, ply)
        for action in actions:
            v = self.after(state, action, depth - 1, alpha, beta, ply)
            if v > best:
                best, best_action = v, action
            alpha = max(alpha, v)
            if alpha >= beta:
                if not state.board[action.squares[1]]:
                    self.killers[ply] = action
                break
        flag = UPPER if best <= start else LOWER if best >= beta else EXACT
        self.tt[state] = (depth, flag, best, best_action)
        return best

    def after(
        self, state: ArenaState, action: Action, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        """The value of ``action`` for the side making it."""
        child = self.child(state, action)
        if child.side == state.side:
            return self.node(child, depth, alpha, beta, ply + 1)
        return -self.node(child, depth, -beta, -alpha, ply + 1)

    def quiesce(self, state: ArenaState, alpha: int, beta: int, ply: int) -> int:
        """At the horizon: the estimate, or in a gladiator half its captures if they pay."""
        stand = self.estimate(state)
        if state.phase != GLADIATOR or stand >= beta:
            return stand
        best, alpha = stand, max(alpha, stand)
        for action in self.rules.legal_actions(state):
            if not state.board[action.squares[1]]:
                continue
            self.tick()
            child = self.child(state, action)
            ended = self.value(child, ply + 1)
            if ended is not None:
                v = ended if child.side == state.side else -ended
            else:
                v = self.estimate(child)
                v = v if child.side == state.side else -v
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best


class ArenaSearcher:
    """Iterative deepening over the arena rules' decisions."""

    def __init__(self, rules: Rules[ArenaState]) -> None:
        self.rules = rules

    def search(self, state: ArenaState, limits: Limits, rng: random.Random) -> Found:
        actions = self.rules.legal_actions(state)
        if not actions:
            raise IllegalAction(Refusal(SharedReason.GAME_OVER), rules=self.rules)
        rng.shuffle(actions)
        search = ArenaSearch(self.rules, limits)
        best, score, finished = deepen(  # whole centipawns: int() is exact
            actions,
            lambda a, depth, alpha: search.after(state, a, depth, int(alpha), INF, 0),
            win=MATE_BOUND,
            inf=INF,
            max_depth=MAX_DEPTH,
        )
        value, mate = int(score), 0
        if abs(value) >= MATE_BOUND:
            mate = MATE - abs(value) if value > 0 else -(MATE - abs(value))
        return Found(best, value / CENTIPAWNS, mate, finished, search.nodes)

    def value(self, state: ArenaState, depth: int) -> float:
        """The fixed-depth value of ``state`` for the side to move, in pawns (the rules'
        estimate at the leaves), to compare with a plain minimax."""
        search = ArenaSearch(self.rules, None, exact=True)
        return search.node(state, depth, -INF, INF, 0) / CENTIPAWNS
