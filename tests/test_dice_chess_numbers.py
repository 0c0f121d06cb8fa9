"""Dice Chess numbers for computer players: ``chance`` (a capture is never in doubt, DC-8) and
``evaluate`` (dice and faces on the board, DC-12's counts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.engine.registry import load_spec_file, make_rules
from battlechess_tui.engine.rules import CERTAIN
from battlechess_tui.simulation import random_game
from tests.scripted_dice import ScriptedDice


def rules():
    return make_rules("dice-chess")


def test_dc_8_every_capture_allowed_is_certain():
    r = rules()
    state = r.parse_position("8/8/8/8/3D3d23/8/8/7d6 w play 0/0 -/- 0")
    capture = r.parse_action(state, "d4e4")
    assert r.chance(state, capture) == CERTAIN and r.chance(state, capture).exact
    assert r.chance(state, r.parse_action(state, "d4d5")) == CERTAIN
    game = random_game("dice-chess", 8, {"arrange": False})
    for position, ply in zip(game.positions, game.plies, strict=False):
        assert r.chance(position.state, ply.action).p == 1


def test_dc_12_evaluate_counts_dice_and_faces_for_either_side():
    r = rules()
    even = r.parse_position("8/8/8/8/3D3d33/8/8/8 w play 0/0 -/- 0")
    assert r.evaluate(even, 0) == r.evaluate(even, 1) == 0
    higher = r.parse_position("8/8/8/8/3D6d33/8/8/8 w play 0/0 -/- 0")
    assert r.evaluate(higher, 0) == pytest.approx(0.5) == -r.evaluate(higher, 1)
    more = r.parse_position("8/8/8/8/3D1d1D12/8/8/8 b play 0/0 -/- 0")
    assert r.evaluate(more, 0) == pytest.approx(1 + 1 / 6)


def test_dc_12_captured_faces_only_break_a_tie():
    r = rules()
    tie = r.parse_position("8/8/8/8/3D3d33/8/8/8 w play 0/0 5/3 2")
    assert 0 < r.evaluate(tie, 0) < 0.1
    ahead = r.parse_position("8/8/8/8/3D4d33/8/8/8 w play 0/0 -/6 2")
    assert r.evaluate(ahead, 0) > 0  # a pip more on the board outweighs six captured


def test_dc_9_a_capture_raises_the_capturers_estimate():
    r = rules()
    state = r.parse_position("8/8/8/8/3D5d2d22/8/8/8 w play 0/0 -/- 0")
    before = r.evaluate(state, 0)
    after, _ = r.apply(state, r.parse_action(state, "d4e4"), ScriptedDice(5))
    assert r.evaluate(after, 0) == pytest.approx(before + (1 + 2 / 6) + 0.02)


def test_evaluate_scales_with_the_die_value_of_the_variant_file(tmp_path: Path):
    house = tmp_path / "heavy.toml"
    house.write_text(
        'key = "heavy-dice"\nname = "Heavy"\ndescription = "x"\nbase = "dice-chess"\n'
        '[pieces.die]\nname = "Die"\nletter = "D"\nvalue = 3\n'
    )
    heavy = make_rules(load_spec_file(house))
    text = "8/8/8/8/3D6d33/8/8/8 w play 0/0 -/- 0"
    assert heavy.evaluate(heavy.parse_position(text), 0) == pytest.approx(1.5)
