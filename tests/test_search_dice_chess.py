"""Dice Chess's searcher (``Rules.searcher``, ``rules/dice_chess/search.py``): it decides only
legal moves, its fixed-depth value equals a plain expectimax over the rules with each reroll
of a capturing die weighed exactly (DC-10), a node budget makes its decisions depend on the
position and the seed alone, and it plays the end of the stall clock (DC-12) as a player
should: a side ahead does not gamble its lead on a reroll, a side behind takes the capture
that can still win."""

from __future__ import annotations

import random
from typing import Any

import pytest

from battlechess_tui.ai import Budget, hint, make_player
from battlechess_tui.ai.budget import confidence
from battlechess_tui.ai.scoring import calibrated
from battlechess_tui.analysis import engine
from battlechess_tui.engine.actions import MOVE
from battlechess_tui.engine.dice import ScriptedDice
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.dice_chess.rules import DiceChessRules
from battlechess_tui.rules.dice_chess.search import (
    CONTEMPT,
    INF,
    NOT_WON,
    WIN,
    Board,
    DiceChessSearcher,
    DiceSearch,
    chance_worth,
    leaf_worth,
    sharpened,
    utility,
)
from battlechess_tui.rules.dice_chess.state import DiceChessState
from battlechess_tui.simulation import random_game


def rules() -> DiceChessRules:
    r = make_variant("dice-chess").rules
    assert isinstance(r, DiceChessRules)
    return r


def searcher(r: DiceChessRules) -> DiceChessSearcher:
    found = r.searcher()
    assert isinstance(found, DiceChessSearcher)
    return found


def positions(seed: int, count: int, *, setup: bool = True) -> list[DiceChessState]:
    r = rules()
    game = random_game("dice-chess", seed, {})
    states = [
        p.state
        for p in game.positions
        if r.outcome(p.state) is None and (setup or not p.state.setup)
    ]
    return random.Random(seed).sample(states, min(count, len(states)))


def expectimax(
    r: DiceChessRules, state: DiceChessState, depth: int, searching: int | None = None
) -> float:
    """A plain expectimax over the rules: every move to ``depth``, a capture's six rerolls
    each weighed 1/6 (DC-10), an ended game worth 1 or -1 (a draw ``CONTEMPT`` less than
    nothing to the side ``searching``, the side to move at the top), the searcher's leaf
    worth."""
    outcome = r.outcome(state)
    if outcome is not None:
        if outcome.winner is None:
            return -CONTEMPT if searching in (None, state.side) else CONTEMPT
        return 1.0 if outcome.winner == state.side else -1.0
    if depth == 0:
        return leaf_worth(r, state, state.side, searching)
    best = -2.0
    for action in r.legal_actions(state):
        takes = action.kind == "move" and state.board[action.squares[1]] is not None
        rolls: list[list[int]] = [[face] for face in range(1, 7)] if takes else [[]]
        children = [r.apply(state, action, ScriptedDice(roll))[0] for roll in rolls]
        values = [
            -expectimax(r, c, depth - 1, state.side if searching is None else searching)
            for c in children
        ]
        best = max(best, sum(values) / len(values))
    return best


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dc_3_searcher_decides_only_legal_moves_and_setup_decisions(seed: int) -> None:
    r = rules()
    for state in positions(seed, 8):
        found = searcher(r).search(state, Budget(nodes=300), random.Random(seed))
        assert found.action in r.legal_actions(state)


SMALL = [
    # White 5 and 6 against Black 5 and 1, a capture each way; the stall clock near its end.
    ("8/8/8/8/2d5d14/2D5D64/8/8 w play 0/0 3/- 3", 2),
    # A 1 that may step two squares (DC-6) and a 6 with its diagonals (DC-5), opening clock.
    ("d67/8/8/3d12D61/8/8/1D16/8 b play 0/0 -/- 4", 2),
]


@pytest.mark.parametrize(("text", "depth"), SMALL)
def test_dc_10_searcher_value_equals_an_expectimax_with_every_reroll(text: str, depth: int) -> None:
    r = rules()
    state = r.parse_position(text)
    for d in range(1, depth + 1):
        assert searcher(r).value(state, d) == pytest.approx(expectimax(r, state, d), abs=1e-9)


