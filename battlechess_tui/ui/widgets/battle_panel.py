"""The battle panel: the two fighters of a battle and every roll of it, modifiers spelled out.

Shown while a battle is under way (hit point bars, the armour class an attack on each uses,
their conditions) and, once it is over, as the summary of the last battle. The newest rolls
are kept when the panel is too short for all of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.views import BattleView, Combatant

BAR_WIDTH = 8
#: Notes that say how a battle ended: the summary's first line.
ENDINGS = ("kill", "withdraw", "fascinate")


@dataclass(frozen=True)
class BattleLine:
    """A roll of the battle (``side`` of the thrower) or a narrated result (``side`` None)."""

    side: int | None
    event: Roll | Note


@dataclass(frozen=True)
class BattleInfo:
    view: BattleView
    over: bool  # a summary of the last battle, not one under way
    lines: tuple[BattleLine, ...]
    where: str = ""  # the battle square's name, "d5"


def roll_text(roll: Roll) -> str:
    """``1d20 [14] +4 melee +1 inspire = 19 vs AC 16: hit``: as every roll is written."""
    return roll.describe()


def hp_bar(hp: int, max_hp: int, ascii_only: bool) -> str:
    full, empty = ("#", "-") if ascii_only else ("█", "░")
    filled = 0 if max_hp <= 0 else max(0, min(BAR_WIDTH, round(BAR_WIDTH * hp / max_hp)))
    if hp > 0 and filled == 0:
        filled = 1  # a living fighter never shows an empty bar
    return full * filled + empty * (BAR_WIDTH - filled)


class BattlePanel(Widget):
    DEFAULT_CSS = """
    BattlePanel { height: 10; }
    BattlePanel.-over { height: 7; }
    .-short BattlePanel { height: 7; }
    .-short BattlePanel.-over { height: 5; }
    BattlePanel > .battle-panel--white { color: $text-primary; text-style: bold; }
    BattlePanel > .battle-panel--black { color: $text-secondary; text-style: bold; }
    BattlePanel > .battle-panel--result { color: $text; text-style: bold; }
    BattlePanel > .battle-panel--muted { color: $text-muted; }
    """
    SCOPED_CSS = False  # the short-screen rules name the screen's class
    COMPONENT_CLASSES = {
        "battle-panel--white", "battle-panel--black",
        "battle-panel--result", "battle-panel--muted",
    }  # fmt: skip

    info: reactive[BattleInfo | None] = reactive(None, layout=True)
    ascii_only: reactive[bool] = reactive(False)

    def on_mount(self) -> None:
        self.watch_info(self.info)

    def watch_info(self, info: BattleInfo | None) -> None:
        self.display = info is not None
        self.set_class(info is not None and info.over, "-over")
        if info is None:
            return
        where = f" on {info.where}" if info.where else ""
        if info.over:
            self.border_title = f"Last battle{where}"
        else:  # who acts now goes in the title: the lines below are the fighters' and rolls'
            self.border_title = f"Battle{where}" + (
                f" · {info.view.status}" if info.view.status else ""
            )

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text()
        width = max(10, self.content_size.width)
        head = self._head(info)
        events = [self._line(info, line) for line in info.lines]
        room = max(0, self.content_size.height - sum(_rows(t, width) for t in head))
        shown = _newest(events, room, width)
        fewer = _newest(events, room - 1, width)
        if len(shown) < len(events) and fewer:  # say how many are left out, if there is room
            gone = len(events) - len(fewer)
            shown = [
                Text(f"… {gone} earlier line{'s' * (gone != 1)}", self._style("muted")),
                *fewer,
            ]
        return Text("\n").join(head + shown)

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"battle-panel--{name}")

    def _head(self, info: BattleInfo) -> list[Text]:
        """How the battle ended (once it has) and the two fighters."""
        view = info.view
        out = []
        if info.over:
            ends = [
                line.event.text
                for line in info.lines
                if isinstance(line.event, Note) and line.event.tag in ENDINGS
            ]
            out.append(Text("; ".join(ends) or "The battle is over", self._style("result")))
        return out + [self._fighter("A", view.attacker), self._fighter("D", view.defender)]

    def _fighter(self, role: str, c: Combatant) -> Text:
        style = self._style("white" if c.side == 0 else "black")
        text = Text(f"{role} ", self._style("muted"))
        text.append(c.name, style)
        text.append(f" {hp_bar(c.hp, c.max_hp, self.ascii_only)} {c.hp}/{c.max_hp}")
        details = [d for d in (c.defence, *c.conditions) if d]
        if details:
            text.append(" · " + " · ".join(details), self._style("muted"))
        return text

    def _line(self, info: BattleInfo, line: BattleLine) -> Text:
        event = line.event
        if isinstance(event, Note):
            style = "result" if event.tag in (*ENDINGS, "capture") else "muted"
            return Text(event.text, self._style(style))
        role = "A" if info.view.attacker.side == line.side else "D"
        purpose = event.label or event.purpose
        text = Text(f"{role} {purpose} ", self._style("white" if line.side == 0 else "black"))
        text.append(roll_text(event))
        return text


def _newest(lines: list[Text], room: int, width: int) -> list[Text]:
    """The newest ``lines`` that fit in ``room`` rows, oldest first."""
    out: list[Text] = []
    for line in reversed(lines):
        room -= _rows(line, width)
        if room < 0:
            break
        out.insert(0, line)
    return out


def _rows(text: Text, width: int) -> int:
    """Screen rows ``text`` takes when wrapped at ``width`` (an estimate by cell length)."""
    return max(1, -(-cell_len(text.plain) // width))
