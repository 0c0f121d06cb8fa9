"""From the engine to the widgets: what each panel shows of a game at a given position.

Pure functions over a ``Game`` and a position index (the latest for play, any for replays).
They read the game's presenter (``piece_view``, ``square_marks``, ``status``, ``tally``,
``piece_card``, ``odds``, ``legend``), the rules' decision interface (seats, who moves) and the
recorded plies; no rule is decided here and no sentence is read for its meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from battlechess_tui.engine import numbering
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.game import META_KINDS, Game, Ply
from battlechess_tui.engine.rules import Outcome, Seat
from battlechess_tui.engine.views import BattleView, PieceView, checked_square
from battlechess_tui.ui.widgets.actions_panel import ActionItem
from battlechess_tui.ui.widgets.battle_panel import BattleInfo, BattleLine
from battlechess_tui.ui.widgets.board import ATTACK, TARGET, BoardModel, hp_symbol
from battlechess_tui.ui.widgets.board import MOVE as MOVE_MARK
from battlechess_tui.ui.widgets.dice_tray import TrayEntry
from battlechess_tui.ui.widgets.move_log import LogEntry
from battlechess_tui.ui.widgets.turn_banner import Banner, TeamSlot

META_LABELS = {"resign": "Resign", "offer-draw": "Offer a draw", "accept-draw": "Accept the draw",
               "decline-draw": "Decline the draw"}  # fmt: skip
#: Up to this many target squares are named in an action's label (more are highlighted only).
AIM_SQUARES_LISTED = 4
#: The actions panel's last group: resigning and draws, after the game's own (its presenter's
#: ``action_groups``).
GAME = "Game"


# -- players -------------------------------------------------------------------------------------


def seat_of(game: Game, key: str) -> Seat:
    for seat in game.rules.seats():
        if seat.key == key:
            return seat
    return Seat(key, key, 0)


def commander(game: Game, seat: Seat) -> str:
    """The seat without its side's name (``Black Knight`` of ``White Black Knight``); empty
    when the seat is the whole side."""
    side = game.rules.side_names[seat.side]
    if seat.label == side:
        return ""
    return seat.label.removeprefix(side + " ")


def kept_default_name(game: Game, seat_key: str) -> bool:
    """Did the player keep the name the game gave them (the side's, or the seat's)?"""
    seat = seat_of(game, seat_key)
    return game.player_of(seat_key) in (seat.label, game.rules.side_names[seat.side])


def who(game: Game, seat_key: str) -> str:
    """How banners, notices and logs name a player: ``White`` or ``Ann (White)``; where each
    side has several commanders, ``White · Black Knight`` or ``Ann (White · Black Knight)``
    (never "Black Black Knight")."""
    seat = seat_of(game, seat_key)
    side, part = game.rules.side_names[seat.side], commander(game, seat)
    where = f"{side} · {part}" if part else side
    name = game.player_of(seat_key)
    if kept_default_name(game, seat_key):
        return where
    if name.startswith(f"{where} ("):  # already says where: "White (medium computer)"
        return name
    return f"{name} ({where})"


def deed(game: Game, ply: Ply) -> str:
    """The ply in the move log: the presenter's notation for it (for a decision of the table,
    ``declines the draw``: ``Presenter.table_notation``), written when shown."""
    return ply.notation


def played(game: Game, ply: Ply) -> str:
    """``White played e4.``, ``Black offers a draw.``, or for the game's own choices (whose
    notation is a phrase of its own) ``Black — Paladin: attack.``"""
    if ply.action.kind in META_KINDS:
        return f"{who(game, ply.seat)} {ply.notation}."
    if ply.action.kind != MOVE:
        return f"{who(game, ply.seat)} — {ply.notation}."
    return f"{who(game, ply.seat)} played {ply.notation}."


# -- the position --------------------------------------------------------------------------------


def outcome_at(game: Game, index: int) -> Outcome | None:
    pos = game.positions[index]
    return pos.agreed or game.rules.outcome(pos.state)


def to_move_at(game: Game, index: int) -> str:
    pos = game.positions[index]
    if pos.draw_offer_by is not None:
        return game.opponent_seat(pos.draw_offer_by)
    return game.rules.to_move(pos.state)


def result_text(game: Game, outcome: Outcome) -> str:
    return game.presenter.describe_outcome(outcome)


def banner(game: Game, index: int) -> Banner:
    outcome = outcome_at(game, index)
    if outcome is not None:
        return Banner(status=result_text(game, outcome), over=True)
    seat = seat_of(game, to_move_at(game, index))
    pos = game.positions[index]
    status = game.presenter.status(pos.state)
    # A player who kept the side's name is named by the status itself ("White to move").
    named = kept_default_name(game, seat.key)
    if pos.draw_offer_by is not None:
        offerer, named = who(game, pos.draw_offer_by), True
        status = f"{offerer} offers a draw: {who(game, seat.key)} accepts or declines"
    return Banner(
        game.player_of(seat.key),
        seat.label,
        status,
        index + 1,
        seat.side,
        team=team_strip(game, pos.state),
        who="" if named else who(game, seat.key),
    )


def team_strip(game: Game, state: Any) -> tuple[TeamSlot, ...]:
    """Team games: the commanders of the side to move, their moves this turn, and (when the
    team has several players) who holds each."""
    order = game.presenter.turn_order(state)
    seats = [seat_of(game, t.seat) for t in order]
    several = len({game.player_of(s.key) for s in seats}) > 1 and not all(
        kept_default_name(game, s.key) for s in seats
    )
    slots = []
    for turn, seat in zip(order, seats, strict=True):
        label = commander(game, seat) or seat.label
        player = game.player_of(seat.key) if several else ""
        slots.append(TeamSlot(label, player, turn.progress, turn.note))
    return tuple(slots)


def legend(game: Game) -> tuple[PieceView, ...]:
    """Every kind of piece as the board draws it, fixed for the whole game."""
    return game.presenter.legend()


def board_model(
    game: Game,
    index: int,
    selected: int | None,
    actions: list[Action],
    aiming: Aim | None = None,
) -> BoardModel:
    """The position at ``index`` with the squares the selected piece may reach, or the squares
    the action being aimed may name next (or, when no piece moves now, every square some
    action names)."""
    presenter, state = game.presenter, game.positions[index].state
    geo = presenter.geo
    pieces = tuple(presenter.piece_view(state, s) for s in range(geo.size))
    targets: dict[int, str] = {}
    if aiming is not None:
        targets = dict.fromkeys(aiming.squares(), TARGET)
    elif selected is None and actions and not any(a.kind == MOVE for a in actions):
        targets = dict.fromkeys(aimable_squares(actions), TARGET)
    elif selected is not None:
        mover = pieces[selected]
        for action in actions:
            target = reach(game, action, selected)
            if target is not None:
                victim = pieces[target]
                hostile = victim is not None and (mover is None or victim.side != mover.side)
                targets[target] = ATTACK if hostile else MOVE_MARK
    last: tuple[int, ...] = ()
    if index > 0:
        last = tuple(game.plies[index - 1].action.squares)
    return BoardModel(
        geo.width,
        geo.height,
        pieces,
        dict(presenter.square_marks(state)),
        targets,
        last,
        checked_square(pieces),
    )


def reach(game: Game, action: Action, square: int) -> int | None:
    """Where ``action`` goes when its piece is picked up at ``square``: its last square when
    it starts there; for an action the rules read in either order (a Dice Chess swap, picked
    from its later die) its first square when it is a pair ending there; otherwise None."""
    squares = action.squares
    if len(squares) >= 2 and squares[0] == square:
        return squares[-1]
    if len(squares) == 2 and squares[1] == square and action.kind in game.rules.unordered:
        return squares[0]
    return None


def picked(game: Game, actions: list[Action], first: int, second: int) -> list[Action]:
    """The decisions made by picking ``first`` then ``second`` on the board."""
    return [a for a in actions if len(a.squares) == 2 and reach(game, a, first) == second]


# -- dice and the move log -------------------------------------------------------------------------

TRAY_DECISIONS = 6  # how many recent decisions with rolls the dice tray shows


def has_dice(game: Game) -> bool:
    """Does this game throw dice? Once one has been thrown, or when its pieces name dice."""
    if any(isinstance(e, Roll) for e in game.setup_events):
        return True
    if any(p.dice for p in game.rules.spec.pieces.values()):
        return True
    return any(ply.rolls for ply in game.plies)


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
    turns = turn_numbers(game, index)
    for ply_index in reversed(rolled):
        if ply_index < 0:
            events, default, heading = game.setup_said(), "", "Setup"
        else:
            ply, said = game.plies[ply_index], game.said(ply_index)
            events, default = said.events, ply.seat
            heading = f"{turns[ply_index]} {who(game, ply.seat)}: {said.notation}"
        for event in events:
            seat = event.seat if isinstance(event, Roll) else default
            entries.append(
                TrayEntry(who(game, seat) if seat else "Setup", event, ply_index + 1, heading)
            )
    return (rolled[0] + 1 if rolled else 0), tuple(entries)


#: The move numbers (``engine/numbering.py``: the one place a ply becomes a move number),
#: under the names the panels have used.
turns = numbering.turns
turn_labels = numbering.move_labels
turn_numbers = numbering.move_numbers


def log(game: Game, upto: int | None = None) -> tuple[LogEntry, ...]:
    """The move log up to ``upto`` plies (all of them in play; a replay shows nothing after
    the position on the board)."""
    count = len(game.plies) if upto is None else upto
    numbers = turn_labels(game, count)
    out = []
    for i, ply in enumerate(game.plies[:count]):
        said, details = game.said(i), []
        for event in said.events:
            if isinstance(event, Roll):
                details.append(game.presenter.roll_text(event))
            elif isinstance(event, Note) and ply.action.kind not in META_KINDS:
                details.append(event.text)  # a resignation's note only repeats the deed
        out.append(LogEntry(i + 1, who(game, ply.seat), said.notation, tuple(details), numbers[i]))
    return tuple(out)


# -- choosing the squares of an action -------------------------------------------------------------


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
        out = [
            a.squares[n]
            for a in self.actions
            if len(a.squares) > n and a.squares[:n] == self.chosen
        ]
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
        longer = any(
            len(a.squares) > len(self.chosen) and a.squares[: len(self.chosen)] == self.chosen
            for a in self.actions
        )
        return done if done is not None and not longer else None

    def action_for(self, square: int) -> Action | None:
        """The action that choosing ``square`` next would make or begin (for the odds)."""
        prefix = self.chosen if square in self.chosen[-1:] else (*self.chosen, square)
        return next((a for a in self.actions if a.squares[: len(prefix)] == prefix), None)


def aimable_squares(actions: Sequence[Action]) -> list[int]:
    """Squares that single-square choices name (a spell's target, a King's swap, a heal)."""
    return list(
        dict.fromkeys(a.squares[0] for a in actions if a.kind != MOVE and len(a.squares) == 1)
    )


def head_of(action: Action) -> str:
    """What a player types before an action's squares: ``cast bless``, ``swap``."""
    return f"{action.kind} {action.choice}".strip()


