"""What players see of Dice Chess: dice drawn by face, the turn banner's counts, the tally
that decides a stalled game, notation with rerolls, odds and piece cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import Event, Roll
from battlechess_tui.engine.present import NoteWords, Presenter, RefusalWords
from battlechess_tui.engine.roll_words import RollWords
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.views import PieceView, TallyItem, TallySection
from battlechess_tui.engine.vocabulary import Ending, EventTag
from battlechess_tui.rules.dice_chess import present_refusals
from battlechess_tui.rules.dice_chess import roll_words as dice_chess_rolls
from battlechess_tui.rules.dice_chess.present_refusals import MOVE_WORDS, capture_range
from battlechess_tui.rules.dice_chess.rules import DONE, SWAP, DiceChessRules, Fact, face_of
from battlechess_tui.rules.dice_chess.state import DiceChessState
from battlechess_tui.rules.dice_chess.vocabulary import DiceChessPurpose, DiceChessTag

GLYPHS = "⚀⚁⚂⚃⚄⚅"


class DiceChessPresenter(Presenter[DiceChessState]):
    """Words and views of Dice Chess, read off ``DiceChessRules``."""

    rules: DiceChessRules
    consequences = Presenter.consequences | {DiceChessTag.SWAP}

    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = {
        EventTag.PASS: "{side} has no move and passes ({rule})",
        DiceChessTag.SWAP: "{side} swaps the {n[0]} on {sq[0]} and the {n[1]} on {sq[1]}",
        Fact.ARRANGED: "{side} has arranged the dice",
        Fact.BEGINS: "{side} has arranged the dice: play begins, {other} to move",
        EventTag.CAPTURE: "{side}'s {n[0]} on {sq[0]} captures {other}'s {n[1]} on {sq[1]}",
    }
    #: Why a decision is refused (``present_refusals.py``).
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = present_refusals.WORDS

    # -- rolls (their words: ``roll_words.py``) -----------------------------------------------

    def roll_words(self, roll: Roll) -> RollWords:
        return dice_chess_rolls.words(self, roll)

    # -- the move log ------------------------------------------------------------------------

    def notation(self, state: DiceChessState, action: Action) -> str:
        geo = self.geo
        if action.kind == SWAP and len(action.squares) == 2:
            a, b = action.squares
            faces = f"{face_of(state.board[a])}↔{face_of(state.board[b])}"
            return f"swap {geo.name(a)} {geo.name(b)} ({faces})"
        if action.kind == DONE:
            return "done arranging"
        if action.kind != MOVE or len(action.squares) != 2:
            return action.text(geo)
        return self._move_text(state, action)

    def logged(self, state: DiceChessState, action: Action, events: list[Event]) -> str:
        """A capture with the capturing die's new face: ``3 c2xc3 (takes 2, rerolled 5)``."""
        for event in events:
            if isinstance(event, Roll) and event.use == DiceChessPurpose.REROLL:
                return self._move_text(state, action, event.faces[0])
        return self.notation(state, action)

    def _move_text(self, state: DiceChessState, action: Action, rerolled: int | None = None) -> str:
        frm, to = action.squares
        geo = self.geo
        face, victim = face_of(state.board[frm]), state.board[to]
        if victim is None:
            return f"{face} {geo.name(frm)}-{geo.name(to)}"
        new = "" if rerolled is None else f", rerolled {rerolled}"
        return f"{face} {geo.name(frm)}x{geo.name(to)} (takes {victim[1]}{new})"

    # -- the end (DC-11, DC-12, DC-14) ---------------------------------------------------------

    def outcome_reason(self, outcome: Outcome) -> str:
        if outcome.reason:
            return outcome.reason
        if outcome.kind == Ending.NO_DICE and outcome.winner is not None:
            return f"{self.side_names[1 - outcome.winner]} has no dice left"
        if outcome.kind == Ending.SCORE and outcome.numbers:
            yet = " and no capture yet" if outcome.rule == "DC-14" else " with no capture"
            return f"{outcome.numbers[0]} full turns{yet}"
        return super().outcome_reason(outcome)

    def outcome_detail(self, outcome: Outcome) -> str:
        """How a scored game was decided: the board totals, then the captured totals."""
        if outcome.detail or outcome.kind != Ending.SCORE or len(outcome.numbers) != 5:
            return outcome.detail
        _, board_w, board_b, taken_w, taken_b = outcome.numbers
        if board_w != board_b:
            return f"dice on the board total {board_w} to {board_b}"
        if taken_w != taken_b:
            return f"board totals tie at {board_w}; captured dice total {taken_w} to {taken_b}"
        return f"board totals tie at {board_w} and captured totals at {taken_w}"

    # -- the board and the panels --------------------------------------------------------------

    def piece_view(self, state: DiceChessState, square: int) -> PieceView | None:
        die = state.board[square]
        if die is None:
            return None
        side, face = die
        letter = "D" if side == 0 else "d"
        name = f"die showing {face}"
        return PieceView("die", side, letter, GLYPHS[face - 1], name, label=str(face))

    def status(self, state: DiceChessState) -> str:
        """The banner: the setup prompt with the swaps left (DC-2, DC-15), or the side to move
        and the full turn being played towards a stalled game (DC-12) or the opening limit
        (DC-14)."""
        rules = self.rules
        name = self.side_names[state.side]
        if state.setup:
            left = rules.data.max_swaps - state.swaps[state.side]
            if not left:
                return f"{name} has made all {rules.data.max_swaps} swaps: type done (DC-15)"
            squares = rules.start_squares(state.side)
            example = f"{self.geo.name(squares[1])} {self.geo.name(squares[self.geo.width + 4])}"
            # The count first, and short: the banner is one line of 80 columns.
            return (
                f"{name} arranges the dice: {left} swaps left (DC-15); "
                f"swap ({example}) or done (DC-2)"
            )
        if not rules.moves(state):
            return f"{name} has no move and must pass (DC-7)"
        return f"{name} to move — {self._count(state)}"

    def _count(self, state: DiceChessState) -> str:
        """The full turn being played towards a stalled game (DC-12) or the opening limit
        (DC-14), counted as the option, the new-game screen and the rules page count it:
        ``full turn 3 of 10``, the game ending when the last one is done."""
        rules = self.rules
        turn = state.quiet // 2 + 1
        if state.any_capture:
            return f"full turn {turn} of {rules.options['stall_turns']} without a capture (DC-12)"
        if not rules.opening_turns:
            return "no capture yet, and no opening limit (DC-14)"
        return f"full turn {turn} of {rules.opening_turns} before the first capture (DC-14)"

    def tally(self, state: DiceChessState) -> list[TallySection]:
        sections = []
        for side in (0, 1):
            name = self.side_names[side]
            mine = state.dice_of(side)
            board_item = TallyItem(
                f"{len(mine)} dice, total {state.board_total(side)}",
                note="decides a stalled game first (DC-12)",
            )
            sections.append(TallySection(side, f"{name} on the board", (board_item,)))
            taken = state.captured[side]
            items = tuple(TallyItem(f"{GLYPHS[f - 1]} {f}") for f in taken)
            total = TallyItem(f"total {sum(taken)}", note="breaks a tie (DC-12)")
            sections.append(TallySection(side, f"{name} has captured", items + (total,)))
        return sections

    def odds(self, state: DiceChessState, action: Action) -> str | None:
        """A capture is certain or impossible (DC-8); say which, and that a reroll follows."""
        if action.kind != MOVE or len(action.squares) != 2:
            return None
        die, victim = state.board[action.squares[0]], state.board[action.squares[1]]
        if die is None or victim is None or victim[0] == die[0]:
            return None
        face = die[1]
        if victim[1] > face:
            return (
                f"a {face} captures only dice showing {capture_range(face)}: "
                f"it cannot take a {victim[1]}"
            )
        return (
            f"a {face} captures only dice showing {capture_range(face)}: taking the {victim[1]} "
            "is certain; then your die is rerolled, each face 1 in 6 (DC-10)"
        )

    def piece_card(self, state: DiceChessState, square: int) -> list[str]:
        die = state.board[square]
        if die is None:
            return []
        side, face = die
        name = self.side_names[side]
        return [
            f"{name} die showing {face} on {self.geo.name(square)}",
            f"Moves: {MOVE_WORDS[face]}",
            f"Captures dice showing {capture_range(face)}; then it is rerolled (DC-8, DC-10)",
        ]

    def rules_markdown(self) -> str:
        """The rules page, then the limits this game was set up with (its options)."""
        rules = self.rules
        opening = rules.opening_turns
        lines = [
            "",
            "## This game's settings",
            f"- Arranging the dice (DC-2): {'on' if rules.options['arrange'] else 'off'}, "
            f"at most {rules.data.max_swaps} swaps a player (DC-15).",
            f"- A stalled game (DC-12): {rules.options['stall_turns']} full turns with no capture.",
            f"- The opening limit (DC-14): {opening} full turns before the first capture."
            if opening
            else "- The opening limit (DC-14): none.",
        ]
        return super().rules_markdown().rstrip("\n") + "\n" + "\n".join(lines) + "\n"
