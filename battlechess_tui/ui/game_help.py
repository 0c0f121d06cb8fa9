"""The help and legend of one game at the table: only what applies to it (its own choices as
examples, dice only where it throws them, the commands its presenter declares, the computer
only where it plays), and how its board is drawn (the fixed legend of its pieces, hit points,
marks and highlights)."""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import META_KINDS, Game
from battlechess_tui.engine.present import Presenter
from battlechess_tui.ui import views
from battlechess_tui.ui.computer import level_of
from battlechess_tui.ui.widgets.board import HP_BARS, identifying_glyphs

#: At most this many of the game's own choices are given as examples of what can be typed.
EXAMPLES = 3


def examples(game: Game, actions: list[Action]) -> list[str]:
    """What a player could type now: a move, and the heads of other choices (``cast bless``),
    then ``resign``."""
    geo = game.rules.geo
    out = [a.text(geo) for a in actions if a.kind == MOVE][:1]
    heads = [views.head_of(a) for a in actions if a.kind != MOVE and a.kind not in META_KINDS]
    out += list(dict.fromkeys(heads))[: EXAMPLES - len(out)]
    return [*out, "resign"]


def reads_notation(game: Game) -> bool:
    """Does the game read a notation of its own besides coordinates (the chess games' SAN)?"""
    return type(game.presenter).parse_notation is not Presenter.parse_notation


def play_help(game: Game, actions: list[Action]) -> str:
    """How to play this game at this table."""
    typed = ", ".join(f"`{e}`" for e in examples(game, actions))
    parts = [
        "**Move a piece**: move the cursor with the arrow keys (or h j k l where that letter "
        "names no file: a file letter starts a typed move), press Enter or "
        "Space on a piece, then on a highlighted square. Or click the piece and then the "
        "square. Squares marked `·` are quiet moves, `×` squares are attacks"
        + (
            "; the piece card shows the odds of an attack on the square under the cursor."
            if views.has_dice(game)
            else "."
        ),
        f"**Type**: start typing on the board (a letter or digit opens the move box), or "
        f"press `:` first, type an action such as {typed}, and press Enter"
        + (
            " (chess notation too: `e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`, or a square alone)"
            if reads_notation(game)
            else ""
        )
        + ". A refused action is explained below the board and stays selected, so typing "
        "again replaces it; Escape empties the box and goes back to the board. On "
        "the board `D` offers a draw, `F` flips it, `A` and `C` switch letters and colours.",
        "**The Actions panel** (Tab to it) lists every choice that is not a move, grouped, "
        "each with what it does and its odds where the game gives them. Type letters to "
        "narrow the list, Escape clears them, Enter takes the highlighted choice (where a piece "
        'may act after its move, the panel takes the keys with "none" highlighted: Enter '
        "takes it, and typing is an act typed). A choice "
        "with several targets highlights them on the board (`»«`, `◎`): choose one with "
        "Enter or a click, or Escape to cancel. Tab once more reaches the piece card, which "
        "scrolls with the arrows.",
        "Between two people at one keyboard a line above the board says what happened since "
        "your last move; in team games a notice names the next player when the keyboard "
        "passes and says what happened since they last decided: pass the keyboard and press "
        "Enter (Settings → Hand-over shows it in every game, or never). Every decision is "
        "autosaved; `q` returns to the menu and Continue resumes the game.",
        "**Rule links**: a rule id such as `GC-14` in a refusal or the move log is a link: "
        "click it, or press `w` to open the rules at the rule just cited.",
        takeback_help(game),
        "**Hint** (`H`, that is Shift+h, or `F1`): the computer (medium) works out what it "
        "would decide for the player to move and shows it on the board, with its odds and "
        "the estimate after the best replies it found, for the player to move: pawns ahead "
        "(+) or behind (−) where the game counts material, else the chance of winning. The "
        "save records each hint taken.",
    ]
    parts += [command.guide for command in game.presenter.commands() if command.guide]
    if game.computers:
        parts.append(
            "**The computer** plays " + ", ".join(computer_seats(game)) + ": it "
            "thinks while you may look around (flip, help, rules); its decision "
            "shows with its dice like a person's. It answers a draw offer at once, "
            "accepting only when it is behind."
        )
    if views.has_dice(game):
        parts.append(
            "**Dice**: the dice tray shows every roll of the last decisions, who "
            "threw it, what for, and the result; `m` switches the animation."
        )
    return "\n\n".join(parts)


def takeback_help(game: Game) -> str:
    dice = (
        " Nothing is rerolled: a decision played again throws the same dice."
        if views.has_dice(game)
        else ""
    )
    if game.computers:
        return (
            "**Undo** (`u`) takes back your last decision and the computer's reply at once." + dice
        )
    return (
        "**Undo** (`u`) asks the other side to accept a takeback (they may refuse: the "
        "position stays); with free undo (Settings) it is at once." + dice
    )


def computer_seats(game: Game) -> list[str]:
    """The seats the computer holds, as players read them, with its level."""
    return [
        f"{seat.label} ({level})"
        for seat in game.rules.seats()
        if (level := level_of(game, seat.key)) is not None
    ]


def legend_markdown(presenter: Presenter[Any], state: Any, ascii_only: bool = False) -> str:
    """The board's legend of a game: each piece as it is drawn (the same all game), then hit
    points (when pieces in ``state`` have them) and the highlights."""
    pieces = presenter.legend()
    figures = identifying_glyphs(pieces)
    rows = []
    for view in pieces:
        drawn = view.glyph if view.glyph in figures and not ascii_only else view.letter
        written = f" ({view.letter.upper()})" if drawn != view.letter else ""  # as logged
        rows.append(f"| `{drawn}` | {presenter.side_names[view.side]} {view.name}{written} |")
    lines = ["## The board", "| Drawn | Piece |", "| --- | --- |", *dict.fromkeys(rows)]
    notes = ["White's letters are upper case (`K`), Black's lower case (`k`)."]
    if _hurtable(presenter, state):
        bars = "a digit, tenths of its hit points left" if ascii_only else f"`{HP_BARS}`"
        notes.append(
            f"A hurt piece has a mark right of it: {bars} (lower is worse; inside the "
            "cursor's `[ ]` where the square has room); larger squares also show its hit "
            "points as numbers, and its card says what the mark is."
        )
    notes.append(
        "Highlights: `[ ]` the cursor, `( )` the piece picked up, `·` a move, `×` an "
        "attack, `»«` and `◎` a square to choose; marks left of a piece (or above "
        "it on large squares) are its effects, listed on its card."
    )
    return "\n".join(lines) + "\n\n" + " ".join(notes)


def _hurtable(presenter: Presenter[Any], state: Any) -> bool:
    """Do pieces of this game have hit points (any piece in ``state``)?"""
    return any(
        (view := presenter.piece_view(state, sq)) is not None and view.hp is not None
        for sq in range(presenter.geo.size)
    )
