"""The skill-or-dice lessons (issue 29): one per dice game, each walking through its example
save from ``saves/``: the lesson starts at a position of the saved game, replays the game's own
decisions with the game's own dice (the bad-luck roll among them), and ends at the mistake,
where the learner makes the engine's preferred decision instead."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from battlechess_tui.analysis.model import Analysis
from battlechess_tui.analysis.store import analysis_path
from battlechess_tui.save.store import load_game
from battlechess_tui.tutorial.catalogue import find
from battlechess_tui.tutorial.check import check_lesson
from battlechess_tui.tutorial.runner import LessonRun
from tests.typed import known

ROOT = Path(__file__).resolve().parent.parent
DICE_GAMES = ("single-combat", "gladiator", "dice-chess", "dnd")  # Arena and Brawl throw none


@pytest.mark.parametrize("game", DICE_GAMES)
def test_each_dice_game_has_a_lesson_through_its_analysed_example(game: str) -> None:
    ref = find(game, "skill-or-dice")
    assert check_lesson(ref) == []
    save = ROOT / known(re.search(r"saves/([\w-]+\.json)", ref.lesson.intro))[0]
    loaded = load_game(save).game
    texts = [loaded.rules.position_text(p.state) for p in loaded.positions]
    run = LessonRun(ref)
    start = texts.index(loaded.rules.position_text(run.game.state))
    analysis = Analysis.from_json(json.loads(analysis_path(save).read_text(encoding="utf-8")))
    lucky = analysis.decision_at(start)
    assert lucky is not None and lucky.roll is not None
    assert lucky.luck_for(lucky.side) < 0  # the first step's roll was bad luck
    for step in ref.lesson.steps[:-1]:
        assert run.attempt(step.expect[0]).done
    at = len(run.game.plies) + start
    assert run.game.rules.position_text(run.game.state) == texts[at]  # the game's own dice
    mistake = analysis.decision_at(at)
    assert mistake is not None and mistake.mark in ("mistake", "blunder")
    assert ref.lesson.steps[-1].expect == [mistake.preferred]
    assert run.attempt(known(mistake.preferred)).done and run.finished
