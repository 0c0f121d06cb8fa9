"""The turn banner: who decides now (player and commander) and what kind of decision."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class Banner:
    player: str = ""
    seat: str = ""
    status: str = ""
    move: int = 0
    side: int = 0
    over: bool = False


class TurnBanner(Widget):
    DEFAULT_CSS = """
    TurnBanner { height: 1; width: 1fr; background: $primary-muted; color: $text; }
    TurnBanner.-side-1 { background: $secondary-muted; }
    TurnBanner.-over { background: $warning-muted; }
    """

    banner: reactive[Banner] = reactive(Banner)

    def watch_banner(self, banner: Banner) -> None:
        self.set_class(banner.side == 1 and not banner.over, "-side-1")
        self.set_class(banner.over, "-over")

    def render(self) -> Text:
        b = self.banner
        text = Text(no_wrap=True, overflow="ellipsis")
        if b.over:
            text.append(" ■ Game over: ", "bold")
            text.append(b.status)
            return text
        text.append(" ▶ ", "bold")
        if b.player != b.seat or not b.status.startswith(b.seat):
            text.append(b.player, "bold")
            if b.seat and b.seat != b.player:
                text.append(f" ({b.seat})")
            text.append(" · ")
        text.append(b.status)
        return text
