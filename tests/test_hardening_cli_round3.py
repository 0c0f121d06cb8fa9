"""Issue 28, items 7 and 14, and issue 25, items 19 and 20: ``load`` checks every field it can;
a seat is given once, to a person or to the computer; global options after a command; every
command's help; ``play --position``; "did you mean", closed quotes, game keys in any case."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.cli import build_parser, main
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save.store import SaveError, load_game, save_game, verify_file
from battlechess_tui.session import build_game
from battlechess_tui.ui import app as app_module

#: White mates with Ra8 (a back-rank puzzle).
PUZZLE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


def _code(argv: list[str]) -> int:
    """``main``'s status, whether it returns it or the parser exits with it."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def _one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert _code(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith("battlechess: ") and err.count("\n") == 1, err
    assert "internal error" not in err
    return err


# -- issue 28, item 7: load checks computers, hints and dates ------------------------------------


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    game = Game(make_variant("classic"), seed=3)
    game.computers = {"black": Level.HARD}
    game.play("e2e4")
    game.take_hint(game.parse("e7e5"), "keeps the balance")
    game.play("e7e5")
    path = tmp_path / "g.json"
    save_game(game, path)
    return path


def _edit(path: Path, change: Any) -> bytes:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    return path.read_bytes()


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(computers={"white": "godlike"}), "no computer level 'godlike'"),
        (lambda d: d.update(computers={"purple": "easy"}), "computers: classic has no seat 'purp"),
        (lambda d: d["hints"][0].update(ply=99999), "hint 1: at decision 99999, but the game"),
        (lambda d: d["hints"][0].update(action="zz9"), "hint 1: cannot read the decision 'zz9'"),
        (lambda d: d["hints"][0].update(action="e7e4"), "'e7e4' is not a decision of the position"),
        (lambda d: d.update(created="not a date"), "created: .*not a date and time: 'not a date'"),
        (lambda d: d.update(updated="2026-13-45"), "updated: .*not a date and time"),
        (lambda d: d.update(start="8/8/8 w"), "start: not a position of classic"),
    ],
    ids=["level", "seat", "hint-ply", "hint-text", "hint-illegal", "created", "updated", "start"],
)
def test_issue28_7_load_refuses_what_it_can_check_in_one_line(saved, capsys, change, problem):
    before = _edit(saved, change)
    with pytest.raises(SaveError, match=problem) as info:
        load_game(saved)
    assert "\n" not in str(info.value)
    err = _one_line_error(capsys, ["load", str(saved)])
    assert str(saved) in err
    assert saved.read_bytes() == before  # refused, never rewritten


def test_issue28_7_a_good_save_still_loads_with_its_hints_and_computers(saved):
    loaded = load_game(saved).game
    assert loaded.computers == {"black": "hard"}
    assert [(h.ply, h.action) for h in loaded.hints] == [(1, "e7e5")]


# -- issue 28, item 14: a seat once, to a person or to the computer ------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--player", "white=A", "--player", "white=B"], "--player white is given twice"),
        (["--player", "white=A", "--player", "White=B"], "--player White is given twice"),
        (
            ["--computer", "black", "--player", "black=Ann"],
            "--player black=Ann: black is played by the computer (--computer black)",
        ),
        (
            ["--computer", "all", "--player", "white=Ann"],
            "white is played by the computer (--computer all)",
        ),
        (["--computer", "black=easy", "--computer", "Black=hard"], "--computer Black is given"),
        (["-o", "x=1", "-o", "x=2"], "--option x is given twice"),
    ],
    ids=[
        "player-twice",
        "player-twice-case",
        "player-and-computer",
        "all",
        "computer-twice",
        "option-twice",
    ],
)
def test_issue28_14_a_seat_given_twice_or_to_both_is_refused(capsys, args, says):
    assert says in _one_line_error(capsys, ["play", "classic", *args])


def test_issue28_14_a_team_commander_named_apart_from_its_side_is_still_fine(monkeypatch):
    game = _started(
        monkeypatch,
        [
            "play",
            "gladiator",
            "--player",
            "white=Ann",
            "--player",
            "white.queen=Bo",
            "--computer",
            "black",
        ],
    )
    assert game.players["white.queen"] == "Bo" and game.players["white.king"] == "Ann"
    assert set(game.computers) == {s for s in game.players if s.startswith("black")}


# -- issue 25, item 19: global options after a command, help, play --position --------------------


