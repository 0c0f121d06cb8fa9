"""Classic chess: perft tables, FIDE special moves, endings, notation and refusals."""

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.variant import IllegalAction
from battlechess_tui.engine.vocabulary import Ending, MarkKind
from battlechess_tui.rules.chess_family import ChessFamily, ChessRules
from tests.typed import no_dice, rules_of, typed

EPD = Path(__file__).parent / "perft" / "classic.epd"


def perft_cases():
    for line in EPD.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ident, fen, *counts = (part.strip() for part in line.split(";"))
        for entry in counts:
            _, depth, count = entry.split()
            if int(count) <= 200_000:
                yield pytest.param(fen, int(depth), int(count), id=f"{ident}-d{depth}")


@pytest.mark.parametrize(("fen", "depth", "count"), list(perft_cases()))
def test_perft_matches_the_standard_tables(fen, depth, count):
    variant = typed(make_variant("classic"), ChessRules)
    assert variant.rules.perft(variant.rules.from_fen(fen), depth) == count


def play(*moves, fen=None):
    game = Game(make_variant("classic"), seed=1)
    if fen:
        game.positions[0] = type(game.positions[0])(
            rules_of(game.variant, ChessRules).from_fen(fen)
        )
    for m in moves:
        game.play(m)
    return game


def test_castling_both_ways_and_notation():
    game = play(fen="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert game.play("e1g1").notation == "O-O"
    assert game.play("e8c8").notation == "O-O-O"
    assert game.variant.rules.fen(game.state).startswith("2kr3r/8/8/8/8/8/8/R4RK1 w - -")


def test_castling_through_an_attacked_square_is_refused_with_the_reason():
    game = play(fen="4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1")
    with pytest.raises(IllegalAction, match="attacked|check"):
        game.play("e1g1")


def test_en_passant_is_allowed_only_at_once():
    game = play("e2e4", "a7a6", "e4e5", "d7d5")
    ply = game.play("e5d6")
    assert ply.notation == "exd6"
    assert game.variant.piece_view(game.state, game.variant.rules.geo.parse("d5")) is None
    game = play("e2e4", "a7a6", "e4e5", "d7d5", "h2h3", "h7h6")
    with pytest.raises(IllegalAction):
        game.play("e5d6")


def test_promotion_needs_a_choice_and_accepts_underpromotion():
    game = play(fen="8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    with pytest.raises(IllegalAction, match="promote"):
        game.play("e7e8")
    assert game.play("e7e8n").notation == "e8=N"


def test_checkmate_ends_the_game():
    game = play("f2f3", "e7e5", "g2g4", "d8h4")
    assert game.plies[-1].notation == "Qh4#"
    assert game.outcome is not None and game.outcome.winner == 1
    assert game.outcome.kind == Ending.CHECKMATE and game.outcome.reason == ""  # no words
    assert game.presenter.describe_outcome(game.outcome) == "Black wins: checkmate"
    assert game.legal_actions() == []


def test_stalemate_is_a_draw():
    game = play(fen="7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.kind == Ending.STALEMATE
    assert game.presenter.describe_outcome(game.outcome) == "Draw: stalemate"


def test_threefold_repetition_draws_automatically():
    game = play()
    for _ in range(2):
        for m in ("g1f3", "g8f6", "f3g1", "f6g8"):
            game.play(m)
    assert game.outcome.winner is None and game.outcome.kind == Ending.REPETITION
    assert game.state.repetitions() == 3


def test_fifty_move_rule_draws_automatically():
    game = play(fen="4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    game.play("a1a2")
    assert game.outcome.winner is None and game.outcome.kind == Ending.FIFTY_MOVES
    assert game.state.board.halfmove == 100


def test_dead_position_is_a_draw():
    game = play(fen="4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
    game.play("e1d2")
    assert game.outcome.winner is None and game.outcome.kind == Ending.DEAD_POSITION
    assert game.outcome.kind == Ending.DEAD_POSITION


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("e3e4", "no piece on e3"),
        ("e7e5", "Black's"),
        ("b1b3", "cannot move from b1 to b3"),
        ("a1a2", "your own"),
        ("e2e5", "cannot move"),
        ("zz", "type a move|cannot read|not a move"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason(move, reason):
    game = play()
    with pytest.raises(IllegalAction, match=reason):
        game.play(move)
    assert game.plies == []


def test_moving_into_check_is_refused_as_such():
    game = play("e2e4", "e7e5", "d1h5", "a7a6", "b1c3")
    with pytest.raises(IllegalAction, match="leave your king in check"):
        game.play("f7f6")  # pinned by the queen on h5
    game.play("a6a5")
    game.play("h5f7")
    with pytest.raises(IllegalAction, match="in check: this move does not stop it"):
        game.play("d7d6")


def test_a_king_in_check_carries_a_status_mark_and_the_banner_says_check():
    game = play(fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    geo, variant = game.variant.rules.geo, game.variant
    king = variant.piece_view(game.state, geo.parse("e1"))
    assert [(m.kind, m.name, m.glyph(), m.glyph(ascii_only=True)) for m in king.marks] == [
        (MarkKind.STATUS, "in check", "‼", "!")
    ]
    assert variant.piece_view(game.state, geo.parse("e8")).marks == ()
    assert "check" in variant.presenter.status(game.state)
    assert any(
        "in check" in line for line in variant.presenter.piece_card(game.state, geo.parse("e1"))
    )
    game.play("e1e2")
    assert variant.piece_view(game.state, geo.parse("e2")).marks == ()
    assert "check" not in variant.presenter.status(game.state)


def test_san_disambiguates_knights():
    game = play(fen="4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    assert game.play("b1d2").notation == "Nbd2"


def test_undo_restores_the_position_exactly():
    game = play("e2e4", "e7e5")
    before = game.variant.rules.fen(game.state)
    game.play("g1f3")
    game.undo()
    assert game.variant.rules.fen(game.state) == before
    assert len(game.plies) == 2


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**9), plies=st.integers(min_value=1, max_value=160)
)
def test_property_random_play_keeps_pieces_and_kings_and_undo_exact(seed, plies):
    """Pieces conserved (on board + lost = 16 a side), one king each, undo restores FEN."""
    rng = random.Random(seed)
    game = Game(make_variant("classic"), seed)
    rules = rules_of(game.variant, ChessRules)
    fens = [rules.fen(game.state)]
    while not game.over and len(game.plies) < plies:
        game.play(rng.choice(game.rule_actions()))
        fens.append(rules.fen(game.state))
        board = game.state.board.board
        for side in (0, 1):
            on_board = sum(1 for p in board if p and p >> 3 == side)
            assert on_board + len(game.state.lost[side]) == 16
            assert sum(1 for p in board if p == (6 | side << 3)) == 1
    while game.plies:
        game.undo()
        fens.pop()
        assert rules.fen(game.state) == fens[-1]


# -- refusals and the chess family's names (kill what the mutation run found untested) ------


@pytest.mark.parametrize(
    ("fen", "refused", "told"),
    [
        ("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "check", "attacked"),  # out of check
        ("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "attacked", "check"),  # through f1
    ],
)
def test_castling_is_refused_out_of_check_and_through_an_attacked_square(fen, refused, told):
    variant = make_variant("classic")
    rules = variant.rules
    state = rules.parse_position(fen)
    castle = Action("move", (rules.geo.parse("e1"), rules.geo.parse("g1")))
    why = variant.why_illegal(state, castle)
    assert refused in why and told not in why
    with pytest.raises(IllegalAction):
        rules.parse_action(state, "e1g1")


def test_a_promotion_letter_that_names_no_piece_is_refused_with_the_four_letters():
    rules = make_variant("classic").rules
    state = rules.parse_position("4k3/4P3/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(IllegalAction, match="q, r, b or n"):
        rules.parse_action(state, "e7e8x")


def test_the_side_to_move_repetitions_and_perft_unit_of_the_chess_family():
    rules = make_variant("classic").rules
    state = rules.parse_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    assert rules.side_to_move(state) == 0
    after, _ = rules.apply(state, rules.parse_action(state, "e1d2"), no_dice())
    assert rules.side_to_move(after) == 1
    assert state.repetitions() == 1 and replace(state, keys=()).repetitions() == 1
    assert rules.perft_unit != Rules.perft_unit  # the classical perft, one move a level
    assert ChessFamily is ChessRules  # the old name
