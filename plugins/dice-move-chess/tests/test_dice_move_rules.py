"""Dice-move chess's rules DM-1..DM-9, through the public interface (``Rules``, ``Game``,
the presenter), with loaded dice where a face matters."""

from __future__ import annotations

from fractions import Fraction

import pytest
from battlechess_dice_move.rules import DiceMoveRules, DiceMoveState, Fact, Reason

from battlechess_tui.plugin import (
    Action,
    ActionKind,
    Ending,
    Game,
    IllegalAction,
    Note,
    Roll,
    ScriptedDice,
    make_variant,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
VARIANT = make_variant("dice-move-chess")
RULES = VARIANT.rules
PRESENTER = VARIANT.presenter
PASS = Action(ActionKind.PASS)


def state(text: str) -> DiceMoveState:
    found = RULES.parse_position(text)
    assert isinstance(found, DiceMoveState)
    return found


def texts(s: DiceMoveState) -> set[str]:
    return {a.text(RULES.geo) for a in RULES.legal_actions(s)}


def play(s: DiceMoveState, text: str, *faces: int) -> tuple[DiceMoveState, list[object]]:
    action = RULES.parse_action(s, text)
    after, events = RULES.apply(s, action, ScriptedDice(faces))
    assert isinstance(after, DiceMoveState)
    return after, list(events)


def rolls(events: list[object]) -> list[Roll]:
    return [e for e in events if isinstance(e, Roll)]


def test_the_rules_class_is_the_plugins():
    assert isinstance(RULES, DiceMoveRules)


# -- DM-1: one die a turn, thrown for the mover before they decide ---------------------------


def test_dm_1_white_s_first_die_is_thrown_with_the_setup():
    game = Game(VARIANT, 7)
    (roll,) = [e for e in game.setup_events if isinstance(e, Roll)]
    assert roll.seat == "white" and roll.dice == "1d6" and roll.rule == "DM-1"
    assert game.state.roll == roll.faces[0]


def test_dm_1_each_decision_throws_the_next_mover_s_die_and_none_once_the_game_is_over():
    game = Game(VARIANT, 3)
    for _ in range(30):
        mover = game.to_move
        ply = game.play(game.rule_actions()[0])
        thrown = ply.rolls
        if game.over:
            assert thrown == []
            break
        assert [r.seat for r in thrown] == [game.to_move] and game.to_move != mover
        assert game.state.roll == thrown[0].faces[0]


# -- DM-2: the die names the kind of piece ------------------------------------------------------


def test_dm_2_only_the_kind_the_die_names_moves():
    assert texts(state(START + " roll=2")) == {"b1a3", "b1c3", "g1f3", "g1h3"}
    assert texts(state(START + " roll=1")) == {f"{f}2{f}{r}" for f in "abcdefgh" for r in "34"}


def test_dm_2_another_piece_is_refused_citing_the_rule():
    s = state(START + " roll=2")
    with pytest.raises(IllegalAction) as refused:
        RULES.parse_action(s, "e2e4")
    assert refused.value.refusal is not None
    assert refused.value.refusal.fact == Reason.NOT_ROLLED
    words = PRESENTER.refusal_text(refused.value.refusal)
    assert "move a knight, not a pawn (DM-2)" in words


# -- DM-3: no move of that kind: pass -------------------------------------------------------------


@pytest.mark.parametrize("face", [3, 4, 5, 6])
def test_dm_3_pass_when_no_piece_of_the_rolled_kind_can_move(face):
    s = state(f"{START} roll={face}")
    assert texts(s) == {"pass"}
    assert "pass" in PRESENTER.status(s)


def test_dm_3_a_pass_throws_the_opponent_s_die_once_and_never_again_for_the_passer():
    s = state(START + " roll=4")
    after, events = play(s, "pass", 2)
    (note,) = [e for e in events if isinstance(e, Note)]
    assert note.fact == Fact.NO_MOVE and note.rule == "DM-3" and note.numbers == (4,)
    assert [r.seat for r in rolls(events)] == ["black"]
    assert after.board.side == 1 and after.roll == 2
    assert "White's die shows 4: no rook can move, so White passes (DM-3)" in (
        PRESENTER.note_text(note)
    )


def test_dm_3_a_pass_while_a_move_is_open_is_refused_and_a_move_while_none_is():
    with pytest.raises(IllegalAction) as refused:
        RULES.parse_action(state(START + " roll=1"), "pass")
    assert refused.value.refusal is not None and refused.value.refusal.fact == (
        Reason.PASS_WITH_MOVES
    )
    with pytest.raises(IllegalAction) as stuck:
        RULES.parse_action(state(START + " roll=5"), "d1d3")
    assert stuck.value.refusal is not None and stuck.value.refusal.fact == Reason.MUST_PASS
    assert "(DM-3)" in PRESENTER.refusal_text(stuck.value.refusal)


# -- DM-4: castling on a 4 or a 6, en passant and promotion --------------------------------------


@pytest.mark.parametrize(("face", "castles"), [(4, True), (6, True), (5, False), (1, False)])
def test_dm_4_castling_is_a_king_s_move_and_a_rook_s(face, castles):
    s = state(f"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 roll={face}")
    legal = texts(s)
    assert ({"e1g1", "e1c1"} <= legal) == castles


def test_dm_4_en_passant_is_a_pawn_s_move_right_after_the_double_step():
    s = state("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 roll=1")
    after, _ = play(s, "d7d5", 1)
    assert "e5d6" in texts(after)
    lapsed, _ = play(s, "d7d5", 3)  # White's die names a bishop: White passes
    assert texts(lapsed) == {"pass"}
    passed, _ = play(lapsed, "pass", 6)
    assert " - " in RULES.position_text(passed)  # the chance is gone with the pass


def test_dm_4_a_pawn_s_roll_promotes_to_any_piece():
    s = state("4k3/P7/8/8/8/8/8/4K3 w - - 0 1 roll=1")
    assert {"a7a8q", "a7a8r", "a7a8b", "a7a8n"} <= texts(s)


# -- DM-5: check, checkmate and the captured king -------------------------------------------------


def test_dm_5_check_is_answered_only_with_the_rolled_kind():
    checked = "4r2k/8/8/8/8/8/R7/4K3 w - - 0 1"
    assert texts(state(checked + " roll=4")) == {"a2e2"}
    assert texts(state(checked + " roll=6")) == {"e1d1", "e1d2", "e1f1", "e1f2"}
    assert texts(state(checked + " roll=5")) == {"pass"}


def test_dm_5_a_king_left_in_check_by_a_pass_is_captured_and_the_game_ends():
    s = state("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1 roll=1")  # no pawn: White passes in check
    assert texts(s) == {"pass"}
    after, _ = play(s, "pass", 5)  # Black's die: the queen
    assert "e2e1" in texts(after)
    won, events = play(after, "e2e1")
    outcome = RULES.outcome(won)
    assert outcome is not None and outcome.winner == 1
    assert outcome.kind == Ending.KING_KILLED and outcome.rule == "DM-5"
    assert rolls(events) == []  # the game is over: no die for White
    (note,) = [e for e in events if isinstance(e, Note)]
    assert note.fact == Fact.KING_TAKEN
    assert PRESENTER.note_text(note) == "Black captures White's king on e1 (DM-5)"
    assert "White's king was captured" in PRESENTER.describe_outcome(outcome)


def test_dm_5_a_die_that_cannot_take_the_king_moves_something_else():
    s = state("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1 roll=1")
    after, _ = play(s, "pass", 6)  # Black's die: the king, which cannot reach e1
    assert "e2e1" not in texts(after) and texts(after)
    assert RULES.outcome(after) is None


def test_dm_5_checkmate_ends_the_game_whatever_the_die():
    s = state("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 roll=4")
    mated, events = play(s, "a1a8")
    outcome = RULES.outcome(mated)
    assert outcome is not None and outcome.winner == 0 and outcome.kind == Ending.CHECKMATE
    assert outcome.rule == "DM-5" and rolls(events) == []


# -- DM-6: the odds ---------------------------------------------------------------------------


def test_dm_6_the_next_die_s_odds_are_exact_sixths():
    s = state(START + " roll=1")
    words = PRESENTER.odds(s, RULES.parse_action(s, "e2e4"))
    assert words is not None
    assert "Black's die: each face 1 in 6; moves on 1 and 2" in words
    assert "passes on 3, 4, 5 and 6" in words and "4 in 6" in words
    after, _ = play(s, "e2e4", 1)
    passed, _ = play(after, "e7e5", 1)
    assert RULES.pass_chance(passed) == Fraction(1, 6)  # only the rooks are shut in
    assert RULES.face_moves(passed)[4] == 0 and RULES.face_moves(passed)[6] == 1  # Ke2


def test_dm_6_a_check_s_odds_say_which_faces_answer_it():
    s = state("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 roll=4")
    words = PRESENTER.odds(s, RULES.parse_action(s, "a1a8"))
    assert words is not None and "in check, Black answers it only on 6" in words


# -- DM-7: draws ------------------------------------------------------------------------------


def test_dm_7_stalemate_is_no_legal_move_of_any_kind():
    outcome = RULES.outcome(state("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 roll=6"))
    assert outcome is not None and outcome.kind == Ending.STALEMATE and outcome.rule == "DM-7"


def test_dm_7_fifty_moves_count_passes():
    s = state("4k3/8/8/8/8/8/8/R3K3 w - - 99 60 roll=3")
    after, events = play(s, "pass")
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.kind == Ending.FIFTY_MOVES and outcome.rule == "DM-7"
    assert rolls(events) == []


def test_dm_7_passes_bring_no_position_back_for_repetition():
    s = state(START + " roll=3")
    for face in (3, 3, 3, 3, 3, 3):
        s, _ = play(s, "pass", face)
        assert RULES.outcome(s) is None
    assert s.repetitions() == 1


def test_dm_7_only_bare_kings_are_a_dead_position():
    bare = RULES.outcome(state("4k3/8/8/8/8/8/8/4K3 w - - 0 1 roll=6"))
    assert bare is not None and bare.kind == Ending.DEAD_POSITION and bare.rule == "DM-7"
    assert RULES.outcome(state("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 roll=6")) is None


# -- DM-8: a position without a die ---------------------------------------------------------------


def test_dm_8_a_position_without_a_roll_lets_any_piece_move():
    s = state(START)
    assert s.roll == 0 and len(texts(s)) == 20
    assert "any piece (DM-8)" in PRESENTER.status(s)


@pytest.mark.parametrize("face", [0, 1, 4, 6])
def test_dm_8_the_position_text_carries_the_die(face):
    text = START + (f" roll={face}" if face else "")
    s = state(text)
    assert RULES.position_text(s) == text
    assert state(RULES.position_text(s)) == s


def test_dm_8_a_die_shows_one_to_six():
    with pytest.raises(ValueError, match="1 to 6"):
        state(START + " roll=7")


def test_dm_6_the_tally_shows_the_die_and_each_face_s_odds_now():
    (*_, odds) = PRESENTER.tally(state(START + " roll=3"))
    assert odds.title == "White's die, each face 1 in 6"
    assert [(i.label, i.note) for i in odds.items] == [
        ("die: 3 (bishop)", ""),
        ("moves on 1 and 2", "2 in 6"),
        ("passes on 3, 4, 5 and 6", "4 in 6"),
    ]
