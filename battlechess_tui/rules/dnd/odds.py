"""Exact odds of a D&D battle (DD-18, ruling of round 2), before it starts or while it runs.

Policy. The figures assume the automatic battle of ``battle.act("auto")``: every action, each
piece makes its melee attack (the defender's first action after winning initiative is a
wait, DD-11; a piece charmed by its foe waits, DD-23), and nothing else is chosen: no spell,
Smite, charge, withdrawal or Fascinate. Initiative (DD-11), flat-footed first attacks and
sneak attack (DD-11, DD-15, DD-25), threats and their confirmation (DD-13, Bless Weapon),
Blur, curses, helpless pieces, every timed effect as its rounds run out (DD-14), temporary hit
points and Shield Other (its caster takes half and may fall) are counted exactly. Two choices
are the players' and get figures of their own:

- ``swaps``: the King's player swaps an attacked King with an adjacent Fighter (DD-17), who
  then fights the same automatic battle;
- ``fascinate``: a King who can sing Fascinate (DD-28) sings it at every action instead of
  attacking, while his foe attacks; ``stopped`` is the chance the song stops the battle.

A battle in progress may be asked about with its next action (``attack``, ``charge``, ``ability
smite`` or ``auto``), which is taken first and then the battle goes on automatically.

Every figure is a ``Fraction``. The modules: ``odds_battle`` reads the battle's actions from
the game; ``odds_chain`` races the two pieces' damage chains (independent almost always);
``odds_switch`` splits a battle where a flanking Shield Other caster may fall; ``odds_curse``
one where a cursed defender that lost initiative may stay flat-footed; ``odds_joint`` follows
joint states in what is left (a cursed flat-footed piece beside a Shield Other caster; rare,
and slower). Nothing is
kept between calls but caches of pure results, so the odds may be computed off the UI thread.
A ring of Shield Other links (two casters shielding each other) stops sharing where it closes,
as ``combat.hurt`` does (DD-24).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Protocol

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dnd import turn
from battlechess_tui.rules.dnd.odds_battle import (
    Coupled,
    Planner,
    Reader,
    draft,
    new_battle,
    swapped,
)
from battlechess_tui.rules.dnd.odds_chain import Result, Target, solve
from battlechess_tui.rules.dnd.odds_curse import solve_cursed
from battlechess_tui.rules.dnd.odds_joint import solve_joint
from battlechess_tui.rules.dnd.odds_switch import solve_switched
from battlechess_tui.rules.dnd.state import BATTLE, MOVE_PHASE, SWAP, Battle, DndState, Waiting
from battlechess_tui.rules.dnd.stats import Tables
from battlechess_tui.rules.dnd.vocabulary import DndAction

AUTO = "exact; both attack automatically"
SWAP_POLICY = "exact; the King swaps with this Fighter, then both attack automatically"
FASCINATE = "exact; the King sings Fascinate at every action, his foe attacks"
OPENING = {
    "auto": AUTO,
    "attack": AUTO,
    "charge": "exact; a charge, then both attack automatically",
    "smite": "exact; a Smite, then both attack automatically",
}


class HasTables(Protocol):
    """What the odds need of the rules object: its stat tables and board geometry."""

    tables: Tables
    geo: Geometry


@dataclass(frozen=True)
class Odds:
    """One battle's outcome under one policy: P(the attacker wins), P(the defender wins),
    P(it stops with both standing: Fascinate, or a King fell sharing damage, DD-9)."""

    attacker: Fraction
    defender: Fraction
    stopped: Fraction
    policy: str

    @property
    def endless(self) -> Fraction:
        """P(neither can ever harm the other: the battle would not end)."""
        return 1 - self.attacker - self.defender - self.stopped

    @staticmethod
    def of(result: Result, policy: str) -> Odds:
        return Odds(result.wins[0], result.wins[1], result.stopped, policy)


@dataclass(frozen=True)
class BattleOdds:
    """The odds of one battle (piece ids ``attacker`` and ``defender``) under ``auto``'s
    policy, with the players' choices as separate figures (see the module's text)."""

    attacker: int
    defender: int
    auto: Odds
    swaps: tuple[tuple[int, Odds], ...] = ()  # (the Fighter's square, the odds after the swap)
    fascinate: Odds | None = None
    singer: int = -1  # the piece that would sing Fascinate

    @property
    def policy(self) -> str:
        return self.auto.policy

    @property
    def best_swap(self) -> tuple[int, Odds] | None:
        """The swap that leaves the attacker the least chance (the King's best answer)."""
        return min(self.swaps, key=lambda s: s[1].attacker, default=None)

    @property
    def attacker_against_best_answer(self) -> Fraction:
        """P(the attacker wins) if the King's player answers with his best swap or stays."""
        best = self.best_swap
        return self.auto.attacker if best is None else min(self.auto.attacker, best[1].attacker)


def battle_odds(
    rules: HasTables, state: DndState, action: Action | None = None
) -> BattleOdds | None:
    """The exact odds of the battle ``action`` starts (a move onto an enemy; the King's
    ``stay`` or ``swap``), or of the battle in progress from ``action`` on (``auto``,
    ``attack``, ``charge``, ``ability smite``; None: ``auto``). None when there is no battle
    to judge."""
    t, geo = rules.tables, rules.geo
    if state.phase == MOVE_PHASE and action is not None and action.kind == MOVE:
        if not _battle_move(t, geo, state, action):
            return None
        attacker, defender = state.at[action.squares[0]], state.at[action.squares[1]]
        return _before(t, geo, state, attacker, defender, None)
    if state.phase == SWAP and state.pending is not None and state.pending.kind == Waiting.BATTLE:
        attacker = state.pending.actor
        defender = state.at[cb.target(state.pending.move)]
        return _before(t, geo, state, attacker, defender, action)
    if state.phase == BATTLE and state.battle is not None:
        opening = _opening(action)
        if opening is None:
            return None
        b = state.battle
        reader = Reader(t, geo, state, b)
        result = _solve(reader, b, fresh=False, opening=opening)
        return BattleOdds(b.attacker, b.defender, Odds.of(result, OPENING[opening]))
    return None


def action_chance(rules: HasTables, state: DndState, action: Action) -> Fraction | None:
    """P(the side deciding ``action`` wins the battle it starts or continues), for
    ``Rules.chance``: a move's attacker against the King's best answer (DD-17); the King's
    ``stay`` or ``swap``: his side's piece; a battle action: the acting piece."""
    odds = battle_odds(rules, state, action)
    if odds is None:
        return None
    if state.phase == MOVE_PHASE:
        return odds.attacker_against_best_answer
    if state.phase == SWAP:
        return odds.auto.defender
    b = state.battle
    assert b is not None
    return odds.auto.attacker if b.actor == b.attacker else odds.auto.defender


def _battle_move(t: Tables, geo: Geometry, state: DndState, action: Action) -> bool:
    """A legal move onto an enemy piece (DD-10)."""
    if len(action.squares) != 2 or action.choice:
        return False
    frm, to = action.squares
    if state.at[to] < 0:
        return False
    moves = turn.move_list(draft(t, geo, state))
    return any((cb.origin(m), cb.target(m)) == (frm, to) for m in moves)


def _opening(action: Action | None) -> str | None:
    if action is None or action.kind in (DndAction.AUTO, DndAction.ATTACK, DndAction.CHARGE):
        return "auto" if action is None else action.kind
    if action.kind == DndAction.ABILITY and action.choice == "smite":
        return "smite"
    return None


def _before(
    t: Tables, geo: Geometry, state: DndState, attacker: int, defender: int, answer: Action | None
) -> BattleOdds:
    """A battle about to start; ``answer``: the King's ``stay``/``swap`` already chosen
    (None: show the swaps as figures of their own)."""
    squares = turn.swap_squares(draft(t, geo, state), [defender], geo)
    if answer is not None and answer.kind == DndAction.SWAP:
        pawn_sq = answer.squares[0]
        fighter = state.at[pawn_sq]
        result = _fresh(
            t, geo, swapped(state, state.pieces[defender].square, pawn_sq), attacker, fighter
        )
        return BattleOdds(attacker, fighter, Odds.of(result, SWAP_POLICY))
    auto = Odds.of(_fresh(t, geo, state, attacker, defender), AUTO)
    swaps: list[tuple[int, Odds]] = []
    if answer is None:
        king_sq = state.pieces[defender].square
        for sq in squares:
            after = swapped(state, king_sq, sq)
            result = _fresh(t, geo, after, attacker, state.at[sq])
            swaps.append((sq, Odds.of(result, SWAP_POLICY)))
    singer = _singer(t, geo, state, attacker, defender)
    fascinate = None
    if singer >= 0:
        fascinate = Odds.of(_fresh(t, geo, state, attacker, defender, singer), FASCINATE)
    return BattleOdds(attacker, defender, auto, tuple(swaps), fascinate, singer)


def _singer(t: Tables, geo: Geometry, state: DndState, attacker: int, defender: int) -> int:
    reader = Reader(t, geo, state, new_battle(state, attacker, defender))
    return next((pid for pid in (attacker, defender) if reader.sings(pid)), -1)


def initiative_chance(mod_a: int, mod_d: int) -> Fraction:
    """P(the attacker wins initiative): d20 + Init each; a tie goes to the higher modifier,
    equal modifiers roll again (DD-11)."""
    wins = ties = 0
    for ra in range(1, 21):
        for rd in range(1, 21):
            diff = (ra + mod_a) - (rd + mod_d)
            wins += diff > 0
            ties += diff == 0
    if mod_a == mod_d:
        return Fraction(wins, 400 - ties)
    return Fraction(wins + (ties if mod_a > mod_d else 0), 400)


def _fresh(
    t: Tables, geo: Geometry, state: DndState, attacker: int, defender: int, singer: int = -1
) -> Result:
    """A battle that starts now: initiative decides who acts first (``battle.start``)."""
    base = new_battle(state, attacker, defender)
    reader = Reader(t, geo, state, base)
    p = initiative_chance(reader.initiative(attacker), reader.initiative(defender))
    first = replace(base, actor=attacker, flat_footed=defender, charge_ok=True)
    second = replace(base, actor=defender, first=True)
    results = [
        _solve(reader, b, fresh=True, singer=singer) if w else Result((Fraction(0),) * 2)
        for b, w in ((first, p), (second, 1 - p))
    ]
    return results[0].mix(p, results[1])


def _solve(
    reader: Reader, battle: Battle, *, fresh: bool, opening: str = "auto", singer: int = -1
) -> Result:
    """The automatic battle from ``battle`` on. Chains that depend on each other go to
    ``odds_switch`` (a Shield Other caster whose fall unflanks the foe) or to the joint solver
    (a cursed piece that may stay flat-footed; more than one such caster)."""
    targets = (reader.target(battle.attacker), reader.target(battle.defender))
    planner = Planner(reader, battle, fresh, opening, singer)
    try:
        plan = planner.plan(targets)
        casters = [
            (side, n, pid)
            for side, piece in enumerate((battle.attacker, battle.defender))
            for n, pid in enumerate(reader.target_ids(piece)[1:], start=1)
        ]
        tied = [(side, n) for side, n, pid in casters if _matters(planner, battle, pid, targets)]
        if not tied:
            return solve(plan)
        if len(tied) == 1:
            side, body = tied[0]
            return solve_switched(
                reader, battle, side, body, fresh=fresh, opening=opening, singer=singer
            )
    except Coupled:
        fast = solve_cursed(reader, battle, fresh=fresh, opening=opening, singer=singer)
        if fast is not None:
            return fast
    return solve_joint(reader, battle, fresh=fresh, opening=opening, singer=singer)


def _matters(planner: Planner, battle: Battle, caster: int, targets: tuple[Target, Target]) -> bool:
    """Whether a Shield Other caster's fall would change what an action does (it flanked)."""
    r = planner.r
    gone = Reader(r.t, r.geo, r.state, r.battle, (caster,))
    other = Planner(gone, battle, planner.fresh, planner.opening, planner.singer)
    ends = max(planner.last_change(targets), other.last_change(targets))
    mine, theirs = planner.plan(targets, ends), other.plan(targets, ends)
    return (mine.slots, mine.steady) != (theirs.slots, theirs.steady)