def aim_groups(actions: Sequence[Action]) -> dict[str, list[Action]]:
    """Non-move choices that name squares, by kind and choice, when one has several targets."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        if action.kind != MOVE and action.squares:
            groups.setdefault(head_of(action), []).append(action)
    return {head: group for head, group in groups.items() if len(group) > 1}


# -- the actions panel -----------------------------------------------------------------------------


def actions_panel(game: Game, actions: list[Action]) -> tuple[ActionItem, ...]:
    """Every choice that is not a plain move, grouped (choices, spells, abilities, the game),
    each labelled by the game's notation with what it does and its odds when the game tells
    them. Choices of one kind with several targets are one item whose targets are then chosen
    on the board."""
    groups = aim_groups(actions)
    items, seen = [], set()
    for action in actions:
        if action.kind == MOVE:
            continue
        head = head_of(action)
        if head in groups:
            if head not in seen:
                seen.add(head)
                items.append(_group_item(game, head, groups[head]))
            continue
        if action.kind in META_KINDS:
            items.append(
                ActionItem(action.text(game.rules.geo), META_LABELS[action.kind], group=GAME)
            )
            continue
        items.append(
            ActionItem(
                action.text(game.rules.geo),
                _notation(game, action),
                group=group_of(game, action),
                detail=_detail(game, action),
                brief=_brief(game, action),
            )
        )
    titles = [group.title for group in game.presenter.action_groups()]
    order = {title: i for i, title in enumerate([*titles, GAME])}
    return tuple(sorted(items, key=lambda item: order[item.group]))


def group_of(game: Game, action: Action) -> str:
    """The actions panel's group of ``action``: the first of its presenter's groups naming its
    kind, else the group naming none (resigning and draws: ``GAME``)."""
    if action.kind in META_KINDS:
        return GAME
    groups = game.presenter.action_groups()
    named = next((g for g in groups if action.kind in g.kinds), None)
    return (named or next((g for g in groups if not g.kinds), groups[0])).title


def choice_label(game: Game, action: Action) -> str:
    """The game's notation of ``action``, with its odds when the game gives them (dialogs)."""
    label = _notation(game, action)
    chance = _odds(game, game.state, action)
    return f"{label} — {chance}" if chance else label


