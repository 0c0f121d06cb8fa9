"""The piece card: the engine's lines about a piece, and the odds of the attack in view."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class PieceCard(Widget):
    DEFAULT_CSS = """
    PieceCard { height: 5; }
    PieceCard > .piece-card--odds { color: $warning; text-style: bold; }
    """
    COMPONENT_CLASSES = {"piece-card--odds"}

    lines: reactive[tuple[str, ...]] = reactive(tuple)
    odds: reactive[str] = reactive("")

    def render(self) -> Text:
        if not self.lines and not self.odds:
            return Text("Move the cursor onto a piece.", style="dim")
        text = Text()
        if self.odds:  # first, so a short card still shows it
            text.append(self.odds + "\n", self.get_component_rich_style("piece-card--odds"))
        text.append("\n".join(self.lines))
        return text
