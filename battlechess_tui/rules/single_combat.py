"""Single Combat Chess: FIDE chess without check, where every capture is a fight on one die.

The attacker's player rolls the combat die (option ``die``) and needs at least the to-beat
number of the table for (attacker, defender) (SC-5, SC-7). A won fight is an ordinary capture;
a lost one removes the attacker and leaves the defender standing (SC-6). The game ends the
moment a king dies, whichever side started the fight (SC-3).
"""

from __future__ import annotations

import re
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field, field_validator

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.dice import Dice, chance_at_least
from battlechess_tui.engine.events import Event, Note, Roll
from battlechess_tui.engine.spec import OptionValue, SpecError, VariantSpec
from battlechess_tui.engine.variant import Outcome
from battlechess_tui.rules.chess_family import ChessFamily, ChessState

PASS = "pass"
#: Table rows and columns: the king fights in the bishop and knight's class (SC-7).
CLASS_OF = {cb.QUEEN: "Q", cb.ROOK: "R", cb.BISHOP: "BNK", cb.KNIGHT_: "BNK", cb.KING: "BNK",
            cb.PAWN: "P"}  # fmt: skip
COLUMNS = ("Q", "R", "BNK", "P")
COLUMN_NAMES = {"Q": "Q", "R": "R", "BNK": "B/N/K", "P": "P"}
#: SC-8: 75 moves by each side without a pawn move or a capture attempt.
QUIET_PLY_LIMIT = 150
REPETITION_LIMIT = 5
FIGHT = "fight"
SEATS = ("white", "black")
_DIE = re.compile(r"^d(\d+)$")


def die_sides(die: str) -> int:
    """``"d8"`` -> 8."""
    m = _DIE.match(die)
    if not m:
        raise ValueError(f"{die!r} is not a die such as d8")
    return int(m.group(1))


def percent(p: Fraction) -> str:
    """``Fraction(1, 8)`` -> ``"12.5%"``; whole percentages drop the ``.0``."""
    text = f"{float(p) * 100:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


class Table(BaseModel):
    """One die's to-beat table: a row per attacker class, columns Q, R, BNK, P (defender)."""

    model_config = ConfigDict(extra="forbid")
    Q: list[int] = Field(min_length=4, max_length=4)
    R: list[int] = Field(min_length=4, max_length=4)
    BNK: list[int] = Field(min_length=4, max_length=4)
    P: list[int] = Field(min_length=4, max_length=4)

    def needs(self, attacker: str, defender: str) -> int:
        row: list[int] = getattr(self, attacker)
        return row[COLUMNS.index(defender)]


