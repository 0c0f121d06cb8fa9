"""Every non-modal screen change is a message the app handles (issue 38 item 2): no screen,
nor a part of the game screen, pushes, switches or pops a screen itself but a dialog (a modal
screen, which returns its answer to the one under it)."""

from __future__ import annotations

import ast
from pathlib import Path

from textual.screen import ModalScreen

import battlechess_tui.ui as ui_root
from battlechess_tui.ui.screens import campaign, dialogs, saves

UI_DIR = Path(ui_root.__file__).parent
#: The app and its handlers of navigation messages: the places that change screens.
HANDLERS = {"app.py", "screen_changes.py", "screenshots.py"}
MODALS = {
    name
    for module in (dialogs, campaign, saves)
    for name, value in vars(module).items()
    if isinstance(value, type) and issubclass(value, ModalScreen)
}


def _screen_changes(text: str, where: str) -> list[str]:
    """Each call in ``text`` that changes screens other than by opening a dialog."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        name = node.func.attr
        opened = node.args[0] if node.args else None
        made = opened.func if isinstance(opened, ast.Call) else None
        dialog = isinstance(made, ast.Name) and made.id in MODALS
        if name in ("switch_screen", "pop_screen") or (name == "push_screen" and not dialog):
            found.append(f"{where}:{node.lineno} {name}")
    return found


def test_no_screen_changes_screens_but_by_a_message_or_a_dialog():
    found = [
        change
        for path in sorted(UI_DIR.rglob("*.py"))
        if path.name not in HANDLERS
        for change in _screen_changes(path.read_text(), str(path.relative_to(UI_DIR)))
    ]
    assert found == []


def test_the_check_sees_a_screen_pushed_directly():
    """The check above can fail: a screen pushed or popped by hand is found, a dialog not."""
    body = (
        "def go(self):\n"
        "    self.app.push_screen(HelpScreen(self))\n"
        "    self.app.push_screen(Confirm('Sure?'), answered)\n"
        "    self.app.pop_screen()\n"
    )
    assert _screen_changes(body, "sample") == ["sample:2 push_screen", "sample:4 pop_screen"]
