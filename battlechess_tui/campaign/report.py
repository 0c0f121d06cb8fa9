"""A campaign in words: ``battlechess campaign show`` and the campaign screen's summary."""

from __future__ import annotations

from pathlib import Path

from battlechess_tui.campaign.between_games import powers
from battlechess_tui.campaign.model import SIDE_KEYS, CampaignFile, PieceRecord
from battlechess_tui.campaign.power import item_value
from battlechess_tui.campaign.support import support
from battlechess_tui.campaign.words import result_line, side_names, spoils_line
from battlechess_tui.engine.rules import SIDE_NAMES as SIDES


def class_names() -> dict[str, str]:
    """Each class's key -> its name: ``fighter`` -> ``Fighter``."""
    return support().class_names()


def piece_line(p: PieceRecord, names: dict[str, str] | None = None) -> str:
    """``e2 Fighter L2  kills 1  +1 weapon, Ring of Protection +1``."""
    cat = support().items
    names = names or class_names()
    items = ", ".join(cat.name(i) for i in p.items) or "-"
    return f"{p.square:<3} {names[p.cls]:<8} L{p.level}  kills {p.kills:<2} {items}"


def side_lines(c: CampaignFile, side: int) -> list[str]:
    rec = c.side(side)
    power = powers(c)[side]
    value = item_value(rec, support().items)
    head = (
        f"{SIDES[side]} ({rec.player}): war chest {rec.chest:,} gold, battle power {power} "
        f"(items worth {value:,} gold)"
    )
    names = class_names()
    return [head, *(f"  {piece_line(p, names)}" for p in rec.pieces)]


def game_lines(c: CampaignFile) -> list[str]:
    """A line a game, worded from its facts (``campaign/words.py``)."""
    out = []
    names = side_names(c)
    for g in c.games:
        spoils = spoils_line(g)
        paid = f"prize {g.prize:,}" + (f", spoils: {spoils}" if spoils else "")
        result = result_line(g, names)
        out.append(
            f"  {g.number:>3}. {result} - power {g.power[0]}:{g.power[1]}, {paid} [{g.file}]"
        )
    if c.current is not None:
        out.append(f"  {c.current.number:>3}. in play [{c.current.file}]")
    return out or ["  no games yet"]


def summary(c: CampaignFile, path: Path | None = None) -> list[str]:
    lines = [
        f"Campaign {c.name!r}"
        + (f" ({path})" if path else "")
        + f", item catalogue version {c.catalogue_version}"
    ]
    for side in (0, 1):
        lines += side_lines(c, side)
    lines.append(f"Games ({len(c.games)}):")
    lines += game_lines(c)
    if c.spoils is not None:
        who = SIDES[SIDE_KEYS.index(c.spoils.winner)]
        lines.append(
            f"Waiting: {who} chooses the spoils of the surrender: one enemy item or "
            f"{c.spoils.gold:,} gold (DD-45)"
        )
    return lines