def _group_item(game: Game, head: str, group: list[Action]) -> ActionItem:
    geo = game.rules.geo
    targets = aimable_squares([Action(a.kind, a.squares[:1], a.choice) for a in group])
    text = "choose on the board"
    if len(targets) <= AIM_SQUARES_LISTED:
        text += ": " + ", ".join(geo.name(sq) for sq in targets)
    return ActionItem(
        head,
        head,
        tuple(targets),
        group_of(game, group[0]),
        _explain(game, group[0]),
        text,
        _brief(game, group[0]),
    )


def _brief(game: Game, action: Action) -> str:
    """A choice's name and key numbers as the game words them (``Presenter.brief``)."""
    return _says(game.presenter.brief, game, action)


def _detail(game: Game, action: Action) -> str:
    """What a choice does and its chance, as the game words them."""
    return " · ".join(
        part for part in (_explain(game, action), _odds(game, game.state, action)) if part
    )


def _explain(game: Game, action: Action) -> str:
    """What the game says a choice does (``Presenter.explain``; empty when it says nothing)."""
    return _says(game.presenter.explain, game, action)


def _says(ask: Callable[[Any, Action], str | None], game: Game, action: Action) -> str:
    """What a presenter's ``ask`` says of ``action`` now; empty when it says nothing."""
    try:
        return ask(game.state, action) or ""
    except (ValueError, KeyError, IndexError):
        return ""


