"""D&D Battle Chess as ``Rules``: the decision interface over the rules modules.

``to_move`` is the seat of whoever decides now: the mover, the attacked King's player (DD-17),
or in a battle the player of the piece acting now. Every question is answered on a ``Draft``
of the frozen state (its chess board built for it), never on the state itself. The chess moves
of the states asked about last are kept on the rules object, by the state object's identity
(hashing a whole state costs more than finding its moves).
"""

from __future__ import annotations

from typing import Any, ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import AssumeWon, Dice
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.refusal import Refusal
from battlechess_tui.engine.rules import CERTAIN, Chance, Outcome, Rules
from battlechess_tui.engine.spec import OptionValue, VariantSpec
from battlechess_tui.rules.dnd import (
    battle,
    endings,
    estimate,
    odds,
    position,
    refusals,
    spoils,
    turn,
)
from battlechess_tui.rules.dnd.campaign import DndCampaign
from battlechess_tui.rules.dnd.combat import SEATS, Work
from battlechess_tui.rules.dnd.items import load_catalogue
from battlechess_tui.rules.dnd.roster import apply_roster, parse_roster
from battlechess_tui.rules.dnd.state import (
    ACT,
    BATTLE,
    LOOT,
    MOVE_PHASE,
    SWAP,
    DndState,
    Draft,
    chess_board,
)
from battlechess_tui.rules.dnd.stats import Data, Tables
from battlechess_tui.rules.dnd.value import evaluate
from battlechess_tui.rules.dnd.vocabulary import VOCABULARY

MOVE_CACHE = 64  # states whose moves are kept
#: The pieces a side begins with (DD-1: the chess set); D&D promotes no pawn to another piece.
START_PIECES = 16


