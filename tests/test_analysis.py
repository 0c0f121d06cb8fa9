"""Analysis after the game (issue 29): the cost of each decision against the engine's preferred
one, the luck of each roll in exact Fractions, the summary per side, the analysis kept beside
the save, and the same numbers whatever the number of jobs."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from battlechess_tui.ai.scoring import squash
from battlechess_tui.analysis import analyse, engine
from battlechess_tui.analysis.model import BIG_ROLL, LEAD_CAP, Analysis, DecisionReport, mark_of
from battlechess_tui.analysis.run import Work, decision_report
from battlechess_tui.analysis.store import analysis_path, keep, stored
from battlechess_tui.cli import main
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import Chance
from battlechess_tui.save.store import load_game
from tests.analysis_games import (
    BLACK_BLUNDER_PLY,
    BLUNDER_PLY,
    KNIGHT_NEEDS,
    black_blunder_game,
    blunder_game,
    even_fights_game,
    saved,
    uneven_fight_game,
)
from tests.typed import known

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def even() -> Analysis:
    return analyse(even_fights_game(), "medium")


def test_sc_7_luck_sums_exactly_for_every_roll(even: Analysis) -> None:
    rolls = [d.roll for d in even.decisions if d.roll is not None]
    assert len(rolls) == 3
    for roll in rolls:
        assert roll.exact and roll.fight == Fraction(1, 2)
        assert sum(o.chance for o in roll.outcomes) == 1
        assert isinstance(roll.luck, Fraction)
        assert roll.expected + roll.luck == roll.actual
    total = sum((r.luck for r in rolls), Fraction(0))
    assert sum((r.expected for r in rolls), Fraction(0)) + total == sum(
        (r.actual for r in rolls), Fraction(0)
    )


def test_sc_7_the_side_winning_every_even_fight_is_lucky_by_what_the_other_is_not(
    even: Analysis,
) -> None:
    white, black = even.summary()
    assert white.luck > 0 > black.luck
    assert white.luck == -black.luck
    assert (white.fights_won, white.fights, white.average_odds) == (3, 3, 0.5)
    assert (black.fights_won, black.fights) == (0, 3)
    assert "won 3 of 3 fights at 50% average odds" in white.line()


def test_a_roll_without_exact_odds_weighs_its_results_alike_and_knows_which_came(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the rules give only an estimate of a fight's odds, the results the engine finds
    are weighed alike (no exact luck is claimed), and the one that came is still the one
    pointed at."""
    game = uneven_fight_game("d8")
    before, after = game.positions[2].state, game.positions[3].state
    monkeypatch.setattr(game.rules, "chance", lambda *_: Chance(Fraction(5, 8), exact=False))
    roll = engine.roll_of(game.rules, before, game.plies[2].action, after, 1)
    assert not roll.exact and roll.won is None and len(roll.states) == 2
    assert roll.states[roll.actual] == after
    assert roll.weights == [Fraction(1, 2), Fraction(1, 2)]


@pytest.mark.parametrize("die", ["d8", "d6"])  # a d8's fight by its odds, a d6's face by face
def test_sc_7_a_rolls_results_are_weighed_by_the_exact_chance_of_its_fight(die: str) -> None:
    game = uneven_fight_game(die)  # Nxd5: 5 in 8 on the d8, 4 in 6 on the d6
    p = KNIGHT_NEEDS[die][1]
    before, after = game.positions[2].state, game.positions[3].state
    roll = engine.roll_of(game.rules, before, game.plies[2].action, after, 1)
    assert roll.exact and roll.chance.p == p
    assert roll.weights[roll.actual] == p  # the knight won
    assert sum(roll.weights) == 1 and len(roll.states) == 2
    found = known(analyse(game, "medium").decision_at(2))
    report = known(found.roll)
    won = next(o for o in report.outcomes if o.came)
    lost = next(o for o in report.outcomes if not o.came)
    assert (won.chance, lost.chance) == (p, 1 - p)
    assert report.expected == p * Fraction(won.worth) + (1 - p) * Fraction(lost.worth)
    assert report.luck == (1 - p) * (Fraction(won.worth) - Fraction(lost.worth))
    assert found.after == float(report.expected)
    assert found.big_roll == (abs(report.luck) >= BIG_ROLL)