def test_dc_10_searcher_value_equals_the_expectimax_on_played_positions() -> None:
    r = rules()
    for state in positions(4, 3, setup=False):
        assert searcher(r).value(state, 1) == pytest.approx(expectimax(r, state, 1), abs=1e-9)


@pytest.mark.parametrize("seed", [5, 6])
def test_node_budget_makes_decisions_deterministic_for_a_seed(seed: int) -> None:
    r = rules()
    for state in positions(seed, 3, setup=False):
        seat = r.to_move(state)
        first = make_player("medium").choose(r, state, seat, random.Random(3), Budget(2000))
        again = make_player("medium").choose(r, state, seat, random.Random(3), Budget(2000))
        assert first == again


def tactic(r: DiceChessRules, rows: str, side: int, **fields: Any) -> DiceChessState:
    return r.from_text(rows, side, **fields)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_dc_12_ahead_by_a_pip_the_side_to_move_lets_the_clock_end_the_game(level: str) -> None:
    # White leads 7-6 with one full turn left on the stall clock. Taking the 1 with the 6 would
    # leave the lead to the reroll (won only on a 4 or more, DC-10) and restart the clock;
    # any quiet move wins, Black having nothing it may take.
    r = rules()
    state = tactic(
        r,
        """
        b5 .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  b1 .  .  .  .
        .  .  .  W6 .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  W1
        """,
        0,
        captured=((3,), ()),
        quiet=4,
    )
    budget = Budget.for_level(level, rules=r)
    advice = hint(r, state, "white", random.Random(0), budget)
    assert advice.action.text(r.geo) != "d4d5", advice.reason()
    assert advice.wins, advice.reason()


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_dc_12_behind_on_the_last_move_the_side_takes_the_capture_that_can_win(level: str) -> None:
    # White trails 11-12 and the clock ends the game after this move (DC-12). Taking the 5
    # with the 5 wins on any reroll but a 1; taking the 1 with the 6 cannot win; a quiet
    # move loses at once.
    r = rules()
    state = tactic(
        r,
        """
        .  .  .  .  .  .  .  b6
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  b5 .  b1 .  .  .
        .  .  W5 .  W6 .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        """,
        0,
        captured=((2,), (2,)),
        quiet=5,
    )
    budget = Budget.for_level(level, rules=r)
    advice = hint(r, state, "white", random.Random(0), budget)
    assert advice.action.text(r.geo) == "c3c4", advice.reason()


LEVEL_BOARD = """
    .  .  .  b5 .  .  .  b1
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  W6 .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    """


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_dc_14_on_a_level_board_the_searcher_closes_in_rather_than_waits_for_a_draw(
    seed: int,
) -> None:
    # 6 pips a side, no capture yet: the opening clock (DC-14) would score a draw. The 6 may
    # take either Black die (DC-8) and none may take it; taking the 5 wins on any reroll (a 1
    # ties the board, and the captured faces break the tie, DC-12). Every level position
    # estimates 0, so without its lean (``LEAN``) the searcher wanders; leaning, it closes in.
    r = rules()
    state = tactic(r, LEVEL_BOARD, 0)
    found = searcher(r).search(state, Budget.for_level("easy", rules=r), random.Random(seed))
    assert found.action.text(r.geo) in ("c3c4", "d3d4", "d3e4"), found


def test_dc_12_a_drawn_end_is_worth_less_than_nothing_to_the_searching_side() -> None:
    # The opening clock has run out on a level board (DC-14): the game is scored a draw, worth
    # ``CONTEMPT`` less than nothing to the side the searcher plays, so that it prefers a fair
    # fight to a sure draw.
    r = rules()
    state = tactic(r, LEVEL_BOARD, 0, quiet=r.opening_plies)
    outcome = r.outcome(state)
    assert outcome is not None and outcome.winner is None
    assert searcher(r).value(state, 1) == pytest.approx(-CONTEMPT)
    assert CONTEMPT > 0


def test_dc_12_behind_the_searcher_still_tells_a_smaller_gap_from_a_larger_one() -> None:
    # Sharpened, every estimate a few pips behind reads as lost, all alike (the side far
    # behind would choose blindly); the searching side's utility keeps a plain share there.
    assert utility(-4.0) - utility(-6.0) > 0.05
    assert utility(4.0) > -utility(-4.0) > 0


