"""``battlechess serve`` as a child process for the tests: started on a free port (``--port 0``)
with its own save folder, its address read from the line it prints, stopped with its apps."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


#: The main menu's title, as the app draws it.
TITLE = b"B A T T L E C H E S S"


async def until_title(ws: Any) -> bytes:
    """What an app connection (an aiohttp websocket) sends until the main menu's title is
    drawn."""
    import aiohttp

    received = b""
    async for message in ws:
        if message.type == aiohttp.WSMsgType.BINARY:
            received += message.data
        if TITLE in received:
            break
    return received


async def session(
    url: str,
    *messages: str,
    origin: str | None = None,
    headers: dict[str, str] | None = None,
    then: Callable[[Any], Awaitable[None]] | None = None,
) -> bytes:
    """Open a tab's connection, read until the menu is drawn, send ``messages`` (and a
    binary frame), then ``then(ws)``; what was received until the menu, or ``refused
    <status>``."""
    import aiohttp

    async with aiohttp.ClientSession() as client:
        try:
            sent = {**(headers or {}), **({"Origin": origin} if origin else {})}
            ws = await client.ws_connect(f"{url}/ws?width=100&height=30", headers=sent)
        except aiohttp.WSServerHandshakeError as exc:
            return f"refused {exc.status}".encode()
        async with ws, asyncio.timeout(40):
            received = await until_title(ws)
            for text in messages:
                await ws.send_str(text)
            if messages:
                await ws.send_bytes(b"\x00\xff")
            if then is not None:
                await then(ws)
    return received


async def quit_app(ws: Any) -> None:
    """q from the menu (the app exits), then what the connection sends until it is closed."""
    await ws.send_json(["stdin", "q"])
    async for _ in ws:
        pass
