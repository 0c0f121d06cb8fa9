"""A static estimate of a D&D Battle Chess position for computer players: cheap, in pawns.

A piece is worth its chess value (the variant file's ``value``), more for each level above the
game's starting level (DD-3: a lead weighs the same at level 1 and level 5, so a search's
squashed worths do not saturate at a level-5 rook) and less as it loses hit points; the King,
worth nothing as material, is worth his hit points because his fall ends the game (DD-9).
Helpful effects add a little, harmful ones and conditions that stop a piece (paralyzed,
prone) take away.

A battle in progress (DD-10..DD-12) puts both pieces at stake: each side gains the foe's worth
times its chance of winning, estimated by a race of hits (``race``). Outside a battle, the
side whose chess move comes next gains most of the best battle that move could start
(``threats``). A lead counts less as the quiet turns that draw the game run out (DD-4), so
the side ahead seeks a battle before the draw and the side behind waits for it.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.approach import approach
from battlechess_tui.rules.dnd.race import DndNumbers, chances, race
from battlechess_tui.rules.dnd.state import BATTLE, DndState, Effect, Piece
from battlechess_tui.rules.dnd.threats import best_battle, next_mover

__all__ = ["DndNumbers", "evaluate", "race", "stake", "worth"]

LEVEL_WORTH = 0.5  # each level above 1 adds half the piece's value
KING_WORTH = 6.0  # the King at full hit points
KING_STAKE = 12.0  # what a battle the King may lose puts at stake (DD-9: the game)
BUFF, DEBUFF, HELPLESS = 0.2, 0.3, 1.0
WIN = 1000.0
#: Share of the best battle the next mover could start that the estimate counts for it.
THREAT_SHARE = 0.8
#: Most pieces whose worth is kept per rules object (a piece is often in many states).
KEPT = 50_000
_kept: WeakKeyDictionary[DndNumbers, dict[Piece, float]] = WeakKeyDictionary()


def evaluate(rules: DndNumbers, state: DndState, side: int) -> float:
    """``side``'s estimate of ``state``: its pieces' worth less the enemy's."""
    result = state.result
    if result is not None:
        return 0.0 if result.winner is None else (WIN if result.winner == side else -WIN)
    total = 0.0
    for p in state.pieces:
        if p.alive:
            total += worth(rules, p) if p.side == side else -worth(rules, p)
    total += approach(rules, state, side)
    if state.phase == BATTLE and state.battle is not None:
        total += battle_stake(rules, state, side)
    mover = next_mover(state)
    if mover is not None:
        threat = THREAT_SHARE * best_battle(rules, state, mover, stake)
        total += threat if mover == side else -threat
    return total * quiet_share(rules, state)


def quiet_share(rules: DndNumbers, state: DndState) -> float:
    """How much of a lead still counts as quiet turns run out (DD-4: a draw after
    ``quiet_turns`` full turns without a hit point lost): all of it for the first half,
    then less each turn, down to none at the draw. A battle will end the quiet."""
    if state.phase == BATTLE:
        return 1.0
    limit = 2 * rules.quiet_turns  # the state counts each side's turn
    return max(0.0, min(1.0, 2 * (limit - state.quiet) / limit))


def battle_stake(rules: DndNumbers, state: DndState, side: int) -> float:
    """What the battle in progress is expected to bring ``side`` (see the module's text)."""
    b = state.battle
    assert b is not None
    att, dfd = state.pieces[b.attacker], state.pieces[b.defender]
    if b.actor == b.attacker or b.first:  # auto: the defender's first action waits
        won, lost = chances(rules, state, att, dfd)
    else:
        lost, won = chances(rules, state, dfd, att)
    gain = won * stake(rules, dfd) - lost * stake(rules, att)
    return gain if att.side == side else -gain


def stake(rules: DndNumbers, p: Piece) -> float:
    """What losing ``p`` costs its side."""
    if rules.tables.classes[p.cls].piece == "king":
        return KING_STAKE
    return worth(rules, p)


def worth(rules: DndNumbers, p: Piece) -> float:
    """What ``p`` is worth to its side, kept for the next state that holds the same piece."""
    kept = _kept.get(rules)
    if kept is None:
        kept = _kept[rules] = {}
    known = kept.get(p)
    if known is None:
        if len(kept) >= KEPT:
            kept.clear()
        known = kept[p] = _worth(rules, p)
    return known


def _worth(rules: DndNumbers, p: Piece) -> float:
    t = rules.tables
    temp = fx.temp_hp(p)
    health = max(0, p.hp + temp) / (fx.max_hp(t, p) + temp)
    piece = t.classes[p.cls].piece
    if piece == "king":
        base = KING_WORTH * health
    else:
        value = rules.spec.pieces[piece].value * _rise(p.level) / _rise(rules.level)
        base = value * (0.5 + 0.5 * health)
    return base + sum(_effect_worth(e) for e in p.effects)


def _rise(level: int) -> float:
    return 1 + LEVEL_WORTH * (level - 1)


def _effect_worth(e: Effect) -> float:
    if e.condition in fx.HELPLESS:
        return -HELPLESS
    return BUFF if fx.helps(e) else -DEBUFF
