"""Single Combat Chess: FIDE chess without check, where every capture is a fight on one die.

The attacker's player rolls the combat die (option ``die``) and needs at least the to-beat
number of the table for (attacker, defender) (SC-5, SC-7). A won fight is an ordinary capture;
a lost one removes the attacker and leaves the defender standing (SC-6). The game ends the
moment a king dies, whichever side started the fight (SC-3).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.dice import Dice, chance_at_least
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.refusal import Refusal
from battlechess_tui.engine.rules import CERTAIN, Chance, Outcome, Searcher
from battlechess_tui.engine.spec import OptionValue, SpecError, VariantSpec
from battlechess_tui.engine.vocabulary import Ending, EventTag, Purpose, Target, Verdict
from battlechess_tui.rules.chess_family.pieces import piece_ref
from battlechess_tui.rules.chess_family.position import check_pawns, count_kings
from battlechess_tui.rules.chess_family.rules import PASS, SEATS, ChessRules
from battlechess_tui.rules.chess_family.state import ChessState
from battlechess_tui.rules.single_combat.tables import CLASS_OF, Data, Table, die_sides

#: SC-8: 75 moves by each side without a pawn move or a capture attempt.
QUIET_PLY_LIMIT = 150
REPETITION_LIMIT = 5
#: SC-8: both players passing in a row is a draw.
PASS_LIMIT = 2


class Fact(StrEnum):
    """Which statement a Single Combat note makes (``Note.fact``; the presenter words it)."""

    WINS = "wins"  # the attacker wins its fight and kills the defender (SC-6)
    HOLDS = "holds"  # the defender holds and the attacker dies (SC-6)


class Reason(StrEnum):
    """Why Single Combat refuses a decision, besides the chess games' reasons."""

    PASS_WITH_MOVES = "pass-with-moves"  # a pass while a move is open (SC-4)
    MUST_PASS = "must-pass"  # a move when there is none: the player passes (SC-4)


#: ``evaluate``: pawns a sure kill of the enemy king is worth beside material (SC-3); a chance
#: at it weighs in proportion, the opponent's chance next move at half (the mover answers first).
KING_WEIGHT = 10.0
#: ``evaluate``: pawns for each move onto a square next to the enemy king, times the mover's
#: chance against a king: the attack two moves away (take what guards the king, then him).
ZONE_WEIGHT = 1.0


#: Centipawns of lead that read as tanh(1) of a won game where the searcher weighs a fight's
#: results (``search.Rule.scale``): twice chess's, since every capture is a fight and a lead
#: in material wins less surely (issue 40: Single Combat's estimates read at chess's scale
#: were best scaled by 0.45; medium weighing at 1,200 scored 12 of 18 against the centipawn
#: weighing it replaced, at 600 only 2 of 16).
FIGHT_SCALE = 1200


