"""The words of Dice Chess's rolls, from their facts: a side's setup throw (DC-1, DC-2) and a
capturing die thrown again (DC-10)."""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.roll_words import SHARED, RollWords, shared_words, verdict_words
from battlechess_tui.rules.dice_chess.vocabulary import DiceChessPurpose, DiceChessVerdict

#: The shared words with Dice Chess's own.
TABLES = SHARED.extended(
    purposes={DiceChessPurpose.SETUP: "setup", DiceChessPurpose.REROLL: "reroll"},
    verdicts={DiceChessVerdict.SHOWS: "now shows {n[0]}"},
)


def words(presenter: Speaker, roll: Roll) -> RollWords:
    if roll.use == DiceChessPurpose.SETUP:
        return RollWords(_placed(presenter, roll))
    if roll.use == DiceChessPurpose.REROLL and roll.squares:
        where = presenter.geo.name(roll.squares[0])
        return RollWords(f"reroll capturing die on {where}", "", "", verdict_words(roll, TABLES))
    return shared_words(roll, TABLES)


def _placed(presenter: Any, roll: Roll) -> str:
    """``White's dice, placed a1..h1 then a2..h2 (DC-1, DC-2)``: the rows the faces went to,
    in the order thrown."""
    geo, squares = presenter.geo, roll.squares
    side = next((s.side for s in presenter.rules.seats() if s.key == roll.seat), 0)
    rows = " then ".join(
        f"{geo.name(squares[i])}..{geo.name(squares[min(i + geo.width, len(squares)) - 1])}"
        for i in range(0, len(squares), geo.width)
    )
    rule = f" ({roll.rule})" if roll.rule else ""
    return f"{presenter.side_names[side]}'s dice, placed {rows}{rule}"
