"""The rules page opens fast (issue 25, item 22): a widget per block (a rule, a table, a
heading), drawn by Rich, the first screenful before the first frame and the rest after; links,
contents and "go to rule" work on it."""

from __future__ import annotations

from rich.style import Style

from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.rules import RulesScreen, RulesViewer
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.markdown_page import Block, LinkedMarkdown, pieces, screenful
from tests.ui.screen_text import seen

PAGE = """\
# Title

Intro with a [DD-6](rule:DD-6) link.

## Rules
- **DD-1** First rule.
- **DD-2** Second rule,
  on two lines.

| a | b |
| - | - |
| 1 | 2 |
"""


def test_a_page_is_cut_into_headings_paragraphs_rules_and_tables():
    page = pieces(PAGE)
    assert [p.source.splitlines()[0] for p in page] == [
        "# Title",
        "Intro with a [DD-6](rule:DD-6) link.",
        "## Rules",
        "- **DD-1** First rule.",
        "- **DD-2** Second rule,",
        "| a | b |",
    ]
    assert [(p.level, p.title) for p in page if p.level] == [(1, "Title"), (2, "Rules")]
    assert [p.more_items for p in page] == [False, False, False, True, False, False]
    assert screenful(page, 3) == 2 and screenful(page, 3, start=4) == 5


def test_a_link_runs_follow_on_the_screen():
    from rich.console import Console

    lines = Console(width=60).render_lines(LinkedMarkdown("See [DD-6](rule:DD-6)."))
    actions = [
        s.style.meta.get("@click")
        for line in lines
        for s in line
        if isinstance(s.style, Style) and s.style.meta
    ]
    assert "screen.follow('rule:DD-6')" in actions


async def test_dd_rules_page_draws_a_screenful_first_then_every_block(tmp_path):
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(RulesScreen("dnd"))
        await pilot.pause()
        viewer = app.screen.query_one(RulesViewer)
        first = viewer.first
        assert 5 < first < len(viewer.pieces) / 3  # a screenful, not the page
        await viewer.complete()
        await pilot.pause()
        blocks = viewer.query_children(Block)
        assert len(blocks) == len(viewer.pieces) > 100
        assert len(app.screen.query("*")) < 200  # Textual's Markdown made about 750
        assert "Pieces and their stats" in seen(app, viewer)
        await pilot.press("slash", *"dd-40", "enter")
        await pilot.pause()
        (cited,) = app.screen.query(".-cited").results(Block)
        assert "**[DD-40]" in cited.source and "DD-40" in seen(app, viewer)
