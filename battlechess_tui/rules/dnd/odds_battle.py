"""An automatic battle read from the game: its strikes and targets (DD-11..DD-18, DD-23..DD-28).

Every number comes from the game's own functions (``effects``, ``combat``, ``stats``), asked on
a copy of the position with the battle in place and the timed effects aged to a round (DD-14):
attack bonus with flanking, AC or FAC, threat range, confirmation or Bless Weapon, damage dice
and modifiers, the critical multiplier, sneak attack and bane dice, Blur; who is helpless,
cursed or charmed; Fascinate's save. This module mirrors what one action of ``battle.act``'s
automatic loop does (``abilities.melee``, ``combat.attack_roll``, ``battle.advance``); the
arithmetic is ``odds_chain``'s.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from battlechess_tui.engine.dice import Dice, DiceExpr
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dnd import combat
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import Work
from battlechess_tui.rules.dnd.odds_chain import IDLE, Body, Plan, Shape, Strike, Target, target
from battlechess_tui.rules.dnd.state import Battle, DndState, Draft, Effect, Piece, chess_board
from battlechess_tui.rules.dnd.stats import Tables

#: The opening actions a battle in progress may be asked about: each is followed by the
#: automatic battle (DD-18). ``smite`` is ``ability smite`` (DD-26), ``charge`` DD-11's.
OPENINGS = ("auto", "attack", "charge", "smite")
#: One melee attack, as the numbers that decide it (see ``melee_strike``).
MeleeKey = tuple[
    int,
    int,
    int,
    bool,
    tuple[tuple[int, int], ...],
    int,
    int,
    tuple[tuple[tuple[tuple[int, int], ...], int], ...],
    int,
]


#: Conditions that keep a piece from flanking anywhere on the board (DD-15, DD-23).
UNABLE = (*fx.HELPLESS, "charmed")


class Coupled(Exception):
    """The two pieces' damage chains are not independent here (see ``odds_joint``)."""


def new_battle(state: DndState, attacker: int, defender: int) -> Battle:
    """The battle a move starts, before initiative (``battle.start``)."""
    a, d = state.pieces[attacker], state.pieces[defender]
    return Battle(attacker, defender, a.square, d.square, 0, attacker)


def draft(t: Tables, geo: Geometry, state: DndState) -> Draft:
    """A changeable copy of ``state`` with its chess board (``DndRules.draft``)."""
    return Draft(state, chess_board(state, geo, t.codes))


def swapped(state: DndState, king_sq: int, pawn_sq: int) -> DndState:
    """The position after the King's swap with the Fighter on ``pawn_sq`` (DD-17,
    ``turn.do_swap``): the Fighter stands on the King's square."""
    pieces, at = list(state.pieces), list(state.at)
    kid, fid = at[king_sq], at[pawn_sq]
    at[king_sq], at[pawn_sq] = fid, kid
    pieces[kid] = replace(pieces[kid], square=pawn_sq)
    pieces[fid] = replace(pieces[fid], square=king_sq)
    return replace(state, pieces=tuple(pieces), at=tuple(at))


def _without(state: DndState, pids: tuple[int, ...]) -> DndState:
    """The position with these pieces gone from the board (fallen: ``combat.kill``)."""
    pieces, at = list(state.pieces), list(state.at)
    for pid in pids:
        p = pieces[pid]
        if at[p.square] == pid:
            at[p.square] = -1
        pieces[pid] = replace(p, square=-1)
    return replace(state, pieces=tuple(pieces), at=tuple(at))


def _aged(effects: tuple[Effect, ...], rounds: int) -> tuple[Effect, ...]:
    """The effects left after ``rounds`` rounds (``effects.tick``: ``rounds`` n ends at the
    n-th)."""
    return tuple(e for e in effects if e.rounds is None or e.rounds > rounds)


