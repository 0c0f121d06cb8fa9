"""Positions of the chess-board games (classic, single combat, arena, brawl): position text
round trips, states equal and hashing equal by position, states never changed, and bad text
refused with its reason."""

from __future__ import annotations

import pytest

from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.dice import RecordedDice
from battlechess_tui.engine.registry import make_rules, make_variant, spec
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.simulation import random_game
from tests import whole_games
from tests.typed import known

GAMES = ("classic", "single-combat", "arena", "brawl")


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("key", GAMES)
def test_position_text_round_trips_for_every_position_of_random_games(key, seed):
    """text -> state -> text, the same state and the same legal actions. The text holds no
    past, so a game ended by repetition reads back as the position alone."""
    game = random_game(key, seed)
    rules = game.rules
    for position in game.positions:
        state = position.state
        text = rules.position_text(state)
        back = rules.parse_position(text)
        assert back == state and hash(back) == hash(state), text
        assert rules.position_text(back) == text
        outcome = rules.outcome(state)
        if outcome is None or outcome.kind != Ending.REPETITION:
            assert rules.legal_actions(back) == rules.legal_actions(state), text
    assert game.outcome is not None and game.outcome.kind != Ending.OTHER


@pytest.mark.parametrize(
    ("key", "first", "second"),
    [
        ("classic", ("g1f3", "g8f6", "b1c3"), ("b1c3", "g8f6", "g1f3")),
        ("single-combat", ("e2e3", "e7e6", "d2d3"), ("d2d3", "e7e6", "e2e3")),
        ("arena", ("c2e3", "b1a3", "c7e6", "b8a6"), ("c2e3", "b1a3", "c7e6", "b8a6")),
    ],
)
def test_equal_positions_are_equal_states_with_equal_hashes(key, first, second):
    """Two move orders to one position: equal states, one dictionary entry (a search
    player's transposition table), equal to the position read from its text."""
    rules = make_rules(key)
    ends = []
    for line in (first, second):
        state = rules.new_game(RecordedDice([]))[0]
        for text in line:
            state, _ = rules.apply(state, rules.parse_action(state, text), RecordedDice([]))
        ends.append(state)
    assert ends[0] == ends[1] and hash(ends[0]) == hash(ends[1])
    assert len({ends[0]: 1, ends[1]: 2}) == 1
    assert rules.parse_position(rules.position_text(ends[0])) == ends[0]


def test_states_differ_when_the_position_does():
    rules = make_rules("classic")
    a = rules.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert a != rules.parse_position("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
    assert a != rules.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 1 1")
    assert a != rules.parse_position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    sc = make_rules("single-combat")
    fen = "5brk/4p1bp/4Pp1p/5P1P/p1p5/P1Pp4/PB1P4/KRB5 w - - 0 1"
    assert sc.parse_position(fen) != sc.parse_position(fen + " passes=1")


@pytest.mark.parametrize("key", GAMES)
def test_apply_leaves_the_old_state_as_it_was(key):
    rules = make_rules(key)
    state = rules.new_game(RecordedDice([]))[0]
    before = rules.position_text(state)
    actions = rules.legal_actions(state)
    actions.clear()  # a new list each call: the caller may change it
    assert rules.legal_actions(state)
    for action in rules.legal_actions(state)[:5]:
        rules.apply(state, action, RecordedDice([]))
    assert rules.position_text(state) == before


class ReadOnly(list):
    """A board's squares that refuse to be written."""

    def __setitem__(self, index, value):
        raise AssertionError(f"move generation wrote to square {index}")


@pytest.mark.parametrize(
    "fen",
    [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",  # en passant that would expose the king
        "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",  # in check
    ],
)
def test_move_generation_only_reads_the_board(fen):
    """A state's board may be read from several threads: finding moves never writes to it."""
    board = ChessBoard(make_rules("classic").geo, fen)
    expected = sorted(board.legal_moves())
    board.board = ReadOnly(board.board)
    assert sorted(board.legal_moves()) == expected
    board.pseudo_moves(castling_ignores_attacks=False)


def test_from_fen_is_parse_position():
    for key in GAMES:
        rules = make_rules(key)
        fen = rules.spec.setup or "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        assert hasattr(rules, "from_fen") and rules.from_fen(fen) == rules.parse_position(fen)


CLASSIC_REFUSALS = [
    ("", "empty"),
    ("   ", "empty"),
    ("8/8/8/8/8/8/8/8", "a FEN has 6 fields"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "cannot read 'extra'"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 passes=1", "unknown field"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings"),
    ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "White has 2 kings"),
    ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "cannot stand on h8"),
    ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "cannot stand on a1"),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K'"),
    ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en passant square e6"),
    ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
    ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock"),
    ("4k3/8/8/8/8/8/8/4Z3 w - - 0 1", "unknown piece"),
    ("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", "9 ranks"),
    ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "files"),
    ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "Black's king is in check, but it is not Black's move"),
    ("4k3/8/8/8/8/8/PPPPPP2/QQQQK3 w - - 0 1", "more pieces of a kind than promotions"),
    ("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", "White has 16 pieces besides the king"),
]


