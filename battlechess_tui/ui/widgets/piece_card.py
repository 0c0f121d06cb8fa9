"""The piece card: the presenter's lines about a piece (all of them: spells, abilities, items),
and the odds of the attack in view. It scrolls: Tab to it, then the arrows, Page Up/Down,
Home and End (or j and k)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static


class PieceCard(VerticalScroll, can_focus=True):
    DEFAULT_CSS = """
    PieceCard { height: 5; scrollbar-size-vertical: 1; }
    PieceCard > Static { width: 1fr; }
    PieceCard > .piece-card--odds { color: $warning; text-style: bold; }
    PieceCard:focus { background-tint: $foreground 5%; }
    """
    COMPONENT_CLASSES = {"piece-card--odds"}
    BINDINGS = [
        Binding("j", "scroll_down", "Down", show=False),
        Binding("k", "scroll_up", "Up", show=False),
    ]

    lines: reactive[tuple[str, ...]] = reactive(tuple)
    odds: reactive[str] = reactive("")

    def compose(self) -> ComposeResult:
        yield Static(id="piece-card-text", markup=False)

    def on_mount(self) -> None:
        self._update()

    def watch_lines(self) -> None:
        self._update()

    def watch_odds(self) -> None:
        self._update()

    def _update(self) -> None:
        if self.is_mounted:
            self.query_one("#piece-card-text", Static).update(self.render_text())

    def render_text(self) -> Text:
        if not self.lines and not self.odds:
            return Text("Move the cursor onto a piece.", style="dim")
        text = Text()
        if self.odds:  # first, so a short card still shows it
            text.append(self.odds + "\n", self.get_component_rich_style("piece-card--odds"))
        text.append("\n".join(self.lines))
        return text
