"""Exact D&D battle odds (DD-18, ruling of round 2): hand-checked cases, the arithmetic against
an independent recursion, the joint solver against the fast one, and every figure against
seeded Monte Carlo runs of the real battle code (the automatic battle through ``apply``)."""

import math
import random
from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.dnd import estimate, odds
from battlechess_tui.rules.dnd.odds_battle import Reader, new_battle
from battlechess_tui.rules.dnd.odds_chain import Body, Plan, Strike, Target, solve
from battlechess_tui.rules.dnd.odds_curse import solve_cursed
from battlechess_tui.rules.dnd.odds_joint import solve_joint
from battlechess_tui.rules.dnd.odds_switch import solve_switched
from battlechess_tui.rules.dnd.state import BATTLE, SWAP, Effect
from tests.dnd_helpers import at, edit, give, play, position, sq
from tests.typed import known

FIGHTERS = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"  # e4xd5: Fighter against Fighter


def odds_of(v, s, text):
    return odds.battle_odds(v.rules, s, v.parse_action(s, text))


# -- hand-checked ----------------------------------------------------------------------------


def test_dd_18_one_hit_kills_exact_by_hand():
    """Level-1 Fighters at 1 hp: any hit kills (2d6+3). +4 to hit: AC 16 needs 12 (9/20),
    FAC 15 needs 11 (1/2). Init +1 each: initiative is 1/2 (ties roll again, DD-11).
    Attacker first: 1/2 now, else the defender to act: (11/20 * 9/20) / (1 - (11/20)^2) = 11/31.
    Defender first: it waits (DD-11), then the attacker to act: (9/20) / (279/400) = 20/31."""
    v, s = position(FIGHTERS)
    s = edit(v, edit(v, s, "e4", hp=1), "d5", hp=1)
    o = odds_of(v, s, "e4d5")
    first = Fraction(1, 2) + Fraction(1, 2) * Fraction(11, 31)
    assert o.auto.attacker == Fraction(1, 2) * first + Fraction(1, 2) * Fraction(20, 31)
    assert o.auto.attacker == Fraction(41, 62) and o.auto.defender == Fraction(21, 62)
    assert o.auto.stopped == 0 and o.auto.endless == 0
    assert o.policy == odds.AUTO == "exact; both attack automatically"
    assert o.swaps == () and o.fascinate is None


def test_dd_11_initiative_chance():
    assert odds.initiative_chance(1, 1) == Fraction(1, 2)  # equal modifiers: ties roll again
    assert odds.initiative_chance(1, 0) == Fraction(210 + 19, 400)  # a tie goes to the higher
    assert odds.initiative_chance(0, 1) == Fraction(171, 400)  # 2 or more above, no ties
    assert odds.initiative_chance(25, 0) == 1 and odds.initiative_chance(0, 25) == 0


def test_dd_28_fascinate_figure_by_hand():
    """The Bard (1 hp, DC 13) sings at every action; the Fighter (Will +1) fails on 1..11.
    Fighter first: it hits FAC 13 on 9+ (12/20); missing (8/20), the Bard's song then stops it
    20/29 of the time ((11/20) / (1 - (9/20)^2)); Bard first: he waits, then from the Fighter's
    action 9/29. Initiative +1 each: 1/2."""
    v, s = position("8/8/8/3k4/4P3/8/8/4K3 w - - 0 1")
    s = edit(v, s, "d5", hp=1)
    o = odds_of(v, s, "e4d5")
    assert o.singer == at(v, s, "d5").id and o.fascinate is not None
    assert o.fascinate.stopped == Fraction(1, 2) * Fraction(8, 29) + Fraction(1, 2) * Fraction(
        9, 29
    )
    assert o.fascinate.defender == 0 and o.fascinate.policy == odds.FASCINATE


def test_dd_18_chain_arithmetic_against_a_plain_recursion():
    """The race of event counts against a direct recursion over both hit points."""
    rng = random.Random(7)
    for _ in range(25):
        strikes = [_random_strike(rng) for _ in range(4)]
        hps = (rng.randint(0, 6), rng.randint(0, 6))
        first = rng.randint(0, 1)
        timed = tuple(strikes[i % 2] for i in range(rng.randint(0, 3)))
        ends = tuple(bool(i % 2) for i in range(len(timed)))
        steady = (strikes[2], strikes[3]) if len(timed) % 2 == 0 else (strikes[3], strikes[2])
        targets = (Target((Body(hps[0]),)), Target((Body(hps[1]),)))
        got = solve(Plan(first, timed, ends, steady, targets))
        want = _recursion(first, timed, steady, hps)
        assert got.wins == want


