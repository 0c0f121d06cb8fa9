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
from battlechess_tui.engine.echo import clip, name_problem
from battlechess_tui.engine.game import ACCEPT_DRAW, META_KINDS, OFFER_DRAW, RESIGN, Game
from battlechess_tui.engine.numbering import move_labels, move_numbers
from battlechess_tui.engine.rules import IllegalAction

#: Numeric annotation glyphs of the marks.
NAGS = {"inaccuracy": "$6", "mistake": "$2", "blunder": "$4"}
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
    rolls = game.said(index).rolls
    if rolls:
        parts.append("; ".join(r.describe() for r in rolls))
    if report is not None and report.roll is not None:
        parts.append(f"luck {float(report.roll.luck):+.2f}")
    if analysis is not None and report is not None and report.mark:
        parts.append(analysis.why(report))
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

#: Variations nested deeper than this are refused (a game's notes never nest so deep).
MAX_DEPTH = 64
#: More moves than this are refused: longer than any game played (the longest tournament game
#: had 269 moves, 538 plies).
MAX_PLIES = 1200
#: One token of movetext: a comment (closed or not), a line comment, a parenthesis, a word.
_MOVETEXT = re.compile(r"\{[^}]*\}?|;[^\n]*|[()]|[^\s{}();]+")
#: One tag pair, and a line of them.
_TAG_PAIR = r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]'
_TAG = re.compile(_TAG_PAIR)
_TAG_LINE = re.compile(rf"(?:{_TAG_PAIR}\s*)+")
_MOVE_NUMBER = re.compile(r"^\d+\.+")
_ANNOTATION = re.compile(r"\$\d+|[!?]+")


def read_tags(text: str) -> tuple[dict[str, str], str]:
    """A PGN's tags and its movetext (the first game only); PgnError for a tag not closed."""
    tags: dict[str, str] = {}
    body: list[str] = []
    moving = False  # in the movetext
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("%"):
            continue
        if not stripped.startswith("[") or moving:
            if stripped.startswith("[") and _TAG_LINE.fullmatch(stripped):
                break  # the next game's tags
            body.append(line)
            moving = moving or bool(stripped)
            continue
        if not _TAG_LINE.fullmatch(stripped):
            raise PgnError(f"the tag on line {number} is not closed: {clip(stripped)}")
        for match in _TAG.finditer(stripped):
            tags[match[1]] = match[2].replace('\\"', '"').replace("\\\\", "\\")
    return tags, "\n".join(body)


def san_tokens(movetext: str) -> tuple[list[str], str]:
    """The SAN moves of a movetext and its result token ("*" if none), read in one pass:
    comments and variations (nested at most ``MAX_DEPTH`` deep) are skipped."""
    moves: list[str] = []
    depth = 0
    for match in _MOVETEXT.finditer(movetext):
        token = match[0]
        if token[0] == "{":
            if token[-1] != "}":
                raise PgnError(f"a comment is not closed: {clip(token)}")
        elif token == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise PgnError(f"variations nested more than {MAX_DEPTH} deep")
        elif token == ")":
            depth -= 1
            if depth < 0:
                raise PgnError("a ')' closes no variation")
        elif depth == 0 and token[0] != ";":
            if token in _RESULTS:
                return moves, token
            move = _MOVE_NUMBER.sub("", token)
            if move and not _ANNOTATION.fullmatch(move):
                moves.append(move)
                if len(moves) > MAX_PLIES:
                    raise PgnError(f"more than {MAX_PLIES} moves: longer than any game played")
    if depth > 0:
        raise PgnError("a variation is not closed")
    return moves, "*"


def action_for(game: Game, san: str) -> Any:
    """The legal action whose SAN is ``san``; PgnError naming the move otherwise."""
    try:
        action = game.presenter.parse_notation(game.state, san)
    except ValueError:
        action = None
    if action is None or action not in game.rule_actions():
        raise PgnError(f"move {len(game.plies) // 2 + 1} ({clip(san)}) is not a legal move here")
    return action


def _player(tags: dict[str, str], tag: str) -> str:
    """The name a White or Black tag gives, checked as ``--player`` is; the side's name for
    none."""
    name = tags.get(tag, "").strip()
    if not name:
        return tag
    problem = name_problem(name)
    if problem is not None:
        raise PgnError(f"the {tag} tag: {problem}")
    return name


def import_game(text: str, variant: Any, seed: int = 0) -> Game:
    """The classic game a PGN holds (its first game), ending as its result says: a decisive
    result the moves do not reach is a resignation, a drawn one an agreed draw."""
    tags, movetext = read_tags(text)
    if tags.get("SetUp") == "1" or "FEN" in tags:
        raise PgnError("games from a set-up position (a FEN tag) cannot be imported")
    if tags.get("Variant", "standard").lower() not in ("standard", "chess", "classic"):
        raise PgnError(f"a {clip(tags['Variant'])} game is not a classic game")
    if tags.get("BattlechessGame", "classic") != "classic":
        raise PgnError(f"a {clip(tags['BattlechessGame'])} game cannot be imported (classic only)")
    moves, result = san_tokens(movetext)
    if not moves:
        raise PgnError("no moves: the file holds no game to import")
    result = tags.get("Result", result) if result == "*" else result
    players = {"white": _player(tags, "White"), "black": _player(tags, "Black")}
    game = Game(variant, seed, players)
    for san in moves:
        if game.over:
            raise PgnError(f"the game is over before {clip(san)}")
        try:
            game.play(action_for(game, san))
        except IllegalAction as exc:
            raise PgnError(f"{clip(san)}: {exc}") from None
    if not game.over and result in ("1-0", "0-1"):
        loser = "white" if result == "0-1" else "black"
        if game.to_move != loser:
            raise PgnError(f"the game ends {result} with {loser.title()} not to move")
        game.play(RESIGN)
    elif not game.over and result == "1/2-1/2":
        game.play(OFFER_DRAW)
        game.play(ACCEPT_DRAW)
    return game
