"""D&D Battle Chess through the UI with scripted dice: a spell aimed on the board (DD-7,
DD-22), the chance of a battle before it starts, a battle fought with a spell and an attack
(DD-10..DD-13) shown in the battle panel, and its summary once it is over."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import Game, Ply
from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import ChoiceDialog
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.battle_panel import BattlePanel, roll_text
from battlechess_tui.ui.widgets.board import TARGET
from battlechess_tui.ui.widgets.piece_card import PieceCard
from tests.scripted_dice import ScriptedDice
from tests.typed import known
from tests.ui.driver import (
    choose_in_panel,
    click_square,
    cursor_to,
    hand_over,
    key_move,
    settle_odds,
    table,
    type_action,
)

# White: Bard e1, Wizard d1, Cleric b3. Black: Bard e8, Rogue d5, Fighter f5.
FEN = "4k3/8/8/3r1p2/8/1B6/8/3QK3 w - - 0 1"


class ScriptedGame(Game):
    """A game whose decisions throw the scripted faces, in order (the UI asks for no dice)."""

    def __init__(self, fen: str, *faces: int) -> None:
        super().__init__(make_variant(spec("dnd").model_copy(update={"setup": fen})), 1)
        self.faces = list(faces)

    def play(self, action: Action | str, dice: Dice | None = None) -> Ply:
        scripted = ScriptedDice(*self.faces)
        ply = super().play(action, dice or scripted)
        self.faces = scripted.queue
        return ply


async def choose_from_panel(pilot: Pilot, text: str) -> None:
    await choose_in_panel(pilot, lambda item: item.text == text)
    await hand_over(pilot)


def panel_text(pilot: Pilot) -> str:
    return table(pilot).query_one(BattlePanel).render().plain


async def test_dd_7_spell_aimed_on_the_board_then_a_battle_with_a_spell_and_an_attack(
    tmp_path: Path,
) -> None:
    #       magic missile | initiative | Rogue's attack | Cleric's attack, damage
    game = ScriptedGame(FEN, 4, 15, 5, 2, 15, 6)
    geo = game.variant.rules.geo
    sq = geo.parse
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert not screen.query_one(BattlePanel).display  # no battle yet

        # DD-5, DD-7: the Wizard moves, then aims Magic Missile at one of two enemies.
        await key_move(pilot, "d1d3")
        assert screen.board_model.targets == {sq("d5"): TARGET, sq("f5"): TARGET}
        item = next(i for i in screen.action_items if i.text == "cast magic-missile")
        assert item.targets == (sq("d5"), sq("f5"))
        await choose_from_panel(pilot, "cast magic-missile")
        assert screen.aiming is not None and "choose a highlighted square" in screen.message
        await cursor_to(pilot, sq("d5"))
        await settle_odds(pilot)
        assert "always hits" in screen.odds
        await click_square(pilot, sq("d5"))
        await pilot.pause()
        await hand_over(pilot)
        assert game.plies[-1].action.text(geo) == "cast magic-missile d5"
        assert game.state.piece_at(sq("d5")).hp == 2  # 1d4+1 = 5 damage

        await type_action(pilot, "e8f8")

        # The exact chance to win the battle (DD-18), before it starts.
        await click_square(pilot, sq("b3"))
        await cursor_to(pilot, sq("d5"))
        await settle_odds(pilot)
        assert screen.odds.startswith("Attack on d5: Attacker wins ")
        assert "exact" in screen.odds
        await click_square(pilot, sq("d5"))  # DD-10: the Cleric attacks the Rogue
        await pilot.pause()
        info = screen.battle_info
        assert info is not None and not info.over
        assert (info.view.attacker.name, info.view.defender.name) == ("White Cleric", "Black Rogue")
        assert info.view.defender.defence.startswith("FAC")  # DD-11: lost initiative
        assert (info.view.defender.hp, info.view.defender.max_hp) == (2, 7)
        assert "1d20 [15] -1 init = 14 vs 11: wins" in panel_text(pilot)

        # The Cleric casts Bless (a battle spell), the Rogue misses, the Cleric strikes.
        await choose_from_panel(pilot, "cast bless")
        assert "bless" in known(screen.battle_info).view.attacker.conditions
        await choose_from_panel(pilot, "attack")
        assert "1d20 [2] +2 melee = 4 vs AC 17: miss" in panel_text(pilot)
        detail = next(i.detail for i in screen.action_items if i.text == "attack")
        assert "Hits 55% (d20+5 vs AC 15, exact)" in detail  # odds in the panel (DD-13)
        await type_action(pilot, "attack")

        info = screen.battle_info
        assert info is not None and info.over  # the last battle's summary
        assert "fallen" in info.view.defender.conditions
        hit = "1d20 [15] +2 melee +1 bless +2 flanking = 20 vs AC 15: hit"
        assert hit in [
            roll_text(line.event)
            for line in info.lines
            if line.side == 0 and isinstance(line.event, Roll)
        ]
        assert screen.query_one(BattlePanel).border_title == "Last battle on d5"
        assert "falls" in panel_text(pilot)
        assert game.state.piece_at(sq("d5")).cls == "cleric"  # DD-12: it takes the square
        assert not game.faces  # every scripted die was thrown


async def test_dd_board_offers_the_actions_on_a_highlighted_square(tmp_path: Path) -> None:
    """With no piece to move (the Wizard's action), choosing a target square lists what can
    be done there; Escape leaves an aimed spell without casting it."""
    game = ScriptedGame(FEN)
    sq = game.variant.rules.geo.parse
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        await type_action(pilot, "d1d3")
        await choose_from_panel(pilot, "cast magic-missile")
        await pilot.press("escape")
        assert screen.aiming is None and len(game.plies) == 1
        await click_square(pilot, sq("f5"))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [label.split(" —")[0] for _, label in dialog.options] == [
            "Wizard: cast magic-missile f5"
        ]
        await pilot.press("escape")
        assert len(game.plies) == 1


async def test_every_level_5_spell_is_reached_by_keyboard_at_80x24_and_found_by_typing(
    tmp_path: Path,
) -> None:
    """DD-20: a level-5 Wizard in battle has eight spells. Tab reaches the Actions panel; Down
    highlights each in turn, scrolled into view, its odds shown under the list; typing
    narrows the list (Escape clears it)."""
    game = Game(
        make_variant(
            spec("dnd").model_copy(update={"setup": "4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1"}),
            {"level": "5"},
        ),
        1,
    )
    game.play("d1d2", ScriptedDice(20, 1))  # the Wizard attacks and wins the initiative
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        views = [game.presenter.piece_view(game.state, sq) for sq in range(64)]
        await cursor_to(pilot, next(sq for sq, v in enumerate(views) if v and v.name == "Wizard"))
        panel = screen.query_one(ActionsPanel)
        spells = [i for i, item in enumerate(panel.items) if item.group == "Spells"]
        assert len(spells) == 8 and panel.region.height >= 5  # the panel grows past 5 lines
        await pilot.press("tab", "tab")  # the move box, then the Actions panel
        assert screen.focused is panel
        seen = set()
        for _ in range(len(panel.items) + 3):
            item = panel.item_at(panel.highlighted)
            if item is not None and item.group == "Spells":
                seen.add(item.text)
                line = panel._index_to_line[known(panel.highlighted)] - panel.scroll_offset.y
                assert 0 <= line < panel.scrollable_content_region.height  # in view
            await pilot.press("down")
        assert seen == {panel.items[i].text for i in spells}
        await pilot.press(*"lightning")
        shown = [panel.item_at(i) for i in range(panel.option_count)]
        assert [item.text for item in shown if item] == ["cast lightning-bolt"]
        detail = screen.query_one("#action-detail", Static)
        assert "fails its save" in str(detail.render())  # what it does: its odds
        await pilot.press("escape")
        assert panel.filter == "" and len([o for o in panel.options if not o.disabled]) > 8
        await pilot.press("tab")  # on to the piece card, which scrolls by keyboard
        card = screen.query_one(PieceCard)
        assert screen.focused is card
        await pilot.press("end")
        assert card.scroll_offset.y > 0 and "Items:" in str(card.render_text())