def _odds(game: Game, state: Any, action: Action) -> str:
    try:
        return game.presenter.odds(state, action) or ""
    except (ValueError, KeyError, IndexError):
        return ""


def _notation(game: Game, action: Action) -> str:
    try:
        return game.presenter.notation(game.state, action)
    except (ValueError, KeyError, IndexError):
        return action.text(game.rules.geo)


# -- the piece card and odds -----------------------------------------------------------------------


def aim_explanation(game: Game, aiming: Aim) -> str:
    """What the choice being aimed does (the piece card shows it while its target is chosen)."""
    return _explain(game, aiming.actions[0]) if aiming.actions else ""


def card(game: Game, index: int, square: int, ascii_only: bool = False) -> tuple[str, ...]:
    """The piece panel: the presenter's card of the piece on ``square``, what its mark beside
    it on the board means (a hurt piece's hit points), and the square's own mark."""
    presenter, state = game.presenter, game.positions[index].state
    name = presenter.geo.name
    lines = list(presenter.piece_card(state, square))
    if not lines:
        lines.append(f"{name(square)}: empty square")
    piece = presenter.piece_view(state, square)
    if piece is not None and (bar := hp_symbol(piece, ascii_only)):
        what = (
            "tenths of its hit points left" if ascii_only else "its hit points left (taller: more)"
        )
        lines.append(f"On the board, {bar} right of it: {what}")
    mark = presenter.square_marks(state).get(square)
    if mark:
        lines.append(f"Square {name(square)}: {mark}")
    return tuple(lines)


