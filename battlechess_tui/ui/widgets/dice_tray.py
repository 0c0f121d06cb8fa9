"""The dice tray: the rolls of the last decisions, round by round, newest last.

Each decision that threw dice gets a heading (``12. Alice (White): Nxe5``); under it every roll
says who threw and why, shows its faces as dice (⚀..⚅ for a d6, a numbered tile for any other
die), spells out the modifiers and the total (``Roll.describe``) and gives the result; the
narration that followed (damage, kills) comes between the rolls, so a long fight reads round by
round. A fight longer than the tray's ``room`` is summarised to fit, never scrolled: the
newest decision's heading, both sides' first rolls and how it ended come first, then as many
of the later rolls as fit (the latest rounds first), and a line says how many are left out.

The rolls just thrown are revealed one after another with a short tumble; the tumble is
skipped with a key (``skip``) and never runs when animations are off. When it ends (or is
skipped) the tray posts ``Settled``: the table waits for it before anything covers the roll (a
hand-over notice, the computer's next decision). The tumbling faces come from a private random
source: the game's dice are never touched here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rich.cells import cell_len
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
#: Lines of the tray unless the table says otherwise (``room``).
ROOM = 8
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
    #: The lines the tray may take: a longer fight is summarised to fit (set by the table).
    room: reactive[int] = reactive(ROOM)
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

    def watch_room(self) -> None:
        self._update()

    def on_resize(self) -> None:
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
        width = self.scrollable_content_region.width
        self.query_one("#dice-tray-text", Static).update(self.render_text(self.room, width))
        self.scroll_home(animate=False)  # the summary fits: its top is the fight's start

    # -- drawing -----------------------------------------------------------------------------

    def render_text(self, room: int | None = None, width: int = 0) -> Text:
        """Every roll shown so far; with ``room``, summarised to fit that many lines of
        ``width`` cells."""
        if not self.entries:
            return Text("No dice thrown yet.", style="dim")
        parts: list[Part] = []
        heading = None
        for i, entry in enumerate(self.entries[: self._shown + 1]):
            if entry.heading != heading:
                heading = entry.heading
                parts.append(Part(Text(f"── {heading}", self._style("heading")), heading))
            if isinstance(entry.event, Note):
                parts.append(Part(Text(f"  {entry.event.text}", "italic"), heading))
            else:
                tumbling = i == self._shown
                full = self._render_roll(entry.who, entry.event, tumbling)
                short = self._render_roll(entry.who, entry.event, tumbling, compact=True)
                parts.append(Part(full, heading, entry.who, short))
        if room is not None and width > 0:
            parts = summary(parts, room, width, self._style("heading"))
        return Text("\n").join(part.text for part in parts)

    def _render_roll(self, who: str, roll: Roll, tumbling: bool, compact: bool = False) -> Text:
        """A roll on two lines (who throws and why; the faces, modifiers, total and result),
        or, ``compact``, on one: why, the dice and faces, what they make and the result."""
        text = Text()
        if compact:
            text.append(roll.purpose or f"{who} rolls", self._style("who"))
            text.append(f": {roll.dice} ")
        else:
            text.append(who, self._style("who"))
            text.append(f" · {roll.purpose}\n  " if roll.purpose else " rolls\n  ")
        for face, sides in zip(roll.faces, sides_of(roll), strict=True):
            shown = self._tumble.randint(1, sides or 6) if tumbling else face
            glyph, part = face_text(shown, sides, self.ascii_only)
            text.append(glyph, self._style(part))
            text.append(" ")
        if tumbling:
            text.append(" rolling…", "dim")
            return text
        if compact:
            text.rstrip()
            text.append(after_faces(roll))
        else:
            text.append(f" {roll.describe(result=False)}")
        if roll.result:
            text.append(f"  ⇒ {roll.result}", self._style("result"))
        return text

    def _style(self, part: str) -> Style:
        return self.get_component_rich_style(f"dice-tray--{part}")


@dataclass(frozen=True)
class Part:
    """A heading, a roll (its thrower ``who``) or a narrated line of the tray."""

    text: Text
    group: str  # the heading of the decision it belongs to
    who: str = ""  # a roll's thrower; empty for headings and narration
    short: Text | None = None  # a roll on one line, for a summary

    def compact(self) -> Part:
        return Part(self.short, self.group, self.who) if self.short is not None else self

    @property
    def is_roll(self) -> bool:
        return bool(self.who)


def priorities(parts: list[Part]) -> list[int]:
    """How much each part matters in a summary (0 most): the newest decision's heading; its
    first roll by each thrower and its last line (how it ended); its other rolls; its other
    narration; then the earlier decisions' headings and ends; then the rest of them."""
    newest = parts[-1].group
    out = []
    throwers: set[tuple[str, str]] = set()
    for i, part in enumerate(parts):
        last = i + 1 == len(parts) or parts[i + 1].group != part.group
        first_roll = part.is_roll and (part.group, part.who) not in throwers
        throwers.add((part.group, part.who))
        heading = i == 0 or parts[i - 1].group != part.group
        if part.group == newest:
            rank = 0 if heading else 1 if first_roll or last else 2 if part.is_roll else 3
        else:
            rank = 4 if heading or last else 5
        out.append(rank)
    return out


