"""From the engine to the widgets: what each panel shows of a game at a given position.

Pure functions over a ``Game`` and a position index (the latest for play, any for replays).
They only read the engine's views (``piece_view``, ``square_marks``, ``status``, ``tally``,
``piece_card``, ``odds``) and the recorded plies; no rule is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.game import META_KINDS, Game, Ply
from battlechess_tui.engine.variant import BattleView, Outcome, Seat
from battlechess_tui.ui.widgets.actions_panel import ActionItem
from battlechess_tui.ui.widgets.battle_panel import BattleInfo, BattleLine
from battlechess_tui.ui.widgets.board import ATTACK, TARGET, BoardModel
from battlechess_tui.ui.widgets.board import MOVE as MOVE_MARK
from battlechess_tui.ui.widgets.dice_tray import TrayEntry
from battlechess_tui.ui.widgets.move_log import LogEntry
from battlechess_tui.ui.widgets.turn_banner import Banner, TeamSlot

META_LABELS = {"resign": "Resign", "offer-draw": "Offer a draw", "accept-draw": "Accept the draw",
               "decline-draw": "Decline the draw"}  # fmt: skip
#: Up to this many target squares are named in an action's label (more are highlighted only).
AIM_SQUARES_LISTED = 4
#: What a player did, after their name ("Black declines the draw"), for the non-move decisions.
META_DEEDS = {"resign": "resigns", "offer-draw": "offers a draw",
              "accept-draw": "accepts the draw", "decline-draw": "declines the draw"}  # fmt: skip


def seat_of(game: Game, key: str) -> Seat:
    for seat in game.variant.seats():
        if seat.key == key:
            return seat
    return Seat(key, key, 0)


def commander(game: Game, seat: Seat) -> str:
    """The seat without its side's name (``Black Knight`` of ``White Black Knight``); empty
    when the seat is the whole side."""
    side = game.variant.side_names[seat.side]
    if seat.label == side:
        return ""
    return seat.label.removeprefix(side + " ")


def kept_default_name(game: Game, seat_key: str) -> bool:
    """Did the player keep the name the game gave them (the side's, or the seat's)?"""
    seat = seat_of(game, seat_key)
    return game.player_of(seat_key) in (seat.label, game.variant.side_names[seat.side])


def who(game: Game, seat_key: str) -> str:
    """How banners, notices and logs name a player: ``White`` or ``Ann (White)``; where each
    side has several commanders, ``White · Black Knight`` or ``Ann (White Black Knight)``."""
    seat = seat_of(game, seat_key)
    if kept_default_name(game, seat_key):
        side, part = game.variant.side_names[seat.side], commander(game, seat)
        return f"{side} · {part}" if part else side
    return f"{game.player_of(seat_key)} ({seat.label})"


def deed(ply: Ply) -> str:
    """The ply in the move log: its notation, or ``declines the draw`` for a draw answer."""
    return META_DEEDS.get(ply.action.kind, ply.notation)


def played(game: Game, ply: Ply) -> str:
    """``White played e4.``, ``Black offers a draw.``, or for the game's own choices (whose
    notation is a phrase of its own) ``Black — Paladin: attack.``"""
    if ply.action.kind in META_DEEDS:
        return f"{who(game, ply.seat)} {deed(ply)}."
    if ply.action.kind != MOVE:
        return f"{who(game, ply.seat)} — {ply.notation}."
    return f"{who(game, ply.seat)} played {ply.notation}."


def outcome_at(game: Game, index: int) -> Outcome | None:
    pos = game.positions[index]
    return pos.agreed or game.variant.outcome(pos.state)


def to_move_at(game: Game, index: int) -> str:
    pos = game.positions[index]
    if pos.draw_offer_by is not None:
        return game.opponent_seat(pos.draw_offer_by)
    return game.variant.to_move(pos.state)


def result_text(game: Game, outcome: Outcome) -> str:
    return outcome.describe(game.variant.side_names)


def banner(game: Game, index: int) -> Banner:
    outcome = outcome_at(game, index)
    if outcome is not None:
        return Banner(status=result_text(game, outcome), over=True)
    seat = seat_of(game, to_move_at(game, index))
    pos = game.positions[index]
    status = game.variant.status(pos.state)
    # "White to move" names the player already when they kept the side's name.
    named = kept_default_name(game, seat.key) and status.startswith(
        game.variant.side_names[seat.side]
    )
    if pos.draw_offer_by is not None:
        offerer, named = who(game, pos.draw_offer_by), True
        status = f"{offerer} offers a draw: {who(game, seat.key)} accepts or declines"
    return Banner(game.player_of(seat.key), seat.label, status, index + 1, seat.side,
                  team=team_strip(game, pos.state),
                  who="" if named else who(game, seat.key))  # fmt: skip


def team_strip(game: Game, state: Any) -> tuple[TeamSlot, ...]:
    """Team games: the commanders of the side to move, their moves this turn, and (when the
    team has several players) who holds each."""
    order = game.variant.turn_order(state)
    seats = [seat_of(game, t.seat) for t in order]
    several = len({game.player_of(s.key) for s in seats}) > 1
    slots = []
    for turn, seat in zip(order, seats, strict=True):
        label = commander(game, seat) or seat.label
        player = game.player_of(seat.key) if several else ""
        slots.append(TeamSlot(label, player, turn.progress, turn.note))
    return tuple(slots)


def board_model(
    game: Game, index: int, selected: int | None, actions: list[Action],
    aiming: Aim | None = None,
) -> BoardModel:  # fmt: skip
    """The position at ``index`` with the squares the selected piece may reach, or the squares
    the action being aimed may name next (or, when no piece moves now, every square some
    action names)."""
    variant, state = game.variant, game.positions[index].state
    geo = variant.geo
    pieces = tuple(variant.piece_view(state, s) for s in range(geo.size))
    targets: dict[int, str] = {}
    if aiming is not None:
        targets = dict.fromkeys(aiming.squares(), TARGET)
    elif selected is None and actions and not any(a.kind == MOVE for a in actions):
        targets = dict.fromkeys(aimable_squares(actions), TARGET)
    elif selected is not None:
        mover = pieces[selected]
        for action in actions:
            if len(action.squares) >= 2 and action.squares[0] == selected:
                target = action.squares[-1]
                victim = pieces[target]
                hostile = victim is not None and (mover is None or victim.side != mover.side)
                targets[target] = ATTACK if hostile else MOVE_MARK
    last: tuple[int, ...] = ()
    if index > 0:
        last = tuple(game.plies[index - 1].action.squares)
    return BoardModel(geo.width, geo.height, pieces, dict(variant.square_marks(state)),
                      targets, last)  # fmt: skip


TRAY_DECISIONS = 6  # how many recent decisions with rolls the dice tray shows


def tray(game: Game, index: int) -> tuple[int, tuple[TrayEntry, ...]]:
    """The rolls to show: those of the last decisions up to ``index`` that threw dice.

    Returns the newest such ply (0 for the setup) and the entries, oldest first: each roll
    with its thrower and the decision it belongs to, and the narration that followed it
    (kills, damage) so a fight reads round by round.
    """
    rolled = []
    for ply_index in range(index - 1, -2, -1):
        events = game.setup_events if ply_index < 0 else game.plies[ply_index].events
        if any(isinstance(e, Roll) for e in events):
            rolled.append(ply_index)
            if len(rolled) == TRAY_DECISIONS:
                break
    entries = []
    for ply_index in reversed(rolled):
        if ply_index < 0:
            events, default, heading = game.setup_events, "", "Setup"
        else:
            ply = game.plies[ply_index]
            events, default = ply.events, ply.seat
            heading = f"{ply_index + 1}. {who(game, ply.seat)}: {ply.notation}"
        for event in events:
            seat = event.seat if isinstance(event, Roll) else default
            entries.append(TrayEntry(who(game, seat) if seat else "Setup", event,
                                     ply_index + 1, heading))  # fmt: skip
    return (rolled[0] + 1 if rolled else 0), tuple(entries)


def log(game: Game, upto: int | None = None) -> tuple[LogEntry, ...]:
    plies = game.plies if upto is None else game.plies[:upto]
    out = []
    for i, ply in enumerate(plies):
        details = []
        for event in ply.events:
            if isinstance(event, Roll):
                details.append(f"{event.purpose}: {event.describe()}" if event.purpose
                               else event.describe())  # fmt: skip
            elif isinstance(event, Note) and ply.action.kind not in META_KINDS:
                details.append(event.text)  # a resignation's note only repeats the deed
        out.append(LogEntry(i + 1, who(game, ply.seat), deed(ply), tuple(details)))
    return tuple(out)


class Aim:
    """Choosing the squares of an action picked without them (``cast bless`` then a target).

    ``actions`` are the legal actions of one kind and choice; ``chosen`` the squares picked so
    far. An action is complete when its squares are exactly those chosen.
    """

    def __init__(self, head: str, actions: Sequence[Action]) -> None:
        self.head = head  # the text before the squares: "cast magic-missile"
        self.actions = tuple(actions)
        self.chosen: tuple[int, ...] = ()

    def squares(self) -> list[int]:
        """The squares open next; the last chosen again finishes when that is an action."""
        n = len(self.chosen)
        out = [a.squares[n] for a in self.actions
               if len(a.squares) > n and a.squares[:n] == self.chosen]  # fmt: skip
        if self.finished() is not None and self.chosen:
            out.append(self.chosen[-1])
        return list(dict.fromkeys(out))

    def finished(self) -> Action | None:
        return next((a for a in self.actions if a.squares == self.chosen), None)

    def choose(self, square: int) -> Action | None:
        """Take ``square``; returns the action once no further square can be added."""
        if self.chosen and square == self.chosen[-1] and self.finished() is not None:
            return self.finished()
        self.chosen += (square,)
        done = self.finished()
        longer = any(len(a.squares) > len(self.chosen) and a.squares[: len(self.chosen)] ==
                     self.chosen for a in self.actions)  # fmt: skip
        return done if done is not None and not longer else None

    def action_for(self, square: int) -> Action | None:
        """The action that choosing ``square`` next would make or begin (for the odds)."""
        prefix = self.chosen if square in self.chosen[-1:] else (*self.chosen, square)
        return next((a for a in self.actions if a.squares[: len(prefix)] == prefix), None)


def aimable_squares(actions: Sequence[Action]) -> list[int]:
    """Squares that single-square choices name (a spell's target, a King's swap, a heal)."""
    return list(dict.fromkeys(a.squares[0] for a in actions
                              if a.kind != MOVE and len(a.squares) == 1))  # fmt: skip


def _head(action: Action) -> str:
    return f"{action.kind} {action.choice}".strip()


def aim_groups(actions: Sequence[Action]) -> dict[str, list[Action]]:
    """Non-move choices that name squares, by kind and choice, when one has several targets."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        if action.kind != MOVE and action.squares:
            groups.setdefault(_head(action), []).append(action)
    return {head: group for head, group in groups.items() if len(group) > 1}


