"""Single Combat's refusals in words, besides the chess games' (``present_refusals.WORDS``)."""

from __future__ import annotations

from battlechess_tui.engine.present import RefusalWords
from battlechess_tui.rules.chess_family import present_refusals as chess
from battlechess_tui.rules.single_combat.rules import Reason

WORDS: dict[str, RefusalWords] = {
    **chess.WORDS,
    Reason.PASS_WITH_MOVES: "you may pass only when you have no move at all (SC-4)",
    Reason.MUST_PASS: "you have no move: you must pass (SC-4)",
}
