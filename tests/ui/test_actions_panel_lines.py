"""The D&D Actions panel at a glance (issue 25, item 2): a line a choice with its key numbers,
every choice of a level-5 Wizard on screen at 120x40, none cut at 80x24, and the whole
explanation and odds for the highlighted choice only."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel, prompt
from tests.ui.driver import submit, table
from tests.ui.screen_text import seen


def wizard_on_h5():
    game = build_game("dnd", {"level": "5"}, 7, None)
    for move in ("e2e4", "a7a6", "d1h5"):
        game.play(game.parse(move))
    return game


def test_dd_22_a_spells_line_gives_its_key_numbers():
    game = wizard_on_h5()
    from battlechess_tui.ui import views

    items = {i.text: i for i in views.actions_panel(game, game.legal_actions())}
    assert prompt(items["cast fireball"]).plain == "Fireball  5d6, Reflex DC 15 half · 2 in reach"
    assert prompt(items["cast mage-armor"]).plain == "Mage Armor  +4 AC"
    assert prompt(items["cast magic-missile"]).plain.startswith("Magic Missile  2×1d4+1, never")


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_dd_22_every_wizard_choice_is_on_screen_and_whole(tmp_path, size):
    game = wizard_on_h5()
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = table(pilot)
        panel = screen.query_one(ActionsPanel)
        spells = [item for item in panel.items if item.group == "Spells"]
        assert len(spells) == 8
        shown = " ".join(seen(app, panel).split())
        lines = [" ".join(prompt(item).plain.split()) for item in spells]
        if size == (120, 40):  # all at once, a line each
            assert all(line in shown for line in lines), shown
            assert panel.region.height <= len(panel.options) + 1
        # Each entry whole when it is highlighted (scrolled to), at any size: none is cut.
        await pilot.press("tab", "tab")
        assert screen.focused is panel
        for _ in range(len(panel.options)):
            item = panel.item_at(panel.highlighted)
            if item is not None:
                assert " ".join(prompt(item).plain.split()) in " ".join(seen(app, panel).split())
                detail = str(screen.query_one("#action-detail", Static).render())
                assert item.detail in " ".join(detail.split("\n")) or item.detail in detail
            await pilot.press("down")


async def test_dd_22_the_odds_are_under_the_list_for_the_highlighted_choice_only(tmp_path):
    game = wizard_on_h5()
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        panel = screen.query_one(ActionsPanel)
        assert "DD-22" not in seen(app, panel)  # no explanation in the list itself
        assert not screen.query_one("#action-detail").display
        await pilot.press("tab", "tab", *"fireball")
        detail = str(screen.query_one("#action-detail", Static).render())
        assert "Fireball, 3rd level: 5d6 damage" in detail and "cast fireball" in detail
        await submit(pilot, "none")
