"""What a table does around a decision is a policy handed to the one game screen (issue 38
item 2): the open table's, a campaign's and a practice's (lessons, puzzles, mistakes). No
screen overrides the play, what follows it, the end of the game or the file."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import battlechess_tui.ui as ui_root
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game, Ply
from battlechess_tui.engine.levels import Level
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.commands import commands_of
from battlechess_tui.ui.navigation import BackToMenu
from battlechess_tui.ui.screens.campaign import CampaignTable
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.table_policy import PracticeTable, TablePolicy
from battlechess_tui.ui.widgets.footer import Footer

UI_DIR = Path(ui_root.__file__).parent
#: The screen's methods that are the policy's to decide.
POLICY_METHODS = {"play", "after_play", "show_result", "autosave", "play_in_game", "carry_on"}


class Recorder:
    """A table that records what a policy asks of it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.calls: list[tuple[str, Any]] = []

    @property
    def app(self) -> Any:
        return self

    def push_screen(self, screen: object, callback: Any = None) -> None:
        self.calls.append(("push", screen))

    def play_in_game(self, action: Action | str) -> bool:
        self.calls.append(("play", action))
        return True

    def carry_on(self, ply: Ply) -> None:
        self.calls.append(("carry_on", ply))

    def result_panel(self) -> None:
        self.calls.append(("result", None))

    def autosave(self) -> None:
        self.calls.append(("write", None))

    def leave(self, to: object) -> None:
        self.calls.append(("leave", to))


def test_the_open_table_plays_carries_on_shows_the_result_and_keeps_the_file() -> None:
    table = Recorder(build_game("classic", None, 1, None))
    policy = TablePolicy()
    ply = table.game.play("e2e4")
    assert policy.decide(table, "e7e5") and policy.keeps_file
    policy.after_play(table, ply)
    policy.game_over(table)
    policy.leave(table)
    names = [name for name, _ in table.calls]
    assert names == ["play", "carry_on", "result", "write", "leave"]
    assert isinstance(table.calls[-1][1], BackToMenu)


def test_a_practice_table_judges_and_nothing_follows_or_is_kept() -> None:
    tried: list[Action | str] = []

    def judge(action: Action | str) -> bool:
        tried.append(action)
        return False

    table = Recorder(build_game("classic", None, 1, None))
    policy = PracticeTable(judge)
    ply = table.game.play("e2e4")
    assert policy.decide(table, "e7e5") is False and tried == ["e7e5"]
    policy.after_play(table, ply)
    policy.game_over(table)
    policy.leave(table)
    assert table.calls == [("leave", None)] and not policy.keeps_file


def test_dd_45_a_campaign_table_asks_before_a_person_surrenders_but_not_the_computer() -> None:
    game = build_game("dnd", None, 1, None)
    table = Recorder(game)
    policy = CampaignTable()
    assert policy.decide(table, "e2e4")
    assert table.calls == [("play", "e2e4")]
    table.calls.clear()
    surrender = Action("surrender", ())  # a campaign game offers it (DD-45)
    assert policy.decide(table, surrender)
    assert [name for name, _ in table.calls] == ["push"]  # the question, nothing played
    table.calls.clear()
    game.computers = {game.to_move: Level.MEDIUM}
    policy.decide(table, surrender)
    assert table.calls == [("play", surrender)]


def test_a_campaign_table_gives_its_claim_back_when_it_closes() -> None:
    released: list[bool] = []

    class Claim:
        def release(self) -> None:
            released.append(True)

    CampaignTable(Claim()).closed()  # type: ignore[arg-type]
    assert released == [True]


async def test_q_is_named_for_where_the_policy_leaves_to(tmp_path: Path) -> None:
    """One screen class: the footer's ``q`` says Menu at the open table, Campaign at a
    campaign's, and help lists the same."""
    for policy, word in ((TablePolicy(), "Menu"), (CampaignTable(), "Campaign")):
        app = BattleChessApp("menu", save_dir=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = GameScreen(build_game("dnd", None, 1, None), tmp_path, policy=policy)
            app.push_screen(screen)
            await pilot.pause()
            shown = {b.binding.description for b in screen.active_bindings.values()}
            assert word in shown and ({"Menu", "Campaign"} - {word}).isdisjoint(shown)
            quit_command = next(c for c in commands_of(screen) if c.id == "quit")
            assert quit_command.label == word
            assert app.screen.query_one(Footer)


async def test_a_new_kind_of_table_is_a_policy_not_a_screen(tmp_path: Path) -> None:
    """A policy that refuses every decision keeps the board as it is: the screen asks it."""

    class Refusing(TablePolicy):
        def decide(self, table: Any, action: Action | str) -> bool:
            table.message = "Not here."
            return False

    app = BattleChessApp("menu", save_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = GameScreen(build_game("classic", None, 1, None), tmp_path, policy=Refusing())
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("colon", *"e2e4", "enter")
        await pilot.pause()
        assert screen.game.plies == [] and screen.message == "Not here."


def screen(node: ast.ClassDef) -> bool:
    """Is ``node`` a screen class (a base's name ends in Screen)?"""
    return any(ast.unparse(base).endswith("Screen") for base in node.bases)


def test_no_screen_overrides_what_is_the_policy_s() -> None:
    """Only ``GameScreen`` itself defines the play, what follows it, the end and the file."""
    found = []
    for path in UI_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.name != "GameScreen" and screen(node):
                own = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
                found += [f"{path.name}:{node.name}.{m}" for m in sorted(own & POLICY_METHODS)]
    assert found == []