class Data(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tables: dict[str, Table]

    @field_validator("tables")
    @classmethod
    def _numbers_on_the_die(cls, tables: dict[str, Table]) -> dict[str, Table]:
        for die, table in tables.items():
            sides = die_sides(die)
            for row in COLUMNS:
                for value in getattr(table, row):
                    if not 1 <= value <= sides:
                        raise ValueError(f"{die} row {row}: {value} is not a face of a {die}")
        return tables


class SingleCombat(ChessFamily):
    """SC-1..SC-9."""

    Data = Data
    perft_unit = (
        "one move; every capture is assumed to win its fight, a killed king ends the line "
        "(it counts as a leaf only at the last level), castling ignores attacked squares, "
        "and a player with no move makes one decision: pass"
    )

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(spec, options)
        self.die = str(self.options["die"])
        if self.die not in self.data.tables:
            known = ", ".join(self.data.tables)
            raise SpecError(spec.key, [f"options.die: no table for {self.die} (tables: {known})"])
        self.sides = die_sides(self.die)
        self.table: Table = self.data.tables[self.die]

    # -- moves (SC-1, SC-2, SC-4) ------------------------------------------------------------

    def move_list(self, board: ChessBoard) -> list[int]:
        """Every move by the movement rules alone: no check, castling through attacks (SC-2).

        En passant is added here rather than by ``pseudo_moves``, which drops an en passant
        capture that would expose the king: exposing the king is allowed in this game.
        """
        moves = board.pseudo_moves(castling_ignores_attacks=True, en_passant=False)
        if board.ep >= 0:
            pawn = cb.PAWN | (board.side << 3)
            for sq in board.t.pawn_caps[board.side ^ 1][board.ep]:
                if board.board[sq] == pawn:
                    moves.append(cb.encode(sq, board.ep, 0, cb.EN_PASSANT))
        return moves

    def no_move_actions(self, state: ChessState) -> list[Action]:
        return [Action(PASS)]

    # -- fights (SC-5, SC-6, SC-7) -----------------------------------------------------------

    def needs(self, attacker: int, defender: int) -> int:
        """The lowest roll with which ``attacker`` beats ``defender`` (SC-7)."""
        return self.table.needs(CLASS_OF[attacker & 7], CLASS_OF[defender & 7])

    def chance(self, attacker: int, defender: int) -> Fraction:
        return chance_at_least(f"1{self.die}", self.needs(attacker, defender))

    @staticmethod
    def defender_square(board: ChessBoard, move: int) -> int:
        """Where the piece a move attacks stands (en passant: beside the pawn's target)."""
        to = cb.target(move)
        if cb.flag(move) == cb.EN_PASSANT:
            return to - board.pawn_dir[board.side]
        return to

    def resolve(
        self, state: ChessState, board: ChessBoard, move: int, dice: Dice, events: list[Event]
    ) -> ChessState:
        defender_sq = self.defender_square(board, move)
        defender = board.board[defender_sq] if cb.flag(move) != cb.CASTLE else cb.EMPTY
        if not defender:
            return self.after_move(state, board, board.push(move), events)
        attacker = board.board[cb.origin(move)]
        if dice.assume_won or self.fight(board, move, attacker, defender, dice, events):
            return self.win(state, board, move, attacker, defender, events)
        return self.lose(state, board, move, attacker, defender, events)

    def fight(
        self, board: ChessBoard, move: int, attacker: int, defender: int, dice: Dice,
        events: list[Event],
    ) -> bool:  # fmt: skip
        """Roll the combat die for the attacker (SC-5); the settled roll goes into ``events``."""
        geo = self.geo
        needs = self.needs(attacker, defender)
        seat = SEATS[board.side]
        purpose = (
            f"{FIGHT}: {self.piece_name(attacker)} {geo.name(cb.origin(move))} attacks "
            f"{self.piece_name(defender)} {geo.name(self.defender_square(board, move))}"
        )
        roll = dice.roll(seat, f"1{self.die}", purpose, against=f"needs {needs}")
        won = roll.total >= needs
        events.append(dice.settle(roll, result="wins" if won else "loses"))
        return won

    def win(
        self, state: ChessState, board: ChessBoard, move: int, attacker: int, defender: int,
        events: list[Event],
    ) -> ChessState:  # fmt: skip
        """SC-6: the attacker takes the square (and promotes if a pawn reaching the last rank)."""
        geo, side = self.geo, board.side
        frm, to = cb.origin(move), cb.target(move)
        defender_sq = self.defender_square(board, move)
        captured = board.push(move)
        mover, victim = self.side_names[side], self.side_names[side ^ 1]
        events.append(Note(
            "kill",
            f"{mover}'s {self.piece_name(attacker)} wins and kills {victim}'s "
            f"{self.piece_name(defender)} on {geo.name(defender_sq)}",
            (frm, to, defender_sq) if defender_sq != to else (frm, to),
        ))  # fmt: skip
        if cb.promotion(move):
            name = self.piece_name(cb.promotion(move))
            events.append(
                Note("promote", f"the pawn promotes to a {name} on {geo.name(to)}", (to,))
            )
        if defender & 7 == cb.KING:
            board.kings[side ^ 1] = -1
            events.append(Note("king", f"{victim}'s king is killed: {mover} wins (SC-3)", (to,)))
        return self.after_move(state, board, captured, events)

    def lose(
        self, state: ChessState, board: ChessBoard, move: int, attacker: int, defender: int,
        events: list[Event],
    ) -> ChessState:  # fmt: skip
        """SC-6: the attacker dies on its own square; the defender stays; the turn passes."""
        geo, side = self.geo, board.side
        frm = cb.origin(move)
        defender_sq = self.defender_square(board, move)
        mover, other = self.side_names[side], self.side_names[side ^ 1]
        board.remove(frm)
        board.pass_turn()
        board.halfmove = 0  # a capture attempt, even a failed one, resets the count (SC-8)
        events.append(Note(
            "kill",
            f"{other}'s {self.piece_name(defender)} on {geo.name(defender_sq)} holds: "
            f"{mover}'s {self.piece_name(attacker)} from {geo.name(frm)} is killed",
            (frm, defender_sq),
        ))  # fmt: skip
        if attacker & 7 == cb.KING:
            events.append(Note("king", f"{mover}'s king is killed: {other} wins (SC-3)", (frm,)))
        return self.after_move(state, board, attacker, events)

    # -- the end (SC-3, SC-8) ----------------------------------------------------------------

    def outcome(self, state: ChessState) -> Outcome | None:
        for side in (0, 1):
            if any(p & 7 == cb.KING for p in state.lost[side]):
                return Outcome(side ^ 1, f"{self.side_names[side]}'s king was killed", "SC-3")
        return self.draw_by_rule(state)

    def draw_by_rule(self, state: ChessState) -> Outcome | None:
        if state.passes >= 2:
            return Outcome(None, "both players passed in a row", "SC-8")
        if state.board.halfmove >= QUIET_PLY_LIMIT:
            return Outcome(
                None, "75 moves by each side with no pawn move and no capture attempt", "SC-8"
            )
        if state.keys.count(state.keys[-1]) >= REPETITION_LIMIT:
            return Outcome(None, "the same position for the fifth time", "SC-8")
        return None

    # -- words -------------------------------------------------------------------------------

    def check_suffix(self, board: ChessBoard) -> str:
        return ""  # no check in this game (SC-2)

    def notation(self, state: ChessState, action: Action) -> str:
        if action.kind == PASS:
            return "pass"
        return super().notation(state, action)

    def annotate(self, notation: str, events: list[Event]) -> str:
        """Add the fight's roll and result: ``Nxe5 (rolled 6, needs 5: wins)``."""
        for event in events:
            if isinstance(event, Roll) and event.purpose.startswith(FIGHT):
                notation += f" (rolled {event.total}, {event.against}: {event.result})"
        if any(isinstance(e, Note) and e.tag == "king" for e in events):
            notation += " — king killed"
        return notation

    def why_illegal(self, state: ChessState, action: Action) -> str:
        if self.outcome(state) is None:
            if action.kind == PASS and self.moves(state):
                return "you may pass only when you have no move at all (SC-4)"
            if action.kind == MOVE and not self.moves(state):
                return "you have no move: you must pass (SC-4)"
        return super().why_illegal(state, action)

    def odds(self, state: ChessState, action: Action) -> str | None:
        """SC-9: ``P x Q with a d8: needs 8, 12.5%`` for a capture, None for a quiet move."""
        move = self.to_move_int(state, action)
        if move is None or cb.flag(move) == cb.CASTLE:
            return None
        board = state.board
        defender = board.board[self.defender_square(board, move)]
        if not defender:
            return None
        attacker = board.board[cb.origin(move)]
        a, d = cb.LETTERS[attacker & 7], cb.LETTERS[defender & 7]
        needs = self.needs(attacker, defender)
        chance = percent(self.chance(attacker, defender))
        return f"{a} x {d} with a {self.die}: needs {needs}, {chance}"

    # -- views -------------------------------------------------------------------------------

    def status(self, state: ChessState) -> str:
        side = self.side_names[state.board.side]
        if not self.moves(state):
            return f"{side} has no move and must pass (SC-4)"
        attacked = state.board.in_check()
        return f"{side} to move" + (" — your king is attacked" if attacked else "")

    def piece_card(self, state: ChessState, square: int) -> list[str]:
        lines = super().piece_card(state, square)
        piece = state.board.board[square]
        if piece:
            row = CLASS_OF[piece & 7]
            attack = ", ".join(f"{COLUMN_NAMES[c]} {self.table.needs(row, c)}" for c in COLUMNS)
            defend = ", ".join(f"{COLUMN_NAMES[c]} {self.table.needs(c, row)}" for c in COLUMNS)
            lines.append(f"Attacking with a {self.die} it needs: {attack}")
            lines.append(f"Attackers need against it: {defend}")
        return lines

    # -- counting ----------------------------------------------------------------------------

    def perft(self, state: ChessState, depth: int) -> int:
        """Fast perft on make/unmake, counting as ``perft_unit`` says (and as the generic count)."""
        if self.outcome(state) is not None:
            return 1 if depth == 0 else 0
        return self._perft(state.board.copy(), depth, state.passes)

    def _perft(self, board: ChessBoard, depth: int, passes: int) -> int:
        if depth == 0:
            return 1
        moves = self.move_list(board)
        if not moves:
            return self._perft_pass(board, depth, passes)
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            captured = board.push(move)
            if captured & 7 != cb.KING and board.halfmove < QUIET_PLY_LIMIT:
                total += self._perft(board, depth - 1, 0)
            board.pop()
        return total

    def _perft_pass(self, board: ChessBoard, depth: int, passes: int) -> int:
        """A player with no move passes (one decision); a second pass in a row draws (SC-8)."""
        if depth == 1:
            return 1
        if passes + 1 >= 2:
            return 0
        saved = board.ep, board.halfmove, board.fullmove
        board.pass_turn()
        total = 0
        if board.halfmove < QUIET_PLY_LIMIT:
            total = self._perft(board, depth - 1, passes + 1)
        board.side ^= 1
        board.ep, board.halfmove, board.fullmove = saved
        return total
