"""``serve``: the app in web browsers, through textual-serve (``pip install 'battlechess[web]'``).

Every browser tab runs its own app process (textual-serve starts the command once per
connection), each on the one save folder the terminal app uses: a game begun in a browser is
continued in the terminal, and the other way round. Only the names the server was started for
are answered (``web_guard``), with a token in the address when it listens on every address;
a tab's messages are checked before they reach its app; a tab's app ends when its page is
closed, every app when the server stops, and at most ``--max-tabs`` run at once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import re
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import CliError, int_in, writable_dir
from battlechess_tui.cli.web_guard import Guard, cells, read_message, same_origin
from battlechess_tui.cli.web_page import with_additions

__all__ = ["app_command", "cmd_serve", "make_server", "same_origin", "serve", "url_of"]

INSTALL_HINT = "serve needs the web extra: pip install 'battlechess[web]'"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_TABS = 8
#: A Host header that can name this server in the page's links (a name or address and a port).
_HOST_HEADER = re.compile(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?")
#: How long a tab's app has to quit when asked (its game is autosaved after every decision)
#: before it is ended, and how long it then has before it is killed.
QUIT_SECONDS, TERM_SECONDS = 5.0, 3.0
#: No message the page sends is near this long (a keystroke, a size, a ping).
MAX_MESSAGE_BYTES = 64 * 1024
TOKEN_PARAM = "token"

REFUSED_HOST = "battlechess: this server does not answer to that name\n"
REFUSED_TOKEN = "battlechess: open the address that `battlechess serve` printed, with its token\n"
FULL_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>battlechess is full</title></head>
<body style="background:#0c181f;color:#f0f0f0;font:20px sans-serif;margin:4em">
<h1>battlechess is full</h1>
<p>This server runs at most {tabs} game tabs at once (<code>--max-tabs</code>), and all are
open. Close another battlechess tab, then reload this page.</p></body></html>
"""


def add_parsers(sub: Any) -> dict[str, Any]:
    serve = sub.add_parser(
        "serve",
        help="serve the app to web browsers, each tab its own game (needs battlechess[web])",
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default: {DEFAULT_HOST}, this machine only; "
        "0.0.0.0 lets other machines in, with a one-time token in the address)",
    )
    serve.add_argument(
        "--port",
        type=int_in(0, 65535),
        default=DEFAULT_PORT,
        help=f"port to listen on (default: {DEFAULT_PORT}; 0 picks a free one)",
    )
    serve.add_argument(
        "--no-token",
        action="store_true",
        help="with --host 0.0.0.0, let in anyone who can reach the port (no token)",
    )
    serve.add_argument(
        "--max-tabs",
        type=int_in(1, 64),
        default=DEFAULT_MAX_TABS,
        help=f"browser tabs (games) served at once (default: {DEFAULT_MAX_TABS})",
    )
    return {"serve": cmd_serve}


def cmd_serve(args: argparse.Namespace) -> int:
    from battlechess_tui.save.folder import user_save_dir

    save_dir = writable_dir(user_save_dir(args.save_dir)).absolute()
    guard = Guard.for_host(args.host, args.no_token)
    try:
        server = make_server(app_command(save_dir), guard, args.max_tabs)
    except ImportError:
        raise CliError(INSTALL_HINT) from None
    return asyncio.run(serve(server, args.host, args.port, save_dir))


def app_command(save_dir: Path) -> str:
    """The shell command each browser tab runs: this Python's battlechess on ``save_dir``
    (``exec``: the process textual-serve starts is the app itself, so ending it ends the app)."""
    command = [sys.executable, "-m", "battlechess_tui", "--save-dir", str(save_dir)]
    return "exec " + shlex.join(command)


