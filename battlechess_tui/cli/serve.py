"""``serve``: the app in web browsers, through textual-serve (``pip install 'battlechess[web]'``).

Every browser tab runs its own app process (textual-serve starts the command once per
connection), each on the one save folder the terminal app uses: a game begun in a browser is
continued in the terminal, and the other way round.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import re
import shlex
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from battlechess_tui.cli.common import CliError, int_in, writable_dir

INSTALL_HINT = "serve needs the web extra: pip install 'battlechess[web]'"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: A Host header that can name this server in the page's links (a name or address and a port).
_HOST_HEADER = re.compile(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?")


def add_parsers(sub: Any) -> dict[str, Any]:
    serve = sub.add_parser(
        "serve",
        help="serve the app to web browsers, each tab its own game (needs battlechess[web])",
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default: {DEFAULT_HOST}, this machine only; "
        "0.0.0.0 lets other machines in)",
    )
    serve.add_argument(
        "--port",
        type=int_in(0, 65535),
        default=DEFAULT_PORT,
        help=f"port to listen on (default: {DEFAULT_PORT}; 0 picks a free one)",
    )
    return {"serve": cmd_serve}


def cmd_serve(args: argparse.Namespace) -> int:
    from battlechess_tui.save.folder import user_save_dir

    save_dir = writable_dir(user_save_dir(args.save_dir)).absolute()
    try:
        server = make_server(app_command(save_dir))
    except ImportError:
        raise CliError(INSTALL_HINT) from None
    return asyncio.run(serve(server, args.host, args.port, save_dir))


def app_command(save_dir: Path) -> str:
    """The shell command each browser tab runs: this Python's battlechess on ``save_dir``."""
    return shlex.join([sys.executable, "-m", "battlechess_tui", "--save-dir", str(save_dir)])


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
    print(f"Serving battlechess on {server.public_url} (saves in {save_dir}); "
          "open it in a browser, Ctrl+C stops.", flush=True)  # fmt: skip
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


def same_origin(origin: str | None, host: str) -> bool:
    """May a page from ``origin`` drive the app? Only a page this server gave (a page from
    another site must not play or read saves through a browser on this machine); a client
    that sends no Origin (not a browser) is let in."""
    return origin is None or urlsplit(origin).netloc.lower() == host.lower()


def make_server(command: str) -> Any:
    """textual-serve's server for ``command``: each page links back to the address its browser
    used (so ``--host 0.0.0.0`` and ``--port 0`` work), only pages it served may open a
    game's connection, and stopping the server ends every tab's app at once."""
    from aiohttp import web
    from textual_serve.server import Server

    class BattleServer(Server):
        #: The tasks serving open tabs (each drives one app process).
        tabs: set[asyncio.Task[Any]]

        async def on_startup(self, app: web.Application) -> None:
            """Quiet: ``serve`` says where it listens once it does."""
            self.tabs = set()

        async def on_shutdown(self, app: web.Application) -> None:
            """Each open tab's connection is cancelled: textual-serve then tells its app to
            quit (games are autosaved after every decision) and closes the page's socket."""
            for task in self.tabs:
                task.cancel()

        async def handle_index(self, request: web.Request) -> Any:
            # No await between setting the address and the page reading it.
            if _HOST_HEADER.fullmatch(request.host):
                self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> Any:
            if not same_origin(request.headers.get("Origin"), request.host):
                raise web.HTTPForbidden(text="battlechess: a page from another site\n")
            task = asyncio.current_task()
            assert task is not None
            self.tabs.add(task)
            try:
                return await super().handle_websocket(request)
            finally:
                self.tabs.discard(task)

    return BattleServer(command, title="battlechess")
