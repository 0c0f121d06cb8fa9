"""``battlechess serve`` without a browser: the one-line errors, the address it prints, the page
and the app connection it serves (the browser test plays through them)."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shlex
import signal
import socket
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.cli import main
from battlechess_tui.cli.serve import app_command, same_origin
from tests.e2e.serving import TITLE, serving, session

needs_web = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None,
    reason="no textual-serve (pip install -e '.[test]' or 'battlechess[web]')",
)
STOP_SECONDS = 10


def test_serve_without_the_web_extra_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import fails as if not installed
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve"]) == 2
    assert capsys.readouterr().err == (
        "battlechess: serve needs the web extra: pip install 'battlechess[web]'\n"
    )


@needs_web
def test_serve_on_a_taken_port_says_so_in_one_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"battlechess: port {port} is taken on 127.0.0.1: choose another with --port\n"


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_serve_refuses_a_port_that_is_none_in_one_line(capsys, port):
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", port])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.startswith("battlechess: argument --port")
    assert err.count("\n") == 1


def test_every_tab_runs_this_battlechess_on_the_one_save_folder(tmp_path):
    folder = tmp_path / "a folder; with 'quotes'"
    command = shlex.split(app_command(folder))
    assert command == ["exec", sys.executable, "-m", "battlechess_tui", "--save-dir", str(folder)]


def test_only_pages_from_this_server_open_an_app():
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin(None, "127.0.0.1:8000")  # not a browser
    assert not same_origin("http://evil.example", "127.0.0.1:8000")
    assert not same_origin("http://127.0.0.1:9000", "127.0.0.1:8000")


def page(url: str, host: str | None = None) -> str:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    with urllib.request.urlopen(request, timeout=20) as response:
        return str(response.read().decode())


@needs_web
def test_serve_prints_its_address_and_the_page_connects_back_to_it(tmp_path):
    with serving(tmp_path / "saves") as served:
        port = served.url.rsplit(":", 1)[1]
        assert served.url == f"http://127.0.0.1:{port}"
        assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page(served.url)
        # A browser that named the server otherwise is answered with that name.
        named = page(served.url, host=f"localhost:{port}")
        assert f'data-session-websocket-url="ws://localhost:{port}/ws"' in named


async def first_screen(url: str, origin: str | None, then_stop: int | None = None) -> bytes:
    """What an app connection sends until the main menu's title is drawn (or the status
    with which it was refused); then Quit, or with ``then_stop`` (the server's process id)
    Ctrl+C for the server and the rest of what the connection sends until it is closed."""

    async def stop(ws: Any) -> None:
        if then_stop is None:
            await ws.send_json(["stdin", "q"])  # Quit, from the menu
            return
        os.kill(then_stop, signal.SIGINT)
        # Closed at once: left alone, aiohttp would wait for open tabs (up to a minute).
        async with asyncio.timeout(STOP_SECONDS):
            async for _ in ws:
                pass

    return await session(url, origin=origin, then=stop)


@needs_web
def test_a_connection_runs_the_app_and_one_from_another_site_is_refused(tmp_path):
    with serving(tmp_path / "saves") as served:
        assert TITLE in asyncio.run(first_screen(served.url, served.url))
        refused = asyncio.run(first_screen(served.url, "http://evil.example"))
        assert refused == b"refused 403"


@needs_web
def test_ctrl_c_ends_the_server_and_the_app_of_every_open_tab(tmp_path):
    with serving(tmp_path / "saves") as served:
        pid = served.process.pid
        assert TITLE in asyncio.run(first_screen(served.url, served.url, then_stop=pid))
        assert served.process.wait(timeout=20) == 0
        assert group_ends(pid), "an app outlived the server"


def group_ends(pgid: int, seconds: float = 10) -> bool:
    """Does the process group ``pgid`` (the server and its apps) become empty?"""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_the_served_app_saves_where_the_terminal_app_does(tmp_path, monkeypatch, capsys):
    """``serve`` passes the save folder ``--save-dir`` or $BATTLECHESS_SAVE_DIR names."""
    import battlechess_tui.cli.serve as serve_module

    seen: list[tuple[str, Path]] = []

    async def fake_serve(server: object, host: str, port: int, save_dir: Path) -> int:
        seen.append((getattr(server, "command", ""), save_dir))
        return 0

    monkeypatch.setattr(serve_module, "serve", fake_serve)
    pytest.importorskip("textual_serve", reason="no textual-serve")
    monkeypatch.setenv("BATTLECHESS_SAVE_DIR", str(tmp_path / "from-env"))
    assert main(["serve"]) == 0
    assert main(["--save-dir", str(tmp_path / "given"), "serve"]) == 0
    assert [(shlex.split(c)[-1], d) for c, d in seen] == [
        (str(tmp_path / "from-env"), tmp_path / "from-env"),
        (str(tmp_path / "given"), tmp_path / "given"),
    ]
