"""Campaign play in the app (DD-40..DD-48): new and continue, the campaign screen, its games.

The campaign screen shows both rosters (level, items, kills), war chests, battle power and the
games (replay any), and starts the next game: the D&D game with each piece at its campaign level
with its items. A campaign game is an ordinary game screen that saves to the game's file beside
the campaign file; when it is over (or left), the campaign screen settles it from that file, so
a game interrupted by quitting the app is resumed or settled the next time.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from battlechess_tui.campaign import between_games as bg
from battlechess_tui.campaign import report
from battlechess_tui.campaign.model import SIDE_KEYS, CampaignFile
from battlechess_tui.campaign.store import (
    CampaignError,
    claim_game,
    create_campaign,
    create_game_file,
    default_dir,
    load_campaign,
    save_campaign,
)
from battlechess_tui.campaign.support import GAME_KEY
from battlechess_tui.campaign.words import spoils_line
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.numbering import moves_played
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.save.lock import FileLock
from battlechess_tui.save.store import SaveError, load_game
from battlechess_tui.ui import views
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.navigation import (
    OpenCampaign,
    OpenRules,
    OpenShop,
    PlayCampaignGame,
    ReplayCampaignGame,
    navigate,
)
from battlechess_tui.ui.screens.base import battle_app, close_screen
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, Confirm, ResultPanel
from battlechess_tui.ui.screens.replay import REPLAY_COMMANDS, ReplayScreen
from battlechess_tui.ui.table_policy import PolicyTable, TablePolicy
from battlechess_tui.ui.widgets.footer import Footer

SIDES = ("White", "Black")
#: The kind of the King's surrender (DD-45), a choice of campaign games.
SURRENDER = "surrender"

CAMPAIGN_COMMANDS = (
    Command("next", "n", "Next game", "next_game", "Start (or resume) the campaign's next game"),
    Command("shop", "s", "Shop", "shop", "Buy magic items for your pieces with the war chest"),
    Command("replay", "r", "Replay", "replay", "Replay the game chosen in the games list"),
    Command("rules", "question_mark", "Rules", "rules", "Campaign rules (DD-40..DD-48)"),
    Command("back", "escape,q", "Menu", "back", "Back to the menu (the campaign is saved)"),
)

NEW_CAMPAIGN_COMMANDS = (
    Command("create", "ctrl+s", "Create", "create", "Create the campaign", priority=True),
    Command("back", "escape", "Back", "back", "Back to the menu"),
)


def campaign_files(save_dir: Path) -> list[Path]:
    """Campaign files in the save folder's ``campaigns/``, most recently changed first."""
    folder = default_dir(save_dir)
    files = [p for p in folder.glob("*.json") if p.is_file()] if folder.is_dir() else []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


class NewCampaignScreen(Screen[None]):
    """A campaign's name and its two players; creates the file and opens the campaign."""

    PLAYER_COMMANDS = NEW_CAMPAIGN_COMMANDS
    BINDINGS = bindings(NEW_CAMPAIGN_COMMANDS)
    HELP = "Name the campaign and its two players, then Create (ctrl+s)."

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game"):
            yield Label("New D&D Battle Chess campaign", classes="screen-title")
            for wid, label, value in (
                ("campaign-name", "Campaign", "Campaign"),
                ("white-player", "White", "White"),
                ("black-player", "Black", "Black"),
            ):
                with Horizontal(classes="field"):
                    yield Label(label, classes="field-label")
                    yield Input(value, id=wid, compact=True)
            yield Static(id="new-game-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create (ctrl+s)", variant="primary", id="create")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#campaign-name", Input).focus()

    def _value(self, wid: str) -> str:
        return self.query_one(f"#{wid}", Input).value.strip()

    @on(Button.Pressed, "#create")
    @on(Input.Submitted)
    def action_create(self) -> None:
        save_dir = battle_app(self).save_dir
        try:
            path = create_campaign(
                self._value("campaign-name") or "Campaign",
                default_dir(save_dir),
                self._value("white-player") or "White",
                self._value("black-player") or "Black",
            )
        except SaveError as exc:
            self.query_one("#new-game-error", Static).update(str(exc))
            return
        navigate(self, OpenCampaign(path, instead=True))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        close_screen(self)


