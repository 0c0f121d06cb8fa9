"""``battlechess serve`` against what a hostile page or a broken client sends (issue 28, items
4 and 5): a Host name it was not started for is refused (DNS rebinding); on every address a
one-time token is required; a malformed message neither freezes the tab nor puts a traceback
in the log; a tab's app ends with its page, and no more than ``--max-tabs`` run."""

from __future__ import annotations

import asyncio
import os
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.cli.web_guard import Guard, read_message
from tests.e2e.serving import TITLE, quit_app, serving, session, until_title
from tests.e2e.test_serve import needs_web

#: Messages a page never sends: each is dropped, and the tab goes on.
MALFORMED = [
    '["stdin", ""]',  # the empty keystroke that froze a tab
    '["stdin", 5]',
    '["stdin"]',
    '["stdin", "a", "b"]',
    "not json",
    "[]",
    "{}",
    "[5]",
    '["resize", {"width": -1, "height": 30}]',
    '["resize", {"width": 100000000, "height": 30}]',
    '["resize", {"width": true, "height": 30}]',
    '["resize", [100, 30]]',
    '["ping", {"a": 1}]',
    '["focus", 1]',
    '["nonsense", 1]',
    "[" * 100_000 + "]" * 100_000,
    '["stdin", "' + "x" * 60_000 + '"]',
]


def test_hc_28_4_only_the_names_the_server_was_started_for_are_answered():
    local = Guard.for_host("127.0.0.1")
    assert local.token is None
    host: str | None
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST", "localhost"):
        assert local.host_allowed(host), host
    for host in ("evil.example:8000", "127.0.0.1.evil.example", "", None, "[::2]:80", "a b"):
        assert not local.host_allowed(host), host
    named = Guard.for_host("chess.lan")
    assert named.host_allowed("chess.lan:8000") and not named.host_allowed("evil.example")
    everywhere = Guard.for_host("0.0.0.0")
    assert everywhere.token and len(everywhere.token) >= 24
    assert everywhere.host_allowed("192.168.1.20:8000")  # an address: not a DNS name
    assert not everywhere.host_allowed("evil.example:8000")
    assert not everywhere.token_ok(None) and not everywhere.token_ok("guess")
    assert everywhere.token_ok(everywhere.token)
    assert Guard.for_host("0.0.0.0", no_token=True).token is None


def test_hc_28_5_only_the_messages_a_page_sends_are_read():
    assert read_message('["stdin", "q"]') == ("stdin", "q")
    assert read_message('["resize", {"width": 100, "height": 30}]') == ("resize", (100, 30))
    assert read_message('["ping", "1700000000"]') == ("ping", "1700000000")
    assert read_message('["focus"]') == ("focus", None)
    assert [m for m in MALFORMED if read_message(m) is not None] == []


def fetch(url: str, host: str | None = None, cookie: str | None = None) -> tuple[int, str, Any]:
    headers = {**({"Host": host} if host else {}), **({"Cookie": cookie} if cookie else {})}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=20) as r:
            return r.status, r.read().decode(), r.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(), exc.headers


@needs_web
def test_hc_28_4_a_page_on_another_name_gets_403(tmp_path):
    with serving(tmp_path / "saves") as served:
        port = served.url.rsplit(":", 1)[1]
        assert fetch(served.url)[0] == 200
        assert fetch(served.url, host=f"localhost:{port}")[0] == 200
        status, text, _ = fetch(served.url, host=f"rebind.evil.example:{port}")
        assert status == 403 and "does not answer to that name" in text
        refused = asyncio.run(session(served.url, headers={"Host": f"evil.example:{port}"}))
        assert refused == b"refused 403"


