"""A turn (DD-4..DD-9): one chess move, then one action; the King's swap (DD-17); turn's end.

Decisions, in order: the move (``e2e4``); for a piece that moved to an empty square its action
(``none``, ``cast <spell> [squares]``, ``ability lay-on-hands <square>``; castling gives the
King and then the Rook an action); before a melee or ranged attack on the King, his player's
``swap <square>`` with an adjacent Fighter or ``stay``; then the battle (``battle``).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.dnd import abilities, battle, spells
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import Work
from battlechess_tui.rules.dnd.facts import Fact
from battlechess_tui.rules.dnd.promotion import promote_if_due
from battlechess_tui.rules.dnd.reach import ATTACK_RANGE, BUFF_RANGE, beyond, line_targets
from battlechess_tui.rules.dnd.state import (
    ACT,
    BATTLE,
    MOVE_PHASE,
    SWAP,
    Draft,
    Pending,
    Piece,
    Waiting,
)
from battlechess_tui.rules.dnd.vocabulary import DndAction, DndTag

NO_MOVE = ("paralyzed", "prone", "fascinated")


# -- moves -------------------------------------------------------------------------------------


def move_list(s: Draft) -> list[int]:
    """DD-4: FIDE movement without en passant or check; DD-23 and DD-28 restrictions."""
    board = s.board
    board.side = s.side
    held: set[int] = set()  # squares of pieces that cannot move (DD-23, DD-28)
    charmers: dict[int, tuple[int, ...]] = {}  # square -> the pieces it may not attack
    for p in s.living(s.side):
        if any(e.condition in NO_MOVE for e in p.effects):
            held.add(p.square)
        elif p.has("charmed"):
            charmers[p.square] = fx.charmed_by(p)
    out = []
    for m in board.pseudo_moves(castling_ignores_attacks=True, en_passant=False):
        frm = cb.origin(m)
        if frm in held or (frm in charmers and s.at[cb.target(m)] in charmers[frm]):
            continue
        out.append(m)
    f = s.fascination
    if f is not None and s.pieces[f.king].side == s.side and s.pieces[f.king].alive:
        king_moves = [m for m in out if cb.origin(m) == s.pieces[f.king].square]
        out = king_moves or out
    return out


def find_move(s: Draft, action: Action) -> int | None:
    if action.kind != MOVE or len(action.squares) != 2 or action.choice:
        return None
    for m in move_list(s):
        if (cb.origin(m), cb.target(m)) == action.squares:
            return m
    return None


def do_move(w: Work, move: int) -> None:
    s = w.state
    frm, to = cb.origin(move), cb.target(move)
    mover = s.at[frm]
    enemy = s.at[to]
    if enemy >= 0:
        if swap_squares(s, [enemy], w.geo):
            s.pending = Pending(Waiting.BATTLE, mover, move, frm)
            s.phase = SWAP
            return
        battle.start(w, mover, enemy, move)
        if s.battle is None:
            end_turn(w)
        return
    castle = cb.flag(move) == cb.CASTLE
    rook_from = rook_to = -1
    if castle:
        route = next(r for r in s.board.routes.values() if r.king_from == frm and r.king_to == to)
        rook_from, rook_to = route.rook_from, route.rook_to
    s.board.push(move)
    s.board.side = s.side
    _relocate(s, frm, to)
    actors = [mover]
    if castle:
        _relocate(s, rook_from, rook_to)
        actors.append(s.at[rook_to])
        w.note(EventTag.CASTLE, to, rook_to, rule="DD-6")
    else:
        promote_if_due(w, mover)
    s.actors = tuple(actors)
    next_actor(w)


def _relocate(s: Draft, frm: int, to: int) -> None:
    pid = s.at[frm]
    s.at[frm], s.at[to] = -1, pid
    s.set(replace(s.pieces[pid], square=to))


# -- the action after a move (DD-5, DD-7, DD-8) ------------------------------------------------


def next_actor(w: Work) -> None:
    """Go to the next piece with an action to choose; end the turn when none is left."""
    s = w.state
    while s.actors:
        pid = s.actors[0]
        p = w.piece(pid)
        if effect_actions(s, w, pid) and not (
            p.has("cursed-actions") and battle.loses_action(w, pid)
        ):
            s.phase = ACT
            return
        s.actors = s.actors[1:]
    end_turn(w)


def effect_actions(s: Draft, w: Work, pid: int) -> list[Action]:
    """Ranged attacks, buffs and heals the piece may make now (DD-7), without ``none``."""
    p = s.pieces[pid]
    if not p.alive:
        return []
    reach = line_targets(s.board, p.square)
    charmers = fx.charmed_by(p)
    enemies = [
        (sq, d) for sq, d in reach if s.pieces[s.at[sq]].side != p.side and s.at[sq] not in charmers
    ]
    allies = [(sq, d) for sq, d in reach if s.pieces[s.at[sq]].side == p.side]
    out: list[Action] = []
    for choice in spells.castable(w.t, p):
        d = spells.definition(w.t, choice)
        if d.range in ("self", "burst"):
            out.append(Action(DndAction.CAST, (), choice))
            continue
        if d.use == "attack":
            squares = [sq for sq, dist in enemies if dist <= ATTACK_RANGE[d.range]]
            out.extend(Action(DndAction.CAST, (sq,), choice) for sq in squares)
            count = spells.params(w.t, p, choice).targets or 1
            if choice == "magic-missile" and count > 1:
                out.extend(
                    Action(DndAction.CAST, pair, choice) for pair in combinations(squares, 2)
                )
            continue
        out.extend(
            Action(DndAction.CAST, (sq,), choice) for sq in _ally_squares(p, allies, d.range)
        )
    if abilities.unused(w, pid, "lay-on-hands"):
        out.extend(
            Action(DndAction.ABILITY, (sq,), "lay-on-hands")
            for sq in _ally_squares(p, allies, "touch")
        )
    return out


def _ally_squares(p: Piece, allies: list[tuple[int, int]], rng: str) -> list[int]:
    squares = [sq for sq, dist in allies if dist <= BUFF_RANGE[rng]]
    return ([p.square] if rng == "touch" else []) + squares


def act_actions(s: Draft, w: Work) -> list[Action]:
    return [Action(DndAction.NONE), *effect_actions(s, w, s.actors[0])]


def do_act(w: Work, action: Action) -> None:
    s = w.state
    pid = s.actors[0]
    if action.kind != DndAction.NONE:
        hit = affected(s, w, pid, action)
        if action.choice in ("lay-on-hands",) or not _hostile(w, action):
            hit = []
        if swap_squares(s, [s.at[sq] for sq in hit], w.geo):
            s.pending = Pending(Waiting.EFFECT, pid, action=action)
            s.phase = SWAP
            return
        resolve_effect(w, pid, action)
    s.actors = s.actors[1:]
    if s.result is None:
        next_actor(w)


def _hostile(w: Work, action: Action) -> bool:
    return action.kind == DndAction.CAST and spells.definition(w.t, action.choice).use == "attack"


def affected(s: Draft, w: Work, pid: int, action: Action) -> list[int]:
    """Squares a ranged effect hits: its targets, and the square beyond for Flaming Sphere."""
    squares = list(action.squares)
    if action.choice == "flaming-sphere" and squares:
        nxt = beyond(s.board, s.pieces[pid].square, squares[0])
        if nxt is not None and s.at[nxt] >= 0:
            squares.append(nxt)
    return squares


def resolve_effect(w: Work, pid: int, action: Action) -> None:
    s = w.state
    if action.kind == DndAction.ABILITY:
        abilities.lay_on_hands(w, pid, s.at[action.squares[0]])
        return
    d = spells.definition(w.t, action.choice)
    if d.range == "self":
        targets = [pid]
    elif d.range == "burst":
        targets = battle.burst(w, pid, hostile=action.choice == "prayer")
    else:
        hit = affected(s, w, pid, action)
        targets = [s.at[sq] for sq in hit if s.at[sq] >= 0]
        if action.choice == "magic-missile":
            count = spells.params(w.t, w.piece(pid), "magic-missile").targets or 1
            if len(targets) < count:
                targets = targets * count
    spells.cast(w, pid, action.choice, targets)


# -- DD-17: defending the King -----------------------------------------------------------------


def swap_squares(s: Draft, targets: list[int], geo: Geometry) -> list[int]:
    """Squares of Fighters that may swap with an attacked King among ``targets``."""
    for pid in targets:
        if pid < 0:
            continue
        king = s.pieces[pid]
        if s.board.board[king.square] & 7 != cb.KING:
            continue
        return [
            q.square
            for q in s.living(king.side)
            if s.board.board[q.square] & 7 == cb.PAWN and geo.distance(q.square, king.square) == 1
        ]
    return []


def swap_actions(s: Draft, w: Work) -> list[Action]:
    pend = s.pending
    assert pend is not None
    if pend.action is None:
        targets = [s.at[cb.target(pend.move)]]
    else:
        targets = [s.at[sq] for sq in affected(s, w, pend.actor, pend.action)]
    return [
        Action(DndAction.STAY),
        *(Action(DndAction.SWAP, (sq,)) for sq in swap_squares(s, targets, w.geo)),
    ]


def do_swap(w: Work, action: Action) -> None:
    s = w.state
    pend = s.pending
    assert pend is not None
    s.pending = None
    if action.kind == DndAction.SWAP:
        pawn_sq = action.squares[0]
        king_sq = next(
            sq
            for sq in _king_squares(s, w, pend)
            if s.board.board[sq] & 7 == cb.KING and w.geo.distance(sq, pawn_sq) == 1
        )
        b = s.board
        b.board[king_sq], b.board[pawn_sq] = b.board[pawn_sq], b.board[king_sq]
        side = cb.side_of(b.board[pawn_sq])
        b.kings[side] = pawn_sq
        b.castling &= b.keep[king_sq] & b.keep[pawn_sq]
        kid, fid = s.at[king_sq], s.at[pawn_sq]
        s.at[king_sq], s.at[pawn_sq] = fid, kid
        s.set(replace(s.pieces[kid], square=pawn_sq))
        s.set(replace(s.pieces[fid], square=king_sq))
        w.note(DndTag.SWAP, king_sq, pawn_sq, rule="DD-17")
    if pend.kind == Waiting.BATTLE:
        s.phase = BATTLE
        battle.start(w, pend.actor, s.at[cb.target(pend.move)], pend.move)
        if s.battle is None:
            end_turn(w)
        return
    s.phase = ACT
    assert pend.action is not None
    resolve_effect(w, pend.actor, pend.action)
    s.actors = s.actors[1:]
    if s.result is None:
        next_actor(w)


def _king_squares(s: Draft, w: Work, pend: Pending) -> list[int]:
    if pend.action is None:
        return [cb.target(pend.move)]
    return affected(s, w, pend.actor, pend.action)


# -- the end of a turn -------------------------------------------------------------------------


def end_turn(w: Work) -> None:
    """The other side begins its turn. DD-14 (Ruling, round 2): outside battles a full turn is
    one round, counted off the effects a side cast when that side begins a turn.

    A battle won with a loot choice waiting (DD-42) ends the turn only once it is made.
    """
    s = w.state
    if s.loot is not None:
        return
    s.actors, s.pending, s.battle = (), None, None
    if s.result is not None:
        return
    if not w.t.rounds_on_caster_turns:  # DD-14 before revision 2: a round off every effect
        fx.tick(s, w.t, w.events, w.geo)
    f = s.fascination
    if f is not None and f.turn < s.turn and s.pieces[f.king].side == s.side:
        _end_fascination(w)
    s.quiet = 0 if s.loud else s.quiet + 1  # the turn that dealt damage is not quiet (DD-4)
    s.loud = False
    s.side ^= 1
    s.board.side = s.side
    s.turn += 1
    s.phase = MOVE_PHASE
    if w.t.rounds_on_caster_turns:
        fx.tick(s, w.t, w.events, w.geo, side=s.side)
    _resume_fascinated_battle(w)


def _end_fascination(w: Work) -> None:
    s = w.state
    f = s.fascination
    assert f is not None
    s.fascination = None
    enemy = s.pieces[f.enemy]
    if enemy.alive:
        s.set(enemy.without("fascinated"))


def _resume_fascinated_battle(w: Work) -> None:
    """DD-28: a King who cannot move fights the stopped battle again, without Fascinate."""
    s = w.state
    f = s.fascination
    if f is None or s.pieces[f.king].side != s.side or not s.pieces[f.king].alive:
        return
    king = s.pieces[f.king]
    if any(cb.origin(m) == king.square for m in move_list(s)):
        return
    b = f.battle
    a, d = s.pieces[b.attacker], s.pieces[b.defender]
    _end_fascination(w)
    if not (a.alive and d.alive and a.square == b.origin and d.square == b.square):
        return
    s.set(replace(king, no_fascinate=king.no_fascinate + (f.enemy,)))
    w.note(DndTag.FASCINATE, b.square, fact=Fact.GOES_ON, rule="DD-28")
    s.battle, s.phase = b, BATTLE
    battle.advance(w)
    if s.battle is None:
        end_turn(w)
