"""The table server as a real process, for the tests that talk to it (tests/test_server.py and the
browser's tests of playing with friends).

    with server_process(tmp_path) as (base_url, proc):
        ...                      # base_url: "http://127.0.0.1:<port>"

starts ``python -m maw_server`` on a free loopback port with its own database in ``directory``
(the site too, if ``site`` is given, else the API alone), waits until ``GET /api/server`` answers,
and kills it at the end. :func:`kill_and_restart` kills it with SIGKILL and starts it again on the
same port and database (the tables must come back from the database).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """One server process and how to start it again (same port, same database)."""

    def __init__(self, directory: Path, site: Path | None = None, extra=(), port: int | None = None):
        self.directory = Path(directory)
        self.db = self.directory / "tables.sqlite3"
        self.site = site
        self.extra = list(extra)
        self.port = port or free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.proc = None
        self.log = self.directory / "server.log"

    def command(self) -> list:
        cmd = [sys.executable, "-m", "maw_server", "--port", str(self.port), "--bind", "127.0.0.1",
               "--db", str(self.db), "--quiet"]
        cmd += ["--directory", str(self.site)] if self.site is not None else ["--no-site"]
        return cmd + self.extra

    def start(self) -> "ServerProcess":
        out = open(self.log, "ab")
        self.proc = subprocess.Popen(self.command(), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        out.close()
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}):\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(self.base_url + "/api/server", timeout=2) as r:
                    if json.load(r).get("server") == "maw":
                        return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not answer in {START_SECONDS} s:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush, as a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def server_process(directory, site=None, extra=()):
    """Start the server (see the module's docstring); yields (base_url, proc)."""
    server = ServerProcess(directory, site, extra).start()
    try:
        yield server.base_url, server.proc
    finally:
        server.stop()


@contextlib.contextmanager
def restartable_server(directory, site=None, extra=()):
    """As :func:`server_process`, but yields the :class:`ServerProcess` (kill(), start() again)."""
    server = ServerProcess(directory, site, extra).start()
    try:
        yield server
    finally:
        server.stop()