@needs_web
def test_hc_28_4_on_every_address_the_printed_token_is_required(tmp_path):
    with serving(tmp_path / "saves", "--host", "0.0.0.0") as served:
        base, _, token = served.url.partition("/?token=")
        assert base.startswith("http://0.0.0.0:") and len(token) >= 24
        local = base.replace("0.0.0.0", "127.0.0.1")
        assert fetch(local)[0] == 403
        assert fetch(f"{local}/?token=wrong")[0] == 403
        status, page, headers = fetch(f"{local}/?token={token}")
        assert status == 200 and "data-session-websocket-url" in page
        cookie = headers["Set-Cookie"].split(";")[0]
        assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
        assert asyncio.run(session(local)) == b"refused 403"
        assert TITLE in asyncio.run(session(local, headers={"Cookie": cookie}))
    with serving(tmp_path / "saves", "--host", "0.0.0.0", "--no-token") as served:
        assert "token" not in served.url
        assert fetch(served.url.replace("0.0.0.0", "127.0.0.1"))[0] == 200


def app_processes(server_pid: int) -> list[int]:
    """The server's child processes (each a tab's app: its command is exec'd)."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == server_pid:
                children.append(int(entry.name))
    return children


def wait_for(found: Any, seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while not (result := found()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return result


@needs_web
def test_hc_28_5_malformed_messages_are_dropped_and_the_tab_goes_on(tmp_path):
    with serving(tmp_path / "saves") as served:
        pid = served.process.pid
        # The app still reads keys after them: q quits it, and the server closes the tab.
        assert TITLE in asyncio.run(session(served.url, *MALFORMED, then=quit_app))
        assert wait_for(lambda: not app_processes(pid)), "the app outlived its tab"
        os.kill(pid, 2)
        _, err = served.process.communicate(timeout=20)
    assert "Traceback" not in err and "Error" not in err, err


@needs_web
def test_hc_28_5_a_closed_tab_ends_its_app(tmp_path):
    with serving(tmp_path / "saves") as served:
        pid = served.process.pid
        assert TITLE in asyncio.run(session(served.url))  # closed without quitting
        assert wait_for(lambda: not app_processes(pid)), "the app outlived its tab"


@needs_web
def test_hc_28_5_max_tabs_serves_a_clear_page_when_full(tmp_path):
    with serving(tmp_path / "saves", "--max-tabs", "1") as served:

        async def two_tabs() -> tuple[bytes, tuple[int, str, Any], bytes]:
            import aiohttp

            async with aiohttp.ClientSession() as client:
                ws = await client.ws_connect(f"{served.url}/ws?width=80&height=24")
                async with ws:
                    received = await until_title(ws)
                    page = await asyncio.to_thread(fetch, served.url)
                    second = await session(served.url)
                    return received, page, second

        first, (status, text, _), second = asyncio.run(two_tabs())
        assert TITLE in first
        assert status == 503 and "battlechess is full" in text and "at most 1 game tabs" in text
        assert second == b"refused 503"
        # Once that tab is closed, a new one is served.
        assert wait_for(lambda: fetch(served.url)[0] == 200)


def test_serve_help_names_the_new_options(capsys):
    from battlechess_tui.cli import main

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "--no-token" in out and "--max-tabs" in out
    with pytest.raises(SystemExit):
        main(["serve", "--max-tabs", "0"])
    assert "--max-tabs" in capsys.readouterr().err


async def test_hc_28_5_an_app_that_does_not_quit_when_asked_is_ended(monkeypatch):
    import battlechess_tui.cli.serve as serve_module
    from battlechess_tui.cli.serve import end_app

    monkeypatch.setattr(serve_module, "QUIT_SECONDS", 0.2)
    process = await asyncio.create_subprocess_exec("sleep", "60", stdin=asyncio.subprocess.PIPE)

    class Frozen:  # an app service whose app no longer reads (quit is never seen)
        _process, _task = process, asyncio.ensure_future(process.wait())

        async def send_meta(self, meta: dict[str, str]) -> bool:
            return True

    await end_app(Frozen())
    assert process.returncode == -15  # ended (SIGTERM), not left running
