"""Playing a game: choose squares or type actions, see the dice, hand over, save; overrides
and takebacks.

The turn flow after every decision: the dice tray shows its roll, then the result panel, a
hand-over notice (``ui/handover``) or the computer's next decision. The computer's turns, the
pacing between decisions and hints are in ``computer_turns``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import META_KINDS, OFFER_DRAW, RESIGN, Game, Ply
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.save.files import SaveError
from battlechess_tui.save.game_file import GameFile
from battlechess_tui.ui import computer, handover, takeback, views
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.game_help import (
    has_overrides,
    legend_markdown,
    play_help,
)
from battlechess_tui.ui.navigation import BackToMenu, NewGame, OpenSaves, StartGame, navigate
from battlechess_tui.ui.rematch import counterparts, rematch
from battlechess_tui.ui.screens.computer_turns import ComputerTurns
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, Confirm, HandOver, ResultPanel
from battlechess_tui.ui.screens.table import TABLE_COMMANDS
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.board import Board
from battlechess_tui.ui.widgets.dice_tray import DiceTray

#: The table's commands whose keys are file letters: upper case on the game board, where a
#: letter or digit typed starts a move (``f4``, ``c5``, ``a3``).
GAME_KEYS = {"flip": "F", "pieces": "A", "palette": "C"}

GAME_COMMANDS: tuple[Command, ...] = (
    # Priority: the box takes the focus before the next key arrives, so ``:e2e4`` typed at
    # once lands in it (``check_action`` lets ``:`` through while typing in the box).
    Command(
        "type", "colon", "Type", "type_move", "Type a move or action (e2e4, resign)", priority=True
    ),
    # ``i`` too, except where letters are typed (the move box, the Actions panel's filter).
    Command(
        "type-i",
        "i",
        "Type",
        "type_move",
        "Type, as with : (not in a list being filtered)",
        show=False,
    ),
    Command(
        "undo",
        "u,ctrl+z",
        "Undo",
        "undo",
        "Ask to take back the last decision (no reroll; free against the computer)",
    ),
    Command(
        "hint",
        "H,f1,ctrl+h",
        "Hint",
        "hint",
        "What the computer (medium) would decide here, with its odds and why",
    ),
    Command(
        "override",
        "v",
        "Override",
        "override",
        "The King's player overrides the commander's move (Gladiator, GC-14)",
        show=False,
    ),
    Command("save", "s,ctrl+s", "Save", "save", "Save this game to its file"),
    Command("load", "o", "Load", "load", "Open a saved game", show=False),
    # Draw and resign are in the Actions panel too: the footer keeps to what it has room for.
    # Upper case: the board's file letters (``d4``, ``c5``) start a typed move (``on_key``).
    Command("draw", "D", "Draw?", "offer_draw", "Offer a draw (asks first)", show=False),
    Command("resign", "x", "Resign", "resign", "Resign the game", show=False),
    # The footer of 80 columns has room for the hint key, not for flip (help lists it).
    *(
        replace(c, keys=GAME_KEYS.get(c.id, c.keys), show=c.show and c.id != "flip")
        for c in TABLE_COMMANDS
    ),
    Command(
        "skip",
        "escape",
        "Skip",
        "skip",
        "Drop the selection or an aimed choice; end an animation",
        show=False,
    ),
    Command("quit", "q", "Menu", "quit_game", "Back to the menu (the game is autosaved)"),
)


#: The action a King's player says to make a commander's move himself (Gladiator, GC-14).
OVERRIDE = "override"
OVERRIDE_WHEN = (
    "The King's player may override only before the Queen's, Black Knight's or King's "
    "Knight's move, when the King could move a piece that commander cannot (GC-14)."
)


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


class MoveInput(Input):
    """The box for typed moves. Escape empties it (and a second Escape, or an empty box,
    goes back to the board); its footer says so."""

    BINDINGS = [Binding("escape", "leave", "Board", id="battlechess.move-input-leave")]

    def action_leave(self) -> None:
        if self.value:
            self.value = ""
            return
        self.screen.query_one(Board).focus()


def facing(game: Game, turn_board: bool) -> int | None:
    """The side the board faces: the people's side against the computer, else (with
    ``turn_board``) the side to move; None when it keeps its way."""
    people = {
        game.rules.side_of(s.key)
        for s in game.rules.seats()
        if not computer.is_computer(game, s.key)
    }
    if len(people) == 1:
        return people.pop()
    if people and turn_board and not game.over:
        return game.rules.side_of(game.to_move)
    return None


class GameScreen(ComputerTurns):
    PLAYER_COMMANDS = GAME_COMMANDS
    BINDINGS = bindings(GAME_COMMANDS)

    #: Set just after a hand-over: the app drops key commands until the board is redrawn.
    holding_keys = False
    #: Set while a roll tumbles: the board shows the position before it (``_veil``).
    veiled = False
    #: Two people at one keyboard: the line above the board says what happened since the
    #: mover's last move (a lesson's own words say it there).
    TELLS_SINCE: ClassVar[bool] = True

    def __init__(self, game: Game, save_dir: Path, path: Path | None = None) -> None:
        super().__init__(game)
        self.save_dir = Path(save_dir)
        self.file = GameFile(self.save_dir, path)  # a new game's file is made on its first write

    @property
    def path(self) -> Path | None:
        """The game's file (None until a new game is first saved)."""
        return self.file.path

    @property
    def settings(self) -> Settings:
        return getattr(self.app, "settings", None) or Settings()

    def compose_under_board(self) -> ComposeResult:
        # Not selected on focus: the letter typed on the board that opened it stays.
        yield MoveInput(
            placeholder="type a move (e2e4) and Enter", id="move-input", select_on_focus=False
        )

    def on_mount(self) -> None:
        super().on_mount()
        self.face_the_keyboard(start=True)
        if self.game.over:
            self.call_after_refresh(self.show_result)

    def current_actions(self) -> list[Action]:
        return self.game.legal_actions()

    def sync(self) -> None:
        super().sync()
        for box in self.query(MoveInput):
            box.placeholder = box_hint(self.game, self._actions)
        if self.TELLS_SINCE:
            self.banner = replace(self.banner, since=handover.since_line(self.game))
        if self.query_one(DiceTray).animating and self.game.plies:
            self._veil()

    def apply_settings(self) -> None:
        super().apply_settings()
        if self.is_mounted and self.query(MoveInput):
            self.sync()
            self.face_the_keyboard()

    # -- the board faces the person at the keyboard -------------------------------------------

    def face_the_keyboard(self, start: bool = False) -> None:
        """Turn the board to the side of the person at the keyboard: against the computer
        the person's side (at the start; ``F`` still turns it), at one keyboard with the
        setting on the side to move. The cursor starts on that side's second rank."""
        side = facing(self.game, self.settings.turn_board)
        if side is None:
            return
        if start or self.settings.turn_board:
            self.flipped = side == 1
        if start:
            geo = self.game.rules.geo
            self.cursor = geo.square(geo.width // 2, geo.height - 2 if side else 1)

    # -- a roll is read before what it decided is shown ---------------------------------------

    def _veil(self) -> None:
        """While the dice of the last decision tumble, the board, the battle panel, the log
        and the tally show the position before it: the result is the dice's to tell."""
        game = self.game
        before = len(game.plies) - 1
        ply = game.plies[-1]
        self.veiled = True
        self.board_model = views.board_model(game, before, None, [], None)
        self.battle_info = views.battle(game, before)
        self.log_entries = self.log_entries[:before]
        self.tally = tuple(game.presenter.tally(game.positions[before].state))
        what = ply.action.text(game.rules.geo)
        self.message = f"{views.who(game, ply.seat)}: {what} — rolling…"
        since = f"Since your last move: {self.message}" if self.banner.since else ""
        self.banner = replace(views.banner(game, before), since=since)

    def show_board(self) -> None:
        if not self.veiled:
            super().show_board()

    def _unveil(self, ply: Ply) -> None:
        if not self.veiled:
            return
        self.veiled = False
        self.sync()
        if self.game.plies and self.game.plies[-1] is ply:
            self.message = views.played(self.game, ply)

    def help_text(self) -> str:
        """How to play this game (its own choices as examples), then its board's legend."""
        ascii_only = self.query_one(Board).ascii_pieces
        return (
            play_help(self.game, self._actions)
            + "\n\n"
            + legend_markdown(self.game.presenter, self.game.state, ascii_only)
        )

    def command_applies(self, command: Command) -> bool:
        """The override key is Gladiator's only (help, palette)."""
        return command.action != "override" or has_overrides(self.game)

    # -- choosing on the board ---------------------------------------------------------------

    @on(Board.SquareChosen)
    def _square_chosen(self, event: Board.SquareChosen) -> None:
        self.cursor = event.square
        square, selected = event.square, self.selected
        if self.refused_now("{computer} is to move: wait for its decision."):
            return
        if self.aiming is not None:
            self._aim_at(square)
            return
        offers = [a for a in self._actions if a.kind != MOVE and a.squares == (square,)]
        if selected is None and offers and not self._moves_from(square):
            self._ask_choice(offers)
            return
        if selected is None or square == selected:
            if square == selected:
                self.select(None)
            else:
                self._pick_up(square)
            return
        matches = views.picked(self.game, self._actions, selected, square)
        if len(matches) == 1:
            self.play(matches[0])
        elif matches:
            self._ask_choice(matches)
        elif self._moves_from(square):
            self.select(square)
        else:
            self.play(Action(MOVE, (selected, square)))

    def _moves_from(self, square: int) -> bool:
        return any(views.reach(self.game, a, square) is not None for a in self._actions)

    def _pick_up(self, square: int) -> None:
        if self._moves_from(square):
            self.select(square)
            self.message = ""
            return
        self.message = self._why_not_movable(square)

    def _why_not_movable(self, square: int) -> str:
        presenter, state, name = self.game.presenter, self.game.state, self.game.rules.geo.name
        if not any(a.kind == MOVE for a in self._actions) and self._actions:
            return "No piece moves now: choose from the Actions panel."
        piece = presenter.piece_view(state, square)
        if piece is None:
            return f"There is no piece on {name(square)}."
        seat = views.seat_of(self.game, self.game.to_move)
        if piece.side != seat.side:
            return (
                f"The {piece.name.lower()} on {name(square)} is "
                f"{presenter.side_names[piece.side]}'s: {seat.label} to move."
            )
        return f"The {piece.name.lower()} on {name(square)} has no legal move now."

    def select(self, square: int | None) -> None:
        self.selected = square
        self.show_board()
        self.sync_card()

    # -- aiming: the squares of an action chosen on the board --------------------------------

    def aim(self, head: str) -> bool:
        """Start choosing the squares of the actions ``head`` names (``cast bless``)."""
        group = views.aim_groups(self._actions).get(head)
        if group is None:
            return False
        self.selected = None
        self.aiming = views.Aim(head, group)
        self._aim_moved()
        return True

    def _aim_at(self, square: int) -> None:
        aim = self.aiming
        assert aim is not None
        if square not in aim.squares():
            self.message = f"{aim.head}: choose a highlighted square (Escape cancels)."
            self.app.bell()
            return
        action = aim.choose(square)
        if action is not None:
            self.aiming = None
            self.play(action)
        else:
            self._aim_moved()

    def _aim_moved(self) -> None:
        aim = self.aiming
        assert aim is not None
        squares = aim.squares()
        name = self.game.rules.geo.name
        chosen = " ".join(name(s) for s in aim.chosen)
        self.message = (
            f"{aim.head} {chosen}".rstrip()
            + ": choose a highlighted square ("
            + ", ".join(name(s) for s in squares)
            + "); Escape cancels."
        )
        if squares and self.cursor not in squares:
            self.cursor = squares[0]
        self.show_board()
        self.sync_card()
        self.query_one(Board).focus()

    def cancel_aim(self) -> None:
        self.aiming = None
        self.message = ""
        self.show_board()
        self.sync_card()

    def _ask_choice(self, actions: list[Action]) -> None:
        options = [(a, views.choice_label(self.game, a)) for a in actions]

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.play(action)

        self.app.push_screen(ChoiceDialog("Choose", options), chosen)

    # -- typed input and the actions panel ---------------------------------------------------

    @on(Input.Submitted, "#move-input")
    def _typed(self, event: Input.Submitted) -> None:
        text = event.value.strip().lstrip(":").strip()  # ":" out of habit is not a letter
        if not text:
            self.query_one(Board).focus()
            return
        if self.aim(" ".join(text.lower().split())):
            event.input.value = ""
            return
        if self.play_typed(text):
            event.input.value = ""
            if self.focused is event.input:
                self.query_one(Board).focus()
        else:  # selected: the next typing replaces the refused move
            event.input.select_all()

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
        return self.play(action) if isinstance(action, Action) else self._refuse(action)

    def _play_with_act(self, move: Action, first: str, act: str) -> bool:
        """A move, then the act its piece may make (D&D's "may act"): the move stands when
        the act is refused, and the message says why."""
        if not self.play(move):
            return False
        then = self.read_typed(act)
        if self.game.over or not isinstance(then, Action) or not self.play(then):
            why = then if isinstance(then, str) else self.message.removeprefix("Refused: ")
            self.message = f"Played {first}; {act!r} was not played: {why}"
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
        try:
            return self.game.parse(text)
        except IllegalAction as exc:
            refused = str(exc)
        squares, _ = self.game.rules.geo.split_squares("".join(text.split()))
        if len(squares) >= 2 or " " in text.strip():
            return refused  # squares from and to, or words: the rules' own answer
        try:
            found = self.game.presenter.parse_notation(self.game.state, text)
        except ValueError as exc:
            return str(exc)
        return found if found is not None and found in self._actions else refused

    def _refuse(self, why: str) -> bool:
        self.message = f"Refused: {why}"
        self.app.bell()
        return False

    def _square_answer(self, text: str) -> Action | None:
        """The choice bare squares answer while no piece moves: a lone square (``i12``: where
        a released piece goes, where the Queen is placed), or two (``b1 e2``: a Dice Chess
        swap, in either order), when just one decision names them."""
        geo = self.game.rules.geo
        squares, rest = geo.split_squares("".join(text.lower().split()))
        if rest or any(a.kind == MOVE for a in self._actions):
            return None
        if len(squares) == 1:
            offers = [a for a in self._actions if a.squares == tuple(squares)]
        elif len(squares) == 2:
            offers = views.picked(self.game, self._actions, *squares)
        else:
            return None
        return offers[0] if len(offers) == 1 else None

    @on(ActionsPanel.ActionChosen)
    def _action_chosen(self, event: ActionsPanel.ActionChosen) -> None:
        if event.text == RESIGN:
            self.action_resign()
        elif event.text == OFFER_DRAW:
            self.action_offer_draw()
        elif not self.aim(event.text):
            self.play(event.text)

    # -- playing ---------------------------------------------------------------------------------

    def play(self, action: Action | str) -> bool:
        """Make a decision through the engine; a refusal is shown with its reason. A person
        cannot decide for a computer's seat."""
        refusal = None if self._landing else self._computers_refusal(action)
        try:
            if refusal is not None:
                raise IllegalAction(refusal)
            ply = self.game.play(action)
        except IllegalAction as exc:
            self.message = f"Refused: {exc}"
            self.app.bell()
            return False
        self.stop_search()
        self.message = views.played(self.game, ply)
        self.selected = None
        self.aiming = None
        self.autosave()
        self._fresh_rolls = True
        self.sync()
        self.hold_in_view(ply)
        self.when_settled(partial(self.after_play, ply))
        return True

    def _computers_refusal(self, action: Action | str) -> str | None:
        """Why a person may not make ``action``: a computer holds the seat deciding it."""
        game = self.game
        if not game.computers or game.over:
            return None
        try:
            parsed = game.parse(action) if isinstance(action, str) else action
        except IllegalAction:
            seat = computer.computer_seat(game)
            return (
                None
                if seat is None
                else f"{computer.label(game, seat)} is to move: wait for its decision"
            )
        if parsed.kind in META_KINDS or parsed not in self._actions:
            decider = game.to_move
        else:
            decider = game.rules.decider(game.state, parsed)
        if computer.is_computer(game, decider):
            return f"{views.seat_of(game, decider).label} is played by the computer"
        return None

    def on_key(self, event: events.Key) -> None:
        """Any key ends the dice animation (and still does what it does). A letter or digit
        typed on the board opens the move box with it (``e``, ``N``, ``4``): the board's file
        letters always, other letters where no command has them."""
        self.query_one(DiceTray).skip()
        char = event.character or ""
        if self._typed_ahead(event, char):
            return
        if not (len(char) == 1 and char.isalnum() and char.isascii()) or self.holding_keys:
            return
        if not isinstance(self.focused, Board) or self.too_small:
            return
        files = {self.game.rules.geo.name(x)[0] for x in range(self.game.rules.geo.width)}
        if char not in files and not char.isdigit() and event.key in self.active_bindings:
            return
        event.stop()
        event.prevent_default()
        self.open_move_box(char)

    def _typed_ahead(self, event: events.Key, char: str) -> bool:
        """A key typed so fast after the one that opened the move box that it was sent to the
        board before the box had the focus: it belongs in the box (the box stops the keys it
        takes itself, so a printable key reaching the screen with the box focused is one of
        these)."""
        box = self.focused
        if not (isinstance(box, MoveInput) and len(char) == 1 and char.isprintable()):
            return False
        event.stop()
        event.prevent_default()
        box.insert_text_at_cursor(char)
        return True

    def open_move_box(self, text: str = "") -> None:
        """Focus the move box (now: the next keys land in it), starting it with ``text``."""
        box = self.query_one("#move-input", Input)
        self.set_focus(box)
        if text:
            box.value = text
            box.cursor_position = len(text)

    def after_play(self, ply: Ply) -> None:
        """After the roll is seen: the result, a hand-over notice, or the next turn. A roll
        that tumbled stays in view ``roll_hold`` seconds before a dialog covers it."""
        animated = self.veiled
        self._unveil(ply)
        covered = self.game.over or handover.due(self.game, self.settings.handover) is not None
        if animated and covered and self.roll_hold > 0:
            self.set_timer(self.roll_hold, partial(self._after_roll_read, ply))
            return
        self._after_roll_read(ply)

    def _after_roll_read(self, ply: Ply) -> None:
        if not self.game.plies or self.game.plies[-1] is not ply:
            return  # taken back meanwhile
        if self.game.over:
            self.show_result()
            return
        seat = handover.due(self.game, self.settings.handover)
        if seat is None:
            self.face_the_keyboard()
            self.offer_may_act()
            self.next_turn()
            return
        self.app.push_screen(
            HandOver(views.who(self.game, seat), handover.story(self.game, seat)), self._handed_over
        )

    def offer_may_act(self) -> None:
        """A piece that may act after its move (D&D): the Actions panel takes the keys with
        "none" highlighted, so Enter answers it and the arrows pick an act."""
        none = Action("none")
        if none not in self._actions or any(a.kind == MOVE for a in self._actions):
            return
        if computer.computer_seat(self.game) is not None:
            return
        panel = self.query_one(ActionsPanel)
        index = next((i for i, item in enumerate(panel.items) if item.text == none.kind), None)
        if index is None:
            return
        panel.filter = ""
        self.set_focus(panel)
        panel.highlight_item(index)

    def _handed_over(self, _: None) -> None:
        """Keys typed with the hand-over's Enter (``:d7d5`` typed at once) are not commands
        to the board: they are dropped until the board has been drawn again."""
        self.holding_keys = True
        self.face_the_keyboard()
        self.offer_may_act()

        def release() -> None:
            self.holding_keys = False

        self.call_after_refresh(release)

    # -- overrides ----------------------------------------------------------------------------

    def action_override(self) -> None:
        """Gladiator (GC-14): the King's player makes the commander's move himself."""
        if not has_overrides(self.game):
            self.message = "There are no overrides in this game."
            return
        override = Action(OVERRIDE)
        if override in self._actions:
            self.play(override)
            return
        why = (
            "the game is over"
            if self.game.over
            else self.game.rules.why_illegal(self.game.state, override)
        )
        self.message = f"Refused: {why}. {OVERRIDE_WHEN}"
        self.app.bell()

    # -- the end of a game -----------------------------------------------------------------------

    def show_result(self) -> None:
        outcome = self.game.outcome
        if outcome is None:
            return

        def chosen(choice: str | None) -> None:
            if choice == "save":
                self.action_save()
            elif choice in ("replay", "analyse"):
                self.open_replay(analyse=choice == "analyse")
            elif choice == "new":
                navigate(self, NewGame())
            elif choice == "rematch":
                self.offer_rematch()

        plies = len(self.game.plies)
        turns = views.turns(self.game)[-1][0] if plies else None
        self.app.push_screen(
            ResultPanel(views.result_text(self.game, outcome), plies, turns), chosen
        )

    def offer_rematch(self) -> None:
        """Rematch: colours swapped or kept (a choice), in a new game with its own file."""
        game = self.game
        if counterparts(game) is None:
            self._start_rematch(False)
            return
        white = views.who(game, game.rules.seats()[0].key)
        options = [(True, f"Swap colours ({white} takes the other side)"), (False, "Keep colours")]

        def chosen(swap: bool | None) -> None:
            if swap is not None:
                self._start_rematch(swap)

        self.app.push_screen(ChoiceDialog("Rematch", options), chosen)

    def _start_rematch(self, swap: bool) -> None:
        self.autosave()
        navigate(self, StartGame(rematch(self.game, swap, random.randrange(1, 10**9))))

    def open_replay(self, analyse: bool = False) -> None:
        from battlechess_tui.ui.screens.replay import ReplayScreen

        screen = ReplayScreen(self.game, self.save_dir, self.path, analyse=analyse)
        self.app.switch_screen(screen)

    # -- saving ----------------------------------------------------------------------------------

    def autosave(self) -> None:
        """Write this game's own file after every decision (and point the autosave at it)."""
        self._write("Autosave failed")

    def _write(self, failure: str) -> bool:
        try:
            moved = self.file.write(self.game)
        except SaveError as exc:
            self.notify(str(exc), title=failure, severity="error")
            return False
        if moved:
            self.notify(moved, title="Saved to a new file", severity="warning", timeout=8)
        return True

    # -- commands --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "type_move" and isinstance(self.focused, Input) and not self.too_small:
            return None  # typing already: ``:`` is a letter of the move
        if action == "override" and not has_overrides(self.game):
            return False
        return super().check_action(action, parameters)

    def action_type_move(self) -> None:
        # Focus now, not later (``focus()``): the keys typed right after ``:`` go to the box.
        self.open_move_box()

    def action_undo(self) -> None:
        """A takeback: free against the computer and with free undo, else asked of the other
        side's player(s), who accept or refuse. Never a reroll."""
        plan = takeback.plan(self.game, self.settings.free_undo)
        if isinstance(plan, str):
            self.message = plan
            return
        if plan.free:
            self.take_back(plan)
            return

        def answered(accepted: bool | None) -> None:
            who = " and ".join(plan.askees)
            if accepted:
                self.take_back(plan, f"{who} accepted. ")
            else:
                self.message = f"{who} refused to take back {plan.what}: the position stays."

        self.app.push_screen(Confirm(plan.question(), yes="Accept", no="Refuse"), answered)

    def take_back(self, plan: takeback.Takeback, said: str = "") -> None:
        self.stop_search()
        plies = [ply for _ in range(plan.count) if (ply := self.game.undo()) is not None]
        self.selected = None
        self.aiming = None
        taken = ", ".join(p.notation for p in reversed(plies))
        rolled = any(p.rolls for p in plies)
        self.message = f"{said}Took back {taken}" + (
            "; its dice stay as they fell (playing it again throws the same)." if rolled else "."
        )
        self.autosave()
        self.sync()
        self.next_turn()

    def action_save(self) -> None:
        if self._write("Not saved"):
            self.notify(f"Saved to {self.path}", title="Saved", timeout=4)

    def action_load(self) -> None:
        self.stop_search()
        navigate(self, OpenSaves("load"))

    def action_offer_draw(self) -> None:
        """Offer a draw, once the player has said yes (as resigning asks)."""
        self._ask_then_play(OFFER_DRAW, "offer a draw?")

    def action_resign(self) -> None:
        self._ask_then_play(RESIGN, "resign this game?")

    def _ask_then_play(self, kind: str, question: str) -> None:
        """Ask the player to move ``question``; yes makes the table's decision ``kind``."""
        if self.game.over:
            self.message = "The game is over."
            return
        refusal: Action | str | None = self._computers_refusal(kind)
        if refusal is None and Action(kind) not in self._actions:
            refusal = self.read_typed(kind)  # why the game refuses it (a draw offer pending)
        if isinstance(refusal, str):
            self.message = f"Refused: {refusal}"
            return
        who = views.who(self.game, self.game.to_move)

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.play(kind)

        self.app.push_screen(Confirm(f"{who}: {question}"), confirmed)

    def action_skip(self) -> None:
        if self.query_one(DiceTray).skip():
            return
        if self.focused is not None and self.focused.id == "move-input":
            self.query_one(Board).focus()
            return
        if self.aiming is not None:
            self.cancel_aim()
            return
        self.select(None)

    def action_quit_game(self) -> None:
        self.stop_search()
        self.autosave()
        navigate(self, BackToMenu())
