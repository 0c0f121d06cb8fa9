"""The actions panel: every non-move choice open now (resign, swaps, spells, overrides...).

An item with ``targets`` stands for several actions that differ only in their squares
(``cast bless`` on c3 or d4): choosing it asks the screen to have the squares chosen on the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option


@dataclass(frozen=True)
class ActionItem:
    text: str  # the canonical action text, as a player would type it
    label: str  # how the game's notation describes it
    targets: tuple[int, ...] = ()  # squares to choose on the board next, if any


class ActionsPanel(OptionList):
    DEFAULT_CSS = """
    ActionsPanel { height: auto; max-height: 8; }
    """

    items: reactive[tuple[ActionItem, ...]] = reactive(tuple)

    @dataclass
    class ActionChosen(Message):
        text: str

    def watch_items(self, items: tuple[ActionItem, ...]) -> None:
        self.clear_options()
        self.add_options(
            Option(item.label if item.label == item.text or item.targets
                   else f"{item.label}  ({item.text})", id=str(i))
            for i, item in enumerate(items)
        )  # fmt: skip

    def on_focus(self) -> None:
        """Tabbing in shows the first choice highlighted (Enter takes it, Down the next)."""
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option_id or 0)
        if index < len(self.items):
            self.post_message(self.ActionChosen(self.items[index].text))
