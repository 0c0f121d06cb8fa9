"""D&D Battle Chess as a ``Variant``: the decision interface over the rules modules.

``to_move`` is the seat of whoever decides now: the mover, the attacked King's player (DD-17),
or in a battle the player of the piece acting now.
"""

from __future__ import annotations

from typing import Any, ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.spec import VariantSpec
from battlechess_tui.engine.variant import (
    BattleView,
    Combined,
    Outcome,
    PieceView,
    TallySection,
)
from battlechess_tui.rules.chess_family import PIECE_KEYS
from battlechess_tui.rules.dnd import battle, spells, spoils, turn, views
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import SEATS, Work
from battlechess_tui.rules.dnd.items import load_catalogue
from battlechess_tui.rules.dnd.roster import apply_roster, parse_roster
from battlechess_tui.rules.dnd.state import ACT, BATTLE, LOOT, MOVE_PHASE, SWAP, DndState, Piece
from battlechess_tui.rules.dnd.stats import Data, Tables


class DndBattleChess(Combined[DndState]):
    Data: ClassVar[type[Data]] = Data  # type: ignore[misc]
    perft_unit: ClassVar[str] = (
        "one decision: a move, an action choice, a King's swap or a battle action; battles are "
        "won at once by the attacker, ranged attacks hit for average damage and saves fail"
    )

    def __init__(self, spec: VariantSpec, options: dict[str, Any] | None = None) -> None:
        super().__init__(spec, options)
        self.catalogue = load_catalogue()
        self.tables = Tables(self.data, self.catalogue)
        self.campaign = bool(self.options.get("campaign", False))
        self.roster = parse_roster(str(self.options.get("roster", "")), self.geo, self.catalogue)
        self.glyphs = {k: (p.glyph, p.black_glyph or p.glyph) for k, p in spec.pieces.items()}

    # -- the game ------------------------------------------------------------------------------

    def new_game(self, dice: Dice) -> tuple[DndState, list[Event]]:
        """The setup; in campaign play each piece at its roster level with its items (DD-40)."""
        state = self.from_fen(self.spec.setup or cb.STANDARD_FEN)
        apply_roster(state, self.roster, self.tables, self.geo)
        return state, []

    def from_fen(self, fen: str, level: int | None = None) -> DndState:
        """A position with every piece at ``level`` (default: the ``level`` option, DD-3)."""
        board = ChessBoard(self.geo, fen)
        board.promo_types = (cb.PAWN,)  # DD-31: a Fighter on the back rank stays a Fighter
        lvl = int(level or self.options.get("level", 1))  # type: ignore[arg-type]
        pieces: list[Piece] = []
        at = [-1] * self.geo.size
        for sq, code in enumerate(board.board):
            if not code:
                continue
            cls = self.tables.class_of_piece[PIECE_KEYS[code & 7]]
            hp = self.tables.stats(cls, lvl).hp
            at[sq] = len(pieces)
            pieces.append(Piece(len(pieces), cls, cb.side_of(code), lvl, hp, sq))
        return DndState(board, pieces, at, side=board.side)

    def to_move(self, state: DndState) -> str:
        if state.phase == BATTLE and state.battle is not None:
            return SEATS[state.pieces[state.battle.actor].side]
        if state.phase == SWAP:
            return SEATS[1 - state.side]
        if state.phase == LOOT and state.loot is not None:
            return SEATS[state.pieces[state.loot.winner].side]
        return SEATS[state.side]

    def side_to_move(self, state: DndState) -> int:
        return SEATS.index(self.to_move(state))

    def work(self, state: DndState, dice: Dice | None = None) -> Work:
        return Work(state, self.tables, self.geo, dice or Dice(), [], self.campaign)

    def legal_actions(self, state: DndState) -> list[Action]:
        if "actions" in state._cache:
            return state._cache["actions"]
        if self.outcome(state) is not None:
            actions: list[Action] = []
        elif state.phase == MOVE_PHASE:
            actions = turn.move_actions(state)
            if self.campaign:
                actions = [*actions, spoils.SURRENDER]
        elif state.phase == LOOT:
            actions = list(spoils.LOOT_ACTIONS)
        elif state.phase == ACT:
            actions = turn.act_actions(state, self.work(state))
        elif state.phase == SWAP:
            actions = turn.swap_actions(state, self.work(state))
        else:
            actions = battle.options(self.work(state))
        state._cache["actions"] = actions
        return actions

    def apply(self, state: DndState, action: Action, dice: Dice) -> tuple[DndState, list[Event]]:
        w = self.work(state.clone(), dice)
        s = w.state
        if s.phase == LOOT:
            spoils.do_loot(w, action)
            turn.end_turn(w)
        elif s.phase == MOVE_PHASE and action == spoils.SURRENDER:
            spoils.surrender(w)
        elif s.phase == MOVE_PHASE:
            move = turn.find_move(s, action)
            if move is None:
                raise ValueError(f"{action.text(self.geo)} is not legal here")
            turn.do_move(w, move)
        elif s.phase == ACT:
            turn.do_act(w, action)
        elif s.phase == SWAP:
            turn.do_swap(w, action)
        else:
            battle.act(w, action)
            if s.battle is None:
                turn.end_turn(w)
        s._cache.clear()
        return s, w.events

    def outcome(self, state: DndState) -> Outcome | None:
        if state.loot is not None:
            return None  # the winner of the last battle chooses first (DD-42)
        if state.result is not None:
            return state.result
        if state.quiet >= self.tables.data.quiet_turns:
            return Outcome(None, f"{state.quiet} turns without damage", "DD-4")
        if state.phase == MOVE_PHASE and not turn.move_list(state):
            return Outcome(None, f"{self.side_names[state.side]} cannot move", "DD-4")
        return None

    # -- words ---------------------------------------------------------------------------------

    def notation(self, state: DndState, action: Action) -> str:
        text = action.text(self.geo)
        if action.kind == MOVE and len(action.squares) == 2:
            frm, to = action.squares
            p, q = state.piece_at(frm), state.piece_at(to)
            if p is None:
                return text
            letter = self.tables.classes[p.cls].letter
            if (
                turn.find_move(state, action) is not None
                and abs(to - frm) == 2
                and (state.board.board[frm] & 7 == cb.KING)
            ):
                return "O-O" if to > frm else "O-O-O"
            sep = "x" if q is not None else "-"
            return f"{letter}{self.geo.name(frm)}{sep}{self.geo.name(to)}"
        actor = self._actor(state)
        if actor is None:
            return text
        return f"{self.tables.classes[actor.cls].name}: {text}"

    def _actor(self, state: DndState) -> Piece | None:
        if state.phase == BATTLE and state.battle is not None:
            return state.pieces[state.battle.actor]
        if state.phase == ACT and state.actors:
            return state.pieces[state.actors[0]]
        if state.phase == LOOT and state.loot is not None:
            return state.pieces[state.loot.winner]
        return None

    def why_illegal(self, state: DndState, action: Action) -> str:
        if self.outcome(state) is not None:
            return "the game is over"
        text = action.text(self.geo)
        if action == spoils.SURRENDER:
            if not self.campaign:
                return "surrender is a rule of campaign play (DD-45): resign instead"
            return "the King may surrender only instead of a move (DD-45)"
        if state.phase == LOOT:
            return "the battle's winner chooses: loot or leave the fallen piece's items (DD-42)"
        if action.kind in ("loot", "leave"):
            return "items are looted only from a piece just killed in melee (DD-42)"
        if state.phase == MOVE_PHASE:
            return self._why_move(state, action)
        if state.phase == SWAP:
            return (
                "the King is attacked: answer swap <an adjacent Fighter's square> or stay (DD-17)"
            )
        if state.phase == ACT:
            return self._why_effect(state, action)
        legal = ", ".join(sorted({a.text(self.geo) for a in self.legal_actions(state)}))
        if action.kind == "withdraw":
            return "only a Cleric, Wizard or Rogue that started the battle may withdraw (DD-16)"
        if action.kind == "attack":
            b = state.battle
            if b is not None and b.first:
                return "the defender's first action may not be a melee attack (DD-11)"
            return "a charmed piece may not attack its charmer (DD-23)"
        return f"{text} is not open in this battle; choose one of: {legal}"

    def _why_move(self, state: DndState, action: Action) -> str:
        if action.kind != MOVE or len(action.squares) != 2:
            return "first make a chess move (DD-4), e.g. e2e4"
        frm, to = action.squares
        p = state.piece_at(frm)
        if p is None:
            return f"there is no piece on {self.geo.name(frm)}"
        if p.side != state.side:
            return f"that piece is {self.side_names[p.side]}'s"
        if any(e.condition in turn.NO_MOVE for e in p.effects):
            return "a paralyzed, prone or fascinated piece cannot move (DD-23, DD-28)"
        q = state.piece_at(to)
        if q is not None and q.id in fx.charmed_by(p):
            return "a charmed piece may not attack its charmer (DD-23)"
        f = state.fascination
        if f is not None and state.pieces[f.king].side == state.side:
            return "the King must move this turn (Fascinate, DD-28)"
        if action.choice:
            return "pieces do not change on the back rank: they rise a level instead (DD-31)"
        return f"that piece cannot move from {self.geo.name(frm)} to {self.geo.name(to)} (DD-4)"

    def _why_effect(self, state: DndState, action: Action) -> str:
        if action.kind == MOVE:
            return "the moved piece takes its action now: none, or a spell or ability (DD-5)"
        if action.kind == "cast":
            p = state.pieces[state.actors[0]]
            if action.choice not in spells.castable(self.tables, p):
                return f"no {action.choice} slot left for this piece (DD-19)"
            return ("the target must stand where this piece could move next turn, within range, "
                    "with nothing in between (DD-7, DD-8)")  # fmt: skip
        return "choose none, or a spell or ability with its target (DD-5, DD-7)"

    # -- views ---------------------------------------------------------------------------------

    def piece_view(self, state: DndState, square: int) -> PieceView | None:
        return views.piece_view(state, self.tables, self.glyphs, square)

    def piece_card(self, state: DndState, square: int) -> list[str]:
        return views.piece_card(state, self.tables, self.geo, square)

    def square_marks(self, state: DndState) -> dict[int, str]:
        marks = {sq: "used" for sq in state.used_squares}
        if state.battle is not None:
            marks[state.battle.square] = "battle"
        return marks

    def status(self, state: DndState) -> str:
        result = self.outcome(state)
        if result is not None:
            return result.describe(self.side_names)
        return views.status(state, self.tables, self.geo, self.to_move(state))

    def tally(self, state: DndState) -> list[TallySection]:
        return views.tally(state, self.tables, self.geo)

    def battle_view(self, state: DndState, key: tuple[int, ...] | None = None) -> BattleView | None:
        return views.battle_view(self, state, key)

    def odds(self, state: DndState, action: Action) -> str | None:
        return views.odds(self, state, action)
