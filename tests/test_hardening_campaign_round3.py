"""Issue 28, items 1 and 2: two processes on one campaign take turns under its lock and lose no
game or gold; a campaign writes its games only in a real folder beside it, never over a file it
did not create."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from battlechess_tui.campaign import between_games as bg
from battlechess_tui.campaign import simulate as sim
from battlechess_tui.campaign.simulate import simulate_campaign
from battlechess_tui.campaign.store import (
    CampaignError,
    claim_game,
    create_campaign,
    create_game_file,
    load_campaign,
    save_campaign,
)
from battlechess_tui.cli import main
from battlechess_tui.save.lock import locked
from battlechess_tui.simulation import game_seed

ROOT = Path(__file__).resolve().parent.parent
SEEDS = (3, 8)
GAMES = 3


def _simulate(path: Path, seed: int) -> subprocess.Popen[str]:
    code = "import sys; from battlechess_tui.cli import main; sys.exit(main(sys.argv[1:]))"
    args = ["campaign", "simulate", str(path), "--games", str(GAMES), "--seed", str(seed)]
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)  # fmt: skip


def _substance(path: Path) -> dict:
    """The campaign without its times and write count."""
    doc = json.loads(path.read_text())
    for key in ("created", "updated", "revision", "app_version"):
        doc.pop(key)
    return doc


def test_issue28_1_two_simulate_processes_on_one_campaign_keep_every_game_and_prize(tmp_path):
    path = create_campaign("War", tmp_path / "a", "Ann", "Bo")
    runs = [_simulate(path, seed) for seed in SEEDS]
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        assert out.count("chests ") == GAMES
    campaign = load_campaign(path)
    assert len(campaign.games) == 2 * GAMES
    for entry in campaign.games:
        assert (path.parent / entry.file).is_file()
    # The same games played one after the other, in the order the lock gave them, leave the
    # very same campaign: every prize, bonus and purchase of both runs is in it.
    firsts = {game_seed(seed, i): seed for seed in SEEDS for i in range(GAMES)}
    order = [firsts[entry.seed] for entry in campaign.games]
    assert sorted(order) == sorted(SEEDS * GAMES)
    serial = create_campaign("War", tmp_path / "b", "Ann", "Bo")
    rngs = {seed: random.Random(seed) for seed in SEEDS}
    played = {seed: 0 for seed in SEEDS}
    for seed in order:
        sim._one_game(load_campaign(serial), serial, game_seed(seed, played[seed]), rngs[seed])
        played[seed] += 1
    want, got = _substance(serial), _substance(path)
    assert got["white"] == want["white"] and got["black"] == want["black"]
    assert [g["prize"] for g in got["games"]] == [g["prize"] for g in want["games"]]


def test_issue28_1_a_write_over_a_newer_campaign_is_refused_and_loses_nothing(tmp_path):
    """The app's window read the campaign, a simulate wrote a game since: the window's stale
    write is refused in one line and the game stays."""
    path = create_campaign("War", tmp_path, "Ann", "Bo")
    stale = load_campaign(path)
    simulate_campaign(path, 1, 3)
    before = path.read_bytes()
    stale.white.chest += 1_000
    with pytest.raises(CampaignError, match="changed by another battlechess") as info:
        save_campaign(stale, path)
    assert "\n" not in str(info.value)
    assert path.read_bytes() == before
    fresh = load_campaign(path)
    fresh.white.chest += 1_000
    save_campaign(fresh, path)
    save_campaign(fresh, path)  # the object took the revision it wrote: writing again is fine
    assert load_campaign(path).white.chest == fresh.white.chest


def test_issue28_1_a_writer_waits_for_the_lock_then_refuses_in_one_line(tmp_path, monkeypatch):
    path = create_campaign("War", tmp_path, "Ann", "Bo")
    code = (
        "import sys, time; from battlechess_tui.save.lock import locked\n"
        "with locked(sys.argv[1], 1):\n    print('held', flush=True); time.sleep(30)\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE,
                              text=True, cwd=ROOT)  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        monkeypatch.setattr(sim, "TURN_WAIT", 0.2)
        with pytest.raises(CampaignError, match=f"in use by another battlechess .pid {holder.pid}"):
            simulate_campaign(path, 1, 3)
    finally:
        holder.kill()
        holder.wait()
    # A lock whose holder died is free at once (the system's lock): no stale-lock cleanup.
    with locked(path, 0):
        pass
    simulate_campaign(path, 1, 3)
    assert len(load_campaign(path).games) == 1


def test_issue28_2_a_games_folder_that_is_a_link_is_refused(tmp_path, capsys):
    path = create_campaign("War", tmp_path / "c", "Ann", "Bo")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "game-001.json").write_text("someone's save")
    bg_dir = path.parent / "war-games"
    bg_dir.symlink_to(elsewhere, target_is_directory=True)
    before = path.read_bytes()
    assert main(["campaign", "simulate", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "symbolic link" in err and err.count("\n") == 1
    assert (elsewhere / "game-001.json").read_text() == "someone's save"
    assert sorted(p.name for p in elsewhere.iterdir()) == ["game-001.json"]
    assert path.read_bytes() == before


def test_issue28_2_a_game_file_the_campaign_did_not_write_is_never_overwritten(tmp_path, capsys):
    path = create_campaign("War", tmp_path, "Ann", "Bo")
    (tmp_path / "war-games").mkdir()
    foreign = tmp_path / "war-games" / "game-001.json"
    foreign.write_text("someone's save")
    assert main(["campaign", "simulate", str(path), "--games", "1"]) == 2
    assert "did not write" in capsys.readouterr().err
    assert foreign.read_text() == "someone's save"
    assert load_campaign(path).current is None


def test_issue28_2_a_new_game_is_created_exclusively(tmp_path):
    """Two windows starting game 1 at once: the second finds the file taken and is refused."""
    path = create_campaign("War", tmp_path, "Ann", "Bo")
    c, game = bg.start_game(load_campaign(path), path, 5)
    game_path = bg.current_path(c, path)
    assert game_path is not None
    create_game_file(game, game_path, path)
    game.play(game.rule_actions()[0])
    from battlechess_tui.save.store import save_game

    save_game(game, game_path)
    before = game_path.read_bytes()
    with pytest.raises(CampaignError, match="did not write"):
        create_game_file(game, game_path, path)
    assert game_path.read_bytes() == before


def test_issue28_1_a_game_another_window_plays_is_not_taken_over(tmp_path):
    """The app plays game 1; a simulate started meanwhile must not finish it for them."""
    path = create_campaign("War", tmp_path, "Ann", "Bo")
    c, game = bg.start_game(load_campaign(path), path, 5)
    game_path = bg.current_path(c, path)
    assert game_path is not None
    create_game_file(game, game_path, path)
    save_campaign(c, path)
    claim = claim_game(game_path)  # what the app's game screen holds
    before = (path.read_bytes(), game_path.read_bytes())
    try:
        with pytest.raises(CampaignError, match="game-001.json is being played by another"):
            simulate_campaign(path, 1, 3)
        assert (path.read_bytes(), game_path.read_bytes()) == before
    finally:
        claim.release()
    simulate_campaign(path, 1, 3)  # left by the window: the run finishes it
    assert len(load_campaign(path).games) == 1


async def test_issue28_1_the_app_s_campaign_game_is_claimed_while_its_screen_is_open(tmp_path):
    from battlechess_tui.ui.app import BattleChessApp
    from battlechess_tui.ui.screens.campaign import CampaignScreen, CampaignTable
    from battlechess_tui.ui.screens.game import GameScreen

    path = create_campaign("War", tmp_path / "campaigns", "Ann", "Bo")
    app = BattleChessApp("menu", save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CampaignScreen(path))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and isinstance(app.screen.policy, CampaignTable)
        with pytest.raises(CampaignError, match="being played by another"):
            simulate_campaign(path, 1, 3)
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
    simulate_campaign(path, 1, 3)
    assert len(load_campaign(path).games) == 1


def test_issue28_7_a_campaign_file_with_a_bad_date_is_refused_in_one_line(tmp_path, capsys):
    path = create_campaign("War", tmp_path, "Ann", "Bo")
    doc = json.loads(path.read_text())
    doc["created"] = "not a date"
    path.write_text(json.dumps(doc))
    assert main(["campaign", "show", str(path)]) == 2
    err = capsys.readouterr().err
    assert "created" in err and "not a date and time" in err and err.count("\n") == 1
