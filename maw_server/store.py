"""Where the tables are kept: a small interface (:class:`Store`) and its SQLite backend.

A table's state is its record: its configuration (written once, when it is opened) and its entries
(every join, start, seat change, action — the bots' too — in order, each written before it is
acknowledged). Starting again, the server reads every open table's entries back through the engine
(:meth:`maw_server.table.Table.replay`). Nothing else is stored: no state that could disagree with
the record.

The interface is kept small and its SQL plain, so that a second backend (PostgreSQL, shared by
several server processes) can sit behind it. ``append`` writes entry ``number`` of a table and
fails (:class:`Conflict`) if that number is taken: two processes can never both write the same
step of one table.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from typing import Protocol


class Conflict(RuntimeError):
    """An entry number or a code already taken (another writer got there first)."""


class Store(Protocol):
    def add_table(self, code: str, config: dict, class_code: str | None) -> None: ...
    def append(self, code: str, number: int, entry: dict) -> None: ...
    def entries(self, code: str) -> list: ...
    def table(self, code: str) -> dict | None: ...
    def set_status(self, code: str, status: str) -> None: ...
    def open_tables(self) -> list: ...
    def count_open(self) -> int: ...
    def add_class(self, code: str, token_hash: str) -> None: ...
    def has_class(self, code: str) -> bool: ...
    def class_tables(self, code: str) -> list: ...
    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    class_code TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_by_class ON tables (class_code);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status);
CREATE TABLE IF NOT EXISTS entries (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    entry TEXT NOT NULL,
    written REAL NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    created REAL NOT NULL
);
"""


class RecordStatements:
    """The Store's methods, in SQL that both backends read: a backend gives ``_write(sql, args)``
    (raising :class:`Conflict` on a key already taken) and ``_read(sql, args) -> rows``, each
    taking ``?`` for a parameter."""

    def add_table(self, code, config, class_code):
        self._write("INSERT INTO tables (code, config, class_code, created) VALUES (?, ?, ?, ?)",
                    (code, json.dumps(config), class_code, time.time()))

    def append(self, code, number, entry):
        self._write("INSERT INTO entries (code, number, entry, written) VALUES (?, ?, ?, ?)",
                    (code, number, json.dumps(entry, ensure_ascii=False), time.time()))

    def entries(self, code):
        rows = self._read("SELECT number, entry FROM entries WHERE code = ? ORDER BY number", (code,))
        for k, (number, _) in enumerate(rows):
            if number != k:
                raise RuntimeError(f"table {code}'s record has a gap at entry {k}")
        return [json.loads(entry) for _, entry in rows]

    def table(self, code):
        rows = self._read("SELECT config, class_code, status FROM tables WHERE code = ?", (code,))
        if not rows:
            return None
        config, class_code, status = rows[0]
        return {"code": code, "config": json.loads(config), "class": class_code, "status": status}

    def set_status(self, code, status):
        self._write("UPDATE tables SET status = ? WHERE code = ?", (status, code))

    def open_tables(self):
        return [r[0] for r in self._read("SELECT code FROM tables WHERE status = 'open' ORDER BY created")]

    def count_open(self):
        return self._read("SELECT count(*) FROM tables WHERE status = 'open'")[0][0]

    def add_class(self, code, token_hash):
        self._write("INSERT INTO classes (code, token_hash, created) VALUES (?, ?, ?)",
                    (code, token_hash, time.time()))

    def has_class(self, code):
        return bool(self._read("SELECT 1 FROM classes WHERE code = ?", (code,)))

    def class_tables(self, code):
        return [r[0] for r in self._read("SELECT code FROM tables WHERE class_code = ? ORDER BY created", (code,))]


class SQLiteStore(RecordStatements):
    """The tables in one SQLite file, in WAL mode with ``synchronous=FULL``: each entry is on disk
    when :meth:`append` returns (a ``kill -9`` loses nothing acknowledged)."""

    def __init__(self, path):
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    def _write(self, sql: str, args: tuple) -> None:
        with self._lock:
            try:
                self._db.execute(sql, args)
            except sqlite3.IntegrityError as exc:
                raise Conflict(str(exc)) from None

    def _read(self, sql: str, args: tuple = ()) -> list:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def close(self):
        with self._lock:
            self._db.close()
