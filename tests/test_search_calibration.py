"""Issue 26, item 4: each game's search calibration (nodes a millisecond of thinking buys) is
stated in its variant file's ``[search]`` table, read through the rules' spec; a house file
inherits its base's figure and may override it within bounds; a bad ``[search]`` is refused by
``check-variant`` in one line."""

from pathlib import Path

import pytest

from battlechess_tui.ai.budget import (
    DEFAULT_NODES_PER_MS,
    HINT_MS,
    THINK_MS,
    Budget,
    level_ms,
    nodes_per_ms,
)
from battlechess_tui.cli import main
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import make_rules, resolve, spec, specs
from battlechess_tui.engine.spec import VariantSpec
from tests.shipped import shipped_specs

#: The figures ai/budget.py held before they moved into the variant files: unchanged, so every
#: computer decision stays the same (Dice Chess's since its searcher: 40, issue 24; D&D's
#: doubled from 1.5 for issue 24's levels: its medium decides in 0.2 CPU s at the median).
CALIBRATED = {
    "classic": 40.0,
    "single-combat": 40.0,
    "gladiator": 2.3,
    "arena": 8.0,
    "brawl": 8.0,
    "dice-chess": 40.0,
    "dnd": 3.0,
}

#: The levels a game's file gives their own thinking time (ms), where THINK_MS's would leave
#: two levels choosing alike (issue 24, item 3).
OWN_TIMES = {"single-combat": {"easy": 10, "hard": 2000}}

HEAD = 'key = "house"\nname = "House"\ndescription = "a house rule"\n'


def _house(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HEAD + body)
    return path


def test_every_shipped_game_states_its_calibration_and_the_budgets_are_unchanged() -> None:
    assert set(shipped_specs()) == set(CALIBRATED)
    for key, figure in CALIBRATED.items():
        search = spec(key).search
        assert search is not None, key
        assert search.nodes_per_ms == figure
        rules = make_rules(key)
        for level, ms in (THINK_MS | OWN_TIMES.get(key, {})).items():
            assert Budget.for_level(level, rules=rules).nodes == round(ms * figure)


def test_single_combats_easy_thinks_a_fifth_of_the_time_and_an_explicit_time_still_wins() -> None:
    rules = make_rules("single-combat")
    assert (
        level_ms(Level.EASY, rules) == 10
        and level_ms(Level.MEDIUM, rules) == THINK_MS[Level.MEDIUM]
    )
    assert Budget.for_level("easy", rules=rules).nodes == 400
    assert Budget.for_level("easy", 50, rules=rules).nodes == 2000
    assert level_ms(Level.EASY, make_rules("classic")) == THINK_MS[Level.EASY]


def test_the_hint_thinks_in_nodes_alone_classics_hint_longer_than_hard() -> None:
    """Issue 40, item 1: classic's hint has 80,000 nodes (about 0.8 CPU s; Single Combat
    inherits it), the slower searches' games give it hard's, as does a game stating none; no
    deadline, so a loaded machine gives the same hint."""
    classic = Budget.for_hint(make_rules("classic"))
    assert classic.nodes == 80_000 and classic.deadline is None
    assert classic.nodes > Budget.for_level("hard", rules=make_rules("classic")).nodes
    assert Budget.for_hint(make_rules("single-combat")).nodes == 80_000
    for key in ("arena", "brawl", "dnd", "gladiator", "dice-chess"):
        rules = make_rules(key)
        assert Budget.for_hint(rules).nodes == Budget.for_level("hard", rules=rules).nodes, key
    assert Budget.for_hint(None).nodes == round(HINT_MS * DEFAULT_NODES_PER_MS)


def test_a_house_file_may_give_a_level_its_own_time(tmp_path: Path) -> None:
    body = 'base = "classic"\n[search]\nnodes_per_ms = 10\nthink_ms = { hard = 3000 }\n'
    rules = resolve(str(_house(tmp_path, body))).rules
    assert Budget.for_level("hard", rules=rules).nodes == 30_000
    assert Budget.for_level("medium", rules=rules).nodes == THINK_MS[Level.MEDIUM] * 10


def test_a_house_file_inherits_its_bases_figure(tmp_path: Path) -> None:
    rules = resolve(str(_house(tmp_path, 'base = "gladiator"\n'))).rules
    assert nodes_per_ms(rules) == 2.3


def test_a_house_file_may_override_its_bases_figure(tmp_path: Path) -> None:
    path = _house(tmp_path, 'base = "classic"\n[search]\nnodes_per_ms = 12.5\n')
    rules = resolve(str(path)).rules
    assert nodes_per_ms(rules) == 12.5
    assert Budget.for_level("easy", rules=rules).nodes == round(THINK_MS[Level.EASY] * 12.5)


