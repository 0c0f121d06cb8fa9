"""Dice Chess, round-2 rulings: DC-13 (neither player can move: it never arises, as the rules
page proves), DC-14 (the opening limit) and DC-15 (the swap limits), with the setup prompt
and the numbers the banner, the rules page and the option share."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import load_spec_file, make_variant, spec
from battlechess_tui.engine.variant import IllegalAction
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.simulation import play_out
from tests.scripted_dice import ScriptedDice

WHITE_FACES = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4)
BLACK_FACES = (6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6, 5, 4, 3)
#: Moves that never meet: White's a2 die and Black's a7 die step out and back.
SHUTTLE = ("a2a3", "a7a6", "a3a2", "a6a7")


def game(**options: object) -> Game:
    """A new game with the rolls above, White's from a1 to h2 and Black's from a8 to h7
    (a1 shows 1, b1 2, e2 1, a8 6); the setup phase is on unless switched off."""
    variant = make_variant("dice-chess", options)  # type: ignore[arg-type]
    return Game(variant, 3, setup_dice=ScriptedDice(*WHITE_FACES, *BLACK_FACES))


def shuttle(g: Game, plies: int) -> None:
    for i in range(plies):
        g.play(SHUTTLE[i % len(SHUTTLE)])


# -- DC-13: neither player can move ------------------------------------------------------------

DICE = st.dictionaries(
    st.integers(0, 63), st.tuples(st.sampled_from("Dd"), st.integers(1, 6)), max_size=32
)


def rank_text(cells: list[tuple[str, int] | None]) -> str:
    """One rank in position text: dice as ``D3``/``d5``, runs of empty squares as counts."""
    text = "".join("." if c is None else f"{c[0]}{c[1]}" for c in cells)
    return re.sub(r"\.+", lambda run: str(len(run.group())), text)


def neither_can_move(rules, state) -> bool:
    """Whether the side to move, and the other side too, could only pass."""
    fields = rules.position_text(state).split()
    fields[1] = "b" if fields[1] == "w" else "w"
    other = rules.parse_position(" ".join(fields))
    return all(rules.legal_actions(s) == [Action("pass")] for s in (state, other))


@settings(max_examples=150, deadline=None)
@given(dice=DICE)
def test_dc_13_while_both_sides_have_dice_one_of_them_can_move(dice):
    """The rules page's proof, checked on random boards: no position leaves both stuck."""
    rules = make_variant("dice-chess").rules
    for letter in "Dd":  # at most 16 dice a side
        for square in [sq for sq, die in sorted(dice.items()) if die[0] == letter][16:]:
            del dice[square]
    cells = [dice.get(sq) for sq in range(64)]
    board = "/".join(rank_text(cells[i : i + 8]) for i in reversed(range(0, 64, 8)))
    state = rules.parse_position(f"{board} w play 0/0 -/- 0")
    assert sorted(sq for sq, die in enumerate(state.board) if die) == sorted(dice)
    if not (state.dice_of(0) and state.dice_of(1)):
        return  # DC-11 has ended the game
    assert rules.outcome(state) is None and not neither_can_move(rules, state)


def test_dc_13_on_a_full_board_some_die_can_capture(tmp_path: Path):
    """With no empty square (a house-rule board of four ranks, the armies touching) a move
    is still always possible: a capture by the higher of two touching dice."""
    house = tmp_path / "short.toml"
    house.write_text(
        'key = "short-dice"\nname = "Short"\ndescription = "x"\nbase = "dice-chess"\n'
        "[board]\nwidth = 8\nheight = 4\n"
    )
    variant = make_variant(load_spec_file(house), {"arrange": False})
    for seed in range(20):
        g = Game(variant, seed)
        assert all(sq is not None for sq in g.state.board)  # full
        moves = g.rule_actions()
        assert moves and all(a.kind == "move" for a in moves)
        assert all(g.state.board[a.squares[1]] is not None for a in moves)  # captures only
        play_out(g, seed)
        assert g.outcome is not None
        for position in g.positions[:-1]:
            assert not neither_can_move(g.rules, position.state)


# -- DC-14: the opening limit ------------------------------------------------------------------


def test_dc_14_ten_full_turns_without_a_capture_score_the_game():
    assert spec("dice-chess").options["opening_turns"].default == 10
    g = game(arrange=False)
    assert (g.state.quiet, g.state.any_capture) == (0, False)
    shuttle(g, 19)
    assert not g.over
    g.play("a6a7")
    result = g.outcome
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (1, "DC-14", Ending.SCORE)
    assert g.state.board_totals() == (52, 60) and g.state.quiet == 20
    assert result.numbers == (10, 52, 60, 0, 0)


