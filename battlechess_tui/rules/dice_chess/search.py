"""Dice Chess's searcher (``Rules.searcher``): expectimax alpha-beta with the rerolls exact.

The position is copied onto a flat board of its own (one int a square: ``side << 3 | face``)
with make/unmake, the board totals, the captured totals and the stall clock kept as it goes
(DC-9, DC-10, DC-12, DC-14). A capture is a chance node: the capturing die is rerolled
(DC-10), so its value is the average of the six faces, searched with Star1 bounds so that
alpha-beta still prunes below it. The stall clock's end (DC-12, DC-14) and a side left
without dice (DC-11) are scored exactly, so a search as deep as the clock has left plays the
end of the game without estimating it. Elsewhere the leaves are the rules' estimate
(``value.py``), after a short quiescence over the captures of the side to move. Values are
worths in [-1, 1] for the side to move (the squashed estimate; a won game 1), so averages over
rerolls are expected results. Iterative deepening with a transposition table keyed by the
board's bytes and the counters; moves ordered by the table's move, then captures by what
they gain, then killers. Work is counted in nodes (each position made, each estimate); the
``Limits`` stop the search, which answers with the deepest finished search's choice.

In the setup phase (DC-2) the searcher weighs each swap and "done" by the estimate one
decision deep, as the estimate's swap cost intends (``value.swap_cost``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.deepening import check, deepen
from battlechess_tui.engine.dice import Dice, ScriptedDice
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.geometry import ALL_DIRECTIONS, ORTHOGONAL
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import Found, IllegalAction, Limits, Outcome
from battlechess_tui.rules.dice_chess import value
from battlechess_tui.rules.dice_chess.state import FACES, DiceChessState, Die


class SearchedRules(value.DiceChessNumbers, Protocol):
    """What the searcher asks of Dice Chess's rules (``DiceChessRules``, which imports this
    module for ``searcher``)."""

    def legal_actions(self, state: DiceChessState) -> list[Action]: ...
    def apply(
        self, state: DiceChessState, action: Action, dice: Dice
    ) -> tuple[DiceChessState, list[Event]]: ...
    def evaluate(self, state: DiceChessState, side: int) -> float: ...
    def outcome(self, state: DiceChessState) -> Outcome | None: ...


#: A won game; every estimate lies strictly inside (-WIN, WIN).
WIN = 1.0
INF = 2.0
#: The estimate (``value.evaluate``, pawns) that reads as tanh(1) of a win: as the generic
#: search's ``ai/scoring.py`` squashes it, so both searches mean the same by a worth.
PAWN_SCALE = 6.0
#: Largest worth of a game not over (``ai/scoring.py``'s ``NOT_WON``).
NOT_WON = math.tanh(4.0)
#: A forced win as ``Found.value`` (``ai/searched.py`` reads values beyond 200 as shares of a
#: won game, 1000 being all of it).
WON_VALUE = 1000.0
MAX_DEPTH = 32
#: How much surer a lead is than the estimate says. ``value.py`` spreads a lead over every
#: capture the stall clock leaves room for, but measured games end after one or two: between
#: players of one level the side dealt ahead wins 93-97%, a spread of about 1.5 pips where the
#: estimate assumes about 10 in the opening. Read as it is, the estimate makes a side ahead
#: gamble its lead on a capture's reroll; sharpened, it keeps it.
SHARPEN = 6.0
#: The share of the plain estimate kept beside the sharpened one: sharpened alone, every
#: position a few pips behind reads as lost, and a side far behind (against a player who
#: gives dice away) would choose among them at random.
PLAIN = 0.1
#: The share of the plain estimate where the searching side is behind. Sharpened, every
#: position a few pips behind reads as lost and all of them alike, so a side dealt behind
#: would choose among its moves blindly; plain, it still sees which moves bring it nearer
#: (more of the enemy dice in reach, a smaller gap), and a fallible opponent may let it through.
CHASE_PLAIN = 0.5
#: Pips the searching side counts itself behind at the leaves. A level board estimates 0
#: however the dice stand, so a side dealt a level board would wander until the clock
#: scores a draw (DC-12, DC-14); leaning, it seeks the fight that may win, as a side behind.
LEAN = 0.25
#: What a draw is worth less than nothing to the searching side, for the same reason.
CONTEMPT = 0.1
#: ``chance_worth`` finds the estimate behind a worth by halving [-UNSQUASHED, UNSQUASHED]
#: (pawns; ``utility`` is at ``NOT_WON`` well inside it) this many times.
UNSQUASHED = 60.0
INVERTING = 50
#: Captures the side to move may still make at a leaf before the estimate is taken.
QUIESCE = 2
EXACT, LOWER, UPPER = 0, 1, 2
ROLLS = tuple(range(1, FACES + 1))
#: Board ints back to the rules' dice.
DIE: dict[int, Die | None] = {0: None} | {s << 3 | f: (s, f) for s in (0, 1) for f in ROLLS}


#: A chance node's child: (alpha, beta) -> its value for the side that captured.
ChildValue = Callable[[float, float], float]


def undecided(worth: float) -> float:
    """``worth`` kept short of a won or lost game."""
    return max(-NOT_WON, min(NOT_WON, worth))


def squash(pawns: float) -> float:
    """The estimate as a worth (``ai/scoring.py``'s squash)."""
    return undecided(math.tanh(pawns / PAWN_SCALE))


def sharp(pawns: float) -> float:
    """The estimate squashed ``SHARPEN`` times as steeply."""
    return math.tanh(SHARPEN * pawns / PAWN_SCALE)


def utility(pawns: float) -> float:
    """The worth of an estimate of ``pawns`` for the side that searches: sharpened
    (``SHARPEN``, with ``PLAIN`` of it plain) where it is ahead, and as plain as
    ``CHASE_PLAIN`` where it is behind."""
    plain = PLAIN if pawns >= 0 else CHASE_PLAIN
    return undecided((1 - plain) * sharp(pawns) + plain * squash(pawns))


def leaf_worth(
    rules: SearchedRules, state: DiceChessState, side: int, searching: int | None = None
) -> float:
    """The searcher's worth of a position whose game goes on, for ``side``: the rules'
    estimate for the side ``searching`` (``side`` if None) as its ``utility``, negated for
    its opponent."""
    me = side if searching is None else searching
    worth = utility(value.evaluate(rules, state, me, LEAN))
    return worth if side == me else -worth


@dataclass
class Board:
    """The searcher's position: squares as ints, side to move, stall clock, totals."""

    cells: list[int]
    side: int
    quiet: int
    totals: list[int]  # faces on the board, White's and Black's (DC-12)
    taken: list[int]  # faces captured by each (DC-9, the tie-break)
    dice: list[int]  # dice on the board of each side (DC-11)

    @classmethod
    def of(cls, state: DiceChessState) -> Board:
        cells = [0 if d is None else d[0] << 3 | d[1] for d in state.board]
        dice = [sum(1 for c in cells if c and c >> 3 == s) for s in (0, 1)]
        taken = [state.captured_total(0), state.captured_total(1)]
        return cls(cells, state.side, state.quiet, list(state.board_totals()), taken, dice)

    @property
    def any_capture(self) -> bool:
        return bool(self.taken[0] or self.taken[1])

    def key(self) -> tuple[bytes, int, int, int]:
        taken = self.taken[0] - self.taken[1]
        return (
            bytes(self.cells),
            self.side,
            self.quiet,
            (taken > 0) - (taken < 0) + 2 * (self.taken[0] + self.taken[1] > 0),
        )

    def state(self) -> DiceChessState:
        """The rules' state of this position (for the estimate)."""
        captured = tuple((t,) if t else () for t in self.taken)
        return DiceChessState(
            tuple(DIE[c] for c in self.cells),
            self.side,
            captured=(captured[0], captured[1]),
            quiet=self.quiet,
        )


@dataclass
class DiceSearch:
    """One search: the rules' numbers, the limits, the table and the killers."""

    rules: SearchedRules
    board: Board
    limits: Limits | None
    nodes: int = 0
    tt: dict[tuple[bytes, int, int, int], tuple[int, int, float, int]] = field(default_factory=dict)
    killers: dict[int, int] = field(default_factory=dict)
    #: Quiescence plies at the leaves (0 for a plain fixed-depth search).
    quiesce: int = QUIESCE
    #: The side whose ``utility`` the leaves are (the side to move at the root).
    searching: int = -1

    def __post_init__(self) -> None:
        geo = self.rules.geo
        self.steps = [tuple(ray[:2] for ray in rays if ray) for rays in geo.rays(ORTHOGONAL)]
        self.kings = [tuple(ray[0] for ray in rays if ray) for rays in geo.rays(ALL_DIRECTIONS)]
        self.stall = self.rules.stall_plies
        self.opening = self.rules.opening_plies

    def tick(self) -> None:
        self.nodes += 1
        check(self.nodes, self.limits)

    # -- moves ------------------------------------------------------------------------------

    def moves(self) -> list[int]:
        """The side to move's moves as ``frm | to << 8`` (DC-4..DC-8)."""
        cells, side, out = self.board.cells, self.board.side, []
        for sq, c in enumerate(cells):
            if not c or c >> 3 != side:
                continue
            face = c & 7
            if face == FACES:
                for t in self.kings[sq]:
                    o = cells[t]
                    if not o or o >> 3 != side:
                        out.append(sq | t << 8)
                continue
            for ray in self.steps[sq]:
                for t in ray if face == 1 else ray[:1]:
                    o = cells[t]
                    if not o:
                        out.append(sq | t << 8)
                        continue
                    if o >> 3 != side and o & 7 <= face:
                        out.append(sq | t << 8)
                    break  # no jumping (DC-6)
        return out

    def captures(self, moves: list[int]) -> list[int]:
        cells = self.board.cells
        return [m for m in moves if cells[m >> 8]]

    def ordered(self, moves: list[int], first: int, ply: int) -> list[int]:
        """The table's move, captures by what they gain (victim high, capturer low), the
        killer, then the rest."""
        cells, killer = self.board.cells, self.killers.get(ply, -1)

        def rank(m: int) -> int:
            if m == first:
                return 100
            victim = cells[m >> 8]
            if victim:
                return 50 + 8 * (victim & 7) - (cells[m & 255] & 7)
            return 10 if m == killer else 0

        return sorted(moves, key=rank, reverse=True)

    # -- make / unmake ----------------------------------------------------------------------

    def make_quiet(self, m: int) -> None:
        b = self.board
        frm, to = m & 255, m >> 8
        b.cells[to], b.cells[frm] = b.cells[frm], 0
        b.side ^= 1
        b.quiet += 1

    def unmake_quiet(self, m: int) -> None:
        b = self.board
        frm, to = m & 255, m >> 8
        b.cells[frm], b.cells[to] = b.cells[to], 0
        b.side ^= 1
        b.quiet -= 1

    def make_capture(self, m: int, roll: int) -> tuple[int, int, int]:
        """The capture with the capturer rerolled to ``roll`` (DC-9, DC-10); what unmake
        needs back."""
        b = self.board
        frm, to = m & 255, m >> 8
        mover, victim, s = b.cells[frm], b.cells[to], b.side
        b.cells[frm], b.cells[to] = 0, s << 3 | roll
        b.totals[s] += roll - (mover & 7)
        b.totals[s ^ 1] -= victim & 7
        b.taken[s] += victim & 7
        b.dice[s ^ 1] -= 1
        quiet, b.quiet = b.quiet, 0
        b.side ^= 1
        return mover, victim, quiet

    def unmake_capture(self, m: int, roll: int, undo: tuple[int, int, int]) -> None:
        b = self.board
        frm, to = m & 255, m >> 8
        mover, victim, quiet = undo
        b.side ^= 1
        s = b.side
        b.cells[frm], b.cells[to] = mover, victim
        b.totals[s] -= roll - (mover & 7)
        b.totals[s ^ 1] += victim & 7
        b.taken[s] -= victim & 7
        b.dice[s ^ 1] += 1
        b.quiet = quiet

    # -- values -----------------------------------------------------------------------------

    def ended(self) -> float | None:
        """The exact value of an ended game for the side to move (DC-11, DC-12, DC-14), else
        None."""
        b = self.board
        me, other = b.side, b.side ^ 1
        if not b.dice[me]:
            return -WIN
        if not b.dice[other]:
            return WIN
        if b.any_capture:
            if b.quiet < self.stall:
                return None
        elif not self.opening or b.quiet < self.opening:
            return None
        lead = b.totals[me] - b.totals[other] or b.taken[me] - b.taken[other]
        if lead:
            return WIN if lead > 0 else -WIN
        return -CONTEMPT if me == self.searching else CONTEMPT

    def estimate(self) -> float:
        """The rules' estimate for the side to move, as a worth."""
        self.tick()
        b = self.board
        return leaf_worth(self.rules, b.state(), b.side, self.searching)

    def node(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax value (fail-soft) for the side to move."""
        self.tick()
        done = self.ended()
        if done is not None:
            return done
        if depth <= 0:
            return self.quiesce_node(alpha, beta, self.quiesce)
        key = self.board.key()
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            e_depth, flag, v, first = entry
            if e_depth >= depth and (
                flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha)
            ):
                return v
        moves = self.moves()
        if not moves:  # a pass (DC-7)
            return self.passed(depth, alpha, beta, ply)
        start, best, best_move = alpha, -INF, -1
        for m in self.ordered(moves, first, ply):
            v = self.after(m, depth - 1, alpha, beta, ply)
            if v > best:
                best, best_move = v, m
            alpha = max(alpha, v)
            if alpha >= beta:
                if not self.board.cells[m >> 8]:
                    self.killers[ply] = m
                break
        flag = UPPER if best <= start else LOWER if best >= beta else EXACT
        self.tt[key] = (depth, flag, best, best_move)
        return best

    def passed(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        b = self.board
        b.side ^= 1
        b.quiet += 1
        try:
            return -self.node(depth - 1, -beta, -alpha, ply + 1)
        finally:
            b.side ^= 1
            b.quiet -= 1

    def after(self, m: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of move ``m`` for the side making it: a quiet move's child, or a
        capture's six rerolls averaged."""
        if not self.board.cells[m >> 8]:
            self.make_quiet(m)
            try:
                return -self.node(depth, -beta, -alpha, ply + 1)
            finally:
                self.unmake_quiet(m)
        return self.chance(m, alpha, beta, lambda a, b: -self.node(depth, -b, -a, ply + 1))

    def chance(self, m: int, alpha: float, beta: float, child: ChildValue) -> float:
        """The capture ``m``'s value averaged over the capturer's six rerolls (DC-10), with
        Star1 bounds: each face is searched in the window that could still move the average
        out of (alpha, beta), and the search stops once it cannot."""
        n, total = len(ROLLS), 0.0
        for i, roll in enumerate(ROLLS):
            left = n - 1 - i
            lo = max(-WIN, n * alpha - total - left * WIN)
            hi = min(WIN, n * beta - total + left * WIN)
            undo = self.make_capture(m, roll)
            try:
                v = child(lo, hi)
            finally:
                self.unmake_capture(m, roll, undo)
            total += v
            if total + left * WIN <= n * alpha:
                return (total + left * WIN) / n
            if total - left * WIN >= n * beta:
                return (total - left * WIN) / n
        return total / n

    def quiesce_node(self, alpha: float, beta: float, left: int) -> float:
        """At the horizon: the estimate, or a capture of the side to move where one pays
        (standing pat is always allowed: a quiet move is nearly always there)."""
        done = self.ended()
        if done is not None:
            return done
        stand = self.estimate()
        if left <= 0 or stand >= beta:
            return stand
        best = stand
        alpha = max(alpha, stand)
        caps = self.ordered(self.captures(self.moves()), -1, -1)
        for m in caps:
            v = self.chance(m, alpha, beta, lambda a, b: -self.quiesce_node(-b, -a, left - 1))
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best


class DiceChessSearcher:
    """Iterative deepening over Dice Chess's moves (``DiceSearch``)."""

    def __init__(self, rules: SearchedRules) -> None:
        self.rules = rules

    def search(self, state: DiceChessState, limits: Limits, rng: random.Random) -> Found:
        actions = self.rules.legal_actions(state)
        if not actions:
            raise IllegalAction(Refusal(SharedReason.GAME_OVER))
        if state.setup or len(actions) == 1:
            return self.one_deep(state, actions, rng)
        search = DiceSearch(self.rules, Board.of(state), limits, searching=state.side)
        moves = search.moves()
        rng.shuffle(moves)
        best, worth, finished = deepen(
            moves,
            lambda m, depth, alpha: search.after(m, depth, alpha, INF, 0),
            win=WIN,
            inf=INF,
            max_depth=MAX_DEPTH,
        )
        action = Action(MOVE, (best & 255, best >> 8))
        if action not in actions:
            raise IllegalAction(Refusal(SharedReason.NOT_LEGAL, actions=(action,)))
        value = as_value(chance_worth(worth, lean_given_back(self.rules, state)))
        return Found(action, value, 0, finished, search.nodes, self.gain(state, action))

    def one_deep(self, state: DiceChessState, actions: list[Action], rng: random.Random) -> Found:
        """Each decision weighed by the estimate of its result (the setup phase's swaps and
        "done", DC-2; or a single choice)."""
        side, scored = state.side, []
        for action in actions:
            after, _ = self.rules.apply(state, action, Dice(random.Random(0)))
            scored.append((self.rules.evaluate(after, side), action))
        top = max(v for v, _ in scored)
        action = rng.choice([a for v, a in scored if v >= top - 1e-9])
        gain = top - self.rules.evaluate(state, side)
        return Found(action, as_value(sharpened(top)), 0, 1, len(actions), gain)

    def gain(self, state: DiceChessState, action: Action) -> float:
        """The expected change of the estimate the move makes, its rerolls weighed (DC-10)."""
        side, rules = state.side, self.rules
        before = rules.evaluate(state, side)
        results = [rules.apply(state, action, ScriptedDice([r]))[0] for r in ROLLS]
        if state.board[action.squares[1]] is None:
            results = results[:1]
        going = [s for s in results if rules.outcome(s) is None]
        if not going:
            return 0.0
        return sum(rules.evaluate(s, side) for s in going) / len(going) - before

    def value(self, state: DiceChessState, depth: int) -> float:
        """The fixed-depth value of ``state`` for the side to move, as a worth (the rules'
        estimate at the leaves, no quiescence), to compare with a plain expectimax."""
        search = DiceSearch(self.rules, Board.of(state), None, quiesce=0, searching=state.side)
        return search.node(depth, -INF, INF, 0)


def chance_worth(worth: float, added: float = 0.0) -> float:
    """A worth the search found, read as the chance it stands for: the sharpened estimate
    behind it alone, with ``added`` pawns (``lean_given_back``). The utility blends the plain
    estimate in (``PLAIN``, ``CHASE_PLAIN``) only so that the search tells positions apart;
    read with it, 200 games of medium against medium were won less often than said by a side
    behind and more often by one ahead (docs/analysis.md, Calibration). A forced result is
    left as it is."""
    if abs(worth) > NOT_WON:
        return worth
    low, high = -UNSQUASHED, UNSQUASHED
    for _ in range(INVERTING):
        middle = (low + high) / 2
        low, high = (middle, high) if utility(middle) < worth else (low, middle)
    return sharpened((low + high) / 2 + added)


def lean_given_back(rules: SearchedRules, state: DiceChessState) -> float:
    """What the side to move counted itself behind at the leaves (``LEAN``, a way to play,
    not a belief), given back to the estimate its worth is read by: in pawns at the spread
    of ``state``. Without it, a level board reads a few points below even for the side
    asked (docs/analysis.md, Calibration)."""
    side = state.side
    return value.evaluate(rules, state, side) - value.evaluate(rules, state, side, LEAN)


def sharpened(pawns: float) -> float:
    """The chance an estimate of ``pawns`` stands for, as a worth: its sharpened part."""
    return undecided(sharp(pawns))


def as_value(worth: float) -> float:
    """A worth as ``Found.value``: the estimate it squashes, or a share of ``WON_VALUE``
    for a forced result."""
    if abs(worth) > NOT_WON:
        return WON_VALUE * worth
    return PAWN_SCALE * math.atanh(worth)