class Reader:
    """One battle between two pieces of ``state``, asked at any round and battle flags."""

    def __init__(
        self, t: Tables, geo: Geometry, state: DndState, battle: Battle, gone: tuple[int, ...] = ()
    ) -> None:
        self.t, self.geo, self.battle, self.gone = t, geo, battle, gone
        self.state = _without(state, gone) if gone else state
        #: The rounds at which an effect that may matter ends: between them nothing changes.
        self.points = sorted(
            {0} | {e.rounds for p in self._concerned() for e in p.effects if e.rounds}
        )
        self._works: dict[tuple[int, int, bool], Work] = {}
        self._melee: dict[tuple[int, int, bool, int, int, int], MeleeKey] = {}

    def _concerned(self) -> list[Piece]:
        """The pieces whose effects may change an action of this battle: the two and their
        Shield Other casters; pieces next to the battle square (Inspire Courage and the
        Paladin's aura, DD-26, DD-27); and helpless or charmed pieces anywhere (a piece that
        cannot act does not flank, DD-15)."""
        b, s = self.battle, self.state
        ids = set(self.target_ids(b.attacker) + self.target_ids(b.defender))
        return [
            p
            for p in s.pieces
            if p.alive
            and (
                p.id in ids
                or self.geo.distance(p.square, b.square) <= 1
                or any(e.condition in UNABLE for e in p.effects)
            )
        ]

    def config(self, rounds: int) -> int:
        """The last round at or before ``rounds`` at which some effect ended."""
        return max(p for p in self.points if p <= rounds)

    def work(self, cfg: int, ff: int = -1, charging: bool = False) -> Work:
        """The game's scratch pad on the position after ``cfg`` rounds, the battle's flags
        set: flat-footed piece ``ff`` (DD-11), the attacker ``charging``."""
        key = (cfg, ff, charging)
        w = self._works.get(key)
        if w is None:
            pieces = tuple(
                replace(p, effects=_aged(p.effects, cfg)) if p.alive and p.effects else p
                for p in self.state.pieces
            )
            battle = replace(self.battle, flat_footed=ff, charging=charging)
            s = replace(self.state, pieces=pieces, battle=battle)
            w = self._works[key] = Work(draft(self.t, self.geo, s), self.t, self.geo, Dice(), [])
        return w

    # -- who can act -----------------------------------------------------------------------

    def helpless(self, cfg: int, pid: int) -> bool:
        return fx.helpless(self.work(cfg).piece(pid))

    def cursed(self, cfg: int, pid: int) -> bool:
        """Bestow Curse (3): the piece loses each action to a 50% roll (``battle.advance``)."""
        return self.work(cfg).piece(pid).has("cursed-actions")

    def charmed(self, cfg: int, pid: int) -> bool:
        """DD-23: a piece charmed by its foe waits instead of attacking."""
        return self.foe(pid) in fx.charmed_by(self.work(cfg).piece(pid))

    def foe(self, pid: int) -> int:
        return self.battle.other(pid)

    def sings(self, pid: int) -> bool:
        """DD-28: this piece may sing Fascinate against its foe in this battle."""
        p = self.state.pieces[pid]
        st = fx.stats_of(self.t, p)
        return "fascinate" in st.abilities and self.foe(pid) not in p.no_fascinate

    def flat_footed_matters(self, cfg: int, pid: int) -> bool:
        """Whether being caught flat-footed (DD-11) changes anything for this piece now
        (Uncanny Dodge, DD-25, makes it not)."""
        with_flag = combat.flat_footed(self.work(cfg, pid), pid)
        return with_flag != combat.flat_footed(self.work(cfg), pid)

    def initiative(self, pid: int) -> int:
        """The piece's initiative modifier (``battle.initiative``: Init plus effects)."""
        w = self.work(0)
        p = w.piece(pid)
        mods = fx.modifiers(w.state, w.t, w.geo, pid, "init")
        return fx.stats_of(self.t, p).init + sum(v for _, v in mods)

    # -- what an action does -------------------------------------------------------------------

    def melee(
        self, cfg: int, ff: int, charging: bool, att: int, extra_hit: int = 0, extra_dmg: int = 0
    ) -> MeleeKey:
        """The numbers of one melee attack (``abilities.melee``, ``combat.attack_roll``)."""
        key = (cfg, ff, charging, att, extra_hit, extra_dmg)
        known = self._melee.get(key)
        if known is None:
            known = self._melee[key] = self._read_melee(*key)
        return known

    def _read_melee(
        self, cfg: int, ff: int, charging: bool, att: int, extra_hit: int, extra_dmg: int
    ) -> MeleeKey:
        w = self.work(cfg, ff, charging)
        dfd = self.foe(att)
        a = w.piece(att)
        st = fx.stats_of(self.t, a)
        flat = combat.flat_footed(w, dfd)
        flank = combat.flanked(w, dfd)
        hit = fx.modifiers(w.state, self.t, self.geo, att, "attack", weapon=True, vs=dfd)
        bonus = st.melee + sum(v for _, v in hit) + extra_hit + (2 if flank else 0)
        ac, _ = fx.armor_class(w.state, self.t, dfd, "FAC" if flat else "AC")
        dmg = fx.modifiers(w.state, self.t, self.geo, att, "damage", weapon=True, vs=dfd)
        const = st.damage.bonus + sum(v for _, v in dmg) + extra_dmg
        extras: list[tuple[tuple[tuple[int, int], ...], int]] = []
        if "sneak-attack" in st.abilities and (flat or flank):
            sneak = DiceExpr.parse(st.abilities["sneak-attack"].dice or "d6")
            extras.append((sneak.terms, sneak.bonus))
        bane = (
            self.t.catalogue.bane_dice(a.items, w.piece(dfd).cls)
            if a.items and self.t.catalogue
            else None
        )
        if bane is not None:
            extras.append((bane.terms, bane.bonus))
        blur = w.piece(dfd).effect("blur")
        return (bonus, ac, st.threat, a.has("no-confirm"), st.damage.terms, const, st.crit,
                tuple(extras), blur.amount if blur is not None else 0)  # fmt: skip

    def smite(self, pid: int) -> tuple[int, int]:
        """DD-26: Smite's bonus to hit and to damage."""
        params = fx.stats_of(self.t, self.state.pieces[pid]).abilities["smite"]
        return params.hit or 0, params.damage or 0

    def fascinate(self, cfg: int, bard: int) -> tuple[int, int] | None:
        """DD-28 (``abilities.fascinate``): (the foe's Will bonus, the DC), or None when the foe
        is immune to mind-affecting songs."""
        w = self.work(cfg)
        foe = self.foe(bard)
        if fx.immune_to_mind(w.piece(foe)):
            return None
        p = w.piece(bard)
        dc = (fx.stats_of(self.t, p).abilities["fascinate"].dc or 13) + sum(
            v for _, v in fx.dc_bonus(self.t, p)
        )
        return sum(v for _, v in fx.save_bonus(w.state, self.t, self.geo, foe, "will")), dc

    # -- what damage does ------------------------------------------------------------------

    def target(self, pid: int) -> Target:
        """The piece and its chain of Shield Other casters (``combat.hurt``)."""
        ids = self.target_ids(pid)
        bodies = []
        for n, i in enumerate(ids):
            p = self.state.pieces[i]
            link = p.effect("shield-other") if n + 1 < len(ids) else None
            if link is None:
                bodies.append(self._body(p, -1, None))
            else:
                bodies.append(self._body(p, n + 1, link.rounds))
        return target(tuple(bodies))

    def target_ids(self, pid: int) -> tuple[int, ...]:
        """The pieces whose hit points ``target(pid)`` follows: the piece, then each one's
        living Shield Other caster (a ring stops where it closes)."""
        s = self.state
        ids = [pid]
        while True:
            link = s.pieces[ids[-1]].effect("shield-other")
            if link is None or link.source in ids or not s.pieces[link.source].alive:
                return tuple(ids)
            ids.append(link.source)

    def _body(self, p: Piece, link: int, link_ends: int | None) -> Body:
        fl = p.effect("false-life")
        return Body(
            p.hp,
            fx.temp_hp(p),
            p.cls == self.t.king,
            link,
            link_ends,
            tuple(
                (e.rounds, e.amount) for e in p.effects if e.key == "bears-endurance" and e.rounds
            ),
            fl.rounds if fl is not None else None,
        )