def test_dc_14_the_banner_reads_the_limit_from_the_option():
    g = game(arrange=False, opening_turns=3)
    shuttle(g, 5)
    assert "full turn 3 of 3 before the first capture (DC-14)" in g.presenter.status(g.state)
    g.play(SHUTTLE[5 % 4])
    assert g.outcome is not None and g.outcome.rule == "DC-14"


def test_dc_14_zero_turns_switch_the_limit_off():
    g = game(arrange=False, opening_turns=0)
    shuttle(g, 400)
    assert g.outcome is None and g.state.quiet == 400 and not g.state.any_capture


def test_dc_14_the_limit_counts_from_the_end_of_the_setup():
    g = game(opening_turns=1)
    for text in ("swap a1 b1", "done", "swap a8 b8", "done"):
        g.play(text)
    assert not g.over and g.state.quiet == 0  # the swaps do not count
    shuttle(g, 2)
    assert g.outcome is not None
    assert (g.outcome.rule, g.outcome.kind) == ("DC-14", Ending.SCORE)


def test_dc_14_rules_page_option_and_new_game_help_give_one_number():
    page = make_variant("dice-chess").presenter.rules_markdown()
    option = spec("dice-chess").options["opening_turns"]
    stated = re.search(r"\*\*DC-14\*\*.*?\*\*(\d+) full turns\*\*", page, re.S)
    assert stated is not None and int(stated.group(1)) == option.default
    assert "DC-14" in option.help and option.min == 0
    custom = make_variant("dice-chess", {"opening_turns": 6}).presenter.rules_markdown()
    assert "- The opening limit (DC-14): 6 full turns before the first capture." in custom
    off = make_variant("dice-chess", {"opening_turns": 0}).presenter.rules_markdown()
    assert "- The opening limit (DC-14): none." in off


# -- DC-15: the swaps of the setup -------------------------------------------------------------


def test_dc_15_at_most_32_swaps_then_only_done():
    g = game()
    assert spec("dice-chess").data["max_swaps"] == 32
    for i in range(32):
        g.play("swap a1 b1" if i % 2 else "swap b1 a1")
    assert g.rule_actions() == [Action("done")]
    with pytest.raises(IllegalAction, match="DC-15"):
        g.play("swap c1 d1")
    assert g.state.swaps == (32, 0)
    g.play("done")
    assert len(g.rule_actions()) > 1  # Black's swaps are still open
    g.play("swap a8 b8")
    assert g.state.swaps == (32, 1)


def test_dc_15_a_swap_of_equal_faces_is_refused():
    g = game()
    state = g.state
    assert g.state.board[g.rules.geo.parse("a1")] == g.state.board[g.rules.geo.parse("g1")]
    with pytest.raises(IllegalAction, match="DC-15"):
        g.play("swap a1 g1")
    assert g.state == state
    pairs = {a.squares for a in g.rule_actions() if a.kind == "swap"}
    a1, g1 = g.rules.geo.parse("a1"), g.rules.geo.parse("g1")
    assert (a1, g1) not in pairs and (a1, g.rules.geo.parse("b1")) in pairs


def test_dc_15_a_swap_may_name_either_die_first():
    g = game()
    rules, geo = g.rules, g.rules.geo
    b1, e2 = geo.parse("b1"), geo.parse("e2")
    forward = rules.parse_action(g.state, "swap b1 e2")
    assert rules.parse_action(g.state, "swap e2 b1") == forward == Action("swap", (b1, e2))
    assert forward in g.rule_actions()
    reversed_ = Action("swap", (e2, b1))
    with pytest.raises(IllegalAction, match="the same swap is swap b1 e2"):
        g.play(reversed_)  # an action object is taken only as listed; its text says how
    g.play("swap e2 b1")
    assert g.state.board[b1] == (0, 1) and g.state.board[e2] == (0, 2)


def test_dc_15_setup_prompt_names_two_squares_to_swap():
    g = game()
    assert g.presenter.status(g.state) == (
        "White arranges the dice: 32 swaps left (DC-15); swap (b1 e2) or done (DC-2)"
    )
    g.play("swap b1 e2")
    g.play("done")
    assert g.presenter.status(g.state) == (
        "Black arranges the dice: 32 swaps left (DC-15); swap (b8 e7) or done (DC-2)"
    )
