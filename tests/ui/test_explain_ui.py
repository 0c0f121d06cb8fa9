"""What a D&D spell does, beside its odds, at 80x24 (issue 13): under the Actions panel for the
highlighted choice (DD-22: damage, save and DC, reach), and on the piece card while its target
is chosen on the board (DD-7)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from tests.scripted_dice import ScriptedDice
from tests.ui.driver import choose_in_panel, hand_over, key_move, table


def dnd_game(fen: str, level: int) -> Game:
    variant = make_variant(spec("dnd").model_copy(update={"setup": fen}), {"level": str(level)})
    return Game(variant, 1)


async def test_dd_22_highlighted_spell_shows_what_it_does_and_its_odds(tmp_path: Path) -> None:
    game = dnd_game("4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1", 5)
    game.play("d1d2", ScriptedDice(20, 1))  # the Wizard attacks and wins the initiative
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        await pilot.press("tab", "tab")  # the move box, then the Actions panel
        assert screen.focused is screen.query_one(ActionsPanel)
        await pilot.press(*"lightning")
        detail = str(screen.query_one("#action-detail", Static).render())
        assert "Lightning Bolt, 3rd level: 5d6 damage" in detail
        assert "Reflex save DC 15 halves the damage" in detail and "on its foe" in detail
        assert "fails its save" in detail  # the odds, after what it does


async def test_dd_7_spell_being_aimed_is_explained_on_the_piece_card(tmp_path: Path) -> None:
    game = dnd_game("4k3/8/8/3r1p2/8/1B6/8/3QK3 w - - 0 1", 1)
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        await key_move(pilot, "d1d3")
        await choose_in_panel(pilot, lambda item: item.text == "cast magic-missile")
        await hand_over(pilot)
        assert screen.aiming is not None
        assert screen.card_lines[0] == (
            "Magic Missile, 1st level: a missile of 1d4+1 damage; never misses (DD-22); on "
            "an enemy up to 2 squares away along its lines (DD-7)"
        )