@dataclass(frozen=True)
class OddsRequest:
    """The fight or effect whose chance the cursor asks for: the action, and the words that
    introduce its chance (``Attack on e5``, ``cast fireball on e5``)."""

    action: Action
    head: str


def odds_request(
    game: Game,
    selected: int | None,
    cursor: int,
    actions: list[Action],
    aiming: Aim | None = None,
) -> OddsRequest | None:
    """What the cursor points at (cheap): the selected piece's attack on the piece on that
    square, or the aimed action at that target; None when it points at no such action."""
    geo = game.rules.geo
    if aiming is not None:
        action = aiming.action_for(cursor)
        return (
            None if action is None else OddsRequest(action, f"{aiming.head} on {geo.name(cursor)}")
        )
    if selected is None or selected == cursor:
        return None
    fight = game.presenter.piece_view(game.state, cursor) is not None
    if not fight and not game.presenter.QUIET_MOVE_ODDS:
        return None  # a move to an empty square starts no fight
    head = f"{'Attack on' if fight else 'Move to'} {geo.name(cursor)}"
    for action in actions:
        if (
            len(action.squares) >= 2
            and action.squares[0] == selected
            and action.squares[-1] == cursor
        ):
            return OddsRequest(action, head)
    return None


def odds_text(game: Game, state: Any, request: OddsRequest) -> str:
    """The engine's chance of the request's action in ``state`` (may take a while: exact
    battle odds; safe to call from a worker thread, as states are immutable)."""
    chance = _odds(game, state, request.action)
    return f"{request.head}: {chance}" if chance else ""


def odds(
    game: Game,
    selected: int | None,
    cursor: int,
    actions: list[Action],
    aiming: Aim | None = None,
) -> str:
    """The engine's chance for the fight or effect the cursor points at, computed at once."""
    request = odds_request(game, selected, cursor, actions, aiming)
    return "" if request is None else odds_text(game, game.state, request)


# -- the battle panel ----------------------------------------------------------------------------


def battle(game: Game, index: int) -> BattleInfo | None:
    """The battle under way at ``index``, or the last one fought before it (a summary)."""
    presenter, positions = game.presenter, game.positions
    view = presenter.battle_view(positions[index].state)
    last = end = index
    if view is None:
        last = index - 1
        while last >= 0 and (view := presenter.battle_view(positions[last].state)) is None:
            last -= 1
        if view is None:
            return None
        end = last + 1  # the position after the decision that ended it
        view = presenter.battle_view(positions[end].state, view.key) or view
    first = last
    while first > 0 and _same_battle(presenter.battle_view(positions[first - 1].state), view):
        first -= 1
    lines = tuple(_battle_lines(game, range(max(0, first - 1), end)))
    return BattleInfo(view, last != index, lines, presenter.geo.name(view.square))


def _same_battle(view: BattleView | None, other: BattleView) -> bool:
    return view is not None and view.key == other.key


def _battle_lines(game: Game, plies: range) -> list[BattleLine]:
    """The lines of the battle the plies at ``plies`` fought (their events with words)."""
    lines: list[BattleLine] = []
    presenter = game.presenter
    for i, index in enumerate(plies):
        events = game.said(index).events
        # The first decision may have done other things before the battle began.
        begins = [isinstance(e, Note) and e.tag == presenter.battle_begins for e in events]
        started = i > 0 or not any(begins)
        for event, begin in zip(events, begins, strict=True):
            started = started or begin
            if not started:
                continue
            if isinstance(event, Roll):
                lines.append(BattleLine(seat_of(game, event.seat).side, event))
            elif isinstance(event, Note) and event.tag in presenter.battle_notes:
                lines.append(BattleLine(None, event))
    return lines
