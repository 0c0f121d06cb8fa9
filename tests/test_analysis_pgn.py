"""PGN (issue 29): a classic game exported with its analysis opens in python-chess and replays
to the same final position; ``battlechess import`` turns a PGN back into a replayable save; the
other chess games write each fight's roll as a comment."""

from __future__ import annotations

import io
import re
from pathlib import Path

import chess
import chess.pgn
import pytest

from battlechess_tui.analysis import analyse
from battlechess_tui.analysis.pgn import PgnError, export, import_game
from battlechess_tui.cli import main
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save.store import load_game
from tests.analysis_games import BLUNDER_PLY, blunder_game, even_fights_game, saved
from tests.typed import known

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = ROOT / "saves" / "classic-14-0000.json"


def read(text: str) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors, game and game.errors
    return game


def test_an_exported_classic_game_replays_in_python_chess_to_the_same_position() -> None:
    loaded = load_game(CLASSIC)
    game = loaded.game
    pgn = read(export(game, None, loaded.record.created))
    board = pgn.end().board()
    assert len(list(pgn.mainline_moves())) == len(game.plies)
    assert board.board_fen() == game.rules.position_text(game.state).split()[0]
    assert board.is_checkmate() and pgn.headers["Result"] == "1-0"
    assert pgn.headers["Date"] == loaded.record.created[:10].replace("-", ".")


def test_the_analysis_reads_as_nags_and_evals() -> None:
    game = blunder_game()
    pgn = read(export(game, analyse(game, "medium")))
    nodes = list(pgn.mainline())
    blunder = nodes[BLUNDER_PLY]
    assert blunder.san() == "Qg4" and chess.pgn.NAG_BLUNDER in blunder.nags
    score = known(blunder.eval()).white().score()
    assert score is not None and score < -300
    assert "; best was " in blunder.comment and " → " in blunder.comment
    assert all(node.eval() is not None for node in nodes)


def test_battlechess_import_makes_a_replayable_save(tmp_path: Path, capsys) -> None:
    pgn_path = tmp_path / "game.pgn"
    pgn_path.write_text(export(load_game(CLASSIC).game), encoding="utf-8")
    assert main(["import", str(pgn_path)]) == 0
    assert "wrote" in capsys.readouterr().out
    back = load_game(tmp_path / "game.json").game  # verified against its seed on load
    original = load_game(CLASSIC).game
    assert [p.action for p in back.plies] == [p.action for p in original.plies]
    assert back.outcome is not None and back.outcome.winner == 0


def test_an_import_ending_in_a_resignation_or_agreed_draw() -> None:
    text = '[Result "0-1"]\n\n1. e4 e5 2. Nf3 {a comment} (2. d4 exd4) Nc6 $1 0-1\n'
    game = import_game(text, make_variant("classic"))
    assert [p.notation for p in game.plies][:3] == ["e4", "e5", "Nf3"]
    assert game.outcome is not None and game.outcome.winner == 1
    drawn = import_game("1. d4 d5 1/2-1/2", make_variant("classic"))
    assert drawn.outcome is not None and drawn.outcome.winner is None


def test_a_result_only_in_the_tags_ends_the_game_and_the_movetexts_own_comes_first() -> None:
    """A PGN whose moves end without a result (or with ``*``) takes the Result tag's; where the
    movetext gives one, that is the game's."""
    tagged = import_game('[Result "1-0"]\n\n1. e4 e5 2. Nf3 *', make_variant("classic"))
    assert tagged.outcome is not None and tagged.outcome.winner == 0
    own = import_game('[Result "0-1"]\n\n1. e4 e5 2. Nf3 1-0', make_variant("classic"))
    assert own.outcome is not None and own.outcome.winner == 0


def test_a_resignation_is_exported_as_a_comment_not_a_move() -> None:
    game = import_game('[Result "0-1"]\n\n1. e4 e5 2. Nf3 Nc6 0-1', make_variant("classic"))
    text = export(game)
    movetext = re.sub(r"\{[^}]*\}", "", text.split("\n\n")[1]).split()
    assert movetext == ["1.", "e4", "e5", "2.", "Nf3", "Nc6", "0-1"]
    pgn = read(text)
    assert [m.uci() for m in pgn.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6"]
    assert "resign" in pgn.end().comment.lower() and pgn.headers["Result"] == "0-1"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("1. e4 e5 2. Ke3", "Ke3"),
        ('[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n1. Kb1 *', "FEN"),
        ('[Variant "Atomic"]\n\n1. e4 *', "Atomic"),
        ("1. e4 (1. d4", "variation"),
    ],
)
def test_a_pgn_that_is_not_a_classic_game_is_refused_in_one_line(text: str, problem: str) -> None:
    with pytest.raises(PgnError, match=problem):
        import_game(text, make_variant("classic"))


def test_import_of_a_bad_file_is_one_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.pgn"
    bad.write_text("1. e4 e5 2. Qxf7#", encoding="utf-8")
    assert main(["import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "Qxf7#" in err and len(err.strip().splitlines()) == 1


def test_the_other_chess_games_write_each_fight_roll_as_a_comment(tmp_path: Path) -> None:
    path = saved(even_fights_game(), tmp_path, "even")
    assert main(["analyse", str(path), "--pgn", str(tmp_path / "even.pgn")]) == 0
    text = (tmp_path / "even.pgn").read_text(encoding="utf-8")
    assert '[BattlechessGame "single-combat"]' in text
    assert text.count("1d8 [") == 3 and "luck +" in text and "luck -" not in text.split("bxc6")[0]
    pgn = read(text)
    assert [n.san() for n in pgn.mainline()][:3] == ["e4", "d5", "exd5"]
