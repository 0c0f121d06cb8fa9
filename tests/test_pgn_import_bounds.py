"""Issue 37, item 5: a PGN is read in one pass (variations nested at most ``MAX_DEPTH`` deep,
an unclosed comment refused), so any file under the size limit is imported or refused at
once; echoed input is cut short; a file without moves, an unclosed tag and a player's name
that ``--player`` would refuse are each refused in one line.

The large inputs below take a moment when read in one pass and would not finish if read in
quadratic time (200,000 nested variations took longer than 30 s), so no clock is needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.analysis.pgn import MAX_DEPTH, PgnError, import_game, san_tokens
from battlechess_tui.cli import main
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant


def _import(text: str) -> Game:
    return import_game(text, make_variant("classic"))


def test_200000_nested_variations_are_refused_in_one_pass() -> None:
    text = "1. e4 " + "(1. d4 " * 200_000 + ")" * 200_000 + " e5 *"
    with pytest.raises(PgnError, match=f"nested more than {MAX_DEPTH} deep"):
        san_tokens(text)


def test_100000_variations_side_by_side_are_skipped_in_one_pass() -> None:
    text = "1. e4 " + "(1. d4 d5) " * 100_000 + "e5 2. Nf3 *"
    assert san_tokens(text) == (["e4", "e5", "Nf3"], "*")


def test_variations_nested_up_to_the_limit_are_read() -> None:
    text = "1. e4 " + "(1. d4 " * MAX_DEPTH + ")" * MAX_DEPTH + " e5 1-0"
    assert san_tokens(text) == (["e4", "e5"], "1-0")


def test_a_million_and_a_half_unclosed_comments_are_refused_in_one_pass() -> None:
    with pytest.raises(PgnError, match="comment .* not closed"):
        san_tokens("1. e4 " + "{ " * 1_500_000)


def test_a_variation_closed_twice_is_refused() -> None:
    with pytest.raises(PgnError, match="closes no variation"):
        san_tokens("1. e4 (1. d4) ) e5 *")


def test_a_long_bad_token_is_echoed_cut_short() -> None:
    with pytest.raises(PgnError) as caught:
        _import("1. " + "x" * 1_000_000 + " *")
    assert len(str(caught.value)) < 120 and "…" in str(caught.value)


@pytest.mark.parametrize("text", ["", "\n\n", '[Event "x"]\n[White "Ann"]\n', '[Event "x"]\n\n*'])
def test_a_pgn_without_moves_is_refused(text: str) -> None:
    with pytest.raises(PgnError, match="no moves"):
        _import(text)


def test_an_unterminated_tag_says_so() -> None:
    with pytest.raises(PgnError, match=r"tag .*line 1.* not closed"):
        _import('[Event "Casual\n\n1. e4 e5 *')


def test_several_tags_on_one_line_are_read() -> None:
    game = _import('[White "Ann"] [Black "Bo"]\n\n1. e4 e5 *')
    assert game.players == {"white": "Ann", "black": "Bo"}


@pytest.mark.parametrize("name", ["Ann\x1b[2J", "Bo\x07", "x" * 41])
def test_a_name_that_player_would_refuse_is_refused(name: str) -> None:
    with pytest.raises(PgnError, match="White tag"):
        _import(f'[White "{name}"]\n\n1. e4 e5 *')


def test_an_unknown_player_keeps_the_side_s_name() -> None:
    game = _import('[White ""]\n[Black "  "]\n\n1. e4 *')
    assert game.players == {"white": "White", "black": "Black"}


def test_import_of_a_file_without_moves_fails_in_one_line(tmp_path: Path, capsys) -> None:
    pgn = tmp_path / "empty.pgn"
    pgn.write_text('[Event "x"]\n', encoding="utf-8")
    assert main(["import", str(pgn)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no moves" in err
    assert not (tmp_path / "empty.json").exists()
