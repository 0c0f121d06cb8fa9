"""Rule ids are links (issue 15.4): a refusal's rule id in the message line, the move log's and a
lesson's open the rules page scrolled to that rule, by a click or by `w` (the rule just cited);
in a rules page a rule id is a link to where that rule is stated. Pilot tests at 80x24."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.style import Style
from textual.pilot import Pilot

from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import find
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.rule_links import link_rules, markdown_links, rule_ids
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.screens.rules import RulesScreen, RulesViewer
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.markdown_page import Block
from tests.ui.driver import table, type_action


def test_rule_ids_are_found_and_linked_outside_code() -> None:
    assert rule_ids("Refused: it is the King's move (GC-14); see GC-14 and DD-18.") == [
        "GC-14",
        "DD-18",
    ]
    assert rule_ids("L2 d20-1 X-1 2d6 ABC-12") == []
    page = markdown_links("## A turn (DD-4..DD-9)\n- **DD-6** Castling (DD-4..DD-9); type `SC-5`.")
    assert page == (
        "## A turn (DD-4..DD-9)\n- **[DD-6](rule:DD-6)** Castling ([DD-4](rule:DD-4)"
        "..[DD-9](rule:DD-9)); type `SC-5`."
    )
    text = link_rules("Refused: not now (AR-5)")
    (span,) = [s for s in text.spans if isinstance(s.style, Style) and "@click" in s.style.meta]
    assert text.plain[span.start : span.end] == "AR-5"


def click_spot(pilot: Pilot, wanted: Callable[[str], bool]) -> tuple[int, int]:
    """Where on the screen a click runs an action ``wanted`` accepts."""
    screen = pilot.app.screen
    width, height = pilot.app.size
    for y in range(height):
        for x in range(width):
            action = screen.get_style_at(x, y).meta.get("@click")
            if isinstance(action, str) and wanted(action):
                return x, y
    raise AssertionError("no such link on the screen")


def cited_block(pilot: Pilot) -> Block:
    screen = pilot.app.screen
    assert isinstance(screen, RulesScreen)
    (block,) = screen.query(".-cited")
    assert isinstance(block, Block)
    return block


def in_view(pilot: Pilot, block: Block) -> bool:
    viewer = pilot.app.screen.query_one(RulesViewer)
    return viewer.region.y <= block.region.y < viewer.region.bottom


async def test_gc_14_refusal_rule_opens_by_key_and_by_click(tmp_path: Path) -> None:
    """GC-14: a Warrior moved on the King's move is refused citing GC-14; `w` opens the rules
    at GC-14, and so does a click on it."""
    game = build_game("gladiator", None, 3, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        await type_action(pilot, "a1a3")
        assert "GC-14" in screen.message
        await pilot.press("escape", "escape")  # out of the move box
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.rule == "GC-14"
        await pilot.pause()
        block = cited_block(pilot)
        assert "GC-14" in (block.source or "") and in_view(pilot, block)
        assert app.screen.query_one(RulesViewer).scroll_offset.y > 0
        await pilot.press("escape")
        assert app.screen is screen
        x, y = click_spot(pilot, lambda action: "open_rule('GC-14')" in action)
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.rule == "GC-14"


async def test_rules_page_rule_links_go_to_their_rule(tmp_path: Path) -> None:
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RulesScreen("dnd", rule="DD-31"))
        await pilot.pause()
        await pilot.pause()
        assert "DD-31" in (cited_block(pilot).source or "")
        # A cited rule in the text on screen is a link: following it goes to that rule.
        x, y = click_spot(pilot, lambda a: "rule:DD-" in a and "rule:DD-31'" not in a)
        target = app.screen.get_style_at(x, y).meta["@click"].split("rule:")[1].rstrip("')")
        await pilot.click(offset=(x, y))
        await pilot.pause()
        block = cited_block(pilot)
        assert f"**[{target}]" in (block.source or "") and in_view(pilot, block)
        # By keyboard: `/`, the rule's id, Enter.
        await pilot.press("slash", *"dd-4", "enter")
        await pilot.pause()
        block = cited_block(pilot)
        assert "**[DD-4]" in (block.source or "") and in_view(pilot, block)


async def test_dd_6_move_log_rule_ids_are_links(tmp_path: Path) -> None:
    """DD-6: castling's note in the move log cites DD-6, as a link; `w` opens it."""
    game = build_game("dnd", None, 3, None)
    for move in ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"):
        game.play(game.parse(move))
        while game.legal_actions() and game.legal_actions()[0].kind == "none":
            game.play(game.legal_actions()[0])
    game.play(game.parse("e1g1"))
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = table(pilot).move_log
        spans = [s for t in log.entry_texts() for s in t.spans if isinstance(s.style, Style)]
        linked = [s for s in spans if "DD-6" in str(s.style.meta.get("@click"))]  # type: ignore[union-attr]
        assert linked
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.rule == "DD-6"


async def test_gc_24_lesson_rule_ids_are_links(tmp_path: Path) -> None:
    ref = find("gladiator", "check-and-checkmate")
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LessonScreen(LessonRun(ref), tmp_path)
        app.push_screen(screen)
        await pilot.pause()
        first = ref.lesson.rules[0]
        x, y = click_spot(pilot, lambda action: f"open_rule('{first}')" in action)
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.rule == first


async def test_classic_lesson_w_opens_its_section(tmp_path: Path) -> None:
    """Classic's lessons name sections of its rules page (FIDE chess has no rule ids)."""
    ref = find("classic", "check-and-mate")
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LessonScreen(LessonRun(ref), tmp_path))
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        await pilot.pause()
        block = cited_block(pilot)
        assert ref.lesson.rules[0] in (block.source or "") and in_view(pilot, block)
