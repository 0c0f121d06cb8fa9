"""A game's own keys are bound through Textual's public class ``BINDINGS`` (issue 26): the
table of a game with commands of its own (Gladiator's override, GC-14) is a subclass of its
screen made once per commands, and no screen touches Textual's private ``_bindings``."""

from __future__ import annotations

import ast
from pathlib import Path

import battlechess_tui.ui as ui_root
from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import shipped
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.commands import commands_of
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import table

UI_DIR = Path(ui_root.__file__).parent


def keys(cls: type) -> set[str]:
    """The keys a screen class declares in its own ``BINDINGS``."""
    return {k for b in cls.__dict__.get("BINDINGS", []) for k in b.key.split(",")}


def test_gc_14_gladiators_screen_class_declares_the_override_key(tmp_path: Path) -> None:
    """The class, not the instance, binds ``v``: one class for every Gladiator game, named
    and styled as the game screen; the game screen itself and a classic table bind no ``v``."""
    one = GameScreen(build_game("gladiator", None, 3, None), tmp_path)
    two = GameScreen(build_game("gladiator", None, 4, None), tmp_path)
    classic = GameScreen(build_game("classic", None, 3, None), tmp_path)
    assert type(one) is type(two) and type(one) is not GameScreen
    assert issubclass(type(one), GameScreen) and type(one).__name__ == "GameScreen"
    assert keys(type(one)) == {"v"} and "v" not in keys(GameScreen)
    assert type(classic) is GameScreen
    listed = [c.id for c in commands_of(one)]
    assert listed.index("override") == listed.index("hint") + 1
    assert "override" not in [c.id for c in commands_of(classic)]


def test_gc_14_a_gladiator_lesson_binds_the_override_key_too(tmp_path: Path) -> None:
    ref = next(r for r in shipped() if r.key == "gladiator/overrides")
    screen = LessonScreen(LessonRun(ref), tmp_path)
    assert isinstance(screen, LessonScreen) and type(screen) is not LessonScreen
    assert keys(type(screen)) == {"v"}
    assert "retry" in [c.id for c in commands_of(screen)]  # the lesson's own commands stay


async def test_gc_14_the_footer_and_keys_of_a_gladiator_table(tmp_path: Path) -> None:
    """At the table the override is an active binding (help and the palette list it, the
    footer has no room for it), and the screen's own keys still work."""
    game = build_game("gladiator", None, 3, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        assert "v" in screen.active_bindings and "u" in screen.active_bindings
        assert not screen.active_bindings["v"].binding.show


def test_no_screen_touches_textuals_private_bindings() -> None:
    """``_bindings`` is Textual's own: the ui package neither reads nor assigns it."""
    found = []
    for path in sorted(UI_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ("_bindings", "_merged_bindings"):
                found.append(f"{path.relative_to(UI_DIR)}:{node.lineno}")
    assert found == []
