"""Puzzles without the UI (issue 41, item 2): the Glicko-2 rating against Glickman's worked
example, the player's progress, puzzle files (a damaged one listed with its reason), a
puzzle made from a position with its theme, the commands, and every shipped puzzle checked
again by the searcher at a fixed node budget."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.ai.scoring import squash
from battlechess_tui.analysis.engine import Estimate, calibrated, confidence
from battlechess_tui.cli import main
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import AssumeWon
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.views import exact_odds
from battlechess_tui.puzzles import make as making
from battlechess_tui.puzzles import progress as kept
from battlechess_tui.puzzles.glicko import Rating, expected, rate
from battlechess_tui.puzzles.make import agrees, clear, collect, puzzle_at
from battlechess_tui.puzzles.model import Puzzle, Step
from battlechess_tui.puzzles.store import (
    catalogue,
    checked,
    document,
    games,
    next_playable,
    read,
    read_fields,
    write,
)
from battlechess_tui.puzzles.themes import GAIN, Line, theme_of
from battlechess_tui.ui.screens.puzzles import line_text

#: The seven shipped games: each ships its puzzles.
SEVEN = ("arena", "brawl", "classic", "dice-chess", "dnd", "gladiator", "single-combat")
#: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? : Qxf7 mates.
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


def test_glicko2_matches_glickmans_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    games_ = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = rate(player, games_)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert expected(player, Rating(1400, 30)) == pytest.approx(0.639, abs=0.001)


def test_a_period_without_games_only_makes_the_rating_less_sure() -> None:
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.deviation == pytest.approx(200.271, abs=0.001)


def _puzzle(id: str, rating: int, answers: tuple[str, ...] = ("h5f7",)) -> Puzzle:
    line = (Step("h5f7", 0, "1", "Qxf7#"),)
    return Puzzle(id, "classic", SCHOLAR, answers, "mate in 1", rating, line, 1.0, 0.55)


def test_a_solved_puzzle_raises_the_rating_a_missed_one_lowers_it_first_tries_only() -> None:
    start = kept.Progress()
    solved = start.answered(_puzzle("a", 1500), True)
    missed = start.answered(_puzzle("a", 1500), False)
    assert solved.rating.rating > 1500 > missed.rating.rating
    assert solved.tried == {"a": True} and missed.tried == {"a": False}
    assert solved.answered(_puzzle("a", 1500), False) == solved


def _id(puzzle: Puzzle | None) -> str:
    assert puzzle is not None
    return puzzle.id


def test_the_next_puzzle_is_the_untried_one_nearest_the_rating() -> None:
    puzzles = [_puzzle("easy", 1100), _puzzle("near", 1550), _puzzle("hard", 2100)]
    progress = kept.Progress()
    assert _id(progress.next_puzzle(puzzles)) == "near"
    progress = progress.answered(puzzles[1], True)
    assert _id(progress.next_puzzle(puzzles)) in ("easy", "hard")
    assert kept.Progress().next_puzzle([]) is None


def test_progress_is_kept_in_the_data_folder_and_a_damaged_file_is_a_newcomers(
    tmp_path: Path,
) -> None:
    progress = kept.Progress().answered(_puzzle("a", 1500), True)
    kept.save(progress)
    path = kept.progress_path()
    assert path.parent == Path(__import__("os").environ["BATTLECHESS_DATA_DIR"])
    assert kept.load() == progress
    path.write_text("{not json")
    assert kept.load() == kept.Progress()


def test_a_damaged_puzzle_file_is_refused_with_its_reason(tmp_path: Path) -> None:
    bad = tmp_path / "classic.json"
    bad.write_text("{broken")
    found = read(bad, "classic")
    assert not found.puzzles and len(found.refused) == 1
    assert found.refused[0].line().startswith("classic: the puzzle file cannot be used: ")
    bad.write_text(json.dumps({"format": "other"}))
    assert "not a battlechess-puzzles file" in read(bad, "classic").refused[0].reason


def test_the_puzzle_chosen_by_rating_is_one_that_checks(tmp_path: Path) -> None:
    """A game's puzzles open with their fields read (``read_fields``), not every position
    played: the one chosen by rating is checked, and one whose answer is no decision there is
    passed over for the next nearest (the list of puzzles names it with its reason)."""
    path = tmp_path / "classic.json"
    write(path, [_puzzle("wrong", 1500, ("e1e3",)), _puzzle("good", 1300)])
    fields = read_fields(path, "classic")
    assert [p.id for p in fields.puzzles] == ["wrong", "good"] and not fields.refused
    chosen = next_playable(kept.Progress(), fields.puzzles)
    assert chosen is not None and chosen.id == "good"
    assert next_playable(kept.Progress(), fields.puzzles[:1]) is None
    assert [p.id for p in checked(fields).puzzles] == ["good"]


def test_a_damaged_puzzle_is_refused_and_the_others_kept(tmp_path: Path) -> None:
    path = tmp_path / "classic.json"
    write(path, [_puzzle("good", 1200), _puzzle("wrong", 1200, ("e1e3",))])
    found = read(path, "classic")
    assert [p.id for p in found.puzzles] == ["good"]
    assert found.refused[0].id == "wrong" and "not a decision there" in found.refused[0].reason
    with pytest.raises(FileExistsError):
        write(path, [])


def test_a_mate_in_one_is_a_puzzle_with_its_theme() -> None:
    rules = make_variant("classic").rules
    puzzle = puzzle_at(rules, rules.parse_position(SCHOLAR), 3, "classic-t-1")
    assert puzzle is not None
    assert puzzle.answers == ("h5f7",) and puzzle.theme == "mate in 1"
    assert puzzle.line[0].notation == "Qxf7#" and len(puzzle.line) == 1
    assert clear(rules, 2 * puzzle.best - 1, 2 * puzzle.second - 1)


def _worth(key: str, pawns: float) -> float:
    """The worth (as the analysis reads it) of a lead of ``pawns`` in ``key``."""
    rules = make_variant(key).rules
    return calibrated(squash(pawns), confidence(rules))


@pytest.mark.parametrize(
    ("key", "best", "second", "is_clear"),
    [
        ("single-combat", 0.5, -0.6, False),  # a chance (issue 40): 6 points is not clear
        ("single-combat", 2.0, -1.0, True),  # 61.5% against 44% (its confidence, 0.7)
        ("classic", 0.5, -0.6, False),  # classic asks two (Stockfish finds too many as good)
        ("classic", 1.5, -1.0, True),
        ("arena", 1.6, 1.1, False),  # half a gladiator: arena's pawns read uncalibrated
        ("arena", 2.2, 1.1, True),  # a gladiator more, 86% to 97.5%
        ("gladiator", 0.05, 0.0, False),  # under a Footman (0.055 of its pawns of chance)
        ("gladiator", 0.06, 0.0, True),  # a Footman more: material, as before
        ("gladiator", 0.7, 0.0, True),  # 5.8 points of chance: a Queen in reach
        ("single-combat", 9.0, 7.0, False),  # won whatever it does: no puzzle
        ("single-combat", -7.0, -9.0, False),  # lost whatever it does
    ],
)
def test_a_clear_margin_is_the_games_own(
    key: str, best: float, second: float, is_clear: bool
) -> None:
    rules = make_variant(key).rules
    assert clear(rules, _worth(key, best), _worth(key, second)) is is_clear


def _line(key: str, position: str, texts: list[str]) -> tuple[Rules[Any], Line]:
    rules = make_variant(key).rules
    states = [rules.parse_position(position)]
    actions = []
    for text in texts:
        actions.append(rules.parse_action(states[-1], text))
        states.append(rules.apply(states[-1], actions[-1], AssumeWon())[0])
    return rules, Line(tuple(actions), tuple(states))


def test_sc_5_a_quiet_fork_with_a_fight_on_offer_is_a_fork_not_waiting() -> None:
    """Nc7 forks both rooks while bxc4 (a fight, SC-5) is on offer: the line wins a rook."""
    position = "r3r2k/8/8/3N4/2p5/1P6/8/4K3 w - - 0 1"
    rules, line = _line("single-combat", position, ["d5c7", "e8e6", "c7a8"])
    assert theme_of(rules, line.states[0], line, 0) == "fork"


def test_a_battles_exact_odds_too_long_to_read_are_shown_as_a_percentage() -> None:
    """A puzzle's line keeps each fight's exact odds (a Gladiator battle's run to 40 digits
    over 40 digits); the answer shows a short fraction with its percentage, and a long one as
    the percentage alone, never a wall of digits."""
    assert exact_odds(Fraction(5, 12)) == "5/12 = 41.7%"
    assert exact_odds(Fraction(1225, 1296)) == "1225/1296 = 94.5%"
    assert exact_odds(Fraction(10**40 - 1, 10**40)) == "over 99.9%"
    long_odds = [p for p in catalogue("gladiator").puzzles
                 if any(len(s.chance) > 20 for s in p.line)]  # fmt: skip
    assert long_odds
    for puzzle in long_odds:
        shown = line_text(puzzle)
        assert not re.search(r"\d{6}", shown) and "%" in shown, shown


def test_sc_3_a_threat_to_kill_the_king_is_not_material_won() -> None:
    """Qh7 takes nothing: it threatens a fight for the King (SC-3), which the estimate weighs
    and the material does not, so the theme is not a hanging piece (a shipped puzzle's was)."""
    position = "4rrk1/ppp1qp2/2nbb2p/8/3PQ2p/P1NB1N2/1PP2PPP/R2R2K1 w - - 0 16"
    rules, line = _line("single-combat", position, ["e4h7", "e7g5", "c3e4"])
    start, threat = line.states[0], line.states[1]
    assert rules.evaluate(threat, 0) - rules.evaluate(start, 0) >= GAIN
    assert rules.material_lead(threat, 0) == rules.material_lead(start, 0)
    assert theme_of(rules, start, line, 0) == "when to wait"


def test_dc_1_a_decision_of_no_square_that_wins_material_wins_material() -> None:
    """Dice Chess's set-up ends with ``done``, a decision of no square: where the line after
    it wins material, the theme says so (it hangs no piece, and there is no square to take
    back on)."""
    rules = make_variant("dice-chess").rules
    setup = rules.parse_position(
        "d4d6d1d1d6d2d3d1/d2d3d4d6d2d2d3d2/8/8/8/8/D6D1D2D2D2D6D1D3/D1D6D5D6D6D6D6D6 "
        "w setup 32/0 -/- 0"
    )
    ahead = rules.parse_position(
        "d4d6d1d1d6d2d3d1/8/8/8/8/8/D6D1D2D2D2D6D1D3/D1D6D5D6D6D6D6D6 w play 0/0 -/- 0"
    )
    (done,) = rules.legal_actions(setup)
    reply = rules.legal_actions(ahead)[0]
    line = Line((done, reply), (setup, ahead, ahead))
    assert theme_of(rules, setup, line, 0) == "wins material"


@pytest.mark.parametrize(("key", "level"), [("dnd", "medium"), ("arena", "hard")])
def test_the_games_confirming_level_chooses_and_weighs_the_answer(
    key: str, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D&D's answers are chosen and confirmed at medium (a hard search of a position costs
    about 20 CPU s there); the other games' at hard. The screen stays easy's short look."""
    asked: list[str] = []
    estimate, expected_after = making.engine.estimate, making.engine.expected_after

    def chosen(rules: object, state: object, level: str, *rest: object) -> object:
        asked.append(f"choose {level}")
        return estimate(rules, state, "easy", 1, 10)  # type: ignore[arg-type]

    def weighed(rules: object, state: object, action: object, level: str, *rest: object) -> float:
        asked.append(f"weigh {level}")
        return expected_after(rules, state, action, "easy", 1, 10)  # type: ignore[arg-type]

    monkeypatch.setattr(making, "lost", lambda *_: False)
    monkeypatch.setattr(making, "clear", lambda *_: True)
    monkeypatch.setattr(making, "agrees", lambda *_: True)
    monkeypatch.setattr(making.engine, "estimate", chosen)
    monkeypatch.setattr(making.engine, "expected_after", weighed)
    rules = make_variant(key).rules
    making.examine(rules, rules.new_game(AssumeWon())[0], 1)
    assert f"choose {level}" in asked and f"weigh {level}" in asked
    assert {a for a in asked if a.startswith("weigh")} == {"weigh easy", f"weigh {level}"}


@pytest.mark.parametrize(("key", "weighed_again"), [("dice-chess", False), ("arena", True)])
def test_dice_chess_keeps_the_worth_its_answers_choice_found(
    key: str, weighed_again: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dice chess's answer is worth what the confirming level's choice found (each capture's
    six rerolls, DC-10, are not searched again); its others, and every decision of the other
    games, are weighed at the confirming level."""
    rules = make_variant(key).rules
    state = rules.new_game(AssumeWon())[0]
    while len(rules.legal_actions(state)) < 5:  # past dice chess's setup
        state = rules.apply(state, rules.legal_actions(state)[0], AssumeWon())[0]
    sign = 1 if rules.side_to_move(state) == 0 else -1
    estimate, picked, weighed = making.engine.estimate, [], []

    def chosen(rules: Rules[Any], state: object, level: str, *rest: object) -> Estimate:
        found = estimate(rules, state, "easy", 1, 10)
        picked.append(found.preferred)
        return replace(found, worth=sign * 0.3) if level == "hard" else found

    def weigh(rules: Rules[Any], state: object, action: Action, level: str, *_: object) -> float:
        weighed.append((action, level))
        best = action == picked[-1]  # the screen's best too
        return sign * ((0.25 if best else -0.5) if level == "hard" else (0.1 if best else 0.0))

    monkeypatch.setattr(making, "lost", lambda *_: False)
    monkeypatch.setattr(making, "clear", lambda rules, best, second: best > second)
    monkeypatch.setattr(making, "agrees", lambda *_: True)
    monkeypatch.setattr(making.engine, "estimate", chosen)
    monkeypatch.setattr(making.engine, "expected_after", weigh)
    found = making.examine(rules, state, 1)
    assert found is not None and found.second == -0.5
    hard = [action for action, level in weighed if level == "hard"]
    assert (found.answer in hard) == weighed_again and len(hard) == 2 + weighed_again
    assert found.best == (0.25 if weighed_again else 0.3)


def _looked_at(worths: dict[str, float], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The decisions the making looks at, in order, each worth (to the side) as given."""
    seen: list[str] = []

    def worth(rules: object, state: object, action: object, *rest: object) -> float:
        seen.append(str(action))
        return worths[str(action)]

    monkeypatch.setattr(making, "_worth", worth)
    return seen


@pytest.mark.parametrize(
    ("key", "worths", "stops"),
    [
        ("single-combat", [0.3, 0.96, -0.2, 0.95, 0.0], 4),  # two at 93% as read: won anyway
        ("single-combat", [0.3, 0.91, -0.2, 0.90, 0.0], 4),  # a chance: 89% leaves no 15 points
        ("single-combat", [0.3, 0.82, -0.2, 0.81, 0.0], None),  # 83%: 100% would be clear
        ("classic", [0.3, 0.42, -0.2, 0.41, 0.0], 4),  # classic's game is won at 70%
        ("dice-chess", [0.3, 0.87, -0.2, 0.86, 0.0], 4),  # no pawns: 86% read leaves no 15
        ("dice-chess", [0.3, 0.68, -0.2, 0.66, 0.0], None),  # 75% read: 100% would be clear
    ],
)
def test_the_screen_stops_once_no_decision_could_be_clear(
    key: str, worths: list[float], stops: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screen (easy's short look at every decision) gives up as soon as the second best
    seen is beyond any clear margin, and otherwise ranks them all as a full look would (ties
    in the rules' order), whatever it looked at first."""
    rules = make_variant(key).rules
    state = rules.new_game(AssumeWon())[0]
    while len(rules.legal_actions(state)) < 5:  # past dice chess's setup
        state = rules.apply(state, rules.legal_actions(state)[0], AssumeWon())[0]
    actions = rules.legal_actions(state)[:5]
    factor = confidence(rules)  # the worths above are the search's; the analysis's are read so
    worths = [calibrated(w, factor) for w in worths]
    seen = _looked_at({str(a): w for a, w in zip(actions, worths, strict=True)}, monkeypatch)
    ranked = making.screen(rules, state, actions, 1, actions[2])
    assert seen[0] == str(actions[2])
    if stops is not None:
        assert ranked is None and len(seen) == stops
        return
    full = sorted(zip(worths, actions, strict=True), key=lambda pair: -pair[0])
    assert ranked == full and len(seen) == 5


@pytest.mark.parametrize(("key", "ms"), [("single-combat", 5), ("classic", 10), ("dice-chess", 10)])
def test_the_screen_looks_for_the_games_own_time(
    key: str, ms: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Single combat's screen looks half as long as the others' (as many puzzles a game,
    sooner): every decision, and the glance at the position."""
    looks: list[int | None] = []

    def look(rules: object, state: object, *rest: object) -> float:
        looks.append(rest[-1])  # type: ignore[arg-type]
        return 0.0

    def glance(rules: object, state: object, *rest: object) -> None:
        look(rules, state, *rest)

    monkeypatch.setattr(making.engine, "expected_after", look)
    monkeypatch.setattr(making.engine, "estimate", glance)
    rules = make_variant(key).rules
    state = rules.new_game(AssumeWon())[0]
    making.screen(rules, state, rules.legal_actions(state)[:3], 1, None)
    making._glance(rules, state, 1)
    assert looks == [ms] * (len(rules.legal_actions(state)[:3]) + 1)


def test_the_confirmation_stops_at_the_first_decision_not_clearly_beaten(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = make_variant("single-combat").rules
    state = rules.new_game(AssumeWon())[0]
    answer, *others = rules.legal_actions(state)[:4]
    worths = dict(zip(map(str, [answer, *others]), [0.5, -0.4, 0.45, -0.9], strict=True))
    seen = _looked_at(worths, monkeypatch)
    assert making.confirmed(rules, state, answer, others, 1) is None
    assert seen == [str(answer), str(others[0]), str(others[1])]  # the last one not looked at
    worths[str(others[1])] = -0.3
    assert making.confirmed(rules, state, answer, others, 1) == (0.5, -0.3)


def test_a_quiet_position_is_no_puzzle() -> None:
    rules = make_variant("classic").rules
    start = rules.parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert puzzle_at(rules, start, 3, "classic-t-0") is None


@pytest.mark.parametrize("key", SEVEN)
def test_puzzles_list_json_prints_what_scripts_need(
    key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["puzzles", key, "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) >= 60 and listed == [p.listed() for p in catalogue(key).puzzles]
    for entry in listed:
        assert set(entry) == {"id", "position", "answers", "theme", "rating"}


def test_make_puzzles_never_writes_over_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine.json"
    out.write_text("kept")
    assert main(["make-puzzles", "classic", "--games", "1", "--out", str(out)]) == 2
    assert "exists: add --force" in capsys.readouterr().err and out.read_text() == "kept"
    assert main(["make-puzzles", "nonsense", "--games", "1"]) == 2
    assert main(["puzzles", "--list"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 2


def _made_up_games(key: str, seed: int, index: int) -> list[Puzzle]:
    """Game ``index``'s made-up puzzles: none, one or two in turn."""
    return [_puzzle(f"{key}-{seed}{index}-{ply}", 1500) for ply in range(index % 3)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_make_puzzles_keeps_the_first_games_that_give_enough_for_any_jobs(
    jobs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--puzzles 4``: games 0 to 4 give 0, 1, 2, 0 and 1 puzzles; the later ones are left."""
    monkeypatch.setattr(making, "game_puzzles", _made_up_games)
    found = collect("classic", 9, jobs, 7, enough=4)
    assert [p.id for p in found] == ["classic-71-0", "classic-72-0", "classic-72-1",
                                     "classic-74-0"]  # fmt: skip
    assert len(collect("classic", 9, jobs, 7)) == 9


def test_make_puzzles_in_a_log_says_each_game_done(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standard error is no terminal here: a line a game, then the file written."""
    monkeypatch.setattr(making, "game_puzzles", _made_up_games)
    out = tmp_path / "made.json"
    assert main(["make-puzzles", "classic", "--games", "3", "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert said.err.splitlines() == [
        "games 1 of 3: 0 puzzles",
        "games 2 of 3: 1 puzzle",
        "games 3 of 3: 3 puzzles",
    ]
    assert said.out.startswith("3 puzzles of classic (from 2 of 3 games) written to")


def test_document_reads_back() -> None:
    puzzles = [_puzzle("a", 1200)]
    assert json.loads(document(puzzles))["puzzles"][0]["answers"] == ["h5f7"]


SHIPPED = [p for key in games() for p in catalogue(key).puzzles]


def test_every_shipped_file_reads_whole() -> None:
    assert set(SEVEN) <= set(games())
    for key in games():
        assert catalogue(key).refused == (), key
        assert len({p.id for p in catalogue(key).puzzles}) == len(catalogue(key).puzzles)


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_every_shipped_puzzle_is_the_searchers_choice_at_a_fixed_budget(puzzle: Puzzle) -> None:
    rules = puzzle.rules()
    assert agrees(rules, puzzle.state(), set(puzzle.answer_actions()))


@pytest.mark.parametrize("key", SEVEN)
def test_each_games_puzzles_have_more_than_one_theme(key: str) -> None:
    """Themes come from what the lines do: a game's puzzles all of one theme would mean the
    finding of themes (or of puzzles) is broken."""
    assert len({p.theme for p in catalogue(key).puzzles}) >= 2