def test_sc_7_a_side_s_average_odds_are_its_fights_exact_chances() -> None:
    white, _ = analyse(uneven_fight_game("d8"), "medium").summary()
    assert (white.fights_won, white.fights, white.average_odds) == (1, 1, 0.625)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_queen_left_to_be_taken_is_a_blunder_at_both_levels(level: str) -> None:
    found = analyse(blunder_game(), level)
    blunder = found.decision_at(BLUNDER_PLY)
    assert blunder is not None and blunder.mark == "blunder" and blunder.symbol == "??"
    assert blunder.preferred_notation and blunder.preferred_notation != "Qg4"
    # The estimate before and after, for White, on one scale; then the engine's choice.
    before, after = blunder.why().split("; best was ")[0].split(" → ")
    assert float(before.replace("−", "-")) > 0 > float(after.replace("−", "-")) + 5
    assert blunder.why().endswith(f"; best was {blunder.preferred_notation}")
    assert [d.ply for d in found.decisions if d.mark == "blunder"] == [BLUNDER_PLY]


def test_a_queen_black_leaves_to_be_taken_is_black_s_blunder() -> None:
    found = analyse(black_blunder_game(), "medium")
    blunder = known(found.decision_at(BLACK_BLUNDER_PLY))
    assert (blunder.side, blunder.notation) == (1, "Qg5")
    assert blunder.mark == "blunder" and blunder.symbol == "??" and blunder.cost >= 0.3
    assert [d.ply for d in found.decisions if d.mark] == [BLACK_BLUNDER_PLY]
    white, black = found.summary()
    assert "blunder" not in white.line() and "1 blunder" in black.line()


