"""Campaign play between games (DD-40, DD-41, DD-43..DD-46, DD-48): the campaign file, settling
a game, battle power and prize, the spoils of a surrender, the shop, simulation and the CLI.
(Promotions, the fallen's items, friendly fire and the catalogue's rule against charges are
played through whole games in ``test_dnd_campaign.py``.)"""

import json
from pathlib import Path

import pytest

from battlechess_tui.campaign import between_games as bg
from battlechess_tui.campaign import shop
from battlechess_tui.campaign.power import battle_power, prize
from battlechess_tui.campaign.simulate import simulate_campaign
from battlechess_tui.campaign.store import (
    CampaignError,
    create_campaign,
    load_campaign,
    new_campaign,
    save_campaign,
)
from battlechess_tui.campaign.words import history_line, spoils_line
from battlechess_tui.cli import main
from battlechess_tui.engine.game import Game
from battlechess_tui.rules.dnd.items import load_catalogue
from battlechess_tui.save.store import load_game, save_game, verify_file
from tests.scripted_dice import ScriptedDice as Script
from tests.typed import known

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "campaigns" / "campaign-example.json"


def _campaign():
    """White's e2 Fighter at level 4 with a +5 weapon; Black's d7 Fighter level 2 with a ring."""
    c = new_campaign("Test", "Ann", "Bob")
    e2, d7 = c.white.piece("e2"), c.black.piece("d7")
    e2.level, e2.items = 4, ["weapon+5"]
    d7.level, d7.items = 2, ["ring-of-protection+1"]
    c.black.piece("e8").items = ["cloak-of-charisma+2"]
    c.black.chest = 10_000
    return c


def _killing_game(c, tmp_path, loot="loot"):
    """e2e4 d7d5 e4d5: the Fighter kills the level-2 Fighter in melee (DD-42 choice)."""
    c, game = bg.start_game(c, tmp_path / "test.json", 3)
    game.play("e2e4")
    game.play("d7d5")
    game.play("e4d5", Script(15, 5))
    game.play("attack", Script(10, 6, 6))  # 10+14 vs FAC 17; 6+6+6+5 = 23 damage
    game.play(loot)
    return c, game


def test_dd_48_campaign_file_round_trips_and_names_the_catalogue(tmp_path):
    path = create_campaign("The Long War", tmp_path, "Ann", "Bob")
    assert path.name == "the-long-war.json"
    c = load_campaign(path)
    assert (c.name, c.white.player, c.black.player) == ("The Long War", "Ann", "Bob")
    assert len(c.white.pieces) == len(c.black.pieces) == 16
    assert c.catalogue_version == load_catalogue().version
    assert {p.cls for p in c.black.pieces} == {
        "fighter",
        "rogue",
        "paladin",
        "cleric",
        "wizard",
        "bard",
    }
    save_campaign(_campaign(), path)
    assert load_campaign(path).white.piece("e2").items == ["weapon+5"]
    with pytest.raises(CampaignError, match="already exists"):
        create_campaign("The Long War", tmp_path)


