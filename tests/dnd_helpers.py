"""Shared helpers for the D&D Battle Chess tests: positions and scripted dice."""

from dataclasses import replace

from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.dnd.rules import dnd_rules
from battlechess_tui.rules.dnd.state import Effect
from tests.scripted_dice import apply_scripted


def position(fen: str, level: int = 1, **options):
    v = make_variant("dnd", {"level": level, **options})
    return v, dnd_rules(v.rules).parse_position(fen)


def built(fen: str, level: int = 1, **options):
    """A state built from position text by the rules' internal reader, without the checks
    ``parse_position`` makes at the public boundary: for a position no game reaches (a side
    with no King, DD-9), which ``play --fen``, ``show`` and the lesson and puzzle files refuse."""
    from battlechess_tui.rules.dnd import position as position_text

    v = make_variant("dnd", {"level": level, **options})
    rules = dnd_rules(v.rules)
    return v, position_text.read(fen, rules.tables, rules.geo, level)


def play(v, s, text: str, *faces: int):
    """Apply the action typed as ``text`` with scripted dice; every scripted face must be used."""
    return apply_scripted(v, s, text, *faces)


def texts(v, s) -> set[str]:
    return {a.text(v.rules.geo) for a in v.legal_actions(s)}


def sq(v, name: str) -> int:
    return v.rules.geo.parse(name)


def at(v, s, name: str):
    return s.piece_at(sq(v, name))


def edit(v, s, name: str, **changes):
    """The state with the piece on ``name`` changed (a test set-up, not a rule)."""
    p = s.piece_at(sq(v, name))
    pieces = list(s.pieces)
    pieces[p.id] = replace(p, **changes)
    return replace(s, pieces=tuple(pieces))


def give(v, s, name: str, *effects: Effect):
    p = at(v, s, name)
    return edit(v, s, name, effects=p.effects + effects)


def tags(events) -> list[str]:
    """The tags of the notes, in order (typed, unlike their words)."""
    return [e.tag for e in events if e.kind == "note"]


def rolls(events):
    return [e for e in events if e.kind == "roll"]


def notes(events):
    return [e.text for e in events if e.kind == "note"]


def marks(square_marks):
    """Square marks by name: ``{square: "used"}``."""
    return {sq_: m.name for sq_, m in square_marks.items()}
