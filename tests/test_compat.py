"""Round 1's one-class games (``rules.compat``) and the plain ``Variant`` pair: old house-rule
files and saves still load, as the split pair and without a warning; scripts that build the old
classes still play, with a DeprecationWarning; a variant forwards only its documented aliases."""

import importlib
import warnings

import pytest

from battlechess_tui.engine import variant as variant_module
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.registry import make_variant, presenter_class, rules_class, spec
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import SpecError
from battlechess_tui.engine.variant import Variant
from battlechess_tui.rules.compat import ROUND_1
from tests.typed import known, no_dice

#: Each shipped game with the round-1 class name its files used to give.
OLD_NAMES = [
    ("classic", "chess_family:Classic"),
    ("single-combat", "single_combat:SingleCombat"),
    ("dice-chess", "dice_chess:DiceChess"),
    ("arena", "arena:Arena"),
    ("brawl", "arena:Arena"),
    ("gladiator", "gladiator:Gladiator"),
    ("dnd", "dnd:DndBattleChess"),
]


@pytest.mark.parametrize(("key", "old"), OLD_NAMES)
def test_a_round_1_spec_loads_as_the_split_pair_without_a_warning(key, old):
    """A house-rule file or a save's spec of round 1 names one class and no presenter."""
    legacy = spec(key).model_copy(update={"rules": old, "present": ""})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        variant = make_variant(legacy)
        game = Game(variant, 3)
        for _ in range(6):
            actions = game.legal_actions()
            if game.outcome is not None or not actions:
                break
            game.play(actions[0])
    assert type(variant.rules) is rules_class(spec(key))
    assert type(variant.presenter) is presenter_class(spec(key))
    assert variant.presenter.status(game.state)


@pytest.mark.parametrize("old", sorted(ROUND_1))
def test_a_script_using_a_round_1_class_is_warned_and_still_plays(old):
    module, _, name = old.partition(":")
    package = importlib.import_module(f"battlechess_tui.rules.{module}")
    with pytest.deprecated_call(match=name):
        cls = getattr(package, name)
    key = next(k for k, o in OLD_NAMES if o == old)
    with pytest.deprecated_call(match=name):
        both = cls(spec(key))
    assert isinstance(both, Rules) and isinstance(both, Presenter)
    game = Game(both, 5)  # paired with the game's own presenter
    assert game.legal_actions() and game.presenter.status(game.state)


def test_a_game_package_refuses_names_it_never_had():
    package = importlib.import_module("battlechess_tui.rules.arena")
    with pytest.raises(AttributeError, match="Classic"):
        package.Classic  # noqa: B018 - another game's old class is not the arena's
    with pytest.raises(AttributeError, match="Nothing"):
        package.Nothing  # noqa: B018


def test_a_spec_naming_no_presenter_and_no_round_1_class_is_refused():
    odd = spec("classic").model_copy(update={"rules": "chess_family:ClassicRules", "present": ""})
    with pytest.raises(SpecError, match="names no presenter"):
        make_variant(odd)


def test_variant_is_a_plain_pair_with_its_documented_aliases():
    v = make_variant("classic")
    assert not hasattr(variant_module, "Combined")
    assert Variant.__slots__ == ("presenter", "rules")
    with pytest.deprecated_call(match=r"use variant\.rules\.geo"):
        assert v.geo is v.rules.geo  # type: ignore[attr-defined]
    with pytest.deprecated_call(match=r"use variant\.presenter\.status"):
        assert v.status == v.presenter.status  # type: ignore[attr-defined]
    state, _ = v.new_game(no_dice())
    action = v.parse_action(state, "e2e4")
    assert v.legal_actions(state) == v.rules.legal_actions(state) and action in v.legal_actions(
        state
    )
    assert known(v.piece_view(state, v.rules.geo.parse("e1"))).name == "King"
    assert v.odds(state, action) is None and v.outcome(state) is None
    assert (v.key, v.name, v.side_names) == ("classic", v.rules.name, ("White", "Black"))


def test_compat_and_the_game_packages_give_the_same_round_1_class():
    """One class per old name, wherever a script asks for it."""
    from battlechess_tui.rules import compat

    package = importlib.import_module("battlechess_tui.rules.gladiator")
    with pytest.deprecated_call(match="Gladiator"):
        assert package.Gladiator is compat.Gladiator
    with pytest.deprecated_call(match="Arena"):
        assert compat.deprecated_name("battlechess_tui.rules.arena", "Arena") is compat.Arena


def test_a_refusal_raised_by_rules_alone_is_worded_by_its_own_presenter():
    from battlechess_tui.engine.rules import IllegalAction

    variant = make_variant("classic")
    state, _ = variant.new_game(no_dice())
    action = variant.parse_action(state, "e2e4")
    moved, _ = variant.rules.apply(state, action, no_dice())
    refusal = variant.rules.refusal(moved, action)
    assert refusal is not None
    assert str(IllegalAction(refusal, rules=variant.rules)) == variant.presenter.refusal_text(
        refusal
    )


def test_the_old_shop_refusal_warns_and_words_the_facts():
    from battlechess_tui.rules.dnd.rules import DndRules

    rules = make_variant("dnd").rules
    assert isinstance(rules, DndRules)
    campaign = rules.campaign_support()
    refusal = campaign.refused("fighter", (), "no-such-item")
    assert refusal is not None
    with pytest.deprecated_call(match="refused"):
        words = campaign.refusal("fighter", (), "no-such-item")
    shop = make_variant("dnd").presenter.shop_words()
    assert shop is not None and words == shop.refusal(refusal)
