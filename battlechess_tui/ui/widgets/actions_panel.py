"""The actions panel: every non-move choice open now (spells, abilities, overrides, swaps,
resign...), in groups, a line each with its key numbers (``Fireball  5d6, Reflex DC 15 half ·
2 in reach``), and filtered by typing. What the highlighted choice does in full, and its odds,
are the screen's to show (``ItemHighlighted``): the list stays short enough to see at once.

An item with ``targets`` stands for several actions that differ only in their squares
(``cast bless`` on c3 or d4): choosing it asks the screen to have the squares chosen on the board.
With the panel focused, letters typed narrow the list to the choices that contain them
(Backspace takes one back, Escape clears the filter); Enter takes the highlighted choice.
A choice the screen offers (``offer``: "none" after a piece's move) takes Enter and the arrows
only: the letters typed then are a decision typed, and pass on to the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events, on
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

GROUP_PREFIX = "group:"


@dataclass(frozen=True)
class ActionItem:
    text: str  # the canonical action text, as a player would type it
    label: str  # how the game's notation describes it
    targets: tuple[int, ...] = ()  # squares to choose on the board next, if any
    group: str = "Choices"  # the panel's heading it is listed under
    detail: str = ""  # what it does and its odds, as the game words them
    hint: str = ""  # how it is completed ("choose on the board: d5, f5")
    brief: str = ""  # its name and key numbers ("Fireball  5d6, Reflex DC 15 half")

    def matches(self, words: str) -> bool:
        """Does every word typed appear in the choice (its text, label, detail or group)?"""
        haystack = f"{self.text} {self.label} {self.brief} {self.detail} {self.group}".lower()
        return all(word in haystack for word in words.lower().split())

    @property
    def full(self) -> str:
        """Everything about the choice, for when it is highlighted: what to type, how it is
        completed, what it does and its odds."""
        typed = f"Type: {self.text}" + (f" (then {self.hint})" if self.hint else "")
        return "\n".join(part for part in (self.detail, typed) if part)


def prompt(item: ActionItem) -> Text:
    """An item as the list shows it, on a line: its key numbers and how many squares it can
    be aimed at, else its label (and the typed text where the label does not say it)."""
    if item.brief:
        name, _, numbers = item.brief.partition("  ")
        text = Text(name)
        if numbers:
            text.append(f"  {numbers}", "dim")
    else:
        text = Text(item.label)
        if not item.targets and not set(item.text.split()) <= set(item.label.split()):
            text.append(f"  ({item.text})", "dim")  # what to type, where the label does not say
    if item.targets:
        text.append(f" · {len(item.targets)} in reach", "dim")
    return text


class ActionsPanel(OptionList):
    DEFAULT_CSS = """
    ActionsPanel { height: auto; }
    ActionsPanel > .option-list--option-disabled { color: $text-accent; text-style: bold; }
    """

    items: reactive[tuple[ActionItem, ...]] = reactive(tuple)
    filter: reactive[str] = reactive("")
    #: The focus came with a choice offered (``offer``), not by the player's Tab: letters
    #: are not a filter. Until the panel loses the focus.
    offered = False

    @dataclass
    class ActionChosen(Message):
        text: str

    @dataclass
    class ItemHighlighted(Message):
        """The choice under the highlight changed (None: nothing highlighted)."""

        item: ActionItem | None

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, markup=False)

    def watch_items(self, old: tuple[ActionItem, ...], new: tuple[ActionItem, ...]) -> None:
        if old != new:
            self.filter = ""
        self._rebuild()

    def watch_filter(self) -> None:
        self.border_subtitle = f"filter: {self.filter} (esc clears)" if self.filter else ""
        self._rebuild()

    def shown(self) -> list[int]:
        """The indices of the items the filter lets through."""
        return [i for i, item in enumerate(self.items) if item.matches(self.filter)]

    def _rebuild(self) -> None:
        """The options: the items shown, under their group's heading when there are several
        groups; the highlight stays on the same choice when it is still listed."""
        before = self.highlighted_item()
        shown = self.shown()
        groups = list(dict.fromkeys(self.items[i].group for i in shown))
        options: list[Option] = []
        for group in groups:
            if len(groups) > 1:
                options.append(Option(Text(group), id=GROUP_PREFIX + group, disabled=True))
            options += [
                Option(prompt(self.items[i]), id=str(i))
                for i in shown
                if self.items[i].group == group
            ]
        self.clear_options()
        self.add_options(options)
        if not self.has_focus and not self.filter:
            return
        keep = [o.id for o in options].index(before) if before in [o.id for o in options] else None
        self.highlighted = keep if keep is not None else self._first_choice()

    def _first_choice(self) -> int | None:
        return next((i for i, o in enumerate(self.options) if not o.disabled), None)

    def highlighted_item(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None and not option.disabled else None

    def item_at(self, option_index: int | None) -> ActionItem | None:
        if option_index is None or option_index >= self.option_count:
            return None
        option_id = self.get_option_at_index(option_index).id or ""
        return self.items[int(option_id)] if option_id.isdigit() else None

    def highlight_item(self, index: int) -> None:
        """Highlight the item ``index`` of ``items`` (clearing a filter that hides it)."""
        if index not in self.shown():
            self.filter = ""
        self.highlighted = [o.id for o in self.options].index(str(index))

    def offer(self, index: int) -> None:
        """Take the focus with the item ``index`` highlighted, for Enter to take it."""
        self.filter = ""
        self.screen.set_focus(self)
        self.highlight_item(index)
        self.offered = True

    def on_focus(self) -> None:
        """Tabbing in shows the first choice highlighted (Enter takes it, Down the next)."""
        if self.highlighted is None:
            self.highlighted = self._first_choice()

    def on_blur(self) -> None:
        if not self.has_focus:  # (a blur that comes after the focus was offered again)
            self.offered = False
        self.post_message(self.ItemHighlighted(None))

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if self.has_focus:
            self.post_message(self.ItemHighlighted(self.item_at(highlighted)))

    async def _on_key(self, event: events.Key) -> None:
        """Letters typed filter the list (not when a choice is offered); Backspace and
        Escape take the filter back."""
        if self.offered:
            await super()._on_key(event)
            return
        if event.is_printable and event.character and event.character.strip():
            self.filter += event.character
        elif event.key == "space" and self.filter:
            self.filter += " "
        elif event.key == "backspace" and self.filter:
            self.filter = self.filter[:-1]
        elif event.key == "escape" and self.filter:
            self.filter = ""
        else:
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        item = self.item_at(event.option_index)
        if item is not None:
            self.post_message(self.ActionChosen(item.text))
