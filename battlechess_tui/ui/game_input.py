"""Input and aiming at a game's table: a part the game screen holds (``GameScreen.entry``),
not a class it inherits.

A person decides by choosing squares on the board (a piece, then where it goes), by aiming an
action at its squares (``cast bless``, then a highlighted target), by typing in the move box
(an action's text, the game's notation, bare squares answering a choice, a move with the act
that follows it), from the Actions panel, or with a command the game's presenter declares.
Everything decided goes through the table's ``play``; a computer's seat is refused through the
computer's turns (``refused_now``, ``refusal``).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from textual import events
from textual.app import App
from textual.binding import ActiveBinding
from textual.widget import Widget
from textual.widgets import Input

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import META_KINDS, OFFER_DRAW, RESIGN, Game
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.ui import computer, views
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, Confirm
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.board import Board
from battlechess_tui.ui.widgets.dice_tray import DiceTray
from battlechess_tui.ui.widgets.move_input import MoveInput

W = TypeVar("W", bound=Widget)


class Deciders(Protocol):
    """Who may decide now (the computer's turns): a person is refused a computer's seat."""

    def refused_now(self, on_computer_turn: str) -> bool: ...

    def refusal(self, action: Action | str) -> str | None: ...


class InputTable(Protocol):
    """What input and aiming need of the table that holds them (the game screen)."""

    game: Game
    message: str
    cursor: int
    selected: int | None
    aiming: views.Aim | None
    actions: list[Action]
    too_small: bool
    holding_keys: bool
    focused: Widget | None

    @property
    def app(self) -> App[Any]: ...

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]: ...

    def query_one(self, selector: type[W]) -> W: ...

    def set_focus(self, widget: Widget | None) -> None: ...

    def play(self, action: Action | str) -> bool: ...

    def show_board(self) -> None: ...

    def sync_card(self) -> None: ...


def box_hint(game: Game, actions: list[Action]) -> str:
    """The move box's placeholder: a move, or where no piece moves one of the choices open
    now as an example (``swap a1 b1`` in Dice Chess's setup)."""
    choices = [a for a in actions if a.kind not in META_KINDS]
    if not choices or any(a.kind == MOVE for a in choices):
        return "type a move (e2e4) and Enter"
    example = next((a for a in choices if a.squares), None)  # else the longest to type
    text = (
        example.text(game.rules.geo)
        if example
        else max((a.text(game.rules.geo) for a in choices), key=len)
    )
    return f"type a choice ({text}) and Enter"


class GameInput:
    """Squares chosen, actions aimed, moves typed, choices and commands, for one table."""

    def __init__(self, table: InputTable, deciders: Deciders) -> None:
        self.table = table
        self.deciders = deciders

    @property
    def game(self) -> Game:
        return self.table.game

    def _refuse(self, why: str) -> bool:
        self.table.message = f"Refused: {why}"
        self.table.app.bell()
        return False

    # -- choosing on the board -------------------------------------------------------------------

    def square_chosen(self, square: int) -> None:
        """The player chose ``square`` (Enter, Space or a click)."""
        table = self.table
        table.cursor = square
        selected, actions = table.selected, table.actions
        if self.deciders.refused_now("{computer} is to move: wait for its decision."):
            return
        if table.aiming is not None:
            self._aim_at(square)
            return
        offers = [a for a in actions if a.kind != MOVE and a.squares == (square,)]
        if selected is None and offers and not self._moves_from(square):
            self.ask_choice(offers)
            return
        if selected is None or square == selected:
            if square == selected:
                self.select(None)
            else:
                self._pick_up(square)
            return
        matches = views.picked(self.game, actions, selected, square)
        if len(matches) == 1:
            table.play(matches[0])
        elif matches:
            self.ask_choice(matches)
        elif self._moves_from(square):
            self.select(square)
        else:
            table.play(Action(MOVE, (selected, square)))

    def _moves_from(self, square: int) -> bool:
        return any(views.reach(self.game, a, square) is not None for a in self.table.actions)

    def _pick_up(self, square: int) -> None:
        if self._moves_from(square):
            self.select(square)
            self.table.message = ""
            return
        self.table.message = self._why_not_movable(square)

    def _why_not_movable(self, square: int) -> str:
        game, actions = self.game, self.table.actions
        presenter, state, name = game.presenter, game.state, game.rules.geo.name
        if not any(a.kind == MOVE for a in actions) and actions:
            return "No piece moves now: choose from the Actions panel."
        piece = presenter.piece_view(state, square)
        if piece is None:
            return f"There is no piece on {name(square)}."
        seat = views.seat_of(game, game.to_move)
        if piece.side != seat.side:
            return (
                f"The {piece.name.lower()} on {name(square)} is "
                f"{presenter.side_names[piece.side]}'s: {seat.label} to move."
            )
        return f"The {piece.name.lower()} on {name(square)} has no legal move now."

    def select(self, square: int | None) -> None:
        self.table.selected = square
        self.table.show_board()
        self.table.sync_card()

    def point_at(self, action: Action) -> None:
        """Show ``action`` on the board (a hint): a move's piece picked up and the cursor on
        its target, else the cursor on the square it names."""
        table, squares = self.table, action.squares
        table.aiming = None
        if action.kind == MOVE and len(squares) >= 2:
            table.selected, table.cursor = squares[0], squares[-1]
        elif squares:
            table.selected, table.cursor = None, squares[0]
        table.show_board()
        table.sync_card()

    def ask_choice(self, actions: list[Action]) -> None:
        """A dialog asks which of ``actions`` (the same squares name several)."""
        options = [(a, views.choice_label(self.game, a)) for a in actions]

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.table.play(action)

        self.table.app.push_screen(ChoiceDialog("Choose", options), chosen)

    # -- aiming: the squares of an action chosen on the board --------------------------------

    def aim(self, head: str) -> bool:
        """Start choosing the squares of the actions ``head`` names (``cast bless``)."""
        group = views.aim_groups(self.table.actions).get(head)
        if group is None:
            return False
        self.table.selected = None
        self.table.aiming = views.Aim(head, group)
        self._aim_moved()
        return True

    def _aim_at(self, square: int) -> None:
        aim = self.table.aiming
        assert aim is not None
        if square not in aim.squares():
            self.table.message = f"{aim.head}: choose a highlighted square (Escape cancels)."
            self.table.app.bell()
            return
        action = aim.choose(square)
        if action is not None:
            self.table.aiming = None
            self.table.play(action)
        else:
            self._aim_moved()

    def _aim_moved(self) -> None:
        table = self.table
        aim = table.aiming
        assert aim is not None
        squares = aim.squares()
        name = self.game.rules.geo.name
        chosen = " ".join(name(s) for s in aim.chosen)
        table.message = (
            f"{aim.head} {chosen}".rstrip()
            + ": choose a highlighted square ("
            + ", ".join(name(s) for s in squares)
            + "); Escape cancels."
        )
        if squares and table.cursor not in squares:
            table.cursor = squares[0]
        table.show_board()
        table.sync_card()
        table.query_one(Board).focus()

    def cancel_aim(self) -> None:
        self.table.aiming = None
        self.table.message = ""
        self.table.show_board()
        self.table.sync_card()

    def skip(self) -> None:
        """Escape: end the dice animation, else leave the move box, else drop the aim or the
        selection."""
        table = self.table
        if table.query_one(DiceTray).skip():
            return
        if table.focused is not None and table.focused.id == "move-input":
            table.query_one(Board).focus()
            return
        if table.aiming is not None:
            self.cancel_aim()
            return
        self.select(None)

    # -- typed input -----------------------------------------------------------------------------

    def submitted(self, box: Input, value: str) -> None:
        """The move box's Enter: aim or play what was typed; a refused text stays selected."""
        text = value.strip().lstrip(":").strip()  # ":" out of habit is not a letter
        if not text:
            self.table.query_one(Board).focus()
            return
        if self.aim(" ".join(text.lower().split())):
            box.value = ""
            return
        if self.play_typed(text):
            box.value = ""
            if self.table.focused is box:
                self.table.query_one(Board).focus()
        else:  # selected: the next typing replaces the refused move
            box.select_all()

    def play_typed(self, text: str) -> bool:
        """Play what was typed: an action's text (``e2e4``, ``resign``), the game's notation
        (SAN: ``Nf3``, ``O-O``, a square alone), bare squares answering a choice, or a move
        with the act that follows it (``d1h5 cast magic-missile h7``)."""
        first, _, rest = text.strip().partition(" ")
        rest = rest.strip()
        if rest and not self._names_square(rest.split()[0]):
            move = self.read_typed(first)
            if isinstance(move, Action) and move.kind == MOVE:
                return self._play_with_act(move, first, rest)
        action = self.read_typed(text)
        return self.table.play(action) if isinstance(action, Action) else self._refuse(action)

    def _play_with_act(self, move: Action, first: str, act: str) -> bool:
        """A move, then the act its piece may make: the move stands when the act is refused,
        and the message says why."""
        table = self.table
        if not table.play(move):
            return False
        then = self.read_typed(act)
        if self.game.over or not isinstance(then, Action) or not table.play(then):
            why = then if isinstance(then, str) else table.message.removeprefix("Refused: ")
            table.message = f"Played {first}; {act!r} was not played: {why}"
        return True

    def _names_square(self, word: str) -> bool:
        squares, rest = self.game.rules.geo.split_squares(word)
        return bool(squares) and not rest

    def read_typed(self, text: str) -> Action | str:
        """The action ``text`` names, or why it names none: an action's text, bare squares
        answering a choice, else the game's notation (SAN)."""
        answer = self._square_answer(text)
        if answer is not None:
            return answer
        game = self.game
        try:
            return game.parse(text)
        except IllegalAction as exc:
            refused = str(exc)
        squares, _ = game.rules.geo.split_squares("".join(text.split()))
        if len(squares) >= 2 or " " in text.strip():
            return refused  # squares from and to, or words: the rules' own answer
        try:
            found = game.presenter.parse_notation(game.state, text)
        except ValueError as exc:
            return str(exc)
        return found if found is not None and found in self.table.actions else refused

    def _square_answer(self, text: str) -> Action | None:
        """The choice bare squares answer while no piece moves: a lone square (``i12``: where
        a released piece goes, where the Queen is placed), or two (``b1 e2``: a Dice Chess
        swap, in either order), when just one decision names them."""
        geo, actions = self.game.rules.geo, self.table.actions
        squares, rest = geo.split_squares("".join(text.lower().split()))
        if rest or any(a.kind == MOVE for a in actions):
            return None
        if len(squares) == 1:
            offers = [a for a in actions if a.squares == tuple(squares)]
        elif len(squares) == 2:
            offers = views.picked(self.game, actions, *squares)
        else:
            return None
        return offers[0] if len(offers) == 1 else None

    def key(self, event: events.Key) -> None:
        """Any key that reaches the table ends the dice animation (and still does what it
        does)."""
        self.table.query_one(DiceTray).skip()

    def key_first(self, event: events.Key) -> bool:
        """A key typed, seen in the app's own queue before it is sent to the focused widget
        (``BattleChessApp.on_event``): one that opens the move box opens it there and then,
        so every key typed after it is sent to the box, in the order typed. Opened later, by
        the board, a key already sent to the board would reach the box after keys the box
        took itself (``c5a3`` typed fast became ``ca53``)."""
        start = self._opens_box(event)
        if start is None:
            return False
        self.table.query_one(DiceTray).skip()
        self.open_move_box(start)
        return True

    def _opens_box(self, event: events.Key) -> str | None:
        """What a key typed on the board starts the move box with: a letter or digit (the
        board's file letters always, other letters where no command has them, ``e``, ``N``,
        ``4``), or nothing for the Type command's own keys (``:``, ``i``); None when it does
        not open the box."""
        table = self.table
        if table.holding_keys or table.too_small or not self._keys_to_the_board():
            return None
        char = event.character or ""
        bound = table.active_bindings.get(event.key)
        if bound is not None and not bound.enabled:
            bound = None  # a key no command of this game uses (an idle slot) types
        if len(char) == 1 and char.isalnum() and char.isascii():
            geo = self.game.rules.geo
            files = {geo.name(x)[0] for x in range(geo.width)}
            if char in files or char.isdigit() or bound is None:
                return char
        return "" if bound is not None and bound.binding.action == "type_move" else None

    def _keys_to_the_board(self) -> bool:
        """Is what is typed now typed on the board: the board focused, or the Actions panel
        offering a choice (its letters are not a filter then)?"""
        focused = self.table.focused
        return isinstance(focused, Board) or (isinstance(focused, ActionsPanel) and focused.offered)

    def open_move_box(self, text: str = "") -> None:
        """Focus the move box (now: the next keys land in it), starting it with ``text``."""
        box = self.table.query_one(MoveInput)
        self.table.set_focus(box)
        if text:
            box.value = text
            box.cursor_position = len(text)

    # -- the Actions panel, the game's commands, and decisions asked first ----------------------

    def action_chosen(self, text: str) -> None:
        """A choice taken in the Actions panel: asked first (resign, a draw), aimed, or
        played. The keys go back to the board first (the question's answer returns there)."""
        self.table.set_focus(self.table.query_one(Board))
        if text == RESIGN:
            self.confirm_then_play(RESIGN, "resign this game?")
        elif text == OFFER_DRAW:
            self.confirm_then_play(OFFER_DRAW, "offer a draw?")
        elif not self.aim(text):
            self.table.play(text)

    def offer_may_act(self) -> None:
        """When no piece moves and the game offers a choice that declines what is offered
        (its presenter's ``declining``: a piece that may act after its move does not), the
        Actions panel takes the keys with it highlighted, so Enter answers it and the arrows
        pick another; letters typed still open the move box (an act typed)."""
        game, table = self.game, self.table
        declining = game.presenter.declining(table.actions)
        if declining is None or any(a.kind == MOVE for a in table.actions):
            return
        if computer.computer_seat(game) is not None:
            return
        panel = table.query_one(ActionsPanel)
        text = declining.text(game.rules.geo)
        index = next((i for i, item in enumerate(panel.items) if item.text == text), None)
        if index is None:
            return
        panel.offer(index)

    def run_command(self, id: str) -> None:
        """A command of the game's own (its presenter's ``commands``): its decision when it
        is legal now, else why not and when it may be used."""
        game = self.game
        command = next((c for c in game.presenter.commands() if c.id == id), None)
        if command is None:
            self.table.message = f"This game has no command {id!r}."
            return
        action = command.pick(self.table.actions)
        if action is not None:
            self.table.play(action)
            return
        why = game.why_illegal(command.action) or game.presenter.refusal_text(
            Refusal(SharedReason.NOT_LEGAL, actions=(command.action,))
        )
        self._refuse(f"{why}. {command.when}".rstrip())

    def confirm_then_play(self, kind: str, question: str) -> None:
        """Ask the player to move ``question``; yes makes the table's decision ``kind``."""
        game, table = self.game, self.table
        if game.over:
            table.message = "The game is over."
            return
        refusal: Action | str | None = self.deciders.refusal(kind)
        if refusal is None and Action(kind) not in table.actions:
            refusal = self.read_typed(kind)  # why the game refuses it (a draw offer pending)
        if isinstance(refusal, str):
            table.message = f"Refused: {refusal}"
            return
        who = views.who(game, game.to_move)

        def confirmed(yes: bool | None) -> None:
            if yes:
                table.play(kind)

        table.app.push_screen(Confirm(f"{who}: {question}"), confirmed)
