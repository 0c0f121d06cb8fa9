"""The magic item shop speaks in facts, D&D's shop words write the sentences (issue 26, item 3;
DD-44, DD-47): a refusal is a ``Refused`` reason with its particulars and rule, an offer's
changes are ``Change`` (a ``Stat`` key, before, after) and ``Versus`` (a bane); the campaign's
shop and screens show the words ``present_shop`` writes."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import battlechess_tui.engine.campaign as engine_campaign
import battlechess_tui.rules.dnd.campaign as dnd_campaign
from battlechess_tui.campaign import shop
from battlechess_tui.campaign.store import new_campaign
from battlechess_tui.campaign.support import shop_words, support
from battlechess_tui.engine.campaign import Change, Refused, ShopRefusal, Versus
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.dnd import present_shop
from battlechess_tui.rules.dnd.shop_facts import Stat

#: Modules that give the shop's facts and must write no English (the words: present_shop.py).
FACT_MODULES = (Path(dnd_campaign.__file__), Path(engine_campaign.__file__))
RULE_ID = re.compile(r"[A-Z]{2}-\d+")


def english(text: str) -> bool:
    """Words people read: two words in a row, a capitalised name (``Melee``, ``Save DCs``) or
    an abbreviation (``AC``, ``SRD``); a rule id (``DD-47``) is a fact."""
    if RULE_ID.fullmatch(text):
        return False
    return bool(
        re.search(r"[A-Za-z]{2,}[ ,:;.!?()]+[A-Za-z]{2,}", text)
        or re.fullmatch(r"[A-Z][A-Za-z]+.*|[A-Z]{2,}", text)
    )


def english_in(source: str) -> list[int]:
    """The lines of ``source`` that write English in a string or an f-string (an f-string
    read with ``X`` for each value; docstrings are for the reader of the code)."""
    tree = ast.parse(source)
    skip = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(part) for part in node.values)
            text = "".join(
                p.value if isinstance(p, ast.Constant) and isinstance(p.value, str) else "X"
                for p in node.values
            )
            if english(text):
                found.append(node.lineno)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip
            and english(node.value)
        ):
            found.append(node.lineno)
    return sorted(found)


@pytest.mark.parametrize("path", FACT_MODULES, ids=lambda p: p.name)
def test_the_shops_facts_write_no_english(path: Path) -> None:
    assert english_in(path.read_text()) == [], path


def test_the_english_check_sees_the_words_it_guards() -> None:
    """It fails on the sentences and names the shop once wrote, not on keys and texts."""
    for source in (
        'f"{name} is not for a {cls} (DD-47)"',
        'why = "the piece already has it"',
        'out["Melee"] = total',
        'out["Save DCs"] = x',
        'rule = "SRD"',
        'f"against {t.title()}s: weapon +{n} better"',
    ):
        assert english_in(source), source
    for source in (
        '"""A docstring, with words."""',
        'f"{key}+{n}"',
        'f"8/8/8/8/3{letter}4/8/8/8 w - - 0 1"',
        'rule = "DD-47"',
        'stat = "melee"',
        'reason = "not-for-class"',
    ):
        assert not english_in(source), source


# -- refusals in facts, and their words ----------------------------------------------------------


def test_dd_47_an_item_made_for_other_classes_is_refused_with_its_rule() -> None:
    why = support().refused("wizard", (), "armor+1")
    assert why == ShopRefusal(Refused.NOT_FOR_CLASS, "armor+1", "wizard", rule="DD-47")
    assert shop_words().refusal(why) == "+1 armour is not for a wizard (DD-47)"


def test_srd_a_bane_needs_a_magic_weapon_first() -> None:
    why = support().refused("fighter", (), "bane:paladin")
    assert why == ShopRefusal(Refused.NEEDS, "bane:paladin", "fighter", "weapon", "SRD")
    assert shop_words().refusal(why) == "bane (Paladins) needs a magic weapon first (SRD)"
    assert support().refused("fighter", ("weapon+1",), "bane:paladin") is None


def test_dd_47_an_item_the_piece_has_or_has_better_is_refused() -> None:
    same = support().refused("fighter", ("weapon+1",), "weapon+1")
    better = support().refused("fighter", ("weapon+2",), "weapon+1")
    assert same == ShopRefusal(Refused.HAS_IT, "weapon+1", "fighter")
    assert better == ShopRefusal(Refused.HAS_BETTER, "weapon+1", "fighter", "weapon+2")
    assert shop_words().refusal(same) == "the piece already has it"
    assert shop_words().refusal(better) == "the piece already has +2 weapon"


def test_an_unknown_item_is_refused_with_the_catalogues_reason() -> None:
    why = support().refused("fighter", (), "weapon+9")
    assert why is not None and why.reason == Refused.UNKNOWN and why.item == "weapon+9"
    assert shop_words().refusal(why) == why.detail and "+1, +2" in why.detail


def test_dd_47_the_campaigns_refusal_and_purchase_say_the_words() -> None:
    c = new_campaign("T")
    wizard = c.white.piece("d1")
    assert shop.refusal(support().items, wizard, "armor+1") == (
        "+1 armour is not for a wizard (DD-47)"
    )
    with pytest.raises(shop.ShopError, match=r"^bane \(Paladins\) needs a magic weapon first"):
        shop.buy(c, 0, "e2", "bane:paladin")


# -- offers in facts, and their words ------------------------------------------------------------


def test_dd_47_offers_carry_stat_keys_and_banes_in_facts() -> None:
    offers = support().offers("fighter", 1, ("weapon+1",))
    assert all(o.text == "" for o in offers)  # words are the shop's to write
    changes = [c for o in offers for c in o.changes]
    assert changes and all(isinstance(c, Change | Versus) for c in changes)
    assert {c.stat for c in changes if isinstance(c, Change)} <= set(Stat)
    bane = next(o for o in offers if o.item == "bane:paladin")
    assert bane.changes == (Versus("paladin", 2, "2d6"),)
    numbers = support().numbers("cleric", 1, ())
    assert list(numbers)[:5] == [Stat.HP, Stat.AC, Stat.FAC, Stat.TAC, Stat.INIT]
    assert Stat.SAVE_DCS in numbers and Stat.SAVE_DCS not in support().numbers("fighter", 1, ())


def test_dd_44_the_shops_lines_are_the_words_of_the_facts() -> None:
    offers = {o.item: o for o in shop.offers(new_campaign("T"), 0, "e2")}
    weapon = offers["weapon+1"]
    assert weapon.line() == "+1 weapon: 2,000 gold (Melee +4 -> +5; Damage 2d6+3 -> 2d6+4)"
    assert weapon.line() == shop_words().offer_line(weapon)
    cloak = offers["cloak-of-resistance+1"]
    assert cloak.line().endswith("(Fort +4 -> +5; Ref +1 -> +2; Will +1 -> +2)")


def test_dd_44_a_rewording_is_the_shop_words_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Renaming a number or a refusal changes the lines, never the facts."""
    c = new_campaign("T")
    before = shop.offers(c, 0, "e2")
    why = support().refused("wizard", (), "armor+1")
    monkeypatch.setitem(present_shop.STAT_NAMES, Stat.MELEE, "Attack")
    monkeypatch.setitem(present_shop.REFUSALS, Refused.NOT_FOR_CLASS, "no {item} for a {cls}")
    after = shop.offers(c, 0, "e2")
    assert [o.changes for o in after] == [o.changes for o in before]
    weapon = next(o for o in after if o.item == "weapon+1")
    assert "Attack +4 -> +5" in weapon.line() and "Melee" not in weapon.line()
    assert why is not None and support().refused("wizard", (), "armor+1") == why
    assert shop_words().refusal(why) == "no +1 armour for a wizard"


def test_dd_47_the_shops_words_are_the_presenters_and_the_old_refusal_warns() -> None:
    """The rules' campaign part says the shop in facts; its words come from the D&D
    presenter (``shop_words``), and the old ``DndCampaign.refusal`` still answers in them."""
    dnd = make_variant("dnd")
    support = dnd.rules.campaign_support()
    words = dnd.presenter.shop_words()
    assert support is not None and words is not None and not hasattr(support, "words")
    assert make_variant("classic").presenter.shop_words() is None
    why = support.refused("wizard", (), "armor+1")
    assert why is not None and words.refusal(why) == "+1 armour is not for a wizard (DD-47)"
    with pytest.warns(DeprecationWarning, match="refused"):
        old = support.refusal("wizard", (), "armor+1")  # type: ignore[attr-defined]
    assert old == words.refusal(why)
