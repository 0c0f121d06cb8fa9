"""The move log: each decision in the game's notation, with the rolls and results it caused."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static


@dataclass(frozen=True)
class LogEntry:
    ply: int  # 1-based
    who: str
    notation: str
    details: tuple[str, ...] = ()


class MoveLog(VerticalScroll, can_focus=False):
    DEFAULT_CSS = """
    MoveLog { height: 1fr; min-height: 3; }
    MoveLog > Static { width: 1fr; }
    MoveLog > .move-log--current { background: $accent-muted; }
    """
    COMPONENT_CLASSES = {"move-log--current"}

    entries: reactive[tuple[LogEntry, ...]] = reactive(tuple)
    #: The ply shown on the board (replays): highlighted; None highlights nothing.
    current: reactive[int | None] = reactive(None)

    def compose(self) -> ComposeResult:
        yield Static(id="move-log-text")

    def watch_entries(self) -> None:
        self._update()

    def watch_current(self) -> None:
        self._update()

    def _update(self) -> None:
        if not self.is_mounted:
            return
        text, current_line = self.render_text()
        self.query_one("#move-log-text", Static).update(text)
        if current_line is None:
            self.call_after_refresh(self.scroll_end, animate=False)
        else:
            self.call_after_refresh(self.scroll_to, y=max(0, current_line - 2), animate=False)

    def on_mount(self) -> None:
        self._update()

    def render_text(self) -> tuple[Text, int | None]:
        if not self.entries:
            return Text("No moves yet.", style="dim"), None
        text = Text()
        line = 0
        current_line = None
        highlight = self.get_component_rich_style("move-log--current")
        for i, entry in enumerate(self.entries):
            if i:
                text.append("\n")
                line += 1
            is_current = entry.ply == self.current
            if is_current:
                current_line = line
            style = highlight if is_current else ""
            text.append(f"{entry.ply:>3}. ", "dim")
            text.append(f"{entry.who}: ", style or "bold")
            text.append(entry.notation, style)
            for detail in entry.details:
                text.append("\n      " + detail, "dim")
                line += 1
        return text, current_line
