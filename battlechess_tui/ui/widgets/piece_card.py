"""The piece card: the engine's lines about a piece, and the odds of the attack in view."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class PieceCard(Widget):
    DEFAULT_CSS = """
    PieceCard { height: auto; min-height: 1; }
    PieceCard .piece-card--odds { color: $warning; text-style: bold; }
    """
    COMPONENT_CLASSES = {"piece-card--odds"}

    lines: reactive[tuple[str, ...]] = reactive(tuple, layout=True)
    odds: reactive[str] = reactive("", layout=True)

    def render(self) -> Text:
        if not self.lines and not self.odds:
            return Text("Move the cursor onto a piece.", style="dim")
        text = Text("\n".join(self.lines))
        if self.odds:
            if self.lines:
                text.append("\n")
            text.append(self.odds, self.get_component_rich_style("piece-card--odds"))
        return text
