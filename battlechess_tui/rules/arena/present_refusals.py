"""The arena games' refusals in words (``ArenaPresenter.REFUSAL_WORDS``), by ``Reason``."""

from __future__ import annotations

from battlechess_tui.engine.present import RefusalWords
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.refusal import Refusal
from battlechess_tui.rules.arena.rules import Reason


def _ways(presenter: Speaker, refusal: Refusal) -> str:
    name = presenter.geo.name
    frm, to = refusal.squares
    ways = ", ".join(
        f"a {presenter.kind_name(r.kind).lower()} ({name(r.square)})" for r in refusal.pieces
    )
    return f"the gladiator on {name(frm)} moves only as {ways}: none goes to {name(to)} (AR-6)"


WORDS: dict[str, RefusalWords] = {
    Reason.NOT_A_MOVE: "{a[0]} is not a move: a turn is a gladiator move then a supporter "
    "move, each typed from and to, e.g. b3c5 (AR-4)",
    Reason.NO_PROMOTION: "gladiators never promote (AR-8): drop the '{x[0]}'",
    Reason.HALF_SKIPPED: "none of your gladiators could move this turn, so that half was "
    "skipped (AR-5): now move a supporter",
    Reason.GLADIATOR_MOVED: "you have made this turn's gladiator move: now move a supporter (AR-4)",
    Reason.GLADIATOR_FIRST: "first a gladiator move, then a supporter move (AR-4): move one of "
    "your pawns now",
    Reason.UNSUPPORTED: "no friendly supporter sees the gladiator on {sq[0]} along a diagonal "
    "with nothing between, so it cannot move (AR-6)",
    Reason.GLADIATOR_NO_CAPTURE: "a gladiator never captures a supporter (AR-7)",
    Reason.GLADIATOR_OUTSIDE: "a gladiator may not end its move outside the arena (AR-8)",
    Reason.GLADIATOR_BLOCKED: "the way from {sq[0]} to {sq[1]} is blocked (AR-6)",
    Reason.GLADIATOR_WAYS: _ways,
    Reason.SUPPORTER_MUST_FREE: "you had no gladiator move, so this supporter move must give "
    "one of your gladiators a move, and this one does not (AR-5)",
    Reason.NO_CASTLING: "there is no castling: a king is just a supporter (AR-9)",
    Reason.SUPPORTER_NO_CAPTURE: "a supporter never captures: it moves only to an empty square "
    "(AR-9)",
    Reason.SUPPORTER_IN_ARENA: "a supporter may not end its move in the arena (AR-10)",
    Reason.SUPPORTER_BLOCKED: "the way from {sq[0]} to {sq[1]} is blocked",
}
