"""The move log: each decision in the game's notation, numbered the way the game counts turns,
with the rolls and results it caused. It stays scrolled to the latest entry as the panels
around it resize; in a replay it keeps the current ply in view (counting the lines long entries
wrap to). The rule ids it cites are links to the rules page."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from battlechess_tui.ui.rule_links import link_rules


@dataclass(frozen=True)
class LogEntry:
    ply: int  # 1-based
    who: str
    notation: str
    details: tuple[str, ...] = ()
    turn: str = ""  # the game's turn number where a side's turn begins ("12." / "12…")


class MoveLog(VerticalScroll, can_focus=False):
    DEFAULT_CSS = """
    MoveLog { height: 1fr; min-height: 3; }
    MoveLog > Static { width: 1fr; min-height: 100%; }  /* short logs start at the top */
    MoveLog > .move-log--current { background: $accent-muted; }
    """
    COMPONENT_CLASSES = {"move-log--current"}

    entries: reactive[tuple[LogEntry, ...]] = reactive(tuple)
    #: The ply shown on the board (replays): highlighted; None highlights nothing.
    current: reactive[int | None] = reactive(None)

    def compose(self) -> ComposeResult:
        yield Static(id="move-log-text", markup=False)

    def watch_entries(self) -> None:
        self._update()

    def watch_current(self) -> None:
        self._update()

    def on_resize(self) -> None:
        self._update()

    def _update(self) -> None:
        if not self.is_mounted:
            return
        texts = self.entry_texts()
        self.query_one("#move-log-text", Static).update(Text("\n").join(texts))
        index = next((i for i, e in enumerate(self.entries) if e.ply == self.current), None)
        if index is None:
            index = len(texts) - 1
            latest = self.lines_before(texts, len(texts)) - self.lines_before(texts, index)
            if latest <= self.scrollable_content_region.height:
                self.anchor()  # kept at the end through every later layout
                return
            # The latest entry is taller than the log: its first line (the move) in view.
            self.anchor(False)
            top = self.lines_before(texts, index)
            self.call_after_refresh(self.scroll_to, y=top, animate=False)
            return
        self.anchor(False)
        top = self.lines_before(texts, index)
        self.call_after_refresh(self.scroll_to, y=max(0, top - 1), animate=False)

    def on_mount(self) -> None:
        self._update()

    def lines_before(self, texts: list[Text], index: int) -> int:
        """Screen lines the entries before ``index`` take once wrapped to the log's width."""
        width = max(1, self.scrollable_content_region.width)
        console = self.app.console
        return sum(len(t.wrap(console, width)) for t in texts[:index])

    def entry_texts(self) -> list[Text]:
        """One Text per entry (its details on lines of their own), the current one marked."""
        if not self.entries:
            return [Text("No moves yet.", style="dim")]
        highlight = self.get_component_rich_style("move-log--current")
        width = max((len(e.turn) for e in self.entries), default=0)
        out = []
        for entry in self.entries:
            style = highlight if entry.ply == self.current else ""
            text = Text()
            text.append(f"{entry.turn:>{width}} ", "dim")
            text.append(f"{entry.who}: ", style or "bold")
            text.append(entry.notation, style)
            for detail in entry.details:
                text.append("\n" + " " * (width + 3) + detail, "dim")
            out.append(link_rules(text))
        return out
