"""Rules revisions (issue 37, item 1): each game's variant file gives its revision and the
changes that made it; a game can be built at an older revision, whose rules keep the older
behaviour behind a named switch (GC-31 Queen recovery, DD-14 rounds, DD-27 Inspire Courage);
a save records the revision and is refused in one line if it names one this version lacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlechess_tui.cli import main
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import load_spec_file, make_variant, spec, specs
from battlechess_tui.engine.revisions import (
    at_revision,
    changed_since,
    is_revision_of,
    revision_line,
)
from battlechess_tui.engine.spec import SpecError, VariantSpec, validate
from battlechess_tui.rules.dnd.stats import DD14_CASTER_TURNS, DD27_ALLIES_ONLY
from battlechess_tui.rules.gladiator.rules import GladiatorRules
from battlechess_tui.rules.gladiator.tables import GC31_QUEEN_RECOVERY, Tables
from battlechess_tui.save.records import record_of
from battlechess_tui.save.store import SaveError, load_game
from tests.old_saves import CORPUS
from tests.shipped import shipped_specs


def test_every_game_states_its_revision_and_one_change_for_each_after_the_first():
    assert {k: s.revision for k, s in shipped_specs().items()} == {
        "classic": 1, "single-combat": 1, "gladiator": 2, "arena": 1, "brawl": 1,
        "dice-chess": 1, "dnd": 2,
    }  # fmt: skip
    for game in specs().values():
        assert [c.revision for c in game.changes] == list(range(2, game.revision + 1))


def test_each_switch_names_a_change_of_its_games_file():
    """GC31_QUEEN_RECOVERY and the D&D switches are the revisions whose changes name them."""
    for key, rule, revision in (
        ("gladiator", "GC-31", GC31_QUEEN_RECOVERY),
        ("dnd", "DD-14", DD14_CASTER_TURNS),
        ("dnd", "DD-27", DD27_ALLIES_ONLY),
    ):
        (change,) = [c for c in spec(key).changes if rule in c.rules]
        assert change.revision == revision


def test_a_game_at_an_older_revision_drops_the_later_changes():
    gladiator = spec("gladiator")
    old = at_revision(gladiator, 1)
    assert (old.revision, old.changes) == (1, [])
    assert at_revision(gladiator, 2) is gladiator
    assert is_revision_of(old, gladiator) and is_revision_of(gladiator, gladiator)
    assert not is_revision_of(spec("classic"), gladiator)
    for bad in (0, 3):
        with pytest.raises(ValueError, match="knows revisions 1 to 2"):
            at_revision(gladiator, bad)


def test_the_revision_line_names_the_rules_changed_since():
    assert changed_since(spec("dnd"), 1) == ["DD-14", "DD-27"]
    assert revision_line(spec("gladiator"), 1) == (
        "played under Gladiator Chess rules revision 1; GC-31 has changed since"
    )
    assert revision_line(spec("dnd"), 1) == (
        "played under D&D Battle Chess rules revision 1; DD-14, DD-27 have changed since"
    )
    assert revision_line(spec("gladiator"), 2) is None
    assert revision_line(spec("classic"), 1) is None


@pytest.mark.parametrize(
    ("revision", "changes"),
    [(2, []), (1, [2]), (3, [3, 2]), (2, [2, 2])],
)
def test_a_revision_needs_one_change_for_each_revision_after_the_first_in_order(revision, changes):
    raw = spec("classic").model_dump()
    raw["revision"] = revision
    raw["changes"] = [{"revision": r, "rules": ["FIDE"], "what": "x"} for r in changes]
    with pytest.raises(SpecError, match="needs one change for each of revisions"):
        validate(raw, "house.toml")


def test_a_game_of_an_older_revision_is_saved_as_the_shipped_game_with_its_revision():
    game = Game(make_variant(at_revision(spec("gladiator"), 1)), seed=4)
    game.play(game.rule_actions()[0])
    record = record_of(game)
    assert (record.variant_spec, record.rules_revision) == (None, 1)


def test_a_save_of_a_revision_this_version_lacks_is_refused_in_one_line(tmp_path, capsys):
    doc = json.loads((CORPUS / "gladiator-3-0000-f6-c300c62.json").read_text())
    doc["format_version"], doc["rules_revision"] = 7, 9
    path = tmp_path / "future.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert str(info.value) == (
        f"{path}: cannot load this save: it was played under Gladiator Chess rules revision 9; "
        f"this battlechess knows revisions 1 to 2"
    )
    assert main(["replay", "--verify", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_save_that_records_its_revision_replays_under_that_one_only(tmp_path):
    """A format-7 save of revision 2 whose last move was played under revision 1 is refused:
    the recorded revision is not searched past."""
    doc = json.loads((CORPUS / "gladiator-3-0000-f5-fb91c76.json").read_text())
    doc["format_version"], doc["rules_revision"] = 7, 2
    path = tmp_path / "said-2.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="replay differs at ply 493"):
        load_game(path)


def _gladiator_tables(game: VariantSpec) -> Tables:
    rules = make_variant(game).rules
    assert isinstance(rules, GladiatorRules)
    return rules.t


def _house(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text)
    return path


def test_a_house_file_on_a_base_inherits_its_revision_and_may_state_an_older_one(tmp_path):
    based = load_spec_file(_house(tmp_path, 'base = "gladiator"\nkey = "my-gladiator"\n'))
    assert (based.revision, [c.rules for c in based.changes]) == (2, [["GC-31"]])
    older = load_spec_file(
        _house(tmp_path, 'base = "gladiator"\nkey = "old-gladiator"\nrevision = 1\nchanges = []\n')
    )
    assert older.revision == 1 and not _gladiator_tables(older).king_kill_recovers_queen


def test_a_house_file_from_scratch_plays_the_newest_rules_of_its_class(tmp_path):
    """Gladiator's own file without its revision, its changes and a base: a house file written
    from scratch on the Gladiator rules plays their newest revision (GC-31 as it is now)."""
    shipped = (Path(__file__).parent.parent / "variants" / "gladiator.toml").read_text()
    text = shipped.split("[[changes]]")[0].replace("\nrevision = 2\n", "\n")
    text = text.replace('key = "gladiator"', 'key = "scratch"').replace(
        'rules_text = "gladiator.md"', ""
    )
    assert "\nrevision" not in text and "\nbase" not in text
    scratch = load_spec_file(_house(tmp_path, text))
    assert (scratch.revision, [c.rules for c in scratch.changes]) == (2, [["GC-31"]])
    assert _gladiator_tables(scratch).king_kill_recovers_queen