def actions_panel(game: Game, actions: list[Action]) -> tuple[ActionItem, ...]:
    """Every choice that is not a plain move, labelled by the game's notation (with the odds
    when the game gives them). Choices of one kind with several targets are one item whose
    targets are then chosen on the board."""
    geo = game.variant.geo
    groups = aim_groups(actions)
    items, seen = [], set()
    for action in actions:
        if action.kind == MOVE:
            continue
        head = _head(action)
        if head in groups:
            if head not in seen:
                seen.add(head)
                items.append(_group_item(game, head, groups[head]))
            continue
        text = action.text(geo)
        label = (
            META_LABELS[action.kind] if action.kind in META_KINDS else choice_label(game, action)
        )
        items.append(ActionItem(text, label))
    return tuple(items)


def choice_label(game: Game, action: Action) -> str:
    """The game's notation of ``action``, with its odds when the game gives them."""
    label = _notation(game, game.state, action)
    chance = _odds(game, game.state, action)
    return f"{label} — {chance}" if chance else label


def _group_item(game: Game, head: str, group: list[Action]) -> ActionItem:
    geo = game.variant.geo
    first = group[0]
    label = _notation(game, game.state, first)
    named = " ".join(geo.name(sq) for sq in first.squares)
    if named and label.endswith(named):
        label = label[: -len(named)].rstrip()
    if any(geo.name(sq) in label.split() for sq in first.squares):
        label = head  # the notation names one of the targets ("swap a1 b1 (4↔1)")
    targets = aimable_squares([Action(a.kind, a.squares[:1], a.choice) for a in group])
    text = f"{label} … choose on the board"
    if len(targets) <= AIM_SQUARES_LISTED:
        text += ": " + ", ".join(geo.name(sq) for sq in targets)
    return ActionItem(head, text, tuple(targets))


