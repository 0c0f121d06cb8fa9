"""Issue 37, item 4: what is read back is checked as a save is. The kept analysis
(``GAME.analysis``) is validated (bounds, finite numbers, fractions with positive denominators,
one entry per decision) and carries a digest of its own content: a damaged or edited one is
set aside with one line and made again, never trusted and never a traceback. ``analyse
--jobs N`` hands its workers the game, never the save's path, and starts at most one process
per core."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.analysis import analyse
from battlechess_tui.analysis.kept_file import sealed
from battlechess_tui.analysis.store import analysis_path, digest, keep, read_kept, stored
from battlechess_tui.cli import main
from battlechess_tui.save.store import load_game, save_game
from tests.analysis_games import blunder_game, even_fights_game, saved

FIGHTS_DECISION = 2  # e4xd5, a fight at even odds (tests/analysis_games.py)


@pytest.fixture(scope="module")
def fights_doc(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A save of the even-fights game and its kept analysis, as JSON."""
    folder = tmp_path_factory.mktemp("fights")
    path = saved(even_fights_game(), folder, "even")
    keep(path, analyse(load_game(path, edited=True).game, "medium", digest=digest(path)))
    return path, json.loads(analysis_path(path).read_text(encoding="utf-8"))


def _written(path: Path, doc: dict[str, Any], reseal: bool) -> None:
    """``doc`` as the kept analysis of ``path`` (with its digest made anew: a file edited by
    someone who knew how, so that only the checks of its fields stand in the way)."""
    doc = sealed({k: v for k, v in doc.items() if k != "content_digest"}) if reseal else doc
    analysis_path(path).write_text(json.dumps(doc), encoding="utf-8")


def _leaves(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, (*where, k))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _leaves(v, (*where, i))]
    return [where]


def _edited(doc: dict[str, Any], where: tuple[Any, ...], new: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(doc))
    target = copy
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = new
    return copy


def _others(value: Any) -> list[Any]:
    """Values a hand or a damaged disk might leave in place of ``value``."""
    if isinstance(value, bool):
        return [not value, None, 2]
    if isinstance(value, (int, float)):
        return [value + 0.01, -value - 1, 1e308, None, "1", True]
    if isinstance(value, str):
        return [value + "x", "1/0", "-1/-2", "", 5]
    return [0, "x", [], {}]


def test_every_one_field_edit_is_refused_and_none_is_a_traceback(
    fights_doc: tuple[Path, dict[str, Any]],
) -> None:
    path, doc = fights_doc
    edits = [
        (where, new)
        for where in _leaves(doc)
        if len(where) < 2 or where[0] == "thresholds" or where[1] in (0, FIGHTS_DECISION)
        for new in _others(_get(doc, where))
        if new != _get(doc, where) or type(new) is not type(_get(doc, where))
    ]
    assert len(edits) > 300
    aside = analysis_path(path).with_name("even.analysis.damaged")
    for where, new in edits:
        _written(path, _edited(doc, where, new), reseal=False)
        assert stored(path, "medium", damaged=lambda line: None) is None, where
        assert aside.is_file() and not analysis_path(path).exists(), where
        aside.unlink()
        _written(path, _edited(doc, where, new), reseal=True)  # only the checks of fields
        stored(path, "medium", damaged=lambda line: None)  # may pass; never raises
        aside.unlink(missing_ok=True)


def _get(doc: Any, where: tuple[Any, ...]) -> Any:
    for key in where:
        doc = doc[key]
    return doc


@pytest.mark.parametrize(
    ("where", "new", "problem"),
    [
        (("decisions", FIGHTS_DECISION, "roll", "outcomes", 0, "chance"), "1/0", "fraction"),
        (("decisions", FIGHTS_DECISION, "roll", "outcomes", 0, "came"), None, "one result"),
        (("decisions", FIGHTS_DECISION, "roll", "fight"), "3/2", "chance from 0 to 1"),
        (("decisions", FIGHTS_DECISION, "before"), 5.0, "less than or equal to 1"),
        (("decisions", 1, "ply"), 0, "one entry per decision"),
        (("decisions", 0, "side"), 3, "side"),
        (("worths",), [0.0], "worths"),
        (("level",), "easy", "level"),
    ],
)
def test_a_bad_field_is_named_in_the_one_line(
    fights_doc: tuple[Path, dict[str, Any]], where: tuple[Any, ...], new: Any, problem: str
) -> None:
    path, doc = fights_doc
    if new is None:  # the result that came no longer came, or the other one came too
        new = not _get(doc, where)
    _written(path, _edited(doc, where, new), reseal=True)
    lines: list[str] = []
    assert stored(path, "medium", damaged=lines.append) is None
    assert len(lines) == 1 and "the kept analysis is damaged" in lines[0], lines
    assert problem in lines[0] and "analysing again" in lines[0]
    assert analysis_path(path).with_name("even.analysis.damaged").is_file()
    analysis_path(path).with_name("even.analysis.damaged").unlink()


