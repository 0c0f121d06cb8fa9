"""Shared helpers for the Gladiator Chess tests (this module holds no tests).

Positions are written as ``{"f1": "K", "i1": "N", "f12": "k"}`` (upper case White, letters as
in ``variants/gladiator.toml``) and run on to their first decision; dice are scripted.
"""

from dataclasses import replace

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.gladiator import GladiatorRules
from battlechess_tui.rules.gladiator.state import GladiatorState, Phase, Piece
from tests.scripted_dice import apply_scripted
from tests.typed import typed

V = typed(make_variant("gladiator"), GladiatorRules)
GEO = V.rules.geo


def sq(name: str) -> int:
    return GEO.parse(name)


def board_text(placement: dict[str, str]) -> str:
    rows = []
    for y in range(GEO.height - 1, -1, -1):
        row, gap = "", 0
        for x in range(GEO.width):
            letter = placement.get(GEO.name(GEO.square(x, y)))
            if letter is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + letter
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def position(
    placement: dict[str, str],
    side: int = 0,
    step: int = 0,
    variant=V,
    moved: tuple[str, ...] = (),
    **changes,
) -> GladiatorState:
    """A hand-made position, ``side`` to play the move of commander number ``step``."""
    state = variant.rules.setup_state(board_text(placement), side)
    ids = frozenset(state.board[sq(n)] for n in moved)
    state = replace(state, step=step, moved=ids, **changes)
    return variant.rules.begin(state)


def jump(
    state: GladiatorState, side: int, step: int = 0, variant=V, moved: tuple[str, ...] = ()
) -> GladiatorState:
    """The same board with ``side`` to play the move of commander number ``step``."""
    ids = frozenset(state.board[sq(n)] for n in moved)
    fresh = replace(state, side=side, step=step, phase=Phase.START, moved=ids, overriding=False)
    return variant.rules.begin(fresh)


def act(state: GladiatorState, text: str, *faces: int, variant=V):
    """Make the decision ``text`` (it must be legal) with scripted dice; (state, events)."""
    return apply_scripted(variant, state, text, *faces)


def texts(state: GladiatorState, variant=V) -> list[str]:
    return [a.text(variant.rules.geo) for a in variant.legal_actions(state)]


def moves_from(state: GladiatorState, name: str, variant=V) -> set[str]:
    """Destinations of the legal moves from square ``name``."""
    return {
        GEO.name(a.target)
        for a in variant.legal_actions(state)
        if a.kind == "move" and a.origin == sq(name)
    }


def piece(state: GladiatorState, name: str) -> Piece:
    p = state.at(sq(name))
    assert p is not None, f"no piece on {name}"
    return p


def kind_at(state: GladiatorState, name: str) -> str | None:
    p = state.at(sq(name))
    return None if p is None else p.kind


def notes(events, tag: str | None = None) -> list[str]:
    return [e.text for e in events if isinstance(e, Note) and (tag is None or e.tag == tag)]


def marked(events, tag: str) -> list[tuple[int, ...]]:
    """The squares of each note tagged ``tag`` (typed, unlike its words)."""
    return [e.squares for e in events if isinstance(e, Note) and e.tag == tag]


def rolls(events) -> list[Roll]:
    return [e for e in events if isinstance(e, Roll)]


def move(frm: str, to: str) -> Action:
    return Action("move", (sq(frm), sq(to)))
