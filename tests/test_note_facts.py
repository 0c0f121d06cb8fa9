"""Rules speak in facts, presenters write the words (issue #26, item 3).

A rules package builds its notes from typed facts (tag, fact, side, pieces, numbers, names,
rule) and writes no sentence; each game's presenter words every note its rules emit; a replay
compares the facts; ``Action.kind`` is an ``ActionKind``.
"""

from __future__ import annotations

import ast
import json
import random
from enum import StrEnum
from pathlib import Path

import pytest

import battlechess_tui.rules as rules_root
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Note, PieceRef
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.present import SHARED_NOTE_WORDS, Presenter
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.engine.vocabulary import ActionKind, EventTag
from battlechess_tui.rules.arena import rules as arena_rules
from battlechess_tui.rules.dice_chess import rules as dice_chess_rules
from battlechess_tui.rules.dice_chess.vocabulary import DiceChessAction
from battlechess_tui.rules.dnd import facts as dnd_facts
from battlechess_tui.rules.dnd.vocabulary import DndAction
from battlechess_tui.rules.gladiator import facts as gladiator_facts
from battlechess_tui.rules.single_combat import rules as single_combat_rules
from battlechess_tui.save.store import load_game, verify_file

RULES_DIR = Path(rules_root.__file__).parent
SAVES = Path(__file__).parent.parent / "saves"
OLD_SAVES = Path(__file__).parent / "data" / "saves"
#: Files of a rules package that are the presenter's side: they write words.
WORDING_FILES = ("present", "explain")


def _rules_files() -> list[Path]:
    return sorted(p for p in RULES_DIR.rglob("*.py") if not p.stem.startswith(WORDING_FILES))


