"""An analysis keeps the reading it was made under: its game's ``[search] confidence`` (a factor
on the search's worth read as a chance). The leads it shows in pawns are the search's own, as
the hint's words and the PGN's ``[%eval]`` are, whatever the factor; and a kept analysis read
under another confidence (made before the game's was changed), or written in an older format,
is made again rather than shown with the old chances."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from battlechess_tui.ai.budget import confidence
from battlechess_tui.analysis import analyse, engine
from battlechess_tui.analysis.kept_file import sealed
from battlechess_tui.analysis.pgn import export
from battlechess_tui.analysis.run import position_work
from battlechess_tui.analysis.store import analysis_path, digest, keep, read_kept, stored
from battlechess_tui.cli import main
from battlechess_tui.engine.views import signed
from battlechess_tui.save.store import load_game
from tests.analysis_games import BLUNDER_PLY, blunder_game, saved


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A save of the classic blunder game, its analysis kept beside it."""
    path = saved(blunder_game(), tmp_path_factory.mktemp("reading"), "blunder")
    keep(path, analyse(load_game(path).game, "medium", digest=digest(path)))
    return path


def _rewritten(path: Path, **fields: object) -> None:
    """The kept analysis of ``path`` with ``fields`` changed and its digest made anew."""
    doc = json.loads(analysis_path(path).read_text(encoding="utf-8"))
    doc.update(fields)
    doc = {k: v for k, v in doc.items() if k != "content_digest" and v is not None}
    analysis_path(path).write_text(json.dumps(sealed(doc)), encoding="utf-8")


def test_a_classic_analysis_shows_the_searchs_own_lead(kept: Path) -> None:
    """Classic reads its search at 1.8; the pawns shown are the search's (the factor taken
    off), so "+3.6 → −5.2" says what the hint and ``[%eval]`` say, not an inflated lead."""
    game = load_game(kept).game
    analysis = read_kept(kept)
    assert analysis is not None and analysis.confidence == confidence(game.rules) != 1
    for d in analysis.decisions:
        sign = 1 if d.side == 0 else -1
        before, after = (engine.pawns(game.rules, w) for w in (d.before, d.after))
        assert before is not None and after is not None
        assert analysis.why(d).startswith(f"{signed(sign * before)} → {signed(sign * after)}")


def test_the_pgns_words_agree_with_its_eval(kept: Path) -> None:
    """The blunder's comment: ``[%eval E]`` (to White, after it) and its words' "after"."""
    game, analysis = load_game(kept).game, read_kept(kept)
    assert analysis is not None and analysis.decisions[BLUNDER_PLY].mark == "blunder"
    comment = re.search(r"Qg4 \$4\s+\{([^}]*)\}", export(game, analysis))
    assert comment is not None, export(game, analysis)
    words = re.search(r"\[%eval (-?[\d.]+)\].* → ([+−-][\d.]+)", comment.group(1), re.S)
    assert words is not None, comment.group(1)
    assert float(words.group(1)) == pytest.approx(float(words.group(2).replace("−", "-")), abs=0.06)


def test_a_kept_analysis_read_under_another_confidence_is_made_again(
    kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As one made before classic read its search at 1.8: not used; ``analyse`` makes it
    again, under today's factor."""
    today = confidence(load_game(kept).game.rules)
    assert stored(kept, "medium") is not None
    assert stored(kept, "medium", confidence=1.0) is None
    _rewritten(kept, confidence=1.0)
    assert stored(kept, "medium") is None
    assert stored(kept, "medium", confidence=1.0) is not None
    assert main(["analyse", str(kept), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["confidence"] == today
    again = read_kept(kept)
    assert again is not None and again.confidence == today


def test_an_analysis_of_the_older_format_is_made_again_not_set_aside(
    kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kept analysis written by 0.3.0 (format 2, no confidence) is out of date, not damaged:
    no line about it, nothing set aside, and ``analyse`` writes today's in its place."""
    _rewritten(kept, format_version=2, confidence=None)
    lines: list[str] = []
    assert read_kept(kept) is None
    assert stored(kept, "medium", damaged=lines.append) is None and lines == []
    assert main(["analyse", str(kept)]) == 0
    assert "damaged" not in capsys.readouterr().err
    assert not list(kept.parent.glob("*.damaged*"))
    assert json.loads(analysis_path(kept).read_text(encoding="utf-8"))["format_version"] == 3


SHIPPED = sorted((Path(__file__).parent.parent / "saves").glob("*.analysis"))


@pytest.mark.parametrize("kept_file", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_each_shipped_analysis_is_todays(kept_file: Path) -> None:
    """A shipped analysis is up to date (its game, level and reading), and two of its
    positions are what today's search finds there: a search or reading changed since means
    making it again (``battlechess analyse --fresh``), and checking the lessons built on it."""
    save = kept_file.with_suffix(".json")
    analysis = stored(save, "medium")
    assert analysis is not None, f"{kept_file.name} is stale: battlechess analyse --fresh {save}"
    game = load_game(save).game
    for index in (analysis.total // 2, 2 * analysis.total // 3):
        assert position_work(game, index, "medium").worth == analysis.worths[index], index