def _random_strike(rng):
    hits = {a: rng.randint(0, 3) for a in rng.sample(range(1, 4), rng.randint(1, 3))}
    return Strike.make(rng.randint(0 if any(hits.values()) else 1, 4), hits)


def _recursion(first, timed, steady, hps):
    """P(side 0 wins), P(side 1 wins) by recursion over both hit points: slot by slot while
    ``timed`` lasts, then rounds of ``steady`` with the both-miss loop in closed form."""
    zero = (Fraction(0), Fraction(0))

    def act(strike, actor, hp, then):
        """One action: the actor's wins, and ``then`` of each state it leaves (misses too)."""
        out = [Fraction(0), Fraction(0)]
        for a, w in strike.hits:
            p = Fraction(w, strike.total)
            left = hp[1 - actor] - a
            if left < 0:
                out[actor] += p
            else:
                nxt = list(hp)
                nxt[1 - actor] = left
                out = _add(out, p, then(tuple(nxt)))
        return out, Fraction(strike.none, strike.total)

    y1 = first ^ (len(timed) & 1)

    @cache
    def rnd(hp):  # a steady round starts: y1 acts, then the other
        r1, q1 = act(steady[0], y1, hp, second)
        r2, q2 = act(steady[1], 1 - y1, hp, rnd)
        if q1 * q2 == 1:
            return zero
        return tuple((x + q1 * y) / (1 - q1 * q2) for x, y in zip(r1, r2, strict=True))

    def second(hp):  # mid-round: the other acts
        r2, q2 = act(steady[1], 1 - y1, hp, rnd)
        return tuple(_add(r2, q2, rnd(hp)))

    def slot(k, hp):
        if k == len(timed):
            return rnd(hp)
        out, q = act(timed[k], first ^ (k & 1), hp, lambda h: slot(k + 1, h))
        return tuple(_add(out, q, slot(k + 1, hp)))

    return slot(0, hps)


def _add(acc, p, v):
    return [acc[0] + p * v[0], acc[1] + p * v[1]]


# -- the fast chains against the joint solver --------------------------------------------------


def test_dd_18_joint_solver_agrees_with_the_chains():
    """Where the chains are independent, the joint chain gives the same Fractions."""
    v, s = position("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1", 2)
    s = give(v, s, "e4", _bless(2, at(v, s, "e4").id))
    s = edit(v, s, "d5", hp=6)
    s = give(v, s, "d5", _false_life(3, at(v, s, "d5").id))
    attacker, defender = at(v, s, "e4").id, at(v, s, "d5").id
    base = new_battle(s, attacker, defender)
    reader = Reader(v.rules.tables, v.rules.geo, s, base)
    for b in (replace(base, flat_footed=defender), replace(base, actor=defender, first=True)):
        assert odds._solve(reader, b, fresh=True) == solve_joint(reader, b, fresh=True)


