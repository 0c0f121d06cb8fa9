"""Gladiator Chess battles: pools, duels and exchanges, lasting damage, exact odds (GC-18..20)."""

import re
from fractions import Fraction

import pytest

from battlechess_tui.engine.dice import difference_distribution
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import CERTAIN
from battlechess_tui.engine.views import percent
from battlechess_tui.engine.vocabulary import Verdict
from battlechess_tui.rules.gladiator.combat import duel_chance, round_chances
from battlechess_tui.rules.gladiator.vocabulary import GladiatorVerdict
from tests.test_gladiator_support import (
    V,
    act,
    marked,
    move,
    notes,
    piece,
    position,
    rolls,
    sq,
)
from tests.typed import known

EXCHANGE = make_variant("gladiator", {"combat": "exchange"})
# White's Warrior a1 faces Black's Scout a6; no White Queen, so the King moves the Warrior.
DUEL = {"f1": "K", "i1": "N", "a1": "W", "a6": "s", "f12": "k", "i12": "n"}


def test_gc_18_the_attacker_adds_the_attack_die_and_every_roll_is_recorded():
    state = position(DUEL, step=1)
    after, events = act(state, "a1a6", 6, 6, 6, 1, 1, 1)
    attack, defence = rolls(events)
    assert (attack.seat, attack.dice, attack.total) == ("white.queen", "2d6+1d6", 18)
    assert (defence.seat, defence.dice, defence.total) == ("black.black-knight", "3d6", 3)
    assert attack.total - defence.total == 15 and piece(after, "a6").kind == "warrior"
    assert after.at(0) is None and piece(after, "a6").hp == 6  # the Scout's 12 hp are gone
    assert marked(events, "kill") == [(sq("a6"),)]
    assert [(p.kind, p.side) for p in after.pieces if p.status == "killed"] == [("scout", 1)]


def test_gc_19_a_kill_is_told_once_per_move():
    """The move log and the dice tray show a decision's notation and then its events: the
    kill is narrated by its event only, not copied into the notation as well."""
    state = position(DUEL, step=1)
    action = V.parse_action(state, "a1a6")
    line = V.presenter.notation(state, action)
    _, events = act(state, "a1a6", 6, 6, 6, 1, 1, 1)
    told = [V.presenter.annotate(line, events), *notes(events)]
    kill = notes(events, "kill")
    assert len(kill) == 1 and sum(kill[0] in text for text in told) == 1
    assert told[0] == V.presenter.annotate(line, []) and "a6" in line


def test_gc_19_ties_deal_nothing_and_a_duel_goes_on_until_one_dies():
    state = position(DUEL, step=1)
    # Round 1: 3 against 3, a tie. Round 2: 3 against 18, the Warrior loses 15 and dies.
    after, events = act(state, "a1a6", 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6)
    first, first_defence, second, second_defence = rolls(events)
    assert first.total == first_defence.total == 3  # a tie: nobody loses hit points
    assert (second.total, second_defence.total) == (3, 18)
    assert after.at(0) is None  # the attacker's square is left empty
    scout = piece(after, "a6")
    assert scout.kind == "scout" and scout.hp == 12
    assert [(p.kind, p.side) for p in after.pieces if p.status == "killed"] == [("warrior", 0)]


def test_gc_19_a_duel_ends_when_the_attacker_falls_to_exactly_no_hit_points():
    """A piece with no hit points left is dead (GC-19): the Warrior (6) losing 6 in the first
    round ends the duel there, and the round's rolls record the loss and the winner."""
    state = position(DUEL, step=1)
    after, events = act(state, "a1a6", 1, 1, 1, 3, 3, 3)  # 3 against 9
    attack, defence = rolls(events)
    assert (attack.total, defence.total) == (3, 9)
    assert (attack.verdict, attack.numbers) == (GladiatorVerdict.WOUNDED, (6, 0))
    assert (defence.verdict, defence.numbers) == (Verdict.WINS, (6,))
    assert [(p.kind, p.side) for p in after.pieces if p.status == "killed"] == [("warrior", 0)]
    assert piece(after, "a6").hp == 12


def test_gc_19_a_duel_ends_when_the_defender_falls_to_exactly_no_hit_points():
    """The same for the defender: the Scout (12) losing 12 in the first round is dead, and the
    Warrior takes its square with no second round thrown."""
    state = position(DUEL, step=1)
    after, events = act(state, "a1a6", 6, 6, 6, 2, 2, 2)  # 18 against 6
    attack, defence = rolls(events)
    assert (attack.verdict, attack.numbers) == (Verdict.WINS, (12,))
    assert (defence.verdict, defence.numbers) == (GladiatorVerdict.WOUNDED, (12, 0))
    assert [(p.kind, p.side) for p in after.pieces if p.status == "killed"] == [("scout", 1)]
    assert piece(after, "a6").kind == "warrior" and after.at(sq("a1")) is None


def test_gc_19_an_exchange_is_one_round_and_the_attacker_stays_home():
    state = position(DUEL, step=1, variant=EXCHANGE)
    after, events = act(state, "a1a6", 3, 3, 3, 1, 1, 1, variant=EXCHANGE)
    assert len(rolls(events)) == 2
    assert piece(after, "a1").kind == "warrior" and piece(after, "a6").hp == 6
    assert len(notes(events, "stand")) == 1 and after.at(sq("a6")).kind == "scout"


