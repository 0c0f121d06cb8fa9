"""The dice tray: the rolls of the last decisions, round by round, newest last.

Each decision that threw dice gets a heading (``12. Alice (White): Nxe5``); under it every roll
says who threw and why, shows its faces as dice (⚀..⚅ for a d6, a numbered tile for any other
die), spells out the modifiers and the total (``Roll.describe``) and gives the result; the
narration that followed (damage, kills) comes between the rolls, so a long fight reads round by
round. The tray scrolls; it keeps the newest roll in view.

The rolls just thrown are revealed one after another with a short tumble; the tumble is
skipped with a key (``skip``) and never runs when animations are off. When it ends (or is
skipped) the tray posts ``Settled``: the table waits for it before anything covers the roll (a
hand-over notice, the computer's next decision). The tumbling faces come from a private random
source: the game's dice are never touched here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static

from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.engine.events import Note, Roll

D6_FACES = "⚀⚁⚂⚃⚄⚅"
TUMBLE_FRAMES = 5
FRAME_SECONDS = 0.06


@dataclass(frozen=True)
class TrayEntry:
    """A roll (or a narrated result), the player who threw it, and the decision it belongs to
    (``ply`` 0 is the setup; ``heading`` names the decision)."""

    who: str
    event: Roll | Note
    ply: int = 0
    heading: str = ""


def sides_of(roll: Roll) -> list[int]:
    """The number of sides of each face of ``roll``, in order (0 if unknown)."""
    try:
        sides = [s for n, s in DiceExpr.parse(roll.dice).terms for _ in range(n)]
    except ValueError:
        sides = []
    return sides if len(sides) == len(roll.faces) else [0] * len(roll.faces)


def face_text(face: int, sides: int, ascii_only: bool = False) -> tuple[str, str]:
    """A face and how to draw it: a d6 as its die glyph (``face``), any other die as its
    number on a tile (``tile``), or in ASCII as ``[4]``."""
    if ascii_only:
        return f"[{face}]", "face"
    if sides == 6 and 1 <= face <= 6:
        return D6_FACES[face - 1], "face"
    return f" {face} ", "tile"


def newest_group(entries: tuple[TrayEntry, ...]) -> int:
    """The index of the first entry of the newest decision (where the animation starts)."""
    if not entries:
        return 0
    newest = entries[-1].ply
    return next(i for i, e in enumerate(entries) if e.ply == newest)


class DiceTray(VerticalScroll, can_focus=False):
    DEFAULT_CSS = """
    DiceTray { height: auto; min-height: 1; scrollbar-size-vertical: 1; }
    DiceTray > Static { width: 1fr; }
    DiceTray > .dice-tray--face { color: $warning; text-style: bold; }
    DiceTray > .dice-tray--tile { color: $background; background: $warning; text-style: bold; }
    DiceTray > .dice-tray--who { color: $text-accent; }
    DiceTray > .dice-tray--heading { color: $text-muted; text-style: bold; }
    DiceTray > .dice-tray--result { color: $text; text-style: bold; }
    """
    COMPONENT_CLASSES = {
        "dice-tray--face", "dice-tray--tile", "dice-tray--who", "dice-tray--heading",
        "dice-tray--result",
    }  # fmt: skip

    class Settled(Message):
        """The rolls just thrown are all shown: the animation ended or was skipped."""

    entries: reactive[tuple[TrayEntry, ...]] = reactive(tuple)
    ascii_only: reactive[bool] = reactive(False)
    #: Set by the table from the settings and TEXTUAL_ANIMATIONS (and only for fresh rolls).
    animate_rolls: bool = True

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown = 0  # entries fully revealed
        self._frame = 0
        self._timer: Timer | None = None
        self._tumble = random.Random(0)

    def compose(self) -> ComposeResult:
        yield Static(id="dice-tray-text")

    def on_mount(self) -> None:
        self._update()

    @property
    def animating(self) -> bool:
        return self._timer is not None

    def watch_entries(self, entries: tuple[TrayEntry, ...]) -> None:
        self._stop()
        self._shown = len(entries)
        start = newest_group(entries)
        if self.animate_rolls and any(isinstance(e.event, Roll) for e in entries[start:]):
            self._shown, self._frame = self._next_roll(start), 0
            self._timer = self.set_interval(FRAME_SECONDS, self._tick)
        self._update()

    def watch_ascii_only(self) -> None:
        self._update()

    def _next_roll(self, index: int) -> int:
        """The index of the first roll at or after ``index`` (narration is shown at once)."""
        while index < len(self.entries) and not isinstance(self.entries[index].event, Roll):
            index += 1
        return index

    def _tick(self) -> None:
        self._frame += 1
        if self._frame >= TUMBLE_FRAMES:
            self._frame = 0
            self._shown = self._next_roll(self._shown + 1)
        if self._shown >= len(self.entries):
            self._stop()
        self._update()

    def skip(self) -> bool:
        """Show every roll at once; True if an animation was running."""
        if self._timer is None:
            return False
        self._stop()
        self._shown = len(self.entries)
        self._update()
        return True

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.post_message(self.Settled())

    def _update(self) -> None:
        if not self.is_mounted:
            return
        self.query_one("#dice-tray-text", Static).update(self.render_text())
        self.call_after_refresh(self.scroll_end, animate=False)

    # -- drawing -----------------------------------------------------------------------------

    def render_text(self) -> Text:
        if not self.entries:
            return Text("No dice thrown yet.", style="dim")
        text = Text()
        heading = None
        for i, entry in enumerate(self.entries):
            if i > self._shown:
                break
            if entry.heading != heading:
                heading = entry.heading
                if text:
                    text.append("\n")
                text.append(f"── {heading}", self._style("heading"))
            text.append("\n")
            if isinstance(entry.event, Note):
                text.append(f"  {entry.event.text}", "italic")
            else:
                self._render_roll(text, entry.who, entry.event, tumbling=i == self._shown)
        return text

    def _render_roll(self, text: Text, who: str, roll: Roll, tumbling: bool) -> None:
        text.append(who, self._style("who"))
        text.append(f" · {roll.purpose}\n" if roll.purpose else " rolls\n")
        text.append("  ")
        for face, sides in zip(roll.faces, sides_of(roll), strict=True):
            shown = self._tumble.randint(1, sides or 6) if tumbling else face
            glyph, part = face_text(shown, sides, self.ascii_only)
            text.append(glyph, self._style(part))
            text.append(" ")
        if tumbling:
            text.append(" rolling…", "dim")
            return
        text.append(f" {replace(roll, result='').describe()}")
        if roll.result:
            text.append(f"  ⇒ {roll.result}", self._style("result"))

    def _style(self, part: str) -> Style:
        return self.get_component_rich_style(f"dice-tray--{part}")