def _started(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> Game:
    """The game the app would open for ``argv`` (the app itself is not run)."""
    games: list[Game] = []

    def run(self: Any) -> None:
        games.append(self.start_game_obj)

    monkeypatch.setattr(app_module.BattleChessApp, "run", run)
    assert main(argv) == 0
    (game,) = games
    return game


def test_issue25_19_save_dir_works_after_the_command_too(tmp_path, monkeypatch, capsys):
    folders: list[Any] = []
    monkeypatch.setattr(
        app_module.BattleChessApp, "run", lambda self: folders.append(self.save_dir)
    )
    for argv in (
        ["--save-dir", str(tmp_path / "a"), "play", "classic"],
        ["play", "classic", "--save-dir", str(tmp_path / "b")],
    ):
        assert main(argv) == 0
    assert folders == [tmp_path / "a", tmp_path / "b"]
    err = _one_line_error(capsys, ["campaign", "show", "War", "--save-dir", str(tmp_path / "c")])
    assert str(tmp_path / "c" / "campaigns") in err


def _commands(sub: argparse._SubParsersAction, prefix: str = "") -> list[tuple[str, Any]]:
    out = []
    for name, parser in sub.choices.items():
        out.append((prefix + name, parser))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                out += _commands(action, f"{prefix}{name} ")
    return out


def test_issue25_19_every_command_has_a_description_and_help_for_its_arguments():
    parser, _ = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    commands = _commands(sub)
    assert {
        "load",
        "replay",
        "rules",
        "show",
        "variants",
        "schema",
        "check-variant",
        "campaign simulate",
    } <= {name for name, _ in commands}
    for name, command in commands:
        assert command.description, name
        assert "--save-dir" in command._option_string_actions, name
        for action in command._actions:
            if not isinstance(action, argparse._SubParsersAction):
                assert action.help, f"{name}: {action.dest}"


def test_issue25_19_play_starts_from_a_position_and_the_save_replays_from_it(monkeypatch, tmp_path):
    game = _started(monkeypatch, ["play", "classic", "--position", PUZZLE, "--seed", "5"])
    assert game.rules.position_text(game.state) == PUZZLE and game.start_position == PUZZLE
    game.play("a1a8")
    assert game.outcome is not None and game.outcome.winner == 0
    path = tmp_path / "puzzle.json"
    save_game(game, path)
    assert json.loads(path.read_text())["start"] == PUZZLE
    assert verify_file(path) is None
    loaded = load_game(path).game
    assert loaded.rules.position_text(loaded.positions[0].state) == PUZZLE
    assert loaded.outcome is not None and loaded.outcome.winner == 0


def test_issue25_19_play_position_takes_any_game_s_notation(monkeypatch):
    dealt = build_game("dice-chess", seed=2)
    text = dealt.rules.position_text(dealt.state)
    game = _started(monkeypatch, ["play", "dice-chess", "--position", text])
    assert game.rules.position_text(game.state) == text


def test_issue25_19_a_bad_position_is_one_line_before_the_app(capsys):
    err = _one_line_error(capsys, ["play", "classic", "--position", "8/8 w"])
    assert "bad position for classic" in err


# -- issue 25, item 20: closed quotes, did you mean, case ----------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["play", "clasic"], "no game called 'clasic' (did you mean 'classic'?)"),
        (["rules", "dnd-chess"], "(did you mean 'dice-chess'?)"),
        (
            ["play", "gladiator", "--player", "white.quen=Bo"],
            "no seat 'white.quen' (did you mean 'white.queen'?)",
        ),
        (
            ["play", "classic", "--computer", "black=hadr"],
            "no computer level 'hadr' (did you mean 'hard'?)",
        ),
        (["play", "dice-chess", "-o", "stall_turn=3"], "(did you mean 'stall_turns'?)"),
        (["play", "dnd", "-o", "level=five"], "option level takes a number, not 'five'"),
        (["pla"], "invalid choice: 'pla' (did you mean 'play'?)"),
    ],
    ids=["game", "game-2", "seat", "level", "option", "closing-quote", "command"],
)
def test_issue25_20_errors_suggest_the_closest_name_and_close_their_quotes(capsys, argv, says):
    err = _one_line_error(capsys, argv)
    assert says in err
    assert err.count("'") % 2 == 0  # every quote closed


def test_issue25_20_game_keys_seats_and_levels_take_any_case(monkeypatch, capsys):
    game = _started(monkeypatch, ["play", "Classic", "--computer", "Black=Hard"])
    assert game.variant.key == "classic" and game.computers == {"black": "hard"}
    assert main(["rules", "DICE-CHESS"]) == 0
    assert "Dice Chess" in capsys.readouterr().out
    game = _started(monkeypatch, ["play", "single-combat", "-o", "Die=D8"])
    assert game.variant.options["die"] == "d8"
