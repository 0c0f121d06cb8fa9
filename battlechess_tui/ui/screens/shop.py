"""The magic item shop of a campaign (DD-44, DD-47): buy permanent items for named pieces.

Left: the side's pieces (level and items); right: what the chosen piece may buy, each offer with
its SRD price and what it does to the piece's numbers (``Melee +4 -> +5``). Enter buys; the
campaign file is written after every purchase. ``w`` / ``b`` switch between the two war chests.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from battlechess_tui.campaign import report, shop
from battlechess_tui.campaign.model import SIDE_KEYS, CampaignFile
from battlechess_tui.campaign.store import load_campaign, save_campaign
from battlechess_tui.campaign.words import history_line
from battlechess_tui.save.store import SaveError
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.widgets.footer import Footer

#: How a war chest fills (DD-44..DD-46), said where it is spent.
GOLD_HELP = (
    "Gold is earned by winning games: 10,000 a win, 1,000 more or less per point of "
    "battle power between the sides (DD-44), 1,000 per level taken from killed enemies "
    "(DD-46), and a surrender's spoils (DD-45)."
)

SHOP_COMMANDS = (
    Command("white", "w", "White", "side(0)", "Shop for White's pieces"),
    Command("black", "b", "Black", "side(1)", "Shop for Black's pieces"),
    Command("back", "escape,q", "Back", "back", "Back to the campaign"),
)


class ShopScreen(Screen[None]):
    PLAYER_COMMANDS = SHOP_COMMANDS
    BINDINGS = bindings(SHOP_COMMANDS)
    HELP = (
        "Choose a piece on the left (Enter), then an item on the right (Enter buys it). "
        "Each offer shows its price and what it changes on the piece. " + GOLD_HELP
    )
    DEFAULT_CSS = """
    ShopScreen #shop { height: 1fr; padding: 0 1; }
    ShopScreen #shop-gold { height: auto; color: $text-muted; }
    ShopScreen #shop-pieces { width: 2fr; height: 1fr; }
    ShopScreen #shop-offers { width: 3fr; height: 1fr; }
    ShopScreen #offer-help { height: auto; color: $text-muted; }
    """

    def __init__(self, path: Path, side: int | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.campaign: CampaignFile = load_campaign(self.path)
        self.side = side if side is not None else self._winner_side()
        self.square = ""
        self._offers: list[shop.Offer] = []

    def _winner_side(self) -> int:
        games = self.campaign.games
        last = games[-1].winner if games else None
        return SIDE_KEYS.index(last) if last else 0

    def compose(self) -> ComposeResult:
        with Vertical(id="shop"):
            yield Label("", id="shop-title", classes="screen-title", markup=False)
            yield Static(GOLD_HELP, id="shop-gold", markup=False)
            with Horizontal():
                yield OptionList(id="shop-pieces", markup=False)
                yield OptionList(id="shop-offers", markup=False)
            yield Static("", id="offer-help", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show_pieces()
        self.query_one("#shop-pieces").focus()
        self._choose_first()

    def _choose_first(self) -> None:
        """The first piece chosen, its offers shown at once."""
        pieces = self.query_one("#shop-pieces", OptionList)
        if pieces.option_count:
            pieces.highlighted = 0

    def _show_pieces(self) -> None:
        rec = self.campaign.side(self.side)
        self.query_one("#shop-title", Label).update(
            f"Shop - {('White', 'Black')[self.side]} ({rec.player}): war chest {rec.chest:,} gold"
        )
        names = report.class_names()
        pieces = self.query_one("#shop-pieces", OptionList)
        pieces.clear_options()
        pieces.add_options(
            [Option(Text(report.piece_line(p, names)), id=p.square) for p in rec.pieces]
        )
        if self.square:
            self._show_offers(self.square)

    def _show_offers(self, square: str) -> None:
        self.square = square
        chest = self.campaign.side(self.side).chest
        self._offers = shop.offers(self.campaign, self.side, square)
        offers = self.query_one("#shop-offers", OptionList)
        offers.clear_options()
        offers.add_options(
            [Option(Text(o.line()), id=o.item, disabled=o.price > chest) for o in self._offers]
        )
        offers.border_title = f"Items for {square}"

    @on(OptionList.OptionHighlighted, "#shop-pieces")
    @on(OptionList.OptionSelected, "#shop-pieces")
    def _piece_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._show_offers(event.option.id)
        if isinstance(event, OptionList.OptionSelected):
            self.query_one("#shop-offers").focus()

    @on(OptionList.OptionHighlighted, "#shop-offers")
    def _offer_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        offer = next((o for o in self._offers if o.item == event.option.id), None)
        self.query_one("#offer-help", Static).update(
            offer.line() + "\n" + offer.help if offer else ""
        )

    @on(OptionList.OptionSelected, "#shop-offers")
    def _offer_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.buy(event.option.id)

    def buy(self, item: str) -> bool:
        """Buy ``item`` for the chosen piece; the campaign file is written at once."""
        try:
            campaign = shop.buy(self.campaign, self.side, self.square, item)
            save_campaign(campaign, self.path)
        except SaveError as exc:
            self.notify(str(exc), title="Not bought", severity="warning")
            return False
        self.campaign = campaign
        bought = campaign.side(self.side).piece(self.square).history[-1]
        self.notify(history_line(bought), title="Bought")
        self._show_pieces()
        return True

    def action_side(self, side: int) -> None:
        self.side = side
        self.square = ""
        self.query_one("#shop-offers", OptionList).clear_options()
        self._show_pieces()
        self._choose_first()

    def action_back(self) -> None:
        close_screen(self)
