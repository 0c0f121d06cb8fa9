"""Playing a game hot-seat: choose squares or type actions, see the dice, hand over, save."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import OFFER_DRAW, RESIGN, Game, Ply
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.save.files import SaveError
from battlechess_tui.save.game_file import GameFile
from battlechess_tui.ui import views
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.game_help import legend_markdown, play_help
from battlechess_tui.ui.screens.base import battle_app
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, Confirm, HandOver, ResultPanel
from battlechess_tui.ui.screens.table import TABLE_COMMANDS, TableScreen
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.board import Board
from battlechess_tui.ui.widgets.dice_tray import DiceTray

GAME_COMMANDS: tuple[Command, ...] = (
    # Priority: the box takes the focus before the next key arrives, so ``:e2e4`` typed at
    # once lands in it (``check_action`` lets ``:`` through while typing in the box).
    Command(
        "type", "colon", "Type", "type_move", "Type a move or action (e2e4, resign)", priority=True
    ),  # fmt: skip
    # ``i`` too, except where letters are typed (the move box, the Actions panel's filter).
    Command(
        "type-i",
        "i",
        "Type",
        "type_move",
        "Type, as with : (not in a list being filtered)",
        show=False,
    ),  # fmt: skip
    Command("undo", "u,ctrl+z", "Undo", "undo", "Take back the last decision (no reroll)"),
    Command("save", "s,ctrl+s", "Save", "save", "Save this game to its file"),
    Command("load", "o", "Load", "load", "Open a saved game", show=False),
    # Draw and resign are in the Actions panel too: the footer keeps to what it has room for.
    Command("draw", "d", "Draw?", "offer_draw", "Offer a draw", show=False),
    Command("resign", "x", "Resign", "resign", "Resign the game", show=False),
    *TABLE_COMMANDS,
    Command(
        "skip",
        "escape",
        "Skip",
        "skip",
        "Drop the selection or an aimed choice; end an animation",
        show=False,
    ),  # fmt: skip
    Command("quit", "q", "Menu", "quit_game", "Back to the menu (the game is autosaved)"),
)


class MoveInput(Input):
    """The box for typed moves. Escape empties it (and a second Escape, or an empty box,
    goes back to the board); its footer says so."""

    BINDINGS = [Binding("escape", "leave", "Board", id="battlechess.move-input-leave")]

    def action_leave(self) -> None:
        if self.value:
            self.value = ""
            return
        self.screen.query_one(Board).focus()


class GameScreen(TableScreen):
    PLAYER_COMMANDS = GAME_COMMANDS
    BINDINGS = bindings(GAME_COMMANDS)

    #: Set just after a hand-over: the app drops key commands until the board is redrawn.
    holding_keys = False

    def __init__(self, game: Game, save_dir: Path, path: Path | None = None) -> None:
        super().__init__(game)
        self.save_dir = Path(save_dir)
        self.file = GameFile(self.save_dir, path)  # a new game's file is made on its first write

    @property
    def path(self) -> Path | None:
        """The game's file (None until a new game is first saved)."""
        return self.file.path

    def compose_under_board(self) -> ComposeResult:
        yield MoveInput(placeholder="type a move (e2e4) and Enter", id="move-input")

    def on_mount(self) -> None:
        super().on_mount()
        if self.game.over:
            self.call_after_refresh(self.show_result)

    def current_actions(self) -> list[Action]:
        return self.game.legal_actions()

    def help_text(self) -> str:
        """How to play this game (its own choices as examples), then its board's legend."""
        ascii_only = self.query_one(Board).ascii_pieces
        return (play_help(self.game, self._actions) + "\n\n"
                + legend_markdown(self.game.presenter, self.game.state, ascii_only))  # fmt: skip

    # -- choosing on the board ---------------------------------------------------------------

    @on(Board.SquareChosen)
    def _square_chosen(self, event: Board.SquareChosen) -> None:
        self.cursor = event.square
        square, selected = event.square, self.selected
        if self.game.over:
            self.message = "The game is over."
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
        matches = [a for a in self._actions
                   if len(a.squares) == 2 and a.squares == (selected, square)]  # fmt: skip
        if len(matches) == 1:
            self.play(matches[0])
        elif matches:
            self._ask_choice(matches)
        elif any(a.squares[:1] == (square,) and len(a.squares) >= 2 for a in self._actions):
            self.select(square)
        else:
            self.play(Action(MOVE, (selected, square)))

    def _moves_from(self, square: int) -> bool:
        return any(len(a.squares) >= 2 and a.squares[0] == square for a in self._actions)

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
            return (f"The {piece.name.lower()} on {name(square)} is "
                    f"{presenter.side_names[piece.side]}'s: {seat.label} to move.")  # fmt: skip
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
        self.message = (f"{aim.head} {chosen}".rstrip() + ": choose a highlighted square ("
                        + ", ".join(name(s) for s in squares) + "); Escape cancels.")  # fmt: skip
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
        if self.play(text):
            event.input.value = ""
            self.query_one(Board).focus()
        else:  # selected: the next typing replaces the refused move
            event.input.select_all()

    @on(ActionsPanel.ActionChosen)
    def _action_chosen(self, event: ActionsPanel.ActionChosen) -> None:
        if event.text == RESIGN:
            self.action_resign()
        elif not self.aim(event.text):
            self.play(event.text)

    # -- playing ---------------------------------------------------------------------------------

    def play(self, action: Action | str) -> bool:
        """Make a decision through the engine; a refusal is shown with its reason."""
        try:
            ply = self.game.play(action)
        except IllegalAction as exc:
            self.message = f"Refused: {exc}"
            self.app.bell()
            return False
        self.message = views.played(self.game, ply)
        self.selected = None
        self.aiming = None
        self.autosave()
        self._fresh_rolls = True
        self.sync()
        self.after_play(ply)
        return True

    def after_play(self, ply: Ply) -> None:
        if self.game.over:
            self.show_result()
            return
        mover = self.game.player_of(ply.seat)
        nxt = self.game.player_of(self.game.to_move)
        if nxt != mover:
            self.app.push_screen(HandOver(views.who(self.game, self.game.to_move),
                                          views.played(self.game, ply)),
                                 self._handed_over)  # fmt: skip

    def _handed_over(self, _: None) -> None:
        """Keys typed with the hand-over's Enter (``:d7d5`` typed at once) are not commands
        to the board: they are dropped until the board has been drawn again."""
        self.holding_keys = True

        def release() -> None:
            self.holding_keys = False

        self.call_after_refresh(release)

    def show_result(self) -> None:
        outcome = self.game.outcome
        if outcome is None:
            return

        def chosen(choice: str | None) -> None:
            if choice == "save":
                self.action_save()
            elif choice == "replay":
                self.open_replay()
            elif choice == "new":
                battle_app(self).switch_to_new_game()

        self.app.push_screen(ResultPanel(views.result_text(self.game, outcome),
                                         len(self.game.plies)), chosen)  # fmt: skip

    def open_replay(self) -> None:
        from battlechess_tui.ui.screens.replay import ReplayScreen

        self.app.switch_screen(ReplayScreen(self.game, self.save_dir, self.path))

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
        return super().check_action(action, parameters)

    def action_type_move(self) -> None:
        # Focus now, not later (``focus()``): the keys typed right after ``:`` go to the box.
        self.set_focus(self.query_one("#move-input", Input))

    def action_undo(self) -> None:
        ply = self.game.undo()
        if ply is None:
            self.message = "Nothing to undo."
            return
        self.selected = None
        self.aiming = None
        self.message = f"Took back {ply.notation}" + (
            "; its dice stay as they fell (playing it again throws the same)." if ply.rolls else "."
        )
        self.autosave()
        self.sync()

    def action_save(self) -> None:
        if self._write("Not saved"):
            self.notify(f"Saved to {self.path}", title="Saved", timeout=4)

    def action_load(self) -> None:
        battle_app(self).open_saves("load")

    def action_offer_draw(self) -> None:
        self.play(OFFER_DRAW)

    def action_resign(self) -> None:
        if self.game.over:
            self.message = "The game is over."
            return
        who = views.who(self.game, self.game.to_move)

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.play(RESIGN)

        self.app.push_screen(Confirm(f"{who}: resign this game?"), confirmed)

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
        self.autosave()
        battle_app(self).pop_to_menu()
