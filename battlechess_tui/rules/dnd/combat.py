"""Attack rolls, damage, saving throws and death: the d20 arithmetic (DD-13, DD-15, DD-22).

``Work`` is the scratch pad of one ``apply``: the draft of the state it changes, the tables, and
the dice. A ``settled`` pad (perft's and the search's ``AssumeWon`` dice, read by
``DndRules.work``) throws nothing: battles are won at once, attacks hit, saves fail and damage is
the dice's average (rounded down). D&D cannot take that from ``AssumeWon``'s faces alone: a
battle is a run of decisions that no dice end within one ``apply``, and a spell's first throw
is often its target's save, so the dice cannot tell whose fight it is.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlechess_tui.engine.dice import Dice, DiceExpr
from battlechess_tui.engine.events import Event, Note, PieceRef, Roll
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.rules import SIDE_NAMES as SIDES
from battlechess_tui.engine.vocabulary import EventTag, Purpose, RollDetail, Target, Verdict
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.endings import both_kings_fell, king_fell
from battlechess_tui.rules.dnd.facts import Fact
from battlechess_tui.rules.dnd.reach import attacks_square
from battlechess_tui.rules.dnd.state import Draft, Fall, Piece
from battlechess_tui.rules.dnd.stats import Tables
from battlechess_tui.rules.dnd.vocabulary import (
    DndDetail,
    DndPurpose,
    DndTag,
    DndTarget,
    DndVerdict,
)

SEATS = ("white", "black")
Mods = list[tuple[str, int]]


@dataclass
class Work:
    state: Draft
    t: Tables
    geo: Geometry
    dice: Dice
    events: list[Event]
    campaign: bool = False  # campaign rules in force: loot (DD-42), surrender (DD-45)
    settled: bool = False  # fights settled for the mover without dice (see the module text)

    def piece(self, pid: int) -> Piece:
        return self.state.pieces[pid]

    def name(self, pid: int) -> str:
        """``White Fighter on e4`` (where it stands)."""
        p = self.piece(pid)
        where = self.state.standing(pid)
        at = f" on {self.geo.name(where)}" if where >= 0 else ""
        return f"{SIDES[p.side]} {fx.stats_of(self.t, p).name}{at}"

    def ref(self, pid: int) -> PieceRef:
        """The piece ``pid`` as a note names it: side, class and where it stands."""
        p = self.piece(pid)
        return PieceRef(p.side, p.cls, self.state.standing(pid))

    def note(
        self,
        tag: str,
        *squares: int,
        fact: str = "",
        who: tuple[int, ...] = (),
        side: int | None = None,
        numbers: tuple[int, ...] = (),
        names: tuple[str, ...] = (),
        rule: str = "",
    ) -> None:
        """Record a note in facts: ``who`` the pieces it names (ids, as they stand now)."""
        self.events.append(
            Note(
                tag,
                squares=tuple(s for s in squares if s >= 0),
                fact=fact,
                side=side,
                pieces=tuple(self.ref(pid) for pid in who),
                numbers=numbers,
                names=names,
                rule=rule,
            )
        )

    # -- dice --------------------------------------------------------------------------------

    def throw(
        self,
        side: int,
        expr: DiceExpr | str,
        mods: Mods | None = None,
        *,
        use: str,
        names: tuple[str, ...] = (),
        who: tuple[int, ...] = (),
        squares: tuple[int, ...] = (),
        critical: int = 1,
        target: int | None = None,
        target_kind: str = Target.NONE,
    ) -> Roll:
        """Throw ``expr`` (not yet recorded: ``settle`` it once its result is known): ``use``
        what it is for, ``names`` the cause's key (a spell, an ability, ``melee``), ``who``
        the pieces it concerns (ids, as they stand now), the ``target`` it is thrown
        against. The presenter writes its words."""
        expr = expr if isinstance(expr, DiceExpr) else DiceExpr.parse(expr)
        all_mods = tuple(mods or ()) + ((("bonus", expr.bonus),) if expr.bonus else ())
        typed = Roll(
            SEATS[side],
            "",
            (),
            modifiers=all_mods,
            use=use,
            squares=tuple(s for s in squares if s >= 0),
            critical=critical,
            target=target,
            target_kind=target_kind,
            names=names,
            pieces=tuple(self.ref(pid) for pid in who),
        )
        if self.settled:
            faces = tuple((s + 1) // 2 for n, s in expr.terms for _ in range(n))
            dice_text = "+".join(f"{n}d{s}" for n, s in expr.terms)
            return replace(typed, dice=dice_text, faces=faces)
        return self.dice.roll(
            typed.seat,
            DiceExpr(expr.terms, 0),
            modifiers=all_mods,
            use=use,
            squares=typed.squares,
            critical=critical,
            pieces=typed.pieces,
            target=target,
            target_kind=target_kind,
            names=names,
        )

    def settle(
        self,
        roll: Roll,
        verdict: str,
        *,
        details: tuple[str, ...] = (),
        numbers: tuple[int, ...] = (),
        target: int | None = None,
    ) -> Roll:
        """Record ``roll`` with what it decided (``target``: the other side's total, for an
        opposed roll)."""
        if not self.settled:
            kind = Target.TOTAL if target is not None else None
            roll = self.dice.settle(
                roll,
                verdict=verdict,
                details=details,
                numbers=numbers,
                target=target,
                target_kind=kind,
            )
            self.events.append(roll)
        return roll


def natural(roll: Roll) -> int:
    return roll.faces[0]


# -- hit points ------------------------------------------------------------------------------


def heal(w: Work, pid: int, amount: int, cause: str, by: int = -1) -> None:
    """Heal ``pid`` by ``amount``, up to its maximum: ``cause`` is the spell's key (the choice
    cast), or ``lay-on-hands`` by the Paladin ``by``."""
    p = w.piece(pid)
    top = fx.max_hp(w.t, p)
    new = min(top, p.hp + max(0, amount))
    w.state.set(replace(p, hp=new))
    numbers = (new - p.hp, new, top)
    if cause == "lay-on-hands":
        w.note(EventTag.HEAL, p.square, fact=Fact.LAY_ON_HANDS, who=(pid, by), numbers=numbers)
    else:
        w.note(EventTag.HEAL, p.square, who=(pid,), numbers=numbers, names=(cause,))


def hurt(
    w: Work, pid: int, amount: int, cause: str, by: int = -1, passed: tuple[int, ...] = ()
) -> None:
    """Deal damage (``by`` the piece that dealt it; ``cause`` the key of what dealt it: a
    spell's, ``melee``, ``smite``): Shield Other's caster takes half (DD-24),
    False Life's hit points go first. ``passed`` are the pieces this wound already went through
    by Shield Other: a wound is never passed back to one of them, so where links close a ring
    (two Clerics shielding each other) the last piece keeps its share."""
    p = w.piece(pid)
    if amount <= 0 or not p.alive:
        return
    link = p.effect("shield-other")
    through = (*passed, pid)
    if link is not None and w.piece(link.source).alive and link.source not in through:
        shared = amount - amount // 2
        amount //= 2
        w.note(DndTag.SHIELD_OTHER, who=(link.source,), numbers=(shared,))
        hurt(w, link.source, shared, cause, by, through)
        p = w.piece(pid)
    temp = fx.temp_hp(p)
    if temp and amount:
        used = min(temp, amount)
        amount -= used
        fl = p.effect("false-life")
        assert fl is not None
        left = replace(fl, amount=fl.amount - used)
        p = p.without("false-life") if left.amount <= 0 else p.with_effect(left)
        w.note(EventTag.DAMAGE, p.square, fact=Fact.ABSORBED, numbers=(used,))
    hp = p.hp - amount
    w.state.set(replace(p, hp=hp))
    w.state.quiet, w.state.loud = 0, True  # this turn is not quiet (DD-4 ruling)
    top = fx.max_hp(w.t, p)
    shielded = ("shield-other",) * len(passed)  # a share passed on by Shield Other
    w.note(
        EventTag.DAMAGE, p.square, who=(pid,), numbers=(amount, hp, top), names=(cause, *shielded)
    )
    if hp < 0:
        kill(w, pid, by)


def kill(w: Work, pid: int, by: int = -1) -> None:
    """Below 0 hit points: the piece dies and leaves the board (DD-12); a King ends the game.

    Who killed it and whether in melee (the two pieces of a battle, DD-42) is kept in
    ``falls`` for campaign play (loot DD-42, bonus gold DD-46).
    """
    s = w.state
    p = w.piece(pid)
    b = s.battle
    melee = b is not None and {pid, by} == {b.attacker, b.defender}
    s.falls = s.falls + (Fall(pid, by, melee, p.level, p.items),)
    where = s.standing(pid)
    w.note(EventTag.KILL, where, who=(pid,))
    if s.at[p.square] == pid:
        s.board.remove(p.square)
        s.at[p.square] = -1
    s.set(replace(p, square=-1))
    if p.cls == w.t.king:
        both = s.result is not None and s.result.winner == p.side
        s.result = both_kings_fell() if both else king_fell(p.side)


# -- attack rolls ----------------------------------------------------------------------------


def flanked(w: Work, pid: int) -> bool:
    """DD-15: in a battle, another enemy piece could move onto this piece's square."""
    s, b = w.state, w.state.battle
    if b is None:
        return False
    p = w.piece(pid)
    other = b.other(pid)
    board = s.board.board
    saved = board[b.origin], board[b.square]
    board[b.origin] = 0
    board[b.square] = saved[1] if pid == b.defender else saved[0]
    try:
        for q in s.living(1 - p.side):
            if q.id == other or fx.helpless(q) or pid in fx.charmed_by(q):
                continue
            if attacks_square(s.board, q.square, b.square):
                return True
        return False
    finally:
        board[b.origin], board[b.square] = saved


def flat_footed(w: Work, pid: int) -> bool:
    """DD-11 (loses initiative, until it acts) and DD-23 (helpless); Uncanny Dodge (DD-25)."""
    p = w.piece(pid)
    if fx.helpless(p):
        return True
    b = w.state.battle
    if b is None or b.flat_footed != pid:
        return False
    return "uncanny-dodge" not in fx.stats_of(w.t, p).abilities


def attack_roll(
    w: Work,
    att: int,
    dfd: int,
    *,
    touch: bool,
    extra: Mods | None = None,
    cause: str = "melee",
    threat: int = 20,
    no_confirm: bool = False,
) -> tuple[bool, bool]:
    """d20 + Melee and modifiers vs AC/FAC/TAC (DD-13): returns (hit, critical). ``cause``
    names the attack (``melee``, ``smite``, a spell's key)."""
    a = w.piece(att)
    st = fx.stats_of(w.t, a)
    weapon_mods = fx.modifiers(w.state, w.t, w.geo, att, "attack", weapon=not touch, vs=dfd)
    mods: Mods = [("melee", st.melee), *weapon_mods, *(extra or ())]
    if w.state.battle is not None and flanked(w, dfd):
        mods.append(("flanking", 2))
    kind = "TAC" if touch else ("FAC" if flat_footed(w, dfd) else "AC")
    ac, _ = fx.armor_class(w.state, w.t, dfd, kind)
    target_kind = (
        DndTarget.TOUCH_AC if touch else DndTarget.FLAT_AC if kind == "FAC" else DndTarget.AC
    )
    where = (w.state.standing(att), w.state.standing(dfd))
    roll = w.throw(
        a.side,
        "1d20",
        mods,
        use=Purpose.ATTACK,
        names=(cause,),
        who=(att, dfd),
        squares=where,
        target=ac,
        target_kind=target_kind,
    )
    if w.settled:
        return True, False
    nat = natural(roll)
    hit = nat == 20 or (nat != 1 and roll.total >= ac)
    threatens = hit and nat >= threat
    details = (
        (DndDetail.NATURAL_20,) if nat == 20 else (DndDetail.NATURAL_1,) if nat == 1 else ()
    ) + ((DndDetail.THREAT,) if threatens else ())
    w.settle(roll, Verdict.HIT if hit else Verdict.MISS, details=details)
    crit = False
    if threatens:
        if no_confirm:
            crit = True
            w.note(DndTag.CRITICAL, fact=Fact.NO_CONFIRM)
        else:
            conf = w.throw(
                a.side,
                "1d20",
                mods,
                use=DndPurpose.CONFIRM,
                names=(cause,),
                who=(att,),
                squares=where,
                target=ac,
                target_kind=target_kind,
            )
            cn = natural(conf)
            crit = cn == 20 or (cn != 1 and conf.total >= ac)
            w.settle(conf, DndVerdict.CRITICAL if crit else DndVerdict.NOT_CONFIRMED)
    if hit and not _blur_spares(w, a.side, dfd):
        return False, False
    return hit, crit


def _blur_spares(w: Work, side: int, dfd: int) -> bool:
    """Blur: a 20% miss chance on every attack roll that hits (SRD concealment)."""
    blur = w.piece(dfd).effect("blur")
    if blur is None:
        return True
    roll = w.throw(
        side,
        "1d100",
        use=DndPurpose.MISS_CHANCE,
        names=("blur",),
        target=blur.amount,
        target_kind=Target.AT_MOST,
    )
    missed = roll.total <= blur.amount
    w.settle(roll, DndVerdict.BLURRED if missed else DndVerdict.SPARED)
    return not missed


def damage_roll(
    w: Work,
    side: int,
    expr: DiceExpr,
    mods: Mods,
    cause: str,
    mult: int = 1,
    floor: int = 1,
    use: str = Purpose.DAMAGE,
    by: int = -1,
) -> int:
    """Damage dice and modifiers (``mult`` times on a critical: the roll's ``critical``), at
    least ``floor`` (DD-13); ``use`` says what the amount is (damage, healing, temporary hit
    points), ``cause`` what it comes from (``melee``, a spell's key, ``sneak-attack``) and
    ``by`` the piece whose weapon deals it (-1: none named)."""
    terms = tuple((n * mult, s) for n, s in expr.terms)
    what = "damage" if use == Purpose.DAMAGE else "healing"
    all_mods = ([(what, expr.bonus)] if expr.bonus else []) + list(mods)
    all_mods = [(label, v * mult) for label, v in all_mods]
    who = (by,) if by >= 0 else ()
    roll = w.throw(
        side, DiceExpr(terms, 0), all_mods, use=use, names=(cause,), who=who, critical=mult
    )
    total = max(floor, roll.total)
    details = (RollDetail.MINIMUM,) if total != roll.total else ()
    w.settle(roll, Verdict.AMOUNT, details=details, numbers=(total,))
    return total


def saving_throw(w: Work, pid: int, kind: str, dc: int, cause: str) -> bool:
    """d20 + save bonus vs DC; natural 1 fails, natural 20 succeeds (DD-22). ``kind`` is the
    save (``fort``, ``ref``, ``will``), ``cause`` the spell's or the ability's key."""
    p = w.piece(pid)
    mods = fx.save_bonus(w.state, w.t, w.geo, pid, kind)
    roll = w.throw(
        p.side,
        "1d20",
        mods,
        use=DndPurpose.SAVE,
        names=(cause, kind),
        who=(pid,),
        squares=(w.state.standing(pid),),
        target=dc,
        target_kind=DndTarget.DC,
    )
    if w.settled:
        return False
    nat = natural(roll)
    ok = nat == 20 or (nat != 1 and roll.total >= dc)
    w.settle(roll, DndVerdict.SAVED if ok else DndVerdict.FAILED)
    return ok