def test_dd_48_corrupt_campaign_gives_one_line_and_is_never_overwritten(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "battlechess-campaign", "format_version": 1, "name": 3')
    with pytest.raises(CampaignError) as err:
        load_campaign(path)
    assert "corrupt" in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(CampaignError):
        save_campaign(new_campaign("x"), path)
    assert path.read_text().endswith('"name": 3')
    assert main(["campaign", "show", str(path)]) == 2


def test_dd_40_dd_41_dd_42_dd_46_settle_a_game_with_a_looted_kill(tmp_path):
    c, game = _killing_game(_campaign(), tmp_path)
    assert game.variant.options["campaign"] is True
    game.play("surrender")
    c, after = bg.settle(c, game)
    e2, d7 = c.white.piece("e2"), c.black.piece("d7")
    assert (e2.level, e2.items, e2.kills) == (4, ["weapon+5", "ring-of-protection+1"], 1)
    assert (d7.level, d7.items) == (1, [])  # DD-41: back to level 1; its ring was looted
    assert any(h.kind == "looted" and h.items == ["ring-of-protection+1"] for h in e2.history)
    assert history_line(d7.history[-1]).endswith("looted; back to level 1")
    assert c.games[-1].bonus == [1_000, 0]  # DD-46: one level taken from the Fighter
    assert c.current is None and c.games[-1].winner == "white"
    assert any("DD-46" in line for line in after.lines)


def test_dd_43_battle_power_counts_promotions_and_full_10000_of_items():
    c = _campaign()
    cat = load_catalogue()
    assert battle_power(c.white, cat) == 3 + 5  # +5 weapon is worth 50,000
    assert battle_power(c.black, cat) == 1 + 0  # 2,000 + 4,000 of items: not a full 10,000
    c.black.piece("a7").items = ["armor+2"]  # 4,000 more: 10,000 in all
    assert battle_power(c.black, cat) == 2


def test_dd_44_prize_sign_convention_and_worked_example():
    assert prize(3, 5) == 12_000  # beating a stronger side pays more
    assert prize(5, 3) == 8_000
    assert prize(20, 0) == 0  # never below nothing


def test_dd_44_dd_45_surrender_pays_the_prize_and_offers_spoils(tmp_path):
    c, game = _killing_game(_campaign(), tmp_path)
    game.play("surrender")
    assert known(game.outcome).rule == "DD-45"
    c, after = bg.settle(c, game)
    assert c.games[-1].prize == 10_000 + 1_000 * (1 - 8) and after.spoils_pending
    assert known(c.spoils).gold == 2_000  # 20% of Black's 10,000 before this game
    with pytest.raises(CampaignError, match="spoils"):
        bg.start_game(c, tmp_path / "test.json", 4)
    gold = bg.choose_spoils(c, None)
    assert (gold.white.chest, gold.black.chest) == (3_000 + 1_000 + 2_000, 8_000)
    assert ("e8", "cloak-of-charisma+2") in bg.spoils_items(c)
    item = bg.choose_spoils(c, ("e8", "cloak-of-charisma+2"), "e1")
    assert item.white.piece("e1").items == ["cloak-of-charisma+2"]
    assert item.black.piece("e8").items == [] and item.black.chest == 10_000
    taken = known(item.games[-1].spoils)
    assert (taken.item, taken.source, taken.target) == ("cloak-of-charisma+2", "e8", "e1")
    assert item.spoils is None and spoils_line(item.games[-1]).startswith("Cloak of Charisma")


def test_dd_45_resignation_counts_as_surrender_and_a_draw_pays_nothing(tmp_path):
    c, game = bg.start_game(_campaign(), tmp_path / "t.json", 1)
    game.play("e2e4")
    game.play("resign")
    settled, _ = bg.settle(c, game)
    assert settled.spoils is not None and settled.spoils.winner == "white"
    c, game = bg.start_game(_campaign(), tmp_path / "t.json", 1)
    game.play("offer-draw")
    game.play("accept-draw")
    settled, after = bg.settle(c, game)
    assert settled.games[-1].prize == 0 and settled.white.chest == 0
    assert "no prize" in after.lines[1]


def test_dd_40_the_next_game_starts_each_piece_at_its_campaign_level(tmp_path):
    c, game = bg.start_game(_campaign(), tmp_path / "t.json", 9)
    state = game.state
    e2 = state.piece_at(game.variant.rules.geo.parse("e2"))
    assert (e2.level, e2.items, e2.hp) == (4, ("weapon+5",), 34)
    assert known(c.current).power == [8, 1]
    roster = game.variant.options["roster"]
    assert isinstance(roster, str) and json.loads(roster)["e2"] == [4, ["weapon+5"]]


def test_dd_44_dd_47_shop_prices_effects_and_refusals():
    c = _campaign()
    c.white.chest = 9_000
    offers = {o.item: o for o in shop.offers(c, 0, "e1")}
    ring = offers["ring-of-protection+1"]
    assert ring.price == 2_000 and "TAC 12 -> 13" in ring.line()
    assert "armor+1" in offers and "headband-of-intellect+2" not in offers
    assert "bane:paladin" not in offers  # a bane needs a magic weapon first
    upgrade = {o.item: o for o in shop.offers(c, 0, "e2")}
    assert "weapon+1" not in upgrade and upgrade["bane:paladin"].price == 72_000 - 50_000
    assert "(against Paladins: weapon +2 better" in upgrade["bane:paladin"].line()
    wizard = {o.item for o in shop.offers(c, 0, "d1")}
    assert not any(i.startswith("armor") for i in wizard)  # wizards wear no armour
    bought = shop.buy(c, 0, "e1", "ring-of-protection+1")
    assert bought.white.chest == 7_000 and bought.white.piece("e1").items == [
        "ring-of-protection+1"
    ]
    again = shop.buy(bought, 0, "e1", "ring-of-protection+2")  # upgrade: pay the difference
    assert again.white.chest == 1_000 and again.white.piece("e1").items == ["ring-of-protection+2"]
    with pytest.raises(shop.ShopError, match="costs 18,000"):
        shop.buy(c, 0, "e1", "ring-of-protection+3")
    with pytest.raises(shop.ShopError, match="not for a wizard"):
        shop.buy(c, 0, "d1", "armor+1")


# -- a whole campaign ---------------------------------------------------------------------------


def _spent(c) -> int:
    return sum(
        h.gold or 0
        for side in (c.white, c.black)
        for p in side.pieces
        for h in p.history
        if h.kind == "bought"
    )


def test_dd_40_to_dd_48_a_simulated_20_game_campaign_runs_end_to_end(tmp_path):
    path = create_campaign("Sim", tmp_path, "Ann", "Bob")
    lines = simulate_campaign(path, 20, 7)
    c = load_campaign(path)
    assert len(c.games) == 20 and c.current is None and lines
    paid = sum(g.prize + sum(g.bonus) for g in c.games)
    assert c.white.chest + c.black.chest == paid - _spent(c)  # spoils only move gold
    assert CampaignFileRoundTrip(c)
    for entry in c.games:
        save = path.parent / entry.file
        assert verify_file(save) is None
        loaded = load_game(save).game
        assert loaded.outcome is not None
    last = load_game(path.parent / c.games[-1].file).game
    home = {p.id: last.variant.rules.geo.name(p.square) for p in last.positions[0].state.pieces}
    for fall in last.state.falls:
        victim = last.state.pieces[fall.victim]
        assert c.side(victim.side).piece(home[fall.victim]).level == 1
    assert any(
        h.kind == "promoted" for s in (c.white, c.black) for p in s.pieces for h in p.history
    )


def CampaignFileRoundTrip(c) -> bool:
    from battlechess_tui.campaign.model import CampaignFile

    return CampaignFile.model_validate_json(c.model_dump_json()) == c


def test_dd_48_every_campaign_game_is_a_normal_save_that_replays(tmp_path):
    path = tmp_path / "test.json"
    c, game = bg.start_game(_campaign(), path, 3)
    for text in ("e2e4", "d7d5", "e4d5", "auto"):  # dice from the seed
        game.play(text)
    if not game.over and game.state.loot is not None:
        game.play("loot")
    if not game.over:
        game.play("surrender")
    assert c.current is not None
    save_game(game, path.parent / c.current.file)
    assert main(["replay", "--verify", str(path.parent / c.current.file)]) == 0
    assert load_game(path.parent / c.current.file).game.variant.options == game.variant.options


def test_campaign_cli_new_show_simulate(tmp_path, capsys):
    assert main(["campaign", "new", "Cli War", "--white", "Ann", "--dir", str(tmp_path)]) == 0
    path = tmp_path / "cli-war.json"
    assert str(path) in capsys.readouterr().out
    assert main(["campaign", "simulate", str(path), "--games", "2", "--seed", "3"]) == 0
    assert "Game 2:" in capsys.readouterr().out
    assert main(["campaign", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "White (Ann): war chest" in out and "Games (2):" in out and "e1  Bard" in out


def test_dd_48_example_campaign_is_made_by_the_program_and_replays(tmp_path):
    c = load_campaign(EXAMPLE)
    for entry in c.games:
        assert verify_file(EXAMPLE.parent / entry.file) is None
    fresh = create_campaign(c.name, tmp_path, c.white.player, c.black.player)
    simulate_campaign(fresh, len(c.games), 1)
    again = load_campaign(fresh)
    assert again.games == c.games
    assert (again.white, again.black) == (c.white, c.black)


def test_game_class_is_reused_for_campaign_games(tmp_path):
    _, game = bg.start_game(_campaign(), tmp_path / "t.json", 2)
    assert isinstance(game, Game) and game.players == {"white": "Ann", "black": "Bob"}
