"""What this machine gives battlechess: the cores its processes may use (``simulate`` and
``analyse`` start at most one worker per core)."""

from __future__ import annotations

import os


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
