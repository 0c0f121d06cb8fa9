"""From the engine to the widgets: what each panel shows of a game at a given position.

Pure functions over a ``Game`` and a position index (the latest for play, any for replays).
They only read the engine's views (``piece_view``, ``square_marks``, ``status``, ``tally``,
``piece_card``, ``odds``) and the recorded plies; no rule is decided here.
"""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.game import META_KINDS, Game
from battlechess_tui.engine.variant import Outcome, Seat
from battlechess_tui.ui.widgets.actions_panel import ActionItem
from battlechess_tui.ui.widgets.board import ATTACK, BoardModel
from battlechess_tui.ui.widgets.board import MOVE as MOVE_MARK
from battlechess_tui.ui.widgets.dice_tray import TrayEntry
from battlechess_tui.ui.widgets.move_log import LogEntry
from battlechess_tui.ui.widgets.turn_banner import Banner, TeamSlot

META_LABELS = {"resign": "Resign", "offer-draw": "Offer a draw", "accept-draw": "Accept the draw",
               "decline-draw": "Decline the draw"}  # fmt: skip


def seat_of(game: Game, key: str) -> Seat:
    for seat in game.variant.seats():
        if seat.key == key:
            return seat
    return Seat(key, key, 0)


def who(game: Game, seat_key: str) -> str:
    """``Alice (White)``, or just ``White`` when the player kept the seat's name."""
    player = game.player_of(seat_key)
    label = seat_of(game, seat_key).label
    return player if player == label else f"{player} ({label})"


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
    if pos.draw_offer_by is not None:
        status = f"{who(game, pos.draw_offer_by)} offers a draw: accept or decline"
    return Banner(game.player_of(seat.key), seat.label, status, index + 1, seat.side,
                  team=team_strip(game, pos.state))  # fmt: skip


def team_strip(game: Game, state: Any) -> tuple[TeamSlot, ...]:
    """Team games: the commanders of the side to move, their moves this turn, and (when the
    team has several players) who holds each."""
    order = game.variant.turn_order(state)
    seats = [seat_of(game, t.seat) for t in order]
    several = len({game.player_of(s.key) for s in seats}) > 1
    slots = []
    for turn, seat in zip(order, seats, strict=True):
        label = seat.label.removeprefix(game.variant.side_names[seat.side] + " ")
        player = game.player_of(seat.key) if several else ""
        slots.append(TeamSlot(label, player, turn.progress, turn.note))
    return tuple(slots)


def board_model(game: Game, index: int, selected: int | None, actions: list[Action]) -> BoardModel:
    """The position at ``index`` with the squares the selected piece may reach."""
    variant, state = game.variant, game.positions[index].state
    geo = variant.geo
    pieces = tuple(variant.piece_view(state, s) for s in range(geo.size))
    targets: dict[int, str] = {}
    if selected is not None:
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


def tray(game: Game, index: int) -> tuple[int, tuple[TrayEntry, ...]]:
    """The rolls to show: those of the latest ply up to ``index`` that threw dice.

    Returns the ply number (0 for the setup) and the entries: each roll with its thrower,
    and the narration that followed it (kills, damage) so a fight reads round by round.
    """
    for ply_index in range(index - 1, -2, -1):
        events = game.setup_events if ply_index < 0 else game.plies[ply_index].events
        if any(isinstance(e, Roll) for e in events):
            entries = []
            default_seat = "" if ply_index < 0 else game.plies[ply_index].seat
            for event in events:
                seat = event.seat if isinstance(event, Roll) else default_seat
                entries.append(TrayEntry(who(game, seat) if seat else "Setup", event))
            return ply_index + 1, tuple(entries)
    return 0, ()


def log(game: Game, upto: int | None = None) -> tuple[LogEntry, ...]:
    plies = game.plies if upto is None else game.plies[:upto]
    out = []
    for i, ply in enumerate(plies):
        details = []
        for event in ply.events:
            if isinstance(event, Roll):
                details.append(f"{event.purpose}: {event.describe()}" if event.purpose
                               else event.describe())  # fmt: skip
            elif isinstance(event, Note) and event.tag not in META_KINDS:
                details.append(event.text)
        out.append(LogEntry(i + 1, who(game, ply.seat), ply.notation, tuple(details)))
    return tuple(out)


def actions_panel(game: Game, actions: list[Action]) -> tuple[ActionItem, ...]:
    """Every choice that is not a plain move, labelled by the game's notation."""
    geo, state = game.variant.geo, game.state
    items = []
    for action in actions:
        if action.kind == MOVE:
            continue
        text = action.text(geo)
        if action.kind in META_KINDS:
            label = META_LABELS[action.kind]
        else:
            label = _notation(game, state, action)
        items.append(ActionItem(text, label))
    return tuple(items)


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


def odds(game: Game, selected: int | None, cursor: int, actions: list[Action]) -> str:
    """The engine's chance for the selected piece's fight on the square under the cursor."""
    if selected is None or selected == cursor:
        return ""
    for action in actions:
        if len(action.squares) >= 2 and action.squares[0] == selected and \
                action.squares[-1] == cursor:  # fmt: skip
            chance = game.variant.odds(game.state, action)
            if chance:
                name = game.variant.geo.name(cursor)
                return f"Attack on {name}: {chance}"
            return ""
    return ""
