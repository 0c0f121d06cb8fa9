"""Screenshots of the real app (``battlechess screenshots``) and the scenes snapshot tests use.

A scene makes an app and drives it to a state worth showing; ``generate`` saves each as an
SVG. Games are played with fixed seeds and a fixed choice of actions, so the pictures are the
same on every run.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import random
import re
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Input, Select
from textual.worker import WorkerCancelled

from battlechess_tui.ai import hint
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import specs
from battlechess_tui.save.files import SaveError, taken, write_new
from battlechess_tui.save.store import load_game
from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import find
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp, Settings
from battlechess_tui.ui.screens.dialogs import Confirm, HandOver
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.screens.replay import ReplayScreen

SEED = 2024
SMALL, LARGE = (80, 24), (120, 40)
#: The example saves beside the package in a checkout (absent from an installed copy).
EXAMPLES = Path(__file__).resolve().parents[2] / "saves"
ANALYSED = EXAMPLES / "dnd-1-0000.json"


@dataclass(frozen=True)
class Scene:
    name: str
    size: tuple[int, int]
    make_app: Callable[[Path], BattleChessApp]
    run_before: Callable[[Pilot[Any]], Awaitable[None]]


def play_some(game: Game, plies: int, *, stop_after_roll: bool = False) -> None:
    """Make ``plies`` decisions chosen by a seeded random source (captures preferred, so the
    pictures show fights); stop early after a roll when asked."""
    rng = random.Random(SEED)
    for _ in range(plies):
        actions = game.rule_actions()
        if not actions:
            return
        state = game.state
        fights = [
            a
            for a in actions
            if len(a.squares) >= 2 and game.presenter.piece_view(state, a.squares[-1]) is not None
        ]
        ply = game.play(rng.choice(fights or actions))
        if stop_after_roll and any(isinstance(e, Roll) for e in ply.events):
            return


def _app(start: str = "menu", game: Game | None = None) -> Callable[[Path], BattleChessApp]:
    def make(save_dir: Path) -> BattleChessApp:
        app = BattleChessApp(start, game=game, save_dir=save_dir, settings=Settings(animate=False))
        app.animation_level = "none"
        return app

    return make


async def _settle(pilot: Pilot[Any]) -> None:
    """Wait until the screen on top has mounted and focused its first widget."""
    await pilot.pause()
    for _ in range(50):
        if pilot.app.screen.focused is not None:
            break
        await pilot.pause()
    await pilot.pause()


def _game_app(
    variant: str, plies: int, stop_after_roll: bool = False
) -> Callable[[Path], BattleChessApp]:
    def make(save_dir: Path) -> BattleChessApp:
        game = build_game(variant, None, SEED, None)
        play_some(game, plies, stop_after_roll=stop_after_roll)
        return _app("play", game)(save_dir)

    return make


async def _select_a_piece(pilot: Pilot[Any]) -> None:
    """Pick up a piece that can attack (or move), cursor on its target, as a player would."""
    await _settle(pilot)
    screen = pilot.app.screen
    if not isinstance(screen, GameScreen) or screen.game.over:
        return
    game = screen.game
    actions = [a for a in game.legal_actions() if len(a.squares) >= 2]
    state = game.state
    fights = [a for a in actions if game.presenter.piece_view(state, a.squares[-1]) is not None]
    if actions:
        action = (fights or actions)[0]
        screen.entry.select(action.squares[0])
        screen.cursor = action.squares[-1]
        screen.sync_card()
        await _odds_shown(pilot)
    await _settle(pilot)


async def _odds_shown(pilot: Pilot[Any]) -> None:
    """Wait for the odds the table works out in a thread (a replaced worker is cancelled)."""
    for worker in list(pilot.app.workers):
        with contextlib.suppress(WorkerCancelled):
            await worker.wait()


def _lesson(game: str, lesson: str, steps: int) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """A lesson in progress: its first ``steps`` steps done as the lesson expects."""

    async def run(pilot: Pilot[Any]) -> None:
        await _settle(pilot)
        app = pilot.app
        assert isinstance(app, BattleChessApp)
        run = LessonRun(find(game, lesson))
        screen = LessonScreen(run, app.save_dir)
        await app.push_screen(screen)
        await _settle(pilot)
        for _ in range(steps):
            step = run.step
            assert step is not None
            screen.play(step.expect[0])
            await _settle(pilot)

    return run


async def _new_game(pilot: Pilot[Any]) -> None:
    await _settle(pilot)
    await pilot.press("n")
    await _settle(pilot)
    screen = pilot.app.screen
    variant = "gladiator" if "gladiator" in specs() else next(iter(specs()))
    screen.query_one("#game-select", Select).value = variant
    await _settle(pilot)
    screen.query_one("#seed", Input).value = str(SEED)
    await _settle(pilot)


async def _replay(pilot: Pilot[Any]) -> None:
    await _settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.open_replay()
    await _settle(pilot)
    await pilot.press("home", *["right"] * 5)
    await _settle(pilot)


def _analysed_replay(save_dir: Path) -> BattleChessApp:
    """The example D&D save opened for replay; its analysis is kept beside it."""
    app = _app()(save_dir)
    loaded = load_game(ANALYSED)
    app.call_later(app.open_replay, loaded.game, loaded.path)
    return app


async def _first_mistake(pilot: Pilot[Any]) -> None:
    """The kept analysis shown, the replay at the first mistake (``m``)."""
    await _until_screen(pilot, ReplayScreen)
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    await _until(pilot, lambda: screen.analysis is not None)
    await pilot.press("m")
    await _settle(pilot)


async def _rules(pilot: Pilot[Any]) -> None:
    await _settle(pilot)
    await pilot.press("r")
    await _settle(pilot)
    viewer = pilot.app.screen.query_one("#rules-viewer")
    await _until(pilot, lambda: bool(viewer.children))


async def _until(pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    """Pause until ``done()`` holds (the Markdown of a page has been laid out)."""
    for _ in range(100):
        if done():
            break
        await pilot.pause()
    await pilot.pause()


async def _help(pilot: Pilot[Any]) -> None:
    await _settle(pilot)
    await pilot.press("question_mark")
    await _settle(pilot)


def _named_app(
    variant: str, moves: tuple[str, ...], black: str = "Bo", computer: str | None = None
) -> Callable[[Path], BattleChessApp]:
    """Ann against ``black`` (the computer at level ``computer``, if given), ``moves`` played."""

    def make(save_dir: Path) -> BattleChessApp:
        game = build_game(variant, None, SEED, {"white": "Ann", "black": black})
        if computer is not None:
            game.computers = {"black": Level.parse(computer)}
        for move in moves:
            game.play(move)
        return _app("play", game)(save_dir)

    return make


async def _until_screen(pilot: Pilot[Any], kind: type[object]) -> None:
    await _until(pilot, lambda: isinstance(pilot.app.screen, kind))
    await _settle(pilot)


async def _fight_then_hand_over(pilot: Pilot[Any]) -> None:
    """A fight played on the table: its roll in the tray, then the notice of what happened."""
    await _settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    screen.settings.handover = "on"  # two players: the notice is a setting (default: a line)
    screen.play("e4d5")
    await _until_screen(pilot, HandOver)


async def _takeback(pilot: Pilot[Any]) -> None:
    await _settle(pilot)
    await pilot.press("u")
    await _until_screen(pilot, Confirm)


async def _hint_shown(pilot: Pilot[Any]) -> None:
    """The hint key's answer, worked out with a node budget so the picture is the same on
    every machine (the app also stops at a deadline)."""
    await _settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    game = screen.game
    screen.turns.show_hint(hint(game.rules, game.state, game.to_move))
    await _odds_shown(pilot)
    await _settle(pilot)


def scenes() -> list[Scene]:
    """Every picture: menu, new game, each game mid-play, a fight, replay, an analysed replay
    at its first mistake (from a checkout, where the example saves are), rules, help, a
    hand-over after a fight, a takeback request, a hint against the computer, and lessons in
    progress."""
    keys = list(specs())
    out = [
        Scene("menu", SMALL, _app(), _settle),
        Scene("new-game", LARGE, _app(), _new_game),
        Scene("classic-80x24", SMALL, _game_app("classic", 6), _select_a_piece),
    ]
    out += [Scene(f"game-{key}", LARGE, _game_app(key, 14), _select_a_piece) for key in keys]
    fighter = next((k for k in ("single-combat", "gladiator", "dnd") if k in keys), None)
    if fighter:
        out.append(Scene("combat-roll", LARGE, _game_app(fighter, 60, True), _settle))
    tallied = "gladiator" if "gladiator" in keys else "classic"
    out.append(Scene("tally-sheet", LARGE, _game_app(tallied, 30), _settle))
    out.append(Scene("replay", LARGE, _game_app("classic", 12), _replay))
    if "dnd" in keys and ANALYSED.exists():
        out.append(Scene("analysis-dnd", LARGE, _analysed_replay, _first_mistake))
    ruled = "single-combat" if "single-combat" in keys else "classic"
    out.append(Scene("rules", LARGE, _game_app(ruled, 0), _rules))
    out.append(Scene("help", SMALL, _game_app("classic", 0), _help))
    if "single-combat" in keys:
        opening = ("e2e4", "d7d5")
        fight = _named_app("single-combat", opening)
        out.append(Scene("hand-over", SMALL, fight, _fight_then_hand_over))
        computer = _named_app("single-combat", opening, "Computer", "medium")
        out.append(Scene("computer-hint", LARGE, computer, _hint_shown))
    out.append(Scene("takeback", SMALL, _named_app("classic", ("e2e4",)), _takeback))
    out.append(Scene("lesson-classic", SMALL, _app(), _lesson("classic", "check-and-mate", 1)))
    if "gladiator" in keys:
        lesson = _lesson("gladiator", "hit-points-and-combat", 1)
        out.append(Scene("lesson-gladiator", LARGE, _app(), lesson))
    return out


SYMBOL_FONT = (
    "font-weight: normal; font-size: 24px; font-family: 'DejaVu Sans', 'Noto Sans Symbols 2', "
    "'Segoe UI Symbol', 'Apple Symbols', sans-serif"
)
#: A text element of the exported SVG: where it starts, its width, and its characters.
_TEXT = re.compile(
    r'x="(?P<x>[0-9.]+)" (?P<y>y="[0-9.]+") textLength="(?P<width>[0-9.]+)" '
    r'(?P<rest>clip-path="[^"]*">)(?P<text>[^<]*)</text>'
)
NBSP = "&#160;"
_EDGES = re.compile(r"(?P<lead>(?:&#160;)*)(?P<core>.*?)(?:&#160;)*", re.DOTALL)
#: Symbols drawn in a font that has them whole (chess figures, dice, marks).
SYMBOLS = re.compile("[\u2600-\u27bf]")


def legible(svg: str) -> str:
    """The SVG made to render alike in browsers and in rsvg: each text element starts at its
    first visible character (rsvg drops leading spaces, shifting the rest left), and a lone
    symbol is drawn in a font that has it whole, centred on its cell, at its own width (the
    SVG gives it one terminal cell, into which renderers squeeze a chess figure or a die from
    a monospaced fallback font until it can hardly be read)."""

    def placed(match: re.Match[str]) -> str:
        text, x, width = match["text"], float(match["x"]), float(match["width"])
        cells = cell_len(html.unescape(text)) or 1
        spaces = _EDGES.fullmatch(text)
        assert spaces is not None  # the pattern matches any text
        lead, core = len(spaces["lead"]) // len(NBSP), spaces["core"]
        if not core:
            return match[0]
        cell = width / cells
        x += lead * cell
        width = cell_len(html.unescape(core)) * cell
        if len(html.unescape(core)) == 1 and SYMBOLS.fullmatch(html.unescape(core)):
            return (
                f'x="{x + width / 2:g}" {match["y"]} text-anchor="middle" '
                f'style="{SYMBOL_FONT}" {match["rest"]}{core}</text>'
            )
        return f'x="{x:g}" {match["y"]} textLength="{width:g}" {match["rest"]}{core}</text>'

    return _TEXT.sub(placed, svg)


async def _shoot(scene: Scene, out_dir: Path, save_dir: Path, force: bool) -> Path:
    app = scene.make_app(save_dir)
    async with app.run_test(size=scene.size) as pilot:
        await scene.run_before(pilot)
        svg = app.export_screenshot()
    path = out_dir / f"{scene.name}.svg"
    write_new(path, legible(svg), force)
    return path


async def _generate(out_dir: Path, force: bool) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    if not force:
        for scene in scenes():
            if (out_dir / f"{scene.name}.svg").exists():
                raise SaveError(taken(out_dir / f"{scene.name}.svg"))
    with tempfile.TemporaryDirectory() as saves:
        return [await _shoot(scene, out_dir, Path(saves), force) for scene in scenes()]


def generate(out_dir: Path, force: bool = False) -> list[Path]:
    """Make every screenshot as ``out_dir/<scene>.svg``; returns the files written. A file
    already there is replaced only with ``force`` (SaveError naming it otherwise)."""
    return asyncio.run(_generate(Path(out_dir), force))
