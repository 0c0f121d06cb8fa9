"""Game knowledge stays out of the generic UI (issue #26 item 4): the table asks a game's
presenter for its own commands (Gladiator's override key, GC-14) and for the grouping of its
choices (D&D's spells and abilities); no module of ``ui/`` names a kind of action that only a
game's rules make."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.game import META_KINDS
from battlechess_tui.engine.present import CHOICES
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.vocabulary import ActionKind
from battlechess_tui.session import build_game
from battlechess_tui.ui import views
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from tests.ui.driver import table, wait_for

PACKAGE = Path(__file__).resolve().parents[2] / "battlechess_tui"
#: Kinds every game shares: moves, resigning and draws (the engine's own).
SHARED_KINDS = {MOVE, *META_KINDS}
#: UI modules that still know a game's kind, and why (to go with issue #26 item 4's campaign
#: work: the campaign becomes a part of D&D). Nothing else may.
KNOWN = {"ui/screens/campaign.py": {"surrender"}}  # a campaign game's surrender (DD-45)


def _string_constants(tree: ast.AST) -> dict[str, str]:
    """Names bound to strings anywhere in ``tree`` (``OVERRIDE, HEAL = "override", "heal"``)."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = (
                zip(target.elts, node.value.elts, strict=False)
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                else [(target, node.value)]
            )
            for name, value in pairs:
                strings = _strings(value, out) if isinstance(name, ast.Name) else set()
                if (
                    len(strings) == 1
                    and isinstance(name, ast.Name)
                    and not isinstance(value, ast.Tuple)
                ):
                    out[name.id] = strings.pop()
    return out


