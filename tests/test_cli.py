"""The headless command line: perft, simulate, replay --verify, rules, variants, checks, schema."""

import json

import pytest

from battlechess_tui.cli import main
from battlechess_tui.save.store import save_game
from battlechess_tui.simulation import random_game

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_perft_classic_from_start_and_fen(capsys):
    assert run(capsys, "perft", "classic", "--depth", "3")[:2] == (0, "8902\n")
    assert run(capsys, "perft", "classic", "--fen", KIWIPETE, "--depth", "2")[:2] == (0, "2039\n")


def test_perft_divide_sums_to_the_total(capsys):
    code, out, _ = run(capsys, "perft", "classic", "--depth", "2", "--divide")
    lines = out.splitlines()
    assert code == 0 and lines[-1] == "400"
    assert sum(int(line.split(": ")[1]) for line in lines[:-1]) == 400


@pytest.mark.parametrize("key", ["arena", "single-combat", "dice-chess", "dnd"])
def test_perft_divide_sums_to_perft_for_games_of_several_decisions(capsys, key):
    _, total, _ = run(capsys, "perft", key, "--depth", "2")
    code, out, _ = run(capsys, "perft", key, "--depth", "2", "--divide")
    lines = out.splitlines()
    assert code == 0 and lines[-1] == total.strip()
    assert sum(int(line.rsplit(": ", 1)[1]) for line in lines[:-1]) == int(total)


def test_perft_help_says_what_a_level_counts(capsys):
    with pytest.raises(SystemExit):
        main(["perft", "--help"])
    assert "classic: one move" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ("perft", "nope", "--depth", "1"),
        ("perft", "classic", "--depth", "1", "--fen", "not a fen"),
        ("perft", "classic", "--depth", "1", "--option", "die=d6"),
        ("rules", "nope"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and err.startswith("battlechess: ") and err.count("\n") == 1


def test_simulate_prints_results_and_saves_games_that_verify(capsys, tmp_path):
    code, out, _ = run(
        capsys,
        "simulate",
        "classic",
        "--games",
        "3",
        "--seed",
        "2",
        "--save-dir",
        str(tmp_path),
        "--verify",
    )
    assert code == 0
    assert "classic: 3 games" in out and "mean length" in out
    assert "replays verified: 3/3" in out
    assert len(list(tmp_path.glob("classic-2-*.json"))) == 3


def test_replay_verify_accepts_a_true_save_and_rejects_a_forged_one(capsys, tmp_path):
    path = tmp_path / "g.json"
    save_game(random_game("classic", 9), path)
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and "verified" in out
    doc = json.loads(path.read_text())
    doc["plies"][1]["events"] = [{"kind": "note", "tag": "capture"}]
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and "ply 2" in out


def test_loading_a_corrupt_file_exits_2_without_traceback(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "battlechess-save", "format_version": 1, "plies": [')
    for command in ("load", "replay"):
        code, out, err = run(capsys, command, str(path))
        assert code == 2 and "truncated" in err and "Traceback" not in err
        assert err.count("\n") == 1
    assert path.read_text().endswith("[")


def test_variants_and_rules(capsys):
    code, out, _ = run(capsys, "variants")
    assert code == 0 and out.startswith("classic")
    code, out, _ = run(capsys, "rules", "classic")
    assert code == 0 and "# Classic chess" in out and "(Ruling)" in out


def test_check_variant_reports_every_problem(capsys, tmp_path):
    good = tmp_path / "house.toml"
    good.write_text('key = "house"\nname = "House"\ndescription = "x"\nbase = "classic"\n')
    assert run(capsys, "check-variant", str(good))[0] == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'key = "Bad Key"\nbase = "classic"\n[board]\nwidth = 40\n'
        '[pieces.king]\nmovement = ["fly"]\n'
    )
    code, out, _ = run(capsys, "check-variant", str(bad))
    assert code == 1
    for problem in ("key", "board.width", "fly"):
        assert problem in out


def test_check_variant_reports_toml_syntax(capsys, tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text("key = \n")
    code, out, _ = run(capsys, "check-variant", str(bad))
    assert code == 1 and "TOML syntax" in out


def test_schema_is_json_schema_of_the_save(capsys):
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "SaveFile"
    assert "plies" in schema["properties"]