def _odds(game: Game, state: Any, action: Action) -> str:
    try:
        return game.variant.odds(state, action) or ""
    except (ValueError, KeyError, IndexError, AssertionError):
        return ""


def _notation(game: Game, state: Any, action: Action) -> str:
    try:
        return game.variant.notation(state, action)
    except (ValueError, KeyError, IndexError):
        return action.text(game.variant.geo)


def card(game: Game, index: int, square: int) -> tuple[str, ...]:
    variant, state = game.variant, game.positions[index].state
    lines = list(variant.piece_card(state, square))
    if not lines:
        lines.append(f"{variant.geo.name(square)}: empty square")
    mark = variant.square_marks(state).get(square)
    if mark:
        lines.append(f"Square {variant.geo.name(square)}: {mark}")
    return tuple(lines)


def odds(
    game: Game, selected: int | None, cursor: int, actions: list[Action],
    aiming: Aim | None = None,
) -> str:  # fmt: skip
    """The engine's chance for the fight or effect the cursor points at: the selected piece's
    attack on that square, or the aimed action at that target."""
    geo = game.variant.geo
    if aiming is not None:
        action = aiming.action_for(cursor)
        if action is None:
            return ""
        chance = _odds(game, game.state, action)
        return f"{aiming.head} on {geo.name(cursor)}: {chance}" if chance else ""
    if selected is None or selected == cursor:
        return ""
    for action in actions:
        if len(action.squares) >= 2 and action.squares[0] == selected and \
                action.squares[-1] == cursor:  # fmt: skip
            chance = _odds(game, game.state, action)
            return f"Attack on {geo.name(cursor)}: {chance}" if chance else ""
    return ""


