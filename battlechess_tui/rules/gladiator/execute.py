"""Carrying out a move: steps, battles, instant kills, freezing, abduction, and striking a
frozen piece (GC-18..GC-20, GC-23, GC-27..GC-30), then promotion (GC-11)."""

from __future__ import annotations

from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.gladiator.vocabulary import GladiatorTag

from . import promotion, queen
from .combat import fight, heal_if_victor, kill
from .facts import Fact, ref
from .moves import ABDUCT, ATTACK, FREEZE, KILL, STRIKE, Move
from .state import DONE, QUEEN, Piece, Work, held_by
from .tables import Tables


def execute(t: Tables, w: Work, move: Move, dice: Dice, events: list[Event]) -> None:
    p = w.pieces[w.board[move.frm]]
    target = w.at(move.to)
    w.moved = w.moved | {p.id}
    w.moves_made += 1
    w.phase = DONE
    if t.kinds[p.kind].pawn:
        w.not_quiet()  # a Footman or Squire move cannot be undone (GC-37)
    if move.how == FREEZE:
        queen.freeze(t, w, p, move.to, events)
    elif move.how == ABDUCT and target is not None:
        queen.abduct(t, w, p, target, events)
    elif move.how == KILL and target is not None:
        events.append(
            Note(
                EventTag.KILL, squares=(move.to,), fact=Fact.INSTANT, pieces=(ref(p),), rule="GC-23"
            )
        )
        kill(t, w, target, events, move.to)
        w.put(p.id, move.to)
    elif move.how == ATTACK and target is not None:
        attack(t, w, p, target, move, dice, events)
    elif move.how == STRIKE and target is not None:
        strike(t, w, p, target, move, dice, events)
    elif p.kind == QUEEN:
        queen.leave(t, w, p, move.to, events)
    else:
        w.put(p.id, move.to)
    mover = w.pieces[p.id]
    if w.result is None and mover.on_board:
        promotion.on_arrival(t, w, mover)


def attack(
    t: Tables, w: Work, p: Piece, target: Piece, move: Move, dice: Dice, events: list[Event]
) -> None:
    """GC-18/GC-19: a battle for the square."""
    a_alive, d_alive = fight(t, w, p, target, move.to, False, dice, events)
    if not d_alive:
        kill(t, w, w.pieces[target.id], events, move.to)
        w.put(p.id, move.to)
        heal_if_victor(t, w, p, events)
    elif not a_alive:
        kill(t, w, w.pieces[p.id], events, move.frm)
        heal_if_victor(t, w, target, events)
    else:
        stand(t, p, move, events)


def strike(
    t: Tables, w: Work, p: Piece, own_queen: Piece, move: Move, dice: Dice, events: list[Event]
) -> None:
    """GC-30: attack the piece our Queen holds frozen, with her bonus die. The winner stands on
    her square, the loser dies, and she goes back next to her King."""
    frozen = held_by(w, own_queen)
    assert frozen is not None
    a_alive, d_alive = fight(t, w, p, frozen, move.to, True, dice, events)
    if a_alive and d_alive:
        stand(t, p, move, events)
        return
    queen.free(t, w, own_queen, events)
    if not d_alive:
        kill(t, w, w.pieces[frozen.id], events, move.to)
        w.put(p.id, move.to)
        heal_if_victor(t, w, p, events)
    else:
        kill(t, w, w.pieces[p.id], events, move.frm)
        w.put(frozen.id, move.to)
        heal_if_victor(t, w, frozen, events)


def stand(t: Tables, p: Piece, move: Move, events: list[Event]) -> None:
    """GC-19 (exchange): both survive; the attacker stays home."""
    events.append(Note(GladiatorTag.STAND, pieces=(ref(p, move.frm),), rule="GC-19"))
