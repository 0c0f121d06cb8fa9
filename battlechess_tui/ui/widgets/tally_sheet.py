"""The tally sheet: the engine's per-side sections (hit points, losses, frozen pieces...)."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget

from battlechess_tui.engine.views import TallyItem, TallySection

BAR_WIDTH = 8


def hp_bar(hp: int, max_hp: int, ascii_only: bool = False) -> str:
    """``██████░░ 6/8``: a bar and the number, so it reads without colour."""
    full = 0 if max_hp <= 0 else round(BAR_WIDTH * max(0, hp) / max_hp)
    on, off = ("#", "-") if ascii_only else ("█", "░")
    return f"{on * full}{off * (BAR_WIDTH - full)} {hp}/{max_hp}"


def listed(items: tuple[TallyItem, ...]) -> str:
    """Items that are names alone, on a line, each once with its count: ``Pawn ×3, Bishop``
    (``none`` for no item)."""
    counts = Counter(item.label for item in items)
    return ", ".join(f"{label} ×{n}" if n > 1 else label for label, n in counts.items()) or "none"


class TallySheet(VerticalScroll, can_focus=False):
    """Scrolls by itself: a team game's sheet is longer than the panel."""

    DEFAULT_CSS = """
    TallySheet { height: auto; min-height: 2; }
    TallySheet > TallyText { height: auto; }
    """

    sections: reactive[tuple[TallySection, ...]] = reactive(tuple)
    ascii_only: reactive[bool] = reactive(False)

    def compose(self) -> ComposeResult:
        yield TallyText().data_bind(TallySheet.sections, TallySheet.ascii_only)


class TallyText(Widget):
    DEFAULT_CSS = """
    TallyText > .tally--title { text-style: bold underline; }
    TallyText > .tally--hp { color: $text-success; }
    TallyText > .tally--low { color: $text-error; }
    TallyText > .tally--note { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"tally--title", "tally--hp", "tally--low", "tally--note"}

    sections: reactive[tuple[TallySection, ...]] = reactive(tuple, layout=True)
    ascii_only: reactive[bool] = reactive(False)

    def render(self) -> Text:
        if not self.sections:
            return Text("Nothing to tally in this game.", style="dim")
        text = Text()
        for i, section in enumerate(self.sections):
            if i:
                text.append("\n")
            text.append(section.title, self.get_component_rich_style("tally--title"))
            if all(item.hp is None and not item.note for item in section.items):
                text.append(": " + listed(section.items))  # a line: it fits a short panel
                continue
            for item in section.items:
                text.append("\n")
                self._item(text, item)
        return text

    def _item(self, text: Text, item: TallyItem) -> None:
        text.append(f" {item.label}")
        if item.hp is not None and item.max_hp:
            low = item.hp * 3 <= item.max_hp
            style = self.get_component_rich_style("tally--low" if low else "tally--hp")
            text.append(" " + hp_bar(item.hp, item.max_hp, self.ascii_only), style)
        elif item.hp is not None:
            text.append(f" {item.hp} hp")
        if item.note:
            text.append(f" — {item.note}", self.get_component_rich_style("tally--note"))
