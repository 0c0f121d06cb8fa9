"""What people see of a D&D Battle Chess game: pieces and their marks, character sheets, the
tally, the battle panel, odds in words and the move log's notation. Read off ``DndRules``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.present import (
    CHOICES,
    ActionGroup,
    NoteWords,
    Presenter,
    RefusalWords,
)
from battlechess_tui.engine.roll_words import RollWords
from battlechess_tui.engine.rules import SIDE_NAMES as SIDES
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.views import (
    BattleView,
    Combatant,
    Mark,
    PieceView,
    TallyItem,
    TallySection,
    percent,
)
from battlechess_tui.engine.vocabulary import Ending, MarkKind
from battlechess_tui.rules.dnd import (
    brief,
    combat,
    estimate,
    explain,
    odds,
    present_effects,
    present_notes,
    present_refusals,
    spells,
)
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import roll_words as dnd_rolls
from battlechess_tui.rules.dnd.combat import Work
from battlechess_tui.rules.dnd.present_effects import modifier_label
from battlechess_tui.rules.dnd.present_shop import DndShopWords
from battlechess_tui.rules.dnd.rules import DndRules
from battlechess_tui.rules.dnd.state import (
    ACT,
    BATTLE,
    LOOT,
    SWAP,
    Battle,
    DndState,
    Effect,
    Lookups,
    Piece,
)
from battlechess_tui.rules.dnd.stats import Tables
from battlechess_tui.rules.dnd.vocabulary import DndTag

ORDINAL = ("1st", "2nd", "3rd")

#: Conditions (DD-23, DD-28, Bestow Curse) as the board marks them: name, symbol, ASCII.
CONDITIONS = {
    "paralyzed": ("paralyzed", "❄", "F"),
    "prone": ("prone", "_", "_"),
    "charmed": ("charmed", "♥", "c"),
    "fascinated": ("fascinated", "♥", "c"),
    "cursed": ("cursed", "", ""),
    "cursed-actions": ("cursed", "", ""),
}
#: Effects named by their condition rather than their spell (Doom shakes, Blur blurs).
NAMED_BY_CONDITION = ("shaken", "blur")
PROMOTED = Mark(MarkKind.STATUS, "promoted", "⁺", "+")
IN_BATTLE = Mark(MarkKind.STATUS, "in battle", "⚔", "#")
USED_SQUARE = Mark(MarkKind.AREA, "used", "✗", "x")  # DD-31
BATTLE_SQUARE = Mark(MarkKind.AREA, "battle", "⚔", "#")


def rounds_text(e: Effect) -> str:
    return "whole game" if e.rounds is None else f"{e.rounds} rounds left"


def effect_mark(t: Tables, e: Effect) -> Mark:
    """A condition by its own symbol; any other effect a buff or a debuff by what it does."""
    if e.condition in CONDITIONS:
        name, symbol, ascii_ = CONDITIONS[e.condition]
        return Mark(MarkKind.CONDITION, name, symbol, ascii_)
    name = e.condition if e.condition in NAMED_BY_CONDITION else modifier_label(t, e)
    return Mark(MarkKind.BUFF if fx.helps(e) else MarkKind.DEBUFF, name)


def marks(t: Tables, s: Lookups, p: Piece) -> tuple[Mark, ...]:
    out = [effect_mark(t, e) for e in p.effects]
    if p.promoted:
        out.append(PROMOTED)
    b = s.battle
    if b is not None and p.id in (b.attacker, b.defender):
        out.append(IN_BATTLE)
    first: dict[str, Mark] = {}
    for m in out:
        first.setdefault(m.name, m)
    return tuple(first.values())


def _signed(v: int) -> str:
    return f"{v:+d}"


def item_names(t: Tables, items: tuple[str, ...]) -> str:
    """``+1 weapon, Ring of Protection +2`` (the catalogue's names, DD-47)."""
    if t.catalogue is None:
        return ", ".join(items)
    return ", ".join(t.catalogue.name(i) for i in items)


#: What the piece card adds to an ability's name, from its numbers (``AbilityParams``).
ABILITY_DETAILS = {
    "sneak-attack": " +{dice}",
    "smite": " (+{hit} hit, +{damage} damage, once)",
    "lay-on-hands": " (heal {heal}, once)",
    "fascinate": " (Will DC {dc})",
    "inspire-courage": " (+{bonus} adjacent allies)",
    "aura-of-courage": " (+{will} Will adjacent allies)",
}


class DndPresenter(Presenter[DndState]):
    """Words and views of D&D Battle Chess, read off ``DndRules``."""

    consequences = Presenter.consequences | {
        DndTag.WITHDRAW, DndTag.LEVEL, DndTag.LOOT, DndTag.SURRENDER, DndTag.SWAP,
        DndTag.EFFECT, DndTag.CONDITION, DndTag.IMMUNE, DndTag.EVASION, DndTag.FASCINATE,
        DndTag.HELPLESS,
    }  # fmt: skip
    #: Notes of a battle worth a line beside its rolls (damage, initiative and rounds are told
    #: by the rolls themselves and the hit point bars).
    battle_notes = Presenter.battle_notes | {
        DndTag.CHARGE, DndTag.WAIT, DndTag.ABILITY, DndTag.BUFF, DndTag.CONDITION,
        DndTag.IMMUNE, DndTag.EVASION, DndTag.CRITICAL, DndTag.SHIELD_OTHER, DndTag.HELPLESS,
        DndTag.WITHDRAW, DndTag.FASCINATE,
    }  # fmt: skip
    battle_begins = DndTag.BATTLE

    def __init__(self, rules: DndRules) -> None:
        super().__init__(rules)
        self.dnd = rules
        self.t = rules.tables
        self.glyphs = {k: (p.glyph, p.black_glyph or p.glyph) for k, p in self.spec.pieces.items()}

    # -- notes (their words: ``present_notes.py``) ----------------------------------------------

    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = present_notes.NOTE_WORDS
    #: Why a decision is refused (``present_refusals.py``).
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = present_refusals.WORDS

    def kind_name(self, kind: str) -> str:
        """A class's name (a note's piece kind is its class key): ``Fighter``."""
        cls = self.t.classes.get(kind)
        return cls.name if cls is not None else kind

    def effect_name(self, key: str) -> str:
        """An effect's name from the key it is named by (``Effect.name_key``): ``Bless``,
        ``Prayer (foe)``, ``Curse: -4 to attack, damage and saves`` (``present_effects``)."""
        return present_effects.effect_name(self.t, key)

    def modifier_words(self, key: str) -> str:
        """A modifier's words from its key (``present_effects.modifier_words``): ``melee``,
        ``bless``, ``+2 weapon``, ``+2 weapon, bane``."""
        return present_effects.modifier_words(self.t, key)

    def thing_name(self, key: str) -> str:
        """A cause's or a spell's name (``melee attack``, ``Fireball``, ``healing (2)``); any
        other key as it is."""
        if key in present_notes.CAUSES:
            return present_notes.CAUSES[key]
        if key.startswith(spells.HEAL_PREFIX) or spells.base_key(key) in self.t.spells:
            return spells.definition(self.t, key).name
        return key

    # -- the campaign's shop (its words: ``present_shop.py``) -----------------------------------

    def shop_words(self) -> DndShopWords:
        return DndShopWords(self.dnd.catalogue)

    # -- rolls (their words: ``roll_words.py``) -------------------------------------------------

    def roll_words(self, roll: Roll) -> RollWords:
        return dnd_rolls.words(self, roll)

    # -- the move log --------------------------------------------------------------------------

    def notation(self, state: DndState, action: Action) -> str:
        text = action.text(self.geo)
        if action.kind == MOVE and len(action.squares) == 2:
            frm, to = action.squares
            p, q = state.piece_at(frm), state.piece_at(to)
            if p is None:
                return text
            letter = self.t.classes[p.cls].letter
            if (
                self.t.codes[p.cls] == cb.KING
                and abs(to - frm) == 2
                and self.dnd.find_move(state, action) is not None
            ):
                return "O-O" if to > frm else "O-O-O"
            sep = "x" if q is not None else "-"
            return f"{letter} {self.geo.name(frm)}{sep}{self.geo.name(to)}"
        actor = self._actor(state)
        if actor is None:
            return text
        return f"{self.t.classes[actor.cls].name}: {text}"

    def _actor(self, state: DndState) -> Piece | None:
        if state.phase == BATTLE and state.battle is not None:
            return state.pieces[state.battle.actor]
        if state.phase == ACT and state.actors:
            return state.pieces[state.actors[0]]
        if state.phase == LOOT and state.loot is not None:
            return state.pieces[state.loot.winner]
        return None

    # -- the board -----------------------------------------------------------------------------

    def piece_view(self, state: DndState, square: int) -> PieceView | None:
        """The piece with its hit points (temporary ones included) and marks; its level is
        labelled when it differs from the game's starting level (DD-3, DD-31, DD-40)."""
        p = state.piece_at(square)
        if p is None:
            return None
        cls = self.t.classes[p.cls]
        letter = cls.letter if p.side == 0 else cls.letter.lower()
        glyph = self.glyphs.get(cls.piece, (letter, letter))[p.side] or letter
        temp = fx.temp_hp(p)
        label = f"L{p.level}" if p.level != self.dnd.level else ""
        return PieceView(
            p.cls,
            p.side,
            letter,
            glyph,
            cls.name,
            p.hp + temp,
            fx.max_hp(self.t, p) + temp,
            label,
            marks(self.t, state, p),
        )

    def square_marks(self, state: DndState) -> dict[int, Mark]:
        out = dict.fromkeys(state.used_squares, USED_SQUARE)
        if state.battle is not None:
            out[state.battle.square] = BATTLE_SQUARE
        return out

    def outcome_reason(self, outcome: Outcome) -> str:
        """DD-4, DD-9 and DD-45 in words (the loser named, or the side that cannot move)."""
        if outcome.reason:
            return outcome.reason
        loser = None if outcome.winner is None else SIDES[1 - outcome.winner]
        n = outcome.numbers
        if outcome.kind == Ending.KING_KILLED:
            return "both Kings fell" if loser is None else f"{loser}'s King fell below 0 hit points"
        if outcome.kind == Ending.SURRENDER and loser is not None:
            return f"{loser}'s King surrendered"
        if outcome.kind == Ending.NO_MOVES and n:
            return f"{SIDES[n[0]]} cannot move"
        if outcome.kind == Ending.QUIET and n:
            return f"{n[0]} full turns without damage"
        return super().outcome_reason(outcome)

    def status(self, state: DndState) -> str:
        result = self.rules.outcome(state)
        if result is not None:
            return self.describe_outcome(result)
        t, geo, side = self.t, self.geo, SIDES[state.side]
        if state.phase == BATTLE and state.battle is not None:
            b = state.battle
            actor = state.pieces[b.actor]
            # Short enough for an 80-column banner: hit points are on the battle panel.
            return (
                f"Battle on {geo.name(b.square)}, round {b.actions // 2 + 1}: "
                f"{SIDES[actor.side]}'s {t.classes[actor.cls].name} acts"
                + (" (first action: no melee)" if b.first else "")
            )
        if state.phase == LOOT and state.loot is not None:
            winner, loser = state.pieces[state.loot.winner], state.pieces[state.loot.loser]
            return (
                f"{SIDES[winner.side]}: the {t.classes[winner.cls].name} may loot the fallen "
                f"{t.classes[loser.cls].name}'s {item_names(t, loser.items)}: "
                "loot or leave (DD-42)"
            )
        if state.phase == SWAP:
            king = SIDES[1 - state.side]
            return f"{king}: the King is attacked - swap with an adjacent Fighter or stay (DD-17)"
        if state.phase == ACT and state.actors:
            p = state.pieces[state.actors[0]]
            return f"{side}: the {t.classes[p.cls].name} on {geo.name(p.square)} may act (or none)"
        f = state.fascination
        if f is not None and state.pieces[f.king].side == state.side:
            return f"{side} to move: the King must move (Fascinate, DD-28)"
        return f"{side} to move"

    def tally(self, state: DndState) -> list[TallySection]:
        out = []
        for side in (0, 1):
            items = []
            for p in state.pieces:
                if p.side != side:
                    continue
                name = f"{self.t.classes[p.cls].name} L{p.level}"
                if p.alive:
                    temp = fx.temp_hp(p)
                    note = ", ".join(m.name for m in marks(self.t, state, p))
                    items.append(
                        TallyItem(
                            f"{name} {self.geo.name(p.square)}",
                            p.hp + temp,
                            fx.max_hp(self.t, p) + temp,
                            note,
                        )
                    )
                else:
                    items.append(TallyItem(name, None, None, "killed"))
            out.append(TallySection(side, f"{SIDES[side]}'s pieces", tuple(items)))
        return out

    # -- the piece card ------------------------------------------------------------------------

    def piece_card(self, state: DndState, square: int) -> list[str]:
        p = state.piece_at(square)
        if p is None:
            return []
        t, geo = self.t, self.geo
        st = fx.stats_of(t, p)
        piece = t.classes[p.cls].piece
        lines = [
            f"{SIDES[p.side]} {st.name} ({piece}) on {geo.name(square)}, level {p.level}"
            + (" (promoted)" if p.promoted else "")
        ]
        temp = fx.temp_hp(p)
        lines.append(
            f"Hit points {p.hp}/{fx.max_hp(t, p)}" + (f" +{temp} temporary" if temp else "")
        )
        init = st.init + sum(v for _, v in fx.modifiers(state, t, geo, p.id, "init"))
        acs = "  ".join(f"{k} {fx.armor_class(state, t, p.id, k)[0]}" for k in ("AC", "FAC", "TAC"))
        lines.append(f"Init {_signed(init)}  {acs}")
        att = fx.modifiers(state, t, geo, p.id, "attack", weapon=True)
        dmg = fx.modifiers(state, t, geo, p.id, "damage", weapon=True)
        lines.append(
            f"Melee {_signed(st.melee)}{self._modifiers_text(att)}  Damage {st.dmg_text}"
            + self._modifiers_text(dmg)
        )
        saves = "  ".join(
            f"{name} {_signed(sum(v for _, v in fx.save_bonus(state, t, geo, p.id, k)))}"
            for k, name in (("fort", "Fort"), ("ref", "Ref"), ("will", "Will"))
        )
        lines.append(f"Saves: {saves}")
        lines += self._spell_lines(p)
        lines += self._ability_lines(p)
        if p.effects:
            active = (f"{self.effect_name(e.name_key)} ({rounds_text(e)})" for e in p.effects)
            lines.append("Active: " + ", ".join(active))
        lines.append("Items: " + (item_names(t, p.items) or "none"))
        return lines

    def _modifiers_text(self, mods: fx.Mods) -> str:
        """`` +1 inspire +2 +2 weapon``: the sheet's modifiers, each by its words."""
        return "".join(f" {_signed(v)} {self.modifier_words(key)}" for key, v in mods)

    def _spell_lines(self, p: Piece) -> list[str]:
        t = self.t
        st = fx.stats_of(t, p)
        out = []
        for level, total in enumerate(st.slots, start=1):
            names = [t.spells[k].name for k in st.spells if t.spells[k].level == level]
            if level <= len(st.heal):
                names.append(f"or heal {st.heal[level - 1]}")
            left = spells.slots_left(st, p, level)
            out.append(
                f"{ORDINAL[level - 1]}-level spells {left}/{total} left: " + ", ".join(names)
            )
        return out

    def _ability_lines(self, p: Piece) -> list[str]:
        st = fx.stats_of(self.t, p)
        parts = []
        for key, a in st.abilities.items():
            details = ABILITY_DETAILS.get(key, "").format_map(a.model_dump())
            text = key.replace("-", " ").title() + details
            if key in p.used:
                text += " - used"
            parts.append(text)
        return ["Abilities: " + ", ".join(parts)] if parts else []

    # -- the battle panel ----------------------------------------------------------------------

    def battle_view(self, state: DndState, key: tuple[int, ...] | None = None) -> BattleView | None:
        """The battle under way; with ``key`` (attacker, defender, square) the fighters of that
        battle as they stand in ``state`` (after it, one may have fallen)."""
        b = state.battle
        if key is None:
            if b is None:
                return None
            key = (b.attacker, b.defender, b.square)
        elif b is not None and (b.attacker, b.defender, b.square) != key:
            b = None
        attacker, defender, square = key
        w = self.dnd.work(state)
        status = ""
        if b is not None and (b.attacker, b.defender) == (attacker, defender):
            status = f"round {b.actions // 2 + 1}: {w.name(b.actor)} acts" + (
                " (first action: no melee, DD-11)" if b.first else ""
            )
        else:
            b = None
        fighters = (self._combatant(w, attacker, b), self._combatant(w, defender, b))
        return BattleView(key, square, *fighters, status)

    def _combatant(self, w: Work, pid: int, b: Battle | None) -> Combatant:
        """A fighter with the armour class an enemy's melee attack uses on it now (DD-11,
        DD-13)."""
        p = w.piece(pid)
        st = fx.stats_of(w.t, p)
        conditions = [m.name for m in marks(self.t, w.state, p) if m != IN_BATTLE]
        defence = ""
        if p.alive:
            kind = "FAC" if b is not None and combat.flat_footed(w, pid) else "AC"
            ac, mods = fx.armor_class(w.state, w.t, pid, kind)
            defence = f"{kind} {ac}" + (" (flat-footed)" if kind == "FAC" else "")
            defence += "".join(f" {_signed(v)} {label}" for label, v in mods)
            if b is not None and combat.flanked(w, pid):
                conditions.append("flanked (+2 to hit it)")
        else:
            conditions.append("fallen")
        temp = fx.temp_hp(p)
        return Combatant(
            f"{SIDES[p.side]} {st.name}",
            p.side,
            w.state.standing(pid) if p.alive else -1,
            p.hp + temp,
            fx.max_hp(w.t, p) + temp,
            defence,
            tuple(conditions),
        )

    # -- what a choice does ----------------------------------------------------------------------

    def explain(self, state: DndState, action: Action) -> str | None:
        """A spell's or ability's damage or effect with the acting piece's numbers, how it is
        resisted and whom it reaches (DD-7, DD-13, DD-19..DD-30); a battle's other choices."""
        actor = self._actor(state)
        if actor is None or action.kind == MOVE:
            return None
        return explain.explain(self.t, self.geo, state, actor, action)

    def brief(self, state: DndState, action: Action) -> str | None:
        """A choice's name and key numbers (``Fireball  5d6, Reflex DC 15 half``)."""
        actor = self._actor(state)
        if actor is None or action.kind == MOVE:
            return None
        return brief.brief(self.t, state, actor, action)

    # -- odds ----------------------------------------------------------------------------------

    def odds(self, state: DndState, action: Action) -> str | None:
        """A battle's exact chance with the policy it assumes, and the King's swap and
        Fascinate as figures of their own (DD-18); or the exact chance of the one roll an
        attack or spell needs."""
        if estimate.starts_battle(state, action):
            found = odds.battle_odds(self.dnd, state, action)
            return None if found is None else battle_odds_text(found, self.geo)
        roll = estimate.roll_for(self.dnd.work(state), action)
        if roll is None:
            return None
        p, against = float(roll.p), f"(d20{roll.bonus:+d} vs {roll.against}, exact)"
        if roll.kind == "auto":
            return "Magic Missile always hits (DD-22)"
        if roll.kind == "melee":
            return f"Hits {p:.0%} {against}"
        if roll.kind == "touch":
            return f"Touch attack hits {p:.0%} {against}"
        return f"Target fails its save {p:.0%} {against}"

    # -- the table's list of choices -----------------------------------------------------------

    def action_groups(self) -> tuple[ActionGroup, ...]:
        """The choices, then the spells, then the abilities."""
        return ACTION_GROUPS

    def declining(self, actions: Sequence[Action]) -> Action | None:
        """After its move a piece may act: ``none`` declines (offered first)."""
        return NOT_ACTING if NOT_ACTING in actions else None


def battle_odds_text(found: odds.BattleOdds, geo: Geometry) -> str:
    """``Attacker wins 63.2%, defender 36.8% (exact; both attack automatically); if the King
    swaps with the Fighter on e2: 58%``; what Fascinate would do when the King can sing it."""
    auto = found.auto
    text = f"Attacker wins {percent(auto.attacker)}, defender {percent(auto.defender)}"
    if auto.stopped:
        text += f", stopped {percent(auto.stopped)}"
    text += f" ({auto.policy})"
    best = found.best_swap
    if best is not None:
        square, swap = best
        text += f"; if the King swaps with the Fighter on {geo.name(square)}: "
        text += percent(swap.attacker)
    if found.fascinate is not None:
        text += f"; if the King sings Fascinate: stopped {percent(found.fascinate.stopped)}"
    return text


#: The list of choices at the table: spells (``cast``) and abilities each under their own head.
ACTION_GROUPS = (
    CHOICES,
    ActionGroup("Spells", frozenset({"cast"})),
    ActionGroup("Abilities", frozenset({"ability"})),
)
#: A piece that may act after its move does not (``none``).
NOT_ACTING = Action("none")