class SingleCombatRules(ChessRules):
    """SC-1..SC-9."""

    #: The estimate is a chance of winning: every capture is a fight, weighed as worths.
    estimate_unit = ""

    Data = Data
    perft_unit = (
        "one move; every capture is assumed to win its fight, a killed king ends the line "
        "(it counts as a leaf only at the last level), castling ignores attacked squares, "
        "and a player with no move makes one decision: pass"
    )
    #: After the FEN: ``passes=N``, the passes in a row just made (SC-4, SC-8).
    position_fields: ClassVar[dict[str, int]] = {"passes": 0}

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(spec, options)
        self.die = str(self.options["die"])
        if self.die not in self.data.tables:
            known = ", ".join(self.data.tables)
            raise SpecError(spec.key, [f"options.die: no table for {self.die} (tables: {known})"])
        self.sides = die_sides(self.die)
        self.table: Table = self.data.tables[self.die]
        #: Each piece type's chance against a king (``zone_pressure`` asks it often).
        self.vs_king = {k: float(self.fight_chance(k, cb.KING)) for k in range(1, 7)}

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

    # -- positions -----------------------------------------------------------------------------

    def field_values(self, state: ChessState) -> dict[str, int]:
        return {"passes": state.passes}

    def check_position(self, board: ChessBoard, fields: dict[str, int]) -> None:
        """No check here (SC-2); a side may have lost its king, which ends the game (SC-3),
        but not both; at most ``PASS_LIMIT`` passes in a row; no more pieces than the setup
        and promotions give."""
        check_pawns(board)
        self.check_material(board)
        kings = count_kings(board)
        for side, n in enumerate(kings):
            if n > 1:
                raise ValueError(f"{self.side_names[side]} has {n} kings; each side has one")
        if kings == (0, 0):
            raise ValueError("both kings are missing: the game ends when the first is killed")
        if fields["passes"] > PASS_LIMIT:
            raise ValueError(f"passes={fields['passes']}: the game ends at {PASS_LIMIT}")

    # -- fights (SC-5, SC-6, SC-7) -----------------------------------------------------------

    def needs(self, attacker: int, defender: int) -> int:
        """The lowest roll with which ``attacker`` beats ``defender`` (SC-7)."""
        return self.table.needs(CLASS_OF[attacker & 7], CLASS_OF[defender & 7])

    def fight_chance(self, attacker: int, defender: int) -> Fraction:
        """The chance that ``attacker`` wins its fight against ``defender``."""
        return chance_at_least(f"1{self.die}", self.needs(attacker, defender))

    def fighters(self, state: ChessState, action: Action) -> tuple[int, int] | None:
        """The attacker and defender (piece ints) of a capture, None for other actions."""
        move = self.to_move_int(state, action)
        if move is None or cb.flag(move) == cb.CASTLE:
            return None
        board = state.board
        defender = board.board[self.defender_square(board, move)]
        if not defender:
            return None
        return board.board[cb.origin(move)], defender

    def chance(self, state: ChessState, action: Action) -> Chance:
        """The exact chance from the table that a capture wins its fight (SC-7); certain for
        quiet moves, castling and passes."""
        pair = self.fighters(state, action)
        return CERTAIN if pair is None else Chance(self.fight_chance(*pair))

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
        if self.fight(board, move, attacker, defender, dice, events):
            return self.win(state, board, move, attacker, defender, events)
        return self.lose(state, board, move, attacker, defender, events)

    def fight(
        self,
        board: ChessBoard,
        move: int,
        attacker: int,
        defender: int,
        dice: Dice,
        events: list[Event],
    ) -> bool:
        """Roll the combat die for the attacker (SC-5); the settled roll goes into ``events``."""
        needs = self.needs(attacker, defender)
        origin, target = cb.origin(move), self.defender_square(board, move)
        roll = dice.roll(
            SEATS[board.side],
            f"1{self.die}",
            use=Purpose.FIGHT,
            squares=(origin, target),
            pieces=(piece_ref(attacker, origin), piece_ref(defender, target)),
            target=needs,
            target_kind=Target.AT_LEAST,
            rule="SC-5",
        )
        won = roll.total >= needs
        events.append(dice.settle(roll, verdict=Verdict.WINS if won else Verdict.LOSES))
        return won

    def win(
        self,
        state: ChessState,
        board: ChessBoard,
        move: int,
        attacker: int,
        defender: int,
        events: list[Event],
    ) -> ChessState:
        """SC-6: the attacker takes the square (and promotes if a pawn reaching the last rank)."""
        side = board.side
        frm, to = cb.origin(move), cb.target(move)
        defender_sq = self.defender_square(board, move)
        captured = board.push(move)
        events.append(
            Note(
                EventTag.KILL,
                squares=(frm, to, defender_sq) if defender_sq != to else (frm, to),
                fact=Fact.WINS,
                pieces=(piece_ref(attacker, frm), piece_ref(defender, defender_sq)),
            )
        )
        if cb.promotion(move):
            promoted = piece_ref(cb.promotion(move) | (attacker & cb.BLACK), to)
            events.append(Note(EventTag.PROMOTE, squares=(to,), pieces=(promoted,)))
        if defender & 7 == cb.KING:
            board.kings[side ^ 1] = -1
            events.append(Note(EventTag.KING, squares=(to,), side=side ^ 1, rule="SC-3"))
        return self.after_move(state, board, captured, events)

    def lose(
        self,
        state: ChessState,
        board: ChessBoard,
        move: int,
        attacker: int,
        defender: int,
        events: list[Event],
    ) -> ChessState:
        """SC-6: the attacker dies on its own square (a rook takes its castling right with
        it); the defender stays; the turn passes."""
        side = board.side
        frm = cb.origin(move)
        defender_sq = self.defender_square(board, move)
        board.remove(frm)
        board.pass_turn()
        board.halfmove = 0  # a capture attempt, even a failed one, resets the count (SC-8)
        events.append(
            Note(
                EventTag.KILL,
                squares=(frm, defender_sq),
                fact=Fact.HOLDS,
                pieces=(piece_ref(attacker, frm), piece_ref(defender, defender_sq)),
            )
        )
        if attacker & 7 == cb.KING:
            events.append(Note(EventTag.KING, squares=(frm,), side=side, rule="SC-3"))
        return self.after_move(state, board, attacker, events)

    # -- the end (SC-3, SC-8) ----------------------------------------------------------------

    def outcome(self, state: ChessState) -> Outcome | None:
        """SC-3 and SC-8 (the presenter words them)."""
        for side in (0, 1):
            if state.board.kings[side] < 0:
                return Outcome(side ^ 1, rule="SC-3", kind=Ending.KING_KILLED)
        return self.draw_by_rule(state)

    def draw_by_rule(self, state: ChessState) -> Outcome | None:
        if state.passes >= PASS_LIMIT:
            return Outcome(None, rule="SC-8", kind=Ending.PASSES)
        if state.board.halfmove >= QUIET_PLY_LIMIT:
            return Outcome(None, rule="SC-8", kind=Ending.QUIET, numbers=(QUIET_PLY_LIMIT // 2,))
        if state.repetitions() >= REPETITION_LIMIT:
            return Outcome(None, rule="SC-8", kind=Ending.REPETITION, numbers=(REPETITION_LIMIT,))
        return None

    # -- numbers for computer players ----------------------------------------------------------

    def positional(self, state: ChessState, side: int) -> float:
        """The kings can be killed (SC-3): the side to move's best chance at the enemy king
        now, less half the opponent's best chance at its own next move; and each side's
        pressure on the squares next to the enemy king."""
        board = state.board
        other = board.copy()
        other.side ^= 1
        other.ep = -1
        theirs = self.move_list(other)
        now = self.king_chance(board, state.moves)
        later = self.king_chance(other, theirs)
        pressure = self.zone_pressure(board, state.moves) - self.zone_pressure(other, theirs)
        score = KING_WEIGHT * (now - later / 2) + ZONE_WEIGHT * pressure
        return score if board.side == side else -score

    def zone_pressure(self, board: ChessBoard, moves: list[int] | tuple[int, ...]) -> float:
        """The moves onto squares next to the enemy king, each weighed by its piece's chance
        against a king."""
        zone = board.t.king[board.kings[board.side ^ 1]]
        pieces, odds = board.board, self.vs_king
        return sum(
            odds[pieces[cb.origin(m)] & 7]
            for m in moves
            if cb.target(m) in zone and cb.flag(m) != cb.CASTLE
        )

    def king_chance(self, board: ChessBoard, moves: list[int] | tuple[int, ...]) -> float:
        """The best chance among ``moves`` of killing the enemy king."""
        enemy_king = board.kings[board.side ^ 1]
        best = Fraction(0)
        for m in moves:
            if cb.target(m) == enemy_king and cb.flag(m) != cb.CASTLE:
                best = max(best, self.fight_chance(board.board[cb.origin(m)], cb.KING))
        return float(best)

    def searcher(self) -> Searcher[ChessState] | None:
        """Alpha-beta with fights as chance nodes (8x8 boards)."""
        if (self.geo.width, self.geo.height) != (8, 8):
            return None
        from battlechess_tui.rules.chess_family.search import Rule
        from battlechess_tui.rules.chess_family.searcher import ChessSearcher

        odds = tuple(
            tuple(float(self.fight_chance(a, d)) if a and d else 0.0 for d in range(7))
            for a in range(7)
        )
        return ChessSearcher(
            self,
            Rule(False, odds, QUIET_PLY_LIMIT, PASS_LIMIT, FIGHT_SCALE),
            self.position_fields,
        )

    # -- refusals ------------------------------------------------------------------------------

    def refusal_reason(self, state: ChessState, action: Action) -> Refusal:
        if self.outcome(state) is None:
            if action.kind == PASS and state.moves:
                return Refusal(Reason.PASS_WITH_MOVES, rule="SC-4")
            if action.kind == MOVE and not state.moves:
                return Refusal(Reason.MUST_PASS, rule="SC-4")
        return super().refusal_reason(state, action)

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
        if passes + 1 >= PASS_LIMIT:
            return 0
        saved = board.ep, board.halfmove, board.fullmove
        board.pass_turn()
        total = 0
        if board.halfmove < QUIET_PLY_LIMIT:
            total = self._perft(board, depth - 1, passes + 1)
        board.side ^= 1
        board.ep, board.halfmove, board.fullmove = saved
        return total
