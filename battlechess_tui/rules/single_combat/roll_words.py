"""The words of Single Combat's fights (SC-5), from their facts: ``fight: pawn e4 attacks
bishop d5``, against ``needs 5``, and whether the attacker ``wins`` or ``loses``."""

from __future__ import annotations

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.roll_words import RollWords, against_words, shared_words, verdict_words
from battlechess_tui.engine.vocabulary import Purpose


def words(presenter: Speaker, roll: Roll) -> RollWords:
    if roll.use != Purpose.FIGHT or len(roll.pieces) != 2:
        return shared_words(roll)
    a, d = roll.pieces
    geo = presenter.geo
    purpose = (
        f"fight: {presenter.kind_name(a.kind)} {geo.name(a.square)} attacks "
        f"{presenter.kind_name(d.kind)} {geo.name(d.square)}"
    )
    return RollWords(purpose, "fight", against_words(roll), verdict_words(roll))


def annotation(presenter: Speaker, roll: Roll) -> str:
    """What the move log adds for a fight: `` (rolled 6, needs 5: wins)``."""
    worded = presenter.roll_worded(roll)
    return f" (rolled {roll.total}, {worded.against}: {worded.result})"
