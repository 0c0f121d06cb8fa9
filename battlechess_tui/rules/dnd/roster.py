"""Per-piece levels and items (DD-3, DD-40): the option ``roster`` of a campaign game.

A roster is compact JSON keyed by each piece's starting square, listing only pieces that differ
from the option ``level``: ``{"e1": [2, ["ring-of-protection+1"]], "d2": [3, []]}``. Being an
option, it is saved with the game, so a campaign game replays and verifies like any other.
"""

from __future__ import annotations

import json
from dataclasses import replace

from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.items import Catalogue
from battlechess_tui.rules.dnd.state import Draft
from battlechess_tui.rules.dnd.stats import Tables

Roster = dict[str, tuple[int, tuple[str, ...]]]
MAX_LEVEL = 5


def parse_roster(text: str, geo: Geometry, cat: Catalogue) -> Roster:
    """The roster option read back; ValueError naming the first problem."""
    if not text.strip():
        return {}
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"option roster is not valid JSON: {exc.msg}") from None
    if not isinstance(raw, dict):
        raise ValueError('option roster maps squares to [level, [items]], e.g. {"e1": [2, []]}')
    out: Roster = {}
    for square, entry in raw.items():
        try:
            geo.parse(square)
        except ValueError:
            raise ValueError(f"option roster: {square!r} is not a square") from None
        if not (
            isinstance(entry, list)
            and len(entry) == 2
            and isinstance(entry[0], int)
            and isinstance(entry[1], list)
        ):
            raise ValueError(f"option roster: {square} needs [level, [items]]")
        level, texts = entry
        if not 1 <= level <= MAX_LEVEL:
            raise ValueError(f"option roster: {square} has level {level} (1 to 5)")
        out[square] = (level, tuple(cat.parse(str(t)).text for t in texts))
    return out


def roster_text(roster: Roster) -> str:
    """The canonical option text (sorted, no spaces): the same roster always reads the same."""
    data = {sq: [lvl, list(items)] for sq, (lvl, items) in sorted(roster.items())}
    return json.dumps(data, separators=(",", ":")) if data else ""


def apply_roster(state: Draft, roster: Roster, t: Tables, geo: Geometry) -> None:
    """Give the pieces on the roster's squares their levels and items, at full hit points."""
    for square, (level, items) in roster.items():
        p = state.piece_at(geo.parse(square))
        if p is None:
            raise ValueError(f"option roster: no piece starts on {square}")
        p = replace(p, level=level, items=items)
        state.set(replace(p, hp=fx.max_hp(t, p)))