class DndRules(Rules[DndState]):
    Data: ClassVar[type[Data]] = Data
    vocabulary = VOCABULARY
    perft_unit: ClassVar[str] = (
        "one decision: a move, an action choice, a King's swap or a battle action; battles are "
        "won at once by the attacker, ranged attacks hit for average damage and saves fail"
    )

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(spec, options)
        self.catalogue = load_catalogue()
        self.tables: Tables = Tables(self.data, self.catalogue, spec.revision)
        self.level = int(self.options.get("level", 1))
        self.campaign = bool(self.options.get("campaign", False))
        self.quiet_turns = int(self.options.get("quiet_turns", 100))
        self.roster = parse_roster(str(self.options.get("roster", "")), self.geo, self.catalogue)
        self._moves: dict[int, tuple[DndState, tuple[int, ...]]] = {}

    def campaign_support(self) -> DndCampaign:
        """Campaign play's part of the game (DD-40..DD-48): ``rules/dnd/campaign.py``."""
        return DndCampaign(self, self.tables, self.catalogue)

    # -- the game ------------------------------------------------------------------------------

    def new_game(self, dice: Dice) -> tuple[DndState, list[Event]]:
        """The setup; in campaign play each piece at its roster level with its items (DD-40)."""
        draft = self.draft(self.parse_position(self.spec.setup or cb.STANDARD_FEN))
        apply_roster(draft, self.roster, self.tables, self.geo)
        return draft.freeze(), []

    def draft(self, state: DndState) -> Draft:
        """A changeable copy of ``state`` with its chess board."""
        return Draft(state, chess_board(state, self.geo, self.tables.codes))

    def work(self, state: DndState, dice: Dice | None = None) -> Work:
        """The scratch pad that carries out an action (or answers a question) on a draft.
        ``AssumeWon`` dice settle fights for the mover at once (``combat``'s module text says
        why D&D cannot read them as faces)."""
        dice = dice or Dice()
        settled = isinstance(dice, AssumeWon)
        return Work(self.draft(state), self.tables, self.geo, dice, [], self.campaign, settled)

    def moves(self, state: DndState) -> tuple[int, ...]:
        """The chess moves open in ``state`` (DD-4, DD-23, DD-28)."""
        known = self._moves.get(id(state))
        if known is not None and known[0] is state:
            return known[1]
        moves = tuple(turn.move_list(self.draft(state)))
        if len(self._moves) >= MOVE_CACHE:
            self._moves.clear()
        self._moves[id(state)] = (state, moves)
        return moves

    def find_move(self, state: DndState, action: Action) -> int | None:
        """The chess move ``action`` names, if it is open in ``state``."""
        if action.kind != MOVE or len(action.squares) != 2 or action.choice:
            return None
        squares = action.squares
        return next((m for m in self.moves(state) if (cb.origin(m), cb.target(m)) == squares), None)

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

    def legal_actions(self, state: DndState) -> list[Action]:
        if self._ended(state) is not None:
            return []
        if state.phase == LOOT:
            return list(spoils.LOOT_ACTIONS)
        if state.phase == MOVE_PHASE:
            moves = self.moves(state)
            if not moves:
                return []  # DD-4: a draw
            actions = [Action(MOVE, (cb.origin(m), cb.target(m))) for m in moves]
            return [*actions, spoils.SURRENDER] if self.campaign else actions
        w = self.work(state)
        if state.phase == ACT:
            return turn.act_actions(w.state, w)
        if state.phase == SWAP:
            return turn.swap_actions(w.state, w)
        return battle.options(w)

    def apply(self, state: DndState, action: Action, dice: Dice) -> tuple[DndState, list[Event]]:
        w = self.work(state, dice)
        s = w.state
        if s.phase == LOOT:
            spoils.do_loot(w, action)
            turn.end_turn(w)
        elif s.phase == MOVE_PHASE and action == spoils.SURRENDER:
            spoils.surrender(w)
        elif s.phase == MOVE_PHASE:
            move = self.find_move(state, action)
            if move is None:
                raise self.refused(state, action)
            turn.do_move(w, move)
        elif s.phase == ACT:
            turn.do_act(w, action)
        elif s.phase == SWAP:
            turn.do_swap(w, action)
        else:
            battle.act(w, action)
            if s.battle is None:
                turn.end_turn(w)
        return s.freeze(), w.events

    def outcome(self, state: DndState) -> Outcome | None:
        ended = self._ended(state)
        if ended is None and state.phase == MOVE_PHASE and not self.moves(state):
            return endings.no_moves(state.side)
        return ended

    def _ended(self, state: DndState) -> Outcome | None:
        """The result a state records, or the DD-4 quiet-turn draw (not the no-move one)."""
        if state.loot is not None:
            return None  # the winner of the last battle chooses first (DD-42)
        if state.result is not None:
            return state.result
        if state.quiet >= 2 * self.quiet_turns:
            return endings.quiet(self.quiet_turns)
        return None

    # -- positions as text ---------------------------------------------------------------------

    def position_text(self, state: DndState) -> str:
        return position.write(state, self.tables, self.geo)

    def parse_position(self, text: str, level: int | None = None) -> DndState:
        """A position from its text; a plain FEN gives fresh pieces at ``level`` (default: the
        ``level`` option, DD-3). ValueError for a position no game reaches, as the other
        chess games refuse it: a side with no King while the game is on (DD-9: the game ends
        when a King falls), two Kings a side, more pieces than the setup gives."""
        state = position.read(text, self.tables, self.geo, level or self.level)
        self._check_possible(state)
        return state

    def _check_possible(self, state: DndState) -> None:
        standing = [p for p in state.pieces if p.alive]
        kings = [0, 0]
        for side in (0, 1):
            mine = [self.tables.codes[p.cls] for p in standing if p.side == side]
            kings[side] = mine.count(cb.KING)
            if kings[side] > 1:
                raise ValueError(
                    f"{self.side_names[side]} has {kings[side]} kings; each side has one"
                )
            if len(mine) > START_PIECES:
                raise ValueError(
                    f"{self.side_names[side]} has {len(mine)} pieces; at most {START_PIECES}"
                )
        if state.result is None and 0 in kings:
            missing = " and ".join(self.side_names[side] for side in (0, 1) if not kings[side])
            raise ValueError(
                f"{missing} {'have' if kings == [0, 0] else 'has'} no King: the game ends "
                "when a King falls (DD-9)"
            )

    def from_fen(self, fen: str, level: int | None = None) -> DndState:
        """The old name of ``parse_position``."""
        return self.parse_position(fen, level)

    # -- numbers for computer players ----------------------------------------------------------

    def chance(self, state: DndState, action: Action) -> Chance:
        """A battle's exact chance for the side deciding (DD-18: both attack automatically;
        a move's attacker against the King's best swap); one attack roll or save; moves
        without a fight are certain."""
        if estimate.starts_battle(state, action):
            won = odds.action_chance(self, state, action)
            return CERTAIN if won is None else Chance(won)
        roll = estimate.roll_for(self.work(state), action)
        return CERTAIN if roll is None else Chance(roll.p)

    def evaluate(self, state: DndState, side: int) -> float:
        return evaluate(self, state, side)

    # -- refusals ------------------------------------------------------------------------------

    def refusal_reason(self, state: DndState, action: Action) -> Refusal:
        """Why ``action`` is refused, in facts (``refusals.py``)."""
        return refusals.refusal(self, self.tables, self.campaign, state, action)


def dnd_rules(rules: Rules[Any]) -> DndRules:
    """``rules`` typed as D&D's (a campaign's game, a variant built from ``dnd``); TypeError
    if they are another game's."""
    if not isinstance(rules, DndRules):
        raise TypeError(f"{rules.name} is not D&D Battle Chess")
    return rules
