"""What the D&D presenter hands the UI, typed (issue 10): marks by kind, level labels, hit
points with temporary ones, endings by kind; and the rules' numbers for computer players,
``chance`` and ``evaluate``."""

from fractions import Fraction

from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import CERTAIN
from battlechess_tui.engine.views import percent
from battlechess_tui.engine.vocabulary import Ending, MarkKind
from battlechess_tui.rules.dnd import DndPresenter, DndRules
from battlechess_tui.rules.dnd.state import Effect
from battlechess_tui.session import build_game
from tests.dnd_helpers import at, built, edit, give, play, position, sq
from tests.typed import known, no_dice

P1 = "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1"  # White Fighter e4 against Black Rogue d5


def _marks(v, s, square: str) -> dict[str, tuple[MarkKind, str]]:
    return {m.name: (m.kind, m.glyph()) for m in v.piece_view(s, sq(v, square)).marks}


def test_dd_23_dd_24_effects_are_marked_by_what_they_do():
    v, s = position(P1)
    effects = [
        Effect("hold-person", 3, 3, (), "paralyzed"),
        Effect("tashas-laughter", 3, 2, (), "prone"),
        Effect("charm-3", 3, None, (), "charmed", spell="charm-person"),
        Effect("bestow-curse", 3, None, (), "cursed-actions", spell="bestow-curse-3"),
        Effect("doom", 3, 6, (("attack", "shaken", -2),), "shaken"),
        Effect("prayer-foe", 3, 30, (("attack", "luck", -1),)),
        Effect("bless", 0, 6, (("attack", "morale", 1),)),
        Effect("blur", 0, 30, (), "blur", 20),
        Effect("false-life", 0, None, (), "temp-hp", 5),
    ]
    s = give(v, s, "e4", *effects)
    assert _marks(v, s, "e4") == {
        "paralyzed": (MarkKind.CONDITION, "❄"),
        "prone": (MarkKind.CONDITION, "_"),
        "charmed": (MarkKind.CONDITION, "♥"),
        "cursed": (MarkKind.CONDITION, "~"),
        "shaken": (MarkKind.DEBUFF, "↓"),
        "prayer (foe)": (MarkKind.DEBUFF, "↓"),
        "bless": (MarkKind.BUFF, "✦"),
        "blur": (MarkKind.BUFF, "✦"),
        "false life": (MarkKind.BUFF, "✦"),
    }


def test_battle_and_promotion_are_status_marks_and_squares_are_areas():
    v, s = position("k7/4P3/8/8/8/8/8/K2r4 w - - 0 1")
    s, _ = play(v, s, "e7e8")  # DD-31
    assert _marks(v, s, "e8") == {"promoted": (MarkKind.STATUS, "⁺")}
    used = v.presenter.square_marks(s)[sq(v, "e8")]
    assert (used.kind, used.name, used.glyph(), used.glyph(ascii_only=True)) == (
        MarkKind.AREA,
        "used",
        "✗",
        "x",
    )
    s, _ = play(v, s, "d1a1", 20, 1)
    assert _marks(v, s, "a1") == {"in battle": (MarkKind.STATUS, "⚔")}
    assert v.presenter.square_marks(s)[sq(v, "a1")].name == "battle"


def test_dd_3_dd_31_dd_40_the_level_label_shows_only_a_level_unlike_the_games():
    v, s = position("k7/4P3/8/8/8/8/8/K7 w - - 0 1", level=3)
    assert v.piece_view(s, sq(v, "e7")).label == ""
    s, _ = play(v, s, "e7e8")
    assert v.piece_view(s, sq(v, "e8")).label == "L4"
    roster = '{"e2":[3,[]]}'
    campaign = make_variant("dnd", {"campaign": True, "roster": roster})
    start, _ = campaign.new_game(no_dice())
    labels = {
        campaign.rules.geo.name(p.square): known(campaign.piece_view(start, p.square)).label
        for p in start.pieces
    }
    assert labels["e2"] == "L3" and labels["d2"] == ""