def test_gc_20_damage_lasts_but_a_victorious_warrior_is_healed():
    state = position(DUEL, step=1)
    # Round 1: 3 against 6, the Warrior loses 3. Round 2: 18 against 3, the Scout dies.
    after, events = act(state, "a1a6", 1, 1, 1, 2, 2, 2, 6, 6, 6, 1, 1, 1)
    assert piece(after, "a6").hp == 6  # back to full (GC-20)
    assert any("healed" in n for n in notes(events, "heal"))


def test_gc_20_other_victors_keep_their_damage():
    state = position({"f1": "K", "i1": "N", "c1": "S", "f4": "w", "f12": "k", "i12": "n"},
                     step=2)  # fmt: skip
    # Round 1: 4 against 10, the Scout loses 6. Round 2: 18 against 2, the Warrior dies.
    after, events = act(state, "c1f4", 1, 1, 1, 1, 5, 5, 6, 6, 5, 1, 1, 1)
    scout = piece(after, "f4")
    assert scout.kind == "scout" and scout.hp == 6
    assert not notes(events, "heal")


def test_gc_20_damage_persists_into_later_turns():
    state = position(DUEL, step=1, variant=EXCHANGE)
    after, _ = act(state, "a1a6", 3, 3, 3, 1, 1, 1, variant=EXCHANGE)
    later = after
    while later.side == 0:
        later, _ = act(
            later, EXCHANGE.legal_actions(later)[0].text(EXCHANGE.rules.geo), variant=EXCHANGE
        )
    assert piece(later, "a6").hp == 6
    assert (
        known(EXCHANGE.piece_view(later, 50)).hp == 6
        and known(EXCHANGE.piece_view(later, 50)).max_hp == 12
    )


def _duel_by_fractions(att: str, dfn: str, a_hp: int, d_hp: int) -> Fraction:
    """An independent exact solution of the duel chain, in fractions, for small hit points."""
    dist = difference_distribution(att, dfn)
    tie = dist.get(0, Fraction(0))
    table: dict[tuple[int, int], Fraction] = {}
    for a in range(1, a_hp + 1):
        for d in range(1, d_hp + 1):
            total = Fraction(0)
            for diff, p in dist.items():
                if diff > 0:
                    total += p * (1 if diff >= d else table[(a, d - diff)])
                elif diff < 0 and -diff < a:
                    total += p * table[(a + diff, d)]
            table[(a, d)] = total / (1 - tie)
    return table[(a_hp, d_hp)]


@pytest.mark.parametrize(
    ("att", "dfn", "a_hp", "d_hp"),
    [
        ("1d6+1d6", "1d6", 4, 2),
        ("2d6+1d6", "3d6", 6, 12),
        ("1d6+1d6", "4d6", 4, 20),
        ("5d6+1d6", "4d6", 9, 7),
    ],
)
def test_gc_19_duel_odds_are_the_exact_markov_chain(att, dfn, a_hp, d_hp):
    assert duel_chance(att, dfn, a_hp, d_hp) == _duel_by_fractions(att, dfn, a_hp, d_hp)


def test_gc_19_chance_is_the_exact_fraction_the_attack_kills():
    state = position(DUEL, step=1)
    chance = V.rules.chance(state, move("a1", "a6"))
    assert chance.exact and chance.p == _duel_by_fractions("2d6+1d6", "3d6", 6, 12)
    assert V.rules.chance(state, move("a1", "a5")) == CERTAIN  # a step: no fight
    one_round = EXCHANGE.rules.chance(position(DUEL, step=1, variant=EXCHANGE), move("a1", "a6"))
    dist = difference_distribution("2d6+1d6", "3d6")
    assert one_round.p == sum(p for d, p in dist.items() if d >= 12)  # kills in one round


def test_gc_19_a_duel_from_no_hit_points_is_decided():
    assert duel_chance("2d6+1d6", "3d6", 0, 5) == 0  # the attacker is already dead
    assert duel_chance("2d6+1d6", "3d6", 5, 0) == 1  # the defender is


def test_gc_19_the_largest_duel_is_exact():
    """The Kings' duel, 30 hit points each, the largest the game has."""
    chance = duel_chance("5d6+1d6", "5d6", 30, 30)
    assert isinstance(chance, Fraction) and Fraction(98, 100) < chance < 1


def figures(text: str) -> list[str]:
    """The numbers of an odds line, in order: percentages, dice, hit points (not its words)."""
    return re.findall(r"[\d.]+%|\d+d\d+(?:\+\d+d\d+)*|\d+", text)


def test_gc_19_odds_before_an_attack_use_current_hit_points():
    state = position(DUEL, step=1)
    text = known(V.odds(state, move("a1", "a6")))
    chance = _duel_by_fractions("2d6+1d6", "3d6", 6, 12)
    assert figures(text) == [percent(chance), "2d6+1d6", "3d6", "6", "12"]  # hit points
    assert V.rules.chance(state, move("a1", "a6")).p == chance  # at 6 hit points against 12
    assert V.odds(state, move("a1", "a5")) is None  # no fight


def test_gc_19_exchange_odds_give_the_one_round_chances():
    state = position(DUEL, step=1, variant=EXCHANGE)
    text = known(EXCHANGE.odds(state, move("a1", "a6")))
    kill_it, win, die = round_chances("2d6+1d6", "3d6", 6, 12)
    odds = [percent(kill_it), percent(win), percent(die)]
    assert figures(text) == [*odds, "2d6+1d6", "3d6", "6", "12"]
    dist = difference_distribution("2d6+1d6", "3d6")
    assert win == sum(p for d, p in dist.items() if d > 0)
    assert die == sum(p for d, p in dist.items() if d <= -6)
