"""Playing a game: the table (``TableScreen``) and the parts it holds, wired together.

The screen owns the state (the game, the table's reactive vars); parts do the work, each
reaching the screen through a small protocol of its own module:

- ``entry`` (``ui/game_input``): squares chosen, aiming, typed moves, the Actions panel, the
  game's own commands (its presenter's, bound on the screen when it is made);
- ``turns`` (``ui/computer_turns``): the computer's turns, hints, the pacing of decisions;
- ``ending`` (``ui/game_end``): the result panel, rematch, the replay and analysis offer;
- ``saving`` (``ui/game_saving``): the game's own file, autosaved after every decision.

Textual's messages (a square chosen, a worker done, the tray settled) reach the screen, which
passes them on. The turn flow after every decision is the screen's: the dice tray shows its
roll, then the result panel, a hand-over notice (``ui/handover``) or the computer's next
decision. What a decision does, what follows it, the end of the game, the file and where
``q`` goes are the table's policy's (``ui/table_policy``: the open table's, a campaign's, a
practice's); the parts call ``play``, ``after_play``, ``show_result`` and ``autosave`` on the
screen, which asks its policy.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Input
from textual.worker import Worker

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import OFFER_DRAW, RESIGN, Game, Ply
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.ui import computer, handover, takeback, views
from battlechess_tui.ui.commands import (
    GAME_KEY_SLOTS,
    Command,
    bindings,
    of_the_game,
    with_commands,
)
from battlechess_tui.ui.computer_turns import MOVE_HOLD, ROLL_HOLD, ComputerTurns, Search
from battlechess_tui.ui.game_end import GameEnd
from battlechess_tui.ui.game_help import legend_markdown, play_help
from battlechess_tui.ui.game_input import GameInput, box_hint
from battlechess_tui.ui.game_saving import GameSaving
from battlechess_tui.ui.navigation import OpenSaves, ReplayInstead, navigate
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.screens.dialogs import Confirm, HandOver
from battlechess_tui.ui.screens.table import TABLE_COMMANDS, TableScreen
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.table_policy import TablePolicy
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.board import Board
from battlechess_tui.ui.widgets.dice_tray import DiceTray
from battlechess_tui.ui.widgets.move_input import MoveInput

__all__ = [
    "GAME_COMMANDS",
    "GAME_KEYS",
    "LEAVE_SLOTS",
    "GameScreen",
    "MoveInput",
    "box_hint",
    "facing",
]

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
    Command("quit", "q", "Menu", "quit_game('menu')", "Back to the menu (the game is autosaved)"),
)

#: Where ``q`` leaves a game table, one slot per place (its policy's ``leaves_to`` enables
#: one): the footer names the place.
LEAVE_SLOTS: dict[str, Command] = {
    "menu": GAME_COMMANDS[-1],
    "campaign": Command(
        "quit", "q", "Campaign", "quit_game('campaign')", "Back to the campaign (it is saved)"
    ),
}


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


class GameScreen(TableScreen):
    PLAYER_COMMANDS: tuple[Command, ...] = GAME_COMMANDS
    #: The table's commands and the slots of a game's own (``GAME_KEYS``), in every game.
    BINDINGS = [
        *bindings((*GAME_COMMANDS, *GAME_KEY_SLOTS)),
        replace(LEAVE_SLOTS["campaign"], id="quit-campaign").binding(),
    ]

    #: Set just after a hand-over: the app drops key commands until the board is redrawn.
    holding_keys = False
    #: Set while a roll tumbles: the board shows the position before it (``_veil``).
    veiled = False
    #: Two people at one keyboard: the line above the board says what happened since the
    #: mover's last move (a lesson's own words say it there).
    TELLS_SINCE: ClassVar[bool] = True
    #: Seconds a roll, and a computer's decision without dice, stay in view before what
    #: follows (``ui/computer_turns``; tests shorten them on an instance).
    roll_hold = ROLL_HOLD
    move_hold = MOVE_HOLD

    def __init__(
        self,
        game: Game,
        save_dir: Path,
        path: Path | None = None,
        policy: TablePolicy | None = None,
    ) -> None:
        super().__init__(game)
        self.policy = policy or TablePolicy()
        self.turns = ComputerTurns(self)
        self.entry = GameInput(self, self.turns)
        self.ending = GameEnd(self)
        self.saving = GameSaving(self, save_dir, path)  # a new game's file: on its first write
        self.save_dir = self.saving.save_dir
        # A game's own commands (Gladiator's override) join the list that help and the
        # palette show; their keys are the slots every game screen binds (``GAME_KEYS``).
        own = of_the_game(game.presenter.commands())
        leave = LEAVE_SLOTS.get(self.policy.leaves_to)
        listed = tuple(leave if leave and c.id == "quit" else c for c in type(self).PLAYER_COMMANDS)
        self.PLAYER_COMMANDS = with_commands(listed, own)

    @property
    def path(self) -> Path | None:
        """The game's file (None until a new game is first saved)."""
        return self.saving.path

    @property
    def settings(self) -> Settings:
        return getattr(self.app, "settings", None) or Settings()

    @property
    def search(self) -> Search | None:
        """The computer's decision or a hint being worked out."""
        return self.turns.search

    @property
    def rolling(self) -> bool:
        """Is the dice tray still showing a roll thrown?"""
        return self.query_one(DiceTray).animating

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

    def on_screen_resume(self) -> None:
        """Back on the table (a dialog, help or the saves list closed): the computer's
        decision that waited lands, or its thinking starts."""
        self.turns.resume()

    def on_unmount(self) -> None:
        self.turns.stop()
        self.policy.closed()

    def current_actions(self) -> list[Action]:
        return self.game.legal_actions()

    def sync(self) -> None:
        super().sync()
        for box in self.query(MoveInput):
            box.placeholder = box_hint(self.game, self.actions)
        if self.TELLS_SINCE:
            self.banner = replace(self.banner, since=handover.since_line(self.game))
        if self.rolling and self.game.plies:
            self._veil()

    def apply_settings(self) -> None:
        super().apply_settings()
        if self.is_mounted and self.query(MoveInput):
            self.sync()
            self.face_the_keyboard()

    def help_text(self) -> str:
        """How to play this game (its own choices as examples), then its board's legend."""
        ascii_only = self.query_one(Board).ascii_pieces
        return (
            play_help(self.game, self.actions)
            + "\n\n"
            + legend_markdown(self.game.presenter, self.game.state, ascii_only)
        )

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

    # -- what reaches the screen, passed on to its parts --------------------------------------

    @on(Board.SquareChosen)
    def _square_chosen(self, event: Board.SquareChosen) -> None:
        self.entry.square_chosen(event.square)

    @on(Input.Submitted, "#move-input")
    def _typed(self, event: Input.Submitted) -> None:
        self.entry.submitted(event.input, event.value)

    @on(ActionsPanel.ActionChosen)
    def _action_chosen(self, event: ActionsPanel.ActionChosen) -> None:
        self.entry.action_chosen(event.text)

    def on_key(self, event: events.Key) -> None:
        self.entry.key(event)

    def key_first(self, event: events.Key) -> bool:
        """A key typed, before the focused widget has it: see ``GameInput.key_first``."""
        return self.entry.key_first(event)

    @on(Worker.StateChanged)
    def _searched(self, event: Worker.StateChanged) -> None:
        self.turns.searched(event)

    @on(DiceTray.Settled)
    def _tray_settled(self) -> None:
        self.turns.tray_settled()

    def point_at(self, action: Action) -> None:
        """Show ``action`` on the board (a hint)."""
        self.entry.point_at(action)

    # -- playing ---------------------------------------------------------------------------------

    def play(self, action: Action | str) -> bool:
        """A decision made at the table (typed, chosen or the computer's): the policy's to
        take; True when it was taken."""
        return self.policy.decide(self, action)

    def play_in_game(self, action: Action | str) -> bool:
        """Make a decision through the engine; a refusal is shown with its reason. A person
        cannot decide for a computer's seat."""
        refusal = self.turns.refusal(action)
        try:
            if refusal is not None:
                raise IllegalAction(refusal)
            ply = self.game.play(action)
        except IllegalAction as exc:
            self.message = f"Refused: {exc}"
            self.app.bell()
            return False
        self.turns.stop()
        if isinstance(self.focused, ActionsPanel):  # an act typed after a move it offered
            self.set_focus(self.query_one(Board))
        self.message = views.played(self.game, ply)
        self.selected = None
        self.aiming = None
        self.autosave()
        self._fresh_rolls = True
        self.sync()
        self.turns.hold_in_view(ply)
        self.turns.when_settled(lambda: self.after_play(ply))
        return True

    def after_play(self, ply: Ply) -> None:
        """After the roll is seen: the policy's to follow."""
        self.policy.after_play(self, ply)

    def carry_on(self, ply: Ply) -> None:
        """After the roll is seen: the result, a hand-over notice, or the next turn. A roll
        that tumbled stays in view ``roll_hold`` seconds before a dialog covers it."""
        animated = self.veiled
        self._unveil(ply)
        covered = self.game.over or handover.due(self.game, self.settings.handover) is not None
        if animated and covered and self.roll_hold > 0:
            self.set_timer(self.roll_hold, lambda: self._after_roll_read(ply))
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
            self.entry.offer_may_act()
            self.turns.next_turn()
            return
        self.app.push_screen(
            HandOver(views.who(self.game, seat), handover.story(self.game, seat)), self._handed_over
        )

    def _handed_over(self, _: None) -> None:
        """Keys typed with the hand-over's Enter (``:d7d5`` typed at once) are not commands
        to the board: they are dropped until the board has been drawn again."""
        self.holding_keys = True
        self.face_the_keyboard()
        self.entry.offer_may_act()

        def release() -> None:
            self.holding_keys = False

        self.call_after_refresh(release)

    # -- the end of a game, and saving -----------------------------------------------------------

    def show_result(self) -> None:
        """The end of the game, as the policy shows it."""
        self.policy.game_over(self)

    def result_panel(self) -> None:
        self.ending.show_result()

    def open_replay(self, analyse: bool = False, learn: bool = False) -> None:
        """This game's replay in the table's place (analysed at once with ``analyse``; its
        mistakes retried once analysed with ``learn``)."""
        navigate(self, ReplayInstead(self.game, self.path, analyse, learn))

    def autosave(self) -> None:
        """Write this game's own file after every decision (and point the autosave at it),
        where the policy keeps one."""
        if self.policy.keeps_file:
            self.saving.autosave()

    def leave(self, to: Message | None) -> None:
        """Off the table: to ``to``'s screen, or back to the screen under this one."""
        if to is None:
            close_screen(self)
        else:
            navigate(self, to)

    # -- commands --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "type_move" and isinstance(self.focused, Input) and not self.too_small:
            return None  # typing already: ``:`` is a letter of the move
        if action == "quit_game" and parameters:  # the slot of where the policy leaves to
            return parameters[0] == self.policy.leaves_to
        if action == "game_key":  # a slot is on where the game has a command on its key
            return self.command_on(str(parameters[0])) is not None
        return super().check_action(action, parameters)

    def command_on(self, key: str) -> str | None:
        """The id of the game's own command on ``key``, if it has one."""
        commands = self.game.presenter.commands()
        return next((c.id for c in commands if key in c.keys.split(",")), None)

    def action_game_key(self, key: str) -> None:
        """A slot's key: the game's own command on it (``check_action`` enables only those)."""
        id = self.command_on(key)
        if id is not None:
            self.entry.run_command(id)

    def action_type_move(self) -> None:
        # Focus now, not later (``focus()``): the keys typed right after ``:`` go to the box.
        self.entry.open_move_box()

    def action_game_command(self, id: str) -> None:
        """A command of the game's own (its presenter's): see ``GameInput.run_command``."""
        self.entry.run_command(id)

    def action_hint(self) -> None:
        self.turns.hint()

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
        self.turns.stop()
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
        self.turns.next_turn()

    def action_save(self) -> None:
        self.saving.save()

    def action_load(self) -> None:
        self.turns.stop()
        navigate(self, OpenSaves("load"))

    def action_offer_draw(self) -> None:
        """Offer a draw, once the player has said yes (as resigning asks)."""
        self.entry.confirm_then_play(OFFER_DRAW, "offer a draw?")

    def action_resign(self) -> None:
        self.entry.confirm_then_play(RESIGN, "resign this game?")

    def action_skip(self) -> None:
        self.entry.skip()

    def action_quit_game(self, to: str = "") -> None:
        """``q``: off the table, where the policy goes (``to`` names the slot's place)."""
        self.turns.stop()
        self.policy.leave(self)