def test_a_game_without_a_figure_gets_the_default() -> None:
    raw = spec("classic").model_dump(mode="json")
    raw.update(key="plain", search=None)
    assert nodes_per_ms(make_rules(VariantSpec.model_validate(raw))) == DEFAULT_NODES_PER_MS
    assert nodes_per_ms(None) == DEFAULT_NODES_PER_MS


def test_a_house_game_saved_before_search_was_stated_counts_as_its_base() -> None:
    """Its saved spec has no ``search`` but names its shipped base, as ai/budget.py read it."""
    raw = spec("dice-chess").model_dump(mode="json")
    raw.update(key="old-house", base="dice-chess", search=None)
    assert nodes_per_ms(make_rules(VariantSpec.model_validate(raw))) == 40.0


@pytest.mark.parametrize(
    ("search", "problem"),
    [
        ("nodes_per_ms = 0", "search.nodes_per_ms: Input should be greater than 0"),
        ("nodes_per_ms = -3", "search.nodes_per_ms: Input should be greater than 0"),
        ("nodes_per_ms = 5000", "search.nodes_per_ms: Input should be less than or equal to 1000"),
        ("nodes_per_ms = inf", "search.nodes_per_ms: must be a finite number (not nan or inf)"),
        ('nodes_per_ms = "40"', "search.nodes_per_ms: Input should be a valid number"),
        ("nodes_per_ms = true", "search.nodes_per_ms: Input should be a valid number"),
        ("nodes_per_ms = 4\ndepth = 3", "search.depth: Extra inputs are not permitted"),
        (
            "nodes_per_ms = 4\nthink_ms = { expert = 9 }",
            "search.think_ms.expert.[key]: Input should be 'easy', 'medium', 'hard', 'hint' "
            "or 'analysis'",
        ),
        (
            "nodes_per_ms = 4\nthink_ms = { easy = 0 }",
            "search.think_ms.easy: Input should be greater than 0",
        ),
    ],
    ids=[
        "zero",
        "negative",
        "too-many",
        "infinite",
        "text",
        "switch",
        "unknown-key",
        "unknown-level",
        "no-time",
    ],
)
def test_check_variant_refuses_a_bad_search_table_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], search: str, problem: str
) -> None:
    path = _house(tmp_path, f'base = "classic"\n[search]\n{search}\n')
    code = main(["check-variant", str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err
    assert out.splitlines() == [f"{path}: {problem}"]


def test_check_variant_accepts_a_search_table_within_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _house(tmp_path, 'base = "classic"\n[search]\nnodes_per_ms = 1000\n')
    assert main(["check-variant", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{path}: ok"]


def test_only_easy_has_a_margin_and_only_where_a_file_states_one() -> None:
    """``[search] easy_margin`` (issue 24, item 3): every other level, and easy in a game whose
    file states none, chooses the best decision only."""
    for key in specs():
        rules = make_rules(key)
        search = spec(key).search
        stated = search.easy_margin if search is not None else 0.0
        assert Budget.for_level("easy", rules=rules).margin == stated
        for level in ("medium", "hard"):
            assert Budget.for_level(level, rules=rules).margin == 0.0
    assert Budget.for_level("easy").margin == 0.0


def test_a_house_file_may_state_an_easy_margin(tmp_path: Path) -> None:
    path = _house(tmp_path, 'base = "gladiator"\n[search]\nnodes_per_ms = 2.3\neasy_margin = 1.5\n')
    rules = resolve(str(path)).rules
    assert Budget.for_level("easy", rules=rules).margin == 1.5
    assert Budget.for_level("medium", rules=rules).margin == 0.0


@pytest.mark.parametrize(
    ("margin", "problem"),
    [
        ("-1.0", "search.easy_margin: Input should be greater than or equal to 0"),
        ("7.5", "search.easy_margin: Input should be less than or equal to 6"),
    ],
    ids=["negative", "too-wide"],
)
def test_check_variant_refuses_a_bad_easy_margin_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], margin: str, problem: str
) -> None:
    path = _house(
        tmp_path, f'base = "classic"\n[search]\nnodes_per_ms = 4\neasy_margin = {margin}\n'
    )
    assert main(["check-variant", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{path}: {problem}"]


def test_only_dnd_draws_more_samples_of_a_battle_it_keeps_returning_to() -> None:
    """``[search] resample`` (issue 24, item 3): D&D's battles go on over decisions and leave
    the winner hurt, so three samples weigh them by luck; its house files inherit it."""
    from battlechess_tui.ai.budget import resamples

    assert [key for key in specs() if resamples(make_rules(key))] == ["dnd"]
    assert not resamples(None)


def test_check_variant_refuses_a_resample_that_is_not_true_or_false(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _house(tmp_path, 'base = "dnd"\n[search]\nnodes_per_ms = 3\nresample = "yes"\n')
    assert main(["check-variant", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}: search.resample: Input should be a valid boolean"
    ]
