"""The dice tray: every roll of the last decision, face by face, with who threw and why.

Rolls are revealed one after another with a short tumble (a fight reads round by round); the
tumble is skipped with a key and never runs when animations are off. The tumbling faces come
from a private random source: the game's dice are never touched here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.engine.events import Note, Roll

D6_FACES = "⚀⚁⚂⚃⚄⚅"
TUMBLE_FRAMES = 5
FRAME_SECONDS = 0.06


@dataclass(frozen=True)
class TrayEntry:
    """A roll (or a narrated result) and the player who threw it."""

    who: str
    event: Roll | Note


def sides_of(roll: Roll) -> list[int]:
    """The number of sides of each face of ``roll``, in order (0 if unknown)."""
    try:
        sides = [s for n, s in DiceExpr.parse(roll.dice).terms for _ in range(n)]
    except ValueError:
        sides = []
    return sides if len(sides) == len(roll.faces) else [0] * len(roll.faces)


def face_text(face: int, sides: int, ascii_only: bool = False) -> str:
    """A d6 face as its die glyph, any other die as its number in a box."""
    if sides == 6 and not ascii_only and 1 <= face <= 6:
        return D6_FACES[face - 1]
    return f"[{face}]"


class DiceTray(Widget):
    DEFAULT_CSS = """
    DiceTray { height: auto; min-height: 1; }
    DiceTray > .dice-tray--face { color: $warning; text-style: bold; }
    DiceTray > .dice-tray--who { color: $text-accent; }
    DiceTray > .dice-tray--result { color: $text-success; text-style: bold; }
    """
    COMPONENT_CLASSES = {"dice-tray--face", "dice-tray--who", "dice-tray--result"}

    entries: reactive[tuple[TrayEntry, ...]] = reactive(tuple, layout=True)
    ascii_only: reactive[bool] = reactive(False)
    #: Set by the app from its settings and TEXTUAL_ANIMATIONS.
    animate: bool = True

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown = 0  # entries fully revealed
        self._frame = 0
        self._timer: Timer | None = None
        self._tumble = random.Random(0)

    @property
    def animating(self) -> bool:
        return self._timer is not None

    def watch_entries(self, entries: tuple[TrayEntry, ...]) -> None:
        self._stop()
        if not self.animate or not any(isinstance(e.event, Roll) for e in entries):
            self._shown = len(entries)
            return
        self._shown, self._frame = 0, 0
        self._timer = self.set_interval(FRAME_SECONDS, self._tick)

    def _tick(self) -> None:
        self._frame += 1
        if self._frame >= TUMBLE_FRAMES:
            self._frame = 0
            self._shown += 1
            while self._shown < len(self.entries) and not isinstance(
                self.entries[self._shown].event, Roll
            ):
                self._shown += 1
        if self._shown >= len(self.entries):
            self._stop()
        self.refresh(layout=True)

    def skip(self) -> bool:
        """Show every roll at once; True if an animation was running."""
        if self._timer is None:
            return False
        self._stop()
        self._shown = len(self.entries)
        self.refresh(layout=True)
        return True

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def render(self) -> Text:
        if not self.entries:
            return Text("No dice thrown on this move.", style="dim")
        text = Text()
        for i, entry in enumerate(self.entries):
            if i > self._shown:
                break
            if i:
                text.append("\n")
            if isinstance(entry.event, Note):
                text.append(entry.event.text, "italic")
                continue
            self._render_roll(text, entry, tumbling=i == self._shown)
        return text

    def _render_roll(self, text: Text, entry: TrayEntry, tumbling: bool) -> None:
        roll = entry.event
        assert isinstance(roll, Roll)
        text.append(entry.who, self.get_component_rich_style("dice-tray--who"))
        text.append(f" rolls for {roll.purpose}\n" if roll.purpose else " rolls\n")
        face_style = self.get_component_rich_style("dice-tray--face")
        faces = []
        for face, sides in zip(roll.faces, sides_of(roll), strict=True):
            shown = self._tumble.randint(1, sides or 6) if tumbling else face
            faces.append(face_text(shown, sides, self.ascii_only))
        text.append("  " + " ".join(faces), face_style)
        if tumbling:
            text.append("  rolling…", "dim")
            return
        text.append(f"  {roll.describe()}")
        if roll.result:
            text.append(f"  ⇒ {roll.result}", self.get_component_rich_style("dice-tray--result"))
