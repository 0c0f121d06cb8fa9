"""Games as plugins (issue #38): a package outside battlechess names its game folder through
the entry point group ``battlechess.games``, and its games are offered beside the shipped ones,
with their rules pages and lessons, and their own classes. A plugin that cannot be offered is
said in one line and left out; it never stops the shipped games."""

import re
import sys
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from battlechess_tui.engine import data_files, registry
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.spec import SpecError
from battlechess_tui.tutorial import catalogue

PLUGINS = Path(__file__).parent / "data" / "plugins"
#: The plugins the project ships in ``plugins/`` (each may be installed beside the package).
INSTALLABLE = {"dice-move-chess"}


def _clear() -> None:
    for cached in (data_files.game_folders, registry._scan, registry._checked, catalogue.catalogue):
        cached.cache_clear()


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fixture plugins on the path (their dist-info folders are what pip would write)."""
    for name in ("good", "broken", "clash"):
        monkeypatch.syspath_prepend(str(PLUGINS / name))
    _clear()
    yield
    for module in [m for m in sys.modules if m.startswith("bc_")]:
        del sys.modules[module]
    monkeypatch.undo()
    _clear()


def test_the_shipped_games_register_through_the_same_entry_point_group():
    points = {p.name: p.value for p in entry_points(group=data_files.GAMES_GROUP)}
    assert points.pop("battlechess") == "battlechess_tui.engine.data_files:variants_dir"
    assert set(points) <= INSTALLABLE  # the project's own plugins, when installed (.ci/run)
    names = [f.name for f in data_files.game_folders()[0]]
    assert names == ["battlechess", *sorted(points)] and registry.game_problems() == ()


def test_a_plugins_game_plays_with_its_own_classes_and_rules_page(installed):
    assert "fixture-chess" in registry.specs()
    variant = registry.make_variant("fixture-chess")
    assert type(variant.rules).__name__ == "FixtureRules"
    assert type(variant.presenter).__name__ == "FixturePresenter"
    assert "played from a plugin (FX-1)" in variant.presenter.rules_markdown()
    game = Game(variant, 1)
    game.play("e2e4")
    assert game.to_move == "black"


def test_a_plugins_lessons_are_offered(installed):
    assert [r.id for r in catalogue.shipped() if r.game == "fixture-chess"] == ["moves"]


def test_a_plugin_that_cannot_be_offered_is_said_in_one_line_and_left_out(installed):
    problems = registry.game_problems()
    assert any(
        p.startswith("plugin broken: cannot load bc_no_such_module:folder") for p in problems
    )
    assert any("the game key 'classic' is taken by" in p for p in problems)
    assert registry.spec("classic").name == "Classic chess"
    assert all("\n" not in p for p in problems)


def test_battlechess_variants_lists_a_plugins_game_and_says_what_is_left_out(installed, capsys):
    from battlechess_tui.cli import main

    assert main(["variants"]) == 0
    out, err = capsys.readouterr()
    assert re.search(r"^fixture-chess +Fixture chess: A plugin's game", out, re.MULTILINE)
    assert "battlechess: plugin broken: cannot load bc_no_such_module:folder" in err


def test_a_game_file_may_name_classes_only_in_an_installed_games_package(installed):
    """A save or a house-rule file cannot have the app import any module: ``os.path`` is
    looked for among the shipped games' modules, and is not there."""
    with pytest.raises(SpecError, match="no class 'os.path:join'"):
        registry.make_variant("sneaky")
