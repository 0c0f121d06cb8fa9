"""PGN, where chess tools read it: a game written out with its analysis as standard comments
(``[%eval ...]`` and NAGs ``$6 $2 $4`` for ?!, ?, ??), and a classic game read back in.

A classic game's moves are its SAN as the move log writes it, so lichess or any chess GUI
opens the file. The other chess games write their own move notation the same way, each fight's
roll as a comment (``{1d8 [6] vs needs 5: wins}``) and a ``BattlechessGame`` tag naming the
game (not ``Variant``, which chess programs refuse for a variant they do not know).
"""

from __future__ import annotations

import re
from typing import Any

from battlechess_tui.analysis import engine
from battlechess_tui.analysis.model import Analysis
from battlechess_tui.engine.game import ACCEPT_DRAW, META_KINDS, OFFER_DRAW, RESIGN, Game
from battlechess_tui.engine.numbering import move_labels, move_numbers
from battlechess_tui.engine.rules import IllegalAction

#: Numeric annotation glyphs of the marks.
NAGS = {"inaccuracy": "$6", "mistake": "$2", "blunder": "$4"}
#: Symbols a SAN move may carry that name no part of the move.
_DECORATION = re.compile(r"[+#!?]+$")
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class PgnError(ValueError):
    """A PGN that cannot be read as a classic game: the reason in one line."""


def result_text(game: Game) -> str:
    outcome = game.outcome
    if outcome is None:
        return "*"
    return "1/2-1/2" if outcome.winner is None else ("1-0" if outcome.winner == 0 else "0-1")


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def headers(game: Game, date: str = "") -> list[tuple[str, str]]:
    seats = game.rules.seats()
    white, black = (game.player_of(next(s.key for s in seats if s.side == i)) for i in (0, 1))
    tags = [
        ("Event", f"battlechess {game.rules.name}"),
        ("Site", "battlechess"),
        ("Date", (date[:10].replace("-", ".") if date else "????.??.??")),
        ("Round", "-"),
        ("White", white),
        ("Black", black),
        ("Result", result_text(game)),
    ]
    if game.rules.spec.key != "classic":
        # Not the standard Variant tag: chess programs refuse a variant they do not know.
        tags.append(("BattlechessGame", game.rules.spec.key))
    return tags


def _eval(game: Game, worth: float | None) -> str:
    """``[%eval 0.35]``: the estimate in pawns to White (none once the game is decided)."""
    lead = None if worth is None else engine.pawns(game.rules, worth)
    return "" if lead is None else f"[%eval {lead:.2f}]"


def export(game: Game, analysis: Analysis | None = None, date: str = "") -> str:
    """The game as PGN, with the analysis (if given) as comments and NAGs."""
    lines = [f'[{k} "{_quote(v)}"]' for k, v in headers(game, date)]
    tokens: list[str] = []
    moves, labels = move_numbers(game), move_labels(game)
    last = ""  # the move of the last move written
    for index, ply in enumerate(game.plies):
        if ply.action.kind in META_KINDS:
            if ply.action.kind in (RESIGN, ACCEPT_DRAW, OFFER_DRAW):
                tokens.append("{" + _comment(ply.notation) + "}")
            continue
        move = moves[index]
        if labels[index].endswith("."):
            tokens.append(move)
        elif move.endswith("…") and (last != f"{move[:-1]}." or tokens[-1].startswith("{")):
            tokens.append(f"{move[:-1]}...")
        last = move
        tokens.append(ply.notation if game.rules.spec.key == "classic" else _move(ply.notation))
        tokens.extend(_annotations(game, analysis, index))
    tokens.append(result_text(game))
    return "\n".join(lines) + "\n\n" + _wrap(tokens) + "\n"


def _move(notation: str) -> str:
    """A move of another chess game as one token (spaces would split it)."""
    return "_".join(notation.split())


def _comment(text: str) -> str:
    return " " + text.replace("}", ")").replace("{", "(") + " "


