"""What players see of Gladiator Chess: the log's words, the board's pieces and marks, the turn
banner, the tally sheet (GC-36), the commanders strip, odds before an attack and the piece
card. Everything here reads ``GladiatorRules``; nothing here decides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.present import GameCommand, NoteWords, Presenter, RefusalWords
from battlechess_tui.engine.roll_words import RollWords
from battlechess_tui.engine.rules import Outcome, Rules
from battlechess_tui.engine.views import (
    IN_CHECK,
    Mark,
    PieceView,
    SeatTurn,
    TallyItem,
    TallySection,
    percent,
)
from battlechess_tui.engine.vocabulary import Ending, EventTag, MarkKind
from battlechess_tui.rules.gladiator.vocabulary import GladiatorTag

from . import combat, pending, present_refusals
from . import roll_words as gladiator_rolls
from .facts import Fact
from .moves import ABDUCT, ATTACK, FREEZE, KILL, STEP, STRIKE
from .notation import letter
from .present_names import capital, piece_name, sided, the_piece, the_sided
from .rules import GladiatorRules
from .state import (
    ABDUCTED,
    BOARD,
    FROZEN,
    KILLED,
    KING,
    QUEEN,
    RETIRED,
    GladiatorState,
    Piece,
    find,
    held_by,
    protected,
    queen_free,
    seat_key,
)
from .tables import SIDE_NAMES
from .turns import HEAL, NO_OVERRIDE, OVERRIDE, commander

HOW_WORDS = {
    ATTACK: "attacks",
    KILL: "kills instantly",
    FREEZE: "freezes",
    ABDUCT: "captures",
    STRIKE: "attacks the frozen",
}

MOVABLE = Mark(MarkKind.STATUS, "movable", "▸", ">")
MOVED = Mark(MarkKind.STATUS, "moved", "✓", "'", shown=False)
COMMANDER = Mark(MarkKind.STATUS, "commander", "⚑", "C", shown=False)
PROTECTED = Mark(MarkKind.STATUS, "protected", "⛨", "P", shown=False)
UNPROTECTED = Mark(MarkKind.STATUS, "unprotected", "⚠", "U", shown=False)
CHOICE_STATUS: dict[str, str] = {
    pending.PLACE: "places the Queen next to her King (GC-30)",
    pending.RETURN: "sends the released {name} to its back rank (GC-29)",
    pending.PROMOTE: "chooses the piece that replaces the {name} (GC-11)",
}


#: Why a game ended (GC-24, GC-33..GC-35, GC-37); ``outcome_detail`` adds the particulars.
REASONS: dict[Ending, str] = {
    Ending.CHECKMATE: "checkmate",
    Ending.KING_KILLED: "King killed",
    Ending.QUEEN_HELD: "Queen held",
    Ending.NO_MOVES: "no team can move",
    Ending.QUIET: "quiet turns",
}


class GladiatorPresenter(Presenter[GladiatorState]):
    """Words and views of Gladiator Chess, read off ``GladiatorRules``."""

    rules: GladiatorRules
    consequences = Presenter.consequences | {
        GladiatorTag.FREEZE, GladiatorTag.THAW, GladiatorTag.RESCUE, GladiatorTag.RETURN,
        GladiatorTag.OVERRIDE, GladiatorTag.PLACE, GladiatorTag.HELD, GladiatorTag.STAND,
        GladiatorTag.SWAP,
    }  # fmt: skip

    def __init__(self, rules: Rules[GladiatorState]) -> None:
        super().__init__(rules)
        self._kind_lines: dict[str, tuple[str, ...]] = {}

    # -- notes -------------------------------------------------------------------------------

    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = {
        Fact.REPLACED: "{name[0]} on {sq[0]} is replaced by the {k[1]} ({rule})",
        Fact.STAYS: "{name[0]} reaches the far rank but no eligible piece has been killed: "
        "it stays ({rule})",
        Fact.INSTANT: "{The[0]} kills instantly ({rule})",
        GladiatorTag.STAND: "Both survive the exchange; the {k[0]} stays on {at[0]} ({rule})",
        Fact.KING_OVERRIDES: "{The_cmd} forfeits its move ({rule})",
        Fact.DEAD: "{The_cmd} is dead: the King makes this move ({rule})",
        Fact.CANNOT_MOVE: "{The_cmd} cannot move: the King makes this move ({rule})",
        Fact.SKIPPED: "{sided_cmd}'s move is skipped: no piece can make it ({rule})",
        GladiatorTag.HELD: "{side} has held the {other} Queen {n[0]}/{n[1]} turns ({rule})",
        GladiatorTag.PLACE: "{name[0]} goes next to her King: {sq[0]} ({rule})",
        Fact.BACK_RANK: "{name[0]} goes to its back rank: {sq[0]} ({rule})",
        Fact.NEAREST: "{name[0]} goes to the nearest empty square: {sq[0]} ({rule})",
        GladiatorTag.FREEZE: "{name[0]} is frozen by the Queen on {sq[0]}",
        GladiatorTag.THAW: "{name[0]} is free again on {sq[0]}",
        EventTag.CAPTURE: "{name[0]} is captured by the {k[1]} on {sq[0]}",
        GladiatorTag.SWAP: "The Queens are swapped: both return to their Kings ({rule})",
        GladiatorTag.RESCUE: "{name[0]} is free again",
        Fact.QUEEN_HEALS: "The Queen heals {the[0]} on {sq[0]} to {n[0]} hit points",
        Fact.VICTOR: "Victorious, {the[0]} is healed to {n[0]} ({rule})",
        EventTag.KILL: "{name[0]} is killed on {sq[0]}",
    }
    #: Why a decision is refused (``present_refusals.py``).
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = present_refusals.WORDS

    def note_fields(self, note: Note) -> dict[str, Any]:
        """Besides the shared words: each piece's ``name`` (``White Scout``), ``the`` and
        ``The`` (``the White Scout``), and the commander a note names (``cmd``, ``sided_cmd``:
        ``White Scout``, ``The_cmd``: ``The White Scout``)."""
        t = self.rules.t
        fields = super().note_fields(note)
        fields["name"] = [piece_name(t, r.kind, r.side) for r in note.pieces]
        fields["the"] = [the_piece(t, r.kind, r.side) for r in note.pieces]
        fields["The"] = [capital(the) for the in fields["the"]]
        if note.names and note.names[0] in t.kinds:
            cmd, side = t.commander_name(note.names[0]), note.side or 0
            fields |= {
                "cmd": cmd,
                "sided_cmd": sided(side, cmd),
                "The_cmd": capital(the_sided(side, cmd)),
            }
        return fields

    def kind_name(self, kind: str) -> str:
        kinds = self.rules.t.kinds
        return kinds[kind].name if kind in kinds else kind

    def roll_words(self, roll: Roll) -> RollWords:
        """A fight's words (``roll_words.py``)."""
        return gladiator_rolls.words(self, roll)

    # -- the move log ------------------------------------------------------------------------

    def notation(self, state: GladiatorState, action: Action) -> str:
        t, kind = self.rules.t, action.kind
        if kind == MOVE:
            return self.move_notation(state, action)
        slot = t.commander_name(commander(t, state))
        if kind == OVERRIDE:
            return f"King overrides the {slot}'s move"
        if kind == NO_OVERRIDE:
            return f"No override: the {slot} moves"
        target = state.at(action.target) if action.squares else None
        if kind == HEAL and target is not None:
            return f"Queen heals the {t.kinds[target.kind].name} on {self.geo.name(action.target)}"
        if not state.pending or kind != state.pending[0].kind:
            return action.text(self.geo)
        name = t.kinds[state.pieces[state.pending[0].piece].kind].name
        if kind == pending.PROMOTE:
            return f"{name} promotes: the {t.kinds[action.choice].name} returns"
        if kind == pending.PLACE:
            return f"{name} placed on {self.geo.name(action.target)}"
        return f"{name} returns to {self.geo.name(action.target)}"

    def move_notation(self, state: GladiatorState, action: Action) -> str:
        """``M b1-c3``, ``W a1xa6 attacks Scout``, ``override: Q d1xd5 freezes Scout``: the
        piece's letter as in the legend (upper case for both sides, as in chess), then its
        squares."""
        move = self.rules.find_move(state, action)
        p = state.at(action.origin)
        if move is None or p is None:
            return action.text(self.geo)
        t = self.rules.t
        sep = "-" if move.how == STEP else "x"
        text = f"{t.kinds[p.kind].letter} {self.geo.name(move.frm)}{sep}{self.geo.name(move.to)}"
        target = state.at(move.to)
        if move.how == STRIKE and target is not None:
            target = held_by(state, target)
        if move.how != STEP and target is not None:
            text += f" {HOW_WORDS[move.how]} {t.kinds[target.kind].name}"
        return ("override: " if state.overriding else "") + text

    # -- the board -----------------------------------------------------------------------------

    # -- the end (GC-24, GC-33..GC-35, GC-37) --------------------------------------------------

    def outcome_reason(self, outcome: Outcome) -> str:
        return outcome.reason or REASONS.get(outcome.kind) or super().outcome_reason(outcome)

    def outcome_detail(self, outcome: Outcome) -> str:
        if outcome.detail:
            return outcome.detail
        loser = "" if outcome.winner is None else SIDE_NAMES[1 - outcome.winner]
        n = outcome.numbers
        if outcome.kind == Ending.CHECKMATE:
            return f"the {loser} King cannot get out of check"
        if outcome.kind == Ending.KING_KILLED and n:
            return f"the {loser} King dies on {self.geo.name(n[0])}"
        if outcome.kind == Ending.QUEEN_HELD and n:
            return f"the {loser} Queen held {n[0]} turns"
        if outcome.kind == Ending.NO_MOVES:
            return "neither team could move for a whole turn"
        if outcome.kind == Ending.QUIET and n:
            return f"{n[0]} full turns without a kill, capture, promotion or Footman or Squire move"
        return ""

    def piece_view(self, state: GladiatorState, square: int) -> PieceView | None:
        p = state.at(square)
        if p is None:
            return None
        t = self.rules.t
        kind = t.kinds[p.kind]
        label = ""
        marks: list[Mark] = []
        mine = p.side == state.side and state.result is None
        if p.kind == KING and mine and self.rules.in_check(state):
            marks.append(IN_CHECK)
        if p.sq in self.rules.movable(state):
            marks.append(MOVABLE)
        if p.id in state.moved:
            marks.append(MOVED)
        if p.kind in t.commanders:
            marks.append(COMMANDER)
        if p.kind == QUEEN and (frozen := held_by(state, p)) is not None:
            label = "*" + letter(t, frozen)
            name = f"holds: {piece_name(t, frozen.kind, frozen.side)}"
            marks.append(Mark(MarkKind.STATUS, name, "❄", "*", shown=False))
        if p.kind == KING:
            marks.append(PROTECTED if protected(state, p.side) else UNPROTECTED)
        hp = p.hp if kind.hp else None
        return PieceView(
            p.kind,
            p.side,
            letter(t, p),
            kind.glyphs[p.side],
            kind.name,
            hp,
            kind.hp or None,
            label,
            tuple(marks),
        )

    def square_marks(self, state: GladiatorState) -> dict[int, Mark]:
        """A Queen's square holding a frozen piece (GC-27)."""
        out = {}
        for p in state.pieces:
            if p.status == FROZEN:
                name = "frozen " + self.rules.t.kinds[p.kind].name
                out[state.pieces[p.holder].sq] = Mark(MarkKind.CONDITION, name, "❄", "F")
        return out

    def status(self, state: GladiatorState) -> str:
        t = self.rules.t
        if state.result is not None:
            return self.describe_outcome(state.result)
        if state.pending:
            head = state.pending[0]
            piece = state.pieces[head.piece]
            who = t.commander_name(t.kinds[piece.kind].commander)
            what = CHOICE_STATUS[head.kind].format(name=t.kinds[piece.kind].name)
            return f"{SIDE_NAMES[piece.side]} — the {who}'s player {what}"
        side, name = SIDE_NAMES[state.side], t.commander_name(commander(t, state))
        heal = bool(self.rules.heal_actions(state))
        if state.overriding:
            text = f"{side} — King overrides the {name}'s move"
            text += " (the Queen may heal first)" if heal else ""
        else:
            notes = ["may heal first"] if heal else []
            notes += ["King may override"] if self.rules.can_override(state) else []
            text = f"{side} — {name}'s move" + (f" ({'; '.join(notes)})" if notes else "")
        if self.rules.in_check(state):
            text += " — check!"
        for s in (0, 1):
            if state.held[s] or not queen_free(state, s):
                text += f" · {SIDE_NAMES[s]} Queen held {state.held[s]}/{t.data.hold_turns}"
        return text

    # -- the tally sheet (GC-36) ---------------------------------------------------------------

    def tally(self, state: GladiatorState) -> list[TallySection]:
        out = []
        for side in (0, 1):
            team = SIDE_NAMES[side]
            mine = [p for p in state.pieces if p.side == side]
            out.append(
                TallySection(
                    side,
                    f"{team} pieces",
                    tuple(self.board_item(state, p) for p in self.in_kind_order(mine, BOARD)),
                )
            )
            out.append(TallySection(side, f"{team} frozen", self.frozen_items(state, mine)))
            out.append(TallySection(side, f"{team} killed", self.killed_items(mine)))
            out.append(
                TallySection(side, f"{team} Captured Queen", (self.captured_item(state, side),))
            )
            out.append(TallySection(side, f"{team} commanders", self.commander_items(state, side)))
        return out

    def in_kind_order(self, pieces: list[Piece], *statuses: str) -> list[Piece]:
        """The pieces in ``statuses``, by kind as the variant file lists them, then square."""
        order = list(self.rules.t.kinds)
        chosen = [p for p in pieces if p.status in statuses]
        return sorted(chosen, key=lambda p: (order.index(p.kind), p.sq))

    def hp(self, p: Piece) -> tuple[int | None, int | None]:
        full = self.rules.t.kinds[p.kind].hp
        return (p.hp, full) if full else (None, None)

    def board_item(self, state: GladiatorState, p: Piece) -> TallyItem:
        t = self.rules.t
        notes = ["moved"] if p.id in state.moved else []
        if p.kind == QUEEN and (frozen := held_by(state, p)) is not None:
            notes.append(f"holds {the_piece(t, frozen.kind, frozen.side)}")
        label = f"{t.kinds[p.kind].name} {self.geo.name(p.sq)}"
        return TallyItem(label, *self.hp(p), note=", ".join(notes))

    def frozen_items(self, state: GladiatorState, mine: list[Piece]) -> tuple[TallyItem, ...]:
        items = tuple(
            TallyItem(
                self.rules.t.kinds[p.kind].name,
                *self.hp(p),
                note=f"under the {SIDE_NAMES[1 - p.side]} Queen on "
                f"{self.geo.name(state.pieces[p.holder].sq)}",
            )
            for p in self.in_kind_order(mine, FROZEN)
        )
        return items or (TallyItem("none"),)

    def killed_items(self, mine: list[Piece]) -> tuple[TallyItem, ...]:
        items = tuple(
            TallyItem(
                self.rules.t.kinds[p.kind].name,
                note="killed" if p.status == KILLED else "replaced by promotion",
            )
            for p in self.in_kind_order(mine, KILLED, RETIRED)
        )
        return items or (TallyItem("none"),)

    def captured_item(self, state: GladiatorState, side: int) -> TallyItem:
        q = find(state, QUEEN, side)
        if q is None:
            return TallyItem("no Queen")
        if q.status == FROZEN:
            return TallyItem("Queen frozen", note="not captured: her turns are not counted (GC-27)")
        if q.status != ABDUCTED:
            return TallyItem("Queen free")
        abductor = state.pieces[q.holder]
        where = f" on {self.geo.name(abductor.sq)}" if abductor.status == BOARD else ""
        return TallyItem(
            "Queen captured",
            note=f"abducted by {self.rules.t.kinds[abductor.kind].name}{where}, "
            f"held {state.held[side]}/{self.rules.t.data.hold_turns}",
        )

    def commander_items(self, state: GladiatorState, side: int) -> tuple[TallyItem, ...]:
        t = self.rules.t
        items = []
        for i, name in enumerate(t.commanders):
            if state.side != side:
                note = "next turn"
            elif i < state.step:
                note = "moved"
            elif i == state.step:
                note = "to move" if state.result is None else ""
            else:
                note = "next" if i == state.step + 1 else "waiting"
            condition = commander_condition(state, name, side)
            note = " · ".join(filter(None, (condition, note)))
            items.append(TallyItem(t.commander_name(name), note=note))
        return tuple(items)

    def turn_order(self, state: GladiatorState) -> list[SeatTurn]:
        """The commanders strip: the team's four moves in order (GC-12), done, now or later."""
        if state.result is not None:
            return []
        out = []
        for i, name in enumerate(self.rules.t.commanders):
            progress = "done" if i < state.step else "now" if i == state.step else "later"
            note = commander_condition(state, name, state.side).split(";")[0].split(" (")[0]
            if progress == "now" and state.overriding:
                note = ", ".join(filter(None, (note, "the King overrides")))
            out.append(SeatTurn(seat_key(state.side, name), progress, note))
        return out

    # -- odds and the piece card ---------------------------------------------------------------

    def odds(self, state: GladiatorState, action: Action) -> str | None:
        move = self.rules.find_move(state, action)
        target = state.at(action.target) if action.squares else None
        if move is None or target is None:
            return None
        t = self.rules.t
        if move.how == KILL:
            return f"Certain: the King kills the {t.kinds[target.kind].name} instantly (GC-23)"
        if move.how == FREEZE:
            return f"No fight: the Queen freezes the {t.kinds[target.kind].name} (GC-27)"
        if move.how == ABDUCT:
            return "No fight: the Queen has no dice and is captured (GC-29)"
        fight = self.rules.battle(state, action)
        if fight is None:
            return None
        p, defender, bonus = fight
        att, dfn = str(combat.attack_pool(t, p, bonus)), str(combat.defence_pool(t, defender))
        a_name, d_name = t.kinds[p.kind].name, t.kinds[defender.kind].name
        sums = f"{att} vs {dfn}; hit points {p.hp} vs {defender.hp}"
        if t.duel:
            chance = self.rules.chance(state, action).p
            return f"Duel: {percent(chance)} that the {a_name} kills the {d_name} ({sums})"
        kill_it, win, die = combat.round_chances(att, dfn, p.hp, defender.hp)
        return (
            f"One round: {percent(kill_it)} to kill the {d_name}, {percent(win)} to win the "
            f"round, {percent(die)} that the {a_name} dies ({sums})"
        )

    def piece_card(self, state: GladiatorState, square: int) -> list[str]:
        p = state.at(square)
        if p is None:
            return []
        t = self.rules.t
        kind = t.kinds[p.kind]
        lines = [f"{piece_name(t, p.kind, p.side)} on {self.geo.name(square)}"]
        lines.extend(self.kind_lines(p.kind))
        if kind.dice is not None:
            lines.insert(4, f"Hit points: {p.hp}/{kind.hp}")
        if p.id in state.moved:
            lines.append("Has moved this turn (GC-13)")
        if p.kind == QUEEN and (frozen := held_by(state, p)) is not None:
            hp = f" ({frozen.hp}/{t.kinds[frozen.kind].hp} hp)" if t.kinds[frozen.kind].hp else ""
            lines.append(f"Holds frozen: {piece_name(t, frozen.kind, frozen.side)}{hp}")
        if p.kind == KING:
            if protected(state, p.side):
                lines.append(
                    "Protected (GC-21, GC-23): cannot be attacked, kills instantly, can be checked"
                )
            else:
                lines.append(
                    "Unprotected (GC-25, GC-26): fights, can be attacked and frozen, cannot be "
                    "checked"
                )
        if p.kind in t.data.heal_on_victory:
            lines.append("Healed to full when victorious (GC-20)")
        return lines

    def kind_lines(self, key: str) -> tuple[str, ...]:
        """What the card says of every piece of a kind: commander, moves, dice."""
        lines = self._kind_lines.get(key)
        if lines is None:
            t = self.rules.t
            kind = t.kinds[key]
            out = []
            if key in t.commanders:
                led = [k.name for k in t.kinds.values() if k.commander == key and k.key != key]
                out.append("Commander: moves itself" + (" or a " + ", ".join(led) if led else ""))
            else:
                out.append(f"Commanded by the {t.commander_name(kind.commander)}")
            out.append("Moves: " + "; ".join(kind.moves))
            if kind.dice is not None:
                out.append(f"Dice: {kind.dice} (+{t.attack_die} when attacking)")
            else:
                out.append("No dice, no hit points: never attacks, is never attacked (GC-27)")
            lines = self._kind_lines[key] = tuple(out)
        return lines

    # -- the table's commands ------------------------------------------------------------------

    def commands(self) -> tuple[GameCommand, ...]:
        """The King's player's override (GC-14), a key of its own at the table."""
        return (OVERRIDE_COMMAND,)


def commander_condition(state: GladiatorState, name: str, side: int) -> str:
    """Why a commander's move may go otherwise: dead (GC-17), frozen (GC-16), captured."""
    piece = find(state, name, side)
    if piece is None:
        return "dead; the King makes its move (GC-17)"
    if piece.status == FROZEN:
        return "frozen (GC-16)"
    if piece.status == ABDUCTED:
        return "captured (GC-31)"
    return ""


#: When a King's player may override (said after a refused override, GC-14).
OVERRIDE_WHEN = (
    "The King's player may override only before the Queen's, Black Knight's or King's "
    "Knight's move, when the King could move a piece that commander cannot (GC-14)."
)
#: The King's player makes a commander's move himself (GC-14): ``v``, or the Actions panel.
OVERRIDE_COMMAND = GameCommand(
    "override",
    "v",
    "Override",
    "The King's player overrides the commander's move (Gladiator, GC-14)",
    Action(OVERRIDE),
    when=OVERRIDE_WHEN,
    guide=(
        "**Override** (`v`, or the Actions panel): before the Queen's, Black "
        "Knight's or King's Knight's move the King's player may make that move "
        "himself, with any unmoved piece (GC-14). The commander's own move means "
        "no override: nobody is asked."
    ),
)
