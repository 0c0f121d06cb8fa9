"""A pytest plugin for ``mutants.py``: which functions of the mutated files each test calls.

Loaded with ``-p mutants_trace``; ``MUTANTS_TRACE_FILES`` names the files to watch (one path a
line), ``MUTANTS_TRACE_OUT`` where to write ``{test id: [[file, first line], ...]}`` as JSON
(a function is named by its code's first line: its first decorator, else its ``def``), and
beside it ``.times``, each test's CPU seconds. Calls made outside any test (imports,
collection) are listed under ``<import>``. Only calls are traced, never lines, so the run costs
little more than the tests themselves.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

IMPORT = "<import>"
_watched = frozenset(Path(os.environ["MUTANTS_TRACE_FILES"]).read_text().split("\n")) - {""}
_called: dict[str, set[tuple[str, int]]] = {IMPORT: set()}
_current = [IMPORT]
_seconds: dict[str, float] = {}


def _on_call(frame: FrameType, event: str, arg: Any) -> None:
    code = frame.f_code
    if code.co_filename in _watched:
        _called[_current[0]].add((code.co_filename, code.co_firstlineno))
    return None  # no line events


sys.settrace(_on_call)
threading.settrace(_on_call)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    _current[0] = item.nodeid
    _called.setdefault(item.nodeid, set())
    sys.settrace(_on_call)  # a test (Hypothesis) may have set a tracer of its own
    start = time.process_time()
    yield
    _seconds[item.nodeid] = time.process_time() - start
    _current[0] = IMPORT


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    sys.settrace(None)
    out = Path(os.environ["MUTANTS_TRACE_OUT"])
    out.write_text(json.dumps({test: sorted(calls) for test, calls in _called.items()}))
    Path(f"{out}.times").write_text(json.dumps(_seconds))
