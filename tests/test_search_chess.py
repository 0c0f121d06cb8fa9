"""The chess family's searcher (``Rules.searcher``): its board makes and unmakes moves as the
rules do, it decides only legal moves, its value equals a plain expectimax over the rules at
a fixed depth (fights weighed by their exact chance, SC-5..SC-7), and a node budget makes its
decisions depend on the position and the seed alone."""

from __future__ import annotations

import math
import random

import pytest

from battlechess_tui.ai import Budget, make_player
from battlechess_tui.ai.minimax import expectimax
from battlechess_tui.analysis.engine import estimate
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.rules.chess_family.flat import VALUE, FlatBoard, square
from battlechess_tui.rules.chess_family.search import (
    EXACT,
    MATE,
    AlphaBeta,
    Rule,
    settle_gain,
)
from battlechess_tui.simulation import random_game
from tests.chess_helpers import flat_move, flat_square

PERFT = [  # (FEN, depth, leaves): the standard perft positions
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8902),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2812),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2, 1486),
]


def flat_perft(board: FlatBoard, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.moves():
        if board.make(move):
            total += flat_perft(board, depth - 1)
        board.unmake()
    return total


@pytest.mark.parametrize(("fen", "depth", "leaves"), PERFT)
def test_flat_board_perft_matches_fide(fen: str, depth: int, leaves: int) -> None:
    board = FlatBoard(fen)
    key = board.hash
    assert flat_perft(board, depth) == leaves
    assert board.hash == key == board.full_hash()  # unmake restores the key


def positions(key: str, seed: int, count: int) -> list[object]:
    rules = make_variant(key).rules
    game = random_game(key, seed, {})
    states = [p.state for p in game.positions if rules.outcome(p.state) is None]
    rng = random.Random(seed)
    return rng.sample(states, min(count, len(states)))


@pytest.mark.parametrize("key", ["classic", "single-combat"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_searcher_decides_only_legal_moves(key: str, seed: int) -> None:
    rules = make_variant(key).rules
    searcher = rules.searcher()
    assert searcher is not None
    for state in positions(key, seed, 8):
        if len(rules.legal_actions(state)) < 2:
            continue
        found = searcher.search(state, Budget(nodes=300), random.Random(seed))
        assert found.action in rules.legal_actions(state)


def material(rules: object, state: object, side: int) -> float:
    """Pawns of ``side`` less the other's, by the searcher's piece values."""
    placement = rules.position_text(state).split()[0]  # type: ignore[attr-defined]
    total = 0.0
    for ch in placement:
        if ch.isalpha():
            worth = VALUE[" pnbrqk".index(ch.lower())] / 100
            total += worth if ch.isupper() == (side == 0) else -worth
    return total


SMALL = {
    "classic": [
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",  # back-rank mate in one
        "4k3/p7/8/3q4/8/2N5/P7/4K3 w - - 0 1",  # a knight takes the queen
        "r3k3/8/8/8/8/8/5PPP/4R1K1 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate at once
    ],
    "single-combat": [
        "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",  # a fight for the king next to him (SC-3)
        "4k3/p7/3p4/4N3/8/8/P7/4K3 b - - 0 1",
        "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
    ],
}


@pytest.mark.parametrize("key", ["classic", "single-combat"])
@pytest.mark.parametrize("depth", [1, 2])
def test_searcher_and_generic_expectimax_agree_at_a_fixed_depth(key: str, depth: int) -> None:
    rules = make_variant(key).rules
    searcher = rules.searcher()
    assert searcher is not None
    for fen in SMALL[key]:
        state = rules.parse_position(fen)
        if rules.outcome(state) is not None or not rules.legal_actions(state):
            continue
        assert_agree(rules, searcher, state, depth)


def assert_agree(rules: object, searcher: object, state: object, depth: int) -> None:
    """The searcher's fixed-depth value, as a worth, is the reference expectimax's over worths
    (the material leaf squashed on the game's scale, a won game 1): a fight weighs its
    results' worths (SC-7)."""
    scale = searcher.rule.scale / 100  # type: ignore[attr-defined]

    def leaf(s: object, side: int) -> float:
        return math.tanh(material(rules, s, side) / scale)

    reference = expectimax(rules, state, depth, leaf, 1.0)  # type: ignore[arg-type]
    value = searcher.value(state, depth)  # type: ignore[attr-defined]
    assert math.tanh(value / scale) == pytest.approx(reference, abs=0.003), state


def test_sc_agreement_at_depth_three_weighs_both_results_of_each_fight() -> None:
    rules = make_variant("single-combat").rules
    searcher = rules.searcher()
    assert searcher is not None
    for fen in ("4k3/3p4/8/8/8/8/3Q4/4K3 w - - 0 1", "4k3/4r3/8/8/1n6/8/4Q3/4K3 w - - 0 1"):
        assert_agree(rules, searcher, rules.parse_position(fen), 3)


def test_sc_fights_prune_like_other_moves() -> None:
    """SC-5..SC-7 as chance nodes: a fight's results are searched with narrow windows (from a
    guess of the other result), not with the window that assumes it anywhere from a lost to a
    won game. Star1 on those loose bounds searched this depth in 55,900 nodes."""
    rules = make_variant("single-combat").rules
    searcher = rules.searcher()
    assert searcher is not None
    fen = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8"
    state = rules.parse_position(fen)
    _, _, depth, nodes = searcher.run(state, None, None, 3)  # type: ignore[attr-defined]
    assert depth == 3
    assert nodes < 30_000


@pytest.mark.parametrize("key", ["classic", "single-combat"])
def test_node_budget_makes_decisions_deterministic_for_a_seed(key: str) -> None:
    rules = make_variant(key).rules
    for state in positions(key, 5, 4):
        if len(rules.legal_actions(state)) < 2:
            continue
        seat = rules.to_move(state)
        first = make_player("medium").choose(rules, state, seat, random.Random(7), Budget(2000))
        again = make_player("medium").choose(rules, state, seat, random.Random(7), Budget(2000))
        assert first == again


def test_budget_stops_the_search_at_its_nodes() -> None:
    rules = make_variant("classic").rules
    searcher = rules.searcher()
    assert searcher is not None
    state, _ = rules.new_game(None)  # type: ignore[arg-type]
    found = searcher.search(state, Budget(nodes=500), random.Random(0))
    assert found.nodes == 500


# -- found by mutation testing (benchmarks/mutants.py) ------------------------------------------

#: Michniewski's "Simplified Evaluation Function" (chessprogramming.org), White's view, rank 8
#: first; the searcher's estimate is written from these, copied here from the source.
SIMPLIFIED = {
    "P": ((0, 0, 0, 0, 0, 0, 0, 0), (50, 50, 50, 50, 50, 50, 50, 50),
          (10, 10, 20, 30, 30, 20, 10, 10), (5, 5, 10, 25, 25, 10, 5, 5),
          (0, 0, 0, 20, 20, 0, 0, 0), (5, -5, -10, 0, 0, -10, -5, 5),
          (5, 10, 10, -20, -20, 10, 10, 5), (0, 0, 0, 0, 0, 0, 0, 0)),
    "N": ((-50, -40, -30, -30, -30, -30, -40, -50), (-40, -20, 0, 0, 0, 0, -20, -40),
          (-30, 0, 10, 15, 15, 10, 0, -30), (-30, 5, 15, 20, 20, 15, 5, -30),
          (-30, 0, 15, 20, 20, 15, 0, -30), (-30, 5, 10, 15, 15, 10, 5, -30),
          (-40, -20, 0, 5, 5, 0, -20, -40), (-50, -40, -30, -30, -30, -30, -40, -50)),
    "B": ((-20, -10, -10, -10, -10, -10, -10, -20), (-10, 0, 0, 0, 0, 0, 0, -10),
          (-10, 0, 5, 10, 10, 5, 0, -10), (-10, 5, 5, 10, 10, 5, 5, -10),
          (-10, 0, 10, 10, 10, 10, 0, -10), (-10, 10, 10, 10, 10, 10, 10, -10),
          (-10, 5, 0, 0, 0, 0, 5, -10), (-20, -10, -10, -10, -10, -10, -10, -20)),
    "R": ((0, 0, 0, 0, 0, 0, 0, 0), (5, 10, 10, 10, 10, 10, 10, 5),
          *[(-5, 0, 0, 0, 0, 0, 0, -5)] * 5, (0, 0, 0, 5, 5, 0, 0, 0)),
    "Q": ((-20, -10, -10, -5, -5, -10, -10, -20), (-10, 0, 0, 0, 0, 0, 0, -10),
          (-10, 0, 5, 5, 5, 5, 0, -10), (-5, 0, 5, 5, 5, 5, 0, -5),
          (0, 0, 5, 5, 5, 5, 0, -5), (-10, 5, 5, 5, 5, 5, 0, -10),
          (-10, 0, 5, 0, 0, 0, 0, -10), (-20, -10, -10, -5, -5, -10, -10, -20)),
    "K": (*[(-30, -40, -40, -50, -50, -40, -40, -30)] * 4,
          (-20, -30, -30, -40, -40, -30, -30, -20), (-10, -20, -20, -20, -20, -20, -20, -10),
          (20, 20, 0, 0, 0, 0, 20, 20), (20, 30, 10, 0, 0, 10, 30, 20)),
}  # fmt: skip
#: The endgame's own rows: the King's (Michniewski's) and the passed-pawn-like ramp.
SIMPLIFIED_ENDGAME = {
    **SIMPLIFIED,
    "P": ((0,) * 8, (90,) * 8, (50,) * 8, (30,) * 8, (15,) * 8, (5,) * 8, (0,) * 8, (0,) * 8),
    "K": ((-50, -40, -30, -20, -20, -30, -40, -50), (-30, -20, -10, 0, 0, -10, -20, -30),
          (-30, -10, 20, 30, 30, 20, -10, -30), (-30, -10, 30, 40, 40, 30, -10, -30),
          (-30, -10, 30, 40, 40, 30, -10, -30), (-30, -10, 20, 30, 30, 20, -10, -30),
          (-30, -30, 0, 0, 0, 0, -30, -30), (-50, -30, -30, -30, -30, -30, -30, -50)),
}  # fmt: skip


def _alone(letter: str, x: int, y: int) -> str:
    """A FEN with only ``letter`` on file ``x``, rank ``y`` (0-based)."""
    rows = ["8"] * 8
    rows[7 - y] = (str(x) if x else "") + letter + (str(7 - x) if x < 7 else "")
    return "/".join(rows) + " w - - 0 1"


@pytest.mark.parametrize("letter", "PNBRQK")
def test_the_searchers_estimate_is_the_simplified_evaluation_function(letter: str) -> None:
    """Each piece alone on each square is worth its centipawns plus the table's entry, in the
    middlegame and the endgame, to White; a Black piece on the mirrored square as much to
    Black."""
    worth = VALUE[" PNBRQK".index(letter)]
    for y in range(8):
        for x in range(8):
            white = FlatBoard(_alone(letter, x, y))
            expected = (worth + SIMPLIFIED[letter][7 - y][x],
                        worth + SIMPLIFIED_ENDGAME[letter][7 - y][x])  # fmt: skip
            assert (white.mg, white.eg) == expected, (letter, x, y)
            black = FlatBoard(_alone(letter.lower(), x, 7 - y))
            assert (black.mg, black.eg) == (-expected[0], -expected[1]), (letter, x, y)


@pytest.mark.parametrize(
    "fen",
    [
        "k7/8/8/3p4/8/4K3/8/8 w - - 0 1",  # the pawn on d5 guards e4 (down and right)
        "k7/8/8/5p2/8/4K3/8/8 w - - 0 1",  # the pawn on f5 guards e4 (down and left)
        "8/8/8/8/4k3/8/3P4/K7 b - - 0 1",  # the White pawn on d2 guards e3 (up and right)
    ],
)
def test_the_flat_board_sees_a_pawn_guard_both_diagonals(fen: str) -> None:
    """The searcher's board moves a King only where the rules do: never onto a square a
    pawn attacks, on either of its diagonals."""
    rules = make_variant("classic").rules
    legal = {a.text(rules.geo) for a in rules.legal_actions(rules.parse_position(fen))}
    board = FlatBoard(fen)
    moved = set()
    for move in board.moves():
        if board.make(move):
            frm, to = square(move & 255), square(move >> 8 & 255)
            moved.add(rules.geo.name(frm) + rules.geo.name(to))
        board.unmake()
    assert moved == legal


class _Recording:
    """Limits that record when the searcher asks its clock, and stop it at the first ask."""

    nodes = 1_000_000

    def __init__(self) -> None:
        self.asked: list[int] = []

    def spent(self, nodes: int) -> bool:
        self.asked.append(nodes)
        return True


def test_the_chess_searcher_asks_its_clock_every_512_nodes() -> None:
    """A deadline or a cancel is looked at every 512 nodes: the first ask comes at 512."""
    rules = make_variant("classic").rules
    searcher = rules.searcher()
    assert searcher is not None
    state = rules.parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    limits = _Recording()
    searcher.search(state, limits, random.Random(1))
    assert limits.asked == [512]


def test_quiescence_stands_pat_when_the_estimate_already_reaches_beta() -> None:
    """At the horizon the side to move may stand on its static estimate: with beta at that
    estimate the search stops at once; with a full window it takes the free pawn."""
    rules = make_variant("classic").rules
    searcher = rules.searcher()
    fen = "4k3/8/8/3p4/4P3/8/8/Q3K3 w - - 0 1"  # exd5 wins a pawn
    stand = FlatBoard(fen).evaluate()
    cut = AlphaBeta(FlatBoard(fen), searcher.rule)  # type: ignore[union-attr]
    assert cut.quiesce(stand - 50, stand, 0) == stand and cut.nodes == 1
    full = AlphaBeta(FlatBoard(fen), searcher.rule)  # type: ignore[union-attr]
    assert full.quiesce(-MATE, MATE, 0) > stand + 100


def test_sc_4_the_searcher_looks_past_a_boxed_in_players_pass() -> None:
    """After White's Knight moves, Black has no move and passes (SC-4): the Single Combat
    searcher counts the passes in a row and still decides a legal move."""
    rules = make_variant("single-combat").rules
    searcher = rules.searcher()
    assert searcher is not None
    state = rules.parse_position("5brk/4p1bp/4Pp1p/5P1P/p1p5/P1Pp4/PB1P4/KRB4N w - - 0 1")
    found = searcher.search(state, Budget(nodes=2000), random.Random(1))
    assert found.action in rules.legal_actions(state) and found.depth >= 3


def test_sc_3_an_attacked_king_may_not_stand_pat_at_the_horizon() -> None:
    """SC-3: a king can be killed, so at the horizon a side whose king is attacked does not
    stand on its estimate: White is ahead (two Rooks against the Queen), but Black's Queen on
    e1 fights for the boxed-in King on h1 at 75% whatever White does (no White piece reaches
    f1 or g1), so the quiescence value is most of a lost game (three quarters of one, less a
    quarter of White's lead once the Queen has died), not White's lead."""
    rules = make_variant("single-combat").rules
    searcher = rules.searcher()
    fen = "8/2RR4/8/k7/8/8/6PP/4q2K w - - 0 1"
    stand = FlatBoard(fen, check=False).evaluate()
    assert stand > 0
    search = AlphaBeta(FlatBoard(fen, check=False), searcher.rule)  # type: ignore[union-attr]
    value = search.quiesce(-MATE, MATE, 0)
    assert math.tanh(value / searcher.rule.scale) < -0.4  # type: ignore[union-attr]


def test_fide_threefold_a_return_to_a_position_met_once_is_no_draw_but_met_twice_is() -> None:
    """The search reads a repetition as the game does (FIDE's threefold rule, the game's
    draw): a lost side that can step back into a position the game has met once is still
    lost; met twice, stepping back into it draws. (Read as a draw at once, a winning move
    the loser could answer so was marked "??" in analyses.)"""
    rules = make_variant("classic").rules
    game = Game(rules, seed=1, start=rules.parse_position("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"))
    cycle = ("a1a2", "e8d8", "a2a1")  # then Black's d8e8 would bring the start back
    for move in cycle:
        game.play(move)
    once = estimate(rules, game.state, "medium", 1).worth
    for move in ("d8e8", *cycle):
        game.play(move)
    twice = estimate(rules, game.state, "medium", 1).worth
    assert once > 0.9  # White's queen still wins
    assert twice == 0.0  # d8e8 now meets the start a third time: the draw
    game.play("d8e8")
    assert game.outcome is not None and game.outcome.kind == Ending.REPETITION


def test_sc_the_search_still_reads_any_repetition_as_a_draw() -> None:
    """Single Combat's search keeps counting a return to any position of the game as a draw
    (``Rule.repeats`` 1; its rules draw only at the fifth, SC-8): the same steps as above
    read as a draw at once."""
    rules = make_variant("single-combat").rules
    game = Game(rules, seed=1, start=rules.parse_position("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"))
    for move in ("a1a2", "e8d8", "a2a1"):
        game.play(move)
    assert estimate(rules, game.state, "medium", 1).worth == 0.0


class _NullWatched(AlphaBeta):
    """The values the null move's reduced searches return."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.after_null: list[int] = []
        self.watching = False

    def null_ok(self, depth: int, beta: int | float) -> bool:
        self.watching = super().null_ok(depth, beta)
        return self.watching

    def node(self, depth: int, alpha: int | float, beta: int | float, ply: int) -> int:
        if not self.watching:
            return super().node(depth, alpha, beta, ply)
        self.watching = False
        value = super().node(depth, alpha, beta, ply)
        self.after_null.append(value)
        return value


def test_the_null_move_search_reads_the_position_not_a_repetition_of_itself() -> None:
    """The reduced search after a null move judges the position the pass leaves (until it was
    mended, that position stood in the searched line already, so every such search read a
    draw by repetition and returned 0)."""
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    search = _NullWatched(FlatBoard(fen), make_variant("classic").rules.searcher().rule)  # type: ignore[union-attr]
    search.run(random.Random(1), 5)
    assert len(search.after_null) > 20
    assert sum(v != 0 for v in search.after_null) > len(search.after_null) // 2


@pytest.mark.parametrize(
    ("fen", "move", "after"),
    [
        # the kings stand where their middlegame and endgame tables differ
        ("8/1P6/8/3k4/8/8/8/6K1 w - - 0 1", "b7b8q", "1Q6/8/8/3k4/8/8/8/6K1 b - - 0 1"),
        ("r7/1P6/8/3k4/8/8/8/6K1 w - - 0 1", "b7a8n", "N7/8/8/3k4/8/8/8/6K1 b - - 0 1"),
        ("6k1/8/8/8/3K4/8/6p1/7R b - - 0 1", "g2h1q", "6k1/8/8/8/3K4/8/8/7q w - - 0 1"),
    ],
)
def test_a_promotion_leaves_the_estimate_of_the_position_it_makes(
    fen: str, move: str, after: str
) -> None:
    """The board keeps its estimate as it moves (the game's phase counts the new piece, so
    the kings' tables taper as on a board set up afresh), and unmaking restores it."""
    board = FlatBoard(fen)
    before = board.evaluate()
    assert board.make(flat_move(board, move)) is True
    fresh = FlatBoard(after)
    assert (board.evaluate(), board.hash) == (fresh.evaluate(), fresh.full_hash())
    board.unmake()
    assert board.evaluate() == before


def test_the_tables_move_is_ordered_first_and_the_others_keep_their_order() -> None:
    board = FlatBoard("4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1")
    search = AlphaBeta(board, Rule())
    moves = board.moves()
    plain = search.ordered(moves, 0, 0)
    assert plain[0] == flat_move(board, "e4d5")  # the capture first
    quiet = flat_move(board, "a1a7")
    first = search.ordered(moves, quiet, 0)
    assert first[0] == quiet and first[1:] == [m for m in plain if m != quiet]


def test_a_mate_in_the_table_is_read_as_far_from_the_ply_that_reads_it() -> None:
    """The table holds a mate's distance from the position stored, so a transposition met
    at another ply reads the mate as many plies from there as it lies."""
    board = FlatBoard("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    search = AlphaBeta(board, Rule())
    search.store(1, 3, MATE - 5, EXACT, 0, ply=3)  # a mate 2 plies below a node 3 plies down
    assert search.from_table(search.tt[1][2], 1) == MATE - 3
    search.store(2, 3, -(MATE - 6), EXACT, 0, ply=2)
    assert search.from_table(search.tt[2][2], 4) == -(MATE - 8)


def test_the_searcher_refuses_to_answer_with_a_move_the_rules_do_not_allow() -> None:
    rules = make_variant("classic").rules
    searcher = rules.searcher()
    assert searcher is not None
    state = rules.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    wrong = flat_square("a1") | flat_square("b8") << 8  # no rook's move
    with pytest.raises(IllegalAction):
        searcher.found(state, (wrong, 0, 1, 1), Budget(nodes=1))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("fen", "move"),
    [
        ("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2d2"),  # the e-file opens on White's King
        ("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "a1a2"),  # Black's Rook stays beside White's King
    ],
)
def test_sc_5_a_moves_settled_gain_counts_material_not_a_fight_for_a_king(
    fen: str, move: str
) -> None:
    """Single Combat: what a move wins is the material the captures that pay settle; a fight
    for a King decides the game, not a trade, and is left out (its chance is the search's)."""
    searcher = make_variant("single-combat").rules.searcher()
    assert searcher is not None
    board = FlatBoard(fen, check=False)
    assert settle_gain(fen, searcher.rule, flat_move(board, move)) == (0, 0)  # type: ignore[attr-defined]
