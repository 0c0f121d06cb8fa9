"""The chess family's fast searcher (``Rules.searcher``): classic and Single Combat.

Iterative deepening negamax with alpha-beta (principal variation search) on the searcher's own
``FlatBoard`` (make/unmake), a quiescence search over captures (those that lose by static
exchange left out), move ordering by the transposition table's move, MVV-LVA, killers and
history, a transposition table keyed by Zobrist hashes, null-move pruning, late-move
reductions, check extensions and, in FIDE chess, futility near the horizon and mate
distance. Single Combat's captures are fights: chance nodes weighed by the rules' exact
chance, searched with Star1 bounds so that they still prune (the won fight's branch first,
with a window that assumes the worst and the best of the lost one). A fight's results are
weighed as worths (``worth``: a won game is 1, a lead the tanh of its ``Rule.scale``), not as
centipawns: a 5% chance of killing the King is 5% of a won game, not 5,000 centipawns of
material. Work is counted in nodes (each position made is one); the ``Limits`` stop the
search, which then answers with the best decision of the deepest search finished.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from battlechess_tui.engine.chessboard import KING
from battlechess_tui.engine.rules import Limits
from battlechess_tui.rules.chess_family.exchange import see
from battlechess_tui.rules.chess_family.flat import (
    VALUE,
    FlatBoard,
)

#: A won game, less one per ply to it (so the quickest win is preferred).
MATE = 100_000
MATE_BOUND = MATE - 1_000
INF = 10 * MATE
#: Centipawns of lead that read as tanh(1) of a won game (``ai/scoring.py``'s ``PAWN_SCALE``):
#: the scale of the values a searcher answers with.
WORTH_SCALE = 600
#: The most a fight that may still be lost is worth, in its game's scales (tanh(8): as sure
#: as a game not over reads).
SURE_SCALES = 8
MAX_DEPTH = 64
#: How often (nodes) the limits' clock and cancel are asked.
CLOCK_EVERY = 512
EXACT, LOWER, UPPER = 0, 1, 2
#: Quiescence: plies in which a check is answered with every move, most plies, and the margin
#: (centipawns) a capture must be able to reach alpha by.
EVASION_PLIES = 2
MAX_QUIESCE = 8
DELTA = 200
#: Futility (FIDE's sure captures only): the margin a quiet move may gain by depth left (1, 2),
#: and the margin a depth above beta by which the estimate stands on (reverse futility).
FUTILITY = (0, 200, 450)
REVERSE = 150
#: Null-move reduction, and the depth from which late moves are searched shallower.
NULL_R = 2
LMR_DEPTH = 3
LMR_AFTER = 3
#: Searches of a fight's results with guessed windows before Star1 decides it.
FIGHT_PROBES = 4
#: Move ordering: the table's move, captures, promotions, killers; history below.
ORDER_TT, ORDER_CAPTURE, ORDER_PROMO, ORDER_KILLER = 1 << 30, 1 << 26, 1 << 25, 1 << 24
#: Captures that lose material by static exchange come after every quiet move.
ORDER_LOSING = -(1 << 20)


def worth(value: float, scale: float = WORTH_SCALE) -> float:
    """A value as the share of a won game it stands for: 1 won, -1 lost, else the tanh of
    the lead in ``scale`` (centipawns that read as tanh(1))."""
    if value >= MATE_BOUND:
        return 1.0
    if value <= -MATE_BOUND:
        return -1.0
    return math.tanh(value / scale)


def weighed(p: float, won: float, lost: float, scale: float = WORTH_SCALE) -> float:
    """A fight's value from its results' (chance ``p`` won): their worths weighed, as
    centipawns. Where both results win (or both lose) the game, their distances weighed."""
    if min(won, lost) >= MATE_BOUND or max(won, lost) <= -MATE_BOUND:
        return p * won + (1 - p) * lost
    w = p * worth(won, scale) + (1 - p) * worth(lost, scale)
    sure = SURE_SCALES * scale
    if abs(w) >= 1.0:
        return math.copysign(sure, w)
    return max(-sure, min(sure, scale * math.atanh(w)))


def needed(p: float, bound: float, other: float, scale: float = WORTH_SCALE) -> float:
    """What the result of chance ``p`` must be worth for the fight to reach ``bound`` where
    the other result is ``other``: the inverse of ``weighed`` (±INF where none can)."""
    if abs(bound) >= MATE_BOUND:
        return (bound - (1 - p) * other) / p
    w = (worth(bound, scale) - (1 - p) * worth(other, scale)) / p
    if abs(w) >= 1.0:
        return math.copysign(INF, w)
    return scale * math.atanh(w)


def window(
    p: float, alpha: float, beta: float, others: tuple[float, float], scale: float
) -> tuple[int, int]:
    """The whole-centipawn window in which the result of chance ``p`` is searched so that the
    fight is decided against (``alpha``, ``beta``), the other result at ``others[0]`` for the
    lower edge and ``others[1]`` for the upper: widened to whole centipawns, so a fail-soft
    answer is never read on the wrong side of it."""
    lower = needed(p, alpha, others[0], scale)
    upper = needed(p, beta, others[1], scale)
    return math.floor(lower), math.ceil(upper)


def settled(value: float, alpha: float, beta: float) -> int:
    """A fight's value as whole centipawns that stay a bound on the side of the window it
    fell: a value at or above ``beta`` rounded down, at or below ``alpha`` up."""
    if value >= beta:
        return math.floor(value)
    if value <= alpha:
        return math.ceil(value)
    return round(value)


class Stop(Exception):
    """The limits are used up: the search answers with what it has."""


@dataclass(frozen=True)
class Rule:
    """What the searcher must know of the game's rules.

    ``check``: FIDE's (moves may not leave the king attacked; no move is mate or stalemate)
    or none (the king may be taken and that ends the game, SC-3). ``fights``: per attacker
    and defender type, the chance the attacker wins its fight (SC-7); None where captures
    always succeed. ``fifty``: plies without a capture or pawn move that draw; ``passes``: a
    side with no move passes, and this many passes in a row draw (0: no pass). ``scale``:
    the centipawns of lead that read as tanh(1) of a won game, on which fights are weighed
    (a game of fights, where material wins less surely than in chess, reads leads flatter).
    ``repeats``: how often a position must have stood in the game before the search began
    for reaching it again to count as a draw (FIDE's threefold repetition: 2); a position
    met again within the searched line always does, since either side could go on
    repeating it."""

    check: bool = True
    fights: tuple[tuple[float, ...], ...] | None = None
    fifty: int = 100
    passes: int = 0
    scale: int = WORTH_SCALE
    repeats: int = 1

    def __post_init__(self) -> None:
        if not 0 < SURE_SCALES * self.scale < MATE_BOUND:
            raise ValueError(f"a worth scale of {self.scale} centipawns reads like a won game")


@dataclass
class Result:
    """The search's answer in board terms: a move (flat board int), its value for the side
    to move (centipawns), the depth finished and the nodes spent."""

    move: int
    value: int
    depth: int
    nodes: int


class AlphaBeta:
    """One search over one ``FlatBoard``."""

    def __init__(
        self,
        board: FlatBoard,
        rule: Rule,
        limits: Limits | None = None,
        history: tuple[int, ...] = (),
        *,
        quiescence: bool = True,
        pruning: bool = True,
    ) -> None:
        """``pruning`` off makes the search a plain fixed-depth alpha-beta (no null move,
        reductions, extensions, repetitions or mate distance), whose value equals minimax's."""
        self.board = board
        self.rule = rule
        self.limits = limits
        self.max_nodes = limits.nodes if limits is not None else 1 << 62
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.killers: list[list[int]] = [[0, 0] for _ in range(MAX_DEPTH + 8)]
        self.history: dict[int, int] = {}
        self.path: list[int] = list(history)  # keys since the last irreversible move
        self.root_at = len(self.path)  # where the root's key stands in ``path``
        self.quiescence = quiescence
        self.pruning = pruning
        self.partial: tuple[int, int] | None = None
        self.base = len(board.stack)
        #: SC-3: a king can be killed, so an attacked king may not stand pat (``evasions``).
        self.evade = not rule.check and pruning

    # -- the limits --------------------------------------------------------------------------

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise Stop
        limits = self.limits
        if limits is not None and not self.nodes % CLOCK_EVERY and limits.spent(self.nodes):
            raise Stop

    def won(self, ply: int) -> int:
        """A won game ``ply`` plies from the root: sooner is better (not when exact)."""
        return MATE - ply if self.pruning else MATE

    # -- the root ----------------------------------------------------------------------------

    def run(self, rng: random.Random | None = None, depth: int = MAX_DEPTH) -> Result:
        """Iterative deepening to ``depth`` or until the limits stop it."""
        board = self.board
        moves = self.legal_root_moves()
        if not moves:
            raise ValueError("no move to search")
        if rng is not None:
            rng.shuffle(moves)
        best = Result(moves[0], 0, 0, 0)
        self.path.append(board.hash)
        scores = dict.fromkeys(moves, 0)
        for d in range(1, depth + 1):
            moves.sort(key=lambda m: -scores[m])
            try:
                value, move = self.root(moves, d, scores)
            except Stop:
                if self.partial is not None:
                    best = Result(self.partial[1], self.partial[0], d - 1, self.nodes)
                break
            best = Result(move, value, d, self.nodes)
            if abs(value) >= MATE_BOUND and d >= 2:
                break
        while len(board.stack) > self.base:
            board.unmake()
        self.path.pop()
        best.nodes = self.nodes
        return best

    def legal_root_moves(self) -> list[int]:
        board = self.board
        self.base = len(board.stack)
        out = []
        for m in board.moves():
            if board.make(m):
                out.append(m)
            board.unmake()
        return out

    def root(self, moves: list[int], depth: int, scores: dict[int, int]) -> tuple[int, int]:
        """One iteration over the root's moves: the best value and move."""
        self.partial = None
        alpha, best_move = -INF, moves[0]
        for i, m in enumerate(moves):
            if i == 0:
                v = self.child(m, depth, -INF, INF, 0)
            else:
                v = self.child(m, depth, alpha, alpha + 1, 0)
                if v > alpha:
                    v = self.child(m, depth, alpha, INF, 0)
            scores[m] = v
            if v > alpha:
                alpha, best_move = v, m
                self.partial = (v, m)
        self.store(self.board.hash, depth, alpha, EXACT, best_move, 0)
        return alpha, best_move

    # -- one move (a chance node where it is a fight) -------------------------------------------

    def child(self, m: int, depth: int, alpha: int | float, beta: int | float, ply: int) -> int:
        """The value of move ``m`` for the side making it; -INF if the move is illegal."""
        board = self.board
        fights = self.rule.fights
        if fights is not None:
            victim = board.victim(m)
            if victim:
                return self.fight(m, victim, fights, depth, alpha, beta, ply)
        if not board.make(m):
            board.unmake()
            return -INF
        v = -self.node(depth - 1, -beta, -alpha, ply + 1)
        board.unmake()
        return v

    def fight(
        self,
        m: int,
        victim: int,
        fights: tuple[tuple[float, ...], ...],
        depth: int,
        alpha: int | float,
        beta: int | float,
        ply: int,
    ) -> int:
        """A capture as a chance node (SC-5, SC-6): won, the attacker takes the square; lost,
        it dies and the turn passes. Each result is known within an interval, at first
        [-MATE, MATE]; a branch is searched with the window that the other's best guess (the
        lost result's static estimate, then what the search has found) leaves, and narrows its
        interval, until the intervals decide the node against the window. After
        ``FIGHT_PROBES`` searches, Star1 (the other branch at its worst and best) decides it.
        A window from a guess is narrow, so fights prune like other moves; the answer is that
        of the expectation (the guesses only choose windows)."""
        attacker = self.board.b[m & 255]
        p = fights[attacker & 7][victim & 7]
        q, scale = 1.0 - p, self.rule.scale
        won_: tuple[float, float] = (-MATE, MATE)
        lost_: tuple[float, float] = (-MATE, MATE)
        if p <= 0 or victim & 7 == KING:
            won_ = (self.won(ply + 1),) * 2 if p > 0 else (0, 0)
        if q <= 0 or attacker & 7 == KING:
            lost_ = (-self.won(ply + 1),) * 2 if q > 0 else (0, 0)
        lost_guess = self.lost_estimate(m) if lost_[0] < lost_[1] else lost_[0]
        won_guess = won_[0]
        won_side = True
        for _ in range(FIGHT_PROBES):
            lower, upper = (
                weighed(p, won_[0], lost_[0], scale),
                weighed(p, won_[1], lost_[1], scale),
            )
            if upper <= alpha or lower == upper:
                return settled(upper, alpha, beta)
            if lower >= beta:
                return settled(lower, alpha, beta)
            if won_side and won_[0] < won_[1] or lost_[0] == lost_[1]:
                other = min(max(lost_guess, lost_[0]), lost_[1])
                a, b = window(p, alpha, beta, (other, other), scale)
                won_guess = self.branch(m, True, depth, a, b, ply)
                won_, won_side = self.narrow(won_, won_guess, a, b), False
            else:
                other = min(max(won_guess, won_[0]), won_[1])
                a, b = window(q, alpha, beta, (other, other), scale)
                lost_guess = self.branch(m, False, depth, a, b, ply)
                lost_, won_side = self.narrow(lost_, lost_guess, a, b), True
        return self.star1(m, p, won_, lost_, depth, alpha, beta, ply)

    def star1(
        self,
        m: int,
        p: float,
        won_: tuple[float, float],
        lost_: tuple[float, float],
        depth: int,
        alpha: int | float,
        beta: int | float,
        ply: int,
    ) -> int:
        """Star1 within the intervals known: the won result with the window that the lost
        one at its worst and best allows, then the lost one with the won one exact."""
        q, scale = 1.0 - p, self.rule.scale
        if won_[0] < won_[1]:
            a, b = window(p, alpha, beta, (lost_[1], lost_[0]), scale)
            v = self.branch(m, True, depth, a, b, ply)
            if v <= a:
                return settled(weighed(p, v, lost_[1], scale), alpha, beta)
            if v >= b:
                return settled(weighed(p, v, lost_[0], scale), alpha, beta)
            won_ = (v, v)
        if lost_[0] < lost_[1]:
            a, b = window(q, alpha, beta, (won_[0], won_[0]), scale)
            lost_ = (self.branch(m, False, depth, a, b, ply),) * 2
        return settled(weighed(p, won_[0], lost_[0], scale), alpha, beta)

    @staticmethod
    def narrow(known: tuple[float, float], v: int, a: float, b: float) -> tuple[float, float]:
        """The interval of a result after a fail-soft search with window (a, b) gave ``v``."""
        lo, hi = known
        if v <= a:
            hi = min(hi, v)
        elif v >= b:
            lo = max(lo, v)
        else:
            lo = hi = v
        return (lo, hi) if lo <= hi else (v, v)

    def branch(self, m: int, won: bool, depth: int, a: float, b: float, ply: int) -> int:
        """The value for the attacker of the fight ``m`` won (or lost), searched in (a, b)."""
        board = self.board
        if won:
            board.make(m)
        else:
            board.make_lost(m)
        try:
            return -self.node(depth - 1, -b, -a, ply + 1)
        finally:
            board.unmake()

    def lost_estimate(self, m: int) -> int:
        """The static estimate, for the attacker, of losing the fight ``m``."""
        board = self.board
        board.make_lost(m)
        v = -board.evaluate()
        board.unmake()
        return v

    # -- the tree ----------------------------------------------------------------------------

    def node(self, depth: int, alpha: int | float, beta: int | float, ply: int) -> int:
        """Negamax value (fail-soft) of the position for the side to move."""
        self.tick()
        board = self.board
        if board.half >= self.rule.fifty or (self.pruning and board.half and self.repeated()):
            return 0
        if self.rule.check and board.kings[board.side] < 0:
            return -self.won(ply)
        in_check = self.rule.check and board.in_check()
        if in_check and self.pruning:
            depth += 1
        if depth <= 0:
            if self.quiescence:
                return self.quiesce(alpha, beta, ply)
            if self.rule.check and not self.any_legal():
                return -self.won(ply) if in_check else 0
            return board.evaluate()
        if self.pruning and self.rule.check:  # mate distance: no line beats a nearer mate
            alpha, beta = max(alpha, -self.won(ply)), min(beta, self.won(ply + 1))
            if alpha >= beta:
                return int(alpha)
        key = board.hash
        entry = self.tt.get(key)
        tt_move = 0
        if entry is not None:
            e_depth, e_flag, e_value, tt_move = entry
            if e_depth == depth or (self.pruning and e_depth > depth):
                v = self.from_table(e_value, ply)
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and v >= beta)
                    or (e_flag == UPPER and v <= alpha)
                ):
                    return v
        floor = INF  # frontier futility: a quiet move must be able to reach alpha
        if self.pruning and not in_check and self.rule.fights is None and depth < len(FUTILITY):
            stand = board.evaluate()
            if abs(beta) < MATE_BOUND and stand - REVERSE * depth >= beta:
                return stand  # reverse futility: too far above beta for one quiet move to undo
            floor = stand + FUTILITY[depth]
        if self.pruning and not in_check and self.null_ok(depth, beta):
            self.path.append(board.hash)  # this position, not the one after the null move
            board.make_null()
            try:
                v = -self.node(depth - 1 - NULL_R, -beta, -beta + 1, ply + 1)
            finally:
                board.unmake()
                self.path.pop()
            if v >= beta:
                return v
        return self.search_moves(depth, alpha, beta, ply, in_check, tt_move, floor)

    def repeated(self) -> bool:
        """Is the position a draw by repetition for the search: met before in the line
        searched, or ``Rule.repeats`` times in the game before it (since the last move that
        cannot be undone)?"""
        path, key = self.path, self.board.hash
        start = max(0, len(self.path) - self.board.half)
        if key not in path[start:]:
            return False
        if key in path[max(start, self.root_at + 1) :]:
            return True
        return path[start : self.root_at + 1].count(key) >= self.rule.repeats

    def any_legal(self) -> bool:
        board = self.board
        for m in board.moves():
            legal = board.make(m)
            board.unmake()
            if legal:
                return True
        return False

    def null_ok(self, depth: int, beta: int | float) -> bool:
        board = self.board
        return (
            depth >= NULL_R + 1
            and (self.rule.fights is None or not board.in_check())
            and abs(beta) < MATE_BOUND
            and board.evaluate() >= beta
            and board.has_pieces(board.side)
        )

    def search_moves(
        self,
        depth: int,
        alpha: int | float,
        beta: int | float,
        ply: int,
        in_check: bool,
        tt_move: int,
        floor: int | float = INF,
    ) -> int:
        """The moves searched (principal variation search, late quiet moves reduced); a
        quiet move that gives no check is skipped where the estimate after it, ``floor``,
        cannot reach alpha (futility)."""
        board = self.board
        moves = self.ordered(board.moves(), tt_move, ply, exchange=self.rule.fights is None)
        start_alpha = alpha
        best, best_move, legal = -INF, 0, 0
        self.path.append(board.hash)
        try:
            for m in moves:
                quiet = not board.victim(m) and not (m >> 16) & 15
                if legal and quiet and floor <= alpha and self.futile(m):
                    legal += 1
                    best = max(best, int(floor))
                    continue
                reduce = (
                    self.pruning
                    and depth >= LMR_DEPTH
                    and legal > LMR_AFTER
                    and quiet
                    and not in_check
                    and m not in self.killers[min(ply, MAX_DEPTH)]
                )
                if legal == 0:
                    v = self.child(m, depth, alpha, beta, ply)
                else:
                    v = self.child(m, depth - 1 if reduce else depth, alpha, alpha + 1, ply)
                    if v > alpha and reduce:
                        v = self.child(m, depth, alpha, alpha + 1, ply)
                    if alpha < v < beta:
                        v = self.child(m, depth, alpha, beta, ply)
                if v == -INF:
                    continue
                legal += 1
                if v > best:
                    best, best_move = v, m
                if v > alpha:
                    alpha = v
                if alpha >= beta:
                    if quiet:
                        self.remember(m, ply, depth)
                    break
        finally:
            self.path.pop()
        if legal == 0:
            return self.no_move(depth, alpha, beta, ply, in_check)
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.store(board.hash, depth, best, flag, best_move, ply)
        return best

    def futile(self, m: int) -> bool:
        """Is the quiet move ``m`` legal and without check (so futility may skip it)? The
        look counts as a node."""
        self.tick()
        board = self.board
        legal = board.make(m)
        quiet = legal and not board.in_check()
        board.unmake()
        return quiet

    def no_move(
        self, depth: int, alpha: int | float, beta: int | float, ply: int, in_check: bool
    ) -> int:
        """FIDE: mate or stalemate. Without check: the side passes; passes in a row draw."""
        if self.rule.check:
            return -self.won(ply) if in_check else 0
        if not self.rule.passes or self.passes_in_a_row() + 1 >= self.rule.passes:
            return 0
        board = self.board
        board.make_null()
        try:
            return -self.node(depth - 1, -beta, -alpha, ply + 1)
        finally:
            board.unmake()

    def passes_in_a_row(self) -> int:
        count = 0
        for entry in reversed(self.board.stack):
            if entry[0] != 2:
                break
            count += 1
        return count

    def quiesce(self, alpha: int | float, beta: int | float, ply: int, qdepth: int = 0) -> int:
        """Captures (and promotions) only, from the static estimate; in check near the
        horizon, every move. Captures that cannot raise alpha (delta pruning) and, with
        FIDE's sure captures, those that lose material by static exchange (``see``) are
        left out; a fight's lost result is taken at its static estimate."""
        self.tick()
        board = self.board
        if self.rule.check:
            if board.kings[board.side] < 0:
                return -self.won(ply)
            if qdepth < EVASION_PLIES and ply < MAX_DEPTH and board.in_check():
                return self.search_moves(1, alpha, beta, ply, True, 0)
        stand = board.evaluate()
        if self.evade and qdepth < EVASION_PLIES and board.in_check():
            return self.evasions(stand, alpha, beta, ply, qdepth)
        if stand >= beta or qdepth >= MAX_QUIESCE:
            return stand
        best = stand
        if stand > alpha:
            alpha = stand
        b = board.b
        fights = self.rule.fights
        for m in self.ordered(board.moves(captures_only=True), 0, ply):
            victim = board.victim(m)
            gain = VALUE[victim & 7] + VALUE[(m >> 16) & 15]
            kings = victim & 7 == KING or b[m & 255] & 7 == KING
            if kings and fights is not None and not self.pruning:
                continue  # material alone (``settle_gain``): a fight for a king is no trade
            if victim & 7 != KING and stand + gain + DELTA <= alpha:
                continue
            if fights is not None and victim:
                hope = INF if victim & 7 == KING else stand + gain + DELTA
                v = self.quick_fight(m, victim, fights, alpha, beta, ply, qdepth, hope)
            else:
                if VALUE[b[m & 255] & 7] > gain and see(board, m) < 0:
                    continue
                v = self.child_q(m, alpha, beta, ply, qdepth)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def evasions(
        self, stand: int, alpha: int | float, beta: int | float, ply: int, qdepth: int
    ) -> int:
        """SC-3 near the horizon: the side to move's king is attacked, so it may not stand
        pat (the attacker would fight for the king next): each capture, and each other move
        that takes the king out of reach, is searched, followed by the quiescence search.
        A quiet move that leaves the king attacked is searched only where no move does
        better: the attacker's fight for the king (at least a quarter of a won game, SC-7)
        outweighs any material the escape costs. With no move, the estimate."""
        board = self.board
        moves = self.ordered(board.moves(), 0, ply)
        out = [m for m in moves if board.victim(m) or self.escapes(m)]
        best = self.replies(out, alpha, beta, ply, qdepth)
        if best == -INF:
            best = self.replies([m for m in moves if m not in out], alpha, beta, ply, qdepth)
        return stand if best == -INF else best

    def replies(
        self, moves: list[int], alpha: int | float, beta: int | float, ply: int, qdepth: int
    ) -> int:
        """The best of ``moves``, each followed by the quiescence search (fail-soft; -INF
        for none)."""
        best = -INF
        for m in moves:
            v = self.child_q(m, alpha, beta, ply, qdepth)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def escapes(self, m: int) -> bool:
        """Does move ``m`` leave the mover's king out of the enemy's reach?"""
        board = self.board
        side = board.side
        board.make(m)
        try:
            return not board.attacked(board.kings[side], board.side)
        finally:
            board.unmake()

    def child_q(
        self, m: int, alpha: int | float, beta: int | float, ply: int, qdepth: int = 0
    ) -> int:
        """A capture in the quiescence search (a fight: ``quick_fight``)."""
        board = self.board
        fights = self.rule.fights
        if fights is not None:
            victim = board.victim(m)
            if victim:
                return self.quick_fight(m, victim, fights, alpha, beta, ply, qdepth)
        if not board.make(m):
            board.unmake()
            return -INF
        v = -self.quiesce(-beta, -alpha, ply + 1, qdepth + 1)
        board.unmake()
        return v

    def quick_fight(
        self,
        m: int,
        victim: int,
        fights: tuple[tuple[float, ...], ...],
        alpha: int | float,
        beta: int | float,
        ply: int,
        qdepth: int,
        hope: int | float = INF,
    ) -> int:
        """A fight in the quiescence search: the lost result at its static estimate, the won
        one searched on with the window that estimate leaves. ``hope`` is the most the won
        result is thought to reach (delta pruning): where even it, weighed with the lost
        result, cannot raise alpha, the fight is not searched (-INF, as an illegal move)."""
        board = self.board
        attacker = board.b[m & 255]
        p = fights[attacker & 7][victim & 7]
        scale = self.rule.scale
        if attacker & 7 == KING:
            lost = -self.won(ply + 1)
        else:
            board.make_lost(m)
            lost = -board.evaluate()
            board.unmake()
        if p <= 0:
            return lost
        if weighed(p, hope, lost, scale) <= alpha:
            return -INF
        if victim & 7 == KING:
            won = self.won(ply + 1)
        else:
            board.make(m)
            a, b = window(p, alpha, beta, (lost, lost), scale)
            won = -self.quiesce(-b, -a, ply + 1, qdepth + 1)
            board.unmake()
        return settled(weighed(p, won, lost, scale), alpha, beta)

    # -- ordering and the table ----------------------------------------------------------------

    def ordered(
        self, moves: list[int], tt_move: int, ply: int, *, exchange: bool = False
    ) -> list[int]:
        """``moves`` best first; with ``exchange``, captures that lose material by static
        exchange come last."""
        board = self.board
        b = board.b
        fights = self.rule.fights
        killers = self.killers[ply] if ply < len(self.killers) else [0, 0]
        history = self.history
        keyed = []
        for m in moves:
            if m == tt_move:
                score = ORDER_TT
            else:
                victim = board.victim(m)
                promo = (m >> 16) & 15
                if victim:
                    attacker = b[m & 255] & 7
                    worth = VALUE[victim & 7] if victim & 7 != KING else 20_000
                    if fights is not None:
                        worth = int(worth * fights[attacker][victim & 7])
                    elif exchange and VALUE[attacker] > worth and see(board, m) < 0:
                        keyed.append((ORDER_LOSING + worth - VALUE[attacker], m))
                        continue
                    score = ORDER_CAPTURE + 16 * worth - VALUE[attacker] // 16
                elif promo:
                    score = ORDER_PROMO + VALUE[promo]
                elif m == killers[0] or m == killers[1]:
                    score = ORDER_KILLER + (m == killers[0])
                else:
                    score = history.get(m & 0xFFFF, 0)
            keyed.append((score, m))
        keyed.sort(reverse=True)
        return [m for _, m in keyed]

    def remember(self, m: int, ply: int, depth: int) -> None:
        if ply >= len(self.killers):
            return
        killers = self.killers[ply]
        if killers[0] != m:
            killers[1], killers[0] = killers[0], m
        key = m & 0xFFFF
        self.history[key] = min(ORDER_KILLER - 1, self.history.get(key, 0) + depth * depth)

    def store(self, key: int, depth: int, value: int, flag: int, move: int, ply: int) -> None:
        if value >= MATE_BOUND:
            value += ply
        elif value <= -MATE_BOUND:
            value -= ply
        self.tt[key] = (depth, flag, value, move)

    @staticmethod
    def from_table(value: int, ply: int) -> int:
        if value >= MATE_BOUND:
            return value - ply
        if value <= -MATE_BOUND:
            return value + ply
        return value


def settle_gain(fen: str, rule: Rule, move: int) -> tuple[int, int]:
    """Material (centipawns, for the side to move) before ``move`` and after it, each once
    the captures that pay have been made (quiescence on material alone)."""
    board = FlatBoard(fen, check=rule.check, material_only=True)
    limits = _Nodes(SETTLE_NODES)
    search = AlphaBeta(
        board, Rule(False, rule.fights, rule.fifty, rule.passes), limits, pruning=False
    )
    try:
        before = search.quiesce(-INF, INF, 0)
        after = search.child_q(move, -INF, INF, 0)
    except Stop:
        return 0, 0
    return before, after


#: Most nodes ``settle_gain`` may spend.
SETTLE_NODES = 20_000


@dataclass(frozen=True)
class _Nodes:
    """Limits of nodes alone."""

    nodes: int

    def spent(self, nodes: int) -> bool:
        return nodes >= self.nodes
