"""What players see of dice-move chess: the die in the tray and the banner, the pass, the
captured king, the refusals, and the exact odds of the next die (DM-1..DM-9)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from battlechess_dice_move.rules import (
    FACE_TYPES,
    FACES,
    DiceMoveRules,
    DiceMoveState,
    Fact,
    Reason,
)
from battlechess_tui.plugin import (
    PIECE_KEYS,
    Action,
    ActionKind,
    ChessPresenter,
    ChessState,
    Ending,
    GameCommand,
    Note,
    NoteWords,
    Outcome,
    Refusal,
    RefusalWords,
    Roll,
    RollWords,
    TallyItem,
    TallySection,
    chessboard,
    shared_words,
)

GLYPHS = "⚀⚁⚂⚃⚄⚅"

PASS_COMMAND = GameCommand(
    "pass",
    "n",
    "Pass",
    "Pass: the die names a kind of piece that cannot move (DM-3)",
    Action(ActionKind.PASS),
    when="only when no piece of the kind the die names can move (DM-3)",
    guide=(
        "**Pass** (`n`, or type `pass`): when no piece of the kind your die names has a "
        "legal move, your turn passes and the opponent's die is thrown (DM-3)."
    ),
)


def kind_name(face: int) -> str:
    """The kind of piece a face names: ``knight``."""
    return PIECE_KEYS[FACE_TYPES[face]]


def plural(face: int) -> str:
    return kind_name(face) + "s"


def chance(p: Fraction) -> str:
    """``2 in 6`` for sixths, the fraction otherwise."""
    if (p * 6).denominator == 1:
        return f"{p * 6} in 6"
    return str(p)


def faces_text(faces: list[int]) -> str:
    """``1, 2 and 6``."""
    names = [str(f) for f in faces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _no_move(presenter: Any, note: Note) -> str:
    face = note.numbers[0] if note.numbers else 0
    side = presenter.side_names[note.side or 0]
    if not face:
        return f"{side} has no move and passes (DM-3)"
    return f"{side}'s die shows {face}: no {kind_name(face)} can move, so {side} passes (DM-3)"


def _not_rolled(presenter: Any, refusal: Refusal) -> str:
    face = refusal.numbers[0]
    piece = refusal.pieces[0].kind if refusal.pieces else "piece"
    return f"your die shows {face}: move a {kind_name(face)}, not a {piece} (DM-2)"


REFUSAL_WORDS: dict[str, RefusalWords] = {
    Reason.NOT_ROLLED: _not_rolled,
    Reason.PASS_WITH_MOVES: lambda p, r: (
        f"your die shows {r.numbers[0]}: a {kind_name(r.numbers[0])} can move, so you may "
        "not pass (DM-3)"
        if r.numbers and r.numbers[0]
        else "you have a move, so you may not pass (DM-3)"
    ),
    Reason.MUST_PASS: lambda p, r: (
        f"your die shows {r.numbers[0]}: no {kind_name(r.numbers[0])} can move; pass "
        "(key n, or type pass) (DM-3)"
        if r.numbers and r.numbers[0]
        else "you have no move: pass (DM-3)"
    ),
}


class DiceMovePresenter(ChessPresenter):
    """Words and views of dice-move chess, read off ``DiceMoveRules``."""

    rules: DiceMoveRules
    #: Every move has odds worth showing at the cursor: the next die's (DM-6).
    QUIET_MOVE_ODDS = True

    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = {
        Fact.NO_MOVE: _no_move,
        Fact.KING_TAKEN: "{side} captures {other}'s king on {sq[1]} ({rule})",
    }
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = {
        **ChessPresenter.REFUSAL_WORDS,
        **REFUSAL_WORDS,
    }

    # -- the die (DM-1, DM-2, DM-3) ----------------------------------------------------------

    def roll_words(self, roll: Roll) -> RollWords:
        """``White's die`` and what it names: ``a knight moves (5 moves)``, or the pass."""
        if roll.dice != "1d6" or not roll.faces:
            return shared_words(roll)
        side = next((s.label for s in self.rules.seats() if s.key == roll.seat), roll.seat)
        face = roll.faces[0]
        count = roll.numbers[1] if len(roll.numbers) > 1 else 0
        if count:
            moves = "1 move" if count == 1 else f"{count} moves"
            result = f"{kind_name(face)} to move ({moves})"
        else:
            result = f"no {kind_name(face)} can move: pass (DM-3)"
        return RollWords(f"{side}'s die", "", "", result)

    def notation(self, state: ChessState, action: Action) -> str:
        if action.kind == ActionKind.PASS:
            roll = state.roll if isinstance(state, DiceMoveState) else 0
            return f"pass ({roll})" if roll else "pass"
        return super().notation(state, action)

    # -- the banner and the tally --------------------------------------------------------------

    def status(self, state: ChessState) -> str:
        """``White to move — die ⚁ 2: a knight`` (with check), or the pass to make."""
        assert isinstance(state, DiceMoveState)
        side = self.side_names[state.board.side]
        check = " — check!" if state.board.in_check() else ""
        if not state.roll:
            return f"{side} to move — no die thrown: any piece (DM-8){check}"
        face = state.roll
        die = f"die {GLYPHS[face - 1]} {face}"
        if not state.moves:
            return f"{side}: {die}, no {kind_name(face)} can move — pass (n) (DM-3){check}"
        return f"{side} to move — {die}: a {kind_name(face)} (DM-2){check}"

    def odds(self, state: ChessState, action: Action) -> str | None:
        """The exact odds of the opponent's die after ``action``: which faces let them move,
        which make them pass, and (a check) which answer it and which give up the king."""
        assert isinstance(state, DiceMoveState)
        rules = self.rules
        board = state.board.copy()
        if action.kind == ActionKind.PASS:
            board.pass_turn()
        else:
            move = rules.to_move_int(state, action)
            if move is None:
                return None
            captured = board.push(move)
            if captured & 7 == chessboard.KING:
                return "this move captures the king and wins (DM-5)"
        after = rules.make_state(board, ())
        if rules.outcome(after) is not None:
            return None
        return self.next_die(after)

    def next_die(self, after: DiceMoveState) -> str:
        """The odds of the die of ``after``'s mover (each face 1 in 6)."""
        other = self.side_names[after.board.side]
        counts = self.rules.face_moves(after)
        moving = [f for f in FACES if counts[f]]
        passing = [f for f in FACES if not counts[f]]
        p_pass = Fraction(len(passing), 6)
        text = f"{other}'s die: each face 1 in 6; moves on {faces_text(moving)}"
        if passing:
            names = ", ".join(kind_name(f) for f in passing)
            text += f", passes on {faces_text(passing)} ({names}: {chance(p_pass)}, DM-3)"
        if after.board.in_check():
            text += f"; in check, {other} answers it only on {faces_text(moving)} (DM-5)"
        return text

    def tally(self, state: ChessState) -> list[TallySection]:
        """The pieces lost, then the mover's die and the odds of each face in this position
        (DM-6): on which faces the mover could move, on which it would pass."""
        assert isinstance(state, DiceMoveState)
        counts = self.rules.face_moves(state)
        moving = [f for f in FACES if counts[f]]
        passing = [f for f in FACES if not counts[f]]
        side = state.board.side
        items = [
            TallyItem(f"die: {state.roll} ({kind_name(state.roll)})" if state.roll else "no die")
        ]
        if moving:
            p = Fraction(len(moving), 6)
            items.append(TallyItem(f"moves on {faces_text(moving)}", note=chance(p)))
        if passing:
            p = Fraction(len(passing), 6)
            items.append(TallyItem(f"passes on {faces_text(passing)}", note=chance(p)))
        odds = TallySection(side, f"{self.side_names[side]}'s die, each face 1 in 6", tuple(items))
        return [*super().tally(state), odds]

    # -- the end --------------------------------------------------------------------------------

    def outcome_reason(self, outcome: Outcome) -> str:
        if outcome.kind == Ending.KING_KILLED and outcome.winner is not None:
            return f"{self.side_names[1 - outcome.winner]}'s king was captured"
        if outcome.kind == Ending.DEAD_POSITION:
            return "only the two kings are left"
        return super().outcome_reason(outcome)

    # -- the table's commands --------------------------------------------------------------------

    def commands(self) -> tuple[GameCommand, ...]:
        """The pass (DM-3), a key of its own at the table."""
        return (PASS_COMMAND,)
