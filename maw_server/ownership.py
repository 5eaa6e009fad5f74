"""Which server process serves which table, when several share one store (PostgreSQL).

A process serves a table only while it holds the table's **lease** in the store: an owner name
and an expiry on the database's clock, renewed by the owning process every second
(:func:`keep`). A request for a table this process does not serve claims the lease; the claim
succeeds if the lease is free or expired, i.e. if the process that served the table has died (or
has not renewed for :attr:`Leases.seconds`), and the process then reads the table back from its
record and carries on. A claim refused (another process is alive and serving the table) marks the
lease as wanted and the client is told to try again (HTTP 503, or the socket closed with 1013);
the owner hands the table over at its next renewal, closing its sockets so that their clients
reconnect (at once if none is connected: a table just opened through another process; else only
after :data:`KEEP_SECONDS`, so that two processes both sent a table's clients do not pass it back
and forth). A load balancer hashing the table code decides where a table's clients go; the lease
only makes sure that one process at a time acts for it.

Safety does not rest on the clocks: every entry has its number in the table's record, and the
store refuses a number already written (:class:`~maw_server.store.Conflict`). A process that lost
its lease without noticing (stalled past its expiry) can never write over its successor's step:
its write fails, nothing is acknowledged, and the table goes back to its record.

One process on SQLite owns every table (:class:`SoleOwner`): nothing changes there.

A process is named by its host and port (``--owner`` to choose), so that a process started again
in the place of one that was killed takes its tables back at once, without waiting for their
leases to expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time

log = logging.getLogger("maw_server.ownership")

#: How long a lease lasts unrenewed, how often it is renewed, and how long a table with clients
#: connected stays with its process before another process that asks for it may have it.
LEASE_SECONDS = 5.0
RENEW_SECONDS = 1.0
KEEP_SECONDS = 10.0


class SoleOwner:
    """One process, every table its own (the SQLite store)."""

    shared = False

    def claim(self, code: str) -> bool:
        return True

    def holds(self, code: str) -> bool:
        return True

    def release(self, code: str) -> None:
        pass

    def to_load(self, open_codes: list) -> list:
        return list(open_codes)

    def renew(self) -> tuple:
        return set(), set(), set()

    def release_all(self) -> None:
        pass


class Leases:
    """This process's leases in a shared store (see the module's docstring)."""

    shared = True

    def __init__(self, store, owner: str, seconds: float = LEASE_SECONDS, keep_seconds: float = KEEP_SECONDS):
        self.store, self.owner, self.seconds, self.keep_seconds = store, owner, seconds, keep_seconds
        # A lease is taken as held until a little before the database would let it go, counted
        # from before the request that took or renewed it was sent.
        self.margin = min(1.0, seconds / 4)
        self._until: dict = {}        # code -> time.monotonic() past which we no longer count on it
        self._lock = threading.Lock()

    def claim(self, code: str) -> bool:
        asked = time.monotonic()
        if not self.store.claim_lease(code, self.owner, self.seconds):
            return False
        with self._lock:
            self._until[code] = asked + self.seconds - self.margin
        return True

    def holds(self, code: str) -> bool:
        with self._lock:
            return time.monotonic() < self._until.get(code, 0.0)

    def release(self, code: str) -> None:
        with self._lock:
            self._until.pop(code, None)
        self.store.release_lease(code, self.owner)

    def to_load(self, open_codes: list) -> list:
        """At start: the open tables this process's name still holds (it was killed and started
        again), claimed at once; every other table is claimed when it is asked for."""
        mine = set(self.store.leases_of(self.owner))
        return [code for code in open_codes if code in mine and self.claim(code)]

    def renew(self) -> tuple:
        """Renew every lease; returns (lost, wanted, settled): the tables no longer ours, those
        another process asks for, and those held for :attr:`keep_seconds` at least."""
        asked = time.monotonic()
        rows = self.store.renew_leases(self.owner, self.seconds, self.keep_seconds)
        renewed = {code for code, _, _ in rows}
        wanted = {code for code, want, _ in rows if want}
        settled = {code for code, _, held in rows if held}
        with self._lock:
            for code in renewed:
                if code in self._until:
                    self._until[code] = asked + self.seconds - self.margin
            # A lease claimed while this renewal was under way is not lost: its time is later.
            lost = {code for code, until in self._until.items()
                    if code not in renewed and until < asked + self.seconds - self.margin}
            for code in lost:
                del self._until[code]
        return lost, wanted, settled

    def release_all(self) -> None:
        with self._lock:
            codes = list(self._until)
            self._until.clear()
        for code in codes:
            with contextlib.suppress(Exception):
                self.store.release_lease(code, self.owner)


def ownership_for(store, owner: str | None = None, port: int | None = None):
    """The ownership a store calls for: leases in a shared store, else every table our own."""
    if not getattr(store, "shared", False):
        return SoleOwner()
    return Leases(store, owner or f"{socket.gethostname()}:{port or 0}")


def open_store(where):
    """The store named by ``--db``: a ``postgresql://`` URL, else a SQLite file's path."""
    from .store_postgres import PostgresStore, is_url
    if is_url(str(where)):
        return PostgresStore(str(where))
    from .store import SQLiteStore
    return SQLiteStore(where)


async def let_go(server, code: str, release: bool) -> None:
    """Stop serving table ``code``: forget it, stop its bots, close its sockets (1012: their
    clients reconnect, and are sent where it is served now); hand its lease over if ``release``."""
    async with server.lock(code):
        server.tables.pop(code, None)
        server.ended.pop(code, None)
        task = server.bot_tasks.pop(code, None)
        if task is not None:
            task.cancel()
        if release:
            await asyncio.to_thread(server.owner.release, code)
    for conn in list(server.connections.get(code, ())):
        with contextlib.suppress(Exception):
            await conn.ws.close(code=1012, reason="the table moved to another server process: reconnecting")


async def keep(server) -> None:
    """Renew this process's leases every second, and let go of the tables it lost or was asked for."""
    owner = server.owner
    if not owner.shared:
        return
    while True:
        await asyncio.sleep(RENEW_SECONDS)
        try:
            lost, wanted, settled = await asyncio.to_thread(owner.renew)
        except Exception as exc:      # the database away: the leases run out, and serving stops with them
            log.error("leases not renewed (%s)", type(exc).__name__)
            continue
        for code in lost:
            log.warning("table %s: its lease was taken by another process", code)
            await let_go(server, code, release=False)
        for code in wanted - lost:
            if code in settled or not server.connections.get(code):
                log.info("table %s: handed over to the process that asked for it", code)
                await let_go(server, code, release=True)


def release_all(server) -> None:
    server.owner.release_all()
