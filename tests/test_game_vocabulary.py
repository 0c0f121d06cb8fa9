"""Each game owns its words (issue 38 item 1): the engine lists the generic ones, a game
declares its own (``Rules.vocabulary``), every word a game uses is one of the two, and a
name a script used before the words moved still works, with a warning naming its place."""

from __future__ import annotations

import ast
import random
import warnings
from pathlib import Path

import pytest

from battlechess_tui.engine import vocabulary
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.vocabulary import ActionKind, EventTag, Purpose, Verdict
from battlechess_tui.rules.dnd.vocabulary import DndAction, DndPurpose
from battlechess_tui.rules.gladiator.vocabulary import GladiatorTag, GladiatorVerdict
from battlechess_tui.save.store import load_game

PACKAGE = Path(vocabulary.__file__).parent.parent
SAVES = PACKAGE.parent / "saves"
GAME_NAMES = ("gladiator", "dnd", "d&d", "dice chess", "dice-chess", "single combat", "arena")


def test_the_engines_vocabulary_names_no_game():
    """Its words are every game's: no game's name in a member, a docstring or a comment."""
    text = Path(vocabulary.__file__).read_text().lower()
    assert [name for name in GAME_NAMES if name in text] == []


def test_no_ui_file_names_a_games_own_word():
    """The UI reads a game's words through its presenter: no ui module imports a game's
    vocabulary or names one of its enums."""
    own = {
        enum.__name__
        for key in specs()
        for role in vocabulary.ROLES
        if (enum := getattr(make_variant(key).rules.vocabulary, role)) is not None
    }
    for path in (PACKAGE / "ui").rglob("*.py"):
        tree = ast.parse(path.read_text())
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        assert names.isdisjoint(own), path
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in modules if m.endswith(".vocabulary") and ".rules." in m], path


def _words_used(key: str) -> dict[str, set[str]]:
    """Every word the example save of ``key`` and a random game of it use, by role."""
    used: dict[str, set[str]] = {role: set() for role in vocabulary.ROLES}
    games = [load_game(path).game for path in sorted(SAVES.glob(f"{key}-*.json"))]
    variant, rng = make_variant(key), random.Random(7)
    played = Game(variant, 7)
    while not played.over and len(played.plies) < 120:
        played.play(rng.choice(played.rule_actions()))
    for game in [*games, played]:
        for ply in game.plies:
            used["actions"].add(ply.action.kind)
            for event in ply.events:
                if isinstance(event, Note):
                    used["tags"].add(event.tag)
                elif isinstance(event, Roll):
                    used["purposes"].add(event.use)
                    used["targets"].add(event.target_kind)
                    used["verdicts"].add(event.verdict)
                    used["details"].update(event.details)
    return used


@pytest.mark.parametrize("key", sorted(specs()))
def test_every_word_a_game_uses_is_the_engines_or_its_own(key):
    words = make_variant(key).rules.vocabulary
    used = _words_used(key)
    assert used["actions"], key
    for role, seen in used.items():
        assert seen <= words.words(role), (key, role, seen - words.words(role))


def test_a_games_own_words_are_not_the_engines():
    """A game declares only what the engine lacks (or a word it means its own way)."""
    for key in specs():
        own = make_variant(key).rules.vocabulary
        for role, generic in vocabulary.ROLES.items():
            assert set(own.own(role)).isdisjoint(generic), (key, role)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (lambda: ActionKind.CAST, DndAction.CAST),  # type: ignore[attr-defined]
        (lambda: EventTag.FREEZE, GladiatorTag.FREEZE),  # type: ignore[attr-defined]
        (lambda: Purpose.TEMP_HP, DndPurpose.TEMP_HP),  # type: ignore[attr-defined]
        (lambda: Verdict.WOUNDED, GladiatorVerdict.WOUNDED),  # type: ignore[attr-defined]
    ],
)
def test_a_moved_words_old_name_still_works_with_a_warning(old, new):
    """Round 3's README listed ``Purpose.TEMP_HP`` and "every kind any game uses" as the
    engine's: a script's old name finds the game's word and says where it is now."""
    with pytest.warns(DeprecationWarning, match=rf"use battlechess_tui\.rules\..*\.{new.name}"):
        assert old() is new


def test_a_name_no_game_has_is_still_an_attribute_error():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="ActionKind has no word 'TELEPORT'"):
            _ = ActionKind.TELEPORT  # type: ignore[attr-defined]
