"""Promotion (DD-31, DD-32): one level up on the enemy's back rank, once per piece and square."""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import spells
from battlechess_tui.rules.dnd.combat import Work

MAX_LEVEL = 5


def back_rank(w: Work, side: int) -> int:
    """The enemy's back rank for ``side`` (White: the top rank)."""
    return w.geo.height - 1 if side == 0 else 0


def promote_if_due(w: Work, pid: int) -> None:
    """Level up, full heal, spells and once-per-game abilities back (DD-31); DD-32."""
    s = w.state
    p = w.piece(pid)
    sq = p.square
    if not p.alive or w.geo.rank(sq) != back_rank(w, p.side):
        return
    if p.promoted or sq in s.used_squares or p.level >= MAX_LEVEL:
        return
    spells.end_game_spells(w, pid)
    p = w.piece(pid)
    p = replace(p, level=p.level + 1, promoted=True, slots_used=(0, 0, 0), used=())
    p = replace(p, hp=fx.max_hp(w.t, p))
    s.set(p)
    s.used_squares = s.used_squares + (sq,)
    w.note(EventTag.PROMOTE, sq, who=(pid,), numbers=(p.level,), rule="DD-31")
