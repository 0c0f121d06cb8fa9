"""``Presenter[S]``: what people see of a game, apart from its rules.

A presenter turns a game's states and actions into words and view models (``engine/views.py``):
the board's pieces and marks, the turn banner's status, the tally sheet, the piece card, odds
as text, the move log's notation. The UI reads presenters only; rules never read them. Each
game's presenter lives beside its rules (``rules/<game>/present.py``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.campaign import ShopWords
from battlechess_tui.engine.data_files import rules_text
from battlechess_tui.engine.events import Event, Note, PieceRef, Roll
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.roll_words import RollWords, shared_words
from battlechess_tui.engine.rules import ENDED, Outcome, Rules, S, ending_of
from battlechess_tui.engine.views import (
    BattleView,
    Mark,
    PieceView,
    SeatTurn,
    TallySection,
    percent,
)
from battlechess_tui.engine.vocabulary import ActionKind, Ending, EventTag

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

#: A note's sentence: a format string over ``Presenter.note_fields`` (``{p[0]} falls``), or a
#: function of the presenter and the note for a sentence with a choice in it.
NoteWords = str | Callable[[Any, Note], str]

#: The sentences of the notes every game shares (the table's decisions), by tag.
SHARED_NOTE_WORDS: dict[str, NoteWords] = {
    EventTag.RESIGN: "{side} resigns",
    EventTag.OFFER: "{side} offers a draw",
    EventTag.DRAW: "{side} accepts the draw",
    EventTag.DECLINE: "{side} declines the draw",
    ENDED: lambda presenter, note: presenter.describe_outcome(ending_of(note)),
}


#: A refusal's sentence: a format string over ``Presenter.refusal_fields`` (``there is no
#: piece on {sq[0]}``), or a function of the presenter and the refusal.
RefusalWords = str | Callable[[Any, Refusal], str]


def _promotions(presenter: Any, refusal: Refusal) -> str:
    letters = "/".join(sorted(a.choice for a in refusal.actions))
    return f"say which piece to promote to: add one of {letters}"


#: The sentences of the refusals every game can give (``SharedReason``); a game rewords its own.
SHARED_REFUSAL_WORDS: dict[str, RefusalWords] = {
    SharedReason.GAME_OVER: "the game is over",
    SharedReason.NOT_LEGAL: "{a[0]} is not a legal choice now",
    SharedReason.UNREADABLE: lambda presenter, refusal: refusal.names[0],  # the reader's words
    SharedReason.PROMOTION_UNSAID: _promotions,
    SharedReason.ANSWER_DRAW_OFFER: "answer the draw offer first: accept-draw or decline-draw",
    SharedReason.NO_DRAW_OFFERED: "no draw has been offered",
    SharedReason.NO_PIECE: "there is no piece on {sq[0]}",
    SharedReason.NOT_YOURS: "the {kl[0]} on {at[0]} is {owner[0]}'s",
    SharedReason.SAME_SQUARE: "a piece must move to another square",
    SharedReason.OWN_PIECE_THERE: "{at[0]} holds your own {kl[0]}",
    SharedReason.CANNOT_REACH: "a {kl[0]} cannot move from {sq[0]} to {sq[1]}",
}

#: How the move log writes the table's decisions (after the player's name: "Black declines
#: the draw"), in a save's notation and on the screen.
TABLE_NOTATION: dict[str, str] = {
    ActionKind.RESIGN: "resigns",
    ActionKind.OFFER_DRAW: "offers a draw",
    ActionKind.ACCEPT_DRAW: "accepts the draw",
    ActionKind.DECLINE_DRAW: "declines the draw",
}


@dataclass(frozen=True)
class GameCommand:
    """A command of one game at the table (Gladiator's override): its key, its label and help
    line, the decision it makes, and what a refusal adds. The UI binds it; the game names it."""

    id: str
    keys: str  # key names, comma separated ("v")
    label: str  # a word for the footer and the command palette
    help: str  # one line: what it does
    action: Action  # the decision it makes, when that is legal
    when: str = ""  # said after a refusal: when the command may be used
    guide: str = ""  # a paragraph of the table's help on it

    def pick(self, actions: Sequence[Action]) -> Action | None:
        """The legal action of ``actions`` this command makes now (None: refused)."""
        return self.action if self.action in actions else None


@dataclass(frozen=True)
class ActionGroup:
    """A heading of the table's list of choices and the kinds of action listed under it; a
    group naming no kinds takes every kind no other group names."""

    title: str
    kinds: frozenset[str] = frozenset()


#: The one group of a game that names none of its own: every choice that is not a move.
CHOICES = ActionGroup("Choices")


class Presenter(ABC, Generic[S]):
    """The words and views of one game, read off its ``Rules``."""

    #: The kinds of note that tell what a decision changed on the board or in the game: a
    #: hand-over notice reports these (``ui/handover.py``); a game adds its own.
    consequences: ClassVar[frozenset[str]] = frozenset({
        EventTag.CAPTURE, EventTag.KILL, EventTag.PROMOTE, EventTag.KING, EventTag.WIN,
        EventTag.CASTLE, EventTag.DAMAGE, EventTag.HEAL,
    })  # fmt: skip
    #: The kinds of note a battle's lines show beside its rolls; a game with battles adds its
    #: own, and names the note that begins one (``battle_begins``).
    battle_notes: ClassVar[frozenset[str]] = frozenset(
        {EventTag.KILL, EventTag.CAPTURE, EventTag.HEAL}
    )
    battle_begins: ClassVar[str] = ""

    def __init__(self, rules: Rules[S]) -> None:
        self.rules = rules
        self.spec = rules.spec
        self.geo = rules.geo
        self.side_names = rules.side_names

    # -- the move log ------------------------------------------------------------------------

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

    # -- notes: the words of what happened ------------------------------------------------------

    #: This game's sentences by ``Note.fact`` (by tag for a note without one), beside the
    #: shared ones; a game's presenter adds its own.
    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = {}

    def note_words(self, note: Note) -> str | None:
        """The sentence this presenter writes for ``note``; None when it has none for it."""
        key = note.fact or str(note.tag)
        words = self.NOTE_WORDS.get(key) or SHARED_NOTE_WORDS.get(key)
        if words is None:
            return None
        if callable(words):
            return words(self, note)
        return words.format(**self.note_fields(note))

    def note_text(self, note: Note) -> str:
        """What players read for ``note``: the presenter's sentence, else the words an older
        save recorded with it, else its tag."""
        return self.note_words(note) or note.text or str(note.tag)

    def worded(self, events: Iterable[Event]) -> list[Event]:
        """``events`` with each note's sentence (``Note.text``) and each roll's words written,
        as a game shows them (``Game.said``)."""
        return [
            replace(e, text=self.note_text(e))
            if isinstance(e, Note) and not e.text
            else self.roll_worded(e)
            if isinstance(e, Roll)
            else e
            for e in events
        ]

    # -- campaign play: the shop's words (``engine/campaign.py``) -------------------------------

    def shop_words(self) -> ShopWords | None:
        """The words of the game's magic item shop (offers, changes, refusals), if the game
        has campaigns (``Rules.campaign_support``); None by default."""
        return None

    # -- rolls: the words of a throw (``engine/roll_words.py``) ---------------------------------

    def roll_words(self, roll: Roll) -> RollWords:
        """What ``roll`` is for, against and decided, in words, from its facts; a game
        rewords the kinds of throw it makes."""
        return shared_words(roll)

    def roll_worded(self, roll: Roll) -> Roll:
        """``roll`` with its words written (``purpose``, ``label``, ``against``, ``result``,
        ``modifier_words``): the presenter's, or the words a script or an older save gave it."""
        if roll.purpose or roll.against or roll.result or roll.label or roll.modifier_words:
            return roll
        words = self.roll_words(roll)
        return replace(
            roll,
            purpose=words.purpose,
            label=words.label,
            against=words.against,
            result=words.result,
            modifier_words=words.modifiers,
        )

    def roll_text(self, roll: Roll) -> str:
        """A roll as players read it, its purpose then its dice and what they decided:
        ``fight: pawn e4 attacks bishop d5: 1d6 [6] vs needs 5: wins``."""
        worded = self.roll_worded(roll)
        return f"{worded.purpose}: {worded.describe()}" if worded.purpose else worded.describe()

    def note_fields(self, note: Note) -> dict[str, Any]:
        """The words a note's format string takes: ``side`` and ``other`` (side names), ``p``
        (each piece as ``White Fighter on e4``), ``k`` (each piece's kind), ``owner`` (each
        piece's side), ``at`` (where each piece stands), ``sq`` (the note's squares), ``n``
        (its numbers), ``x`` (the things it names) and ``rule``."""
        fields = self.fact_fields(note.side, note.pieces, note.squares, note.numbers, note.names)
        fields["rule"] = note.rule
        return fields

    def fact_fields(
        self,
        side: int | None,
        pieces: Sequence[PieceRef],
        squares: Sequence[int],
        numbers: Sequence[int],
        names: Sequence[str],
    ) -> dict[str, Any]:
        """The words of the particulars notes and refusals share (``note_fields``)."""
        sides = self.side_names
        return {
            "side": "" if side is None else sides[side],
            "other": "" if side is None else sides[1 - side],
            "p": [self.piece_phrase(r) for r in pieces],
            "k": [self.kind_name(r.kind) for r in pieces],
            "owner": [sides[r.side] for r in pieces],
            "at": [self.geo.name(r.square) if r.square >= 0 else "" for r in pieces],
            "sq": [self.geo.name(s) for s in squares],
            "n": tuple(numbers),
            "x": [self.thing_name(name) for name in names],
        }

    def kind_name(self, kind: str) -> str:
        """A piece kind's name (its key in the game's data): ``Knight``."""
        piece = self.spec.pieces.get(kind)
        return piece.name if piece is not None else kind

    def piece_phrase(self, ref: PieceRef) -> str:
        """``White Knight on e4`` (without the square when it stands nowhere)."""
        at = f" on {self.geo.name(ref.square)}" if ref.square >= 0 else ""
        return f"{self.side_names[ref.side]} {self.kind_name(ref.kind)}{at}"

    def thing_name(self, key: str) -> str:
        """The name of a thing a note names by its key (a spell, an item); the key itself
        when the game has no other name for it."""
        return key

    # -- refusals: the words of why a decision is refused --------------------------------------

    #: This game's refusal sentences by ``Refusal.fact`` (its ``Reason`` values, and any
    #: ``SharedReason`` it words its own way), beside ``SHARED_REFUSAL_WORDS``.
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = {}

    def refusal_words(self, refusal: Refusal) -> str | None:
        """The sentence this presenter writes for ``refusal``; None when it has none for it."""
        words = self.REFUSAL_WORDS.get(refusal.fact) or SHARED_REFUSAL_WORDS.get(refusal.fact)
        if words is None:
            return None
        if callable(words):
            return words(self, refusal)
        return words.format(**self.refusal_fields(refusal))

    def refusal_text(self, refusal: Refusal) -> str:
        """What players read for ``refusal``: the presenter's sentence (its facts in one line
        for a fact it has no words for)."""
        return self.refusal_words(refusal) or refusal.plain()

    def refused_at(self, ply: int, text: str, why: str) -> str:
        """A recorded decision refused on replay: where (``ply``, 1 first; its ``text``) and
        ``why`` (its refusal's words)."""
        return f"ply {ply} ({text}): {why}"

    def refusal_fields(self, refusal: Refusal) -> dict[str, Any]:
        """The words a refusal's format string takes: as a note's (``side``, ``other``, ``p``,
        ``k``, ``owner``, ``at``, ``sq``, ``n``, ``x``, ``rule``), and ``kl`` (each piece's
        kind in lower case), ``a`` (each action's canonical text) and ``game`` (its name)."""
        fields = self.fact_fields(
            refusal.side, refusal.pieces, refusal.squares, refusal.numbers, refusal.names
        )
        fields["kl"] = [k.lower() for k in fields["k"]]
        fields["a"] = [a.text(self.geo) for a in refusal.actions]
        fields["game"] = self.spec.name
        fields["rule"] = refusal.rule
        return fields

    # -- the board and the panels --------------------------------------------------------------

    def legend(self) -> tuple[PieceView, ...]:
        """Every kind of piece of each side as the board draws it, fixed for the whole game
        (the rules page and help show it; the board never changes a piece's symbol)."""
        out = []
        for key, piece in self.spec.pieces.items():
            for side in (0, 1):
                glyph = piece.black_glyph if side and piece.black_glyph else piece.glyph
                letter = piece.letter if side == 0 else piece.letter.lower()
                out.append(PieceView(key, side, letter, glyph or letter, piece.name))
        return tuple(out)

    @abstractmethod
    def piece_view(self, state: S, square: int) -> PieceView | None:
        """The piece on ``square`` as the board draws it."""

    def square_marks(self, state: S) -> dict[int, Mark]:
        """Squares with a standing meaning (arena, used promotion squares): square -> mark."""
        return {}

    def status(self, state: S) -> str:
        """One line for the turn banner: whose decision and what kind."""
        return f"{self.side_names[self.rules.side_to_move(state)]} to move"

    def tally(self, state: S) -> list[TallySection]:
        """The tally sheet: per side, sections of pieces (hit points, killed, frozen...)."""
        return []

    def turn_order(self, state: S) -> list[SeatTurn]:
        """Team games: the side to move's seats in turn order and how far the turn has got
        (empty for games with one seat a side)."""
        return []

    def odds(self, state: S, action: Action) -> str | None:
        """The chance that ``action``'s fight succeeds, in words (None when it has none)."""
        chance = self.rules.chance(state, action)
        if chance.certain:
            return None
        return f"{percent(chance.p)} to win" + ("" if chance.exact else " (estimate)")

    def explain(self, state: S, action: Action) -> str | None:
        """What a choice does, for people choosing it: a spell's damage or effect, how it is
        resisted, whom it reaches (None when the game has nothing to add to its notation)."""
        return None

    def brief(self, state: S, action: Action) -> str | None:
        """A choice's name and key numbers in a few words, for a list with a line a choice
        (``Fireball  5d6, Reflex DC 15 half``); None when its notation says enough."""
        return None

    def battle_view(self, state: S, key: tuple[int, ...] | None = None) -> BattleView | None:
        """The battle under way (games with multi-decision battles), else None. With ``key``
        (a ``BattleView.key`` seen earlier), that battle's combatants as they stand in
        ``state``: the summary shown once it is over."""
        return None

    def piece_card(self, state: S, square: int) -> list[str]:
        """Lines describing the piece on ``square``: name, moves, dice, hit points, effects."""
        view = self.piece_view(state, square)
        if view is None:
            return []
        lines = [f"{self.side_names[view.side]} {view.name} on {self.geo.name(square)}"]
        if view.hp is not None:
            lines.append(f"Hit points {view.hp}/{view.max_hp}")
        return lines

    def rules_markdown(self) -> str:
        return rules_text(self.spec)

    # -- the table's commands and list of choices ---------------------------------------------

    def commands(self) -> tuple[GameCommand, ...]:
        """The game's own commands at the table (a key each), besides those of every game."""
        return ()

    def action_groups(self) -> tuple[ActionGroup, ...]:
        """The groups of the list of choices that are not moves (resigning and draws aside),
        in order; a choice goes under the first group naming its kind, else the catch-all."""
        return (CHOICES,)

    def declining(self, actions: Sequence[Action]) -> Action | None:
        """The choice of ``actions`` that declines what is offered when no piece moves (D&D's
        ``none``: the piece that moved does not act), offered first; None when there is none."""
        return None
