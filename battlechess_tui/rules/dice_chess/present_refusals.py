"""Dice Chess in words: how each face moves, what it captures, and why a decision is refused
(``DiceChessPresenter.REFUSAL_WORDS``, by ``Reason``)."""

from __future__ import annotations

from battlechess_tui.engine.present import RefusalWords
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.rules.dice_chess.rules import Reason
from battlechess_tui.rules.dice_chess.state import FACES

MOVE_WORDS = {
    1: "one or two squares forward, back, left or right, never jumping (DC-6)",
    **{f: "one square forward, back, left or right (DC-4)" for f in range(2, FACES)},
    FACES: "one square in any of the eight directions (DC-5)",
}


def capture_range(face: int) -> str:
    """The faces a die showing ``face`` captures, in words (DC-8): ``1``, ``1-4``."""
    return "1" if face == 1 else f"1-{face}"


def _captures_only(presenter: Speaker, refusal: Refusal) -> str:
    face, there = refusal.numbers
    return (
        f"a {face} captures only dice showing {capture_range(face)} (DC-8); "
        f"the die on {presenter.geo.name(refusal.squares[0])} shows {there}"
    )


def _wrong_step(presenter: Speaker, refusal: Refusal) -> str:
    face = refusal.numbers[0]
    return f"a die showing {face} moves {MOVE_WORDS[face]}"


WORDS: dict[str, RefusalWords] = {
    SharedReason.NO_PIECE: "there is no die on {sq[0]}",
    SharedReason.NOT_YOURS: "the die on {at[0]} is {owner[0]}'s",
    SharedReason.OWN_PIECE_THERE: "{at[0]} holds your own die",
    Reason.SETUP_OVER: "the setup phase is over: move a die (DC-2)",
    Reason.PASS_WITH_MOVES: "you may pass only when none of your dice can move (DC-7)",
    Reason.NOT_A_MOVE: "{a[0]} is not a move: type from and to, e.g. d2d3",
    Reason.ARRANGE_FIRST: "first arrange your dice: swap two of them (swap b1 e2) or type done "
    "(DC-2)",
    Reason.NAME_TWO_DICE: "name two of your dice to swap, e.g. swap b1 e2",
    Reason.SWAP_NOT_OWN: "you may swap only two of your own dice; {sq[0]} and {sq[1]} are not "
    "both yours (DC-2)",
    Reason.SWAP_SAME_FACE: "both dice show {n[0]}: swapping them changes nothing (DC-15)",
    Reason.SWAPS_SPENT: "you have made all {n[0]} swaps: type done (DC-15)",
    Reason.SWAP_ORDER: "the same swap is {a[0]}",
    Reason.MUST_PASS: "none of your dice can move: you must pass (DC-7)",
    Reason.CAPTURES_ONLY: _captures_only,
    Reason.CANNOT_JUMP: "a 1 cannot jump: {sq[0]} is in the way (DC-6)",
    Reason.WRONG_STEP: _wrong_step,
}
