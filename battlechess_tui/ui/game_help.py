"""The help and legend of one game at the table: only what applies to it (its own choices as
examples, dice only where it throws them), and how its board is drawn (the fixed legend of its
pieces, hit points, marks and highlights)."""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import META_KINDS, Game
from battlechess_tui.engine.present import Presenter
from battlechess_tui.ui import views
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


def play_help(game: Game, actions: list[Action]) -> str:
    """How to play this game at this table."""
    typed = ", ".join(f"`{e}`" for e in examples(game, actions))
    parts = [
        "**Move a piece**: move the cursor with the arrow keys (or h j k l), press Enter or "
        "Space on a piece, then on a highlighted square. Or click the piece and then the "
        "square. Squares marked `·` are quiet moves, `×` squares are attacks"
        + (
            "; the piece card shows the odds of an attack on the square under the cursor."
            if views.has_dice(game)
            else "."
        ),  # fmt: skip
        f"**Type**: press `:` (or `i`), type an action such as {typed}, and press Enter. A "
        "refused action is explained below the board and stays selected, so typing again "
        "replaces it; Escape empties the box (and again goes back to the board).",
        "**The Actions panel** (Tab to it) lists every choice that is not a move, grouped, "
        "each with what it does and its odds where the game gives them. Type letters to "
        "narrow the list, Escape clears them, Enter takes the highlighted choice. A choice "
        "with several targets highlights them on the board (`»«`, `◎`): choose one with "
        "Enter or a click, or Escape to cancel. Tab once more reaches the piece card, which "
        "scrolls with the arrows.",
        "After each turn a notice names the next player: pass the keyboard and press Enter. "
        "Every decision is autosaved; `u` takes one back"
        + (" (its dice stay as they fell)" if views.has_dice(game) else "")
        + ", `q` returns to the menu and Continue resumes the game.",
    ]
    if views.has_dice(game):
        parts.append("**Dice**: the dice tray shows every roll of the last decisions, who "
                     "threw it, what for, and the result; `m` switches the animation.")  # fmt: skip
    return "\n\n".join(parts)


def legend_markdown(presenter: Presenter[Any], state: Any, ascii_only: bool = False) -> str:
    """The board's legend of a game: each piece as it is drawn (the same all game), then hit
    points (when pieces in ``state`` have them) and the highlights."""
    pieces = presenter.legend()
    figures = identifying_glyphs(pieces)
    rows = []
    for view in pieces:
        drawn = view.glyph if view.glyph in figures and not ascii_only else view.letter
        rows.append(f"| `{drawn}` | {presenter.side_names[view.side]} {view.name} |")
    lines = ["## The board", "| Drawn | Piece |", "| --- | --- |", *dict.fromkeys(rows)]
    notes = ["White's letters are upper case (`K`), Black's lower case (`k`)."]
    if _hurtable(presenter, state):
        bars = "a digit, tenths of its hit points left" if ascii_only else f"`{HP_BARS}`"
        notes.append(f"A hurt piece has a mark right of it: {bars} (lower is worse); larger "
                     "squares also show its hit points as numbers.")  # fmt: skip
    notes.append("Highlights: `[ ]` the cursor, `( )` the piece picked up, `·` a move, `×` an "
                 "attack, `»«` and `◎` a square to choose; marks left of a piece (or above "
                 "it on large squares) are its effects, listed on its card.")  # fmt: skip
    return "\n".join(lines) + "\n\n" + " ".join(notes)


def _hurtable(presenter: Presenter[Any], state: Any) -> bool:
    """Do pieces of this game have hit points (any piece in ``state``)?"""
    return any((view := presenter.piece_view(state, sq)) is not None and view.hp is not None
               for sq in range(presenter.geo.size))  # fmt: skip
