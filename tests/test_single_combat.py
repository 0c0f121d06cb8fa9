"""Single Combat Chess (rules SC-1..SC-9): moves without check, fights on one die, the end."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.engine.rules import Chance, IllegalAction, Rules
from battlechess_tui.engine.spec import OptionValue, SpecError
from battlechess_tui.engine.variant import Variant
from battlechess_tui.engine.vocabulary import Ending, EventTag
from battlechess_tui.rules.chess_family.searcher import ChessSearcher
from battlechess_tui.rules.single_combat import SingleCombatRules
from battlechess_tui.rules.single_combat.rules import KING_WEIGHT, ZONE_WEIGHT
from tests import whole_games
from tests.scripted_dice import ScriptedDice as Scripted
from tests.typed import VariantOf, known, rules_of, typed

EPD = Path(__file__).parent / "perft" / "single-combat.epd"
#: White's king on a1 is walled in by its own pieces, whose pawns are locked (SC-4). A side
#: without a king has lost it (SC-3), so a position where nobody can move needs both kings.
WHITE_BOXED_IN = "7k/8/8/8/p1p5/P1Pp4/PB1P4/KRB5 w - - 0 1"
#: The same wall around both kings (Black's turned round on h8).
BOTH_BOXED_IN = "5brk/4p1bp/4Pp1p/5P1P/p1p5/P1Pp4/PB1P4/KRB5 w - - 0 1"


def variant(**options: OptionValue) -> VariantOf[SingleCombatRules]:
    """The game (its rules and presenter under one name, as scripts use it)."""
    return typed(make_variant("single-combat", options), SingleCombatRules)


def play(v: Variant, fen: str, text: str, *faces: int):
    state = v.rules.parse_position(fen)
    action = v.parse_action(state, text)
    return v.apply(state, action, Scripted(*faces))


def texts(v: Variant, state) -> set[str]:
    return {a.text(v.rules.geo) for a in v.legal_actions(state)}


def piece(v: Variant, state, name: str) -> str:
    p = state.board.board[v.rules.geo.parse(name)]
    return cb.letter(p) if p else "."


# -- SC-1, SC-2: moves -----------------------------------------------------------------------


def test_sc_1_start_position_has_the_twenty_fide_moves():
    v = variant()
    state, events = v.new_game(Dice.for_decision(1, -1))
    assert events == []
    assert len(v.legal_actions(state)) == 20
    assert v.rules.fen(state).startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq")


def test_sc_2_castling_out_of_through_and_into_attacked_squares_is_allowed():
    v = variant()
    # Black rooks attack e1 (the king), f1 (crossed) and c1 (landing).
    state = v.rules.from_fen("2r1rr1k/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert state.board.in_check()
    moves = texts(v, state)
    assert {"e1g1", "e1c1"} <= moves
    after, events = v.apply(state, v.parse_action(state, "e1g1"), Scripted())
    assert events == []  # castling never fights (SC-6)
    assert piece(v, after, "g1") == "K" and piece(v, after, "f1") == "R"


def test_sc_2_king_may_step_onto_attacked_square_and_next_to_enemy_king():
    v = variant()
    state = v.rules.from_fen("8/8/8/3k4/8/3K4/r7/8 w - - 0 1")
    moves = texts(v, state)
    assert "d3d4" in moves  # next to the black king, and attacked by it
    assert {"d3c2", "d3d2", "d3e2"} <= moves  # onto the rook's rank
    assert v.to_move(state) == "white" and not state.board.in_check()
    attacked = v.rules.from_fen("8/8/8/8/8/3K4/8/3r3k w - - 0 1")
    assert attacked.board.in_check() and "d3d2" in texts(v, attacked)  # no check: a warning
    assert known(v.piece_view(attacked, v.rules.geo.parse("d3"))).mark_names == ("attacked",)
    assert known(v.piece_view(state, v.rules.geo.parse("d3"))).marks == ()


def test_sc_2_en_passant_may_expose_the_own_king():
    v = variant()
    state = v.rules.from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 2")
    assert "e5d6" in texts(v, state)


# -- SC-3: the king dies -----------------------------------------------------------------------


def test_sc_3_killing_the_enemy_king_ends_the_game():
    v = variant()
    after, events = play(v, "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "e2e8", 3)
    result = v.outcome(after)
    assert result is not None and result.winner == 0 and result.rule == "SC-3"
    assert result.kind == Ending.KING_KILLED
    assert any(getattr(e, "tag", "") == "king" for e in events)
    assert v.legal_actions(after) == []


def test_sc_3_a_king_that_loses_its_own_attack_dies_and_loses_the_game():
    v = variant()
    # King x pawn on d8 needs 4 (B,N,K row, P column); a 3 loses.
    after, _ = play(v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", 3)
    result = v.outcome(after)
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (1, "SC-3", Ending.KING_KILLED)
    assert piece(v, after, "d2") == "p" and piece(v, after, "e1") == "."


# -- SC-4: no move -> pass ---------------------------------------------------------------------


def test_sc_4_a_player_with_no_move_passes():
    v = variant()
    state = v.rules.from_fen(WHITE_BOXED_IN)
    assert v.legal_actions(state) == [Action("pass")]
    assert "pass" in v.presenter.status(state)
    after, events = v.apply(state, Action("pass"), Scripted())
    assert isinstance(events[0], Note)
    assert after.board.side == 1 and events[0].tag == "pass"
    assert v.outcome(after) is None
    with pytest.raises(IllegalAction, match="SC-4"):
        v.parse_action(after, "pass")  # Black has king moves, so no pass


def test_sc_4_a_move_tried_by_a_player_with_no_move_is_refused_by_sc_4():
    v = variant()
    state = v.rules.from_fen(WHITE_BOXED_IN)
    geo = v.rules.geo
    for frm, to in (("a1", "b1"), ("b2", "a3")):  # onto its own piece; a pawn's step blocked
        why = v.why_illegal(state, Action("move", (geo.parse(frm), geo.parse(to))))
        assert why.endswith("(SC-4)"), why


# -- SC-5, SC-6, SC-7: fights ------------------------------------------------------------------


def test_sc_5_pawn_attacking_queen_needs_8_and_wins_on_8():
    v = variant()
    fen = "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1"
    after, events = play(v, fen, "e4d5", 8)
    roll = next(e for e in events if isinstance(e, Roll))
    assert roll.dice == "1d8" and roll.faces == (8,) and roll.against == "needs 8"
    assert roll.result == "wins"
    assert piece(v, after, "d5") == "P" and piece(v, after, "e4") == "."
    assert [cb.letter(p) for p in after.lost[1]] == ["q"]


def test_sc_6_attacker_that_loses_is_removed_and_defender_stays():
    v = variant()
    after, events = play(v, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", 7)
    roll = next(e for e in events if isinstance(e, Roll))
    assert roll.result == "loses"
    assert piece(v, after, "d5") == "q" and piece(v, after, "e4") == "."
    assert [cb.letter(p) for p in after.lost[0]] == ["P"]
    assert after.board.side == 1 and after.board.halfmove == 0


def test_sc_6_a_won_fight_kills_the_defender_and_marks_both_squares():
    v = variant()
    after, events = play(v, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", 8)  # P x Q needs 8
    kills = [e.squares for e in events if isinstance(e, Note) and e.tag == EventTag.KILL]
    assert kills == [(v.rules.geo.parse("e4"), v.rules.geo.parse("d5"))]
    assert piece(v, after, "d5") == "P" and [cb.letter(p) for p in after.lost[1]] == ["q"]


def test_sc_5_en_passant_is_a_fight_both_ways():
    v = variant()
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    won, events = play(v, fen, "e5d6", 5)  # P x P needs 5
    assert events[0].against == "needs 5" and events[0].result == "wins"
    assert piece(v, won, "d6") == "P" and piece(v, won, "d5") == "."
    lost, _ = play(v, fen, "e5d6", 4)
    assert piece(v, lost, "d5") == "p" and piece(v, lost, "e5") == "."
    assert piece(v, lost, "d6") == "."


def test_sc_6_pawn_promotes_after_a_won_fight_but_not_after_a_lost_one():
    v = variant()
    fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1"  # P x R needs 7
    won, events = play(v, fen, "e7d8q", 7)
    assert piece(v, won, "d8") == "Q"
    assert any(getattr(e, "tag", "") == "promote" for e in events)
    lost, events = play(v, fen, "e7d8q", 6)
    assert piece(v, lost, "d8") == "r" and piece(v, lost, "e7") == "."
    assert not any(getattr(e, "tag", "") == "promote" for e in events)


def test_sc_6_a_rook_killed_attacking_from_its_corner_takes_its_castling_right():
    v = variant()
    fen = "4k3/8/8/7q/8/8/8/4K2R w K - 0 1"  # R x Q needs 6
    after, _ = play(v, fen, "h1h5", 1)
    assert piece(v, after, "h1") == "." and piece(v, after, "h5") == "q"
    assert v.rules.position_text(after).split()[2] == "-"
    after, _ = v.apply(after, v.parse_action(after, "e8d8"), Scripted())
    assert "e1g1" not in texts(v, after)  # no rook to castle with
    with pytest.raises(IllegalAction):
        v.parse_action(after, "e1g1")


def test_sc_6_quiet_moves_and_castling_roll_nothing():
    v = variant()
    state = v.rules.from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    for text in ("e8c8", "a8a1"):
        _, events = v.apply(state, v.parse_action(state, text), Scripted(5))
        rolls = [e for e in events if isinstance(e, Roll)]
        assert len(rolls) == (1 if text == "a8a1" else 0)


def test_sc_7_king_fights_in_the_bishop_knight_class_and_tables_follow_the_die():
    d8, d6, d10, d100 = variant(), variant(die="d6"), variant(die="d10"), variant(die="d100")
    K, Q, P, R = cb.KING, cb.QUEEN, cb.PAWN, cb.ROOK
    assert d8.rules.needs(K, P) == 4 and d8.rules.needs(Q, K) == 3 and d8.rules.needs(P, Q) == 8
    assert d6.rules.needs(P, P) == 4 and d6.rules.needs(R, cb.KNIGHT_) == 3
    assert d10.rules.needs(P, Q) == 10 and d10.rules.needs(R, P) == 2
    assert d100.rules.needs(cb.BISHOP, K) == 51 and d100.rules.needs(Q, P) == 11


def test_sc_7_d100_rolls_one_to_one_hundred():
    v = variant(die="d100")
    after, events = play(v, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100)
    assert events[0].dice == "1d100" and events[0].result == "wins"  # "00" is 100: needs 91
    assert piece(v, after, "d5") == "P"


#: SC-7 as the seed (004_4f30e405462a8ff9.txt) prints it, typed here rather than read from the
#: variant file: per die, a row per attacker (Q, R, B/N/K, P), the defender in the same order.
SEED_TABLES = {
    "d8": {"Q": (5, 4, 3, 2), "R": (6, 5, 4, 3), "BNK": (7, 6, 5, 4), "P": (8, 7, 6, 5)},
    "d6": {"Q": (4, 3, 2, 2), "R": (5, 4, 3, 2), "BNK": (6, 5, 4, 3), "P": (6, 5, 4, 4)},
    "d10": {"Q": (6, 4, 3, 2), "R": (7, 6, 4, 2), "BNK": (8, 7, 6, 3), "P": (10, 9, 8, 6)},
    "d100": {"Q": (51, 37, 26, 11), "R": (65, 51, 38, 18), "BNK": (76, 63, 51, 26),
             "P": (91, 84, 76, 51)},
}  # fmt: skip
SEED_CLASS = {"Q": "Q", "R": "R", "B": "BNK", "N": "BNK", "K": "BNK", "P": "P"}
#: Where a White attacker on e4 finds the Black defender it can capture.
DEFENDER_AT = {"Q": "e5", "R": "e5", "B": "d5", "N": "d6", "K": "e5", "P": "d5"}


def fight_position(attacker: str, defender: str) -> str:
    """A White ``attacker`` on e4 able to capture a Black ``defender``; kings where free."""
    pieces = {"e4": attacker, DEFENDER_AT[attacker]: defender.lower()}
    if attacker != "K":
        pieces["a1"] = "K"
    if defender != "K":
        pieces["h8"] = "k"
    rows = []
    for rank in "87654321":
        row, gap = "", 0
        for file in "abcdefgh":
            if file + rank in pieces:
                row += (str(gap) if gap else "") + pieces[file + rank]
                gap = 0
            else:
                gap += 1
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows) + " w - - 0 1"


@pytest.mark.parametrize("defender", "QRBNKP")
@pytest.mark.parametrize("attacker", "QRBNKP")
@pytest.mark.parametrize("die", list(SEED_TABLES))
def test_sc_7_every_table_entry_is_the_seeds(die, attacker, defender):
    """All 144 entries (6 x 6 pieces, 4 dice): the exact chance, the odds text, and the fight
    won on the number needed and lost one below it (SC-5, SC-6)."""
    row = SEED_TABLES[die][SEED_CLASS[attacker]]
    needs = row[("Q", "R", "BNK", "P").index(SEED_CLASS[defender])]
    sides = int(die[1:])
    v = variant(die=die)
    fen = fight_position(attacker, defender)
    state = v.rules.parse_position(fen)
    target = DEFENDER_AT[attacker]
    action = v.parse_action(state, "e4" + target)
    assert v.rules.chance(state, action) == Chance(Fraction(sides - needs + 1, sides))
    odds = known(v.odds(state, action))
    assert [die, str(needs)] == re.findall(rf"\b(?:{die}|{needs})\b", odds)[:2]
    won, _ = play(v, fen, "e4" + target, needs)
    assert piece(v, won, target) == attacker and piece(v, won, "e4") == "."
    if needs > 1:
        lost, _ = play(v, fen, "e4" + target, needs - 1)
        assert piece(v, lost, target) == defender.lower() and piece(v, lost, "e4") == "."


def test_sc_7_every_option_die_has_a_table_and_bad_tables_are_refused():
    s = spec("single-combat")
    assert set(s.options["die"].choices or ()) == set(s.data["tables"])
    bad = s.model_copy(
        update={"data": {"tables": {"d6": {**s.data["tables"]["d6"], "P": [6, 5, 4, 7]}}}}
    )
    with pytest.raises(SpecError, match="not a face of a d6"):
        SingleCombatRules.validate_data(bad)


def test_sc_4_sc_8_perft_through_a_pass_agrees_with_the_generic_count():
    v = variant()
    black_boxed_after_a_move = BOTH_BOXED_IN.replace("KRB5", "KRB4N")  # a Knight on h1 moves
    for fen in (WHITE_BOXED_IN, BOTH_BOXED_IN, black_boxed_after_a_move):
        state = v.rules.from_fen(fen)
        for depth in (1, 2, 3, 4):
            assert v.rules.perft(state, depth) == Rules.perft(v.rules, state, depth), (fen, depth)


def test_sc_8_perft_stops_at_the_quiet_move_that_draws():
    """From 149 quiet plies, every White move is the 150th (SC-8): the game is drawn there,
    so nothing is counted beyond it, in the fast count as in the generic one."""
    v = variant()
    state = v.rules.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 80")
    assert v.rules.perft(state, 1) == Rules.perft(v.rules, state, 1) > 0
    assert v.rules.perft(state, 2) == Rules.perft(v.rules, state, 2) == 0


@pytest.mark.parametrize("row", ["Q", "R", "BNK", "P"])
def test_sc_7_a_house_table_row_without_four_numbers_is_refused(row):
    data = spec("single-combat").data
    d8 = {**data["tables"]["d8"], row: data["tables"]["d8"][row][:3]}
    house = spec("single-combat").model_copy(update={"data": {"tables": {"d8": d8}}})
    with pytest.raises((ValueError, SpecError), match=row):
        make_variant(house, {"die": "d8"})


def test_sc_7_a_house_table_may_use_the_first_and_last_face():
    d8 = {**spec("single-combat").data["tables"]["d8"], "Q": [1, 8, 8, 8]}
    house = spec("single-combat").model_copy(update={"data": {"tables": {"d8": d8}}})
    rules = rules_of(make_variant(house, {"die": "d8"}), SingleCombatRules)
    queen, rook = cb.QUEEN, cb.ROOK
    assert rules.fight_chance(queen, queen) == 1
    assert rules.fight_chance(queen, rook) == Fraction(1, 8)


def test_sc_7_a_die_without_a_table_is_refused_naming_the_tables():
    d8 = spec("single-combat").data["tables"]["d8"]
    house = spec("single-combat").model_copy(update={"data": {"tables": {"d8": d8}}})
    with pytest.raises(SpecError, match=r"d6.*tables: d8"):
        make_variant(house, {"die": "d6"})


def test_sc_7_a_house_table_with_an_unknown_field_is_refused():
    data = spec("single-combat").data
    extra_table = {"tables": data["tables"], "notes": "house"}
    extra_row = {"tables": {"d8": {**data["tables"]["d8"], "K": [1, 2, 3, 4]}}}
    for house_data, name in ((extra_table, "notes"), (extra_row, "K")):
        house = spec("single-combat").model_copy(update={"data": house_data})
        with pytest.raises((ValueError, SpecError), match=name):
            make_variant(house, {"die": "d8"})


def test_the_estimate_weighs_the_best_chance_at_the_enemy_king():
    rules = variant().rules
    state = rules.parse_position("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1")  # the Queen touches e8
    best = rules.fight_chance(state.board.board[rules.geo.parse("e7")], cb.KING)
    assert rules.king_chance(state.board, state.moves) == float(best) > 0
    assert rules.positional(state, 0) == -rules.positional(state, 1) > 0


def test_the_estimate_counts_the_opponents_moves_with_no_en_passant_square():
    """The estimate weighs the opponent's moves as if it were to move, with no en passant
    capture: Black's pawn on b2 next to White's king on b1 has no move, not even onto the
    empty a1 (a1 is square 0, so an en passant square left at 0 would invent one)."""
    rules = variant().rules
    board = "7k/8/8/8/8/8/1p6/1K6"
    white, black = (rules.parse_position(f"{board} {side} - - 0 1") for side in "wb")
    assert rules.positional(white, 0) == rules.positional(black, 0) == 0
    assert rules.evaluate(white, 0) == rules.evaluate(black, 0)


def test_the_estimate_counts_the_threat_of_the_side_not_to_move():
    """Black's Queen next to White's King threatens it on Black's next move: White's estimate,
    White to move with no threat of its own, is below nothing."""
    rules = variant().rules
    state = rules.parse_position("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")
    queen_at_king = float(rules.fight_chance(state.board.board[rules.geo.parse("e2")], cb.KING))
    assert rules.positional(state, 0) <= -KING_WEIGHT * queen_at_king / 2 < 0
    assert rules.positional(state, 1) == -rules.positional(state, 0)


def test_the_estimate_counts_a_pawn_step_next_to_the_enemy_king():
    rules = variant().rules
    state = rules.parse_position("8/4k3/8/3P4/8/8/8/4K3 w - - 0 1")  # d5d6 reaches e7's side
    pawn_at_king = float(rules.fight_chance(cb.PAWN, cb.KING))
    assert rules.positional(state, 0) == ZONE_WEIGHT * pawn_at_king > 0


def test_the_computer_searches_single_combat_on_its_eight_by_eight_board():
    assert isinstance(variant().rules.searcher(), ChessSearcher)


def test_sc_8_perft_of_a_drawn_position_counts_only_the_position_itself():
    v = variant()
    drawn = v.rules.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 80")
    assert v.outcome(drawn) is not None
    passed, _ = v.apply(v.rules.from_fen(BOTH_BOXED_IN), Action("pass"), Scripted())
    assert v.outcome(passed) is None  # one pass; a second would draw
    for state in (drawn, passed):
        assert v.rules.perft(state, 0) == Rules.perft(v.rules, state, 0) == 1
    assert v.rules.perft(drawn, 1) == 0


def test_only_a_capture_has_fighters():
    rules = variant().rules
    state = rules.parse_position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert rules.fighters(state, Action("pass")) is None
    castle = rules.parse_action(state, "e1g1")
    assert rules.fighters(state, castle) is None


# -- SC-8: draws -------------------------------------------------------------------------------


def test_sc_8_both_players_passing_in_a_row_is_a_draw():
    v = variant()
    state = v.rules.from_fen(BOTH_BOXED_IN)
    once, _ = v.apply(state, Action("pass"), Scripted())
    assert v.outcome(once) is None
    twice, _ = v.apply(once, Action("pass"), Scripted())
    result = v.outcome(twice)
    assert result is not None and result.winner is None and result.rule == "SC-8"
    assert result.kind == Ending.PASSES


def test_sc_8_the_fifth_repetition_draws():
    game = Game(variant(), seed=3)
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for _ in range(3):
        for text in shuffle:
            game.play(text)
    for text in shuffle[:3]:
        game.play(text)
    assert not game.over  # the start position has stood four times
    game.play(shuffle[3])
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == (None, "SC-8")
    assert game.outcome.kind == Ending.REPETITION and game.state.repetitions() == 5
    assert game.outcome.numbers == (5,)


def test_sc_8_seventy_five_quiet_moves_each_draw():
    v = variant()
    state = v.rules.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 80")
    after, _ = v.apply(state, v.parse_action(state, "a1a2"), Scripted())
    result = v.outcome(after)
    assert result is not None and result.kind == Ending.QUIET and result.numbers == (75,)
    assert "75 moves" in v.presenter.outcome_reason(result)


def test_sc_8_a_failed_capture_attempt_restarts_the_quiet_count():
    v = variant()
    after, _ = play(v, "4k3/8/8/3q4/8/8/8/3RK3 w - - 149 80", "d1d5", 1)
    assert after.board.halfmove == 0 and v.outcome(after) is None


# -- SC-9 and words ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "fen", "move", "text"),
    [
        ("d8", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", "P x Q with a d8: needs 8, 12.5%"),
        ("d8", "4k3/8/8/3p4/4Q3/8/8/4K3 w - - 0 1", "e4d5", "Q x P with a d8: needs 2, 87.5%"),
        ("d6", "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3d5", "N x P with a d6: needs 3, 66.7%"),
        ("d100", "4k3/8/8/3b4/4R3/8/8/4K3 w - - 0 1", "e4e8", "R x K with a d100: needs 38, 63%"),
        ("d10", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "P x P with a d10: needs 6, 50%"),
    ],
)
def test_sc_9_odds_are_exact_from_the_table(die, fen, move, text):
    v = variant(die=die)
    state = v.rules.from_fen(fen)
    assert v.odds(state, v.parse_action(state, move)) == text


def test_sc_9_no_odds_for_a_quiet_move():
    v = variant()
    state = v.rules.from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1")
    assert v.odds(state, v.parse_action(state, "e4e5")) is None


def test_notation_names_the_fight_and_its_result_without_check_marks():
    v = variant()
    game = Game(v, seed=1)
    for text in ("e2e4", "d7d5"):
        game.play(text)
    ply = game.play("e4d5", Scripted(2))
    assert ply.notation == "exd5 (rolled 2, needs 5: loses)"
    game = Game(v, seed=1)
    for text in ("e2e3", "f7f6", "d1h5"):
        assert "+" not in game.play(text).notation
    ply = game.play("a7a6")
    ply = game.play("h5e8", Scripted(3))
    assert ply.notation == "Qxe8 (rolled 3, needs 3: wins) — king killed"
    assert game.outcome is not None and game.outcome.winner == 0


def test_piece_card_lists_what_the_piece_needs():
    v = variant()
    state, _ = v.new_game(Dice.for_decision(1, -1))
    card = v.presenter.piece_card(state, v.rules.geo.parse("e2"))
    assert "Attacking with a d8 it needs: Q 8, R 7, B/N/K 6, P 5" in card
    assert "Attackers need against it: Q 2, R 3, B/N/K 4, P 5" in card


# -- perft ---------------------------------------------------------------------------------------


def epd_rows() -> list[tuple[str, str, list[tuple[int, int]]]]:
    rows = []
    for line in EPD.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, fen, *counts = (part.strip() for part in line.split(";"))
        depths = [(int(c.split()[1]), int(c.split()[2])) for c in counts]
        rows.append((name, fen, depths))
    return rows


@pytest.mark.parametrize(("name", "fen", "depths"), epd_rows(), ids=lambda x: str(x)[:20])
def test_sc_perft_table(name, fen, depths):
    v = variant()
    state = v.rules.from_fen(fen)
    for depth, count in depths:
        assert v.rules.perft(state, depth) == count, f"{name} depth {depth}"


@pytest.mark.parametrize(("name", "fen", "depths"), epd_rows(), ids=lambda x: str(x)[:20])
def test_sc_fast_perft_agrees_with_the_generic_decision_count(name, fen, depths):
    v = variant()
    state = v.rules.from_fen(fen)
    for depth in (1, 2):
        assert v.rules.perft(state, depth) == Rules.perft(v.rules, state, depth), name


# -- whole games ---------------------------------------------------------------------------------


def random_game(seed: int, die: str = "d8") -> Game:
    return whole_games.random_game(variant(die=die), seed)


def test_sc_random_games_all_end():
    endings = {("SC-3", Ending.KING_KILLED), ("SC-8", Ending.PASSES), ("SC-8", Ending.QUIET),
               ("SC-8", Ending.REPETITION)}  # fmt: skip
    for seed in range(50):
        game = random_game(seed)
        ending = game.outcome
        assert ending is not None and ending == game.rules.outcome(game.state), seed
        assert (ending.rule, ending.kind) in endings and game.rule_actions() == [], seed
        assert (ending.winner is None) == (ending.kind != Ending.KING_KILLED), seed


def test_sc_replay_rebuilds_the_same_final_state():
    game = random_game(7)
    again = whole_games.rebuilt(game)
    assert again.state.board.fen() == game.state.board.fen()
    assert again.state.lost == game.state.lost
    assert [p.notation for p in again.plies] == [p.notation for p in game.plies]
    assert again.outcome == game.outcome


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), die=st.sampled_from(["d6", "d8", "d10", "d100"]))
def test_sc_property_random_games_conserve_pieces_and_roll_the_option_die(seed, die):
    game = random_game(seed, die)
    sides = int(die[1:])
    for position in game.positions:
        state = position.state
        on_board = [p for p in state.board.board if p]
        for side in (0, 1):
            count = sum(1 for p in on_board if cb.side_of(p) == side)
            assert count + len(state.lost[side]) == 16
            kings = sum(1 for p in on_board if p == cb.KING | side << 3)
            lost_kings = sum(1 for p in state.lost[side] if p & 7 == cb.KING)
            assert kings + lost_kings == 1
    for ply in game.plies:
        for roll in ply.rolls:
            assert roll.dice == f"1{die}" and all(1 <= f <= sides for f in roll.faces)


def test_the_estimate_weighs_the_opponents_chance_at_the_king_at_half() -> None:
    """Each Queen touches the other King, so both sides have the same best chance (and the
    same pressure round the King): the side to move strikes first, and the estimate counts
    the opponent's chance at half, leaving it half the weight of one chance ahead."""
    rules = variant().rules
    state = rules.parse_position("4k3/4Q3/8/8/8/8/4q3/4K3 w - - 0 1")
    now = rules.king_chance(state.board, state.moves)
    assert now > 0
    assert (
        rules.positional(state, 0) == pytest.approx(10.0 * now / 2) == -rules.positional(state, 1)
    )