def _is_words(node: ast.expr) -> bool:
    """A sentence written in place: a string literal or an f-string."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _note_calls(tree: ast.AST) -> list[ast.Call]:
    """``Note(...)`` and ``w.note(...)`` (D&D's scratch pad) calls."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if name in ("Note", "note"):
                out.append(node)
    return out


def _worded_args(call: ast.Call) -> list[ast.expr]:
    """The arguments of a note call that write words: a text, or any string in place of the
    squares (D&D's ``w.note(tag, *squares)``)."""
    found = [a for a in call.args[1:] if _is_words(a)]
    found += [k.value for k in call.keywords if k.arg == "text" and _is_words(k.value)]
    return found


def test_rules_build_no_note_from_words():
    """No rules module outside present*.py / explain*.py builds a Note from a string literal or
    an f-string: the words are the presenter's."""
    offenders = []
    for path in _rules_files():
        tree = ast.parse(path.read_text(), str(path))
        for call in _note_calls(tree):
            for arg in _worded_args(call):
                offenders.append(f"{path.relative_to(RULES_DIR)}:{arg.lineno}")
    assert offenders == []


def test_the_words_check_sees_a_worded_note():
    """The check above fails on the shapes it guards (a text literal, an f-string, text=)."""
    for source in (
        'Note(EventTag.KILL, "White falls")',
        'Note(EventTag.KILL, f"{who} falls", (3,))',
        'events.append(Note(tag, text="gone"))',
        'w.note(EventTag.KILL, f"{w.name(pid)} falls", where)',
    ):
        calls = _note_calls(ast.parse(source))
        assert calls and _worded_args(calls[0]), source
    assert not _worded_args(_note_calls(ast.parse('Note(EventTag.KILL, names=("x",))'))[0])


# -- every note a game emits is worded by its presenter -----------------------------------------


def _presenters() -> dict[str, Presenter]:
    """One presenter per rules package (the shipped games' presenters)."""
    out: dict[str, Presenter] = {}
    for key in sorted(specs()):
        presenter = make_variant(key).presenter
        module = type(presenter).__module__
        if module.startswith("battlechess_tui.rules."):  # a plugin's notes: its own tests
            out.setdefault(module.split(".")[2], presenter)
    return out


def _emitted_keys(package: Path) -> set[str]:
    """The words keys (``Note.fact``, else its tag) of the notes a package's rules build with
    a literal tag and fact (``EventTag.X``, ``Fact.Y``); a fact chosen at run time is covered
    by the games played below."""
    keys = set()
    for path in package.glob("*.py"):
        if path.stem.startswith(WORDING_FILES):
            continue
        for call in _note_calls(ast.parse(path.read_text())):
            tag = call.args[0] if call.args else None
            fact = next((k.value for k in call.keywords if k.arg == "fact"), None)
            if isinstance(fact, ast.Attribute) and isinstance(fact.value, ast.Name):
                keys.add(f"{fact.value.id}.{fact.attr}")
            elif fact is None and isinstance(tag, ast.Attribute) and tag.value.id == "EventTag":  # type: ignore[attr-defined]
                keys.add(EventTag[tag.attr].value)
    return keys


FACTS: dict[str, type[StrEnum]] = {
    "arena": arena_rules.Fact,
    "dice_chess": dice_chess_rules.Fact,
    "dnd": dnd_facts.Fact,
    "gladiator": gladiator_facts.Fact,
    "single_combat": single_combat_rules.Fact,
}


@pytest.mark.parametrize("package", sorted(_presenters()))
def test_every_note_a_package_builds_has_words(package):
    presenter = _presenters()[package]
    words = {**SHARED_NOTE_WORDS, **presenter.NOTE_WORDS}
    facts = FACTS.get(package)
    keys = {
        facts[k.split(".")[1]].value if k.startswith("Fact.") and facts else k
        for k in _emitted_keys(RULES_DIR / package)
    }
    assert keys, package
    assert sorted(k for k in keys if k not in words) == []
    if facts is not None:  # every fact the game can state has its sentence
        assert sorted(f.value for f in facts if f not in words) == []


def _notes_of_random_games(key: str, games: int, limit: int) -> list[Note]:
    variant = make_variant(key)
    notes = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(variant, seed)
        while not game.over and len(game.plies) < limit:
            game.play(rng.choice(game.rule_actions() or game.legal_actions()))
        if not game.over:
            game.play("resign")
        notes += [e for p in game.plies for e in p.said.events if isinstance(e, Note)]
        notes += [e for e in game.setup_said() if isinstance(e, Note)]
    return notes


@pytest.mark.parametrize("key", sorted(specs()))
def test_every_note_of_random_games_is_worded_by_the_presenter(key):
    """Each note of a few random games (and a resignation) has the presenter's own sentence,
    never the fallback (its tag's name), and its recorded text is that sentence."""
    presenter = make_variant(key).presenter
    notes = _notes_of_random_games(key, games=2, limit=150)
    assert notes
    for note in notes:
        words = presenter.note_words(note)
        assert words, (note.tag, note.fact)
        assert words != str(note.tag) and "{" not in words
        assert note.text == words


def test_the_example_saves_words_come_from_facts():
    """Every note of the shipped example games carries facts or is a bare tag the presenter
    words, and records no words of its own (format 8: the presenter writes them)."""
    for path in sorted(SAVES.glob("*.json")):
        loaded = load_game(path)
        presenter = loaded.game.presenter
        for ply in loaded.record.plies:
            for event in ply.events:
                if isinstance(event, Note):
                    assert presenter.note_words(event) and not event.text, (path.name, event)


# -- a rewording touches the presenter only -----------------------------------------------------


def test_dd_12_a_rewording_is_the_presenters_alone():
    """The same facts, other words: a presenter subclass rewords a kill without the rules."""
    variant = make_variant("dnd")
    note = Note(EventTag.KILL, squares=(12,), pieces=(PieceRef(1, "fighter", 12),))
    assert variant.presenter.note_text(note) == "Black Fighter on e2 falls"

    class Terse(type(variant.presenter)):  # type: ignore[misc]
        NOTE_WORDS = {**variant.presenter.NOTE_WORDS, EventTag.KILL: "{p[0]} is out"}

    assert Terse(variant.rules).note_text(note) == "Black Fighter on e2 is out"


# -- replays compare facts ----------------------------------------------------------------------


def _edited(tmp_path: Path, source: Path, edit) -> Path:
    doc = json.loads(source.read_text())
    note = next(e for p in doc["plies"] for e in p["events"] if e["kind"] == "note")
    edit(note)
    out = tmp_path / source.name
    out.write_text(json.dumps(doc))
    return out


def test_sc_6_replay_compares_a_notes_facts(tmp_path):
    """A format-5 save whose note says another piece won fails ``replay --verify``; its words
    alone may differ (they are derived)."""
    source = OLD_SAVES / "v5-single-combat-fight.json"
    assert verify_file(source) is None
    other_fact = _edited(tmp_path, source, lambda n: n.update(fact="holds"))
    mismatch = verify_file(other_fact)
    assert mismatch is not None and mismatch.ply == 3
    other_piece = _edited(tmp_path, source, lambda n: n["pieces"][0].update(kind="queen"))
    assert verify_file(other_piece) is not None
    other_words = _edited(tmp_path, source, lambda n: n.update(text="White wins the fight"))
    assert verify_file(other_words) is None


def test_sc_6_an_older_saves_note_is_compared_by_tag_and_squares(tmp_path):
    """A format-4 note has only words beside its tag and squares: those two are compared."""
    source = OLD_SAVES / "v4-single-combat-fight.json"
    assert verify_file(source) is None
    assert verify_file(_edited(tmp_path, source, lambda n: n.update(text="reworded"))) is None
    assert verify_file(_edited(tmp_path, source, lambda n: n.update(squares=[0, 1]))) is not None


# -- Action.kind: the engine's ActionKind, or a game's own word ---------------------------------


def test_a_known_word_is_read_as_its_action_kind():
    action = Action("move", (12, 28))
    assert action.kind is ActionKind.MOVE and action == Action(ActionKind.MOVE, (12, 28))
    assert hash(action) == hash(Action(ActionKind.MOVE, (12, 28)))
    assert Action("swap", (0, 1)) == Action(DiceChessAction.SWAP, (0, 1))
    assert Action("swap", (0, 1)).kind == DndAction.SWAP == "swap"


def test_a_kind_that_is_no_word_is_refused_in_one_line():
    with pytest.raises(ValueError, match=r"^'Move e2' is not a word of actions"):
        Action("Move e2")


def test_a_game_refuses_a_kind_it_does_not_have_with_its_own_reason():
    """Each game has its own kinds: classic refuses ``cast`` as it refuses any decision that is
    not a move; D&D reads it (a spell)."""
    classic, dnd = make_variant("classic"), make_variant("dnd").rules
    with pytest.raises(IllegalAction) as info:
        classic.parse_action(classic.rules.new_game(Dice.for_decision(1, -1))[0], "cast bless c3")
    assert info.value.refusal is not None and "not a move" in str(info.value)
    assert dnd.read_action("cast bless c3").kind == DndAction.CAST


def test_parse_reads_any_word_as_a_kind_and_refuses_what_is_no_word():
    geo = make_variant("classic").rules.geo
    assert Action.parse("frobnicate e2", geo).kind == "frobnicate"
    with pytest.raises(ValueError) as info:
        Action.parse("fr0b e2", geo)
    assert str(info.value) == "cannot read 'fr0b e2': try a move such as e2e4"


@pytest.mark.parametrize(
    "text", ["e2e4", "e7e8q", "swap a1 b1", "cast bless c3", "done", "offer-draw", "no-override"]
)
def test_the_canonical_text_is_unchanged(text):
    geo = make_variant("classic").rules.geo
    action = Action.parse(text, geo)
    assert isinstance(action.kind, str) and action.text(geo) == text


def test_every_rules_package_is_checked():
    """The packages the checks above read are the rules packages there are."""
    packages = {p.name for p in RULES_DIR.iterdir() if (p / "__init__.py").exists()}
    assert set(_presenters()) == packages
