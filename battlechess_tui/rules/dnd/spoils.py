"""Campaign play inside a game: looting the fallen (DD-42) and the King's surrender (DD-45).

Both exist only with the option ``campaign``. After a battle in which one piece killed the other
(every kill in a battle is a melee kill: both fighters are in melee, seed), if the fallen piece
carried items the winner's player decides ``loot`` or ``leave``; kills at range never offer it.
A game that ends with such a battle (the King fell) waits for that choice before it is over.
"""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.actions import Action
from battlechess_tui.rules.dnd import items
from battlechess_tui.rules.dnd.combat import Work
from battlechess_tui.rules.dnd.endings import surrendered
from battlechess_tui.rules.dnd.facts import Fact
from battlechess_tui.rules.dnd.state import LOOT, MOVE_PHASE, Battle, Loot
from battlechess_tui.rules.dnd.vocabulary import DndAction, DndTag

LOOT_ACTIONS = (Action(DndAction.LOOT), Action(DndAction.LEAVE))
SURRENDER = Action(DndAction.SURRENDER)


def offer_loot(w: Work, b: Battle) -> None:
    """DD-42: after battle ``b``, the winner may take the loser's items (a LOOT decision)."""
    s = w.state
    for fall in reversed(s.falls):
        if fall.victim not in (b.attacker, b.defender):
            continue
        winner = w.piece(fall.killer) if fall.killer >= 0 else None
        if fall.melee and fall.items and winner is not None and winner.alive:
            s.loot = Loot(winner.id, fall.victim)
            s.phase = LOOT
        return


def do_loot(w: Work, action: Action) -> None:
    """Take the fallen piece's items (``loot``) or leave them; the turn then ends."""
    s = w.state
    assert s.loot is not None
    winner, loser = w.piece(s.loot.winner), w.piece(s.loot.loser)
    s.loot = None
    s.phase = MOVE_PHASE
    if action.kind == DndAction.LOOT:
        cat = w.t.catalogue
        assert cat is not None
        taken = loser.items
        s.set(replace(winner, items=items.merge(cat, winner.items, loser.items)))
        s.set(replace(loser, items=()))
        fallen = (winner.id, loser.id)  # the fallen piece stands nowhere now
        w.note(DndTag.LOOT, winner.square, fact=Fact.LOOTS, who=fallen, names=taken, rule="DD-42")
    else:
        w.note(DndTag.LOOT, fact=Fact.LEAVES, who=(winner.id,), rule="DD-42")


def surrender(w: Work) -> None:
    """DD-45: the King's player gives up instead of moving: no more losses, the game ends."""
    s = w.state
    side = s.side
    w.note(DndTag.SURRENDER, side=side, rule="DD-45")
    s.result = surrendered(side)
