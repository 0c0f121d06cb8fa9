"""Issue 28, items 3, 6 and 8: a house rule's rules page is a regular file in its folder; one
validation answers for every command (non-finite numbers refused, a Dice Chess file without
``opening_turns`` named); movement lists deduplicated and bounded."""

import re

import pytest

from battlechess_tui.cli import main
from battlechess_tui.engine.data_files import MAX_PAGE_BYTES, variants_dir
from battlechess_tui.engine.registry import check_file, load_spec_file
from battlechess_tui.engine.spec import MAX_ENTRIES, MAX_MOVEMENTS

SECRET = "root:x:0:0:the secret"
HEAD = 'key = "house"\nname = "House"\ndescription = "A house rule."\n'


def _write(folder, text, name="house.toml"):
    path = folder / name
    path.write_text(text)
    return path


def _commands(path):
    return [
        ["check-variant", str(path)],
        ["rules", str(path)],
        ["perft", str(path), "--depth", "1"],
        ["show", str(path)],
        ["play", str(path)],
        ["simulate", str(path), "--games", "1"],
    ]


def _refused_by_all(path, capsys, problem):
    """Every command refuses the file, in one line naming ``problem``, never as an internal
    error."""
    for command in _commands(path):
        code = main(command)
        out, err = capsys.readouterr()
        said = out + err
        assert code in (1, 2), command
        assert re.search(problem, said), (command, said)
        assert "internal error" not in said and "Traceback" not in said
        assert said.strip().count("\n") == 0, (command, said)


@pytest.fixture
def outside(tmp_path):
    secret = tmp_path / "passwd"
    secret.write_text(SECRET)
    folder = tmp_path / "variant"
    folder.mkdir()
    return folder, secret


def test_issue28_3_a_rules_page_that_links_out_of_the_folder_is_refused(outside, capsys):
    folder, secret = outside
    (folder / "rules.md").symlink_to(secret)
    path = _write(folder, HEAD + 'base = "classic"\nrules_text = "rules.md"\n')
    _refused_by_all(path, capsys, "rules.md.*symbolic link")


def test_issue28_3_a_rules_page_named_as_a_shipped_page_but_linked_is_refused(outside, capsys):
    folder, secret = outside
    (folder / "classic.md").symlink_to(secret)
    path = _write(folder, HEAD + 'base = "classic"\nrules_text = "classic.md"\n')
    assert main(["rules", str(path)]) == 2
    out, err = capsys.readouterr()
    assert SECRET not in out + err and "symbolic link" in err


def test_issue28_3_a_rules_page_is_size_capped(tmp_path, capsys):
    (tmp_path / "rules.md").write_text("x" * (MAX_PAGE_BYTES + 1))
    path = _write(tmp_path, HEAD + 'base = "classic"\nrules_text = "rules.md"\n')
    assert main(["rules", str(path)]) == 2
    assert "too large" in capsys.readouterr().err


def test_issue28_3_a_regular_rules_page_beside_the_file_is_shown(tmp_path, capsys):
    (tmp_path / "rules.md").write_text("# House\nKings may dance.\n")
    path = _write(tmp_path, HEAD + 'base = "classic"\nrules_text = "rules.md"\n')
    assert main(["rules", str(path)]) == 0
    assert "Kings may dance." in capsys.readouterr().out


@pytest.mark.parametrize(
    "table",
    ["[data.spells.doom]\nlevel = nan\n", "[data]\nreach = inf\n", "[data]\nodds = [1.0, -inf]\n"],
    ids=["spell-level", "data-inf", "list"],
)
def test_issue28_6_non_finite_numbers_are_refused_by_every_command(tmp_path, capsys, table):
    path = _write(tmp_path, HEAD + 'base = "dnd"\n' + table)
    _refused_by_all(path, capsys, "must be a finite number")


def test_issue28_6_a_dice_chess_file_without_opening_turns_is_refused_by_every_command(
    tmp_path, capsys
):
    text = (variants_dir() / "dice-chess.toml").read_text()
    text = re.sub(r"\[options\.opening_turns\][^\[]*", "", text)
    text = text.replace('key = "dice-chess"', 'key = "house"')
    path = _write(tmp_path, text)
    _refused_by_all(path, capsys, "opening_turns missing")


def test_issue28_8_a_repeated_movement_list_is_deduplicated(tmp_path):
    moves = ", ".join(['"leap 1 2"', '"leap  1 2"'] * 20)
    path = _write(tmp_path, HEAD + f'base = "gladiator"\n[pieces.footman]\nmovement = [{moves}]\n')
    assert load_spec_file(path).pieces["footman"].movement == ["leap 1 2"]
    assert check_file(path) == []


def test_issue28_8_a_list_of_thousands_is_refused_before_any_work(tmp_path, capsys):
    """5,000 copies of one movement (70 KB) took check-variant 36 s: now one line at once."""
    moves = ", ".join(['"leap 1 2"'] * 5_000)
    path = _write(tmp_path, HEAD + f'base = "gladiator"\n[pieces.footman]\nmovement = [{moves}]\n')
    _refused_by_all(path, capsys, f"pieces.footman.movement: at most {MAX_ENTRIES} entries")


def test_issue28_8_too_many_different_movements_are_refused(tmp_path):
    moves = ", ".join(f'"slide all {n}"' for n in range(1, MAX_MOVEMENTS + 2))
    path = _write(tmp_path, HEAD + f'base = "gladiator"\n[pieces.footman]\nmovement = [{moves}]\n')
    assert any(f"at most {MAX_MOVEMENTS} different movements" in p for p in check_file(path))


@pytest.mark.parametrize(
    "movement", ["bent 100000000", "slide all 99999999999", "leap 1 40", "bent 1 2 3 4 5 6 7 8 9"]
)
def test_issue28_8_a_movement_costing_unbounded_work_per_move_is_refused(tmp_path, movement):
    """``bent 100000000`` walked a hundred million squares for every move it listed."""
    path = _write(
        tmp_path, HEAD + f'base = "gladiator"\n[pieces.footman]\nmovement = ["{movement}"]\n'
    )
    problems = check_file(path)
    assert problems and "at most 8 numbers, each at most 32" in problems[0]


def test_issue28_8_an_old_save_embedding_a_repeated_movement_list_is_refused_at_once(tmp_path):
    """A save made before the cap embeds all 5,000 copies (it took 56 s of CPU to load)."""
    import json

    from battlechess_tui.save.store import SaveError, load_game, save_game
    from battlechess_tui.session import build_game

    path = _write(tmp_path, HEAD + 'base = "gladiator"\n')
    save = tmp_path / "g.json"
    save_game(build_game(path, seed=1), save)
    doc = json.loads(save.read_text())
    doc["variant_spec"]["pieces"]["footman"]["movement"] = ["leap 1 2"] * 5_000
    save.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=f"at most {MAX_ENTRIES} entries") as info:
        load_game(save)
    assert "\n" not in str(info.value)
