"""A throwaway PostgreSQL (Debian's ``postgresql`` package) for the tests and the load benchmark.

    with postgres_server() as url:      # "postgresql://maw@127.0.0.1:<port>/postgres"
        ...

initdb's a cluster in a fresh temporary directory, starts it on a free loopback port (TCP only,
no Unix socket), waits until it answers, and stops it and deletes the directory at the end.
PostgreSQL refuses to run as root: as root, the cluster is made and run as the ``postgres`` user
(``nobody`` where there is none) with ``runuser``; as anyone else, as that user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time

START_SECONDS = 60


def postgres_bin() -> str | None:
    """The directory of initdb and pg_ctl: on the PATH, else Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return os.path.dirname(os.path.realpath(found))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[-3]))
    return os.path.dirname(versions[-1]) if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_user() -> tuple:
    """The command prefix that runs PostgreSQL's programs, and the uid/gid that must own its files."""
    if os.geteuid() != 0:
        return [], None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            user = pwd.getpwnam(name)
            return ["runuser", "-u", name, "--"], (user.pw_uid, user.pw_gid)
    raise RuntimeError("running as root and no postgres or nobody user to run PostgreSQL as")


@contextlib.contextmanager
def postgres_server(settings=()):
    """A running PostgreSQL; yields its URL. ``settings``: extra ``-c name=value`` for the server."""
    bindir = postgres_bin()
    if bindir is None:
        raise RuntimeError("no PostgreSQL: apt-get install postgresql (make test installs it)")
    prefix, owner = _as_user()
    base = tempfile.mkdtemp(prefix="maw-pg-")
    data, log = os.path.join(base, "data"), os.path.join(base, "postgres.log")
    if owner is not None:
        os.chown(base, *owner)
    port = _free_port()
    try:
        subprocess.run(prefix + [os.path.join(bindir, "initdb"), "-D", data, "-U", "maw", "--auth=trust",
                                 "--no-sync", "-E", "UTF8", "--locale=C"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=base)
        options = [f"-p {port}", "-c listen_addresses=127.0.0.1", "-c unix_socket_directories=''",
                   "-c max_connections=100", "-c shared_buffers=64MB"] + [f"-c {s}" for s in settings]
        subprocess.run(prefix + [os.path.join(bindir, "pg_ctl"), "-D", data, "-l", log, "-o", " ".join(options),
                                 "-w", "-t", str(START_SECONDS), "start"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=base)
        url = f"postgresql://maw@127.0.0.1:{port}/postgres"
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        try:
            yield url
        finally:
            subprocess.run(prefix + [os.path.join(bindir, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=base)
    except subprocess.CalledProcessError as exc:
        text = ""
        with contextlib.suppress(OSError):
            text = open(log).read()[-2000:]
        raise RuntimeError(f"PostgreSQL did not start: {exc.stderr.decode(errors='replace')[-2000:]}\n{text}") from None
    finally:
        shutil.rmtree(base, ignore_errors=True)
