"""The turn banner: who decides now (player and commander) and what kind of decision; in team
games a second line, the commanders strip, shows the team's moves this turn and who holds each."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

#: How the strip marks a commander's move: made, being made, still to come.
PROGRESS_SYMBOLS = {"done": "✓", "now": "▶", "later": "…"}


@dataclass(frozen=True)
class TeamSlot:
    """One commander of the team to move: ``King ✓ Ann``."""

    label: str  # the commander, without the side's name: "King"
    player: str = ""  # shown only when the team has more than one player
    progress: str = "later"  # "done", "now" or "later"
    note: str = ""  # "dead", "frozen", "the King overrides"


@dataclass(frozen=True)
class Banner:
    player: str = ""
    seat: str = ""
    status: str = ""
    move: int = 0
    side: int = 0
    over: bool = False
    team: tuple[TeamSlot, ...] = ()
    who: str = ""  # the player as named before the status, or "" when the status names them
    since: str = ""  # two players at one keyboard: what happened since the mover's last move


class TurnBanner(Widget):
    DEFAULT_CSS = """
    TurnBanner { height: auto; width: 1fr; background: $primary-muted; color: $text; }
    TurnBanner.-side-1 { background: $secondary-muted; }
    TurnBanner.-over { background: $warning-muted; }
    """

    banner: reactive[Banner] = reactive(Banner, layout=True)
    #: The most lines a banner has had at this table: the banner keeps that height, so the
    #: board below never moves (a game's end, a line that comes and goes).
    rows = 1

    def watch_banner(self, banner: Banner) -> None:
        self.set_class(banner.side == 1 and not banner.over, "-side-1")
        self.set_class(banner.over, "-over")
        self.rows = max(self.rows, len(lines(banner)))
        self.styles.height = self.rows

    def render(self) -> Text:
        """The banner's lines, each cut to the width (never wrapped: the board below must
        not move), padded to the banner's height."""
        width = self.size.width  # 0 before the layout: nothing to cut to yet
        shown = lines(self.banner)
        shown += [Text()] * (self.rows - len(shown))
        for line in shown:
            if width:
                line.truncate(width, overflow="ellipsis")
        return Text("\n").join(shown)


def lines(b: Banner) -> list[Text]:
    """Who decides now and what (or the result); a team game's strip; what happened since
    the mover's last move."""
    first = Text()
    if b.over:
        first.append(" ■ Game over: ", "bold")
        first.append(b.status)
        return [first]
    first.append(" ▶ ", "bold")
    if b.who:
        first.append(b.who, "bold")
        first.append(" · ")
    first.append(b.status)
    shown = [first]
    if b.team:
        shown.append(strip(b.team))
    if b.since:
        shown.append(Text("   " + b.since, "italic"))
    return shown


def strip(team: tuple[TeamSlot, ...]) -> Text:
    """``   King ✓ Ann   Queen ▶ Bob (frozen)   Black Knight … Ann``: the move being made
    stands out, the moves made are dimmed."""
    text = Text("   ")
    for i, slot in enumerate(team):
        if i:
            text.append("   ")
        style = (
            "bold reverse" if slot.progress == "now" else ("dim" if slot.progress == "done" else "")
        )
        words = f"{slot.label} {PROGRESS_SYMBOLS.get(slot.progress, '…')}"
        if slot.player:
            words += f" {slot.player}"
        if slot.note:
            words += f" ({slot.note})"
        text.append(words, style)
    return text