# -- strikes: the exact distribution of one action ------------------------------------------------


@cache
def _counts(terms: tuple[tuple[int, int], ...]) -> tuple[dict[int, int], int]:
    """Ways of rolling each sum of these dice, and the number of rolls."""
    dist, total = {0: 1}, 1
    for n, sides in terms:
        for _ in range(n):
            new: dict[int, int] = {}
            for v, w in dist.items():
                for f in range(1, sides + 1):
                    new[v + f] = new.get(v + f, 0) + w
            dist, total = new, total * sides
    return dist, total


def _d20(bonus: int, need: int) -> list[bool]:
    """Which natural rolls 1..20 succeed: a natural 20 always, a natural 1 never (DD-13)."""
    return [n == 20 or (n != 1 and n + bonus >= need) for n in range(1, 21)]


@cache
def melee_strike(key: MeleeKey) -> Strike:
    """One melee attack (DD-13, DD-25): natural 20 hits, 1 misses; a threat that hits is
    confirmed by a second roll (or not: Bless Weapon); a critical multiplies the dice and
    modifiers, not sneak or bane dice; damage at least 1; Blur's miss chance."""
    bonus, ac, threat, no_confirm, terms, const, mult, extras, blur = key
    hits_at = _d20(bonus, ac)
    hit = sum(hits_at)
    threats = sum(1 for n, h in enumerate(hits_at, start=1) if h and n >= threat)
    confirm = 20 if no_confirm else hit
    normal, dice = _counts(terms)
    crit, crit_dice = _counts(tuple((n * mult, s) for n, s in terms))
    extra, extra_total = {0: 1}, 1
    for ex_terms, ex_bonus in extras:
        ways, rolls = _counts(ex_terms)
        extra = _convolve(extra, {max(0, v + ex_bonus): w for v, w in ways.items()})
        extra_total *= rolls
    # Weights out of 400 * crit_dice * extra_total (normal damage scaled up to crit_dice).
    w_normal = (hit * 20 - threats * confirm) * (crit_dice // dice)
    w_crit = threats * confirm
    hits: dict[int, int] = {}
    for table, weight, add in ((normal, w_normal, const), (crit, w_crit, const * mult)):
        if not weight:
            continue
        for v, w in table.items():
            base = max(1, v + add)
            for e, we in extra.items():
                hits[base + e] = hits.get(base + e, 0) + weight * w * we
    total = 400 * crit_dice * extra_total
    keep = 100 - min(100, max(0, blur))  # Blur: a d100 at or below its number misses
    if blur:
        hits = {a: w * keep for a, w in hits.items()}
        total *= 100
        w_normal, w_crit = w_normal * keep, w_crit * keep
    shape = _shape(terms, const, mult, extras, w_normal, w_crit)
    return Strike.make(total - sum(hits.values()), hits, 0, shape)


def _shape(
    terms: tuple[tuple[int, int], ...],
    const: int,
    mult: int,
    extras: tuple[tuple[tuple[tuple[int, int], ...], int], ...],
    w_normal: int,
    w_crit: int,
) -> Shape | None:
    """The damage as dice (``Strike.shape``), unless a floor (at least 1; extra dice at least
    0) would bend it."""
    count = sum(n for n, _ in terms)
    if const + count < 1 or mult * (const + count) < 1:
        return None
    if any(sum(n for n, _ in ex) + b < 0 for ex, b in extras):
        return None
    shift = sum(b for _, b in extras)
    sides = tuple(s for n, s in terms for _ in range(n))
    parts = tuple(
        (w, c + shift, dice)
        for w, c, dice in ((w_normal, const, sides), (w_crit, const * mult, sides * mult))
        if w
    )
    return parts, tuple(s for ex, _ in extras for n, s in ex for _ in range(n))


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, wa in a.items():
        for y, wb in b.items():
            out[x + y] = out.get(x + y, 0) + wa * wb
    return out


def lose_half(s: Strike, lose: bool) -> Strike:
    """The strike when a curse takes the action away half the time (``battle.loses_action``)."""
    if not lose:
        return s
    return Strike.make(s.total + s.none, dict(s.hits), s.halt, s.shape)


@cache
def fascinate_strike(save: tuple[int, int] | None) -> Strike:
    """DD-28: the foe's Will save (natural 1 fails, 20 succeeds, DD-22); a failure stops the
    battle."""
    if save is None:
        return IDLE
    bonus, dc = save
    fails = 20 - sum(_d20(bonus, dc))
    return Strike.make(20 - fails, {}, fails)


# -- the plan: slot by slot until every round is alike ---------------------------------------------


class Planner:
    """Builds the ``Plan`` of the automatic battle from ``battle`` on (its actor, first and
    flat-footed flags set: after initiative, or as the battle in progress stands).

    ``fresh``: the battle has just begun, so the first actor still goes through
    ``battle.advance`` (a helpless piece loses its action, a cursed one may); a battle in
    progress is read after it. ``opening`` is slot 0's action (``OPENINGS``), ``singer`` a piece
    that sings Fascinate at every action instead of attacking (-1: none).
    """

    def __init__(
        self, reader: Reader, battle: Battle, fresh: bool, opening: str = "auto", singer: int = -1
    ) -> None:
        self.r = reader
        self.battle = battle
        self.fresh = fresh
        self.opening = opening
        self.singer = singer
        self.attacker = battle.attacker
        self._steady: dict[tuple[int, int], Strike] = {}

    def action(self, cfg: int, actor: int, ff: int, charging: bool, opening: str) -> Strike:
        """What the actor does when its turn in the battle comes (a curse may take it)."""
        return lose_half(self.act(cfg, actor, ff, charging, opening), self.r.cursed(cfg, actor))

    def act(self, cfg: int, actor: int, ff: int, charging: bool, opening: str) -> Strike:
        """What the actor does when it acts (``battle.step``, the flags already updated)."""
        r = self.r
        if r.charmed(cfg, actor):
            return IDLE
        if actor == self.singer:
            return fascinate_strike(r.fascinate(cfg, actor))
        extra_hit = extra_dmg = 0
        if opening == "charge":
            extra_hit = 2
        elif opening == "smite":
            extra_hit, extra_dmg = r.smite(actor)
        return melee_strike(r.melee(cfg, ff, charging, actor, extra_hit, extra_dmg))

    def steady(self, cfg: int, actor: int) -> Strike:
        """The actor's strike once the opening flags are gone."""
        known = self._steady.get((cfg, actor))
        if known is None:
            helpless = self.r.helpless(cfg, actor)
            known = IDLE if helpless else self.action(cfg, actor, -1, False, "auto")
            self._steady[cfg, actor] = known
        return known

    def plan(self, targets: tuple[Target, Target], at_least: int = 0) -> Plan:
        """The plan; its slots last at least until round ``at_least`` has ended."""
        r, b = self.r, self.battle
        final = r.points[-1]
        ends = max(self.last_change(targets), at_least)
        ff, charging, first = b.flat_footed, b.charging, b.first
        slots: list[Strike] = []
        round_ends: list[bool] = []
        rounds = 0
        k = 0
        while True:
            actor = b.actor if k % 2 == 0 else b.other(b.actor)
            if k and not first and rounds >= ends and self._settled(final, ff, charging):
                break
            cfg = r.config(rounds)
            through = self.fresh or k > 0
            if through and r.helpless(cfg, actor):
                strike = IDLE
            else:
                ff2 = -1 if ff == actor else ff
                charging2 = charging and actor != self.attacker
                opening = self.opening if k == 0 else "auto"
                if first:
                    strike = IDLE
                else:
                    charging2 = charging2 or opening == "charge"
                    strike = lose_half(
                        self.act(cfg, actor, ff2, charging2, opening),
                        through and r.cursed(cfg, actor),
                    )
                lost = through and r.cursed(cfg, actor)
                if lost and self._flags_matter(cfg, actor, ff, charging, ff2, charging2):
                    raise Coupled(
                        "a cursed piece may lose the action that ends its flat-footed "
                        "or charging state"
                    )
                ff, charging = ff2, charging2
            first = False
            end = (b.actions + k + 1) % 2 == 0
            slots.append(strike)
            round_ends.append(end)
            rounds += end
            k += 1
        y1 = b.actor if k % 2 == 0 else b.other(b.actor)
        cfg = r.config(rounds)
        steady = (self.steady(cfg, y1), self.steady(cfg, b.other(y1)))
        first_actor = 0 if b.actor == self.attacker else 1
        return Plan(first_actor, tuple(slots), tuple(round_ends), steady, targets)

    def last_change(self, targets: tuple[Target, Target]) -> int:
        """The round from which every action is alike: after the last effect that changes a
        strike ends, and after the last hit points an ending spell takes (DD-14)."""
        r, b = self.r, self.battle
        final = [self.steady(r.points[-1], pid) for pid in (b.attacker, b.defender)]
        ends = max((*targets[0].ages, *targets[1].ages, 0))
        for i, point in enumerate(r.points[:-1]):
            if [self.steady(point, pid) for pid in (b.attacker, b.defender)] != final:
                ends = max(ends, r.points[i + 1])
        return ends

    def _settled(self, final: int, ff: int, charging: bool) -> bool:
        """No opening flag is left that can still change (a piece helpless for good keeps
        being flat-footed)."""
        return not charging and (ff < 0 or self.r.helpless(final, ff))

    def _flags_matter(
        self, cfg: int, actor: int, ff: int, charging: bool, ff2: int, charging2: bool
    ) -> bool:
        if charging != charging2:
            return True
        return ff != ff2 and self.r.flat_footed_matters(cfg, actor)
