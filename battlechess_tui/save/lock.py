"""A lock beside a file, so that two processes (two windows, the app and a ``campaign
simulate``) never read, change and write the file at the same time.

The lock is the operating system's (``flock`` on a ``.NAME.lock`` file beside the file; on
Windows ``msvcrt.locking``): it is released when its holder ends, however it ends, so a lock
is never stale: the file left behind by a killed holder is free and taken again at once. A
holder writes its process id into the file, so a waiter can say who holds it. The lock is
re-entrant within a process: code holding it may call code that takes it again.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: How often a waiter tries again, in seconds.
POLL = 0.05
#: The locks this process holds (by the locked file's absolute path) and how deeply.
_HELD: dict[str, int] = {}


class Busy(Exception):
    """The lock is held by another process for longer than the wait allowed."""

    def __init__(self, path: Path, holder: str) -> None:
        self.path = path
        self.holder = holder
        super().__init__(f"{path} is in use by another battlechess ({holder})")


def lock_path(path: Path) -> Path:
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


def remove_free_locks(folder: Path) -> list[Path]:
    """Remove the lock files in ``folder`` that no process holds (left by an older version,
    which kept them): each is taken, then given back, which removes it. The files removed."""
    removed = []
    try:
        names = [p.name for p in Path(folder).iterdir()]
    except OSError:
        return []
    for name in names:
        if not (name.startswith(".") and name.endswith(".lock")) or len(name) <= len("..lock"):
            continue
        lock = FileLock(Path(folder) / name[1 : -len(".lock")])
        try:
            lock.acquire(0)
        except (Busy, OSError):
            continue
        lock.release()
        removed.append(Path(folder) / name)
    return removed


class FileLock:
    """The lock of ``path``, taken with ``acquire`` and given back with ``release`` (for a
    holder that is not one block: a window playing a game)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None

    def acquire(self, wait: float) -> None:
        """Take the lock, waiting at most ``wait`` seconds (``Busy`` then)."""
        deadline = time.monotonic() + wait
        while True:
            fd = _open(lock_path(self.path))
            try:
                _acquire(fd, self.path, max(0.0, deadline - time.monotonic()))
                if not _still_named(fd, lock_path(self.path)):
                    os.close(fd)  # its holder removed it: take the one there now
                    continue
                os.ftruncate(fd, 0)
                os.write(fd, f"pid {os.getpid()}\n".encode())
            except BaseException:
                os.close(fd)
                raise
            self._fd = fd
            return

    def release(self) -> None:
        """Give the lock back, removing its file first (while still held, so that a waiter
        that opened it sees it is gone, and no lock files pile up beside the files)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                with contextlib.suppress(OSError):  # (Windows: an open file stays)
                    lock_path(self.path).unlink()
                _release(fd)
            finally:
                os.close(fd)


@contextmanager
def locked(path: Path, wait: float) -> Iterator[None]:
    """Hold the lock of ``path`` for the block, waiting at most ``wait`` seconds for another
    process to release it (``Busy`` then, naming its process id)."""
    key = os.path.abspath(path)
    if _HELD.get(key):
        _HELD[key] += 1
        try:
            yield
        finally:
            _HELD[key] -= 1
        return
    lock = FileLock(Path(path))
    lock.acquire(wait)
    _HELD[key] = 1
    try:
        yield
    finally:
        del _HELD[key]
        lock.release()


def _open(path: Path) -> int:
    return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)


def _still_named(fd: int, path: Path) -> bool:
    """Is the file open as ``fd`` still the one at ``path`` (not removed by its last holder)?"""
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _acquire(fd: int, path: Path, wait: float) -> None:
    deadline = time.monotonic() + wait
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            raise Busy(path, _holder(fd))
        time.sleep(POLL)


def _holder(fd: int) -> str:
    try:
        text = os.pread(fd, 64, 0).decode("ascii", errors="replace").strip()
    except (OSError, AttributeError):
        text = ""
    return text if text.startswith("pid ") and text[4:].isdigit() else "another process"


try:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _release(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

except ImportError:  # Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True

    def _release(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