def test_hit_points_on_the_board_include_temporary_ones():
    v, s = position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", level=4)
    s = edit(v, s, "d1", hp=10)
    s, _ = play(v, s, "d1d2")
    s, _ = play(v, s, "cast false-life", 6)  # 10 temporary hit points
    view = v.piece_view(s, sq(v, "d2"))
    assert (view.hp, view.max_hp, view.hurt) == (20, 26, True)
    assert "Hit points 10/16 +10 temporary" in v.presenter.piece_card(s, sq(v, "d2"))


def test_dd_4_dd_9_dd_45_endings_have_their_kind():
    v, s = position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")
    s = edit(v, s, "e1", hp=0)
    s, _ = play(v, s, "e2e1", 20, 1)
    s, _ = play(v, s, "attack", 15, 1, 1)  # a hit; d6+1 and a sneak attack d6
    assert v.outcome(s).kind == Ending.KING_KILLED and v.outcome(s).rule == "DD-9"
    stuck, t = built("7k/8/8/8/8/p7/P7/8 w - - 0 1")  # no King: not through the public text
    assert stuck.outcome(t).kind == Ending.NO_MOVES
    camp, u = position(P1, campaign=True)
    u, _ = play(camp, u, "surrender")
    assert camp.outcome(u).kind == Ending.SURRENDER


def test_old_names_still_build_the_game():
    v = make_variant("dnd")
    assert isinstance(v.rules, DndRules) and isinstance(v.presenter, DndPresenter)
    old_spec = v.spec.model_copy(update={"rules": "dnd:DndBattleChess", "present": ""})
    both = make_variant(old_spec)  # a house-rule save written before the split: read as the pair
    assert isinstance(both.rules, DndRules) and isinstance(both.presenter, DndPresenter)
    state, _ = both.new_game(no_dice())
    assert known(both.piece_view(state, sq(v, "e1"))).name == "Bard" and len(
        both.legal_actions(state)
    )


# -- numbers for computer players ----------------------------------------------------------------


def test_chance_of_quiet_moves_attacks_and_battles():
    v, s = position(P1)
    rules = v.rules
    assert rules.chance(s, v.parse_action(s, "e4e5")) == CERTAIN
    battle = rules.chance(s, v.parse_action(s, "e4d5"))  # DD-18: exact
    assert battle.exact and 0 < battle.p < 1
    assert f"Attacker wins {percent(battle.p)}" in v.odds(s, v.parse_action(s, "e4d5"))
    s, _ = play(v, s, "e4d5", 15, 5)
    hit = rules.chance(s, v.parse_action(s, "attack"))
    assert hit.exact and hit.p == Fraction(12, 20)  # d20+4 vs FAC 13: 9..20 hit


def test_evaluate_weighs_material_levels_and_hit_points():
    v = make_variant("dnd")
    rules = v.rules
    start, _ = v.new_game(no_dice())
    assert rules.evaluate(start, 0) == rules.evaluate(start, 1) == 0
    v, s = position("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1")
    base = rules.evaluate(s, 0)
    assert base > 0 and rules.evaluate(s, 1) == -base  # three Fighters up
    assert rules.evaluate(edit(v, s, "a2", hp=2), 0) < base  # a hurt Fighter is worth less
    assert rules.evaluate(edit(v, s, "e8", hp=1), 0) > base  # a hurt enemy King
    assert rules.evaluate(edit(v, s, "a2", level=3, hp=27), 0) > base
    held = give(v, s, "e1", Effect("hold-person", 9, 3, (), "paralyzed"))
    assert rules.evaluate(held, 0) < base
    won = position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")
    v, t = won
    t = edit(v, t, "e1", hp=0)
    t, _ = play(v, t, "e2e1", 20, 1)
    t, _ = play(v, t, "attack", 15, 1, 1)
    assert rules.evaluate(t, 1) > 100 > -100 > rules.evaluate(t, 0)
    assert at(v, t, "e1").cls == "rogue"


def test_the_log_writes_the_piece_letter_apart_from_its_squares() -> None:
    """Issue 39 item 8: ``F e2-e4``, as Gladiator writes ``M b1-c3`` (once ``Fe2-e4``)."""
    game = build_game("dnd", None, 7)
    assert game.play("e2e4").notation == "F e2-e4"
    assert game.play("b8c6").notation == "P b8-c6"