@pytest.mark.parametrize(("text", "reason"), CLASSIC_REFUSALS)
def test_bad_classic_position_text_is_refused_with_its_reason(text, reason):
    with pytest.raises(ValueError, match=reason):
        make_rules("classic").parse_position(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "both kings are missing"),
        ("4k3/8/8/8/8/8/8/2KK4 w - - 0 1", "White has 2 kings"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 passes=x", "whole number"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 passes=3", "ends at 2"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 passes=1 passes=1", "given twice"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 passes=1 junk", "cannot read 'junk'"),
        (
            "nnnnk3/nnnnnnn1/8/8/8/8/8/4K3 w - - 0 1",
            "Black has more pieces of a kind than promotions",
        ),
    ],
)
def test_bad_single_combat_position_text_is_refused_with_its_reason(text, reason):
    with pytest.raises(ValueError, match=reason):
        make_rules("single-combat").parse_position(text)


def test_sc_3_a_position_without_one_king_is_a_game_already_won():
    rules = make_rules("single-combat")
    state = rules.parse_position("4k3/8/8/8/8/8/8/8 w - - 0 1")
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.winner == 1 and outcome.kind == Ending.KING_KILLED


@pytest.mark.parametrize(
    ("key", "text", "reason"),
    [
        ("arena", "7k/8/8/8/8/8/8/P6K w - - 0 1", "outside the arena \\(AR-8\\)"),
        ("arena", "7k/6p1/8/8/8/2N5/1P6/7K w - - 0 1", "in the arena \\(AR-10\\)"),
        ("arena", "7k/6p1/8/8/8/8/1P6/4K2R w K - 0 1", "no castling"),
        ("arena", "7k/8/8/8/8/8/8/7K w - - 0 1", "neither side has a gladiator"),
        ("arena", "8/6p1/8/8/8/8/1P6/7K w - - 0 1", "Black has 0 kings"),
        ("arena", "7k/6p1/8/8/8/8/1P6/7K w - - 0 1 half=third", "gladiator or supporter"),
        ("arena", "7k/6p1/8/8/8/8/1P6/7K w - - 0 1 idle=1", "W/B"),
        ("arena", "7k/6p1/8/8/8/8/1P6/7K w - - 0 1 passes=1", "half, idle"),  # its fields
        ("brawl", "", "empty"),
        ("brawl", "7k/6p1/8/8/8/8/1P6/7K w - - 0 1 x", "cannot read 'x'"),
    ],
)
def test_bad_arena_position_text_is_refused_with_its_reason(key, text, reason):
    with pytest.raises(ValueError, match=reason):
        make_rules(key).parse_position(text)


def test_ar_4_ar_12_ar_13_arena_text_holds_the_half_and_the_draw_counters():
    """The half to play (AR-4), the turns without a gladiator move (AR-12) and the quiet count
    (AR-13, the halfmove field) are read, and the draws follow from them."""
    rules = make_rules("arena")
    state = rules.parse_position("7k/6p1/8/8/8/8/1P6/K6R w - - 7 12 half=supporter idle=1/0")
    assert (state.phase, state.idle, state.quiet, state.fullmove) == (1, (1, 0), 7, 12)
    assert rules.position_text(state).endswith(" w - - 7 12 half=supporter idle=1/0")
    start = rules.new_game(RecordedDice([]))[0]
    assert rules.position_text(start) == rules.spec.setup
    # White's c3 is seen by no supporter: a second idle turn each is a draw (AR-12).
    stuck = rules.parse_position("k7/8/5p2/8/8/2P5/8/7K w - - 0 1 idle=1/2")
    assert known(rules.outcome(stuck)).kind == Ending.NO_MOVES and stuck.idle == (2, 2)
    # 50 turns each without a capture, checked as a turn begins (AR-13).
    shuffle = "r6k/6p1/8/8/8/8/1P6/K6R w - - {} 60"
    assert rules.outcome(rules.parse_position(shuffle.format(99))) is None
    assert known(rules.outcome(rules.parse_position(shuffle.format(100)))).kind == Ending.QUIET


@pytest.mark.parametrize(
    ("key", "old"),
    [
        ("classic", "chess_family:Classic"),
        ("single-combat", "single_combat:SingleCombat"),
        ("arena", "arena:Arena"),
        ("brawl", "arena:Arena"),
    ],
)
def test_round_one_class_names_still_play_as_the_split_pair(key, old):
    """A house-rule file (or a save's spec) of round 1 names the old class and no presenter:
    it is read as the rules and presenter that class became (``rules.compat.ROUND_1``)."""
    legacy = spec(key).model_copy(update={"rules": old, "present": ""})
    variant, today = make_variant(legacy), make_variant(key)
    assert type(variant.rules) is type(today.rules)
    assert type(variant.presenter) is type(today.presenter)
    game = whole_games.random_game(variant, 4)
    assert game.outcome is not None
    assert variant.presenter.status(game.positions[1].state)
