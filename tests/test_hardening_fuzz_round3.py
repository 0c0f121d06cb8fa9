"""Issue 28: the fuzz sample grows to lessons, positions and browser messages
(``tests/fuzz_inputs.py``): mutated lesson files end in ``check-lesson``'s documented way and,
when accepted, play to their end in the app's runner; mutated positions are drawn or refused
in one short line and, when accepted, play; mutated messages are dropped unless they have a
shape a page sends. The full run is ``benchmarks/fuzz_inputs.py``."""

from battlechess_tui.cli import main
from tests.fuzz_inputs import MAX_REFUSAL_CHARS, fuzz

ALL_GAMES = ("classic", "single-combat", "dice-chess", "arena", "brawl", "gladiator", "dnd")


def test_hc_28_mutated_lessons_positions_and_messages_are_handled(tmp_path):
    report = fuzz(
        tmp_path,
        seed=28,
        saves=0,
        campaigns=0,
        variants=0,
        games=("classic",),
        variant_bases=("classic",),
        lessons=60,
        positions=140,
        messages=400,
        position_games=ALL_GAMES,
    )
    assert report.findings == [], "\n".join(report.lines())
    assert (report.cases["lesson"], report.cases["position"]) == (60 + 3, 140)
    assert report.cases["message"] == 400
    for kind in ("lesson", "position"):  # most mutations break something, and are caught
        assert report.outcomes[f"{kind}: exit 0"] < report.cases[kind] / 2
    assert 0 < report.outcomes["message: exit 0"] < 100


def test_hc_28_13_a_huge_run_of_empty_squares_is_refused_in_one_short_line(capsys):
    """Found by the position fuzzer: a Dice Chess rank of 10**17 empty squares was built (a
    MemoryError, or the machine's memory); a long reason is cut."""
    text = "8/8/8/8/8/8/8/99999999999999999 w play 0/0 -/- 0"
    assert main(["show", "dice-chess", "--position", text]) == 2
    assert capsys.readouterr().err == (
        "battlechess: bad position for dice-chess: rank 1: a run "
        "of empty squares is at least 1, at most 64\n"
    )
    long = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 " + "x" * 5000
    assert main(["show", "single-combat", "--position", long]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < MAX_REFUSAL_CHARS
