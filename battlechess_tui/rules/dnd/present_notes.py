"""The words of D&D's notes: every sentence the move log and the dice tray show for what the
rules report in facts (``Note``: tag, fact, pieces, numbers, names, rule). ``DndPresenter``
reads them; a rewording or a translation touches this module only."""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.events import Note
from battlechess_tui.engine.present import NoteWords
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.dnd.facts import Fact
from battlechess_tui.rules.dnd.present_effects import CURSES
from battlechess_tui.rules.dnd.vocabulary import DndTag

#: What a damage note's cause key reads as, for causes that are not spells.
CAUSES = {"melee": "melee attack", "smite": "smite"}
#: The condition a save-or-suffer spell leaves, by the spell's key.
CONDITIONS = {
    "doom": "shaken",
    "hold-person": "paralyzed",
    "tashas-laughter": "prone with laughter",
    "charm-person": "charmed",
}
SHIELD_OTHER = "shield-other"


def _hp_change(verb: str) -> NoteWords:
    """``Fireball: White Fighter on e4 takes 7 damage (3/10 hp)`` (and heals alike); a share
    passed on by Shield Other says so once for each link it went through."""

    def words(presenter: Speaker, note: Note) -> str:
        cause, *links = note.names
        named = presenter.thing_name(cause) + " (Shield Other)" * links.count(SHIELD_OTHER)
        amount, hp, top = note.numbers
        who = presenter.piece_phrase(note.pieces[0])
        return f"{named}: {who} {verb.format(amount)} ({hp}/{top} hp)"

    return words


def _cast(presenter: Speaker, note: Note) -> str:
    caster, *targets = (presenter.piece_phrase(r) for r in note.pieces)
    return (
        f"{caster} casts {presenter.thing_name(note.names[0])} on {', '.join(targets) or 'itself'}"
    )


def _loots(presenter: Any, note: Note) -> str:
    cat = presenter.t.catalogue
    taken = ", ".join(cat.name(item) if cat else item for item in note.names)
    winner, fallen = (presenter.piece_phrase(r) for r in note.pieces)
    return f"{winner} loots {taken} from the fallen {fallen} ({note.rule})"


def _cursed(presenter: Speaker, note: Note) -> str:
    return f"{presenter.piece_phrase(note.pieces[0])} is cursed: {CURSES[note.names[0]]}"


def _ended(words: str) -> NoteWords:
    """An effect ends: ``{x[0]}`` is the effect's name (``present_effects.effect_name``)."""

    def ended(presenter: Any, note: Note) -> str:
        if not note.names:  # an older save's note, read by its words
            return note.text
        fields = presenter.note_fields(note)
        fields["x"] = [presenter.effect_name(key) for key in note.names]
        return words.format(**fields)

    return ended


def _condition(presenter: Speaker, note: Note) -> str:
    return f"{presenter.piece_phrase(note.pieces[0])} is {CONDITIONS[note.names[0]]}"


NOTE_WORDS: dict[str, NoteWords] = {
    EventTag.HEAL: _hp_change("heals {}"),
    Fact.LAY_ON_HANDS: "Lay on Hands by the {p[1]}: {p[0]} heals {n[0]} ({n[1]}/{n[2]} hp)",
    DndTag.SHIELD_OTHER: "Shield Other: the {p[0]} takes {n[0]} of it",
    Fact.ABSORBED: "False Life absorbs {n[0]}",
    EventTag.DAMAGE: _hp_change("takes {} damage"),
    EventTag.KILL: "{p[0]} falls",
    Fact.NO_CONFIRM: "Bless Weapon: the critical needs no confirmation",
    EventTag.PROMOTE: "{p[0]} is promoted to level {n[0]}: healed to full, spells and abilities "
    "restored ({rule})",
    EventTag.CASTLE: "Castling: the King and the Rook both take an action ({rule})",
    DndTag.SWAP: "{rule}: the King swaps with the Fighter on {sq[1]}, who takes the attack",
    Fact.GOES_ON: "{rule}: the King cannot move, so the stopped battle goes on",
    DndTag.BATTLE: "Battle on {sq[0]}: {p[0]} attacks {p[1]}",
    Fact.ATTACKER_FIRST: "{p[0]} wins initiative: the defender is flat-footed",
    Fact.DEFENDER_FIRST: "{p[0]} wins initiative and acts first (no melee)",
    DndTag.AUTO: "The rest of the battle is fought automatically (best melee attacks)",
    DndTag.CHARGE: "{p[0]} charges: +2 to hit, -2 AC until its next action",
    DndTag.WAIT: "{p[0]} waits",
    DndTag.WITHDRAW: "{p[0]} withdraws to {sq[0]} ({rule})",
    Fact.FASCINATED: "{p[0]} is fascinated: the battle stops, both pieces stay where they "
    "stood ({rule})",
    DndTag.ROUND: "Combat round {n[0]} ends ({rule})",
    DndTag.HELPLESS: "{p[0]} cannot act (paralyzed or prone)",
    EventTag.CAPTURE: "{p[0]} takes the square",
    Fact.LOOTS: _loots,
    Fact.LEAVES: "{p[0]} leaves the fallen piece's items ({rule})",
    DndTag.SURRENDER: "{side}'s King surrenders ({rule})",
    DndTag.CAST: _cast,
    DndTag.BUFF: "{p[0]} gains {n[0]} temporary hit points",
    Fact.CURSED: _cursed,
    Fact.MIND_SPELLS: "{p[0]} is immune to mind-affecting spells",
    Fact.SHIELD_STOPS: "{p[0]}'s Shield stops the Magic Missile",
    DndTag.CONDITION: _condition,
    DndTag.EVASION: "Evasion: {p[0]} takes no damage",
    Fact.PROMOTED_CASTER: _ended("{rule}: {x[0]} from the promoted caster ends on {p[0]}"),
    DndTag.EXPIRE: _ended("{x[0]} ends on the {k[0]} on {at[0]}"),
    Fact.SMITES: "{p[0]} smites",
    Fact.SINGS: "{p[0]} sings Fascinate",
    Fact.MIND_SONGS: "{p[0]} is immune to mind-affecting songs",
}
