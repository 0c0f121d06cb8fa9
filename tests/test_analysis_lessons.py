"""The skill-or-dice lessons (issue 29): one per dice game, each walking through its example
save from ``saves/``: the lesson starts at a position of the saved game, replays the game's own
decisions with the game's own dice (the bad-luck roll among them), and ends at the mistake,
where the learner makes the engine's preferred decision instead."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from battlechess_tui.analysis.model import Analysis, DecisionReport, chance_of
from battlechess_tui.analysis.store import analysis_path, stored
from battlechess_tui.save.store import load_game
from battlechess_tui.tutorial.catalogue import find
from battlechess_tui.tutorial.check import check_lesson
from battlechess_tui.tutorial.model import Lesson
from battlechess_tui.tutorial.runner import LessonRun
from tests.typed import known

ROOT = Path(__file__).resolve().parent.parent
DICE_GAMES = ("single-combat", "gladiator", "dice-chess", "dnd")  # Arena and Brawl throw none


def _walk(game: str) -> tuple[Lesson, Analysis, DecisionReport, DecisionReport]:
    """Play the game's skill-or-dice lesson to its last step, checking that it replays its
    example save: the lesson, the save's kept analysis, its first (lucky) decision and its
    last (the mistake)."""
    ref = find(game, "skill-or-dice")
    assert check_lesson(ref) == []
    save = ROOT / known(re.search(r"saves/([\w-]+\.json)", ref.lesson.intro))[0]
    loaded = load_game(save).game
    texts = [loaded.rules.position_text(p.state) for p in loaded.positions]
    run = LessonRun(ref)
    start = texts.index(loaded.rules.position_text(run.game.state))
    analysis = Analysis.from_json(json.loads(analysis_path(save).read_text(encoding="utf-8")))
    assert stored(save, "medium") is not None  # the kept analysis is today's
    lucky = analysis.decision_at(start)
    assert lucky is not None and lucky.roll is not None
    for step in ref.lesson.steps[:-1]:
        assert run.attempt(step.expect[0]).done
    at = len(run.game.plies) + start
    assert run.game.rules.position_text(run.game.state) == texts[at]  # the game's own dice
    mistake = analysis.decision_at(at)
    assert mistake is not None
    assert run.attempt(known(mistake.preferred)).done and run.finished
    return ref.lesson, analysis, lucky, mistake


@pytest.mark.parametrize("game", DICE_GAMES)
def test_each_dice_game_has_a_lesson_through_its_analysed_example(game: str) -> None:
    lesson, _, lucky, mistake = _walk(game)
    assert lucky.luck_for(lucky.side) < 0 and not lucky.mark  # bad luck, not a bad decision
    assert mistake.mark in ("mistake", "blunder")
    assert lesson.steps[-1].expect == [mistake.preferred]


@pytest.mark.parametrize("game", DICE_GAMES)
def test_each_skill_or_dice_lesson_quotes_its_analysis(game: str) -> None:
    """The figures a lesson's words give are the kept analysis's as it reads today: the
    roll's expected and actual chance and its luck, the mistake's mark, its estimate before
    and after and its cost."""
    lesson, analysis, lucky, mistake = _walk(game)
    roll, side, luck = known(lucky.roll), lucky.side, float(lucky.luck_for(lucky.side))
    expected, came = (round(100 * chance_of(float(w), side)) for w in (roll.expected, roll.actual))
    first, last = lesson.steps[0].after, lesson.steps[-1].say
    assert f"at {expected}% after this roll" in first and f"came out at {came}%" in first, first
    assert f"luck {luck:+.2f}" in first, first
    change = analysis.change(mistake)
    assert f"marks it a {mistake.mark}" in last and f"went {change}" in last, last
    assert f"best was {mistake.preferred_notation}" in last, last
    left = analysis.evaluation(mistake.after, mistake.side)
    assert f"left {analysis.side_names[mistake.side]} " in lesson.steps[-1].after
    assert left in lesson.steps[-1].after, lesson.steps[-1].after
    if "winning chance is about" in lesson.intro:
        assert f"about {round(100 * chance_of(lucky.before, side))}%" in lesson.intro
    assert f"{-luck:.2f} to the dice" in lesson.done, lesson.done
    assert f"{mistake.cost:.2f} to a {mistake.mark}" in lesson.done, lesson.done
