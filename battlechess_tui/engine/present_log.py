"""A presenter's move log: how it writes decisions (its notation, and the table's), reads its
own notation back, and words the result of a game."""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.present_part import PresenterPart
from battlechess_tui.engine.rules import Outcome, S
from battlechess_tui.engine.vocabulary import ActionKind, Ending

#: The words of the endings every game shares, for outcomes whose rules leave the words to the
#: presenter; a ``{}`` takes the outcome's numbers in order. Games add or reword their own.
ENDING_WORDS: dict[Ending, str] = {
    Ending.CHECKMATE: "checkmate",
    Ending.STALEMATE: "stalemate",
    Ending.FIFTY_MOVES: "fifty moves without a capture or pawn move",
    Ending.REPETITION: "the same position three times",
    Ending.DEAD_POSITION: "neither side can checkmate",
    Ending.KING_KILLED: "the King was killed",
    Ending.NO_MOVES: "no move is possible",
    Ending.PASSES: "both players passed in a row",
    Ending.SURRENDER: "surrender",
    Ending.RESIGNATION: "resignation",
    Ending.AGREEMENT: "agreed",
}

#: How the move log writes the table's decisions (after the player's name: "Black declines
#: the draw"), in a save's notation and on the screen.
TABLE_NOTATION: dict[str, str] = {
    ActionKind.RESIGN: "resigns",
    ActionKind.OFFER_DRAW: "offers a draw",
    ActionKind.ACCEPT_DRAW: "accepts the draw",
    ActionKind.DECLINE_DRAW: "declines the draw",
}


class MoveLog(PresenterPart[S]):
    """The move log's words (``Presenter``'s first part)."""

    def notation(self, state: S, action: Action) -> str:
        """How the move log writes ``action`` (before it is applied)."""
        return action.text(self.geo)

    def parse_notation(self, state: S, text: str) -> Action | None:
        """The action ``text`` names in the game's own notation besides the canonical text
        (the chess games' SAN: ``Nf3``); ValueError saying why it names none or several.
        None: the game has no other notation."""
        return None

    def annotate(self, notation: str, events: list[Event]) -> str:
        """The log text once the action's events are known (e.g. a fight's result added)."""
        return notation

    def logged(self, state: S, action: Action, events: list[Event]) -> str:
        """What the move log writes for ``action`` played in ``state`` with these ``events``:
        its notation, annotated (a game whose log text depends on what the dice did writes it
        here whole, rather than editing its notation)."""
        return self.annotate(self.notation(state, action), events)

    def table_notation(self, action: Action) -> str:
        """How the move log writes a decision of the table (resigning, a draw offered,
        accepted or declined): ``TABLE_NOTATION``."""
        return TABLE_NOTATION[action.kind]

    def outcome_reason(self, outcome: Outcome) -> str:
        """Why the game ended, in words: the words the rules gave (the old way), else the
        presenter's for the outcome's ending and numbers (``ENDING_WORDS`` by default)."""
        if outcome.reason:
            return outcome.reason
        if outcome.kind == Ending.RESIGNATION and outcome.winner is not None:
            return f"{self.side_names[1 - outcome.winner]} resigned"
        words = ENDING_WORDS.get(outcome.kind, "the game is over")
        return words.format(*outcome.numbers) if outcome.numbers else words

    def outcome_detail(self, outcome: Outcome) -> str:
        """The particulars of the ending, in words ("" when the result line needs none)."""
        return outcome.detail

    def describe_outcome(self, outcome: Outcome, side_names: tuple[str, ...] | None = None) -> str:
        """The result line: who won (or a draw), why, the particulars and the rule. With
        ``side_names``, the head names the winner so (a campaign's "White (Ann)")."""
        worded = replace(
            outcome, reason=self.outcome_reason(outcome), detail=self.outcome_detail(outcome)
        )
        return worded.describe(side_names or self.side_names)
