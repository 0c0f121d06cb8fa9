"""Dice Chess (rules DC-1..DC-12, DC-14): setup, moves by face, captures with rerolls, scoring.
The other round-2 rulings are in ``test_dice_chess_rulings.py``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.engine.spec import OptionValue
from battlechess_tui.engine.variant import IllegalAction, Variant
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.rules.dice_chess import (
    DiceChessPresenter,
    DiceChessRules,
    DiceChessState,
)
from battlechess_tui.rules.dice_chess.vocabulary import DiceChessPurpose
from tests import whole_games
from tests.scripted_dice import ScriptedDice as Scripted
from tests.typed import VariantOf, known, typed

EMPTY_ROW = ". . . . . . . ."


def variant(**options: OptionValue) -> VariantOf[DiceChessRules]:
    """The game: its rules (``v.rules``) and presenter (``v.presenter``)."""
    return typed(make_variant("dice-chess", options), DiceChessRules)


def board(*rows: str, fill_to: int = 8) -> str:
    """Rows given from the top; the rest of the 8 ranks are empty."""
    return "\n".join([*rows, *[EMPTY_ROW] * (fill_to - len(rows))])


def position(v: Variant, *rows: str, side: int = 0, **fields: object) -> DiceChessState:
    rules = v.rules
    assert isinstance(rules, DiceChessRules)
    return rules.from_text(board(*rows), side, **fields)


def moves_from(v: Variant, state: DiceChessState, square: str) -> set[str]:
    sq = v.rules.geo.parse(square)
    return {
        v.rules.geo.name(a.squares[1]) for a in v.legal_actions(state) if a.squares[:1] == (sq,)
    }


def act(v: Variant, state: DiceChessState, text: str, *faces: int):
    return v.apply(state, v.parse_action(state, text), Scripted(*faces))


WHITE_FACES = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4)
BLACK_FACES = (6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6, 5, 4, 3)


def new_state(v: Variant) -> tuple[DiceChessState, list]:
    return v.new_game(Scripted(*WHITE_FACES, *BLACK_FACES))


# -- DC-1, DC-2: setup -------------------------------------------------------------------------


def test_dc_1_each_side_rolls_sixteen_d6_onto_its_back_two_ranks():
    v = variant()
    state, events = new_state(v)
    assert [(e.seat, e.dice) for e in events] == [("white", "16d6"), ("black", "16d6")]
    assert all(isinstance(e, Roll) for e in events)
    occupied = {v.rules.geo.name(sq)[1] for sq, d in enumerate(state.board) if d}
    assert occupied == {"1", "2", "7", "8"}
    assert len(state.dice_of(0)) == len(state.dice_of(1)) == 16


def test_dc_2_dice_are_placed_in_rolled_order():
    v = variant()
    state, _ = new_state(v)
    white = [state.board[v.rules.geo.parse(f"{f}{r}")] for r in "12" for f in "abcdefgh"]
    black = [state.board[v.rules.geo.parse(f"{f}{r}")] for r in "87" for f in "abcdefgh"]
    assert white == [(0, f) for f in WHITE_FACES]
    assert black == [(1, f) for f in BLACK_FACES]


def test_dc_2_setup_phase_offers_swaps_of_different_faces_then_done():
    v = variant()
    state, _ = new_state(v)
    assert state.setup and v.to_move(state) == "white"
    actions = v.legal_actions(state)
    assert actions[-1] == Action("done")
    swaps = [a for a in actions if a.kind == "swap"]
    # 16 dice with faces 1-4 three times and 5-6 twice: 120 pairs minus 4*3 + 2*1 equal pairs.
    assert len(swaps) == 120 - 14
    assert all(state.board[a.squares[0]] != state.board[a.squares[1]] for a in swaps)
    with pytest.raises(IllegalAction, match="both dice show 1"):
        v.parse_action(state, "swap a1 g1")
    with pytest.raises(IllegalAction, match="DC-2"):
        v.parse_action(state, "a2a3")


def test_dc_2_swap_then_done_hands_setup_to_black_then_play_starts():
    v = variant()
    state, _ = new_state(v)
    swapped, events = act(v, state, "swap f1 a1")  # either order names the same swap
    assert swapped.board[v.rules.geo.parse("a1")] == (0, 6)
    assert swapped.board[v.rules.geo.parse("f1")] == (0, 1)
    assert events[0].tag == "swap" and swapped.swaps == (1, 0)
    black_setup, _ = act(v, swapped, "done")
    assert black_setup.setup and v.to_move(black_setup) == "black"
    playing, _ = act(v, black_setup, "done")
    assert not playing.setup and v.to_move(playing) == "white" and playing.quiet == 0
    assert all(a.kind == "move" for a in v.legal_actions(playing))


def test_dc_2_swaps_are_limited_so_setup_ends():
    v = variant()
    state, _ = new_state(v)
    spent = DiceChessState(state.board, 0, True, (v.rules.data.max_swaps, 0))
    assert v.legal_actions(spent) == [Action("done")]
    with pytest.raises(IllegalAction, match="swaps"):
        v.parse_action(spent, "swap a1 b1")


def test_dc_2_option_arrange_off_skips_setup():
    v = variant(arrange=False)
    state, _ = new_state(v)
    assert not state.setup and v.to_move(state) == "white"
    assert {a.kind for a in v.legal_actions(state)} == {"move"}


# -- DC-3..DC-7: moves -------------------------------------------------------------------------

LONE = (". . . . . . . b4", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)


def test_dc_3_one_die_moves_per_turn_and_players_alternate():
    v = variant()
    state = position(v, *LONE, ". . . W3 . . . .")
    after, events = act(v, state, "d4d5")
    assert events == [] and v.to_move(after) == "black"
    assert len(after.dice_of(0)) == 1 and after.board[v.rules.geo.parse("d5")] == (0, 3)


def test_dc_6_a_one_moving_three_squares_is_refused_by_its_own_rule():
    v = variant()
    state = position(v, *LONE, ". . . W1 . . . .")  # d4: nothing on the d-file above it
    assert moves_from(v, state, "d4") >= {"d5", "d6"} and "d7" not in moves_from(v, state, "d4")
    why = v.why_illegal(state, Action("move", (v.rules.geo.parse("d4"), v.rules.geo.parse("d7"))))
    assert "DC-6" in why and "DC-4" not in why
    assert not re.search(r"\b[a-h][1-8]\b", why)  # too far, not blocked: it names no square


def test_dc_15_a_house_rule_with_negative_swaps_is_refused():
    bad = spec("dice-chess").model_copy(
        update={"data": {**spec("dice-chess").data, "max_swaps": -1}}
    )
    with pytest.raises(ValueError, match="max_swaps"):
        make_variant(bad)


@pytest.mark.parametrize("face", [2, 3, 4, 5])
def test_dc_4_two_to_five_step_one_square_orthogonally(face):
    v = variant()
    state = position(v, *LONE, f". . . W{face} . . . .")
    assert moves_from(v, state, "d4") == {"d5", "d3", "c4", "e4"}


def test_dc_5_six_steps_one_square_in_eight_directions():
    v = variant()
    state = position(v, *LONE, ". . . W6 . . . .")
    assert moves_from(v, state, "d4") == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}


def test_dc_6_one_moves_one_or_two_squares_straight_without_jumping():
    v = variant()
    state = position(v, *LONE, ". . . W1 . . . .")
    assert moves_from(v, state, "d4") == {"d5", "d6", "d3", "d2", "c4", "b4", "e4", "f4"}
    blocked = position(v, *LONE, ". . . W1 W2 b1 . .", ". . . b2 . . . .")
    assert moves_from(v, blocked, "d4") == {"d5", "d6", "c4", "b4"}
    with pytest.raises(IllegalAction, match="cannot jump: e4 is in the way"):
        v.parse_action(blocked, "d4f4")


def test_dc_6_one_captures_only_where_it_stops():
    v = variant()
    state = position(v, *LONE, ". . . W1 b1 . . .")
    assert "e4" in moves_from(v, state, "d4")  # stopping on the 1: a capture
    assert "f4" not in moves_from(v, state, "d4")  # no passing through it
    far = position(v, *LONE, ". . . W1 . b1 . .")
    assert "f4" in moves_from(v, far, "d4")  # capture at the end of two squares


def test_dc_7_a_die_that_moves_without_capturing_keeps_its_face():
    v = variant()
    state = position(v, *LONE, ". . . W4 . . . .")
    after, _ = act(v, state, "d4e4")
    assert after.board[v.rules.geo.parse("e4")] == (0, 4)


def test_dc_7_a_player_with_no_move_passes():
    v = variant()
    state = position(v, *LONE, EMPTY_ROW, EMPTY_ROW, "b6 . . . . . . .", "W1 b6 . . . . . .")
    assert v.legal_actions(state) == [Action("pass")]
    assert "must pass" in v.presenter.status(state)
    after, events = act(v, state, "pass")
    assert events[0].tag == "pass" and v.to_move(after) == "black"
    assert v.outcome(after) is None
    with pytest.raises(IllegalAction, match="DC-7"):
        v.parse_action(after, "pass")


# -- DC-8..DC-10: captures ---------------------------------------------------------------------


def test_dc_8_lower_die_cannot_capture_higher_but_equal_can():
    v = variant()
    state = position(v, *LONE, ". . b3 W3 b4 . . .")
    assert moves_from(v, state, "d4") == {"c4", "d5", "d3"}
    with pytest.raises(IllegalAction, match="captures only dice showing 1-3"):
        v.parse_action(state, "d4e4")
    assert v.odds(state, Action("move", (v.rules.geo.parse("d4"), v.rules.geo.parse("e4")))) == (
        "a 3 captures only dice showing 1-3: it cannot take a 4"
    )
    assert "certain" in known(v.odds(state, v.parse_action(state, "d4c4")))


def test_dc_9_and_dc_10_captured_die_is_tallied_and_capturer_rerolled():
    v = variant()
    state = position(v, *LONE, ". . . W5 b2 . . .")
    after, events = act(v, state, "d4e4", 1)
    assert after.captured == ((2,), ())
    assert (
        after.board[v.rules.geo.parse("e4")] == (0, 1)
        and after.board[v.rules.geo.parse("d4")] is None
    )
    roll = next(e for e in events if isinstance(e, Roll))
    assert roll.seat == "white" and roll.dice == "1d6" and roll.faces == (1,)
    assert "reroll" in roll.purpose and roll.result == "now shows 1"
    captured = [s for s in v.presenter.tally(after) if s.side == 0 and "captured" in s.title][0]
    assert [i.label for i in captured.items] == ["⚁ 2", "total 2"]


def test_dc_10_notation_shows_the_capture_and_the_reroll():
    v = variant()
    state = position(v, *LONE, ". . . W5 b2 . . .")
    action = v.parse_action(state, "d4e4")
    before = v.presenter.notation(state, action)
    assert before == "5 d4xe4 (takes 2)"
    _, events = v.apply(state, action, Scripted(6))
    assert v.presenter.logged(state, action, events) == "5 d4xe4 (takes 2, rerolled 6)"
    assert [
        e.squares for e in events if isinstance(e, Roll) and e.use == DiceChessPurpose.REROLL
    ] == [(v.rules.geo.parse("e4"),)]
    assert v.presenter.notation(state, v.parse_action(state, "d4d5")) == "5 d4-d5"


# -- DC-11, DC-12, DC-14: the end ------------------------------------------------------------


def test_dc_11_taking_the_last_enemy_die_wins():
    v = variant()
    state = position(v, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, ". . . W6 b6 . . .")
    after, _ = act(v, state, "d5e5", 3)
    result = v.outcome(after)
    assert result is not None and result.winner == 0 and result.rule == "DC-11"
    assert v.legal_actions(after) == []


def test_dc_12_three_full_turns_after_a_capture_score_the_game():
    v = variant()
    rows = ("b1 . . . . . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, ". . . . . . . W2")
    state = position(v, *rows, captured=((1,), ()))  # a capture has been made
    shuttle = ["h4h3", "a8a7", "h3h4", "a7a8", "h4h3"]
    for text in shuttle:
        state, _ = act(v, state, text)
        assert v.outcome(state) is None
    assert state.quiet == 5  # turns since the capture: one short of 3 full turns
    state, _ = act(v, state, "a8a7")
    result = v.outcome(state)
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (0, "DC-12", Ending.SCORE)
    assert state.board_totals() == (2, 1)


def test_dc_12_a_capture_restarts_the_stall_count_and_the_option_changes_it():
    v = variant(stall_turns=1)
    state = position(v, *LONE, ". . . W3 b2 . . .", captured=((1,), ()), quiet=1)
    after, _ = act(v, state, "d4e4", 3)
    assert after.quiet == 0 and v.outcome(after) is None
    after, _ = act(v, after, "h8h7")
    assert v.outcome(after) is None
    after, _ = act(v, after, "e4e5")
    result = v.outcome(after)  # one full turn with no capture
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (1, "DC-12", Ending.SCORE)
    assert after.board_totals() == (3, 4)


def test_dc_12_scoring_breaks_ties_by_captured_dice_then_draws():
    v = variant()
    tied = position(v, *LONE, ". . . W4 . . . .", captured=((5,), (3,)))
    result = v.rules.score(tied, 1)
    assert (result.winner, result.rule, result.kind) == (0, "DC-12", Ending.SCORE)
    board = tied.board_totals()
    assert board[0] == board[1] and (tied.captured_total(0), tied.captured_total(1)) == (5, 3)
    assert result.numbers == (1, 4, 4, 5, 3)
    level = position(v, *LONE, ". . . W4 . . . .", captured=((3,), (3,)))
    assert v.rules.score(level, 1).winner is None
    black_took_more = position(v, *LONE, ". . . W4 . . . .", captured=((2,), (3,)))
    assert v.rules.score(black_took_more, 1).winner == 1
    ahead = position(v, *LONE, ". . . W2 . . . .", captured=((6,), ()))
    assert v.rules.score(ahead, 1).winner == 1  # the board total comes first


def test_dc_14_opening_limit_scores_a_game_with_no_capture():
    v = variant()
    state = position(v, *LONE, ". . . W3 . . . .", quiet=2 * 10 - 1)
    assert v.outcome(state) is None and not state.any_capture
    after, _ = act(v, state, "d4d5")
    result = v.outcome(after)
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (1, "DC-14", Ending.SCORE)
    assert after.board_totals() == (3, 4)
    shorter = variant(opening_turns=1)
    after, _ = act(shorter, position(shorter, *LONE, ". . . W3 . . . .", quiet=1), "d4d5")
    result = shorter.outcome(after)
    assert result is not None and (result.rule, result.kind) == ("DC-14", Ending.SCORE)


# -- views and perft ---------------------------------------------------------------------------


def test_piece_view_reads_without_colour():
    v = variant()
    state = position(v, *LONE, ". . . W3 . . . .")
    white, black = (
        v.piece_view(state, v.rules.geo.parse("d4")),
        v.piece_view(state, v.rules.geo.parse("h8")),
    )
    assert white is not None and black is not None
    assert (white.letter, white.label, white.side) == ("D", "3", 0)
    assert (black.letter, black.label, black.side) == ("d", "4", 1)
    assert v.presenter.piece_card(state, v.rules.geo.parse("h8"))[0] == "Black die showing 4 on h8"


def test_perft_counts_decisions_setup_swaps_included():
    v = variant()
    state = position(v, *LONE, ". . . W6 . . . .")
    assert v.rules.perft(state, 1) == 8
    assert v.rules.perft(state, 2) == 8 * 2  # the black 4 in the corner: h7 and g8
    setup = position(v, *LONE, ". . . W6 W6 W1 . .", setup=True)
    assert v.rules.perft(setup, 1) == 2 + 1  # swap d4 f4, swap e4 f4, done
    assert v.rules.perft(setup, 2) == 2 * 3 + 1  # after done, Black has one die: only done
    assert "swap" in v.rules.perft_unit


# -- whole games -------------------------------------------------------------------------------


def random_game(seed: int, **options: OptionValue) -> Game:
    return whole_games.random_game(variant(**options), seed)


def test_dc_random_games_all_end():
    for seed in range(50):
        game = random_game(seed)
        ending = game.outcome
        assert ending is not None and ending == game.rules.outcome(game.state), seed
        assert (ending.rule, ending.kind) in {
            ("DC-11", Ending.NO_DICE),
            ("DC-12", Ending.SCORE),
            ("DC-14", Ending.SCORE),
        }, seed
        assert game.rule_actions() == []


def test_dc_replay_rebuilds_the_same_final_state():
    game = random_game(31)
    assert sum(1 for p in game.plies if p.rolls) == 2  # two captures, two rerolls
    again = whole_games.rebuilt(game)
    assert again.state == game.state
    assert [p.notation for p in again.plies] == [p.notation for p in game.plies]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), arrange=st.booleans(), stall=st.integers(1, 4))
def test_dc_property_random_games_conserve_dice_and_faces(seed, arrange, stall):
    game = random_game(seed, arrange=arrange, stall_turns=stall, opening_turns=15)
    for position_ in game.positions:
        state = position_.state
        for side in (0, 1):
            on_board = state.dice_of(side)
            assert len(on_board) + len(state.captured[side ^ 1]) == 16
            assert all(1 <= face <= 6 for _, face in on_board)
            assert all(1 <= face <= 6 for face in state.captured[side])
    for ply in game.plies:
        for roll in ply.rolls:
            assert roll.dice == "1d6" and 1 <= roll.faces[0] <= 6
    assert all(isinstance(r, Roll) and all(1 <= f <= 6 for f in r.faces) for r in game.setup_events)


# -- the old names -----------------------------------------------------------------------------


def test_old_name_dice_chess_still_plays_as_the_split_pair():
    """House-rule files and saved specs from before the split name ``dice_chess:DiceChess``
    and no presenter: they are read as the rules and presenter that class became."""
    old_spec = spec("dice-chess").model_copy(
        update={"rules": "dice_chess:DiceChess", "present": ""}
    )
    v = make_variant(old_spec, {"arrange": False})
    assert isinstance(v.rules, DiceChessRules) and isinstance(v.presenter, DiceChessPresenter)
    game = Game(v, 4)
    game.play("a2a3")
    assert game.plies[0].notation.endswith("a2-a3") and "Black to move" in v.presenter.status(
        game.state
    )
    assert v.rules.from_text(board(*LONE, ". . . W3 . . . ."), 0).dice_of(0) == [(27, 3)]
