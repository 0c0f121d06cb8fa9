"""Dice Chess numbers for computer players: ``chance`` (a capture is never in doubt, DC-8) and
``evaluate`` (the board lead of DC-12, weighed by how much the stall clock of DC-12 and DC-14
still lets it change)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from battlechess_tui.ai import hint
from battlechess_tui.ai.budget import Budget
from battlechess_tui.ai.levels import make_player
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_rules, make_variant
from battlechess_tui.engine.rules import CERTAIN, Rules
from battlechess_tui.engine.spec import OptionValue
from battlechess_tui.rules.dice_chess import DiceChessRules
from battlechess_tui.rules.dice_chess.reach import Armies, masks, moves_to_capture, prey_in_reach
from battlechess_tui.rules.dice_chess.value import (
    SWAP_COST,
    SWAPS_COUNTED,
    captures_to_come,
    swap_cost,
)
from battlechess_tui.simulation import random_game
from tests.typed import no_dice, rules_of


def rules(**options: OptionValue) -> Rules[Any]:
    return make_rules("dice-chess", options)


def test_dc_8_every_capture_allowed_is_certain():
    r = rules()
    state = r.parse_position("8/8/8/8/3D3d23/8/8/7d6 w play 0/0 -/- 0")
    capture = r.parse_action(state, "d4e4")
    assert r.chance(state, capture) == CERTAIN and r.chance(state, capture).exact
    assert r.chance(state, r.parse_action(state, "d4d5")) == CERTAIN
    game = random_game("dice-chess", 8, {"arrange": False})
    for position, ply in zip(game.positions, game.plies, strict=False):
        assert r.chance(position.state, ply.action).p == 1


def test_dc_12_evaluate_is_the_board_lead_seen_from_either_side():
    r = rules()
    even = r.parse_position("8/8/8/8/3D3d33/8/8/8 w play 0/0 -/- 0")
    assert r.evaluate(even, 0) == r.evaluate(even, 1) == 0
    higher = r.parse_position("8/8/8/8/3D6d33/8/8/8 w play 0/0 -/- 0")
    assert r.evaluate(higher, 0) > 0
    assert r.evaluate(higher, 0) == pytest.approx(-r.evaluate(higher, 1))
    # DC-12 scores faces, not dice: two dice showing 1 trail one showing 3
    fewer = r.parse_position("8/8/8/8/3D1D1d32/8/8/8 b play 0/0 -/- 0")
    assert r.evaluate(fewer, 0) < 0


def test_dc_12_captured_faces_only_break_a_tie():
    r = rules()
    tie = r.parse_position("8/8/8/8/3D3d33/8/8/8 w play 0/0 5/3 2")
    assert r.evaluate(tie, 0) > 0
    ahead = r.parse_position("8/8/8/8/3D4d33/8/8/8 w play 0/0 -/6 2")
    assert r.evaluate(ahead, 0) > 0  # a pip more on the board outweighs six captured


def test_dc_14_a_lead_grows_surer_as_the_opening_clock_runs_out():
    r = rules()
    board = "d6d6d6d6d6d6d6d6/8/8/8/8/8/8/D6D6D6D6D6D6D6D5"
    early = r.parse_position(f"{board} w play 0/0 -/- 0")
    late = r.parse_position(f"{board} w play 0/0 -/- 16")
    assert r.evaluate(late, 1) > r.evaluate(early, 1) > 0
    # once no capture can come before the game is scored, a pip is nearly a win
    assert r.evaluate(late, 1) >= 5 * r.evaluate(early, 1)


def test_dc_12_after_a_capture_the_stall_clock_counts():
    r = rules()
    board = "8/8/8/3d3D23/8/8/8/D17"
    fresh = r.parse_position(f"{board} w play 0/0 1/- 0")
    stalled = r.parse_position(f"{board} w play 0/0 1/- 5")
    assert r.evaluate(stalled, 0) > r.evaluate(fresh, 0) > 0


def test_dc_8_closing_in_helps_the_side_behind_and_distance_the_side_ahead():
    r = rules()
    near = r.parse_position("d67/8/8/3d4D63/8/8/8/D17 w play 0/0 -/- 12")
    far = r.parse_position("6d4d6/8/8/8/8/8/8/D1D66 w play 0/0 -/- 12")
    # White trails by 3 pips either way; only near can its 6 take a die (the 4 on d5) before
    # the clock ends
    assert r.evaluate(near, 0) > r.evaluate(far, 0)
    assert r.evaluate(far, 1) > r.evaluate(near, 1)


def test_dc_6_a_die_cannot_reach_past_a_wall():
    r = rules()
    walled = r.parse_position("d1d66/d6d66/D17/8/8/8/8/8 w play 0/0 -/- 0")
    # a 1 takes only 1s (DC-8), and the 6s on a7, b7 and b8 shut it out of a8
    assert moves_to_capture(r.geo, walled, 10)[0] == 10
    open_file = r.parse_position("d1d66/1d66/D17/8/8/8/8/8 w play 0/0 -/- 0")
    assert moves_to_capture(r.geo, open_file, 10)[0] == 1  # two squares up the open a-file


def test_dc_4_dc_5_moves_to_capture_follow_each_face():
    r = rules()
    king = r.parse_position("7d1/8/8/8/8/8/8/D6D56 w play 0/0 -/- 0")
    assert moves_to_capture(r.geo, king, 20)[0] == 7  # the 6 takes h8 along the diagonal
    rook = r.parse_position("8/8/8/8/7d1/8/8/1D56 w play 0/0 -/- 0")
    # 6 files and 3 ranks, one at a time; a 1 cannot take a 5
    assert moves_to_capture(r.geo, rook, 20) == (9, 20)


def test_dc_4_a_capture_past_the_floods_horizon_counts_as_none_in_sight():
    """The flood looks 12 moves ahead (``HORIZON``): a 2 twelve squares from a 1 it may take
    is 12 moves from a capture, one thirteen squares away as far as the limit."""
    r = rules()
    twelve = r.parse_position("8/6d11/8/8/8/8/8/D27 w play 0/0 -/- 0")
    assert moves_to_capture(r.geo, twelve, 20)[0] == 12
    thirteen = r.parse_position("8/7d1/8/8/8/8/8/D27 w play 0/0 -/- 0")
    assert moves_to_capture(r.geo, thirteen, 20)[0] == 20


def test_dc_2_a_computer_player_ends_the_setup_when_no_swap_gains():
    r = rules()
    start = r.parse_position(  # the totals tie at 50, so no arrangement changes the estimate
        "d1d6d4d2d2d6d1d4/d6d2d2d1d2d6d4d1/8/8/8/8/D1D1D1D4D5D3D1D6/D2D2D5D6D4D5D2D2 "
        "w setup 0/0 -/- 0"
    )
    swapped, _ = r.apply(start, r.parse_action(start, "swap a1 a2"), no_dice())
    assert r.evaluate(swapped, 0) < r.evaluate(start, 0)
    for level in ("greedy", "medium"):
        player = make_player(level)
        choice = player.choose(r, start, "white", random.Random(1), Budget(nodes=300))
        assert choice.kind == "done", level


def test_dc_12_a_hint_speaks_of_winning_chances_not_pawns():
    r = rules()
    behind = r.parse_position("d47/8/8/3d6D43/8/8/8/D37 w play 0/0 -/- 12")
    found = hint(r, behind, "white", random.Random(1), Budget(nodes=300))
    why = found.reason()
    assert "pawns" not in why and "% to win after the best replies found" in why
    chance = int(why.split("about ")[1].split("%")[0])
    assert 1 <= chance < 50  # three pips behind


def test_dc_15_computer_players_end_the_setup_after_a_few_swaps():
    game = Game(make_variant("dice-chess"), 5)  # Black starts 10 pips ahead
    r = game.rules
    budget = Budget.for_level("medium", rules=r)
    players = (make_player("medium"), make_player("medium"))
    while game.state.setup:
        seat = r.to_move(game.state)
        game.play(players[r.side_of(seat)].choose(r, game.state, seat, random.Random(5), budget))
    assert max(game.state.swaps) <= 3


def test_dc_2_swaps_weigh_only_in_the_setup_and_never_drown_the_board():
    r = rules()
    board = "d1d6d4d2d2d6d1d4/d6d2d2d1d2d6d4d1/8/8/8/8/D1D1D1D4D5D3D1D6/D2D2D5D6D4D5D2D3"
    play = r.parse_position(f"{board} w play 0/0 -/- 0")
    after_many = r.parse_position(f"{board} w play 0/32 -/- 0")
    # once play starts, the swaps made are on the board already: White's lead of a pip counts
    assert r.evaluate(after_many, 0) == r.evaluate(play, 0) > 0
    setup = r.parse_position(f"{board} b setup 1/6 -/- 0")
    all_swapped = r.parse_position(f"{board} b setup 1/32 -/- 0")
    # a side that swapped all 32 times costs no more than one that swapped 6
    assert r.evaluate(all_swapped, 0) == r.evaluate(setup, 0)


def test_dc_12_the_side_behind_gains_by_each_enemy_die_in_its_reach():
    r = rules()
    # White trails 7 to 10; its 6 on d4 takes d5 at once, while h5 and a8 are four moves away
    one = r.parse_position("d47/8/8/3d33d3/3D64/8/8/D17 w play 0/0 1/- 0")
    two = r.parse_position("d47/8/8/2d3d34/3D64/8/8/D17 w play 0/0 1/- 0")
    assert prey_in_reach(r.geo, one, 0, 3) == 1 and prey_in_reach(r.geo, two, 0, 3) == 2
    assert r.evaluate(two, 0) > r.evaluate(one, 0)


def test_dc_12_the_side_ahead_need_not_take_anything():
    r = rules()
    # White leads 10 to 7; its 6 can take d5 at once or not, and Black can take nothing soon
    near = r.parse_position("d47/8/8/3d34/3D64/8/8/D47 w play 0/0 1/- 0")
    far = r.parse_position("d47/8/8/3d34/8/8/3D64/D47 w play 0/0 1/- 0")
    assert r.evaluate(near, 0) == r.evaluate(far, 0) > 0


def test_the_reach_masks_leave_out_the_edge_files_a_step_would_wrap_across():
    geo = make_rules("dice-chess").geo
    m = masks(geo)
    a_file = sum(1 << geo.square(0, y) for y in range(geo.height))
    h_file = sum(1 << geo.square(geo.width - 1, y) for y in range(geo.height))
    assert m.full == (1 << geo.size) - 1
    assert m.not_first == m.full & ~a_file and m.not_last == m.full & ~h_file


def test_swaps_cost_one_two_three_times_the_unit_up_to_the_count():
    assert [swap_cost(n) for n in range(4)] == pytest.approx(
        [0, SWAP_COST, 3 * SWAP_COST, 6 * SWAP_COST]
    )
    assert swap_cost(SWAPS_COUNTED + 5) == swap_cost(SWAPS_COUNTED)


# -- found by mutation testing (benchmarks/mutants.py) ------------------------------------------


def test_dc_12_captures_to_come_count_the_plies_the_stall_clock_leaves() -> None:
    """Two dice in contact, a capture made (the clock of DC-12 runs): the captures that may
    still come are half the plies the clock leaves from the first capture on (the next ply,
    whoever is to move), plus the fight that follows; the last ply still counts, and a clock
    that has run out leaves nothing."""
    r = rules_of(make_variant("dice-chess"), DiceChessRules)
    assert r.stall_plies == 6
    for quiet, expected in ((3, 3.5), (4, 3.0), (5, 2.5), (6, 0.0)):
        for side in "wb":
            state = r.parse_position(f"8/8/8/8/3D3d33/8/8/8 {side} play 0/0 1/1 {quiet}")
            assert captures_to_come(r, state) == expected, (quiet, side)


def test_from_text_refuses_a_board_of_the_wrong_size() -> None:
    r = rules_of(make_variant("dice-chess"), DiceChessRules)
    for rows in ([". . . . . . . ."] * 7, [". . . . . . ."] * 8):
        with pytest.raises(ValueError, match="8 rows of 8 tokens"):
            r.from_text("\n".join(rows), 0)


def test_dc_12_a_one_pip_lead_is_seen_alike_from_either_side() -> None:
    """A lead of a single pip (a 4 against a 3) is worth as much to White as it costs Black:
    both sides weigh it by the captures the side behind may still make."""
    r = rules()
    state = r.parse_position("8/8/8/8/3D4d33/8/8/8 w play 0/0 -/- 0")
    assert r.evaluate(state, 0) > 0
    assert r.evaluate(state, 0) == pytest.approx(-r.evaluate(state, 1))


def test_dc_12_a_lone_raider_counts_two_of_the_dice_around_it():
    """The side behind restarts the stall clock (DC-12) only while it keeps capturing: a lone
    die among many enemy dice makes a capture or two before it is taken or the clock runs
    out, so the fight to come counts two of its prey for each of the chaser's dice in reach."""
    r = rules()
    # White trails 12 to 15; its 6 on d4 has four of the five Black 3s in reach (d6 is four
    # moves away), a second 6 is either far off on a1 or near on e3
    far = r.parse_position("8/8/3d34/2d3d3d3d32/3D64/8/8/D67 w play 0/0 1/- 0")
    near = r.parse_position("8/8/3d34/2d3d3d3d32/3D64/4D63/8/8 w play 0/0 1/- 0")
    armies = [Armies.of(r.geo, s) for s in (far, near)]
    assert [a.prey_in_reach(0, 3) for a in armies] == [4, 4]
    assert [a.hunters(0, 3) for a in armies] == [1, 2]
    assert r.evaluate(near, 0) > r.evaluate(far, 0)
