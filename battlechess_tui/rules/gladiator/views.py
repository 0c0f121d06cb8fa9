"""What players see of Gladiator Chess: the log's words, refusals, the board's pieces, the turn
banner, the tally sheet (GC-36), odds before an attack and the piece card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.variant import PieceView, SeatTurn, TallyItem, TallySection

from .combat import attack_pool, defence_pool, duel_chance, round_chances
from .moves import ABDUCT, ATTACK, FREEZE, KILL, STEP, STRIKE, Generator, classify, raw_targets
from .state import (
    ABDUCTED,
    BOARD,
    DECIDE,
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
from .tables import SIDE_NAMES, piece_name
from .turns import commander

if TYPE_CHECKING:
    from .variant import Gladiator

HOW_WORDS = {
    ATTACK: "attacks",
    KILL: "kills instantly",
    FREEZE: "freezes",
    ABDUCT: "captures",
    STRIKE: "attacks the frozen",
}


def letter(g: Gladiator, p: Piece) -> str:
    ch = g.t.kinds[p.kind].letter
    return ch if p.side == 0 else ch.lower()


def sq(g: Gladiator, square: int) -> str:
    return g.geo.name(square)


# -- the move log -------------------------------------------------------------------------------


def notation(g: Gladiator, state: GladiatorState, action: Action) -> str:
    t, kind = g.t, action.kind
    if kind == MOVE:
        return move_notation(g, state, action)
    if kind == "override":
        return f"King overrides the {t.commander_name(commander(t, state))}'s move"
    if kind == "no-override":
        return f"No override: the {t.commander_name(commander(t, state))} moves"
    target = state.at(action.target) if action.squares else None
    if kind == "heal" and target is not None:
        return f"Queen heals the {t.kinds[target.kind].name} on {sq(g, action.target)}"
    if not state.pending or kind != state.pending[0].kind:
        return action.text(g.geo)
    name = t.kinds[state.pieces[state.pending[0].piece].kind].name
    if kind == "promote":
        return f"{name} promotes: the {t.kinds[action.choice].name} returns"
    if kind == "place":
        return f"{name} placed on {sq(g, action.target)}"
    return f"{name} returns to {sq(g, action.target)}"


def move_notation(g: Gladiator, state: GladiatorState, action: Action) -> str:
    """``Mb1-c3``, ``Wa1xa6 attacks Scout``, ``override: Qd1xd5 freezes Scout``."""
    move = g.find_move(state, action)
    if move is None:
        return action.text(g.geo)
    p = state.pieces[move.piece]
    sep = "-" if move.how == STEP else "x"
    text = f"{letter(g, p)}{sq(g, move.frm)}{sep}{sq(g, move.to)}"
    target = state.at(move.to)
    if move.how == STRIKE and target is not None:
        target = held_by(state, target)
    if move.how != STEP and target is not None:
        text += f" {HOW_WORDS[move.how]} {g.t.kinds[target.kind].name}"
    return ("override: " if state.overriding else "") + text


# -- refusals -----------------------------------------------------------------------------------


def why_illegal(g: Gladiator, state: GladiatorState, action: Action) -> str:
    if state.result is not None:
        return "the game is over"
    if state.pending:
        head = state.pending[0]
        words = {
            "place": "place the Queen next to her King (GC-30)",
            "return": "choose where the freed piece returns (GC-29)",
            "promote": "choose the piece that returns by promotion (GC-11)",
        }
        return f"first {words[head.kind]}: " + ", ".join(
            a.text(g.geo) for a in g.legal_actions(state)
        )
    if state.phase == DECIDE:
        return "before this move the King's player says override or no-override (GC-14)"
    if action.kind in ("override", "no-override"):
        return (
            "the King may only override before the Queen's, Black Knight's or King's "
            "Knight's move, when it could change something (GC-14)"
        )
    if action.kind == "heal":
        return (
            "the Queen heals only hurt friendly pieces next to her, at the start of her own "
            "move (GC-32)"
        )
    if action.kind != MOVE or len(action.squares) != 2:
        return f"{action.text(g.geo)} is not a Gladiator Chess action: type a move such as f2f4"
    return why_move_illegal(g, state, *action.squares)


def why_move_illegal(g: Gladiator, state: GladiatorState, frm: int, to: int) -> str:
    t = g.t
    p = state.at(frm)
    if p is None:
        return f"there is no piece on {sq(g, frm)}"
    name = t.kinds[p.kind].name
    if p.side != state.side:
        return f"the {name} on {sq(g, frm)} belongs to {SIDE_NAMES[p.side]}"
    if p.id in state.moved:
        return f"the {name} has already moved this turn (GC-13)"
    mover = KING if state.overriding else commander(t, state)
    if not state.overriding and t.kinds[p.kind].commander != mover:
        boss = t.commander_name(t.kinds[p.kind].commander)
        rule = "GC-14" if mover == KING else "GC-4, GC-13"
        return f"it is the {t.commander_name(mover)}'s move; the {name} obeys the {boss} ({rule})"
    gen = Generator(t, state)
    if to not in raw_targets(t, state.board, p, gen.f.queen_free[p.side]):
        return f"a {name} cannot move from {sq(g, frm)} to {sq(g, to)}: " + "; ".join(
            t.kinds[p.kind].moves
        )
    return landing_refusal(g, state, gen, p, to) or (
        "your King is in check: this move does not get him out of it (GC-24)"
        if gen.check
        else "that move would leave your King in check (GC-22)"
    )


def landing_refusal(
    g: Gladiator, state: GladiatorState, gen: Generator, p: Piece, to: int
) -> str | None:
    t = g.t
    if classify(t, state, gen.f, p, to, gen.check) is not None:
        return None
    target = state.at(to)
    assert target is not None
    what = t.kinds[target.kind].name
    if p.kind == QUEEN:
        if target.side == p.side:
            return "the Queen cannot land on her own pieces"
        return f"the Queen cannot freeze the {what} (GC-27, GC-28)"
    if target.kind == QUEEN:
        if p.kind == KING and gen.f.protected[p.side]:
            return "the King can never move onto a square holding a Queen (GC-23)"
        if target.side == p.side:
            return "only a Queen holding a frozen piece can be landed on by her team (GC-30)"
        return f"a {t.kinds[p.kind].name} cannot capture the Queen (GC-29)"
    if target.side == p.side:
        if p.kind == KING:
            return "the King kills his own pieces only to get out of check (GC-23)"
        return f"{sq(g, to)} holds your own {what}"
    return "the King cannot be attacked while his King's Knight lives and his Queen is free (GC-21)"


# -- the board ----------------------------------------------------------------------------------


def piece_view(g: Gladiator, state: GladiatorState, square: int) -> PieceView | None:
    p = state.at(square)
    if p is None:
        return None
    kind = g.t.kinds[p.kind]
    label = ""
    marks: list[str] = []
    if p.kind == KING and p.side == state.side and state.result is None and g.in_check(state):
        marks.append("in check")  # (a game won at the end of a turn has no current move)
    if p.sq in movable(g, state):
        marks.append("movable")
    if p.id in state.moved:
        marks.append("moved")
    if p.kind in g.t.commanders:
        marks.append("commander")
    if p.kind == QUEEN and (frozen := held_by(state, p)) is not None:
        label = "*" + letter(g, frozen)
        marks.append(f"holds: {piece_name(g.t, frozen.kind, frozen.side)}")
    if p.kind == KING:
        marks.append("protected" if protected(state, p.side) else "unprotected")
    hp = p.hp if kind.hp else None
    return PieceView(
        p.kind,
        p.side,
        letter(g, p),
        kind.glyphs[p.side],
        kind.name,
        hp,
        kind.hp or None,
        label,
        tuple(marks),
    )


def movable(g: Gladiator, state: GladiatorState) -> frozenset[int]:
    """Squares of the pieces that may make the move now (GC-13, GC-14): the commander's own,
    or every unmoved piece when the King overrides; none while a choice is open."""
    if "movable" not in state.cache:
        moving = state.result is None and not state.pending
        state.cache["movable"] = frozenset(m.frm for m in g.moves(state)) if moving else frozenset()
    return state.cache["movable"]


def square_marks(g: Gladiator, state: GladiatorState) -> dict[int, str]:
    """A Queen's square holding a frozen piece (GC-27)."""
    out = {}
    for p in state.pieces:
        if p.status == FROZEN:
            out[state.pieces[p.holder].sq] = "frozen " + g.t.kinds[p.kind].name
    return out


