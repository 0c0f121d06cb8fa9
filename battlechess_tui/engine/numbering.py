"""Move numbers as chess players write them: the one place a ply index becomes a move number.

A move is a side's turn: White's and Black's share a number (``16.`` then ``16…``), a turn
made of several decisions (a Gladiator team's commanders, the rounds of a battle the turn
began) is one move, and a decision of the table (a draw offer, its answer, a resignation) has
no number of its own: it sits beside the move of the turn it falls in.

The move log, the replay, the result panel and the analysis all read their numbers here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from battlechess_tui.engine.game import Game, Ply

#: A ply's move: (move number, side), and whether the ply is a move of its own (False for a
#: decision of the table, which only sits beside the move of its turn).
Turn = tuple[int, int]

#: Each game's moves so far, with the plies they were worked out from (kept while those plies
#: stay the game's: a sync after a decision works out only the new one).
_MOVES: WeakKeyDictionary[Game, list[tuple[Ply, Turn, bool]]] = WeakKeyDictionary()


def _worked_out(game: Game) -> list[tuple[Ply, Turn, bool]]:
    from battlechess_tui.engine.game import META_KINDS

    known = _MOVES.setdefault(game, [])
    keep = 0
    while keep < min(len(known), len(game.plies)) and known[keep][0] is game.plies[keep]:
        keep += 1
    del known[keep:]
    rules = game.rules
    for i in range(keep, len(game.plies)):
        ply, state = game.plies[i], game.positions[i].state
        last = next((turn for _, turn, own in reversed(known) if own), None)
        table = ply.action.kind in META_KINDS
        if last is not None and not table and game.presenter.battle_view(state) is not None:
            known.append((ply, last, True))  # a battle's decisions, whoever makes them
            continue
        side = rules.side_of(rules.to_move(state) if table else ply.seat)
        number = 1 if last is None else last[0] + (last[1] == 1 and side == 0)
        known.append((ply, (number, side), not table))
    return known


def turns(game: Game) -> list[Turn]:
    """(move number, side) of each ply: a side's run of decisions outside battles is one
    move, numbered anew when White's comes round; a decision of the table takes the move of
    the turn it falls in."""
    return [turn for _, turn, _ in _worked_out(game)]


def label(turn: Turn) -> str:
    """``16.`` for White's move 16, ``16…`` for Black's (and any later side's)."""
    return f"{turn[0]}{'.' if turn[1] == 0 else '…'}"


def move_labels(game: Game, upto: int | None = None) -> list[str]:
    """The move log's number for each of the first ``upto`` plies (all by default): at the
    first decision of each move, blank for the decisions that follow in the same move and for
    the table's decisions (a draw offer, its answer), which have no number of their own."""
    labels, last = [], None
    for _, turn, own in _worked_out(game)[:upto]:
        labels.append(label(turn) if own and turn != last else "")
        if own:
            last = turn
    return labels


def move_label(game: Game, index: int) -> str:
    """The move ply ``index`` (0-based) belongs to, as the log numbers it: ``16.``, ``16…``."""
    return label(_worked_out(game)[index][1])


def move_numbers(game: Game, upto: int | None = None) -> list[str]:
    """Each of the first ``upto`` plies' move as the log numbers it (``12.``, ``12…``), also
    where the log leaves the number out (the dice tray's headings, the analysis)."""
    return [label(turn) for _, turn, _ in _worked_out(game)[:upto]]


def moves_played(game: Game, upto: int | None = None) -> int:
    """How many moves the first ``upto`` plies hold, as the log counts them (White's and
    Black's sharing a number): ``32`` for a game whose last move is ``32.`` or ``32…``."""
    own = [turn for _, turn, mine in _worked_out(game)[:upto] if mine]
    return own[-1][0] if own else 0


def after_move(game: Game, number: int) -> int:
    """The position (index into ``game.positions``) after White's move ``number``, the way a
    player goes to a move by its number; 0 for 0, the last position past the game's end."""
    found = 0
    for index, (_, turn, _) in enumerate(_worked_out(game)):
        if turn > (number, 0):
            return found
        found = index + 1
    return found
