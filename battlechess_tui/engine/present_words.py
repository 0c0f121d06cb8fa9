"""A presenter's words of what happened: each note's sentence, each roll's words, each
refusal's reason, and the names of pieces and things they mention, all written from facts when
shown (rules record facts only)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from battlechess_tui.engine.campaign import ShopWords
from battlechess_tui.engine.events import Event, Note, PieceRef, Roll
from battlechess_tui.engine.present_part import PresenterPart, Speaker
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.roll_words import RollWords, shared_words
from battlechess_tui.engine.rules import ENDED, S, ending_of
from battlechess_tui.engine.vocabulary import EventTag

#: A note's sentence: a format string over ``Presenter.note_fields`` (``{p[0]} falls``), or a
#: function of the presenter and the note for a sentence with a choice in it.
NoteWords = str | Callable[[Speaker, Note], str]


def _ended(presenter: Any, note: Note) -> str:
    """The result line of a game's end (the presenter's move log words it)."""
    return str(presenter.describe_outcome(ending_of(note)))


#: The sentences of the notes every game shares (the table's decisions), by tag.
SHARED_NOTE_WORDS: dict[str, NoteWords] = {
    EventTag.RESIGN: "{side} resigns",
    EventTag.OFFER: "{side} offers a draw",
    EventTag.DRAW: "{side} accepts the draw",
    EventTag.DECLINE: "{side} declines the draw",
    ENDED: lambda presenter, note: _ended(presenter, note),
}


#: A refusal's sentence: a format string over ``Presenter.refusal_fields`` (``there is no
#: piece on {sq[0]}``), or a function of the presenter and the refusal.
RefusalWords = str | Callable[[Speaker, Refusal], str]


def _promotions(presenter: Speaker, refusal: Refusal) -> str:
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


class EventWords(PresenterPart[S]):
    """The words of notes, rolls and refusals (a part of ``Presenter``)."""

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
