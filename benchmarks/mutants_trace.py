"""A pytest plugin for ``mutants.py``: which lines of the mutated files each test runs.

Loaded with ``-p mutants_trace``; ``MUTANTS_TRACE_FILES`` names the files to watch (one path a
line), ``MUTANTS_TRACE_OUT`` where to write ``{test id: [[file, line], ...]}`` as JSON. Lines run
outside any test (imports, collection) are listed under ``<import>``: a mutant there may
change every test. Only frames of the watched files are traced, so the run stays quick.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

IMPORT = "<import>"
_watched = frozenset(Path(os.environ["MUTANTS_TRACE_FILES"]).read_text().split("\n")) - {""}
_lines: dict[str, set[tuple[str, int]]] = {IMPORT: set()}
_current = [IMPORT]


def _local(frame: FrameType, event: str, arg: Any) -> Any:
    if event == "line":
        _lines[_current[0]].add((frame.f_code.co_filename, frame.f_lineno))
    return _local


def _global(frame: FrameType, event: str, arg: Any) -> Any:
    if frame.f_code.co_filename not in _watched:
        return None
    _lines[_current[0]].add((frame.f_code.co_filename, frame.f_lineno))
    return _local


sys.settrace(_global)
threading.settrace(_global)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    _current[0] = item.nodeid
    _lines.setdefault(item.nodeid, set())
    sys.settrace(_global)  # a test (Hypothesis) may have set a tracer of its own
    yield
    _current[0] = IMPORT


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    sys.settrace(None)
    out = {test: sorted(lines) for test, lines in _lines.items()}
    Path(os.environ["MUTANTS_TRACE_OUT"]).write_text(json.dumps(out))
