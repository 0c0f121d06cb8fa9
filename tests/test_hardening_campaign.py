"""Issue 17, items 3, 8 and 12: a killed ``campaign simulate`` never leaves a campaign stuck;
campaign files are validated in the model (classes, items, squares, battle powers, game
numbers); a campaign's game files stay inside its folder."""

import json
import shutil

import pytest

from battlechess_tui.campaign import between_games as bg
from battlechess_tui.campaign import simulate as sim
from battlechess_tui.campaign.simulate import simulate_campaign
from battlechess_tui.campaign.store import CampaignError, create_campaign, load_campaign
from battlechess_tui.cli import main
from battlechess_tui.save.store import load_game, verify_file
from tests.typed import known


@pytest.fixture(scope="module")
def two_games(tmp_path_factory):
    folder = tmp_path_factory.mktemp("campaign")
    simulate_campaign(create_campaign("War", folder, "Ann", "Bo"), 2, 3)
    return folder


@pytest.fixture
def played(two_games, tmp_path):
    """A campaign with two games played (a fresh copy for each test)."""
    shutil.copytree(two_games, tmp_path / "c")
    return tmp_path / "c" / "war.json"


def _edit(path, change):
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    return path.read_bytes()


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d["white"]["pieces"][0].update(cls="necromancer"), "is a .*not 'necromancer'"),
        (lambda d: d["white"]["pieces"][0].update(items=["sword-of-doom+9"]), "sword-of-doom"),
        (lambda d: d["white"]["pieces"][0].update(items=["weapon+2", "weapon+3"]), "one item"),
        (lambda d: d["white"]["pieces"][0].update(items=["Weapon+2"]), "Weapon"),
        (lambda d: d["white"]["pieces"][0].update(square="z9"), "start on"),
        (lambda d: d["white"]["pieces"][0].update(square="a8"), "start on"),
        (lambda d: d["black"]["pieces"].pop(), "at least 16"),
        (lambda d: d["games"][0].update(power=[3]), "power"),
        (lambda d: d["games"][0].update(bonus=[]), "bonus"),
        (lambda d: d["games"][1].update(number=7), "numbered 7"),
        (lambda d: d["games"][0].update(file="../victim.json"), "inside the campaign"),
        (lambda d: d["games"][0].update(file="/tmp/victim.json"), "inside the campaign"),
        (
            lambda d: d.update(current={**d["games"][0], "number": 3, "file": "../x.json"}),
            "inside the campaign",
        ),
    ],
    ids=[
        "class",
        "item",
        "two-weapons",
        "item-spelling",
        "square",
        "other-side",
        "fifteen",
        "short-power",
        "short-bonus",
        "numbering",
        "file-up",
        "file-absolute",
        "current-file",
    ],
)
def test_a_bad_campaign_file_is_refused_by_the_model(played, capsys, change, problem):
    before = _edit(played, change)
    with pytest.raises(CampaignError, match=problem) as info:
        load_campaign(played)
    assert "\n" not in str(info.value)
    for command in (["campaign", "show", str(played)], ["campaign", "simulate", str(played)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
    assert played.read_bytes() == before


def test_next_game_never_writes_outside_the_campaigns_folder(played, tmp_path):
    victim = tmp_path.parent / "victim.json"
    victim.write_text("a save of someone else's")
    _edit(
        played, lambda d: d.update(current={**d["games"][0], "number": 3, "file": "../victim.json"})
    )
    with pytest.raises(CampaignError):
        simulate_campaign(played, 1, 1)
    assert victim.read_text() == "a save of someone else's"


class Killed(Exception):
    """The process dies here."""


def test_a_simulate_killed_between_the_game_and_the_campaign_write_goes_on(played, monkeypatch):
    """The game file is written before the campaign names it: killed in between, the campaign
    still has no game in play, and the next run starts the game."""

    def killed(*args, **kwargs):
        raise Killed

    monkeypatch.setattr(sim, "save_campaign", killed)
    with pytest.raises(Killed):
        simulate_campaign(played, 1, 9)
    monkeypatch.undo()
    c = load_campaign(played)
    assert c.current is None and len(c.games) == 2
    simulate_campaign(played, 1, 9)
    assert len(load_campaign(played).games) == 3


def test_a_campaign_naming_a_missing_game_in_play_is_recovered(played):
    """A file from before this fix: ``current`` was written first, and the run was killed
    before the game's file existed ('game 3 is still being played' for ever)."""
    c = load_campaign(played)
    c, _ = bg.start_game(c, played, 5)
    from battlechess_tui.campaign.store import save_campaign

    save_campaign(c, played)
    assert json.loads(played.read_text())["current"]["number"] == 3
    assert load_campaign(played).current is None
    c, game = bg.start_game(load_campaign(played), played, 5)  # Next game works
    assert c.current is not None and c.current.number == 3


def test_a_simulate_killed_mid_game_is_finished_by_the_next_run(played, monkeypatch):
    calls = []
    real = sim.play_random

    def killed(game, rng):
        calls.append(game)
        game.play(sim.choose(game, rng))  # one decision, then the process dies
        raise Killed

    monkeypatch.setattr(sim, "play_random", killed)
    with pytest.raises(Killed):
        simulate_campaign(played, 1, 9)
    monkeypatch.setattr(sim, "play_random", real)
    c = load_campaign(played)
    assert c.current is not None and known(bg.current_path(c, played)).is_file()
    lines = simulate_campaign(played, 1, 9)
    c = load_campaign(played)
    assert c.current is None and len(c.games) == 3 and lines[0].startswith("Game 3:")
    assert verify_file(played.parent / c.games[-1].file) is None
    assert load_game(played.parent / c.games[-1].file).game.over
