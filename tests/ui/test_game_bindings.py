"""A game's own keys are fixed command slots of the one game screen (issue 38 item 2): the
class's public ``BINDINGS`` bind the slots (``GAME_KEYS``) in every game, ``check_action``
enables the one a game has a command on (Gladiator's override, GC-14), no screen class is
made per game, and no screen touches Textual's private ``_bindings``."""

from __future__ import annotations

import ast
from pathlib import Path

import battlechess_tui.ui as ui_root
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import shipped
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.commands import GAME_KEYS, commands_of
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import table

UI_DIR = Path(ui_root.__file__).parent


def keys(cls: type) -> set[str]:
    """The keys a screen class declares in its own ``BINDINGS``."""
    return {k for b in cls.__dict__.get("BINDINGS", []) for k in b.key.split(",")}


def test_gc_14_one_screen_class_serves_every_game_with_its_own_commands(tmp_path: Path) -> None:
    """Gladiator and classic tables are both ``GameScreen`` itself; the class binds the
    slots (``v`` among them) for every game, and only Gladiator's lists the override."""
    one = GameScreen(build_game("gladiator", None, 3, None), tmp_path)
    classic = GameScreen(build_game("classic", None, 3, None), tmp_path)
    assert type(one) is GameScreen and type(classic) is GameScreen
    assert set(GAME_KEYS) <= keys(GameScreen) and "v" in GAME_KEYS
    listed = [c.id for c in commands_of(one)]
    assert listed.index("override") == listed.index("hint") + 1
    assert "override" not in [c.id for c in commands_of(classic)]
    assert one.check_action("game_key", ("v",)) is True
    assert classic.check_action("game_key", ("v",)) is False
    assert one.check_action("game_key", ("z",)) is False


def test_gc_14_a_gladiator_lesson_lists_the_override_too(tmp_path: Path) -> None:
    ref = next(r for r in shipped() if r.key == "gladiator/overrides")
    screen = LessonScreen(LessonRun(ref), tmp_path)
    assert type(screen) is LessonScreen
    assert screen.check_action("game_key", ("v",)) is True
    listed = [c.id for c in commands_of(screen)]
    assert "override" in listed and "retry" in listed  # the lesson's own commands stay


def test_every_games_commands_use_the_tables_slots() -> None:
    """A game's command key is one of the slots, so it is bound in every game screen."""
    for key in specs():
        for command in make_variant(key).presenter.commands():
            assert set(command.keys.split(",")) <= set(GAME_KEYS), (key, command.id)


async def test_gc_14_the_footer_and_keys_of_a_gladiator_table(tmp_path: Path) -> None:
    """At the table the override is an active binding (help and the palette list it, the
    footer has no room for it), and the screen's own keys still work."""
    game = build_game("gladiator", None, 3, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        assert "v" in screen.active_bindings and "u" in screen.active_bindings
        assert not screen.active_bindings["v"].binding.show
        assert screen.active_bindings["v"].enabled


def test_no_screen_touches_textuals_private_bindings() -> None:
    """``_bindings`` is Textual's own: the ui package neither reads nor assigns it."""
    found = []
    for path in sorted(UI_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ("_bindings", "_merged_bindings"):
                found.append(f"{path.relative_to(UI_DIR)}:{node.lineno}")
    assert found == []
