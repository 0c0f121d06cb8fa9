"""Pilot test of campaign play (DD-40..DD-48): create a campaign from the menu, play a short
scripted game, buy an item in the shop, and start the next game with the item in effect."""

from __future__ import annotations

from textual.widgets import Button, Input, OptionList

from battlechess_tui.campaign.store import load_campaign
from battlechess_tui.save.store import verify_file
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.campaign import (
    CampaignReplayScreen,
    CampaignScreen,
    CampaignTable,
)
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.shop import ShopScreen
from tests.ui.driver import key_move, type_action


async def test_campaign_game_shop_and_next_game_with_the_item(tmp_path) -> None:
    app = BattleChessApp("menu", save_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("a")  # New campaign
        await pilot.pause()
        name = app.screen.query_one("#campaign-name", Input)
        name.value = "Pilot War"
        app.screen.query_one("#white-player", Input).value = "Ann [b]"  # names are text, not markup
        app.screen.query_one("#black-player", Input).value = "[/]Bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        assert "Ann [b] (White)" in str(screen.query_one("#side-0").render())

        await pilot.press("n")  # Next game: White moves, Black's King surrenders (DD-45)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and isinstance(app.screen.policy, CampaignTable)
        await key_move(pilot, "e2e4")
        await type_action(pilot, "surrender")
        await pilot.press("y")  # the surrender confirmed, as a resignation is
        await pilot.pause()
        assert isinstance(app.screen, ResultPanel)
        assert "surrendered" in app.screen.result
        buttons = [str(b.label) for b in app.screen.query(Button)]
        assert buttons == ["Back to the campaign (c)", "Board (esc)"]
        await pilot.press("enter")  # back to the campaign: the game is settled
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)  # White chooses the spoils
        await pilot.press("enter")  # the gold (20% of an empty chest)
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        campaign = load_campaign(screen.path)
        assert campaign.white.chest == 10_000 and campaign.games[0].winner == "white"
        assert verify_file(screen.path.parent / campaign.games[0].file) is None
        games = screen.query_one("#campaign-games", OptionList)
        assert games.highlighted == 0  # the game just played: r replays it
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, CampaignReplayScreen)
        await pilot.press("q")
        await pilot.pause()

        await pilot.press("s")  # the shop, for the winner
        await pilot.pause()
        shop = app.screen
        assert isinstance(shop, ShopScreen) and shop.side == 0
        assert "Gold is earned by winning games" in str(shop.query_one("#shop-gold").render())
        pieces = shop.query_one("#shop-pieces")
        assert pieces.highlighted == 0 and shop.query_one("#shop-offers").option_count  # first
        pieces.highlighted = [o.id for o in pieces.options].index("e2")
        await pilot.press("enter")
        await pilot.pause()
        offers = shop.query_one("#shop-offers")
        weapon = [o.id for o in offers.options].index("weapon+1")
        assert "Melee +4 -> +5" in str(offers.get_option_at_index(weapon).prompt)
        offers.highlighted = weapon
        await pilot.press("enter")
        await pilot.pause()
        assert load_campaign(screen.path).white.piece("e2").items == ["weapon+1"]
        assert load_campaign(screen.path).white.chest == 8_000
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("n")  # the next game: the Fighter carries its +1 weapon
        await pilot.pause()
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen) and isinstance(game_screen.policy, CampaignTable)
        game = game_screen.game
        e2 = game.state.piece_at(game.variant.rules.geo.parse("e2"))
        assert e2.items == ("weapon+1",)
        card = game.variant.presenter.piece_card(game.state, e2.square)
        assert "Items: +1 weapon" in card and any("+1 +1 weapon" in line for line in card)
        assert game.variant.options["campaign"] is True
