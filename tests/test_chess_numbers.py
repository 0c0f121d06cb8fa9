"""The numbers computer players read of the chess-board games: the chance an action wins its
fight (exact, from the rules) and the static estimate of a position."""

from __future__ import annotations

from fractions import Fraction

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.registry import make_rules
from battlechess_tui.engine.rules import CERTAIN, Chance

BARE = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"
#: The same with one extra piece for White on d1.
EXTRA = {
    "queen": "4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1",
    "rook": "4k3/pppppppp/8/8/8/8/PPPPPPPP/3RK3 w - - 0 1",
}


def action(rules, state, text: str) -> Action:
    return rules.parse_action(state, text)


@pytest.mark.parametrize("key", ["classic", "single-combat"])
def test_evaluate_prefers_an_extra_queen(key):
    rules = make_rules(key)
    bare, queen, rook = (rules.parse_position(f) for f in (BARE, EXTRA["queen"], EXTRA["rook"]))
    assert abs(rules.evaluate(bare, 0)) < 1
    assert rules.evaluate(queen, 0) > rules.evaluate(rook, 0) > rules.evaluate(bare, 0) + 3
    assert rules.evaluate(queen, 1) < -7  # the other side sees the same from its end
    assert rules.evaluate(queen, 0) == pytest.approx(-rules.evaluate(queen, 1))


def test_classic_evaluate_counts_a_mate_beyond_material():
    rules = make_rules("classic")
    mated = rules.parse_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert rules.evaluate(mated, 1) > 100 and rules.evaluate(mated, 0) < -100
    stalemate = rules.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert rules.evaluate(stalemate, 0) == 0


def test_sc_3_evaluate_weighs_a_chance_at_the_enemy_king():
    """The king can be killed: a rook each, but one aimed at the enemy king, or at one's own."""
    rules = make_rules("single-combat")
    aimed = rules.parse_position("4k2r/8/8/8/8/8/4R3/K7 w - - 0 1")
    away = rules.parse_position("4k2r/8/8/8/8/8/R7/K7 w - - 0 1")
    threatened = rules.parse_position("4k3/8/8/8/8/8/R7/K6r w - - 0 1")
    assert rules.evaluate(aimed, 0) > rules.evaluate(away, 0) > rules.evaluate(threatened, 0)
    assert rules.evaluate(away, 0) == pytest.approx(0, abs=1)
    dead = rules.parse_position("8/8/8/8/8/8/8/R3K3 b - - 0 1")
    assert rules.evaluate(dead, 0) > 100


def test_sc_3_evaluate_weighs_pressure_on_the_squares_next_to_the_enemy_king():
    """A queen on f3 can take the pawn on f7 and then go for the king on e8 (the attack two
    moves away), so White stands better than at the start, material being equal."""
    rules = make_rules("single-combat")
    start = rules.parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
    aimed = rules.parse_position("rnbqkbnr/pppppppp/8/8/8/5Q2/PPPPPPPP/RNB1KBNR b KQkq - 0 1")
    assert rules.evaluate(start, 0) == pytest.approx(0)
    assert rules.evaluate(aimed, 0) > rules.evaluate(start, 0) + 0.5
    assert rules.evaluate(aimed, 1) == pytest.approx(-rules.evaluate(aimed, 0))


@pytest.mark.parametrize("key", ["arena", "brawl"])
def test_evaluate_weighs_gladiators_and_those_able_to_move(key):
    rules = make_rules(key)
    even = rules.parse_position("7k/6p1/8/8/8/8/1P6/K7 w - - 0 1")
    more = rules.parse_position("7k/6p1/8/8/8/2P5/1P6/K7 w - - 0 1")
    assert rules.evaluate(more, 0) > rules.evaluate(even, 0) + 0.5
    assert rules.evaluate(more, 1) == pytest.approx(-rules.evaluate(more, 0))
    won = rules.parse_position("7k/8/8/8/8/8/1P6/K7 b - - 0 1")
    assert rules.evaluate(won, 0) > 100 and rules.evaluate(won, 1) < -100


@pytest.mark.parametrize(
    ("key", "fen", "move"),
    [
        ("classic", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
        ("arena", "7k/8/8/8/3p4/8/1P6/B6K w - - 0 1", "b2d4"),
        ("brawl", "7k/8/8/8/3p4/8/1P6/B6K w - - 0 1", "b2d4"),
    ],
)
def test_captures_without_a_fight_are_certain(key, fen, move):
    rules = make_rules(key)
    state = rules.parse_position(fen)
    assert rules.chance(state, action(rules, state, move)) == CERTAIN


@pytest.mark.parametrize(
    ("die", "fen", "move", "chance"),
    [
        ("d8", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", Fraction(1, 8)),  # P x Q needs 8
        ("d6", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", Fraction(1, 6)),  # needs 6
        ("d10", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", Fraction(1, 2)),  # en passant: 6
        ("d100", "4k3/8/8/3b4/4R3/8/8/4K3 w - - 0 1", "e4e8", Fraction(63, 100)),  # R x K: 38
    ],
)
def test_sc_5_sc_7_chance_is_the_exact_table_chance(die, fen, move, chance):
    rules = make_rules("single-combat", {"die": die})
    state = rules.parse_position(fen)
    assert rules.chance(state, action(rules, state, move)) == Chance(chance, exact=True)


def test_sc_4_sc_6_quiet_moves_castling_and_passes_are_certain():
    rules = make_rules("single-combat")
    state = rules.parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    for move in ("e1g1", "e1c1", "a1a5"):
        assert rules.chance(state, action(rules, state, move)) == CERTAIN
    boxed = rules.parse_position("7k/8/8/8/p1p5/P1Pp4/PB1P4/KRB5 w - - 0 1")
    assert rules.chance(boxed, Action("pass")) == CERTAIN
