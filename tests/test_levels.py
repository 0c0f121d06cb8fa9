"""A computer's level is parsed once where it comes in (issue #38 item 4): the command line, a
save, a script's call and the new-game form hand on a ``Level``, and every way in refuses an
unknown one in the same line."""

import pytest

from battlechess_tui.ai import Budget, make_player
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import DEFAULT_LEVEL, LEVELS, Level
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save.records import record_of, write_record
from battlechess_tui.save.store import load_game
from battlechess_tui.session import build_game, computer_seats


def test_a_level_is_read_whatever_its_case_and_blank_is_the_default():
    assert Level.parse(" Hard ") is Level.HARD
    assert Level.parse("") is DEFAULT_LEVEL is Level.MEDIUM
    assert LEVELS == (Level.RANDOM, Level.GREEDY, Level.EASY, Level.MEDIUM, Level.HARD)


def test_an_unknown_level_is_refused_in_one_line_with_the_nearest():
    with pytest.raises(ValueError) as caught:
        Level.parse("hadr")
    assert str(caught.value) == (
        "no computer level 'hadr' (did you mean 'hard'?) "
        "(levels: random, greedy, easy, medium, hard)"
    )


def test_a_level_is_still_its_name_for_scripts_and_json():
    assert Level.MEDIUM == "medium" and f"{Level.EASY}" == "easy"
    assert make_player("greedy").level is Level.GREEDY
    assert Budget.for_level("hard").nodes == Budget.for_level(Level.HARD).nodes


def test_the_seats_a_computer_holds_carry_parsed_levels():
    variant = make_variant("gladiator")
    held = computer_seats(variant, {"black": "Easy", "white.queen": ""})
    assert set(held.values()) == {Level.EASY, Level.MEDIUM}
    assert all(type(level) is Level for level in held.values())
    game = build_game("classic", None, 3, {}, computers={"black": "HARD"})
    assert game.computers == {"black": Level.HARD} and type(game.computers["black"]) is Level


def test_a_loaded_games_computers_are_levels(tmp_path):
    game = Game(make_variant("classic"), seed=3)
    game.computers = {"black": Level.HARD}
    game.play("e2e4")
    path = tmp_path / "g.json"
    write_record(record_of(game), path)
    loaded = load_game(path).game
    assert type(loaded.computers["black"]) is Level
