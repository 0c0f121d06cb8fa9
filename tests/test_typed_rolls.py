"""Rolls say in types what they are for (issue #26 item 3): ``Roll.use``, ``squares`` and
``critical`` are what presenters and the UI read, never a roll's words."""

from pathlib import Path

import pytest

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.vocabulary import Purpose
from battlechess_tui.rules.dice_chess.vocabulary import DiceChessPurpose
from battlechess_tui.rules.dnd.vocabulary import DndPurpose
from battlechess_tui.rules.gladiator.vocabulary import GladiatorPurpose
from battlechess_tui.save.store import load_game

SAVES = Path(__file__).parent.parent / "saves"
#: Each shipped example game with dice, and the purposes its throws have.
EXPECTED = {
    "dice-chess-12-0000.json": {DiceChessPurpose.SETUP, DiceChessPurpose.REROLL},
    "single-combat-2-0000.json": {Purpose.FIGHT},
    "gladiator-3-0000.json": {Purpose.ATTACK, GladiatorPurpose.DEFENCE},
    "dnd-1-0000.json": {
        DndPurpose.INITIATIVE, Purpose.ATTACK, DndPurpose.CONFIRM, Purpose.DAMAGE,
        DndPurpose.HEALING, DndPurpose.SAVE,
    },
}  # fmt: skip
#: Throws about pieces on the board name their squares.
ON_SQUARES = {
    DiceChessPurpose.SETUP, DiceChessPurpose.REROLL, Purpose.FIGHT, Purpose.ATTACK,
    GladiatorPurpose.DEFENCE, DndPurpose.INITIATIVE, DndPurpose.CONFIRM, DndPurpose.SAVE,
}  # fmt: skip


def _rolls(name: str) -> list[Roll]:
    game = load_game(SAVES / name).game
    events = [*game.setup_events, *(e for p in game.plies for e in p.events)]
    return [e for e in events if isinstance(e, Roll)]


def _size(name: str) -> int:
    return load_game(SAVES / name).game.variant.rules.geo.size


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_roll_of_a_whole_game_says_what_it_is_for(name):
    rolls = _rolls(name)
    assert {r.use for r in rolls} == EXPECTED[name]
    size = _size(name)
    for roll in rolls:
        assert (roll.use in ON_SQUARES) == bool(roll.squares), roll
        assert all(0 <= s < size for s in roll.squares), roll


def test_dc_10_a_reroll_names_the_capturing_dies_square():
    (reroll,) = [r for r in _rolls("dice-chess-12-0000.json") if r.use == DiceChessPurpose.REROLL]
    game = load_game(SAVES / "dice-chess-12-0000.json").game
    ply = next(p for p in game.plies if reroll in p.events)
    assert reroll.squares == (ply.action.squares[1],)
    assert f"rerolled {reroll.faces[0]})" in ply.notation


def test_sc_5_a_fight_names_the_attacker_and_the_defender():
    game = load_game(SAVES / "single-combat-2-0000.json").game
    for ply in game.plies:
        fights = [e for e in ply.events if isinstance(e, Roll) and e.use == Purpose.FIGHT]
        if fights:
            assert fights[0].squares[0] == ply.action.squares[0]
            assert f"(rolled {fights[0].total}" in ply.notation
