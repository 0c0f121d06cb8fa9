"""SAN in the chess games (issue 25 item 13): every legal move of a few hundred random
positions is written as python-chess writes it and read back from python-chess's SAN (with and
without its check marks, and in long form); ambiguous and impossible text is refused."""

from __future__ import annotations

import random

import chess
import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.rules.chess_family.san import SanError
from battlechess_tui.session import build_game
from tests.typed import known

POSITIONS = 300
#: Known positions rich in castling, promotions (with and without capture) and en passant.
SPECIAL = (
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1",  # Rd1 and Rh1... both rooks, a queen: files, ranks
)


def random_boards(count: int, seed: int = 25) -> list[chess.Board]:
    """Positions from random games (some reaching promotions, castling, en passant)."""
    rng = random.Random(seed)
    boards: list[chess.Board] = []
    while len(boards) < count:
        board = chess.Board()
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            captures = [m for m in moves if board.is_capture(m) or m.promotion]
            board.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))
        if not board.is_game_over():
            boards.append(board)
    return boards


@pytest.fixture(scope="module")
def classic() -> Game:
    return build_game("classic", None, 1)


def test_san_of_every_legal_move_matches_python_chess(classic: Game) -> None:
    rules, presenter, geo = classic.rules, classic.presenter, classic.rules.geo
    checked = 0
    for board in [*random_boards(POSITIONS), *(chess.Board(fen) for fen in SPECIAL)]:
        state = rules.parse_position(board.fen())
        ours = {a.text(geo): a for a in rules.legal_actions(state)}
        assert set(ours) == {m.uci() for m in board.legal_moves}, board.fen()
        for move in board.legal_moves:
            action = ours[move.uci()]
            written = board.san(move)
            assert presenter.notation(state, action) == written, (board.fen(), move.uci())
            for typed in {written, written.rstrip("+#"), board.lan(move).replace("-", "")}:
                assert presenter.parse_notation(state, typed) == action, (board.fen(), typed)
            checked += 1
    assert checked > 5000


def test_san_reads_what_chess_players_type(classic: Game) -> None:
    rules, presenter = classic.rules, classic.presenter
    start = rules.parse_position(chess.STARTING_FEN)

    def read(text: str, state: object = start) -> str:
        return known(presenter.parse_notation(state, text)).text(rules.geo)

    assert read("e4") == "e2e4" and read("Nf3") == "g1f3" and read("nc3") == "b1c3"
    assert read("e4+") == "e2e4" and read("Nf3!?") == "g1f3"
    board = chess.Board("r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1")
    state = rules.parse_position(board.fen())
    assert read("exd5", state) == "e4d5" and read("O-O", state) == "e1g1"
    assert read("0-0-0", state) == "e1c1" and read("o-o", state) == "e1g1"
    assert read("bxa8=Q", state) == "b7a8q" and read("b8N", state) == "b7b8n"
    assert read("b8=q", state) == "b7b8q"


def test_a_square_alone_is_a_pawn_and_else_refused_naming_the_pieces(classic: Game) -> None:
    """Issue 39 item 5: in SAN a bare square is a pawn's move. After 1.Nc3 e5 2.Nf3, Black's
    ``a3`` once played Ba3 (and lost the Bishop to bxa3)."""
    rules, presenter = classic.rules, classic.presenter
    state = rules.parse_position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    with pytest.raises(SanError, match=r"^no pawn can go to h4; Qh4\?$"):
        presenter.parse_notation(state, "h4")
    assert known(presenter.parse_notation(state, "h5")).text(rules.geo) == "h7h5"
    after = rules.parse_position("rnbqkbnr/pppp1ppp/8/4p3/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 3 2")
    with pytest.raises(SanError, match=r"^no pawn can go to a3; Ba3\?$"):
        presenter.parse_notation(after, "a3")
    with pytest.raises(SanError, match=r"^no pawn can go to e7; Qe7, Be7, Ne7, Ke7\?$"):
        presenter.parse_notation(after, "e7")
    with pytest.raises(SanError, match="names no legal move"):
        presenter.parse_notation(after, "a2")  # nothing goes there: no pieces to name


def test_arena_names_its_candidates_as_its_log_writes_them() -> None:
    """Issue 39 item 5: ``e4`` in the arena's opening could be any of four gladiators; each
    is named as the move log names it, with the supporters granting its move."""
    game = build_game("arena", None, 3)
    with pytest.raises(SanError) as refused:
        game.presenter.parse_notation(game.state, "e4")
    candidates = [
        game.presenter.notation(game.state, a)
        for a in game.rule_actions()
        if a.kind == "move" and game.rules.geo.name(a.squares[-1]) == "e4"
    ]
    assert len(candidates) == 4 and all(" (as " in c for c in candidates)
    assert str(refused.value) == f"'e4' could be {', '.join(candidates)}: say which"


def test_ambiguous_or_impossible_san_is_refused_naming_the_candidates(classic: Game) -> None:
    rules, presenter = classic.rules, classic.presenter
    state = rules.parse_position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(SanError, match="'Nd2' could be Nbd2, Nfd2: say which"):
        presenter.parse_notation(state, "Nd2")
    assert known(presenter.parse_notation(state, "Nfd2")).text(rules.geo) == "f1d2"
    with pytest.raises(SanError, match="names no legal move"):
        presenter.parse_notation(state, "Qd4")
    with pytest.raises(SanError, match="cannot read"):
        presenter.parse_notation(state, "hello")
    pawn_or_bishop = rules.parse_position("4k3/8/8/8/2p5/1P1B4/8/4K3 w - - 0 1")
    assert known(presenter.parse_notation(pawn_or_bishop, "bc4")).text(rules.geo) == "b3c4"
    assert known(presenter.parse_notation(pawn_or_bishop, "bc2")).text(rules.geo) == "d3c2"


@pytest.mark.parametrize("variant", ["single-combat", "arena", "brawl"])
def test_san_in_the_other_chess_games_reads_back_what_it_writes(variant: str) -> None:
    game = build_game(variant, None, 3)
    rng = random.Random(3)
    for _ in range(40):
        actions = game.rule_actions()
        if game.over or not actions:
            break
        moves = [a for a in actions if a.kind == "move"]
        for action in moves:
            written = game.presenter.notation(game.state, action)
            typed = written.split(" (")[0]
            assert game.presenter.parse_notation(game.state, typed) == action, written
        game.play(rng.choice(actions))


def test_typed_san_does_not_change_the_canonical_text(classic: Game) -> None:
    game = build_game("classic", None, 1)
    action = game.presenter.parse_notation(game.state, "Nf3")
    assert action == Action("move", (game.rules.geo.parse("g1"), game.rules.geo.parse("f3")))
    assert game.play(action).notation == "Nf3"
