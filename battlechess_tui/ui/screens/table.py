"""The game table shared by play and replay: board, banner and side panels for one position.

The screen owns the state as reactive vars (cursor, selection, the views of the position
shown); the widgets are bound to them and only draw. Subclasses decide which position is shown
and what choosing a square does.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from threading import Lock
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.views import TallySection
from battlechess_tui.ui import views
from battlechess_tui.ui.commands import Command
from battlechess_tui.ui.game_help import reads_notation
from battlechess_tui.ui.navigation import OpenHelp, OpenRules, navigate
from battlechess_tui.ui.rule_links import link_rules, rule_ids
from battlechess_tui.ui.screens.base import battle_app
from battlechess_tui.ui.widgets.actions_panel import ActionItem, ActionsPanel
from battlechess_tui.ui.widgets.battle_panel import BattleInfo, BattlePanel
from battlechess_tui.ui.widgets.board import Board, BoardModel, fit, identifying_glyphs
from battlechess_tui.ui.widgets.dice_tray import DiceTray, TrayEntry
from battlechess_tui.ui.widgets.footer import Footer
from battlechess_tui.ui.widgets.move_log import LogEntry, MoveLog
from battlechess_tui.ui.widgets.piece_card import PieceCard
from battlechess_tui.ui.widgets.tally_sheet import TallySheet
from battlechess_tui.ui.widgets.turn_banner import Banner, TurnBanner

MIN_PANEL_WIDTH = 36
MIN_BOARD_COLUMN = 30
#: Below this many columns for the side panels (with the smallest board) the window is too
#: small to play in: a notice asks for a larger one instead of drawing a cramped table.
SMALLEST_PANELS = 26
RESERVED_LINES = 4  # banner, footer, input line, message line
#: The move log goes under the board when the board leaves it this many lines, else beside.
LOG_UNDER_BOARD = 3
#: The piece card's odds while a worker works them out, and that worker's group.
ODDS_PENDING, ODDS_GROUP = "odds…", "odds"
#: The odds cache's key: the position's generation, the selection, the cursor and the aim.
OddsKey = tuple[object, ...]
TALL_LINES = 32  # the app's "-tall" breakpoint: shorter windows show a battle's rolls once
#: The lines a fight's rolls are summarised to in the dice tray (tall, short windows).
TRAY_LINES, SHORT_TRAY_LINES = 12, 8
#: A stacked table (a tall, narrow window: a phone's) keeps this many lines for the panels
#: under its board.
STACKED_PANEL_LINES = 16
#: The commands that work in a window too small for the table.
WITHOUT_TABLE = frozenset({"help", "screenshot", "quit_game", "quit_replay"})

TABLE_COMMANDS = (
    Command("flip", "f", "Flip", "flip", "Turn the board round"),
    Command(
        "pieces",
        "a",
        "ASCII",
        "toggle_ascii",
        "Switch between Unicode figures and letters",
        show=False,
    ),
    Command(
        "palette",
        "c",
        "Colours",
        "cycle_palette",
        "Board colours: theme, high contrast, no colour",
        show=False,
    ),
    Command("rules", "r", "Rules", "rules", "Read this game's rules"),
    Command(
        "rule",
        "w",
        "Rule",
        "open_rule",
        "Open the rules at the rule just cited (the message line, else the move log)",
        show=False,
    ),
    Command("help", "question_mark", "Help", "help", "Keys and how to play on this screen"),
    Command("screenshot", "p", "Shot", "screenshot", "Save an SVG screenshot", show=False),
)


def in_coordinates(game: Game, entries: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """The move log with moves written as their squares (``g1f3``) where the game writes
    them in its own notation (SAN), keeping what follows it (a fight's roll, supporters)."""
    if not reads_notation(game):
        return entries
    geo, out = game.rules.geo, []
    for entry in entries:
        ply, said = game.plies[entry.ply - 1], game.said(entry.ply - 1)
        if ply.action.kind == MOVE and entry.notation == said.notation:
            moved = ply.action.text(geo)
            entry = replace(entry, notation=game.presenter.annotate(moved, list(said.events)))
        out.append(entry)
    return tuple(out)


class TableScreen(Screen[None]):
    """Board, banner, dice tray, piece card, actions, tally sheet and move log."""

    HELP: ClassVar[str] = ""
    SHOW_INPUT: ClassVar[bool] = True
    too_small = False  # the window cannot hold the table: a notice is shown instead

    cursor: var[int] = var(0)
    selected: var[int | None] = var(None)
    flipped: var[bool] = var(False)
    board_model: var[BoardModel] = var(BoardModel.empty)
    banner: var[Banner] = var(Banner)
    tray_entries: var[tuple[TrayEntry, ...]] = var(tuple)
    tally: var[tuple[TallySection, ...]] = var(tuple)
    log_entries: var[tuple[LogEntry, ...]] = var(tuple)
    log_current: var[int | None] = var(None)
    card_lines: var[tuple[str, ...]] = var(tuple)
    odds: var[str] = var("")
    action_items: var[tuple[ActionItem, ...]] = var(tuple)
    battle_info: var[BattleInfo | None] = var(None)
    message: var[str] = var("")

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.actions: list[Action] = []
        self.aiming: views.Aim | None = None  # an action whose squares are being chosen
        self._odds_cache: dict[OddsKey, str] = {}
        self._odds_generation = 0  # counts the positions shown: a result's key names its own
        self._odds_key: OddsKey | None = None  # what the cursor asks the odds of now
        self._odds_lock = Lock()  # one odds computation at a time
        self._tray_ply = -1
        self._fresh_rolls = False  # set by play: the tray animates rolls just thrown
        geo = game.rules.geo
        self.set_reactive(TableScreen.cursor, geo.square(geo.width // 2, 1))
        self.set_reactive(TableScreen.board_model, BoardModel.empty(geo.width, geo.height))

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TurnBanner().data_bind(banner=TableScreen.banner)
        with Horizontal(id="table"):
            with Vertical(id="board-column"):
                yield Board(id="board").data_bind(
                    model=TableScreen.board_model,
                    cursor=TableScreen.cursor,
                    selected=TableScreen.selected,
                    flipped=TableScreen.flipped,
                )
                yield from self.compose_under_board()
                yield Static(id="message", markup=False)
                yield self._move_log("move-log-under")  # where the board leaves room for it
            with VerticalScroll(id="panels", can_focus=False):
                yield from self.compose_panels_top()
                yield BattlePanel(id="battle").data_bind(info=TableScreen.battle_info)
                yield DiceTray(id="dice-tray").data_bind(entries=TableScreen.tray_entries)
                if self.SHOW_INPUT:
                    yield ActionsPanel(id="actions").data_bind(items=TableScreen.action_items)
                    yield Static(id="action-detail", markup=False)
                # Beside the board only when the board leaves no room under it (a short
                # window): above the card and the tally, so the latest move stays in view.
                yield self._move_log("move-log")
                yield PieceCard(id="piece-card").data_bind(
                    lines=TableScreen.card_lines, odds=TableScreen.odds
                )
                yield TallySheet(id="tally").data_bind(sections=TableScreen.tally)
        yield Static(id="too-small", markup=False)
        yield Footer()

    def _move_log(self, id: str) -> MoveLog:
        log = MoveLog(id=id, classes="move-log")
        return log.data_bind(entries=TableScreen.log_entries, current=TableScreen.log_current)

    @property
    def move_log(self) -> MoveLog:
        """The move log shown: under the board when it leaves room, else beside it."""
        under = self.query_one("#move-log-under", MoveLog)
        return under if under.display else self.query_one("#move-log", MoveLog)

    def compose_under_board(self) -> ComposeResult:
        yield from ()

    def compose_panels_top(self) -> ComposeResult:
        """Panels above the others beside the board (a lesson's step)."""
        yield from ()

    def on_mount(self) -> None:
        self.query_one("#piece-card").border_title = "Piece"
        self.query_one("#tally").border_title = "Tally"
        for log in self.query(MoveLog):
            log.border_title = "Moves"
        if self.SHOW_INPUT:
            self.query_one("#actions").border_title = "Actions"
            self.query_one("#action-detail").display = False
        self.query_one(DiceTray).display = views.has_dice(self.game)
        # One legend a game: a piece's figure never changes as others are taken.
        self.query_one(Board).glyphs = identifying_glyphs(views.legend(self.game))
        self.apply_settings()
        self.sync()
        self.fit_board(self.app.size.width, self.app.size.height)
        self.query_one(Board).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_board(event.size.width, event.size.height)

    def smallest_size(self) -> tuple[int, int]:
        """The smallest window the table is drawn in: the board in one-line squares beside
        narrow panels, with the banner, footer, move box and message line."""
        geo = self.game.rules.geo
        board_w, board_h = fit(geo.width, geo.height, 0, 0)[2:]
        return board_w + SMALLEST_PANELS, board_h + RESERVED_LINES

    def stacks(self, width: int, height: int) -> bool:
        """Does the table stack (the board on top, the panels under it): in a tall, narrow
        window (a phone's), when that draws a larger board than beside the panels, or the
        only board that fits?"""
        geo = self.game.rules.geo
        room = height - RESERVED_LINES - STACKED_PANEL_LINES
        above = fit(geo.width, geo.height, width, room)
        if above[2] > width or above[3] > room:
            return False
        least_w, least_h = self.smallest_size()
        if width < least_w or height < least_h:
            return True
        beside = fit(geo.width, geo.height, width - MIN_PANEL_WIDTH, height - RESERVED_LINES)
        return above[:2] > beside[:2]

    def fit_board(self, width: int, height: int) -> None:
        """Give the board column the width of the largest board that fits the screen (beside
        the panels, or above them in a tall, narrow window), or ask for a larger window when
        even the smallest table does not fit."""
        geo = self.game.rules.geo
        least_w, least_h = self.smallest_size()
        stacked = self.stacks(width, height)
        self.set_class(stacked, "-stacked")
        small = self.too_small = not stacked and (width < least_w or height < least_h)
        self.query_one("#table").display = not small
        notice = self.query_one("#too-small", Static)
        notice.display = small
        if small:
            notice.update(
                f"Make the window larger: this game needs at least {least_w} x "
                f"{least_h} characters (it is {width} x {height} now)."
            )
            return
        room_w = width if stacked else width - MIN_PANEL_WIDTH
        room_h = height - RESERVED_LINES - (STACKED_PANEL_LINES if stacked else 0)
        board_w, board_h = fit(geo.width, geo.height, room_w, room_h)[2:]
        column = self.query_one("#board-column")
        column.styles.width = width if stacked else max(board_w, MIN_BOARD_COLUMN)
        # The board's own height, at the top of its column: it stays put while the message
        # line under it and the panels beside it grow and shrink.
        self.query_one(Board).styles.height = board_h
        # Stacked, the log is one of the panels under the board (the column's height is its
        # board's and its lines').
        under = not stacked and height - board_h - RESERVED_LINES >= LOG_UNDER_BOARD
        self.query_one("#move-log-under").display = under
        self.query_one("#move-log").display = not under
        self.query_one(DiceTray).room = TRAY_LINES if height >= TALL_LINES else SHORT_TRAY_LINES

    def apply_settings(self) -> None:
        """Take the app's display settings (piece set, palette, animation)."""
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return
        board = self.query_one(Board)
        board.ascii_pieces = settings.ascii_pieces
        board.set_class(settings.palette == "high-contrast", "-high-contrast")
        board.set_class(settings.palette == "no-colour", "-no-colour")
        self.set_class(settings.palette == "no-colour", "-no-colour")
        tray = self.query_one(DiceTray)
        tray.ascii_only = settings.ascii_pieces
        tray.animate_rolls = settings.animate and self.app.animation_level != "none"
        self.query_one(TallySheet).ascii_only = settings.ascii_pieces
        self.query_one(BattlePanel).ascii_only = settings.ascii_pieces

    # -- what is shown -------------------------------------------------------------------------

    @property
    def index(self) -> int:
        """The position shown (the latest in play)."""
        return len(self.game.plies)

    @property
    def help_title(self) -> str:
        return self.game.rules.name

    @property
    def uses_dice(self) -> bool:
        return views.has_dice(self.game)

    def current_actions(self) -> list[Action]:
        return []

    def sync(self) -> None:
        """Recompute every view of the position shown from the engine."""
        game, index = self.game, self.index
        self.actions = self.current_actions()
        self._odds_cache.clear()
        self._odds_generation += 1
        if self.aiming is not None and not set(self.aiming.actions) <= set(self.actions):
            self.aiming = None
        selected = self.selected
        if selected is not None and not any(
            a.squares[:1] == (selected,) or views.reach(self.game, a, selected) is not None
            for a in self.actions
        ):
            self.selected = None
        self.show_board()
        self.battle_info = views.battle(game, index)
        self.banner = views.banner(game, index)
        tray_ply, entries = views.tray(game, index)
        if (tray_ply, entries) != (self._tray_ply, self.tray_entries):
            self._tray_ply = tray_ply
            self.query_one(DiceTray).animate_rolls = self._animate_tray(tray_ply)
            self.tray_entries = entries
        # Set on every sync: ``on_mount`` may come after the first one (a game loaded at start).
        title = (
            "Dice"
            if not entries
            else (
                "Dice — setup"
                if tray_ply == 0
                else f"Dice — turn {views.turn_numbers(game, tray_ply)[-1].rstrip('.…')}"
            )
        )
        self.query_one("#dice-tray").border_title = title
        self.tally = tuple(game.presenter.tally(game.positions[index].state))
        # In a short window a battle's panel shows its rolls: the tray would repeat them.
        short_battle = self.battle_info is not None and self.size.height < TALL_LINES
        self.query_one(DiceTray).display = views.has_dice(game) and not short_battle
        self.log_entries = self.shown_log(views.log(game, index))
        self.action_items = views.actions_panel(game, self.actions) if self.SHOW_INPUT else ()
        self.sync_card()

    def shown_log(self, entries: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
        """The move log as the settings write it: the chess games' moves as squares when
        the "Move log" setting says coordinates (in play and in replays alike)."""
        settings = getattr(self.app, "settings", None)
        if settings is not None and settings.notation == "coordinates":
            return in_coordinates(self.game, entries)
        return entries

    def show_board(self) -> None:
        """Redraw the board's model: the position, the selection's or the aim's targets."""
        self.board_model = views.board_model(
            self.game, self.index, self.selected, self.actions, self.aiming
        )

    def _animate_tray(self, tray_ply: int) -> bool:
        settings = getattr(self.app, "settings", None)
        on = settings is None or settings.animate
        fresh, self._fresh_rolls = self._fresh_rolls, False
        return fresh and on and self.app.animation_level != "none" and tray_ply == self.index

    def sync_card(self) -> None:
        """The card of the selected piece (the whole sheet) or of the one under the cursor,
        and the odds of what the cursor points at: from the cache, or worked out by a thread
        worker (exact battle odds take a while) while "odds…" is shown."""
        square = self.selected if self.selected is not None else self.cursor
        aim = self.aiming
        ascii_only = self.query_one(Board).ascii_pieces
        lines = views.card(self.game, self.index, square, ascii_only)
        if aim is not None and (what := views.aim_explanation(self.game, aim)):
            lines = (what, *lines)  # what the spell being aimed does, above the target's card
        self.card_lines = lines
        self.query_one(PieceCard).set_class(self.selected is not None, "-full")
        request = views.odds_request(self.game, self.selected, self.cursor, self.actions, aim)
        if request is None:
            self._odds_key = None
            self.odds = ""
            return
        key = (self._odds_generation, self.selected, self.cursor, aim and (aim.head, aim.chosen))
        self._odds_key = key
        if key in self._odds_cache:
            self.odds = self._odds_cache[key]
            return
        self.odds = ODDS_PENDING
        state = self.game.positions[self.index].state
        self.run_worker(
            partial(self._work_out_odds, key, state, request),
            thread=True,
            exclusive=True,
            group=ODDS_GROUP,
            exit_on_error=False,
        )

    def _work_out_odds(
        self, key: OddsKey, state: object, request: views.OddsRequest
    ) -> tuple[OddsKey, str] | None:
        """In a worker thread: one computation at a time, none for a request already dropped
        (the cursor moved on, and a newer worker replaced this one)."""
        with self._odds_lock:
            if get_current_worker().is_cancelled:
                return None
            return key, views.odds_text(self.game, state, request)

    @on(Worker.StateChanged)
    def _odds_worked_out(self, event: Worker.StateChanged) -> None:
        """Keep the odds worked out for the position shown; show them if the cursor still
        points there. Results for an earlier position are dropped."""
        worker = event.worker
        if worker.group != ODDS_GROUP:
            return
        event.stop()
        if event.state == WorkerState.ERROR and self.odds == ODDS_PENDING:
            self.odds = ""
        result = worker.result if event.state == WorkerState.SUCCESS else None
        if result is None:
            return
        key, text = result
        if key[0] != self._odds_generation:
            return
        self._odds_cache[key] = text
        if key == self._odds_key:
            self.odds = text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """In a window too small for the table only help, screenshots and leaving work."""
        if self.too_small and action not in WITHOUT_TABLE:
            return False
        return super().check_action(action, parameters)

    def watch_message(self, message: str) -> None:
        """The message line; the rule ids it cites are links to the rules page."""
        self.query_one("#message", Static).update(link_rules(message))

    # -- board input -----------------------------------------------------------------------

    @on(Board.CursorMoved)
    def _cursor_moved(self, event: Board.CursorMoved) -> None:
        # The board has moved its own cursor already (and may be further on by now, under
        # key repeat): record the square without binding it back to the board.
        self.set_reactive(TableScreen.cursor, event.square)
        self.sync_card()

    @on(ActionsPanel.ItemHighlighted)
    def _choice_highlighted(self, event: ActionsPanel.ItemHighlighted) -> None:
        """Each choice is a line: what the highlighted one does, in full, is shown under the
        panel."""
        box = self.query_one("#action-detail", Static)
        text = event.item.full if event.item is not None else ""
        box.display = bool(text)
        box.update(text)

    # -- commands ------------------------------------------------------------------------------

    def action_flip(self) -> None:
        self.flipped = not self.flipped

    def action_toggle_ascii(self) -> None:
        app = battle_app(self)
        app.update_settings(ascii_pieces=not app.settings.ascii_pieces)  # saved

    def action_cycle_palette(self) -> None:
        order = ("theme", "high-contrast", "no-colour")
        app = battle_app(self)
        now = app.settings.palette
        app.update_settings(palette=order[(order.index(now) + 1) % len(order)])  # saved
        self.notify(f"Board colours: {app.settings.palette}", timeout=2)

    def action_rules(self) -> None:
        self.open_rules()

    def action_open_rule(self, rule: str = "") -> None:
        """The rules page at ``rule`` (a link clicked), or at the rule just cited: in the
        message line, else in the move log's current or latest entry that names one."""
        rule = rule or self.cited_rule()
        if not rule:
            self.notify("No rule has been cited yet: r opens the rules.", timeout=3)
            return
        self.open_rules(rule)

    def open_rules(self, rule: str | None = None) -> None:
        navigate(self, OpenRules(self.game.rules.spec, self.game.presenter, rule))

    def cited_rule(self) -> str:
        """The rule the player last saw cited: the message line's first, else the first of the
        move log's entry on the board (a replay) or of its latest entry that cites one."""
        found = rule_ids(self.message)
        if found:
            return found[0]
        entries = [
            e for e in self.log_entries if self.log_current is None or e.ply <= self.log_current
        ]
        for entry in reversed(entries):
            found = rule_ids(" ".join((entry.notation, *entry.details)))
            if found:
                return found[0]
        return ""

    def action_help(self) -> None:
        navigate(self, OpenHelp(self))

    def action_screenshot(self) -> None:
        battle_app(self).action_take_screenshot()
