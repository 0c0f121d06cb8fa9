"""Issue 17, items 6, 7 and 12; issue 10, item 5: a variant file that passes ``check-variant``
plays (every option value is built, trial games are played to the end); a save's embedded
house rules are checked the same way; rules pages are read only beside the file or from the
shipped pages; a house-rule save loads and replays after its file is deleted; fields the game's
rules class ignores are warned about."""

import json
import re
from pathlib import Path

import pytest

from battlechess_tui.cli import main
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import check_file, load_spec_file, make_variant, variants_dir
from battlechess_tui.engine.spec import SpecError
from battlechess_tui.save.store import SaveError, load_game, save_game, verify_file
from battlechess_tui.simulation import play_out

HEAD = 'key = "house"\nname = "House"\ndescription = "a house rule"\n'


def _check(capsys, path):
    code = main(["check-variant", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out


def _write(tmp_path, text, name="house.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ('base = "classic"\nx = ' + "[" * 3000 + "]" * 3000 + "\n", "nested"),
        (
            'base = "classic"\n[data]\n' + "".join(f"[data.{'a.' * 40}b]\n" for _ in range(1)),
            "nested",
        ),
        ('base = ["classic"]\n', "base: names one variant"),
        ('base = "classic"\nrules = "chess_family:Variant"\n', "rules: "),
        ('base = "classic"\nrules = "engine:Rules"\n', "rules: "),
        ('base = "classic"\n[board]\nwidth = ' + "9" * 5000 + "\n", "too long"),
    ],
    ids=["deep-array", "deep-tables", "base-list", "rules-not-rules", "rules-outside", "digits"],
)
def test_check_variant_reports_bad_files_in_lines_without_a_traceback(
    tmp_path, capsys, body, problem
):
    path = _write(tmp_path, HEAD + body)
    code, out = _check(capsys, path)
    assert code == 1 and problem in out
    assert all(line.startswith(f"{path}: ") for line in out.splitlines())


def test_a_dice_chess_file_without_opening_turns_fails_the_check(tmp_path, capsys):
    """The file names the rules class and every table but drops an option the rules read: it
    used to pass the check and crash at decision 67 of a game; now it is refused at load, by
    name (issue 28, item 6)."""
    text = (variants_dir() / "dice-chess.toml").read_text()
    text = re.sub(r"\[options\.opening_turns\][^\[]*", "", text)
    text = text.replace('rules_text = "dice-chess.md"', "")
    path = _write(tmp_path, text)
    code, out = _check(capsys, path)
    assert code == 1 and "opening_turns missing" in out and "base = 'dice-chess'" in out


def test_every_option_value_is_built_by_the_check(tmp_path):
    path = _write(
        tmp_path, HEAD + 'base = "single-combat"\n[options.die]\nchoices = ["d6", "d8", "d7"]\n'
    )
    problems = check_file(path)
    assert any("option die = 'd7'" in p for p in problems), problems


def test_a_passing_file_plays_and_every_shipped_game_passes(tmp_path):
    for key in ("classic", "single-combat", "dice-chess"):
        assert check_file(variants_dir() / f"{key}.toml") == []
    path = _write(tmp_path, HEAD + 'base = "dice-chess"\n[options.stall_turns]\ndefault = 2\n')
    assert check_file(path) == []
    game = play_out(Game(make_variant(load_spec_file(path)), 3), 3)
    assert game.over


def test_a_field_the_rules_class_ignores_is_warned_about(tmp_path, capsys):
    path = _write(tmp_path, HEAD + 'base = "classic"\n[pieces.king]\nmovement = ["leap 1 2"]\n')
    warnings: list[str] = []
    assert check_file(path, warnings) == []
    assert len(warnings) == 1 and warnings[0].startswith("pieces.king.movement: ignored")
    used = _write(
        tmp_path, HEAD + 'base = "classic"\nsetup = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"\n', "used.toml"
    )
    warnings = []
    assert check_file(used, warnings) == [] and warnings == []


# -- rules pages (item 12) -----------------------------------------------------------------------


def test_a_rules_page_is_read_beside_the_file_and_kept_in_the_spec(tmp_path):
    (tmp_path / "house.md").write_text("# House rules\nKings fly.\n")
    path = _write(tmp_path, HEAD + 'base = "classic"\nrules_text = "house.md"\n')
    spec = load_spec_file(path)
    assert spec.rules_text.startswith("# House rules")
    assert make_variant(spec).presenter.rules_markdown().startswith("# House rules")


@pytest.mark.parametrize("page", ["/etc/hostname.md", "../secret.md", "sub/page.md", ".hidden.md"])
def test_a_rules_page_elsewhere_is_refused(tmp_path, capsys, page):
    (tmp_path.parent / "secret.md").write_text("TOP SECRET CONTENT")
    path = _write(tmp_path, HEAD + f'base = "classic"\nrules_text = "{page}"\n')
    with pytest.raises(SpecError, match="rules_text"):
        load_spec_file(path)
    code, out = _check(capsys, path)
    assert code == 1 and "rules_text" in out and "TOP SECRET" not in out


def test_a_saves_embedded_rules_page_cannot_name_another_file(tmp_path):
    path = _house_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["variant_spec"]["rules_text"] = "../../../../etc/hostname.md"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="rules_text"):
        load_game(path)


# -- a save's embedded house rules (item 6; issue 10, item 5) -----------------------------------


def _house_save(tmp_path, base: str = "dice-chess") -> Path:
    rule = "[options.stall_turns]\ndefault = 2\n" if base == "dice-chess" else ""
    house = _write(tmp_path, HEAD + f'base = "{base}"\n{rule}')
    game = play_out(Game(make_variant(load_spec_file(house)), 5), 5)
    path = tmp_path / "house-game.json"
    save_game(game, path)
    return path


def test_a_house_rule_save_replays_after_its_file_is_deleted(tmp_path, capsys):
    path = _house_save(tmp_path)
    (tmp_path / "house.toml").unlink()
    assert json.loads(path.read_text())["variant_spec"]["key"] == "house"
    assert load_game(path).game.over and verify_file(path) is None
    assert main(["replay", str(path), "--verify"]) == 0
    assert "verified" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("base", "edit", "problem"),
    [
        ("dice-chess", lambda s: s["options"].pop("opening_turns"), "opening_turns"),
        ("dice-chess", lambda s: s.update(rules="chess_family:Variant"), "rules"),
        ("dice-chess", lambda s: s.update(rules="engine:Rules"), "rules"),
        ("dice-chess", lambda s: s["board"].update(width=3), "board|setup|trial"),
        ("classic", lambda s: s.update(setup="not a position"), "setup|position|trial|built"),
        ("classic", lambda s: s.update(setup="8/8/8/8/8/8/8/8 w - - 0 1"), "king|trial|built"),
        ("dice-chess", lambda s: s.update(key="other"), "house rules are of 'other'"),
        ("dice-chess", lambda s: s.update(data={"max_swaps": [[[[1]]]]}), "max_swaps|data"),
    ],
    ids=["option-dropped", "not-rules", "abstract", "board", "setup", "no-kings", "key", "data"],
)
def test_a_saves_embedded_variant_is_checked_as_fully_as_check_variant(
    tmp_path, capsys, base, edit, problem
):
    path = _house_save(tmp_path, base)
    doc = json.loads(path.read_text())
    edit(doc["variant_spec"])
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=problem) as info:
        load_game(path)
    assert "\n" not in str(info.value)
    code = main(["replay", str(path), "--verify"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
