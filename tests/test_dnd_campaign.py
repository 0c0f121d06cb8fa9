"""Between campaign games, played through real games from the standard setup: promotions carry
over (DD-40), the fallen keep what nobody looted (DD-41 ruling, DD-42), friendly fire pays no
bonus (DD-46), and the catalogue cannot hold items with charges (DD-44)."""

import tomllib
from pathlib import Path

import pytest

from battlechess_tui.campaign import between_games as bg
from battlechess_tui.campaign import shop
from battlechess_tui.campaign.store import new_campaign
from battlechess_tui.campaign.words import history_line
from battlechess_tui.engine.spec import SpecError
from battlechess_tui.rules.dnd.items import load_catalogue
from tests.scripted_dice import ScriptedDice as Script

CATALOGUE = Path(__file__).resolve().parent.parent / "variants" / "dnd-items.toml"


def lines(piece) -> list[str]:
    """A piece's campaign history as it is shown (the file keeps facts)."""
    return [history_line(h) for h in piece.history]


def _play(game, *texts: str) -> None:
    for text in texts:
        game.play(text)


def test_dd_40_a_promotion_won_in_play_carries_over(tmp_path):
    c, game = bg.start_game(new_campaign("T", "Ann", "Bob"), tmp_path / "t.json", 1)
    _play(game, "g1f3", "g8f6", "f3h4", "a7a6", "h4f5", "a6a5", "f5h6", "b7b6", "h6g8")
    said = game.plies[-1].said.events
    assert any("promoted to level 2" in e.text for e in said if e.kind == "note")
    _play(game, "none", "surrender")
    c, _ = bg.settle(c, game)
    paladin = c.white.piece("g1")
    assert paladin.level == 2 and lines(paladin) == ["game 1: promoted to level 2"]
    _, next_game = bg.start_game(bg.choose_spoils(c, None), tmp_path / "t.json", 2)
    assert next_game.state.piece_at(next_game.variant.rules.geo.parse("g1")).level == 2


def _sphere_game(tmp_path):
    """White's level-3 Wizard burns a Black Paladin with Flaming Sphere, and White's own
    level-2 Rogue (with a ring) standing on the square beyond it (DD-22)."""
    c = new_campaign("T", "Ann", "Bob")
    c.white.piece("d1").level = 3
    rogue = c.white.piece("a1")
    rogue.level, rogue.items = 2, ["ring-of-protection+1"]
    c, game = bg.start_game(c, tmp_path / "t.json", 1)
    _play(
        game,
        "e2e3",
        "b8c6",
        "a2a4",
        "c6d4",
        "a1a3",
        "a7a6",
        "a3c3",
        "a6a5",
        "d1f3",
        "none",
        "h7h6",
        "f3f6",
    )
    game.play("cast flaming-sphere d4", Script(6, 6, 1, 1))  # 12 damage; both fail Reflex
    _play(game, "surrender")
    return c, game


def test_dd_41_ruling_a_piece_killed_at_range_keeps_its_items(tmp_path):
    c, game = _sphere_game(tmp_path)
    assert [(f.melee, f.level) for f in game.state.falls] == [(False, 1), (False, 2)]
    c, after = bg.settle(c, game)
    rogue = c.white.piece("a1")
    assert (rogue.level, rogue.items) == (1, ["ring-of-protection+1"])
    assert lines(rogue) == ["game 1: killed at level 2; back to level 1"]
    assert "White Rogue (a1, L2) fell: back to level 1 (DD-41)" in after.lines
    assert "Black Paladin (b8, L1) fell" in after.lines  # it had no level to lose


def test_dd_46_a_piece_killed_by_its_own_side_pays_nobody(tmp_path):
    c, game = _sphere_game(tmp_path)
    c, _ = bg.settle(c, game)
    assert c.games[-1].bonus == [0, 0]  # the level-2 Rogue fell to its own Wizard


def _melee_kill(tmp_path, choice: str):
    """e2e4 d7d5 e4d5: White's level-4 Fighter (+5 weapon) kills Black's level-2 Fighter, who
    wears a ring."""
    c = new_campaign("T", "Ann", "Bob")
    e2 = c.white.piece("e2")
    e2.level, e2.items = 4, ["weapon+5"]
    d7 = c.black.piece("d7")
    d7.level, d7.items = 2, ["ring-of-protection+1"]
    c, game = bg.start_game(c, tmp_path / "t.json", 3)
    _play(game, "e2e4", "d7d5")
    game.play("e4d5", Script(15, 5))
    game.play("attack", Script(10, 6, 6))  # 10+9+5 vs FAC 17; 6+6+6+5 = 23 damage
    _play(game, choice, "surrender")
    return bg.settle(c, game)[0]


def test_dd_41_ruling_items_left_on_the_field_stay_with_the_fallen(tmp_path):
    c = _melee_kill(tmp_path, "leave")
    d7 = c.black.piece("d7")
    assert (d7.level, d7.items) == (1, ["ring-of-protection+1"])
    assert c.white.piece("e2").items == ["weapon+5"]


def test_dd_41_dd_42_looted_items_go_to_the_winner(tmp_path):
    c = _melee_kill(tmp_path, "loot")
    d7 = c.black.piece("d7")
    assert (d7.level, d7.items) == (1, [])
    assert lines(d7) == [
        "game 1: killed at level 2, its Ring of Protection +1 looted; back to level 1"
    ]
    fell = d7.history[0]  # the file keeps the facts; the words are written when shown
    assert (fell.kind, fell.game, fell.level, fell.items) == (
        "fell",
        1,
        2,
        ["ring-of-protection+1"],
    )
    assert c.white.piece("e2").items == ["weapon+5", "ring-of-protection+1"]


def test_dd_44_an_item_with_charges_is_refused_by_the_catalogue(tmp_path):
    text = CATALOGUE.read_text()
    data = tomllib.loads(text)
    family = next(iter(data["items"]))
    path = tmp_path / "items.toml"
    path.write_text(text.replace(f"[items.{family}]", f"[items.{family}]\ncharges = 50", 1))
    load_catalogue.cache_clear()
    try:
        with pytest.raises(SpecError) as err:
            load_catalogue(path)
    finally:
        load_catalogue.cache_clear()
    assert any(f"items.{family}.charges" in line for line in err.value.problems)


def test_dd_44_every_shop_offer_is_a_lasting_bonus():
    c = new_campaign("T", "Ann", "Bob")
    for square in ("e2", "a1", "b1", "c1", "d1", "e1"):
        for offer in shop.offers(c, 0, square):
            assert offer.changes, offer.item  # it changes the piece's numbers for good
            assert "charge" not in offer.line().lower() and "per day" not in offer.line()