def status(g: Gladiator, state: GladiatorState) -> str:
    t = g.t
    if state.result is not None:
        return state.result.describe(SIDE_NAMES)
    side = SIDE_NAMES[state.side]
    if state.pending:
        head = state.pending[0]
        piece = state.pieces[head.piece]
        who = t.commander_name(t.kinds[piece.kind].commander)
        what = {
            "place": "places the Queen next to her King (GC-30)",
            "return": f"returns the frozen {t.kinds[piece.kind].name} to its back rank (GC-29)",
            "promote": f"chooses the piece that replaces the {t.kinds[piece.kind].name} (GC-11)",
        }[head.kind]
        return f"{SIDE_NAMES[piece.side]} — the {who}'s player {what}"
    name = t.commander_name(commander(t, state))
    if state.phase == DECIDE:
        text = f"{side} — {name}'s move (King may override)"
    elif state.overriding:
        text = f"{side} — King overrides the {name}'s move"
    else:
        text = f"{side} — {name}'s move"
        if g.heal_actions(state):
            text += " (may heal first)"
    if g.in_check(state):
        text += " — check!"
    for s in (0, 1):
        if state.held[s] or not queen_free(state, s):
            text += f" · {SIDE_NAMES[s]} Queen held {state.held[s]}/{t.data.hold_turns}"
    return text