def test_an_edited_cost_is_caught_by_the_digest(fights_doc: tuple[Path, dict[str, Any]]) -> None:
    path, doc = fights_doc
    _written(path, _edited(doc, ("decisions", 0, "cost"), 0.35), reseal=False)
    with pytest.raises(Exception, match="does not match its digest"):
        read_kept(path)


def test_analyse_sets_a_damaged_analysis_aside_and_makes_it_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    assert main(["analyse", str(path)]) == 0
    first = capsys.readouterr().out
    doc = json.loads(analysis_path(path).read_text(encoding="utf-8"))
    doc["decisions"][0]["cost"] = 0.5  # White's first move made a blunder
    analysis_path(path).write_text(json.dumps(doc), encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "the kept analysis is damaged" in err
    assert out == first  # the summary is the game's, not the edited file's
    assert (tmp_path / "blunder.analysis.damaged").is_file()
    assert read_kept(path) is not None


def test_a_file_of_the_player_s_named_like_an_analysis_is_never_written_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    analysis_path(path).write_text("my notes on this game\n", encoding="utf-8")
    assert main(["analyse", str(path), "--fresh"]) == 0
    aside = tmp_path / "blunder.analysis.damaged"
    assert aside.read_text(encoding="utf-8") == "my notes on this game\n"


def test_the_workers_are_handed_the_game_not_the_save(tmp_path: Path) -> None:
    """The save replaced by another game of the same length after it was loaded: the
    analysis is still of the game loaded, the same with two processes as with one."""
    path = saved(even_fights_game(), tmp_path, "even")
    game = load_game(path, edited=True).game
    other = blunder_game()
    for move in ("g1f3", "g8f6", "b1c3", "b8c6", "f3g1", "f6g8"):
        other.play(move)
    assert len(other.plies) == len(game.plies)
    save_game(other, path)
    one = analyse(game, "medium", jobs=1, path=path)
    two = analyse(game, "medium", jobs=2, path=path)
    assert two.to_json() == one.to_json()
    assert two.variant == "single-combat"


def test_jobs_are_at_most_the_cores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from battlechess_tui.analysis.run import max_jobs

    path = saved(blunder_game(), tmp_path, "blunder")
    assert main(["analyse", str(path), "--jobs", str(max_jobs() + 1)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--jobs is at most {max_jobs()}" in err


@pytest.mark.parametrize("cost", [1.5, 2.0])
def test_a_cost_up_to_a_won_game_turned_lost_is_kept(
    fights_doc: tuple[Path, dict[str, Any]], cost: float
) -> None:
    """A decision's cost runs from 0 to 2: a won game (worth 1) turned lost (-1)."""
    path, doc = fights_doc
    _written(path, _edited(doc, ("decisions", 0, "cost"), cost), reseal=True)
    kept = read_kept(path)
    assert kept is not None and kept.decisions[0].cost == cost


def test_a_roll_of_more_than_ten_thousand_results_is_refused(
    fights_doc: tuple[Path, dict[str, Any]],
) -> None:
    """Every list read back is bounded: a roll's results at most 10,000 (a file of valid
    results beyond that is refused all the same)."""
    path, doc = fights_doc
    n = 10_001
    first = doc["decisions"][FIGHTS_DECISION]["roll"]["outcomes"][0]
    results = [{**first, "chance": f"1/{n}", "chance_float": 1 / n, "came": k == 0}
               for k in range(n)]  # fmt: skip
    _written(path, _edited(doc, ("decisions", FIGHTS_DECISION, "roll", "outcomes"), results),
             reseal=True)  # fmt: skip
    lines: list[str] = []
    assert stored(path, "medium", damaged=lines.append) is None
    assert len(lines) == 1 and "outcomes" in lines[0], lines
    analysis_path(path).with_name("even.analysis.damaged").unlink()


@pytest.mark.parametrize("field", ["format", "format_version"])
def test_a_kept_analysis_that_does_not_say_what_it_is_is_refused(
    fights_doc: tuple[Path, dict[str, Any]], field: str
) -> None:
    """A file that does not name its format and version is not taken for this one."""
    path, doc = fights_doc
    _written(path, {k: v for k, v in doc.items() if k != field}, reseal=True)
    lines: list[str] = []
    assert stored(path, "medium", damaged=lines.append) is None
    assert len(lines) == 1 and "the kept analysis is damaged" in lines[0], lines
    analysis_path(path).with_name("even.analysis.damaged").unlink()