def test_dc_12_after_a_capture_the_stall_clock_ends_the_game_for_the_searcher() -> None:
    # A capture has been made (White took a 2), so the stall clock counts (DC-12): with it run
    # out, the dice on the board decide, White's 6 against Black's 5 and 1: a level board, so
    # the captures decide, White ahead by the 2 taken. The searcher scores the ended game
    # exactly, as the rules do, whatever its estimate would say.
    r = rules()
    state = tactic(r, LEVEL_BOARD, 1, quiet=r.stall_plies, captured=((2,), ()))
    outcome = r.outcome(state)
    assert outcome is not None and outcome.winner == 0
    assert searcher(r).value(state, 1) == pytest.approx(-1.0)


@pytest.mark.parametrize("token", ["X3", "W7", "b0", "W"])
def test_dc_1_the_row_builder_refuses_a_token_that_is_no_die(token: str) -> None:
    # A die is White's or Black's and shows 1 to 6 (DC-1): anything else is named, not built.
    rows = LEVEL_BOARD.replace("W6", token)
    with pytest.raises(ValueError, match=f"cannot read '{token}'"):
        rules().from_text(rows, 0)


# -- found by mutation testing (benchmarks/mutants.py) ------------------------------------------


def test_dc_4_to_dc_8_the_searchers_moves_are_the_rules_moves() -> None:
    """The searcher's own move generation on its flat board (a 1 never jumps, DC-6; a die
    takes only a face equal or lower, DC-8) gives exactly the rules' moves."""
    r = rules()
    for seed in (3, 4):
        for state in positions(seed, 25, setup=False):
            search = DiceSearch(r, Board.of(state), None)
            made = {(m & 255, m >> 8) for m in search.moves()}
            legal = {a.squares for a in r.legal_actions(state) if a.kind == MOVE}
            assert made == legal, r.position_text(state)


def test_dc_11_the_searcher_reads_a_side_left_without_dice_as_lost_whoever_is_to_move() -> None:
    """A side whose last die is taken has lost (DC-11): the searcher's exact value of the
    ended game is a loss to that side and a win to the other, whichever is to move."""
    r = rules()
    for mover, worth in (("b", -WIN), ("w", WIN)):
        state = r.parse_position(f"8/8/8/8/3D34/8/8/8 {mover} play 0/0 3/- 2")
        outcome = r.outcome(state)
        assert outcome is not None and outcome.winner == 0
        assert DiceSearch(r, Board.of(state), None).ended() == worth


def test_a_quiet_move_that_cuts_the_search_off_is_kept_as_its_plys_killer() -> None:
    """Move ordering: a quiet move that refuted a line is kept as that ply's killer and
    searched next after the captures there (the table's move first of all)."""
    r = rules()
    for state in positions(4, 4, setup=False):
        search = DiceSearch(r, Board.of(state), None, searching=state.side)
        search.node(3, -INF, INF, 0)
        assert set(search.killers) == {1, 2}, r.position_text(state)
        moves = search.moves()
        quiet = [m for m in moves if not search.board.cells[m >> 8]]
        search.killers[0] = quiet[-1]
        order = search.ordered(moves, -1, 0)
        taking = len(search.captures(moves))
        assert order[taking] == quiet[-1] and set(order[:taking]) == set(search.captures(moves))


def test_dc_12_the_searchers_table_tells_who_captured_more_from_a_tie() -> None:
    """The transposition table's key keeps the captured tie-break (DC-12): the same board
    with the captured faces level, or either side ahead in them, are three positions."""
    r = rules()
    board = "8/8/8/8/3D3d33/8/8/8"
    keys = {
        Board.of(r.parse_position(f"{board} w play 0/0 {taken} 2")).key()
        for taken in ("3/3", "4/3", "3/4")
    }
    assert len(keys) == 3