def _strings(node: ast.AST, names: dict[str, str]) -> set[str]:
    """The strings ``node`` stands for: a literal, a name bound to one, an ``ActionKind`` member,
    or a tuple, list or set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Name) and node.id in names:
        return {names[node.id]}
    if (
        isinstance(node, ast.Attribute)
        and getattr(node.value, "id", None) == "ActionKind"
        and node.attr in ActionKind.__members__
    ):
        return {ActionKind[node.attr].value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_strings(e, names) for e in node.elts))
    return set()


def _is_kind(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "kind"


def _looked_up_by_kind(node: ast.AST) -> str | None:
    """The name of the mapping ``node`` looks an action's kind up in (``M.get(a.kind)``,
    ``M[a.kind]``)."""
    if isinstance(node, ast.Call) and node.args and _is_kind(node.args[0]):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "get":
            return getattr(func.value, "id", None)
    if isinstance(node, ast.Subscript) and _is_kind(node.slice):
        return getattr(node.value, "id", None)
    return None


def kinds_named(tree: ast.AST, names: dict[str, str]) -> set[str]:
    """The kinds of action ``tree`` names where a kind stands: ``Action(kind, ...)``, a
    comparison with an action's ``.kind``, a mapping looked up by ``.kind`` (its literal
    keys)."""
    mappings = {
        target.id: _strings(ast.Tuple(list(filter(None, node.value.keys))), {})
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Action":
            if node.args:
                found |= _strings(node.args[0], names)
            found |= {s for k in node.keywords if k.arg == "kind" for s in _strings(k.value, names)}
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_kind(side) for side in sides):
                found |= set().union(*(_strings(side, names) for side in sides))
        mapping = _looked_up_by_kind(node)
        if mapping in mappings:
            found |= mappings[mapping]
    return found


def game_kinds() -> dict[str, set[str]]:
    """Each kind a game's rules make or compare with a ``.kind`` (of an action, and of its
    pieces and rolls too: the stricter for the UI) -> the games (``rules/<game>/``)."""
    out: dict[str, set[str]] = {}
    for game_dir in sorted(p for p in (PACKAGE / "rules").iterdir() if p.is_dir()):
        trees = [ast.parse(p.read_text(encoding="utf-8")) for p in game_dir.rglob("*.py")]
        names: dict[str, str] = {}
        for tree in trees:
            names |= _string_constants(tree)
        for tree in trees:
            for kind in kinds_named(tree, names) - SHARED_KINDS:
                out.setdefault(kind, set()).add(game_dir.name)
    for key in specs():  # the kinds each game declares (``Rules.vocabulary``)
        rules = make_variant(key).rules
        parts = type(rules).__module__.split(".")
        if parts[:2] == ["battlechess_tui", "rules"]:
            for kind in set(rules.vocabulary.own("actions")) - SHARED_KINDS:
                out.setdefault(kind, set()).add(parts[2])
    return out


def ui_kinds(source: str) -> set[str]:
    tree = ast.parse(source)
    return kinds_named(tree, _string_constants(tree))


def test_the_games_kinds_are_found():
    """The search finds what it looks for: D&D's spells and abilities, Gladiator's override."""
    kinds = game_kinds()
    assert {"dnd"} <= kinds["cast"] and {"dnd"} <= kinds["ability"]
    assert "gladiator" in kinds["override"] and "dice_chess" in kinds["swap"]


def test_ui_names_no_kind_of_action_only_a_game_makes():
    kinds = set(game_kinds())
    found = {}
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        named = (ui_kinds(path.read_text(encoding="utf-8")) & kinds) - KNOWN.get(name, set())
        if named:
            found[name] = sorted(named)
    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        'GROUP_OF_KIND = {"cast": "Spells"}\ndef group(a):\n    return GROUP_OF_KIND.get(a.kind)\n',
        'def f(actions):\n    return Action("override") in actions\n',
        'OVERRIDE = "override"\ndef f(a):\n    return a.kind in (OVERRIDE, "heal")\n',
    ],
    ids=["mapping-by-kind", "action-made", "kind-compared"],
)
def test_a_game_kind_in_the_ui_is_seen(source: str):
    """Each way a UI module could know a game's kind is found (as views.py and the game
    screen did before the presenters declared them)."""
    assert ui_kinds(source) & set(game_kinds())


# -- what the presenters declare, and the table does with it --------------------------------------


def test_presenters_declare_their_own_commands_and_groups():
    """Only Gladiator has a command of its own among the shipped games (the override, GC-14),
    and dice-move chess (the plugin, when installed) its pass (DM-3); only D&D groups its
    choices (spells, then abilities); every other game lists its choices under one group."""
    for key in specs():
        presenter = make_variant(key).presenter
        commands = {c.id: c.keys for c in presenter.commands()}
        groups = [g.title for g in presenter.action_groups()]
        if key == "gladiator":
            assert commands == {"override": "v"}
        elif key == "dice-move-chess":
            assert commands == {"pass": "n"}
        else:
            assert commands == {}, key
        if key == "dnd":
            assert groups == ["Choices", "Spells", "Abilities"]
        else:
            assert groups == [CHOICES.title], key


def test_dnd_kinds_go_under_their_presenters_groups():
    """``cast`` under Spells, ``ability`` under Abilities, the rest under Choices, resigning
    and draws under Game (the presenter's groups, then the table's own)."""
    game = build_game("dnd", None, 1, None)
    actions = [Action("cast", (0,), "bless"), Action("ability", (1,), "smite"), Action("none")]
    actions.append(Action("resign"))
    assert [views.group_of(game, a) for a in actions] == ["Spells", "Abilities", "Choices", "Game"]


async def test_dnd_actions_panel_keeps_its_groups_and_offers_none_after_a_move(
    tmp_path: Path,
) -> None:
    """After the Wizard's move (DD: a piece may act after it moves) the Actions panel lists
    "none" under Choices, the eight spells under Spells, then the draw offer and resigning
    under Game, as before the presenter declared the groups; it takes the keys with "none"
    highlighted (the presenter's ``declining``)."""
    game = build_game("dnd", {"level": "5"}, 7, None)
    for move in ("e2e4", "a7a6"):
        game.play(game.parse(move))
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        await pilot.press("colon", *"d1h5", "enter")
        panel = screen.query_one(ActionsPanel)
        await wait_for(pilot, lambda: screen.focused is panel)
        assert [item.group for item in panel.items] == (["Choices"] + ["Spells"] * 8 + ["Game"] * 2)
        assert [item.text for item in panel.items if item.group == "Game"] == [
            "offer-draw",
            "resign",
        ]
        highlighted = panel.item_at(panel.highlighted)
        assert highlighted is not None and highlighted.text == "none"


async def test_gc_14_the_override_key_is_gladiators_alone(tmp_path: Path) -> None:
    """``v`` is bound at Gladiator's table (its presenter's command, in help and the palette)
    and nowhere else: at a classic table it is a letter typed into the move box."""
    for key, bound in (("gladiator", True), ("classic", False)):
        game = build_game(key, None, 3, None)
        app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = table(pilot)
            assert isinstance(screen, GameScreen)
            assert ("v" in screen.active_bindings) is bound, key
            listed = [c.id for c in screen.PLAYER_COMMANDS]
            assert ("override" in listed) is bound, key
            if bound:
                assert listed.index("override") == listed.index("hint") + 1
                await pilot.press("v")
                assert screen.message.startswith("Refused: the King cannot override")
            else:
                await pilot.press("v")
                await pilot.pause()
                assert screen.focused is not None and screen.focused.id == "move-input"
