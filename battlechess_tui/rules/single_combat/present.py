"""What people see of Single Combat Chess: fights in the move log, the odds before an attack
(SC-9), the to-beat numbers on a piece's card, an attacked king marked (there is no check)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.events import Event, Note, Roll
from battlechess_tui.engine.present import NoteWords, RefusalWords
from battlechess_tui.engine.roll_words import RollWords
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.views import Mark, ordinal, percent
from battlechess_tui.engine.vocabulary import Ending, EventTag, MarkKind, Purpose
from battlechess_tui.rules.chess_family.present import ChessPresenter
from battlechess_tui.rules.chess_family.rules import PASS
from battlechess_tui.rules.chess_family.state import ChessState
from battlechess_tui.rules.single_combat import present_refusals
from battlechess_tui.rules.single_combat import roll_words as single_combat_rolls
from battlechess_tui.rules.single_combat.rules import Fact, SingleCombatRules
from battlechess_tui.rules.single_combat.tables import CLASS_OF, COLUMN_NAMES, COLUMNS

#: The king of the side to move stands where an enemy piece could attack it (SC-2, SC-3).
ATTACKED = Mark(MarkKind.STATUS, "attacked", "‼", "!")


class SingleCombatPresenter(ChessPresenter):
    """SC-9 and the words of fights."""

    rules: SingleCombatRules

    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = {
        **ChessPresenter.NOTE_WORDS,
        Fact.WINS: "{owner[0]}'s {k[0]} wins and kills {owner[1]}'s {k[1]} on {at[1]}",
        Fact.HOLDS: "{owner[1]}'s {k[1]} on {at[1]} holds: {owner[0]}'s {k[0]} from {at[0]} is "
        "killed",
        EventTag.PROMOTE: "the pawn promotes to a {k[0]} on {at[0]}",
        EventTag.KING: "{side}'s king is killed: {other} wins ({rule})",
    }

    #: Why a decision is refused (``present_refusals.py``).
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = present_refusals.WORDS

    def kind_name(self, kind: str) -> str:
        return super().kind_name(kind).lower()  # "wins and kills Black's knight"

    def roll_words(self, roll: Roll) -> RollWords:
        """A fight's words (``roll_words.py``)."""
        return single_combat_rolls.words(self, roll)

    def check_suffix(self, board: ChessBoard) -> str:
        return ""  # no check in this game (SC-2)

    def notation(self, state: ChessState, action: Action) -> str:
        if action.kind == PASS:
            return "pass"
        return super().notation(state, action)

    def annotate(self, notation: str, events: list[Event]) -> str:
        """Add the fight's roll and result: ``Nxe5 (rolled 6, needs 5: wins)``."""
        for event in events:
            if isinstance(event, Roll) and event.use == Purpose.FIGHT:
                notation += single_combat_rolls.annotation(self, event)
        if any(isinstance(e, Note) and e.tag == EventTag.KING for e in events):
            notation += " — king killed"
        return notation

    def outcome_reason(self, outcome: Outcome) -> str:
        """SC-3 and SC-8 in words."""
        if outcome.reason:
            return outcome.reason
        if outcome.kind == Ending.KING_KILLED and outcome.winner is not None:
            return f"{self.side_names[1 - outcome.winner]}'s king was killed"
        if outcome.kind == Ending.QUIET and outcome.numbers:
            return (
                f"{outcome.numbers[0]} moves by each side with no pawn move and no capture attempt"
            )
        if outcome.kind == Ending.REPETITION and outcome.numbers:
            return f"the same position for the {ordinal(outcome.numbers[0])} time"
        return super().outcome_reason(outcome)

    def odds(self, state: ChessState, action: Action) -> str | None:
        """SC-9: ``P x Q with a d8: needs 8, 12.5%`` for a capture, None for a quiet move."""
        pair = self.rules.fighters(state, action)
        if pair is None:
            return None
        attacker, defender = pair
        a, d = cb.LETTERS[attacker & 7], cb.LETTERS[defender & 7]
        needs = self.rules.needs(attacker, defender)
        chance = percent(self.rules.chance(state, action).p)
        return f"{a} x {d} with a {self.rules.die}: needs {needs}, {chance}"

    def marks_of(self, state: ChessState, square: int) -> tuple[Mark, ...]:
        board = state.board
        if square == board.kings[board.side] and board.in_check():
            return (ATTACKED,)
        return ()

    def status(self, state: ChessState) -> str:
        side = self.side_names[state.board.side]
        if not state.moves:
            return f"{side} has no move and must pass (SC-4)"
        attacked = state.board.in_check()
        return f"{side} to move" + (" — your king is attacked" if attacked else "")

    def piece_card(self, state: ChessState, square: int) -> list[str]:
        lines = super().piece_card(state, square)
        piece = state.board.board[square]
        if piece:
            table, die = self.rules.table, self.rules.die
            row = CLASS_OF[piece & 7]
            attack = ", ".join(f"{COLUMN_NAMES[c]} {table.needs(row, c)}" for c in COLUMNS)
            defend = ", ".join(f"{COLUMN_NAMES[c]} {table.needs(c, row)}" for c in COLUMNS)
            lines.append(f"Attacking with a {die} it needs: {attack}")
            lines.append(f"Attackers need against it: {defend}")
        return lines
