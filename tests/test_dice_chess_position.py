"""Dice Chess positions as text (``position_text`` / ``parse_position``) and as keys: every
position of random games round-trips, bad text is refused with its reason, and equal
positions are equal, hashable keys however they were reached."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_rules, make_variant
from battlechess_tui.rules.dice_chess import DiceChessRules, DiceChessState
from battlechess_tui.simulation import random_game
from tests.scripted_dice import ScriptedDice

START = (
    "d6d5d4d3d2d1d6d5/d4d3d2d1d6d5d4d3/8/8/8/8/D3D4D5D6D1D2D3D4/D1D2D3D4D5D6D1D2 w setup 0/0 -/- 0"
)
WHITE_FACES = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4)
BLACK_FACES = (6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6, 5, 4, 3)


def rules(**options: object) -> DiceChessRules:
    r = make_rules("dice-chess", options)  # type: ignore[arg-type]
    assert isinstance(r, DiceChessRules)
    return r


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    arrange=st.booleans(),
    stall=st.integers(1, 4),
    opening=st.sampled_from([10, 40]),
)
def test_position_text_round_trips_every_position_of_random_games(seed, arrange, stall, opening):
    options = {"arrange": arrange, "stall_turns": stall, "opening_turns": opening}
    game = random_game("dice-chess", seed, options)
    r = game.rules
    for position in game.positions:
        state = position.state
        text = r.position_text(state)
        again = r.parse_position(text)
        assert again == state and hash(again) == hash(state)
        assert r.position_text(again) == text and "\n" not in text
        assert r.legal_actions(again) == r.legal_actions(state)
        assert r.outcome(again) == r.outcome(state)


def test_the_start_reads_as_the_rules_page_writes_it():
    game = Game(make_variant("dice-chess"), 1, setup_dice=ScriptedDice(*WHITE_FACES, *BLACK_FACES))
    assert game.rules.position_text(game.state) == START
    page = game.presenter.rules_markdown()
    example = re.search(r"^    (\S+ w setup .*)$", page, re.M)
    assert example is not None and example.group(1) == START


def test_position_text_holds_the_phase_swaps_captures_and_count():
    r = rules()
    text = "8/8/8/3D44/4d23/8/8/8 b play 3/5 51/6 4"
    state = r.parse_position(text)
    assert state.board[r.geo.parse("d5")] == (0, 4) and state.board[r.geo.parse("e4")] == (1, 2)
    assert (state.side, state.setup, state.swaps, state.quiet) == (1, False, (3, 5), 4)
    assert state.captured == ((5, 1), (6,)) and state.any_capture
    assert r.position_text(state) == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("8/8/8/8/8/8/8/8 w play 0/0 -/-", "6 fields"),
        ("8/8/8/8/8/8/8 w play 0/0 -/- 0", "8 ranks"),
        ("8/8/8/8/8/8/8/7 w play 0/0 -/- 0", "rank 1 has 7 squares, not 8"),
        ("8/8/8/8/8/8/8/D36 w play 0/0 -/- 0", "rank 1 has 7 squares"),
        ("8/8/8/8/8/8/8/D77 w play 0/0 -/- 0", "D must be followed by a face 1-6"),
        ("8/8/8/8/8/8/8/7d w play 0/0 -/- 0", "d must be followed by a face 1-6"),
        ("8/8/8/8/8/8/8/W17 w play 0/0 -/- 0", "cannot read 'W'"),
        ("8/8/8/8/8/8/8/0D17 w play 0/0 -/- 0", "at least 1"),
        ("8/8/8/8/8/8/8/D17 x play 0/0 -/- 0", "w or b"),
        ("8/8/8/8/8/8/8/D17 w war 0/0 -/- 0", "setup or play"),
        ("8/8/8/8/8/8/8/D17 w play 0 -/- 0", "two counts"),
        ("8/8/8/8/8/8/8/D17 w play 33/0 -/- 0", "at most 32 swaps (DC-15)"),
        ("8/8/8/8/8/8/8/D17 w play 0/0 7/- 0", "faces 1-6"),
        ("8/8/8/8/8/8/8/D17 w play 0/0 - 0", "two lists"),
        ("8/8/8/8/8/8/8/D17 w play 0/0 -/- -1", "a count"),
        ("8/8/8/8/8/8/8/D17 w setup 0/0 3/- 0", "setup phase"),
        ("8/8/8/8/8/8/D1D1D1D1D1D1D1D1/D1D1D1D1D1D1D1D1 w play 0/0 -/3 0", "White has 17 dice"),
    ],
)
def test_bad_position_text_is_refused_with_its_reason(text, reason):
    with pytest.raises(ValueError, match=re.escape(reason)):
        rules().parse_position(text)


def test_from_text_still_builds_positions_beside_parse_position():
    r = rules()
    rows = [
        "b4 . . . . . . .",
        *[". . . . . . . ."] * 4,
        ". . . W3 . . . .",
        *[". . . . . . . ."] * 2,
    ]
    built = r.from_text("\n".join(rows), 1, quiet=2)
    assert built == r.parse_position("d47/8/8/8/8/3D34/8/8 b play 0/0 -/- 2")


def test_equal_positions_are_equal_keys_however_reached():
    r = rules(arrange=False)
    game = Game(make_variant("dice-chess", {"arrange": False}), 5)
    one, other = game.state, game.state
    for text in ("a2a3", "h7h6", "b2b3"):
        one = r.apply(one, r.parse_action(one, text), ScriptedDice())[0]
    for text in ("b2b3", "h7h6", "a2a3"):
        other = r.apply(other, r.parse_action(other, text), ScriptedDice())[0]
    assert one is not other and one == other and hash(one) == hash(other)
    seen: dict[DiceChessState, str] = {one: "first"}
    assert seen[other] == "first"
    assert seen.get(r.parse_position(r.position_text(one))) == "first"