# -- the tally sheet (GC-36) --------------------------------------------------------------------


def tally(g: Gladiator, state: GladiatorState) -> list[TallySection]:
    out = []
    for side in (0, 1):
        team = SIDE_NAMES[side]
        mine = [p for p in state.pieces if p.side == side]
        out.append(
            TallySection(
                side,
                f"{team} pieces",
                tuple(board_item(g, state, p) for p in mine if p.status == BOARD),
            )
        )
        out.append(
            TallySection(
                side,
                f"{team} frozen",
                tuple(
                    TallyItem(
                        g.t.kinds[p.kind].name,
                        *hp(g, p),
                        note=f"under the {SIDE_NAMES[1 - side]} Queen on "
                        f"{sq(g, state.pieces[p.holder].sq)}",
                    )
                    for p in mine
                    if p.status == FROZEN
                )
                or (TallyItem("none"),),
            )
        )
        out.append(
            TallySection(
                side,
                f"{team} killed",
                tuple(
                    TallyItem(
                        g.t.kinds[p.kind].name,
                        note="killed" if p.status == KILLED else "replaced by promotion",
                    )
                    for p in mine
                    if p.status in (KILLED, RETIRED)
                )
                or (TallyItem("none"),),
            )
        )
        out.append(TallySection(side, f"{team} Captured Queen", (captured_item(g, state, side),)))
        out.append(TallySection(side, f"{team} commanders", commander_items(g, state, side)))
    return out


def hp(g: Gladiator, p: Piece) -> tuple[int | None, int | None]:
    full = g.t.kinds[p.kind].hp
    return (p.hp, full) if full else (None, None)


def board_item(g: Gladiator, state: GladiatorState, p: Piece) -> TallyItem:
    notes = ["moved"] if p.id in state.moved else []
    if p.kind == QUEEN and (frozen := held_by(state, p)) is not None:
        notes.append(f"holds the {piece_name(g.t, frozen.kind, frozen.side)}")
    return TallyItem(f"{g.t.kinds[p.kind].name} {sq(g, p.sq)}", *hp(g, p), note=", ".join(notes))


def captured_item(g: Gladiator, state: GladiatorState, side: int) -> TallyItem:
    q = find(state, QUEEN, side)
    if q is None or q.status != ABDUCTED:
        return TallyItem("Queen free" if q is not None else "no Queen")
    abductor = state.pieces[q.holder]
    where = f" on {sq(g, abductor.sq)}" if abductor.status == BOARD else ""
    return TallyItem(
        "Queen captured",
        note=f"abducted by {g.t.kinds[abductor.kind].name}{where}, "
        f"held {state.held[side]}/{g.t.data.hold_turns}",
    )


def commander_items(g: Gladiator, state: GladiatorState, side: int) -> tuple[TallyItem, ...]:
    t = g.t
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


