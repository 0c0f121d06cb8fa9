"""The rules of each game, rendered from its Markdown, with a contents list; rulings marked;
the board's legend (how the game's pieces, hit points and highlights are drawn) at the end.

Opened from a game, it shows that game's rules, also for a house-rule file; from the menu, any
shipped game's."""

from __future__ import annotations

import re
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Select
from textual.widgets.option_list import Option

from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.spec import VariantSpec
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.game_help import legend_markdown
from battlechess_tui.ui.navigation import OpenHelp, navigate
from battlechess_tui.ui.rule_links import RULE_HREF, defines, markdown_links
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.widgets.footer import Footer
from battlechess_tui.ui.widgets.markdown_page import MarkdownPage, Piece, pieces, screenful

RULES_COMMANDS = (
    Command("contents", "t", "Contents", "toggle_contents", "Show or hide the contents list"),
    Command("game", "g", "Game", "choose_game", "Read another game's rules"),
    Command(
        "goto", "slash", "Go to rule", "ask_rule", "Go to a rule by its id (DD-18)", show=False
    ),
    Command("help", "question_mark", "Help", "help", "About this screen"),
    Command("back", "escape,q", "Back", "back", "Back"),
)

RULES_HELP = """\
The rules of the chosen game as the app plays them. Rules are numbered (`SC-5`); rulings,
our decisions where the inventor's text is silent, are marked **(Ruling)**. The board's legend
comes last. Scroll with the arrows or Page Up/Down, jump with the contents list (`t` shows or
hides it), and `g` picks another game. A rule id is a link: click it to go to that rule, or
press `/` and type its id. At a game's table, `w` opens this page at the rule just cited (a
refusal, the move log).
"""

CONTENTS_WIDTH = 100  # narrower screens hide the contents list until `t` shows it

_RULING = re.compile(r"[*_]{0,2}\((Ruling)\)[*_]{0,2}")


def marked_rules(markdown: str) -> str:
    """The rules text with every "(Ruling)" made to stand out."""
    return _RULING.sub(r"**⚖ (\1)**", markdown)


def rules_page(presenter: Presenter[Any], state: Any) -> str:
    """A game's rules page: its rules text, rulings marked, then its board's legend; every rule
    id a link to its rule."""
    page = marked_rules(presenter.rules_markdown()) + "\n\n" + legend_markdown(presenter, state)
    return markdown_links(page)


def stating(page: list[Piece], rule: str) -> int | None:
    """The index of the block of ``page`` where ``rule`` is stated (a rule id; or a section's
    title), or None when the page does not state it."""
    found = [i for i, p in enumerate(page) if defines(p.source, rule)]
    if not found:  # a section's name (classic's lessons name sections)
        found = [i for i, p in enumerate(page) if p.level and p.title.lower() == rule.lower()]
    if not found:
        return None
    return min(found, key=lambda i: len(page[i].source))  # the rule's own paragraph


class RulesViewer(MarkdownPage):
    """A rules page: a block per rule, drawn fast (``MarkdownPage``); rule-id links go to
    their rule on the page."""

    DEFAULT_CSS = """
    RulesViewer Block.-cited { background: $accent 25%; }
    """

    async def goto_rule(self, rule: str) -> bool:
        """Scroll to where ``rule`` is stated, top of the view, and mark it; False when the
        page does not state it."""
        index = stating(self.pieces, rule)
        if index is None:
            return False
        await self.complete()
        block = self.blocks()[index]
        for old in self.query(".-cited"):
            old.remove_class("-cited")
        block.add_class("-cited")
        self.scroll_to_widget(block, top=True, animate=False, immediate=True)
        return True

    async def goto_block(self, index: int) -> None:
        await self.complete()
        self.scroll_to_widget(self.blocks()[index], top=True, animate=False, immediate=True)


class Contents(OptionList):
    """The page's sections (by the index of their heading's block); choosing one scrolls the
    page to it."""

    def show(self, page: list[Piece]) -> None:
        self.clear_options()
        self.add_options(
            [
                Option("  " * (p.level - 2) + p.title, id=str(i))
                for i, p in enumerate(page)
                if p.level >= 2
            ]
        )


