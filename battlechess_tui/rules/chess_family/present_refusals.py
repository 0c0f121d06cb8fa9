"""The chess games' refusals in words (``ChessPresenter.REFUSAL_WORDS``), by ``Reason``."""

from __future__ import annotations

from battlechess_tui.engine.present import RefusalWords
from battlechess_tui.rules.chess_family.rules import Reason

WORDS: dict[str, RefusalWords] = {
    Reason.NOT_A_MOVE: "{a[0]} is not a move in {game}: type from and to, e.g. e2e4",
    Reason.BAD_PROMOTION: "'{x[0]}' is not a piece to promote to: use q, r, b or n",
    Reason.NO_PROMOTION: "only a pawn reaching the last rank promotes; drop the '{x[0]}'",
    Reason.CASTLE_OUT_OF_CHECK: "you cannot castle out of check",
    Reason.CASTLE_THROUGH_ATTACK: "the king cannot castle through or into an attacked square",
    Reason.CHECK_UNANSWERED: "your king is in check: this move does not stop it",
    Reason.SELF_CHECK: "that move would leave your king in check",
}