def turn_order(g: Gladiator, state: GladiatorState) -> list[SeatTurn]:
    """The commanders strip: the team's four moves in order (GC-12), done, now or later."""
    if state.result is not None:
        return []
    out = []
    for i, name in enumerate(g.t.commanders):
        progress = "done" if i < state.step else "now" if i == state.step else "later"
        note = commander_condition(state, name, state.side).split(";")[0].split(" (")[0]
        if progress == "now" and state.overriding:
            note = ", ".join(filter(None, (note, "the King overrides")))
        out.append(SeatTurn(seat_key(state.side, name), progress, note))
    return out


# -- odds and the piece card --------------------------------------------------------------------


def odds(g: Gladiator, state: GladiatorState, action: Action) -> str | None:
    move = g.find_move(state, action)
    target = state.at(action.target) if action.squares else None
    if move is None or target is None:
        return None
    t = g.t
    p = state.pieces[move.piece]
    if move.how == KILL:
        return f"Certain: the King kills the {t.kinds[target.kind].name} instantly (GC-23)"
    if move.how == FREEZE:
        return f"No fight: the Queen freezes the {t.kinds[target.kind].name} (GC-27)"
    if move.how == ABDUCT:
        return "No fight: the Queen has no dice and is captured (GC-29)"
    bonus = move.how == STRIKE
    defender = held_by(state, target) if bonus else target
    if defender is None:
        return None
    att, dfn = str(attack_pool(t, p, bonus)), str(defence_pool(t, defender))
    a_name, d_name = t.kinds[p.kind].name, t.kinds[defender.kind].name
    sums = f"{att} vs {dfn}; hit points {p.hp} vs {defender.hp}"
    if t.duel:
        chance = duel_chance(att, dfn, p.hp, defender.hp)
        return f"Duel: {percent(chance)} that the {a_name} kills the {d_name} ({sums})"
    kill_it, win, die = round_chances(att, dfn, p.hp, defender.hp)
    return (
        f"One round: {percent(kill_it)} to kill the {d_name}, {percent(win)} to win the round, "
        f"{percent(die)} that the {a_name} dies ({sums})"
    )


def percent(chance: float) -> str:
    """``37.5%``; a chance that is neither nil nor certain never reads as 0.0% or 100.0%."""
    if 0 < chance < 0.0005:
        return "under 0.1%"
    if 0.9995 < chance < 1:
        return "over 99.9%"
    return f"{chance:.1%}"


def piece_card(g: Gladiator, state: GladiatorState, square: int) -> list[str]:
    p = state.at(square)
    if p is None:
        return []
    t = g.t
    kind = t.kinds[p.kind]
    lines = [f"{piece_name(t, p.kind, p.side)} on {sq(g, square)}"]
    if p.kind in t.commanders:
        led = [k.name for k in t.kinds.values() if k.commander == p.kind and k.key != p.kind]
        lines.append("Commander: moves itself" + (" or a " + ", ".join(led) if led else ""))
    else:
        lines.append(f"Commanded by the {t.commander_name(kind.commander)}")
    lines.append("Moves: " + "; ".join(kind.moves))
    if kind.dice is not None:
        lines.append(f"Dice: {kind.dice} (+{t.attack_die} when attacking)")
        lines.append(f"Hit points: {p.hp}/{kind.hp}")
    else:
        lines.append("No dice, no hit points: never attacks, is never attacked (GC-27)")
    if p.id in state.moved:
        lines.append("Has moved this turn (GC-13)")
    if p.kind == QUEEN and (frozen := held_by(state, p)) is not None:
        lines.append(
            f"Holds frozen: {piece_name(t, frozen.kind, frozen.side)} "
            f"({frozen.hp}/{t.kinds[frozen.kind].hp} hp)"
        )
    if p.kind == KING:
        if protected(state, p.side):
            lines.append(
                "Protected (GC-21, GC-23): cannot be attacked, kills instantly, can be checked"
            )
        else:
            lines.append(
                "Unprotected (GC-25, GC-26): fights, can be attacked and frozen, cannot be checked"
            )
    if p.kind in t.data.heal_on_victory:
        lines.append("Healed to full when victorious (GC-20)")
    return lines