class RulesScreen(Screen[None]):
    PLAYER_COMMANDS = RULES_COMMANDS
    BINDINGS = bindings(RULES_COMMANDS)
    HELP = RULES_HELP

    def __init__(
        self,
        variant: str | VariantSpec | None = None,
        presenter: Presenter[Any] | None = None,
        rule: str | None = None,
    ) -> None:
        """``variant`` is a shipped game's key or a game's spec (a house-rule file's);
        ``presenter`` the playing game's, when opened from its table; ``rule`` a rule id to
        open the page at (``DD-18``)."""
        super().__init__()
        self.rule = rule
        self._specs = dict(specs())
        if isinstance(variant, VariantSpec):
            if self._specs.get(variant.key) != variant:
                self._specs = {variant.key: variant, **self._specs}
            variant = variant.key
        self.variant = variant if variant in self._specs else next(iter(self._specs))
        self._presenters: dict[str, Presenter[Any]] = {}
        if presenter is not None:
            self._presenters[self.variant] = presenter

    def compose(self) -> ComposeResult:
        with Vertical(id="rules"):
            yield Select(
                [(s.name, k) for k, s in self._specs.items()],
                value=self.variant,
                allow_blank=False,
                id="rules-game",
                compact=True,
            )
            yield Input(
                placeholder="rule id, e.g. DD-18 (Enter goes there, Escape closes)",
                id="rule-id",
                compact=True,
            )
            with Horizontal(id="rules-body"):
                yield Contents(id="rules-contents")
                yield self._viewer()
        yield Footer()

    def _viewer(self) -> RulesViewer:
        """The page, drawn at first down to the rule it is opened at (the rest follows)."""
        page = pieces(self._text())
        at = stating(page, self.rule) if self.rule else None
        # A screenful from the rule down, so it can be scrolled to the top of the view.
        first = screenful(page, self.app.size.height, at or 0)
        return RulesViewer(page, first=first, id="rules-viewer")

    def on_mount(self) -> None:
        self._contents_chosen = False  # until `t` is pressed, the width decides
        self.show_contents(self.app.size.width >= CONTENTS_WIDTH)
        viewer = self.query_one(RulesViewer)
        self.query_one(Contents).show(viewer.pieces)
        viewer.focus()
        self.query_one("#rule-id").display = False
        if self.rule:
            self.call_after_refresh(self.open_at_rule, self.rule)

    def show_contents(self, shown: bool) -> None:
        self.query_one(Contents).display = shown

    async def action_follow(self, href: str) -> None:
        """A link clicked on the page: a rule id goes to its rule; a web address opens."""
        if href.startswith(RULE_HREF):
            await self.open_at_rule(href.removeprefix(RULE_HREF))
        elif href.startswith(("http://", "https://")):
            self.app.open_url(href)

    @on(OptionList.OptionSelected, "#rules-contents")
    async def _section_chosen(self, event: OptionList.OptionSelected) -> None:
        viewer = self.query_one(RulesViewer)
        viewer.focus()
        await viewer.goto_block(int(event.option.id or 0))

    async def open_at_rule(self, rule: str) -> None:
        """Scroll to ``rule`` once the page is laid out (or say it is not on this page)."""
        if not await self.query_one(RulesViewer).goto_rule(rule):
            self.notify(f"{rule} is not on this page.", timeout=3)

    def on_resize(self, event: events.Resize) -> None:
        if not self._contents_chosen:
            self.show_contents(event.size.width >= CONTENTS_WIDTH)

    def presenter(self, key: str) -> Presenter[Any]:
        if key not in self._presenters:
            self._presenters[key] = make_variant(self._specs[key]).presenter
        return self._presenters[key]

    def _text(self) -> str:
        presenter = self.presenter(self.variant)
        state, _ = presenter.rules.new_game(Dice.for_decision(0, -1))
        return rules_page(presenter, state)

    @on(Select.Changed, "#rules-game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.variant:
            self.variant = event.value
            viewer = self.query_one(RulesViewer)
            await viewer.update(self._text())
            self.query_one(Contents).show(viewer.pieces)

    def action_ask_rule(self) -> None:
        box = self.query_one("#rule-id", Input)
        box.display = True
        box.focus()

    @on(Input.Submitted, "#rule-id")
    def _rule_typed(self, event: Input.Submitted) -> None:
        rule = event.value.strip().upper()
        self._close_rule_box()
        if rule:
            self.rule = rule
            self.call_after_refresh(self.open_at_rule, rule)  # once the box is gone

    def _close_rule_box(self) -> None:
        box = self.query_one("#rule-id", Input)
        box.value = ""
        box.display = False
        self.query_one(RulesViewer).focus(scroll_visible=False)

    def action_back(self) -> None:
        if self.query_one("#rule-id", Input).has_focus:
            self._close_rule_box()  # Escape in the box closes it
            return
        close_screen(self)

    def action_toggle_contents(self) -> None:
        self._contents_chosen = True
        self.show_contents(not self.query_one(Contents).display)

    def action_choose_game(self) -> None:
        self.query_one("#rules-game", Select).focus()

    def action_help(self) -> None:
        navigate(self, OpenHelp(self))
