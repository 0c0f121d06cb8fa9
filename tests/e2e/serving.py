"""``battlechess serve`` as a child process for the tests: started on a free port (``--port 0``)
with its own save folder, its address read from the line it prints, stopped with its apps."""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from battlechess_tui.save.store import SaveError, latest_autosave, read_record

START_SECONDS = 20
ADDRESS = re.compile(r"Serving battlechess on (http://\S+) ")


@dataclass(frozen=True)
class Served:
    url: str
    save_dir: Path
    process: subprocess.Popen[str]


def serve_command(save_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "battlechess_tui", "--save-dir", str(save_dir), "serve", *args]


@contextmanager
def serving(save_dir: Path, *args: str) -> Iterator[Served]:
    """``battlechess --save-dir SAVE_DIR serve --port 0 ARGS``, until the block ends. The
    server and every app it started are in a process group of their own, ended at the end."""
    process = subprocess.Popen(
        serve_command(save_dir, "--port", "0", *args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        yield Served(first_address(process), save_dir, process)
    finally:
        stop(process)


def first_address(process: subprocess.Popen[str]) -> str:
    """The address the server prints once it listens."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], START_SECONDS)
    line = process.stdout.readline() if ready else ""
    match = ADDRESS.search(line)
    if match is None:
        process.kill()
        _, err = process.communicate(timeout=10)
        raise AssertionError(f"serve did not start: {line!r} {err!r}")
    return match[1]


def stop(process: subprocess.Popen[str]) -> None:
    """Ctrl+C for the server; then its whole process group (the apps of open tabs) ends."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):  # the group this test started, no other
        os.killpg(process.pid, signal.SIGKILL)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def saved_actions(save_dir: Path) -> list[str]:
    """The decisions of the game the autosave names (what Continue opens), in order."""
    path = latest_autosave(save_dir)
    try:
        return [] if path is None else [p.action for p in read_record(path).plies]
    except SaveError:  # not written yet
        return []


def wait_for_actions(save_dir: Path, count: int, seconds: float = 20) -> list[str]:
    """The autosaved game's decisions once it has ``count`` of them (AssertionError after
    ``seconds``, naming what it holds)."""
    deadline = time.monotonic() + seconds
    while True:
        actions = saved_actions(save_dir)
        if len(actions) >= count or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(actions) >= count, f"the autosave holds {actions}, not {count} decisions"
    return actions
