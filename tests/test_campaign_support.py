"""The campaign reaches D&D only through ``engine.campaign.CampaignSupport``, which the game's
rules hand out (issue #26 item 4): D&D has one, the other games none, and a campaign refuses in
one line a game that is not a campaign game (DD-48)."""

import pytest

from battlechess_tui.campaign import between_games as bg
from battlechess_tui.campaign import shop
from battlechess_tui.campaign.store import CampaignError, new_campaign
from battlechess_tui.campaign.support import GAME_KEY, support
from battlechess_tui.engine.campaign import Change, ItemOffer, changed_numbers
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_rules, make_variant, specs


def test_only_the_campaign_game_hands_out_campaign_support():
    have = {key for key in specs() if make_rules(key).campaign_support() is not None}
    assert have == {GAME_KEY}


def test_dd_40_a_new_campaigns_rosters_are_the_games_setup():
    """Both armies as the D&D setup places them: the Bard plays the King (DD-1)."""
    c = new_campaign("T")
    for side, rec in ((0, c.white), (1, c.black)):
        assert {p.square: p.cls for p in rec.pieces} == support().starting_pieces(side)
    assert c.white.piece("e1").cls == "bard" and c.black.piece("e8").cls == "bard"
    assert [p.square for p in c.white.pieces][:2] == list(support().starting_pieces(0))[:2]


def test_dd_47_the_shop_offers_are_the_games_offers():
    """The campaign's shop is the game's shop: ``shop.Offer`` is ``engine.campaign.ItemOffer``,
    and an offer's changes compare the piece's numbers before and after."""
    offers = shop.offers(new_campaign("T"), 0, "e2")
    assert shop.Offer is ItemOffer and offers and all(isinstance(o, ItemOffer) for o in offers)
    weapon = next(o for o in offers if o.item == "weapon+1")
    before = shop.numbers("fighter", 1, ())
    after = shop.numbers("fighter", 1, ("weapon+1",))
    assert (
        weapon.changes
        == changed_numbers(before, after)
        == shop.changes("fighter", 1, (), ("weapon+1",))
    )
    assert "melee" in [c.stat for c in weapon.changes if isinstance(c, Change)]
    assert weapon.price == 2_000
    assert [shop.change_text(c) for c in weapon.changes] == [
        "Melee +4 -> +5",
        "Damage 2d6+3 -> 2d6+4",
    ]


def test_dd_48_a_campaign_refuses_to_settle_another_games_game_in_one_line(tmp_path):
    """A game in play that is not a campaign game (a hand-edited file) is refused by name."""
    c, _ = bg.start_game(new_campaign("T"), tmp_path / "t.json", 1)
    other = Game(make_variant("classic"), 1, {"white": "A", "black": "B"})
    for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
        other.play(move)
    assert other.over
    with pytest.raises(CampaignError, match="game 1 is a game of .*, not a campaign's"):
        bg.settle(c, other)
