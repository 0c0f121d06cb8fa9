"""The public plugin API (issue #38): a game outside the package imports from
``battlechess_tui`` only ``battlechess_tui.plugin``, and the documentation describes that
module on one page. The shipped plugin, ``plugins/dice-move-chess``, is held to it here by
reading its modules' imports (with ``ast``), installed or not."""

import ast
import importlib
from pathlib import Path

import pytest

import battlechess_tui.plugin as plugin_api

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = ROOT / "plugins"
PUBLIC = "battlechess_tui.plugin"


def plugin_packages() -> list[Path]:
    """Each plugin's package folder (the folder beside its pyproject with an __init__.py)."""
    return sorted(
        package
        for project in PLUGINS.iterdir()
        if (project / "pyproject.toml").is_file()
        for package in project.iterdir()
        if (package / "__init__.py").is_file()
    )


def battlechess_imports(source: str) -> set[str]:
    """The modules of ``battlechess_tui`` a module imports (anywhere in it), and those it
    names to ``importlib.import_module`` or ``__import__``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module or "")
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and ast.unparse(node.func) in ("importlib.import_module", "import_module", "__import__")
        ):
            found.add(node.args[0].value)
    return {m for m in found if m.split(".")[0] == "battlechess_tui"}


def test_there_is_a_plugin_to_hold_to_the_api():
    assert [p.name for p in plugin_packages()] == ["battlechess_dice_move"]


@pytest.mark.parametrize("package", plugin_packages(), ids=lambda p: p.name)
def test_a_plugin_imports_nothing_from_battlechess_but_the_public_api(package: Path):
    reached = {
        str(path.relative_to(package)): battlechess_imports(path.read_text(encoding="utf-8"))
        for path in sorted(package.rglob("*.py"))
    }
    assert reached  # the package's modules were read
    beyond = {name: sorted(m - {PUBLIC}) for name, m in reached.items() if m - {PUBLIC}}
    assert beyond == {}
    assert any(PUBLIC in m for m in reached.values())


def test_the_reader_sees_imports_of_every_form():
    source = (
        "import battlechess_tui.engine.game\n"
        "from battlechess_tui.rules import chess_family\n"
        "from battlechess_tui.plugin import Rules\n"
        "def f():\n"
        "    import importlib\n"
        "    importlib.import_module('battlechess_tui.ai')\n"
        "    __import__('battlechess_tui.save')\n"
    )
    assert battlechess_imports(source) == {
        "battlechess_tui.engine.game",
        "battlechess_tui.rules",
        PUBLIC,
        "battlechess_tui.ai",
        "battlechess_tui.save",
    }


def test_every_public_name_is_there_and_documented():
    for name in plugin_api.__all__:
        assert getattr(plugin_api, name) is not None, name
    page = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    assert f"::: {PUBLIC}" in page  # the reference, from the module's docstrings


def test_the_api_module_only_re_exports():
    """The API adds no code of its own: every public name is defined elsewhere in the package
    (a plugin then meets the same classes as the shipped games)."""
    for name in plugin_api.__all__:
        value = getattr(plugin_api, name)
        home = getattr(value, "__module__", None) or getattr(value, "__name__", "")
        if isinstance(value, (str, dict, tuple)) or home is None:
            continue
        assert home != PUBLIC, name
        assert importlib.import_module(home.split(":")[0]) is not None
