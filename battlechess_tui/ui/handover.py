"""The hand-over between players at one keyboard: when it is due, and what its notice says.

The keyboard passes when the next decision is a person's and another person had the keyboard
for the last decision a person made (two seats of one player, and a computer's turns, pass
nothing). Who has the keyboard is who was asked: the seat to move before a decision, so a
King's player's override (GC-14), made while the commander's player is asked, hands the
keyboard over to the King's player and, after his move, back (issue 25 item 18).

The ``handover`` setting chooses where a passing brings the notice (a dialog hiding the board):
``team`` (the default) in games of more than two seats only, ``on`` in every game, ``off``
never. Where no dialog comes, a two-player game says the same in a line above the board
(``since_line``). The notice tells the next player what happened since they last had the
keyboard: each decision and its consequences (a piece killed, hurt, freed...), and the rolls
of the latest decision (so a roll is read even when the notice comes at once), not the
round-by-round narration of a fight.
"""

from __future__ import annotations

from battlechess_tui.engine.events import Note
from battlechess_tui.engine.game import META_KINDS, Game
from battlechess_tui.ui import views
from battlechess_tui.ui.computer import is_computer
from battlechess_tui.ui.settings import HandOverMode

#: A notice tells at most this many decisions, each with at most this many consequences, and
#: at most this many rolls of the latest decision.
MAX_DECISIONS = 4
MAX_CONSEQUENCES = 4
MAX_ROLLS = 4


def keyboard(game: Game, index: int) -> str:
    """The seat that had the keyboard for decision ``index``: the one asked to decide."""
    return views.to_move_at(game, index)


def last_person(game: Game) -> str | None:
    """The player who had the keyboard for the latest decision a person made (None before
    any)."""
    for index in range(len(game.plies) - 1, -1, -1):
        seat = keyboard(game, index)
        if not is_computer(game, seat):
            return game.player_of(seat)
    return None


def passing(game: Game) -> str | None:
    """The seat the keyboard passes to now (another person's), or None."""
    if game.over:
        return None
    seat = game.to_move
    last = last_person(game)
    if is_computer(game, seat) or last is None or game.player_of(seat) == last:
        return None
    return seat


def two_player(game: Game) -> bool:
    return len(game.rules.seats()) <= 2


def due(game: Game, mode: HandOverMode) -> str | None:
    """The seat to hand the keyboard over to with a notice now, or None when none is due."""
    if mode == "off" or (mode == "team" and two_player(game)):
        return None
    return passing(game)


def since_start(game: Game, seat: str) -> int:
    """The first decision made since the player of ``seat`` last had the keyboard."""
    name = game.player_of(seat)
    for index in range(len(game.plies) - 1, -1, -1):
        if game.player_of(keyboard(game, index)) == name:
            return index + 1
    return 0


def story(game: Game, seat: str) -> str:
    """What happened since the player of ``seat`` last had the keyboard, one line per
    decision, then the latest decision's rolls."""
    decisions = range(since_start(game, seat), len(game.plies))
    shown = decisions[-MAX_DECISIONS:]
    lines = [told(game, index) for index in shown]
    earlier = len(decisions) - len(shown)
    if earlier:
        lines.insert(0, f"({earlier} earlier move{'s' if earlier > 1 else ''} in the log)")
    if shown:
        lines += rolls(game, shown[-1])
    return "\n".join(lines)


def since_line(game: Game) -> str:
    """The line above the board in a two-player game between people at one keyboard: what the
    other player did between the mover's last turn and this one (kept through the mover's own
    decisions, so the line does not come and go)."""
    if game.over or not two_player(game) or game.computers:
        return ""
    me = game.player_of(game.to_move)
    end = len(game.plies)
    while end and game.player_of(keyboard(game, end - 1)) == me:
        end -= 1  # the mover's own decisions this turn
    start = end
    while start and game.player_of(keyboard(game, start - 1)) != me:
        start -= 1
    if start == end:
        return "Since your last move: nothing yet, the game begins."
    shown = range(start, end)[-MAX_DECISIONS:]
    # What came of it first: a line cut to the width keeps the damage, the save, the kill.
    came = [note for i in shown for note in consequences(game, i)][-MAX_CONSEQUENCES:]
    first = "; ".join(came) + ". " if came else ""
    return (
        "Since your last move: "
        + first
        + " ".join(views.played(game, game.plies[i]) for i in shown)
    )


def told(game: Game, index: int) -> str:
    """Decision ``index`` as a notice tells it: who played what, then what came of it."""
    text = views.played(game, game.plies[index])
    notes = consequences(game, index)[-MAX_CONSEQUENCES:]
    return text + " " + "; ".join(notes) + "." if notes else text


def consequences(game: Game, index: int) -> list[str]:
    """What decision ``index`` changed on the board or in the game (its notes' words)."""
    ply = game.plies[index]
    if ply.action.kind in META_KINDS:
        return []
    events = game.said(index).events
    told = game.presenter.consequences
    return [e.text.rstrip(".") for e in events if isinstance(e, Note) and e.tag in told]


def rolls(game: Game, index: int) -> list[str]:
    """The rolls of decision ``index`` as the notice shows them, each with who rolled it
    (``Ann (White) rolled 1d8 [5] vs needs 5: wins``; the last few, with how many more the dice
    tray holds)."""
    thrown = game.said(index).rolls
    lines = [
        f"{views.who(game, r.seat)} rolled {r.describe()}" if r.seat else f"dice: {r.describe()}"
        for r in thrown[-MAX_ROLLS:]
    ]
    more = len(thrown) - MAX_ROLLS
    if more > 0:
        lines.insert(0, f"({more} earlier roll{'s' if more > 1 else ''} in the dice tray)")
    return lines