def url_of(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


async def serve(server: Any, host: str, port: int, save_dir: Path) -> int:
    """Run ``server`` on ``host:port`` until Ctrl+C (or SIGTERM); CliError in one line if it
    cannot listen. (textual-serve's own ``serve`` prints its banner before it knows whether
    the port is free, and cannot say which port 0 chose: its app is run here instead.)"""
    from aiohttp import web

    runner = web.AppRunner(await server._make_app(), handle_signals=False, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError as exc:
        await runner.cleanup()
        raise CliError(listen_error(host, port, exc)) from None
    bound = runner.addresses[0][1] if runner.addresses else port
    server.public_url = url_of(host, bound)
    token = getattr(server, "guard", None) and server.guard.token
    address = f"{server.public_url}/?{TOKEN_PARAM}={token}" if token else server.public_url
    print(
        f"Serving battlechess on {address} (saves in {save_dir}); "
        "open it in a browser, Ctrl+C stops.",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        await runner.cleanup()
    return 0


def listen_error(host: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is taken on {host}: choose another with --port"
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f"cannot listen on {host} port {port}: {reason}"


async def end_app(service: Any) -> None:
    """Ask a tab's app to quit; end its process if it has not within QUIT_SECONDS, kill it
    if it is still there TERM_SECONDS later. (textual-serve only asks, and then waits for
    as long as the app takes: an app that no longer reads outlived its tab.)"""
    task, process = service._task, service._process
    if task is None or process is None:
        return
    await service.send_meta({"type": "quit"})
    for seconds, end in ((QUIT_SECONDS, process.terminate), (TERM_SECONDS, process.kill)):
        try:
            await asyncio.wait_for(asyncio.shield(task), seconds)
            return
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                end()
    await task


def make_server(command: str, guard: Guard | None = None, max_tabs: int = DEFAULT_MAX_TABS) -> Any:
    """textual-serve's server for ``command``, with what it lacks: only the names in
    ``guard`` (and its token) are answered; only pages it served may open a game's
    connection; a tab's messages are checked; each page links back to the address its
    browser used (so ``--host 0.0.0.0`` and ``--port 0`` work); at most ``max_tabs`` apps run;
    a tab's app ends when its page closes, and every one when the server stops."""
    from aiohttp import WSMsgType, web
    from multidict import MultiDict
    from textual_serve.server import Server

    checks = guard or Guard.for_host(DEFAULT_HOST)

    class BattleServer(Server):
        #: The tasks serving open tabs, each with its app's service once started.
        tabs: dict[asyncio.Task[Any], Any]

        def __init__(self) -> None:
            super().__init__(command, title="battlechess")
            self.guard, self.max_tabs = checks, max_tabs
            self.cookie = "battlechess-token"

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(self.check_request)
            return app

        @web.middleware
        async def check_request(self, request: web.Request, handler: Any) -> Any:
            """403 for a name the server was not started for (DNS rebinding) and, where a
            token is needed, for a page or connection without it. The page's token is kept
            in a cookie, so the connection and a reload carry it."""
            if not self.guard.host_allowed(request.headers.get("Host")):
                raise web.HTTPForbidden(text=REFUSED_HOST)
            if request.path.startswith("/static/"):
                return await handler(request)
            given = request.query.get(TOKEN_PARAM) or request.cookies.get(self.cookie)
            if not self.guard.token_ok(given):
                raise web.HTTPForbidden(text=REFUSED_TOKEN)
            response = await handler(request)
            if self.guard.token and request.query.get(TOKEN_PARAM):
                response.set_cookie(self.cookie, self.guard.token, httponly=True, samesite="Strict")
            return response

        def full(self) -> bool:
            return len(self.tabs) >= self.max_tabs

        async def on_startup(self, app: web.Application) -> None:
            """Quiet: ``serve`` says where it listens once it does."""
            self.tabs = {}

        async def on_shutdown(self, app: web.Application) -> None:
            """Every open tab's app is asked to quit (games are autosaved after every
            decision) and ended if it does not, then its connection is cancelled."""
            await asyncio.gather(*(end_app(s) for s in self.tabs.values() if s is not None))
            for task in list(self.tabs):
                task.cancel()

        async def handle_index(self, request: web.Request) -> Any:
            if self.full():
                return web.Response(
                    text=FULL_PAGE.format(tabs=self.max_tabs), status=503, content_type="text/html"
                )
            # No await between setting the address and the page reading it.
            if _HOST_HEADER.fullmatch(request.host):
                self.public_url = f"{request.scheme}://{request.host}"
            response = await super().handle_index(request)
            if isinstance(response, web.Response) and response.text:
                response.text = with_additions(response.text)
            return response

        async def handle_websocket(self, request: web.Request) -> Any:
            if not same_origin(request.headers.get("Origin"), request.host):
                raise web.HTTPForbidden(text="battlechess: a page from another site\n")
            if self.full():
                raise web.HTTPServiceUnavailable(
                    text=f"battlechess: all {self.max_tabs} tabs are in use\n"
                )
            query = MultiDict(request.query)
            query["width"] = str(cells(query.get("width"), 80))
            query["height"] = str(cells(query.get("height"), 24))
            sized = request.clone(rel_url=request.rel_url.with_query(query))
            task = asyncio.current_task()
            assert task is not None
            self.tabs[task] = None
            try:
                return await super().handle_websocket(sized)
            finally:
                self.tabs.pop(task, None)

        async def _process_messages(self, websocket: Any, app_service: Any) -> None:
            """The tab's messages, each checked (``read_message``) and a malformed one
            dropped; when the page closes, its app is ended."""
            task = asyncio.current_task()
            if task in self.tabs:
                self.tabs[task] = app_service
            try:
                async for message in websocket:
                    if message.type == WSMsgType.TEXT:
                        read = read_message(message.data)
                        if read is not None:
                            await self.deliver(websocket, app_service, *read)
            finally:
                await end_app(app_service)

        async def deliver(self, websocket: Any, app_service: Any, kind: str, value: Any) -> None:
            if kind == "stdin":
                await app_service.send_bytes(value.encode("utf-8"))
            elif kind == "resize":
                await app_service.set_terminal_size(*value)
            elif kind == "ping":
                await websocket.send_json(["pong", value])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    return BattleServer()