def test_the_thresholds_mark_costs() -> None:
    assert [mark_of(c) for c in (0.05, 0.1, 0.2, 0.3, 0.9)] == [
        "",
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_the_result_is_the_same_whatever_the_job_count(tmp_path: Path) -> None:
    path = saved(even_fights_game(), tmp_path, "even")
    game = load_game(path, edited=True).game
    one = analyse(game, "medium", jobs=1, path=path)
    two = analyse(game, "medium", jobs=2, path=path)
    assert one.to_json() == two.to_json()


def test_json_round_trips(even: Analysis) -> None:
    again = Analysis.from_json(json.loads(json.dumps(even.to_json())))
    assert again.to_json() == even.to_json()


def test_analysing_changes_no_byte_of_the_save_and_keeps_the_analysis_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    before = path.read_bytes()
    assert main(["analyse", str(path)]) == 0
    out = capsys.readouterr().out
    assert path.read_bytes() == before
    assert "Turning points" in out and "White: 1 blunder" in out
    assert "2. Qg4?? (blunder): " in out and "; best was " in out  # White's second move
    assert "Classic chess: 2 moves" in out and "move" in out.splitlines()[-2]
    kept = stored(path, "medium")
    assert kept is not None and known(kept.decision_at(BLUNDER_PLY)).mark == "blunder"
    assert stored(path, "hard") is None  # another level is analysed afresh


def test_a_quick_analysis_finds_the_blunder_and_is_kept_as_its_own_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``analyse --quick``: every position searched with the least budget, the whole game
    analysed and reported; kept as level ``quick``, so a medium analysis is made afresh."""
    path = saved(blunder_game(), tmp_path, "blunder")
    assert main(["analyse", "--quick", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Classic chess: 2 moves, a quick analysis" in out and "Turning points" in out
    kept = stored(path, "quick")
    assert kept is not None and kept.complete and kept.level == "quick"
    assert [d.ply for d in kept.decisions] == list(range(kept.total))
    assert all(d.cost >= 0 and -1 <= d.before <= 1 for d in kept.decisions)
    assert stored(path, "medium") is None
    with pytest.raises(SystemExit) as exited:
        main(["analyse", str(path), "--quick", "--level", "hard"])
    assert exited.value.code == 2 and "not allowed with" in capsys.readouterr().err


def test_a_save_changed_after_its_analysis_gets_a_fresh_one(tmp_path: Path) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    keep(path, analyse(load_game(path).game, "medium", digest=_digest(path)))
    assert stored(path, "medium") is not None
    game = blunder_game()
    game.play("g1f3")
    saved(game, tmp_path, "blunder")
    assert stored(path, "medium") is None


def _digest(path: Path) -> str:
    from battlechess_tui.analysis.store import digest

    return digest(path)


def test_a_damaged_kept_analysis_is_made_again(tmp_path: Path) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    analysis_path(path).write_text("{not json", encoding="utf-8")
    assert stored(path, "medium") is None
    assert main(["analyse", str(path), "--json"]) == 0
    assert stored(path, "medium") is not None


def test_json_output_has_every_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(even_fights_game(), tmp_path, "even")
    assert main(["analyse", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["level"] == "medium" and doc["variant"] == "single-combat"
    assert len(doc["worths"]) == 11 and len(doc["decisions"]) == 10
    roll = doc["decisions"][2]["roll"]
    assert roll["fight"] == "1/2" and roll["won"] is True
    assert (
        Fraction(roll["luck_exact"])
        == Fraction(roll["outcomes"][0]["worth"]) / 2 - Fraction(roll["outcomes"][1]["worth"]) / 2
    )
    assert doc["summary"][0]["line"].startswith("White:")


def test_a_bad_save_or_level_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        main(["analyse", "x.json", "--level", "easy"])
    assert exited.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "name",
    [
        "classic-14-0000",
        "single-combat-2-0000",
        "gladiator-3-0000",
        "arena-3-0000",
        "brawl-13-0000",
        "dice-chess-12-0000",
        "dnd-1-0000",
    ],
)
def test_every_game_analyses_the_start_of_its_example_save(name: str) -> None:
    game = load_game(ROOT / "saves" / f"{name}.json").game
    game.truncate(6)
    found = analyse(game, "medium")
    assert found.complete and len(found.decisions) == 6
    for d in found.decisions:
        assert -1 <= d.before <= 1 and d.cost >= 0
        if d.roll is not None:
            assert d.roll.expected + d.roll.luck == d.roll.actual
            assert sum(o.chance for o in d.roll.outcomes) == 1


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="medium or hard"):
        analyse(blunder_game(), "easy")
    assert analyse(blunder_game(), "quick").level == "quick"
    assert make_variant("classic")  # the registry still answers


def test_the_part_done_arrives_in_game_order_as_positions_are_estimated() -> None:
    seen: list[tuple[int, int]] = []

    def progress(part: Analysis) -> None:
        seen.append((sum(w is not None for w in part.worths), len(part.decisions)))

    game = blunder_game()
    found = analyse(game, "medium", progress=progress)
    assert [done for done, _ in seen] == list(range(1, len(game.positions) + 1))
    assert [made for _, made in seen] == [0, 1, 2, 3, 4]  # each decision once both ends are in
    assert found.complete


def test_a_cancelled_analysis_stops() -> None:
    import threading

    from battlechess_tui.analysis import AnalysisCancelled

    cancel = threading.Event()
    cancel.set()
    with pytest.raises(AnalysisCancelled):
        analyse(blunder_game(), "medium", cancel=cancel)


#: A program whose standard error has no file (as inside the app, where Textual captures it)
#: analysing with two jobs.
CAPTURED_STDERR = """
import io, sys
from battlechess_tui.analysis import analyse
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant


class Captured(io.StringIO):
    def fileno(self) -> int:
        return -1


if __name__ == "__main__":
    game = Game(make_variant("classic"), 1)
    for move in ("e2e4", "e7e5", "g1f3"):
        game.play(move)
    sys.stderr = Captured()
    print(len(analyse(game, "quick", jobs=2).decisions))
"""


def test_analysis_in_processes_works_where_standard_error_has_no_file(tmp_path: Path) -> None:
    """The app's analysis with jobs: multiprocessing's helper is started with the real
    standard error, since Textual's capture (file number -1) cannot be handed to it."""
    script = tmp_path / "captured.py"
    script.write_text(CAPTURED_STDERR, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-400:]
    assert done.stdout.strip() == "3"


def test_a_won_game_still_won_is_no_mistake_whatever_the_two_worths() -> None:
    """Two decided worths of one sign (a fight that ends the game or leaves it won anyway is
    worth less than 1 but still won) cost nothing; a won game thrown away costs."""
    game = Game(make_variant("classic"), 1)
    game.play("e2e4")
    won = Work(0, 1.0, "d2d4", "d4", "", preferred_after=1.0)
    still = decision_report(game, 0, won, Work(1, 0.9996, None, "", ""))
    assert still is not None and still.cost == 0.0
    thrown = decision_report(game, 0, won, Work(1, 0.2, None, "", ""))
    assert thrown is not None and thrown.cost == pytest.approx(0.8)


def _report(key: str, best_pawns: float, after_pawns: float, side: int = 0) -> DecisionReport:
    """The report of a decision whose best would leave White ``best_pawns`` ahead and which
    left it ``after_pawns`` (to White) in game ``key``, the side deciding ``side``."""
    game = Game(make_variant(key), 1)
    if side:
        game.play("e2e4")
    game.play("e7e5" if side else "e2e4")
    factor = engine.confidence(game.rules)  # the worths as the analysis reads the leads
    best, after = (engine.calibrated(squash(p), factor) for p in (best_pawns, after_pawns))
    work = Work(side, best, "d2d4", "d4", "", preferred_after=best)
    return known(decision_report(game, side, work, Work(side + 1, after, None, "", "")))


def test_classic_marks_count_the_pawns_lost_as_chess_engines_do() -> None:
    """Classic's file says ``marks = "pawns"``: 0.5 pawns lost "?!", 1 "?", 3 "??" whatever
    the lead (a winning chance lost would mark 1.2 pawns from equality an inaccuracy, and
    3.5 pawns from +8 a mistake)."""
    assert _report("classic", 0.0, -1.2).mark == "mistake"
    assert _report("classic", 0.0, -0.4).mark == ""
    assert _report("classic", 8.0, 4.5).mark == "blunder"
    black = _report("classic", -4.5, -8.0, side=1)
    assert black.mark == "" and black.pawns_lost == 0.0  # Black gained, lost nothing
    black = _report("classic", -4.5, -1.0, side=1)
    assert black.mark == "blunder" and black.pawns_lost == pytest.approx(3.5)
    assert _report("classic", 0.0, -1.2).pawns_lost == pytest.approx(1.2)


def test_a_won_classic_game_thrown_away_loses_the_capped_lead() -> None:
    game = Game(make_variant("classic"), 1)
    game.play("e2e4")
    won = Work(0, 1.0, "d2d4", "d4", "", preferred_after=1.0)
    after = engine.calibrated(squash(0.5), engine.confidence(game.rules))
    thrown = known(decision_report(game, 0, won, Work(1, after, None, "", "")))
    assert thrown.pawns_lost == pytest.approx(LEAD_CAP - 0.5) and thrown.mark == "blunder"
    still = known(decision_report(game, 0, won, Work(1, 0.9996, None, "", "")))
    assert (still.pawns_lost, still.mark) == (0.0, "")


def test_a_dice_games_marks_count_the_winning_chance_lost() -> None:
    """Single Combat (and D&D, arena, brawl, Gladiator, Dice Chess) mark by the chance: no
    ``pawns_lost``; 1.2 pawns from equality is an inaccuracy there."""
    report = _report("single-combat", 0.0, -1.2)
    assert report.pawns_lost is None and report.mark == "inaccuracy"
    assert _report("single-combat", 8.0, 4.5).mark == "mistake"


def test_a_kept_analysis_written_before_pawn_marks_reads_its_marks_as_they_were() -> None:
    new = _report("classic", 0.0, -1.2)
    report = new.to_json()
    del report["pawns_lost"]
    old = DecisionReport.from_json(report)
    assert old.pawns_lost is None and old.mark == mark_of(old.cost) != new.mark == "mistake"


def test_a_winning_move_the_loser_can_answer_by_stepping_back_is_no_blunder() -> None:
    """After 1. Qa2 Kd8 2. Qa1, Black could step back into the opening position, met once:
    under FIDE's threefold rule that is play going on, so 2. Qa1 keeps White's won game and
    gets no mark (read as a draw at once, it was marked "??")."""
    rules = make_variant("classic").rules
    game = Game(rules, 1, start=rules.parse_position("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"))
    for move in ("a1a2", "e8d8", "a2a1"):
        game.play(move)
    queen_back = analyse(game, "medium").decisions[2]
    assert queen_back.notation.startswith("Qa1")
    assert queen_back.symbol == "" and queen_back.after > 0.9
