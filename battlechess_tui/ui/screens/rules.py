"""The rules of each game, rendered from its Markdown, with a contents list; rulings marked;
the board's legend (how the game's pieces, hit points and highlights are drawn) at the end.

Opened from a game, it shows that game's rules, also for a house-rule file; from the menu, any
shipped game's."""

from __future__ import annotations

import re
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Select

from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.spec import VariantSpec
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.game_help import legend_markdown
from battlechess_tui.ui.widgets.footer import Footer

RULES_COMMANDS = (
    Command("contents", "t", "Contents", "toggle_contents", "Show or hide the contents list"),
    Command("game", "g", "Game", "choose_game", "Read another game's rules"),
    Command("help", "question_mark", "Help", "help", "About this screen"),
    Command("back", "escape,q", "Back", "back", "Back"),
)

RULES_HELP = """\
The rules of the chosen game as the app plays them. Rules are numbered (`SC-5`); rulings,
our decisions where the inventor's text is silent, are marked **(Ruling)**. The board's legend
comes last. Scroll with the arrows or Page Up/Down, jump with the contents list (`t` shows or
hides it), and `g` picks another game.
"""

CONTENTS_WIDTH = 100  # narrower screens hide the contents list until `t` shows it

_RULING = re.compile(r"[*_]{0,2}\((Ruling)\)[*_]{0,2}")


def marked_rules(markdown: str) -> str:
    """The rules text with every "(Ruling)" made to stand out."""
    return _RULING.sub(r"**⚖ (\1)**", markdown)


def rules_page(presenter: Presenter[Any], state: Any) -> str:
    """A game's rules page: its rules text, rulings marked, then its board's legend."""
    return marked_rules(presenter.rules_markdown()) + "\n\n" + legend_markdown(presenter, state)


class RulesScreen(Screen[None]):
    PLAYER_COMMANDS = RULES_COMMANDS
    BINDINGS = bindings(RULES_COMMANDS)
    HELP = RULES_HELP

    def __init__(self, variant: str | VariantSpec | None = None,
                 presenter: Presenter[Any] | None = None) -> None:  # fmt: skip
        """``variant`` is a shipped game's key or a game's spec (a house-rule file's);
        ``presenter`` the playing game's, when opened from its table."""
        super().__init__()
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
            yield Select([(s.name, k) for k, s in self._specs.items()], value=self.variant,
                         allow_blank=False, id="rules-game", compact=True)  # fmt: skip
            yield MarkdownViewer(self._text(), show_table_of_contents=False,
                                 id="rules-viewer")  # fmt: skip
        yield Footer()

    def on_mount(self) -> None:
        self._contents_chosen = False  # until `t` is pressed, the width decides
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = self.app.size.width >= CONTENTS_WIDTH
        viewer.document.focus()

    def on_resize(self, event: events.Resize) -> None:
        if not self._contents_chosen:
            self.query_one(MarkdownViewer).show_table_of_contents = (
                event.size.width >= CONTENTS_WIDTH
            )

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
            await self.query_one(MarkdownViewer).document.update(self._text())

    def action_toggle_contents(self) -> None:
        self._contents_chosen = True
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_choose_game(self) -> None:
        self.query_one("#rules-game", Select).focus()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        from battlechess_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))