def test_dc_10_a_captures_gain_is_averaged_over_the_six_rerolls() -> None:
    """The hint's gain of a capture is the estimate's expected change over the capturing
    die's six rerolls (DC-10), each weighed 1/6."""
    r = rules()
    state = r.parse_position("d47/8/8/3d33d3/3D64/8/8/D17 w play 0/0 1/- 0")
    take = r.parse_action(state, "d4d5")
    before = r.evaluate(state, 0)
    after = [r.apply(state, take, ScriptedDice([roll]))[0] for roll in range(1, 7)]
    assert all(r.outcome(s) is None for s in after)
    expected = sum(r.evaluate(s, 0) for s in after) / 6 - before
    assert searcher(r).gain(state, take) == pytest.approx(expected)
    assert len({round(r.evaluate(s, 0), 9) for s in after}) > 1  # the reroll matters here


@pytest.mark.parametrize("pawns", [-6.0, -2.0, -0.7, -0.2, 0.2, 0.7, 2.0, 6.0])
def test_the_searchs_worth_is_read_as_the_chance_of_its_sharpened_estimate(pawns: float) -> None:
    """The utility blends the plain estimate in so that the search tells positions apart; its
    worth read as a chance takes it out again: a side behind is read further behind than the
    blend says and one ahead further ahead (docs/analysis.md, Calibration). A forced result
    stays as it is."""
    blended = utility(pawns)
    chance = chance_worth(blended)
    assert chance == pytest.approx(sharpened(pawns), abs=1e-9)
    assert abs(chance) > abs(blended) and (chance > 0) == (pawns > 0)
    assert chance_worth(1.0) == 1.0 and chance_worth(-1.0) == -1.0
    assert abs(sharpened(100.0)) == NOT_WON
    assert chance_worth(blended, 0.5) == pytest.approx(sharpened(pawns + 0.5), abs=1e-9)


LEVEL = (
    "d3d5d3d5d1d3d2d3/d6d3d5d6d6d5d5d3/8/8/8/8/D6D6D6D5D2D2D5D4/D2D2D5D3D5D4D1D6 {} play 0/0 -/- 0"
)


def test_dc_12_a_level_board_reads_about_even_whichever_side_is_asked() -> None:
    """A level board (DC-12 scores the faces) reads about even, whichever side is to move:
    the pips the search counts itself behind at its leaves (``LEAN``, so that it seeks the
    fight) are given back when its worth is read as a chance, or the side to move would read
    a few points below even (docs/analysis.md, Calibration)."""
    r = rules()
    white = []
    for side in "wb":
        state = r.parse_position(LEVEL.format(side))
        assert state.board_totals()[0] == state.board_totals()[1]
        white.append((1 + engine.estimate(r, state, "medium", 1).worth) / 2)
    assert all(0.45 < chance < 0.55 for chance in white)
    assert abs(white[0] - white[1]) < 0.03


def test_dc_2_a_setup_decisions_estimate_is_the_chance_of_the_best_arrangement() -> None:
    """In the setup phase (DC-2) the searcher weighs each swap by the estimate of its result;
    the analysis reads the best of them as a chance by the same sharpened estimate."""
    r = rules()
    state = next(s for s in positions(7, 40) if s.setup)
    side = r.side_to_move(state)
    top = max(
        r.evaluate(r.apply(state, action, ScriptedDice([]))[0], side)
        for action in r.legal_actions(state)
    )
    chance = calibrated(sharpened(top), confidence(r))
    worth = engine.estimate(r, state, "medium", 1).worth
    assert worth == pytest.approx(chance * (1 if side == 0 else -1), abs=1e-9)


def test_dc_7_a_pass_runs_the_stall_clock_in_the_search_as_in_the_rules() -> None:
    """A side with no legal move passes (DC-7) and the pass counts on the stall clock
    (DC-12): White's boxed-in 1 must pass on the clock's last ply, and the game ends scored,
    Black ahead. Where Black's dice are boxed in after White's moves, the searcher's values
    equal a plain expectimax over the rules at every depth (its clock is put back after each
    pass)."""
    r = rules()
    boxed = r.parse_position("8/8/8/8/8/8/d27/D1d26 w play 0/0 1/1 5")
    assert [a.kind for a in r.legal_actions(boxed)] == ["pass"]
    assert searcher(r).value(boxed, 1) == expectimax(r, boxed, 1) == -1.0
    state = r.parse_position("d1D24D2d1/D26D2/8/8/3D34/8/8/8 w play 0/0 1/1 2")
    for depth in (1, 2, 3, 4):
        assert searcher(r).value(state, depth) == pytest.approx(expectimax(r, state, depth))