def summary(parts: list[Part], room: int, width: int, style: Style) -> list[Part]:
    """``parts`` cut to ``room`` lines of ``width`` cells: the least important go first
    (earliest first among equals, so a fight's last rounds stay), and each run of parts
    left out becomes a line that counts them. The newest heading and first rolls always
    stay."""
    if _lines(parts, width) <= room:
        return parts
    parts = [part.compact() for part in parts]
    ranks = priorities(parts)
    kept = [True] * len(parts)
    order = sorted((i for i, r in enumerate(ranks) if r >= 1), key=lambda i: (-ranks[i], i))
    firsts = {i for i, r in enumerate(ranks) if r == 1 and parts[i].is_roll}
    out = _with_gaps(parts, kept, style, width)
    for i in order:
        if _lines(out, width) <= room or i in firsts:
            break
        kept[i] = False
        out = _with_gaps(parts, kept, style, width)
    return out


def _with_gaps(parts: list[Part], kept: list[bool], style: Style, width: int) -> list[Part]:
    """The parts kept, each run of left-out ones replaced by a line that counts them (a lone
    one-line part is shown instead: it takes no more room; earlier decisions left out whole
    are not counted: the move log has them)."""
    out: list[Part] = []
    gone: list[Part] = []

    def close_gap(at_end: bool) -> None:
        if len(gone) == 1 and _lines(gone, width) == 1:
            out.extend(gone)
        elif gone and (out or at_end):
            out.append(_gap(gone, style))
        gone.clear()

    for part, keep in zip(parts, kept, strict=True):
        if keep:
            close_gap(at_end=False)
            out.append(part)
        else:
            gone.append(part)
    close_gap(at_end=True)
    return out


def _gap(gone: list[Part], style: Style) -> Part:
    """``… 4 more rolls``: what a run of left-out parts held."""
    rolls = sum(part.is_roll for part in gone)
    what = (
        f"{rolls} more roll{'s' * (rolls != 1)}"
        if rolls
        else (f"{len(gone)} more note{'s' * (len(gone) != 1)}")
    )
    return Part(Text(f"  … {what}", style), gone[0].group)


def after_faces(roll: Roll) -> str:
    """What a roll's faces make: `` +4 melee = 22 vs AC 16`` (``describe`` without its dice,
    faces and result)."""
    return roll.describe(result=False, faces=False)


def _lines(parts: list[Part], width: int) -> int:
    """Screen lines ``parts`` take when wrapped at ``width`` (by cell length)."""
    return sum(
        max(1, -(-cell_len(line) // width))
        for part in parts
        for line in part.text.plain.split("\n")
    )
