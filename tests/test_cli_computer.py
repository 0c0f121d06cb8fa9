"""``battlechess play`` with computer players and team seats (issue 11 item 2, issue 12 item 6):
``--computer SEAT[=LEVEL]`` (a seat, a team's commander, a side, or ``all``) and ``--player``
for a whole team or one commander; a bad seat or level is one line. The app is not started:
the command's call to it is caught, and the game is built as the app would build it."""

from __future__ import annotations

from typing import Any

import pytest

from battlechess_tui.ai import DEFAULT_LEVEL, LEVELS
from battlechess_tui.cli import games as games_cli
from battlechess_tui.cli import main
from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from battlechess_tui.ui import app as app_module

WHITE_TEAM = [f"white.{c}" for c in ("king", "queen", "black-knight", "kings-knight")]
BLACK_TEAM = [f"black.{c}" for c in ("king", "queen", "black-knight", "kings-knight")]


def started(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> Game:
    """The game ``battlechess play ARGS`` starts (the app's start is caught)."""
    calls: list[dict[str, Any]] = []

    def caught(_args: Any, start: str, **kwargs: Any) -> int:
        calls.append(dict(kwargs, start=start))
        return 0

    monkeypatch.setattr(games_cli, "run_app", caught)
    assert main(["play", *args]) == 0, capsys.readouterr().err
    (call,) = calls
    assert call["start"] == "play"
    return build_game(
        call["variant"], call["options"], call["seed"], call["players"], call.get("computers")
    )


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    try:
        code = main(["play", *args])
    except SystemExit as exc:
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("battlechess: ") and err.count("\n") == 1, err
    return err


def test_computer_black_plays_black_at_the_default_level(monkeypatch, capsys) -> None:
    game = started(monkeypatch, capsys, "classic", "--computer", "black", "--seed", "4")
    assert game.computers == {"black": DEFAULT_LEVEL}
    assert game.players == {"white": "White", "black": "Black"}


def test_computer_level_and_all_for_a_demo(monkeypatch, capsys) -> None:
    game = started(monkeypatch, capsys, "dice-chess", "--computer", "black=hard", "--seed", "4")
    assert game.computers == {"black": "hard"}
    game = started(monkeypatch, capsys, "dnd", "--computer", "all=easy", "--seed", "4")
    assert game.computers == {"white": "easy", "black": "easy"}


def test_gc_2_computer_holds_one_commander_or_a_whole_team(monkeypatch, capsys) -> None:
    game = started(monkeypatch, capsys, "gladiator", "--computer", "white.queen", "--seed", "4")
    assert game.computers == {"white.queen": DEFAULT_LEVEL}
    game = started(
        monkeypatch,
        capsys,
        "gladiator",
        "--computer",
        "black=greedy",
        "--computer",
        "black.queen=random",
        "--seed",
        "4",
    )
    expected = dict.fromkeys(BLACK_TEAM, "greedy") | {"black.queen": "random"}
    assert game.computers == expected


def test_gc_2_player_for_a_side_holds_all_its_commanders(monkeypatch, capsys) -> None:
    # The single seat wins over its side, whichever flag comes first.
    game = started(
        monkeypatch,
        capsys,
        "gladiator",
        "--player",
        "white.queen=Bo",
        "--player",
        "white=Ann",
        "--seed",
        "4",
    )
    assert [game.player_of(s) for s in WHITE_TEAM] == ["Ann", "Bo", "Ann", "Ann"]
    assert {game.player_of(s) for s in BLACK_TEAM} == {"Black"}


def test_existing_player_flag_keeps_working(monkeypatch, capsys) -> None:
    game = started(monkeypatch, capsys, "classic", "--player", "white=Ann", "--seed", "4")
    assert game.players == {"white": "Ann", "black": "Black"} and game.computers == {}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ("classic", "--computer", "green"),
            "classic has no seat 'green' (seats: white, black, all)",
        ),
        (("classic", "--computer", "black=expert"), "no computer level 'expert' (levels: random"),
        (("classic", "--computer", "=hard"), "--computer takes SEAT or SEAT=LEVEL"),
        (("gladiator", "--computer", "white.bishop"), "white.kings-knight"),
        (
            ("gladiator", "--player", "green=Ann"),
            "--player: gladiator has no seat 'green' (seats: white, black, white.king",
        ),
        (
            ("classic", "--player", "white.queen=Bo"),
            "no seat 'white.queen' (did you mean 'white'?) (seats: white, black)",
        ),
    ],
)
def test_unknown_seat_or_level_is_one_line(capsys, args, says) -> None:
    assert says in refused(capsys, *args)


def test_help_names_every_level_and_the_flags(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert all(level in out for level in LEVELS) and f"{DEFAULT_LEVEL} (the default)" in out
    assert "--computer SEAT[=LEVEL]" in out and "white.queen=Bo" in out


def test_the_app_gets_the_computers(monkeypatch) -> None:
    """``ui.app.run_app`` builds the game with its computers (the app itself is not run)."""
    seen: list[Game | None] = []

    class NoApp:
        return_code = 0

        def __init__(self, start: str, *, game: Game | None = None, **_: Any) -> None:
            seen.append(game)

        def run(self) -> None:
            pass

    monkeypatch.setattr(app_module, "BattleChessApp", NoApp)
    assert app_module.run_app("play", variant="classic", seed=3, computers={"all": ""}) == 0
    (game,) = seen
    assert game is not None and game.computers == {"white": "medium", "black": "medium"}