def _shielded_cases():
    """Shield Other casters that flank the foe (DD-15): the defender's, then the attacker's;
    each with and without a timed effect (a fall during the timed rounds, or after them)."""
    v, s = position("b3k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 3)
    s = edit(v, edit(v, edit(v, s, "a8", hp=5), "e4", hp=13), "d5", hp=9)
    s = give(v, s, "d5", _shield_other(at(v, s, "a8").id))
    yield v, s
    yield v, give(v, s, "e4", _bless(3, 0))
    v, s = position("4k3/8/8/3p4/4P3/8/B7/4K3 w - - 0 1", 3)
    s = edit(v, edit(v, edit(v, s, "a2", hp=4), "e4", hp=9), "d5", hp=12)
    s = give(v, s, "e4", _shield_other(at(v, s, "a2").id))
    yield v, s
    yield v, give(v, s, "d5", _bless(2, 0))


def test_dd_15_a_flanking_casters_fall_split_exactly():
    """The split at the caster's fall (``odds_switch``) gives the joint solver's Fractions,
    whichever side is shielded and whether the caster falls in the timed rounds or after."""
    for v, s in _shielded_cases():
        attacker, defender = at(v, s, "e4").id, at(v, s, "d5").id
        base = new_battle(s, attacker, defender)
        reader = Reader(v.rules.tables, v.rules.geo, s, base)
        side = 1 if reader.target_ids(defender)[1:] else 0
        for b in (replace(base, flat_footed=defender), replace(base, actor=defender, first=True)):
            split = solve_switched(reader, b, side, 1, fresh=True)
            assert split == solve_joint(reader, b, fresh=True)
            assert odds._solve(reader, b, fresh=True) == split  # the route odds takes


# -- Monte Carlo of the real battle code ---------------------------------------------------------


def _bless(rounds, source):
    bonuses = (("attack", "morale", 1), ("damage", "morale", 1), ("will", "morale", 1))
    return Effect("bless", source, rounds, bonuses)


def _false_life(amount, source):
    return Effect("false-life", source, None, (), "temp-hp", amount)


def _shield_other(caster):
    return Effect("shield-other", caster, None, (), "shield-other")


def _curse(source):
    return Effect("bestow-curse", source, None, (), "cursed-actions")


def _setup(name):
    """A level-5 position for each case, and its move; hit points trimmed for short battles."""
    if name == "criticals":  # Fighters: 19-20 x2 threats and confirmation
        v, s = position(FIGHTERS, 5)
        return v, edit(v, edit(v, s, "e4", hp=20), "d5", hp=24), "e4d5"
    if name == "sneak-attack":  # a Rogue on a flanked Cleric (the Fighter on e4 could move there)
        v, s = position("4k3/8/8/3b4/4P3/8/3R4/4K3 w - - 0 1", 5)
        return v, edit(v, edit(v, s, "d2", hp=5), "d5", hp=18), "d2d5"
    if name == "temporary-hp":  # a Wizard with False Life against a Paladin
        v, s = position("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", 5)
        s = edit(v, edit(v, s, "e3", hp=4), "d5", hp=5)
        return v, give(v, s, "d5", _false_life(9, at(v, s, "d5").id)), "e3d5"
    if name == "shield-other":  # the Cleric on h8 takes half (and may fall); it flanks nothing
        v, s = position("4k2b/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 5)
        s = edit(v, edit(v, edit(v, s, "h8", hp=7), "e4", hp=16), "d5", hp=12)
        return v, give(v, s, "d5", _shield_other(at(v, s, "h8").id)), "e4d5"
    if name == "timed-effects":  # Bless runs out after 2 rounds, Bear's Endurance and prone after 1
        v, s = position(FIGHTERS, 5)
        s = edit(v, edit(v, s, "e4", hp=18), "d5", hp=24)
        s = give(v, s, "e4", _bless(2, at(v, s, "e4").id))
        fort = (("fort", "constitution", 2),)
        bears = Effect("bears-endurance", 0, 1, fort, "", 10)
        prone = Effect("tashas-laughter", 0, 1, (), "prone")
        return v, give(v, s, "d5", bears, prone), "e4d5"
    if name == "blur-bless-weapon":  # a Paladin's sure criticals against a blurred Rogue
        v, s = position("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", 5)
        bonuses = (("attack", "weapon", 1), ("damage", "weapon", 1))
        weapon = Effect("bless-weapon", 0, 24, bonuses, "no-confirm")
        blur = Effect("blur", 0, 3, (), "blur", 20)
        s = give(v, give(v, s, "e3", weapon), "d5", blur)
        return v, edit(v, edit(v, s, "e3", hp=6), "d5", hp=20), "e3d5"
    if name == "cursed-flat-footed":  # joint: a cursed Fighter may stay flat-footed (DD-11)
        v, s = position("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", 5)
        s = edit(v, edit(v, s, "d2", hp=12), "d5", hp=14)
        return v, give(v, s, "d5", _curse(0)), "d2d5"
    if name == "flanking-shield-other":  # joint: the Cleric's fall ends its flanking (DD-15)
        v, s = position("b3k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 5)
        s = edit(v, edit(v, edit(v, s, "a8", hp=5), "e4", hp=13), "d5", hp=9)
        return v, give(v, s, "d5", _shield_other(at(v, s, "a8").id)), "e4d5"
    raise AssertionError(name)


def _battle(v, s, move, rng, answer="stay", singer=-1):
    """One battle played by the real code: (attacker won, defender won)."""
    dice = Dice(rng)
    attacker, defender = s.at[move.squares[0]], s.at[move.squares[1]]
    s, _ = v.apply(s, move, dice)
    if s.phase == SWAP:
        s, _ = v.apply(s, v.parse_action(s, answer), dice)
        defender = s.at[move.squares[1]]
    while s.phase == BATTLE and s.battle is not None and s.result is None:
        legal = v.legal_actions(s)
        if singer < 0:
            wanted = [Action("auto")]
        elif s.battle.actor == singer:
            wanted = [Action("ability", (), "fascinate"), Action("wait")]
        else:
            wanted = [Action("attack"), Action("wait")]  # one action at a time
        s, _ = v.apply(s, next(a for a in wanted if a in legal), dice)
    a, d = s.pieces[attacker].alive, s.pieces[defender].alive
    return a and not d, d and not a


def _agrees(p, hits, n):
    """Within 4 standard errors (a floor keeps near-certain figures honest)."""
    se = math.sqrt(max(float(p * (1 - p)), 0.01) / n)
    return abs(hits / n - float(p)) <= 4 * se


@pytest.mark.parametrize(
    "name",
    [
        "criticals",
        "sneak-attack",
        "temporary-hp",
        "shield-other",
        "timed-effects",
        "blur-bless-weapon",
        "cursed-flat-footed",
        "flanking-shield-other",
    ],
)
def test_dd_18_exact_odds_match_the_battle_code(name):
    v, s, text = _setup(name)
    move = v.parse_action(s, text)
    o = odds.battle_odds(v.rules, s, move)
    assert o is not None
    assert o.auto.attacker + o.auto.defender == 1 and 0 < o.auto.attacker < 1
    rng = random.Random(name)
    n = 400
    won = sum(_battle(v, s, move, rng)[0] for _ in range(n))
    assert _agrees(o.auto.attacker, won, n), (name, float(o.auto.attacker), won / n)


def test_dd_17_dd_28_swap_and_fascinate_figures_match_the_battle_code():
    """The King's swap (DD-17) and his song (DD-28) are figures of their own."""
    v, s = position("8/8/2p5/3k4/4P3/8/8/4K3 w - - 0 1", 5)
    s = edit(v, edit(v, edit(v, s, "d5", hp=9), "c6", hp=16), "e4", hp=17)
    move = v.parse_action(s, "e4d5")
    o = odds.battle_odds(v.rules, s, move)
    assert o is not None
    ((square, swap),) = o.swaps
    assert square == sq(v, "c6") and swap.policy == odds.SWAP_POLICY
    assert o.best_swap == (square, swap)
    assert o.attacker_against_best_answer == min(o.auto.attacker, swap.attacker)
    king = at(v, s, "d5").id
    assert o.singer == king and o.fascinate is not None and 0 < o.fascinate.stopped < 1
    rng = random.Random("dd-17")
    n = 400
    swapped = sum(_battle(v, s, move, rng, answer="swap c6")[0] for _ in range(n))
    assert _agrees(swap.attacker, swapped, n), (float(swap.attacker), swapped / n)
    stopped = sum(not any(_battle(v, s, move, rng, singer=king)) for _ in range(n))
    assert _agrees(o.fascinate.stopped, stopped, n), (float(o.fascinate.stopped), stopped / n)
    # in the SWAP phase the answer's own figure is asked for
    waiting, _ = v.apply(s, move, Dice(random.Random(0)))
    assert waiting.phase == SWAP
    chosen = odds.battle_odds(v.rules, waiting, v.parse_action(waiting, "swap c6"))
    assert chosen is not None
    assert chosen.auto.attacker == swap.attacker and chosen.defender == at(v, s, "c6").id
    stay = odds.battle_odds(v.rules, waiting, v.parse_action(waiting, "stay"))
    assert stay is not None
    assert stay.auto == o.auto
    assert odds.action_chance(v.rules, waiting, Action("stay")) == o.auto.defender


@pytest.mark.parametrize(
    ("name", "opening", "cursed"),
    [
        ("charge", "charge", False),
        ("smite", "ability smite", False),
        ("cursed-charge", "charge", True),
    ],
)
def test_dd_11_dd_26_openings_of_a_battle_in_progress(name, opening, cursed):
    """Asked in a battle: the opening action, then the automatic battle. A cursed charger may
    lose the action that ends its -2 AC (the joint solver)."""
    v, s = position("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", 5)
    s = edit(v, edit(v, s, "e3", hp=12), "d5", hp=20)
    if cursed:
        s = give(v, s, "e3", _curse(0))
    s, _ = play(v, s, "e3d5", 20, 1, *((60,) if cursed else ()))  # initiative: the Paladin
    assert s.phase == BATTLE and s.battle.actor == s.battle.attacker
    first = v.parse_action(s, opening)
    o = odds.battle_odds(v.rules, s, first)
    assert o is not None
    assert o.policy == odds.OPENING[first.kind if first.kind != "ability" else "smite"]
    assert odds.action_chance(v.rules, s, first) == o.auto.attacker
    rng = random.Random(name)
    n = 400
    won = 0
    for _ in range(n):
        dice = Dice(rng)
        t, _ = v.apply(s, first, dice)
        if t.phase == BATTLE and t.battle is not None:
            t, _ = v.apply(t, Action("auto"), dice)
        won += t.pieces[s.battle.attacker].alive and not t.pieces[s.battle.defender].alive
    assert _agrees(o.auto.attacker, won, n), (name, float(o.auto.attacker), won / n)


def test_dd_18_no_odds_without_a_battle():
    v, s = position(FIGHTERS)
    assert odds.battle_odds(v.rules, s, v.parse_action(s, "e4e5")) is None
    assert odds.battle_odds(v.rules, s, None) is None
    assert odds.action_chance(v.rules, s, v.parse_action(s, "e4e5")) is None
    s, _ = play(v, s, "e4d5", 20, 1)
    assert odds.battle_odds(v.rules, s, Action("withdraw")) is None
    assert (
        known(odds.battle_odds(v.rules, s)).auto
        == known(odds.battle_odds(v.rules, s, Action("auto"))).auto
    )


# -- a cursed defender that lost initiative: split where its flag ends (odds_curse) -----------


def _cursed_cases():
    """Level-5 battles whose cursed Fighter on d5 lost initiative: trimmed, with Bless running
    out on the attacker, with False Life's hit points ending on the defender, and with a cursed
    attacker too."""
    v, s = position("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", 5)
    s = give(v, s, "d5", _curse(0))
    trimmed = edit(v, edit(v, s, "d2", hp=12), "d5", hp=14)
    yield "trimmed", v, trimmed
    yield "bless-ends", v, give(v, trimmed, "d2", _bless(2, at(v, s, "d2").id))
    false_life = replace(_false_life(6, at(v, s, "d5").id), rounds=1)
    yield "false-life-ends", v, give(v, trimmed, "d5", false_life)
    yield "both-cursed", v, give(v, trimmed, "d2", _curse(at(v, s, "d5").id))


@pytest.mark.parametrize("case", ["trimmed", "bless-ends", "false-life-ends", "both-cursed"])
@pytest.mark.parametrize("fresh", [True, False])
def test_dd_11_dd_18_cursed_flat_footed_split_equals_the_joint_solver(case, fresh):
    v, s = next((v, s) for name, v, s in _cursed_cases() if name == case)
    attacker, defender = at(v, s, "d2").id, at(v, s, "d5").id
    base = new_battle(s, attacker, defender)
    battle = replace(base, actor=attacker, flat_footed=defender, charge_ok=True)
    reader = Reader(v.rules.tables, v.rules.geo, s, base)
    fast = solve_cursed(reader, battle, fresh=fresh)
    assert fast is not None
    assert fast == solve_joint(reader, battle, fresh=fresh)
    assert 0 < fast.wins[0] < 1


def test_dd_18_the_rules_page_says_the_battle_odds_are_exact():
    """Issue 27: the page (in the app, ``battlechess rules dnd``, variants/dnd.md) no longer
    says the odds are sampled; it says they are exact and what the figure assumes."""
    page = make_variant("dnd").presenter.rules_markdown()
    dd_18 = page[page.index("**DD-18**") : page.index("## Spells and abilities")]
    assert "**exact**" in dd_18 and "400" not in dd_18 and "simulated" not in dd_18
    assert "DD-17" in dd_18 and "DD-28" in dd_18  # the players' choices: figures of their own


# -- found by mutation testing (benchmarks/mutants.py) ------------------------------------------


def test_dd_18_the_old_simulated_estimate_agrees_with_the_exact_odds() -> None:
    """The figure of 400 simulated battles (kept for ``bench_dnd_odds.py``) plays each battle
    out, and lands near the exact 41/62 of the one-hit-kill duel above."""
    v, s = position(FIGHTERS)
    s = edit(v, edit(v, s, "e4", hp=1), "d5", hp=1)
    won = estimate.battle_win(v.rules.work, s, v.parse_action(s, "e4d5"))
    assert won is not None
    assert _agrees(Fraction(41, 62), won * estimate.SIMULATIONS, estimate.SIMULATIONS)


def test_dd_15_dd_23_a_held_piece_far_off_flanks_again_once_it_can_act() -> None:
    """The White Rogue on d1 flanks the battle on d5 from afar (DD-15) unless it is held
    (DD-23). Held for one round it flanks from the second round on: the attacker's chance
    lies between the Rogue held all battle and the Rogue free, and the sooner it is free the
    better. A Rogue on a1, off the d-file, changes nothing."""

    def chance(fen: str, where: str, rounds: int | None, held: bool = True) -> Fraction:
        v, s = position(fen)
        if held:
            s = give(v, s, where, Effect("hold-person", -1, rounds, (), "paralyzed"))
        found = odds.battle_odds(v.rules, s, v.parse_action(s, "e4d5"))
        assert found is not None
        return found.auto.attacker

    on_file = "4k3/8/8/3p4/4P3/8/8/3RK3 w - - 0 1"
    always, free = chance(on_file, "d1", None), chance(on_file, "d1", None, held=False)
    one, two = chance(on_file, "d1", 1), chance(on_file, "d1", 2)
    assert always < two < one < free
    off_file = "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1"
    assert chance(off_file, "a1", 1) == chance(off_file, "a1", None) == always


def test_dd_18_dd_26_a_battle_in_progress_curses_the_piece_to_act_only_once() -> None:
    """The cursed Fighter on d5 has already kept its action (the d100 of DD-26 rolled 60)
    when the odds are asked: its coming attack is certain, its later ones lost half the time.
    The exact figure is the joint solver's and agrees with the battle code."""
    v, s = position("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", 5)
    s = give(v, s, "d5", _curse(0))
    s = edit(v, edit(v, s, "d2", hp=12), "d5", hp=14)
    s, _ = play(v, s, "d2d5", 20, 1)
    s, _ = play(v, s, "attack", 1, 60)  # the Rogue misses; the Fighter keeps its action
    b = s.battle
    assert b is not None and b.actor == b.defender == b.flat_footed and b.actions == 1
    o = odds.battle_odds(v.rules, s)
    assert o is not None
    joint = solve_joint(Reader(v.rules.tables, v.rules.geo, s, b), b, fresh=False)
    assert o.auto.attacker == joint.wins[0]
    rng = random.Random("dd-26-in-progress")
    n = 400
    won = 0
    for _ in range(n):
        t, _ = v.apply(s, Action("auto"), Dice(rng))
        won += t.pieces[b.attacker].alive and not t.pieces[b.defender].alive
    assert _agrees(o.auto.attacker, won, n), (float(o.auto.attacker), won / n)


def test_dd_11_dd_26_a_charge_on_a_cursed_flat_footed_defender_is_exact() -> None:
    """The Paladin won initiative over the cursed Fighter, who is flat-footed until it acts
    and may lose that action (DD-26): the odds of a charge (DD-13) are the joint solver's,
    not the split for an automatic attack (odds_curse leaves charges out)."""
    v, s = position("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", 5)
    s = edit(v, edit(v, s, "e3", hp=12), "d5", hp=20)
    s = give(v, s, "d5", _curse(0))
    s, _ = play(v, s, "e3d5", 20, 1)
    b = s.battle
    assert b is not None and b.actor == b.attacker and b.flat_footed == b.defender
    charge = v.parse_action(s, "charge")
    o = odds.battle_odds(v.rules, s, charge)
    assert o is not None
    joint = solve_joint(Reader(v.rules.tables, v.rules.geo, s, b), b, fresh=False, opening="charge")
    assert o.auto.attacker == joint.wins[0]
