"""Issue 39 items 3 and 4: moves are numbered as chess players number them, in every game, by
one function (``engine/numbering.py``) that the move log, the replay, the result panel and
the analysis share; a draw offer and its answer have no number of their own."""

from __future__ import annotations

import pytest

from battlechess_tui.analysis.pgn import export
from battlechess_tui.engine import numbering
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.session import build_game
from battlechess_tui.ui import views
from battlechess_tui.ui.screenshots import play_some

GAMES = ("classic", "single-combat", "dice-chess", "arena", "brawl", "gladiator", "dnd")


def played(moves: tuple[str, ...], variant: str = "classic") -> Game:
    game = Game(make_variant(variant), 7)
    for move in moves:
        game.play(move)
    return game


@pytest.mark.parametrize("key", GAMES)
def test_every_game_numbers_its_moves_as_its_log_does(key: str) -> None:
    game = build_game(key, None, 11, None)
    play_some(game, 40)
    numbers = numbering.move_numbers(game)
    assert numbers[0] == "1." and len(numbers) == len(game.plies)
    # The log writes a number where a move begins, and only there.
    logged = [entry.turn for entry in views.log(game)]
    assert [n for n in logged if n] == [
        n for k, n in enumerate(numbers) if k == 0 or n != numbers[k - 1]
    ]
    # Numbers never go back, White's and Black's moves share a number.
    order = [(int(n[:-1]), n[-1] == "…") for n in numbers]
    assert order == sorted(order)
    assert numbering.moves_played(game) == order[-1][0]


def test_a_gladiator_team_turn_is_one_move() -> None:
    game = build_game("gladiator", None, 11, None)
    play_some(game, 24)
    numbers = numbering.move_numbers(game)
    white = [n for n in numbers if n == "1."]
    assert len(white) >= 4  # the team's commanders each decide within move 1
    assert numbering.move_labels(game)[: len(white)] == ["1.", *[""] * (len(white) - 1)]
    assert numbers[len(white)] == "1…"


def test_a_draw_offer_and_its_answer_sit_beside_the_move_without_a_number() -> None:
    """1.e4 e5 2.Nf3, Black offers a draw, White declines, 2…Nc6: the offer and the answer
    are not moves, so Nc6 is still 2… and White's next is 3."""
    game = played(("e2e4", "e7e5", "g1f3", "offer-draw", "decline-draw", "b8c6", "f1c4"))
    assert [e.turn for e in views.log(game)] == ["1.", "1…", "2.", "", "", "2…", "3."]
    assert numbering.move_numbers(game) == ["1.", "1…", "2.", "2…", "2…", "2…", "3."]
    assert numbering.moves_played(game) == 3
    game.play("resign")
    assert numbering.moves_played(game) == 3 and views.log(game)[-1].turn == ""


def test_a_draw_offer_does_not_shift_the_pgn_numbers() -> None:
    game = played(("e2e4", "e7e5", "g1f3", "offer-draw", "decline-draw", "b8c6", "f1c4"))
    assert "1. e4 e5 2. Nf3 { offers a draw } 2... Nc6 3. Bc4 *" in export(game)


def test_after_move_goes_to_the_position_after_whites_move() -> None:
    game = played(("e2e4", "e7e5", "g1f3", "b8c6"))
    assert [numbering.after_move(game, n) for n in (0, 1, 2, 3, 99)] == [0, 1, 3, 4, 4]
    assert numbering.move_label(game, 3) == "2…"
