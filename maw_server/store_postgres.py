"""The tables in PostgreSQL: the same :class:`~maw_server.store.Store` as SQLite, shared by
several server processes (``python -m maw_server --db postgresql://...``).

The tables, entries and classes are those of the SQLite store, in plain SQL. An entry is committed
(PostgreSQL's own durable commit) before :meth:`PostgresStore.append` returns, so an acknowledged
action survives the process and the database's restart alike. The primary key ``(code, number)``
keeps two processes from both writing one step of a table: the second gets :class:`Conflict`.

The store also keeps one **lease** a table (:mod:`maw_server.ownership` says how they are used):
which process serves the table, until when (the database's clock, so that the processes' own
clocks never have to agree), and since when some other process has asked for it.
"""

from __future__ import annotations

import contextlib
import queue

from .store import Conflict, RecordStatements

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    class_code TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    created DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_by_class ON tables (class_code);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status);
CREATE TABLE IF NOT EXISTS entries (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    entry TEXT NOT NULL,
    written DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    code TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    since TIMESTAMPTZ NOT NULL,
    wanted TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS leases_by_owner ON leases (owner);
"""


def is_url(where) -> bool:
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))


#: Connections a process keeps: tables' entries are written from several threads at once, and
#: PostgreSQL flushes their commits together, where one connection would write them one by one.
CONNECTIONS = 4


class PostgresStore(RecordStatements):
    """A few connections (autocommit: each statement its own transaction), each used by one thread
    at a time. A connection lost (the database restarted) is opened again at its next use; the call
    that found it lost fails, and the table it was writing goes back to its record."""

    shared = True

    def __init__(self, url: str, connections: int = CONNECTIONS):
        import psycopg
        self._psycopg = psycopg
        self.url = url
        self._idle = queue.LifoQueue()
        self._all = []
        for _ in range(connections):
            self._idle.put(None)          # opened when first used
        with self._connection() as db:
            # Two processes starting together both create the schema: one at a time.
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(2525)")
                db.execute(SCHEMA)

    @contextlib.contextmanager
    def _connection(self):
        db = self._idle.get()
        try:
            if db is None or db.closed or db.broken:
                db = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
                self._all.append(db)
            yield db
        finally:
            self._idle.put(db)

    def _run(self, sql: str, args: tuple = (), fetch: bool = False):
        with self._connection() as db:
            try:
                cursor = db.execute(sql, args)
                return cursor.fetchall() if fetch else cursor.rowcount
            except self._psycopg.errors.UniqueViolation as exc:
                raise Conflict(str(exc).splitlines()[0]) from None

    # -- the Store interface (maw_server.store.RecordStatements): its SQL with PostgreSQL's markers
    def _write(self, sql: str, args: tuple) -> None:
        self._run(sql.replace("?", "%s"), args)

    def _read(self, sql: str, args: tuple = ()) -> list:
        return self._run(sql.replace("?", "%s"), args, fetch=True)

    def close(self):
        for db in self._all:
            with contextlib.suppress(Exception):
                db.close()

    # -- leases (maw_server.ownership) --------------------------------------------------------------
    def claim_lease(self, code: str, owner: str, seconds: float) -> bool:
        """Take table ``code``'s lease for ``seconds`` if it is free, expired or already ``owner``'s;
        else mark it wanted (its owner hands it over at its next renewal) and say False."""
        rows = self._run(
            "INSERT INTO leases (code, owner, expires, since) VALUES (%s, %s, now() + make_interval(secs => %s), now()) "
            "ON CONFLICT (code) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires, wanted = NULL, "
            "  since = CASE WHEN leases.owner = EXCLUDED.owner THEN leases.since ELSE now() END "
            "WHERE leases.owner = EXCLUDED.owner OR leases.expires < now() RETURNING owner",
            (code, owner, seconds), fetch=True)
        if rows:
            return True
        self._run("UPDATE leases SET wanted = now() WHERE code = %s AND owner <> %s", (code, owner))
        return False

    def renew_leases(self, owner: str, seconds: float, keep_seconds: float) -> list:
        """Extend every lease ``owner`` holds; returns (code, wanted, settled) for each: wanted if
        another process asked for it lately, settled if ``owner`` has held it for ``keep_seconds``
        at least (:mod:`maw_server.ownership` hands over a wanted table at once if none of its
        clients is connected, else only once settled)."""
        return self._run(
            "UPDATE leases SET expires = now() + make_interval(secs => %s) WHERE owner = %s "
            "RETURNING code, wanted IS NOT NULL AND wanted > now() - make_interval(secs => %s), "
            "  since < now() - make_interval(secs => %s)",
            (seconds, owner, 2 * seconds, keep_seconds), fetch=True)

    def release_lease(self, code: str, owner: str) -> None:
        self._run("DELETE FROM leases WHERE code = %s AND owner = %s", (code, owner))

    def leases_of(self, owner: str) -> list:
        return [r[0] for r in self._run("SELECT code FROM leases WHERE owner = %s", (owner,), fetch=True)]
