"""Dice-move chess through the app's layers without the screen: the computer players and the
hint, saving, loading, replaying and verifying (DM-9), the analysis's luck per die (DM-6), and
the lesson. Fixed seeds throughout."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from battlechess_tui.ai import hint, make_player
from battlechess_tui.ai.budget import Budget
from battlechess_tui.analysis.engine import roll_of
from battlechess_tui.analysis.run import analyse
from battlechess_tui.plugin import Game, Roll, ScriptedDice, make_variant
from battlechess_tui.save.store import load_game, save_game, verify_file
from battlechess_tui.tutorial.catalogue import shipped
from battlechess_tui.tutorial.runner import LessonRun

VARIANT = make_variant("dice-move-chess")


def computer_game(seed: int, plies: int) -> Game:
    """A game between the greedy and the random player, ``plies`` decisions long at most."""
    game = Game(VARIANT, seed)
    players = {"white": make_player("greedy"), "black": make_player("random")}
    rng = random.Random(seed)
    while not game.over and len(game.plies) < plies:
        seat = game.to_move
        budget = Budget(nodes=200)
        game.play(players[seat].choose(VARIANT.rules, game.state, seat, rng, budget))
    return game


def test_dm_9_every_die_is_saved_and_the_game_replays_and_verifies(tmp_path: Path):
    game = computer_game(11, 40)
    thrown = [e for e in game.setup_events if isinstance(e, Roll)]
    thrown += [r for p in game.plies for r in p.rolls]
    assert len(thrown) == len(game.plies) + (0 if game.over else 1)
    path = tmp_path / "dice-move.json"
    save_game(game, path)
    assert verify_file(path) is None
    loaded = load_game(path).game
    assert loaded.state == game.state
    assert [p.events for p in loaded.plies] == [p.events for p in game.plies]


def test_dm_9_taking_a_move_back_never_throws_again():
    game = Game(VARIANT, 6)
    first = game.play(game.rule_actions()[0])
    game.undo()
    again = game.play(first.action)  # the same decision: the same die for the other side
    assert again.rolls == first.rolls


def test_dm_9_a_replay_from_other_dice_is_caught(tmp_path: Path):
    game = Game(VARIANT, 5)
    game.play(game.rule_actions()[0], ScriptedDice([1]))  # a die the seed would not throw
    game.play(game.rule_actions()[0], ScriptedDice([1]))
    path = tmp_path / "loaded-dice.json"
    save_game(game, path)
    assert verify_file(path) is not None


def test_the_computer_and_the_hint_choose_legal_decisions():
    game = Game(VARIANT, 2)
    rules = VARIANT.rules
    for level in ("easy", "medium"):
        seat = game.to_move
        choice = make_player(level).choose(rules, game.state, seat, random.Random(1), Budget(300))
        assert choice in rules.legal_actions(game.state)
    found = hint(rules, game.state, game.to_move, random.Random(1), Budget(nodes=300))
    assert found.action in rules.legal_actions(game.state)
    assert found.reason()


def test_dm_6_the_analysis_weighs_each_face_of_the_die_exactly():
    game = Game(VARIANT, 4)
    while not game.plies or not game.plies[-1].rolls:
        game.play(game.rule_actions()[0])
    index = len(game.plies) - 1
    ply = game.plies[index]
    before = ply.before
    roll = roll_of(VARIANT.rules, before, ply.action, game.state, seed=1)
    assert roll.exact and sum(roll.weights) == 1
    assert all((w * 6).denominator == 1 for w in roll.weights)  # faces merged by sixths
    assert len(roll.states) <= 6 and roll.states[roll.actual] == game.state
    assert all(w >= Fraction(1, 6) for w in roll.weights)


def test_dm_6_a_short_game_s_analysis_tells_luck_per_die():
    game = computer_game(3, 6)
    analysis = analyse(game, "medium")
    reports = [d for d in analysis.decisions if d.roll is not None]
    assert reports and all(d.roll.exact for d in reports)
    for d in reports:
        assert sum(o.chance for o in d.roll.outcomes) == 1
        assert d.roll.expected + d.roll.luck == d.roll.actual


def test_the_lesson_plays_through():
    (ref,) = [r for r in shipped() if r.game == "dice-move-chess"]
    run = LessonRun(ref)
    while not run.finished:
        feedback = run.attempt(run.expected()[0])
        assert feedback.done, feedback.message
    assert run.game.state.board.kings[0] == run.game.rules.geo.parse("g1")
