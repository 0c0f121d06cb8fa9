"""Issue 17: a bounded, seeded sample of the input fuzzer (``tests/fuzz_inputs.py``): mutated
saves, campaign files and variant files all end in their documented way, in one line, never
with a traceback, never changing the file, never accepting an inconsistent file. The full run
is ``benchmarks/fuzz_inputs.py``."""

from tests.fuzz_inputs import fuzz


def test_mutated_saves_campaigns_and_variant_files_are_refused_in_one_line(tmp_path):
    report = fuzz(tmp_path, seed=17, saves=200, campaigns=80, variants=40)
    assert report.findings == [], "\n".join(report.lines())
    assert sum(report.cases.values()) == 320 + 9
    refused = sum(n for outcome, n in report.outcomes.items() if not outcome.endswith("exit 0"))
    assert refused > 250  # most mutations break something, and are caught