def back_to_campaign(commands: Iterable[Command]) -> tuple[Command, ...]:
    """A replay's commands, with ``q`` named for where it goes: the campaign (a campaign
    game's table names it by its policy, ``CampaignTable``)."""
    return tuple(
        replace(c, label="Campaign", help="Back to the campaign (it is saved)")
        if c.id == "quit"
        else c
        for c in commands
    )


CAMPAIGN_REPLAY_COMMANDS: tuple[Command, ...] = back_to_campaign(REPLAY_COMMANDS)


class CampaignResultPanel(ResultPanel, inherit_bindings=False):
    """Game over in a campaign: the spoils are settled on the campaign screen, so go there."""

    BINDINGS = [
        Binding("c", "choose('campaign')", "Campaign", id="battlechess.result-campaign"),
        Binding("escape,b", "choose('board')", "Board", id="battlechess.result-board"),
    ]
    BUTTONS = (("campaign", "Back to the campaign (c)"), ("board", "Board (esc)"))


class CampaignTable(TablePolicy):
    """A game of a campaign: the ordinary table, back to the campaign at the end (which
    settles the game from its file) and with ``q``. A person's surrender (DD-45) is confirmed
    first, as a resignation is. ``claim`` (``store.claim_game``) is given back when the table
    closes."""

    leaves_to = "campaign"

    def __init__(self, claim: FileLock | None = None) -> None:
        self.claim = claim

    def decide(self, table: PolicyTable, action: Action | str) -> bool:
        game = table.game
        if not is_surrender(game, action) or game.to_move in game.computers:
            return table.play_in_game(action)

        def confirmed(yes: bool | None) -> None:
            if yes:
                table.play_in_game(action)

        who = views.who(game, game.to_move)
        table.app.push_screen(
            Confirm(f"{who}: surrender this game (DD-45)? The winner takes the spoils."), confirmed
        )
        return True

    def game_over(self, table: PolicyTable) -> None:
        outcome = table.game.outcome
        if outcome is None:
            return

        def chosen(choice: str | None) -> None:
            if choice != "board":
                self.leave(table)

        text = views.result_text(table.game, outcome)
        table.app.push_screen(CampaignResultPanel(text, moves_played(table.game)), chosen)

    def leave(self, table: PolicyTable) -> None:
        table.autosave()
        table.leave(None)

    def closed(self) -> None:
        if self.claim is not None:
            self.claim.release()


def is_surrender(game: Game, action: Action | str) -> bool:
    """Is ``action`` (typed or chosen) a surrender (DD-45)?"""
    if isinstance(action, str):
        try:
            action = game.parse(action)
        except (IllegalAction, ValueError):
            return False
    return action.kind == SURRENDER


class CampaignReplayScreen(ReplayScreen):
    """Replaying a campaign game: leaving goes back to the campaign, not the menu."""

    PLAYER_COMMANDS = CAMPAIGN_REPLAY_COMMANDS
    BINDINGS = bindings(CAMPAIGN_REPLAY_COMMANDS)

    def action_quit_replay(self) -> None:
        if self.query_one("#goto-input", Input).display:
            super().action_quit_replay()
            return
        self._stop()
        close_screen(self)