def _annotations(game: Game, analysis: Analysis | None, index: int) -> list[str]:
    out: list[str] = []
    report = analysis.decision_at(index) if analysis is not None else None
    if report is not None and report.mark:
        out.append(NAGS[report.mark])
    parts = []
    if analysis is not None and index + 1 < len(analysis.worths):
        parts.append(_eval(game, analysis.worths[index + 1]))
    rolls = game.plies[index].rolls
    if rolls:
        parts.append("; ".join(r.describe() for r in rolls))
    if report is not None and report.roll is not None:
        parts.append(f"luck {float(report.roll.luck):+.2f}")
    if report is not None and report.mark:
        parts.append(report.why(game.rules.estimate_unit == "pawns"))
    text = " ".join(p for p in parts if p)
    if text:
        out.append("{" + _comment(text) + "}")
    return out


def _wrap(tokens: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    if line:
        lines.append(line)
    return "\n".join(lines)


# -- reading ------------------------------------------------------------------------------------


def read_tags(text: str) -> tuple[dict[str, str], str]:
    """A PGN's tags and its movetext (the first game only)."""
    tags: dict[str, str] = {}
    body: list[str] = []
    for line in text.splitlines():
        match = _TAG.match(line.strip())
        if match:
            if body and any(b.strip() for b in body):
                break  # the next game's tags
            tags[match[1]] = match[2].replace('\\"', '"').replace("\\\\", "\\")
        elif line.strip().startswith("%"):
            continue
        else:
            body.append(line)
    return tags, "\n".join(body)


def san_tokens(movetext: str) -> tuple[list[str], str]:
    """The SAN moves of a movetext and its result token ("*" if none)."""
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    text = re.sub(r";[^\n]*", " ", text)
    while "(" in text:  # variations, innermost first
        stripped = re.sub(r"\([^()]*\)", " ", text)
        if stripped == text:
            raise PgnError("a variation is not closed")
        text = stripped
    moves, result = [], "*"
    for token in text.split():
        token = re.sub(r"^\d+\.+", "", token)
        if not token or token.startswith("$") or re.fullmatch(r"[!?]+", token):
            continue
        if token in _RESULTS:
            result = token
            break
        moves.append(token)
    return moves, result


def action_for(game: Game, san: str) -> Any:
    """The legal action whose SAN is ``san``; PgnError naming the move otherwise."""
    want = _DECORATION.sub("", san).replace("0-0-0", "O-O-O").replace("0-0", "O-O")
    for action in game.rule_actions():
        if _DECORATION.sub("", game.presenter.notation(game.state, action)) == want:
            return action
    raise PgnError(f"move {len(game.plies) // 2 + 1} ({san}) is not a legal move here")


def import_game(text: str, variant: Any, seed: int = 0) -> Game:
    """The classic game a PGN holds (its first game), ending as its result says: a decisive
    result the moves do not reach is a resignation, a drawn one an agreed draw."""
    tags, movetext = read_tags(text)
    if tags.get("SetUp") == "1" or "FEN" in tags:
        raise PgnError("games from a set-up position (a FEN tag) cannot be imported")
    if tags.get("Variant", "standard").lower() not in ("standard", "chess", "classic"):
        raise PgnError(f"a {tags['Variant']} game is not a classic game")
    if tags.get("BattlechessGame", "classic") != "classic":
        raise PgnError(f"a {tags['BattlechessGame']} game cannot be imported (classic only)")
    moves, result = san_tokens(movetext)
    result = tags.get("Result", result) if result == "*" else result
    game = Game(
        variant,
        seed,
        {
            "white": tags.get("White", "White")[:40] or "White",
            "black": tags.get("Black", "Black")[:40] or "Black",
        },
    )
    for san in moves:
        if game.over:
            raise PgnError(f"the game is over before {san}")
        try:
            game.play(action_for(game, san))
        except IllegalAction as exc:
            raise PgnError(f"{san}: {exc}") from None
    if not game.over and result in ("1-0", "0-1"):
        loser = "white" if result == "0-1" else "black"
        if game.to_move != loser:
            raise PgnError(f"the game ends {result} with {loser.title()} not to move")
        game.play(RESIGN)
    elif not game.over and result == "1/2-1/2":
        game.play(OFFER_DRAW)
        game.play(ACCEPT_DRAW)
    return game