#: Notes of a battle worth a line beside its rolls (damage, initiative and rounds are told by
#: the rolls themselves and the hit point bars).
BATTLE_NOTES = ("charge", "wait", "ability", "buff", "condition", "immune", "evasion", "heal",
                "critical", "shield-other", "helpless", "kill", "capture", "withdraw",
                "fascinate")  # fmt: skip


def battle(game: Game, index: int) -> BattleInfo | None:
    """The battle under way at ``index``, or the last one fought before it (a summary)."""
    variant, positions = game.variant, game.positions
    view = variant.battle_view(positions[index].state)
    last = end = index
    if view is None:
        last = index - 1
        while last >= 0 and (view := variant.battle_view(positions[last].state)) is None:
            last -= 1
        if view is None:
            return None
        end = last + 1  # the position after the decision that ended it
        view = variant.battle_view(positions[end].state, view.key) or view
    first = last
    while first > 0 and _same_battle(variant.battle_view(positions[first - 1].state), view):
        first -= 1
    plies = game.plies[max(0, first - 1) : end]
    lines = tuple(_battle_lines(game, plies))
    return BattleInfo(view, last != index, lines, variant.geo.name(view.square))


def _same_battle(view: BattleView | None, other: BattleView) -> bool:
    return view is not None and view.key == other.key


def _battle_lines(game: Game, plies: Sequence[Any]) -> list[BattleLine]:
    lines: list[BattleLine] = []
    for i, ply in enumerate(plies):
        # The first decision may have done other things before the battle began.
        started = i > 0 or not any(isinstance(e, Note) and e.tag == "battle" for e in ply.events)
        for event in ply.events:
            if isinstance(event, Note) and event.tag == "battle":
                started = True
            if not started:
                continue
            if isinstance(event, Roll):
                lines.append(BattleLine(seat_of(game, event.seat).side, event))
            elif isinstance(event, Note) and event.tag in BATTLE_NOTES:
                lines.append(BattleLine(None, event))
    return lines