class CampaignScreen(Screen[None]):
    """Both rosters, war chests, battle power, the games, and the next game."""

    PLAYER_COMMANDS = CAMPAIGN_COMMANDS
    BINDINGS = bindings(CAMPAIGN_COMMANDS)
    HELP = (
        "**Next game** (n) plays the next game of the campaign; **Shop** (s) buys items "
        "with the war chest (the winner of each game earns its gold, DD-44..DD-46); the "
        "highlighted game of the list (up and down) is the one **Replay** (r or Enter) "
        "shows."
    )
    DEFAULT_CSS = """
    CampaignScreen #campaign { height: 1fr; padding: 0 1; }
    CampaignScreen .roster { width: 1fr; height: 1fr; margin-right: 1; }
    CampaignScreen .roster > Label { width: 1fr; }
    CampaignScreen DataTable { height: 1fr; }
    CampaignScreen #campaign-games { height: auto; max-height: 8; }
    CampaignScreen #campaign-games > .option-list--option-highlighted {
        background: $block-cursor-background; color: $block-cursor-foreground;
        text-style: $block-cursor-text-style;
    }
    CampaignScreen #aftermath { height: auto; max-height: 8; color: $text-warning; }
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = Path(path)
        self.campaign: CampaignFile | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="campaign"):
            yield Label("", id="campaign-title", classes="screen-title", markup=False)
            with Horizontal(id="rosters"):
                for side in (0, 1):
                    with Vertical(classes="roster"):
                        yield Label("", id=f"side-{side}", classes="section-title", markup=False)
                        yield DataTable(id=f"roster-{side}", cursor_type="row", zebra_stripes=True)
            yield Label("Games (up and down choose, Enter or r replays)", classes="section-title")
            yield OptionList(id="campaign-games", markup=False)
            yield Static("", id="aftermath", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        for side in (0, 1):
            self.query_one(f"#roster-{side}", DataTable).add_columns(
                "sq", "piece", "lvl", "kills", "items"
            )
        self.refresh_campaign()

    def on_screen_resume(self) -> None:
        self.refresh_campaign()

    # -- reading and settling ------------------------------------------------------------------

    def refresh_campaign(self) -> None:
        """Reload the file; settle the game in play once it is over (DD-40..DD-46)."""
        try:
            campaign = load_campaign(self.path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot open the campaign", severity="error", markup=False)
            close_screen(self)
            return
        campaign = self._settle_if_over(campaign)
        self.campaign = campaign
        self._show(campaign)
        if campaign.spoils is not None:
            self.call_after_refresh(self.ask_spoils)

    def _settle_if_over(self, campaign: CampaignFile) -> CampaignFile:
        game_path = bg.current_path(campaign, self.path)
        if game_path is None or not game_path.is_file():
            return campaign
        try:
            game = load_game(game_path).game
        except SaveError as exc:
            self.notify(str(exc), title="The game in play cannot be read", severity="error")
            return campaign
        if not game.over:
            return campaign
        campaign, after = bg.settle(campaign, game)
        self._save(campaign)
        self.query_one("#aftermath", Static).update("\n".join(after.lines))
        return campaign

    def _save(self, campaign: CampaignFile) -> bool:
        try:
            save_campaign(campaign, self.path)
        except SaveError as exc:
            self.notify(str(exc), title="Campaign not saved", severity="error")
            return False
        return True

    def _show(self, c: CampaignFile) -> None:
        self.query_one("#campaign-title", Label).update(f"Campaign: {c.name}")
        power = bg.powers(c)
        names = report.class_names()
        cat = bg.catalogue()
        for side in (0, 1):
            rec = c.side(side)
            who = SIDES[side] if rec.player == SIDES[side] else f"{rec.player} ({SIDES[side]})"
            self.query_one(f"#side-{side}", Label).update(
                f"{who}\nwar chest {rec.chest:,} gold · battle power {power[side]}"
            )
            table = self.query_one(f"#roster-{side}", DataTable)
            table.clear()
            for p in rec.pieces:
                items = "\n".join(cat.name(i) for i in p.items) or "-"  # one a line: never cut
                table.add_row(
                    p.square, names[p.cls], str(p.level), str(p.kills), Text(items), height=None
                )
        games = self.query_one("#campaign-games", OptionList)
        before = games.highlighted
        games.clear_options()
        games.add_options(
            [Option(Text(line.strip()), id=str(i)) for i, line in enumerate(report.game_lines(c))]
        )
        if c.games:  # the game Replay shows is always the highlighted one: the last by default
            games.highlighted = (
                before if before is not None and before < len(c.games) else len(c.games) - 1
            )

    # -- the spoils of a surrender (DD-45) -----------------------------------------------------

    def ask_spoils(self) -> None:
        c = self.campaign
        if c is None or c.spoils is None:
            return
        cat = bg.catalogue()
        winner = SIDES[SIDE_KEYS.index(c.spoils.winner)]
        options: list[tuple[object, str]] = [(None, f"{c.spoils.gold:,} gold (20% of the chest)")]
        options += [((sq, item), f"{cat.name(item)} from {sq}") for sq, item in bg.spoils_items(c)]

        def taken(choice: object) -> None:
            if choice is None or choice == "gold":
                self._take_spoils(None, "")
            else:
                self._ask_receiver(choice)  # type: ignore[arg-type]

        options[0] = ("gold", options[0][1])
        self.app.push_screen(
            ChoiceDialog(f"{winner}'s spoils of the surrender (DD-45)", options), taken
        )

    def _ask_receiver(self, take: tuple[str, str]) -> None:
        c = self.campaign
        assert c is not None and c.spoils is not None
        names = report.class_names()
        own = c.side(c.spoils.winner).pieces
        options = [(p.square, f"{p.square} {names[p.cls]} L{p.level}") for p in own]

        def given(square: str | None) -> None:
            if square is None:
                self.ask_spoils()
            else:
                self._take_spoils(take, square)

        self.app.push_screen(ChoiceDialog("Which piece takes it?", options), given)

    def _take_spoils(self, take: tuple[str, str] | None, give_to: str) -> None:
        assert self.campaign is not None
        campaign = bg.choose_spoils(self.campaign, take, give_to)
        if self._save(campaign):
            self.campaign = campaign
            self._show(campaign)
            spoils = spoils_line(campaign.games[-1])
            self.notify(f"Spoils: {spoils}", title="DD-45", markup=False)

    # -- commands ------------------------------------------------------------------------------

    def action_next_game(self) -> None:
        c = self.campaign
        if c is None:
            return
        if c.spoils is not None:
            self.ask_spoils()
            return
        game_path = bg.current_path(c, self.path)
        if game_path is not None and game_path.is_file():
            try:
                game = load_game(game_path).game
            except SaveError as exc:
                self.notify(str(exc), title="Cannot resume", severity="error")
                return
        else:
            c, game = bg.start_game(c, self.path, random.randrange(1, 10**9))
            game_path = bg.current_path(c, self.path)
            assert game_path is not None
            if not self._start(c, game, game_path):
                return
        try:
            claim = claim_game(game_path)  # no other window or simulate plays it meanwhile
        except SaveError as exc:
            self.notify(str(exc), title="Cannot play", severity="error")
            return
        navigate(self, PlayCampaignGame(game, game_path, claim))

    def _start(self, c: CampaignFile, game: Game, game_path: Path) -> bool:
        try:
            create_game_file(game, game_path, self.path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return False
        if not self._save(c):
            return False
        self.campaign = c
        power = c.current.power if c.current else [0, 0]
        self.notify(
            f"Battle power: White {power[0]}, Black {power[1]} (DD-43)",
            title=f"Game {len(c.games) + 1}",
        )
        return True

    def action_shop(self) -> None:
        if self.campaign is not None and self.campaign.current is None:
            navigate(self, OpenShop(self.path))
        else:
            self.notify("Finish the game in play first.", title="Shop")

    @on(OptionList.OptionSelected, "#campaign-games")
    def action_replay(self) -> None:
        c = self.campaign
        games = self.query_one("#campaign-games", OptionList)
        index = games.highlighted
        if c is None or index is None or index >= len(c.games):
            self.notify("Choose a finished game in the list first.", title="Replay")
            return
        try:
            loaded = load_game(self.path.parent / c.games[index].file)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error")
            return
        navigate(self, ReplayCampaignGame(loaded.game, loaded.path))

    def action_rules(self) -> None:
        navigate(self, OpenRules(GAME_KEY))

    def action_back(self) -> None:
        close_screen(self)


def open_latest_campaign(node: DOMNode) -> bool:
    """Continue campaign: open the most recent campaign (a choice when there are several)."""
    app = node.app
    files = campaign_files(battle_app(node).save_dir)
    if not files:
        app.notify("No campaign yet: start a new one.", title="Continue campaign")
        return False
    if len(files) == 1:
        navigate(node, OpenCampaign(files[0]))
        return True
    labels = []
    for path in files:
        try:
            c = load_campaign(path)
            labels.append(
                (path, f"{c.name}: {c.white.player} v {c.black.player}, {len(c.games)} games")
            )
        except CampaignError as exc:
            labels.append((path, f"{path.name} (cannot be read: {exc})"))

    def chosen(path: Path | None) -> None:
        if path is not None:
            navigate(node, OpenCampaign(path))

    app.push_screen(ChoiceDialog("Continue which campaign?", labels), chosen)
    return True
