"""D&D Battle Chess positions as one line of text: FEN, then what D&D adds as ``name=value``.

    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 level=1

The six FEN fields give the board (chess letters: a Fighter is a pawn, DD-1), the side to move,
the castling rights, no en passant (DD-4), the turns in a row without damage (the DD-4 draw)
and the move number (an en passant square is ignored). Then, each only when it says something:

- ``level=N``: every piece is fresh (at level N, full hit points, nothing spent) and the
  pieces are numbered in square order (a1, b1, ... h8). A plain FEN reads the same way at the
  game's ``level`` option. Otherwise ``pieces=`` lists every piece, dead or alive, by id,
  ``;`` between pieces: ``Pe2,1,12`` (chess letter, square or ``x`` once killed, level, hit
  points) and then any of ``p`` (promoted, DD-31), ``s:1.0.0`` (spell slots used per spell
  level), ``u:smite`` (once-per-game abilities spent, ``+`` between), ``i:weapon+2&bane:rogue``
  (items, ``&`` between), ``n:3.7`` (enemies this Bard may not fascinate again, DD-28) and
  ``e:KEY/SOURCE/ROUNDS/CONDITION/AMOUNT/BONUSES/SPELL`` per active effect (``ROUNDS`` ``*``
  for the whole game; ``BONUSES`` ``stat:type:value`` joined by ``&``; ``/SPELL``, the cast
  choice that laid it, only when ``KEY`` does not say it: ``charm-person`` for a charm keyed
  ``charm-3``, ``bestow-curse-2`` for that curse). Older texts ended in ``/LABEL`` (the
  effect's name in words, URL-quoted): they read as before, the label left to the presenter
  (a seventh field that names no cast choice is such a label).
- ``turn=N``: the turn count (each side's turn counted) when the move number does not tell it.
- ``phase=act|swap|battle|loot`` (a chess move is next when it is missing), ``actors=3.7``
  (pieces still to take their action, DD-5, DD-6).
- ``battle=A.D.MOVE.ACTOR.FLAT.ACTIONS.FLAGS`` (DD-10..DD-16): attacker and defender ids, the
  chess move it completes, the piece to act, the flat-footed piece (``-`` none), actions taken,
  and flags ``f`` (the defender's first action), ``c`` (a charge allowed), ``C`` (charging),
  ``a`` (automatic), ``-`` for none.
- ``pending=KIND,ACTOR,MOVE,ACTION``: the King's swap waits (DD-17) before a battle
  (``battle,12,e4d5,-``) or a ranged effect (``effect,3,-,cast_magic-missile_e1``).
- ``fascination=KING,ENEMY,TURN,BATTLE`` (DD-28), ``used=e8.d8`` (promotion squares, DD-31),
  ``falls=VICTIM,KILLER,m|r,LEVEL,ITEMS;...`` (killed pieces in order: by whom, in melee or at
  range, their level and items then; DD-41, DD-42, DD-46), ``loud=1`` (a piece has lost hit
  points this turn: the turn is not quiet, and the turns without damage are counted after it,
  DD-4), ``loot=WINNER,LOSER`` (DD-42) and ``result=KIND,w|b|-`` (a King's fall or surrender).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.rules.dnd import spells
from battlechess_tui.rules.dnd.endings import stored
from battlechess_tui.rules.dnd.state import (
    MOVE_PHASE,
    PHASES,
    Battle,
    DndState,
    Effect,
    Fall,
    Fascination,
    Loot,
    Pending,
    Phase,
    Piece,
    Waiting,
    placement,
)
from battlechess_tui.rules.dnd.stats import CHESS_TYPES, Tables

T = TypeVar("T")
SIDES = "wb"
FLAGS = (("first", "f"), ("charge_ok", "c"), ("charging", "C"), ("auto", "a"))
_PIECE_OF_LETTER = {cb.LETTERS[code]: piece for piece, code in CHESS_TYPES.items()}
TOKENS = ("level", "pieces", "turn", "phase", "actors", "battle", "pending", "fascination",
          "used", "falls", "loud", "loot", "result")  # fmt: skip


# -- writing -----------------------------------------------------------------------------------


def write(state: DndState, t: Tables, geo: Geometry) -> str:
    """The one-line text of ``state``."""
    cells = [cb.EMPTY] * geo.size
    for p in state.pieces:
        if p.alive:
            cells[p.square] = t.codes[p.cls] | (p.side << 3)
    rights = "".join(
        c
        for bit, c in ((cb.WK, "K"), (cb.WQ, "Q"), (cb.BK, "k"), (cb.BQ, "q"))
        if state.castling & bit
    )
    full = (state.turn + 1) // 2
    fen = f"{placement(cells, geo)} {SIDES[state.side]} {rights or '-'} - {state.quiet} {full}"
    level = _fresh_level(state, t)
    tokens = [f"level={level}"] if level else [f"pieces={_pieces(state, t, geo)}"]
    if state.turn != _turn_of(full, state.side):
        tokens.append(f"turn={state.turn}")
    if state.phase != MOVE_PHASE:
        tokens.append(f"phase={state.phase}")
    if state.actors:
        tokens.append(f"actors={_ids(state.actors)}")
    if state.battle is not None:
        tokens.append(f"battle={_battle(state.battle, geo)}")
    if state.pending is not None:
        tokens.append(f"pending={_pending(state.pending, geo)}")
    if state.fascination is not None:
        f = state.fascination
        tokens.append(f"fascination={f.king},{f.enemy},{f.turn},{_battle(f.battle, geo)}")
    if state.used_squares:
        tokens.append("used=" + ".".join(geo.name(sq) for sq in state.used_squares))
    if state.falls:
        tokens.append("falls=" + ";".join(_fall(f) for f in state.falls))
    if state.loud:
        tokens.append("loud=1")
    if state.loot is not None:
        tokens.append(f"loot={state.loot.winner},{state.loot.loser}")
    if state.result is not None:
        winner = "-" if state.result.winner is None else SIDES[state.result.winner]
        tokens.append(f"result={state.result.kind.value},{winner}")
    return " ".join([fen, *tokens])


def _turn_of(full: int, side: int) -> int:
    """The turn count a move number gives when White moved first."""
    return 2 * (full - 1) + 1 + side


def _fresh_level(state: DndState, t: Tables) -> int:
    """The level of every piece when all are fresh and numbered in square order, else 0."""
    if not state.pieces:
        return 1
    if state.falls:
        return 0
    level = state.pieces[0].level
    squares = [p.square for p in state.pieces]
    if squares != sorted(squares):
        return 0
    for p in state.pieces:
        if not p.alive:
            return 0
        fresh = Piece(p.id, p.cls, p.side, level, t.stats(p.cls, level).hp, p.square)
        if p != fresh:
            return 0
    return level


def _ids(ids: Sequence[int]) -> str:
    return ".".join(map(str, ids))


def _pieces(state: DndState, t: Tables, geo: Geometry) -> str:
    return ";".join(_piece(p, t, geo) for p in state.pieces)


def _piece(p: Piece, t: Tables, geo: Geometry) -> str:
    letter = cb.letter(t.codes[p.cls] | (p.side << 3))
    parts = [f"{letter}{geo.name(p.square) if p.alive else 'x'}", str(p.level), str(p.hp)]
    if p.promoted:
        parts.append("p")
    if any(p.slots_used):
        parts.append("s:" + _ids(p.slots_used))
    if p.used:
        parts.append("u:" + "+".join(p.used))
    if p.items:
        parts.append("i:" + "&".join(p.items))
    if p.no_fascinate:
        parts.append("n:" + _ids(p.no_fascinate))
    parts += ["e:" + _effect(e) for e in p.effects]
    return ",".join(parts)


def _effect(e: Effect) -> str:
    rounds = "*" if e.rounds is None else str(e.rounds)
    bonuses = "&".join(f"{stat}:{typ}:{value}" for stat, typ, value in e.bonuses)
    fields = [e.key, str(e.source), rounds, e.condition, str(e.amount), bonuses]
    return "/".join(fields + [e.spell] if e.spell else fields)


def _battle(b: Battle, geo: Geometry) -> str:
    flags = "".join(letter for name, letter in FLAGS if getattr(b, name)) or "-"
    flat = "-" if b.flat_footed < 0 else str(b.flat_footed)
    move = _move(b.move, geo)
    return f"{b.attacker}.{b.defender}.{move}.{b.actor}.{flat}.{b.actions}.{flags}"


def _move(move: int, geo: Geometry) -> str:
    promo = cb.promotion(move)
    return geo.name(cb.origin(move)) + geo.name(cb.target(move)) + ("p" if promo else "")


def _pending(p: Pending, geo: Geometry) -> str:
    move = _move(p.move, geo) if p.action is None else "-"
    action = "-" if p.action is None else p.action.text(geo).replace(" ", "_")
    return f"{p.kind},{p.actor},{move},{action}"


def _fall(f: Fall) -> str:
    killer = "-" if f.killer < 0 else str(f.killer)
    return f"{f.victim},{killer},{'m' if f.melee else 'r'},{f.level},{'&'.join(f.items)}"


# -- reading -----------------------------------------------------------------------------------


def read(text: str, t: Tables, geo: Geometry, level: int) -> DndState:
    """The state ``write`` wrote (a plain FEN too: every piece fresh at ``level``);
    ValueError naming what is wrong."""
    words = text.split()
    fen = [w for w in words if "=" not in w]
    if words[: len(fen)] != fen or not 1 <= len(fen) <= 6:
        raise ValueError(
            "a position is a FEN (board, side, castling, en passant, counters) "
            "followed by name=value fields"
        )
    fen += ["w", "-", "-", "0", "1"][len(fen) - 1 :]
    quiet, full = _count(fen[4], "the quiet-turn count"), _count(fen[5], "the move number")
    board = ChessBoard(geo, " ".join(fen))  # an en passant square is read and ignored (DD-4)
    tokens = _tokens([w for w in words if "=" in w])
    turn = _field(tokens, "turn", _number, _turn_of(max(full, 1), board.side))
    if "pieces" in tokens and "level" in tokens:
        raise ValueError("give level= or pieces=, not both")
    if "pieces" in tokens:
        no_pieces: list[Piece] = []
        pieces = _field(tokens, "pieces", lambda v: _parse_pieces(v, t, geo), no_pieces)
    else:
        pieces = _fresh(board, t, _field(tokens, "level", _number, level))
    at = _squares_of(pieces, geo)
    _check_board(board, pieces, t, geo)
    ids = len(pieces)
    state = DndState(
        tuple(pieces),
        tuple(at),
        board.castling,
        _field(tokens, "phase", _phase, MOVE_PHASE),
        board.side,
        _field(tokens, "actors", lambda v: _id_list(v, ids), ()),
        _field(tokens, "battle", lambda v: _parse_battle(v, ids, geo), None),
        _field(tokens, "pending", lambda v: _parse_pending(v, ids, geo), None),
        _field(tokens, "fascination", lambda v: _parse_fascination(v, ids, geo), None),
        _field(tokens, "used", lambda v: tuple(geo.parse(s) for s in v.split(".")), ()),
        _field(tokens, "falls", lambda v: _parse_falls(v, ids), ()),
        _field(tokens, "loot", lambda v: Loot(*_id_list(v, ids, 2, ",")), None),
        quiet,
        turn,
        _field(tokens, "result", _parse_result, None),
        _field(tokens, "loud", _flag, False),
    )
    if any(pieces[f.victim].alive for f in state.falls):
        raise ValueError("a fallen piece stands on the board (falls=)")
    return state


def _tokens(words: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for word in words:
        name, _, value = word.partition("=")
        if name not in TOKENS:
            raise ValueError(f"unknown field {name!r}: the fields are {', '.join(TOKENS)}")
        if name in out:
            raise ValueError(f"the field {name!r} is given twice")
        out[name] = value
    return out


def _field(tokens: dict[str, str], name: str, parse: Callable[[str], T], default: T) -> T:
    if name not in tokens:
        return default
    try:
        return parse(tokens[name])
    except (ValueError, IndexError) as exc:
        raise ValueError(f"field {name}: {exc}") from None


def _count(text: str, what: str) -> int:
    if not text.isdigit():
        raise ValueError(f"{what} must be a number, not {text!r}")
    return int(text)


def _flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"a flag is 0 or 1, not {text!r}")
    return text == "1"


def _number(text: str) -> int:
    return _count(text, "the value")


def _signed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number") from None


def _id(text: str, ids: int, none_ok: bool = False) -> int:
    if none_ok and text == "-":
        return -1
    pid = _count(text, "a piece id")
    if pid >= ids:
        raise ValueError(f"there is no piece {pid}")
    return pid


def _id_list(text: str, ids: int, size: int = 0, sep: str = ".") -> tuple[int, ...]:
    out = tuple(_id(x, ids) for x in text.split(sep))
    if size and len(out) != size:
        raise ValueError(f"give {size} piece ids")
    return out


def _phase(text: str) -> Phase:
    if text not in PHASES:
        raise ValueError(f"{text!r} is not one of {', '.join(PHASES)}")
    return Phase(text)


def _fresh(board: ChessBoard, t: Tables, level: int) -> list[Piece]:
    """Every piece of the board at ``level`` with full hit points, numbered in square order."""
    if level not in t.levels[t.king]:
        raise ValueError(f"level {level} is not one of {', '.join(map(str, t.levels[t.king]))}")
    classes = {code: cls for cls, code in t.codes.items()}
    pieces: list[Piece] = []
    for sq, code in enumerate(board.board):
        if code:
            cls = classes[code & 7]
            pieces.append(
                Piece(len(pieces), cls, cb.side_of(code), level, t.stats(cls, level).hp, sq)
            )
    return pieces


def _parse_pieces(text: str, t: Tables, geo: Geometry) -> list[Piece]:
    pieces = [_parse_piece(i, word, t, geo) for i, word in enumerate(text.split(";"))]
    for p in pieces:
        for e in p.effects:
            if e.source >= len(pieces):
                raise ValueError(f"an effect on piece {p.id} names caster {e.source}")
        if any(x >= len(pieces) for x in p.no_fascinate):
            raise ValueError(f"piece {p.id} names an unknown piece in n:")
    return pieces


def _parse_piece(pid: int, text: str, t: Tables, geo: Geometry) -> Piece:
    parts = text.split(",")
    if len(parts) < 3 or len(parts[0]) < 2:
        raise ValueError(f"piece {pid} {text!r} is not like Pe2,1,12")
    letter, where = parts[0][0], parts[0][1:]
    cls = t.class_of_piece.get(_PIECE_OF_LETTER.get(letter.upper(), ""))
    if cls is None:
        raise ValueError(f"piece {pid}: {letter!r} is not a chess letter")
    level = _count(parts[1], f"piece {pid}'s level")
    if level not in t.levels[cls]:
        raise ValueError(f"piece {pid} has level {level}")
    extra: dict[str, Any] = {}
    effects: list[Effect] = []
    for part in parts[3:]:
        name, value = _attribute(pid, part, t)
        if name == "effects":
            effects.append(value)
        else:
            extra[name] = value
    return Piece(
        pid,
        cls,
        0 if letter.isupper() else 1,
        level,
        _signed(parts[2]),
        -1 if where == "x" else geo.parse(where),
        effects=tuple(effects),
        **extra,
    )


def _attribute(pid: int, part: str, t: Tables) -> tuple[str, Any]:
    """One piece attribute (``p``, ``s:``, ``u:``, ``i:``, ``n:``, ``e:``): the ``Piece`` field
    it sets and its value (an effect is one of the piece's ``effects``)."""
    name, _, value = part.partition(":")
    if part == "p":
        return "promoted", True
    if name == "s":
        a, b, c = (_count(x, "slots used") for x in value.split("."))
        return "slots_used", (a, b, c)
    if name == "u":
        return "used", tuple(value.split("+"))
    if name == "i":
        cat = t.catalogue
        items = tuple(value.split("&"))
        return "items", items if cat is None else tuple(cat.parse(i).text for i in items)
    if name == "n":
        return "no_fascinate", tuple(_count(x, "a piece id") for x in value.split("."))
    if name == "e":
        return "effects", _parse_effect(value, t)
    raise ValueError(f"piece {pid}: unknown attribute {part!r}")


def _parse_effect(text: str, t: Tables) -> Effect:
    """``KEY/SOURCE/ROUNDS/CONDITION/AMOUNT/BONUSES[/SPELL]``; a seventh field that names no
    cast choice is an older text's ``LABEL`` (words), read and left: the presenter names the
    effect."""
    fields = text.split("/")
    if len(fields) not in (6, 7):
        raise ValueError(
            f"effect {text!r} needs 6 or 7 fields: KEY/SOURCE/ROUNDS/CONDITION/AMOUNT/BONUSES"
            "[/SPELL]"
        )
    key, source, rounds, condition, amount, bonuses = fields[:6]
    parsed: list[tuple[str, str, int]] = []
    for b in filter(None, bonuses.split("&")):
        stat, typ, value = b.split(":")
        parsed.append((stat, typ, _signed(value)))
    spell = _spell(fields[6], t) if len(fields) == 7 else ""
    if len(fields) == 7 and not spell and fields[6]:
        spell = _older_spell(key, condition, parsed)
    return Effect(
        key,
        -1 if source == "-1" else _count(source, "an effect's caster"),
        None if rounds == "*" else _count(rounds, "an effect's rounds"),
        tuple(parsed),
        condition,
        _signed(amount),
        spell,
    )


def _spell(field: str, t: Tables) -> str:
    """The seventh field as a cast choice's key; "" when it names none (an older label)."""
    return field if field in t.spells or field in spells.CURSES else ""


def _older_spell(key: str, condition: str, bonuses: list[tuple[str, str, int]]) -> str:
    """What an older text said by its label alone: a charm is Charm Person's, a curse is the
    one its penalties lay (Bestow Curse's choices)."""
    if condition == "charmed":
        return "charm-person"
    if key != "bestow-curse":
        return ""
    if condition == "cursed-actions":
        return spells.CURSES[2]
    return spells.CURSES[0] if any(stat == "saves" for stat, _, _ in bonuses) else spells.CURSES[1]


def _squares_of(pieces: list[Piece], geo: Geometry) -> list[int]:
    at = [-1] * geo.size
    for p in pieces:
        if p.alive:
            if at[p.square] >= 0:
                raise ValueError(f"two pieces on {geo.name(p.square)}")
            at[p.square] = p.id
    return at


def _check_board(board: ChessBoard, pieces: list[Piece], t: Tables, geo: Geometry) -> None:
    """The FEN board and the piece list must show the same pieces on the same squares."""
    cells = [cb.EMPTY] * geo.size
    for p in pieces:
        if p.alive:
            cells[p.square] = t.codes[p.cls] | (p.side << 3)
    for sq, (want, got) in enumerate(zip(board.board, cells, strict=True)):
        if want != got:
            raise ValueError(f"the board and pieces= disagree on {geo.name(sq)}")


def _parse_move(text: str, geo: Geometry) -> int:
    squares, rest = geo.split_squares(text)
    if len(squares) != 2 or rest not in ("", "p"):
        raise ValueError(f"{text!r} is not a move such as e4d5")
    return cb.encode(squares[0], squares[1], cb.PAWN if rest else 0)


def _parse_battle(text: str, ids: int, geo: Geometry) -> Battle:
    parts = text.split(".")
    if len(parts) != 7:
        raise ValueError(f"{text!r} needs 7 parts: A.D.MOVE.ACTOR.FLAT.ACTIONS.FLAGS")
    attacker, defender = _id(parts[0], ids), _id(parts[1], ids)
    move = _parse_move(parts[2], geo)
    flags = {name: letter in parts[6] for name, letter in FLAGS}
    return Battle(
        attacker,
        defender,
        cb.origin(move),
        cb.target(move),
        move,
        _id(parts[3], ids),
        flat_footed=_id(parts[4], ids, none_ok=True),
        actions=_count(parts[5], "actions"),
        **flags,
    )


def _parse_pending(text: str, ids: int, geo: Geometry) -> Pending:
    kind, actor, move, action = text.split(",")
    pid = _id(actor, ids)
    if kind == Waiting.BATTLE:
        m = _parse_move(move, geo)
        return Pending(Waiting.BATTLE, pid, m, cb.origin(m))
    if kind == Waiting.EFFECT:
        return Pending(Waiting.EFFECT, pid, action=Action.parse(action.replace("_", " "), geo))
    raise ValueError(f"{kind!r} is not battle or effect")


def _parse_fascination(text: str, ids: int, geo: Geometry) -> Fascination:
    king, enemy, turn, battle = text.split(",")
    return Fascination(
        _id(king, ids), _id(enemy, ids), _parse_battle(battle, ids, geo), _count(turn, "turn")
    )


def _parse_falls(text: str, ids: int) -> tuple[Fall, ...]:
    out = []
    for word in text.split(";"):
        victim, killer, manner, level, items = word.split(",")
        if manner not in ("m", "r"):
            raise ValueError(f"a fall is in melee (m) or at range (r), not {manner!r}")
        out.append(
            Fall(
                _id(victim, ids),
                _id(killer, ids, none_ok=True),
                manner == "m",
                _count(level, "level"),
                tuple(filter(None, items.split("&"))),
            )
        )
    return tuple(out)


def _parse_result(text: str) -> Outcome:
    kind, winner = text.split(",")
    if winner not in ("w", "b", "-"):
        raise ValueError(f"the winner is w, b or -, not {winner!r}")
    return stored(Ending(kind), None if winner == "-" else SIDES.index(winner))
