"""Why a decision is refused, in words that cite the rule (GC-4..GC-32)."""

from __future__ import annotations

from battlechess_tui.engine.actions import MOVE, Action

from .moves import Generator, classify, raw_targets
from .state import KING, QUEEN, GladiatorState, Piece
from .tables import SIDE_NAMES, Tables
from .turns import HEAL, NO_OVERRIDE, OVERRIDE, Analysis, commander

CHOICE_WORDS = {
    "place": "place the Queen next to her King (GC-30)",
    "return": "choose where the released piece goes (GC-29)",
    "promote": "choose the piece that returns by promotion (GC-11)",
}


def why_illegal(
    t: Tables, state: GladiatorState, action: Action, found: Analysis, offered: list[Action]
) -> str:
    """The reason ``action`` is refused in ``state`` (``offered``: the legal actions)."""
    geo = t.geo
    if state.result is not None:
        return "the game is over"
    if state.pending:
        head = state.pending[0]
        return f"first {CHOICE_WORDS[head.kind]}: " + ", ".join(a.text(geo) for a in offered)
    if action.kind in (OVERRIDE, NO_OVERRIDE):
        return override_refusal(t, state, found)
    if action.kind == HEAL:
        return (
            "the Queen heals only hurt friendly pieces next to her, at the start of her own "
            "move, while she is on the board (GC-32)"
        )
    if action.kind != MOVE or len(action.squares) != 2:
        return f"{action.text(geo)} is not a Gladiator Chess action: type a move such as f2f4"
    return why_move_illegal(t, state, *action.squares)


def override_refusal(t: Tables, state: GladiatorState, found: Analysis) -> str:
    name = t.commander_name(commander(t, state))
    if state.overriding:
        return f"the King already makes the {name}'s move (GC-14, GC-15)"
    if commander(t, state) == KING:
        return "the King cannot override his own move (GC-14)"
    if found.can_override:  # only the old no-override is refused here
        return f"there is no override question: the {name}'s own move means no override (GC-14)"
    return f"an override could move no piece the {name} cannot: the {name} moves (GC-14)"


def why_move_illegal(t: Tables, state: GladiatorState, frm: int, to: int) -> str:
    geo = t.geo
    p = state.at(frm)
    if p is None:
        return f"there is no piece on {geo.name(frm)}"
    name = t.kinds[p.kind].name
    if p.side != state.side:
        return f"the {name} on {geo.name(frm)} belongs to {SIDE_NAMES[p.side]}"
    if p.id in state.moved:
        return f"the {name} has already moved this turn (GC-13)"
    mover = KING if state.overriding else commander(t, state)
    if not state.overriding and t.kinds[p.kind].commander != mover:
        boss_kind = t.kinds[p.kind].commander
        boss = t.commander_name(boss_kind)
        rule = "GC-14" if mover == KING else "GC-4, GC-13; the King may override, GC-14"
        whose = f"it is the {t.commander_name(mover)}'s move"
        if p.kind == boss_kind:  # a commander moves himself on his own move only
            own = "her" if p.kind == QUEEN else "his"
            return f"{whose}; the {name} moves only on {own} own move ({rule})"
        return f"{whose}; the {name} obeys the {boss} ({rule})"
    gen = Generator(t, state)
    if to not in raw_targets(t, state.board, p, gen.f.queen_free[p.side]):
        return f"a {name} cannot move from {geo.name(frm)} to {geo.name(to)}: " + "; ".join(
            t.kinds[p.kind].moves
        )
    return landing_refusal(t, state, gen, p, to) or (
        "your King is in check: this move does not get him out of it (GC-24)"
        if gen.check
        else "that move would leave your King in check (GC-22)"
    )


def landing_refusal(
    t: Tables, state: GladiatorState, gen: Generator, p: Piece, to: int
) -> str | None:
    if classify(t, state, gen.f, p, to, gen.check) is not None:
        return None
    target = state.at(to)
    assert target is not None
    what = t.kinds[target.kind].name
    if p.kind == QUEEN:
        if target.side == p.side:
            return "the Queen cannot land on her own pieces"
        return f"the Queen cannot freeze the {what} while he is protected (GC-27, GC-28)"
    if target.kind == QUEEN:
        if p.kind == KING and gen.f.protected[p.side]:
            return "the King can never move onto a square holding a Queen (GC-23)"
        if target.side == p.side:
            return (
                "a piece lands on its own Queen only to attack the piece she holds frozen, and "
                "never a frozen Queen (GC-27, GC-30)"
            )
        return f"a {t.kinds[p.kind].name} cannot capture the Queen (GC-29)"
    if target.side == p.side:
        if p.kind == KING:
            return "the King kills his own pieces only to get out of check (GC-23)"
        return f"{t.geo.name(to)} holds your own {what}"
    return "the King cannot be attacked while his King's Knight lives and his Queen is free (GC-21)"
