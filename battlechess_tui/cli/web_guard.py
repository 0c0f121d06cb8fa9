"""Who may reach ``battlechess serve``, and what a browser tab may send it; no aiohttp here.

A page on an attacker's name that resolves to this machine (DNS rebinding) sends that name as
its Host: only the names the server was started for are answered. Listening on every address
(``--host 0.0.0.0``), the server is reached by names it cannot know, so a one-time token in the
printed address is required instead (as Jupyter does), unless ``--no-token``. A tab's messages
are checked before any reaches its app: a malformed one is dropped.
"""

from __future__ import annotations

import ipaddress
import json
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

#: Names a browser on this machine uses for it, whatever ``--host`` says.
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
#: Addresses that mean "every interface": the server's names are not known in advance.
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
#: A terminal of more cells than this is not one a browser shows (``?width=`` and resizes).
MAX_CELLS = 1000
#: Longer than this, a keystroke message is not typing (a paste of a page at most).
MAX_STDIN_CHARS = 16 * 1024
MAX_PING_CHARS = 64


def host_name(host_header: str | None) -> str | None:
    """The name in a Host header (``[::1]:8000`` -> ``::1``), lower case; None if unreadable."""
    if not host_header:
        return None
    try:
        name = urlsplit(f"//{host_header}").hostname
    except ValueError:
        return None
    return name.lower() if name else None


def is_address(name: str) -> bool:
    """Is ``name`` an IP address (which no DNS answer can stand for)?"""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Guard:
    """The names a server answers to, and the token it requires (None: no token)."""

    host: str
    token: str | None

    @classmethod
    def for_host(cls, host: str, no_token: bool = False) -> Guard:
        """Listening on every address needs a token (unless ``no_token``); one address does
        not (its Host check is enough)."""
        wildcard = host in WILDCARD_HOSTS
        return cls(host, secrets.token_urlsafe(24) if wildcard and not no_token else None)

    @property
    def wildcard(self) -> bool:
        return self.host in WILDCARD_HOSTS

    def host_allowed(self, host_header: str | None) -> bool:
        """Does a request with this Host header come to a name the server was started for?
        On every address, any IP address (a DNS rebinding sends a name) and this machine's
        names; otherwise localhost, 127.0.0.1, ::1 and ``--host``."""
        name = host_name(host_header)
        if name is None:
            return False
        if name in LOCAL_NAMES or name == self.host.strip("[]").lower():
            return True
        return self.wildcard and (is_address(name) or name in machine_names())

    def token_ok(self, given: str | None) -> bool:
        return self.token is None or (
            given is not None and secrets.compare_digest(given.encode(), self.token.encode())
        )


def machine_names() -> frozenset[str]:
    import socket

    return frozenset(n.lower() for n in (socket.gethostname(), socket.getfqdn()) if n)


def same_origin(origin: str | None, host: str) -> bool:
    """May a page from ``origin`` drive the app? Only a page this server gave (a page from
    another site must not play or read saves through a browser on this machine); a client
    that sends no Origin (not a browser) is let in."""
    return origin is None or urlsplit(origin).netloc.lower() == host.lower()


def cells(text: str | None, default: int) -> int:
    """A terminal size from the page's query (``?width=100``), within 1..MAX_CELLS."""
    try:
        value = int(text) if text is not None else default
    except ValueError:
        return default
    return min(max(value, 1), MAX_CELLS)


def read_message(data: str) -> tuple[str, Any] | None:
    """A tab's message as (kind, value), or None if it is not one the page sends:
    ``["stdin", "<keys>"]`` (not empty), ``["resize", {"width": w, "height": h}]``,
    ``["ping", "<text>"]``, ``["focus"]`` or ``["blur"]``."""
    try:
        envelope = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, args = envelope[0], envelope[1:]
    if kind in ("focus", "blur") and not args:
        return kind, None
    if len(args) != 1:
        return None
    value = args[0]
    if kind == "stdin" and _text(value) and 0 < len(value) <= MAX_STDIN_CHARS:
        return kind, value
    if kind == "ping" and _text(value) and len(value) <= MAX_PING_CHARS:
        return kind, value
    if kind == "resize" and isinstance(value, dict) and set(value) >= {"width", "height"}:
        size = [value["width"], value["height"]]
        if all(type(n) is int and 1 <= n <= MAX_CELLS for n in size):
            return kind, (size[0], size[1])
    return None


def _text(value: Any) -> bool:
    """Is ``value`` text that can be written out (JSON lets a lone surrogate, ``\\ud800``,
    through; UTF-8 cannot encode it)?"""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
