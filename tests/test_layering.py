"""The package's layers: the engine knows nothing of the UI (importing it must not import
Textual or Rich), no module imports itself back through others, and each part reaches (directly
or through any chain of imports) only the parts below it.

Every import is an edge of the graph: at the top of a module, inside a function, under
``TYPE_CHECKING`` (a type is a dependency too), absolute or relative (``from .rules import``),
or a call of ``importlib.import_module`` or ``__import__`` on a literal name. Only a game's
classes are loaded by names read from data (``engine.classes``).
"""

import ast
import subprocess
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "battlechess_tui"
TOP = "battlechess_tui"


def test_engine_imports_no_textual_or_rich():
    code = (
        "import sys, pkgutil, importlib, battlechess_tui.engine as e, battlechess_tui.rules as r\n"
        "for pkg in (e, r):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "import battlechess_tui.engine.registry as reg\n"
        "[reg.make_variant(k) for k in reg.specs()]\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


# -- the package's import graph -----------------------------------------------------------------


def _modules(package: Path = PACKAGE) -> dict[str, Path]:
    out = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imported_modules(
    name: str,
    source: str,
    is_package: bool,
    modules: set[str],
    constants: Mapping[str, str] | None = None,
) -> set[str]:
    """The modules of ``modules`` that module ``name`` imports, wherever the import stands; a
    relative import resolved against its package; ``from m import x`` counts as ``m.x`` when
    that is a module, else as ``m``; a run-time import of a literal name, or of a name bound
    to one (``constants``), counts too."""
    package = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                if node.level > len(package):
                    raise ValueError(f"{name}: a relative import beyond the top package")
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{module}.{alias.name}"
                found.add(full if full in modules else module)
        elif literal := run_time_import(node, constants or {}):
            found.add(literal)
    return (found & modules) - {name}


def run_time_import(node: ast.AST, constants: Mapping[str, str]) -> str | None:
    """The module a call ``importlib.import_module("m")``, ``import_module(M)`` or
    ``__import__("m")`` names by a literal, or by a constant bound to one (``constants``): an
    import all the same, that plain ``import`` statements would hide."""
    if not (isinstance(node, ast.Call) and node.args):
        return None
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if called not in ("import_module", "__import__"):
        return None
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return constants.get(first.id) if isinstance(first, ast.Name) else None


def string_constants(tree: ast.Module) -> dict[str, str]:
    """A module's top-level names bound to a string literal (``COMPAT = "pkg.compat"``)."""
    found = {}
    value: ast.expr | None
    for node in tree.body:
        if isinstance(node, ast.Assign):
            value, targets = node.value, list(node.targets)
        elif isinstance(node, ast.AnnAssign):
            value, targets = node.value, [node.target]
        else:
            continue
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.update({t.id: value.value for t in targets if isinstance(t, ast.Name)})
    return found


def module_constants(package: Path = PACKAGE) -> dict[str, dict[str, str]]:
    """Each module -> the string constants it binds or imports from another module."""
    trees = {n: ast.parse(p.read_text(encoding="utf-8")) for n, p in _modules(package).items()}
    own = {name: string_constants(tree) for name, tree in trees.items()}
    out = {}
    for name, tree in trees.items():
        found = dict(own[name])
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module in own:
                known = own[node.module]
                found.update(
                    {a.asname or a.name: known[a.name] for a in node.names if a.name in known}
                )
        out[name] = found
    return out


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    modules = _modules(package)
    constants = module_constants(package)
    return {
        name: imported_modules(
            name,
            path.read_text(encoding="utf-8"),
            path.stem == "__init__",
            set(modules),
            constants[name],
        )
        for name, path in modules.items()
    }


@cache
def package_graph() -> dict[str, set[str]]:
    """battlechess_tui's import graph, read once for all the tests here."""
    return import_graph()


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in sorted(graph[name]):
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == name:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def reached(graph: dict[str, set[str]], start: str) -> dict[str, str]:
    """Every module ``start`` reaches through imports -> the module that imports it on one
    shortest path (to show how it is reached)."""
    via: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for name in frontier:
            for other in sorted(graph.get(name, ())):
                if other not in via and other != start:
                    via[other] = name
                    nxt.append(other)
        frontier = nxt
    return via


def path_to(via: dict[str, str], start: str, end: str) -> str:
    chain = [end]
    while chain[-1] != start:
        chain.append(via[chain[-1]])
    return " -> ".join(reversed(chain))


def part(name: str) -> str:
    """A module's part of the package: ``engine``, ``rules``, ``ui``, ``session``..."""
    pieces = name.split(".")
    return pieces[1] if len(pieces) > 1 else pieces[0]


#: What each part may reach, through any chain of imports (its own modules always).
MAY_REACH: dict[str, set[str]] = {
    "engine": {TOP},
    "rules": {"engine", TOP},
    "ai": {"engine", TOP},
    "save": {"engine", TOP},  # a computer level is the engine's (engine.levels), not ai's
    "session": {"ai", "engine", TOP},
    "simulation": {"ai", "engine", "save", TOP},
    "tutorial": {"engine", "puzzles", "save", TOP},  # puzzles: a lesson's practice theme
    "analysis": {"ai", "engine", "save", TOP},  # over ai/ (no UI); kept beside a save
    "campaign": {"engine", "save", "simulation", "ai", TOP},
    "plugin": {"engine", "rules", TOP},  # the public plugin API: re-exports, nothing more
    "puzzles": {"ai", "analysis", "engine", "save", "simulation", TOP},  # made from games
    "ui": {
        *("ai", "analysis", "campaign", "engine", "save", "session", "simulation", "tutorial"),
        *("puzzles", TOP),
    },
    "cli": {
        *("ai", "analysis", "campaign", "engine", "save", "session", "simulation", "tutorial"),
        *("puzzles", "ui", TOP),
    },
}
MAY_REACH["__main__"] = MAY_REACH["cli"] | {"cli"}

#: Imports that break a layer today and are to go: none (the campaign reaches D&D through the
#: ``CampaignSupport`` its rules hand out, issue #26 item 4).
KNOWN_BREACHES: set[tuple[str, str]] = set()


def breaches(graph: dict[str, set[str]], allowed: set[tuple[str, str]]) -> list[str]:
    """Each module that reaches a part its own may not, with one path showing how."""
    without = {
        name: {o for o in imported if (part(name), part(o)) not in allowed}
        for name, imported in graph.items()
    }
    found = []
    for name in sorted(graph):
        may = MAY_REACH.get(part(name), set()) | {part(name)}
        via = reached(without, name)
        for other in sorted(via):
            if part(other) not in may:
                found.append(path_to(via, name, other))
    return found


def game_of(name: str) -> str | None:
    pieces = name.split(".")
    return pieces[2] if len(pieces) > 2 and pieces[1] == "rules" else None


def test_every_relative_import_resolves_to_a_module_of_the_package():
    modules = _modules()
    missing = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                names = imported_modules(
                    name, ast.unparse(node), path.stem == "__init__", set(modules)
                )
                if not names:
                    missing.append(f"{name}: {ast.unparse(node)}")
    assert missing == []


def test_no_import_cycle_in_the_package():
    assert cycles(package_graph()) == []


def test_every_part_of_the_package_has_its_place_in_the_layers():
    """A new part (a folder or a top-level module) says what it may reach in ``MAY_REACH``."""
    parts = {part(name) for name in package_graph()} - {TOP}
    assert sorted(parts - set(MAY_REACH)) == []


def test_each_part_reaches_only_the_parts_below_it():
    assert breaches(package_graph(), KNOWN_BREACHES) == []


def ui_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Each UI module that reaches a part the UI may not, with one path showing how."""
    return [b for b in breaches(graph, set()) if part(b.split()[0]) == "ui"]


def test_the_ui_reaches_no_rules_module_even_through_the_campaign():
    """The UI reads presenters and view models only (``engine/``), never a game's module; the
    campaign screens reach D&D through ``engine.campaign.CampaignSupport`` (issue #26 item 4)."""
    assert ui_breaches(package_graph()) == []


@pytest.mark.parametrize("module", ["report", "shop", "between_games", "support"])
def test_a_campaign_module_importing_dnd_again_is_a_ui_breach(module):
    """Were a campaign module to import ``rules.dnd`` again (any kind of import is an edge),
    the campaign screens would reach it: the check above names the path."""
    graph = {name: set(imported) for name, imported in package_graph().items()}
    graph[f"{TOP}.campaign.{module}"].add(f"{TOP}.rules.dnd.items")
    found = ui_breaches(graph)
    assert any(
        path.endswith(f"{TOP}.campaign.{module} -> {TOP}.rules.dnd.items")
        and path.startswith(f"{TOP}.ui.screens.")
        for path in found
    ), found


def test_no_screen_imports_the_app_even_for_types():
    """Screens ask for navigation with messages and read the app through a protocol
    (``ui/navigation.py``): none reaches ``ui.app``, so the app imports no screen that imports
    it back."""
    graph = package_graph()
    app = f"{TOP}.ui.app"
    found = []
    for name in sorted(n for n in graph if n.startswith(f"{TOP}.ui.screens.")):
        via = reached(graph, name)
        if app in via:
            found.append(path_to(via, name, app))
    assert found == []


def imported_back(graph: dict[str, set[str]], top: str) -> list[str]:
    """Each module ``top`` reaches (through any import) that reaches ``top`` back: the way
    there, then the way back."""
    there = reached(graph, top)
    found = []
    for name in sorted(there):
        back = reached(graph, name)
        if top in back:
            found.append(f"{path_to(there, top, name)} | {path_to(back, name, top)}")
    return found


#: The parts the game screen holds rather than inherits (issue #26 item 5), below the screens.
GAME_SCREEN_PARTS = ("computer_turns", "game_end", "game_input", "game_saving")


def test_the_game_screen_and_the_app_import_no_screen_that_imports_them_back():
    """Issue #26's done-when: neither the app nor the game screen reaches a module (a screen,
    a part) that reaches it back, by any kind of import."""
    graph = package_graph()
    found = [
        b for top in ("ui.app", "ui.screens.game") for b in imported_back(graph, f"{TOP}.{top}")
    ]
    assert found == []


def test_the_game_screens_parts_reach_no_screen_but_the_dialogs():
    """The parts are below every screen: they open dialogs, and ask for other screens through
    the table that holds them or by navigation messages."""
    graph = package_graph()
    screens = {n for n in graph if n.startswith(f"{TOP}.ui.screens.")}
    found = []
    for part_name in GAME_SCREEN_PARTS:
        name = f"{TOP}.ui.{part_name}"
        via = reached(graph, name)
        for other in sorted((set(via) & screens) - {f"{TOP}.ui.screens.dialogs"}):
            found.append(path_to(via, name, other))
    assert found == []
    game = graph[f"{TOP}.ui.screens.game"]
    assert {f"{TOP}.ui.{p}" for p in GAME_SCREEN_PARTS} <= game


def test_the_game_screen_holds_its_parts_rather_than_inheriting_them():
    """The game screen's own classes are the table and itself; its parts are attributes."""
    from battlechess_tui.ui.screens.game import GameScreen

    ours = [c.__name__ for c in GameScreen.__mro__ if c.__module__.startswith(TOP)]
    assert ours == ["GameScreen", "TableScreen"]


def test_a_screen_importing_the_game_screen_back_is_found(tmp_path):
    """The app imports the game screen at the top; the game screen imports the app back
    inside a function: found."""
    (tmp_path / "pkg" / "screens").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "screens" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "app.py").write_text("from pkg.screens.game import Game\n")
    (tmp_path / "pkg" / "screens" / "game.py").write_text(
        "class Game:\n    def quit(self):\n        from pkg.app import App\n"
    )
    graph = import_graph(tmp_path / "pkg")
    assert imported_back(graph, "pkg.app") == [
        "pkg.app -> pkg.screens.game | pkg.screens.game -> pkg.app"
    ]
    assert imported_back(graph, "pkg.screens.game") != []


def test_a_games_modules_reach_no_other_game_but_the_chess_base():
    """A game builds on the engine and on ``chess_family`` (FIDE's moves) only."""
    graph = package_graph()
    found = []
    for name in sorted(graph):
        game = game_of(name)
        if game is None or game == "compat":
            continue
        via = reached(graph, name)
        for other in sorted(via):
            if game_of(other) not in (None, game, "chess_family"):
                found.append(path_to(via, name, other))
    assert found == []


def test_compat_is_a_leaf_that_nothing_imports():
    """Round 1's classes (``rules.compat``) are for old scripts: no module of the package
    imports them, by any kind of import (issue #38 item 5); the loader reads round 1's names
    as data (``engine.classes.ROUND_1``)."""
    graph = package_graph()
    assert sorted(n for n, imported in graph.items() if f"{TOP}.rules.compat" in imported) == []


def test_no_module_imports_a_literal_name_at_run_time():
    """A module needed by name is imported by name; ``import_module`` is for names read from
    data (a variant file's classes), where the layers are checked by the loader's base class."""
    constants = module_constants()
    found = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if literal := run_time_import(node, constants[name]):
                found.append(f"{name}: {literal}")
    assert found == []


# -- the checks themselves find what they look for ---------------------------------------------


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    "back",
    [
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.top import Thing\n",
        "def later():\n    from pkg.top import Thing\n    return Thing\n",
        "from ..top import Thing\n",
        "from .. import top\n",
        "import importlib\nTop = importlib.import_module('pkg.top')\n",
        "from importlib import import_module\nTop = import_module('pkg.top')\n",
        "Top = __import__('pkg.top')\n",
        "import importlib\nTOP = 'pkg.top'\nTop = importlib.import_module(TOP)\n",
    ],
    ids=[
        *("type-checking", "function-level", "relative", "relative-module"),
        *("importlib", "import_module", "dunder-import", "constant"),
    ],
)
def test_a_cycle_through_any_kind_of_import_is_found(tmp_path, back):
    """``pkg.top`` imports ``pkg.low.mod``; ``mod`` imports ``top`` back, each way: a
    run-time import on a literal name too (the hidden cycle of issue #38 item 5)."""
    (tmp_path / "pkg" / "low").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "low" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "top.py").write_text("from pkg.low.mod import helper\nThing = 1\n")
    (tmp_path / "pkg" / "low" / "mod.py").write_text(back + "def helper():\n    return 1\n")
    assert cycles(import_graph(tmp_path / "pkg")) == [["pkg.low.mod", "pkg.top"]]


def test_reachability_sees_a_breach_two_imports_away():
    graph = {
        f"{TOP}.ui.board": {f"{TOP}.campaign.shop"},
        f"{TOP}.campaign.shop": {f"{TOP}.rules.dnd.items"},
        f"{TOP}.rules.dnd.items": set(),
    }
    assert breaches(graph, set()) == [
        f"{TOP}.campaign.shop -> {TOP}.rules.dnd.items",
        f"{TOP}.ui.board -> {TOP}.campaign.shop -> {TOP}.rules.dnd.items",
    ]
