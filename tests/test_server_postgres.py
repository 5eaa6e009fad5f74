"""The table server past one machine: the PostgreSQL store and two server processes sharing it.

One PostgreSQL for the module (Debian's package, started by tests/pgproc.py in a temporary
directory on a free loopback port, stopped at the end). The store's contract is checked on both
backends alike; the leases on PostgreSQL; then two real server processes on the one database: a
table played on the first, the first killed with SIGKILL mid-deal, and a client of the second
process takes the table over and plays on with no acknowledged action lost.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest

pytest.importorskip("starlette", reason="the server extra: pip install -e '.[server]'")
psycopg = pytest.importorskip("psycopg", reason="the server extra: pip install -e '.[server]'")
import websockets  # noqa: E402

from pgproc import postgres_bin, postgres_server  # noqa: E402
from serverproc import ServerProcess  # noqa: E402
from test_server import api, join, new_table, pick, play_out, play_until_person, seated, settle  # noqa: E402

from maw_server.ownership import Leases, open_store  # noqa: E402
from maw_server.store import Conflict, SQLiteStore  # noqa: E402
from maw_server.store_postgres import PostgresStore  # noqa: E402

if postgres_bin() is None:
    pytest.skip("no PostgreSQL (make test installs Debian's postgresql)", allow_module_level=True)


@pytest.fixture(scope="module")
def postgres():
    with postgres_server() as url:
        yield url


_schemas = iter(range(1, 10_000))


def fresh_url(url: str) -> str:
    """The database with a schema of its own (a clean store for one test, no new database)."""
    name = f"t{next(_schemas)}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {name}")
    return f"{url}?options=-csearch_path%3D{name}"


@pytest.fixture(params=["sqlite", "postgres"])
def store_and_reopen(request, tmp_path, postgres):
    """(a fresh store, a function opening the same store again)."""
    where = tmp_path / "t.sqlite3" if request.param == "sqlite" else fresh_url(postgres)
    stores = []

    def opener():
        stores.append(open_store(where))
        return stores[-1]
    yield opener(), opener
    for s in stores:
        s.close()


# -- the store's contract, on both backends ---------------------------------------------------------

def test_open_store_chooses_the_backend_by_what_it_is_given(tmp_path, postgres):
    sqlite = open_store(tmp_path / "x.sqlite3")
    assert isinstance(sqlite, SQLiteStore)
    sqlite.close()
    pg = open_store(fresh_url(postgres))
    assert isinstance(pg, PostgresStore)
    pg.close()


def test_tables_and_entries_are_kept_in_order_and_a_step_is_written_once(store_and_reopen):
    store, reopen = store_and_reopen
    config = {"variant": "spoil-five", "players": 5, "options": None}
    store.add_table("K7QX2M", config, None)
    with pytest.raises(Conflict):
        store.add_table("K7QX2M", config, None)
    entries = [{"op": "join", "seat": 0, "name": "Ann ♥ <b>", "token": "ab"}, {"op": "start", "seed": 2 ** 52},
               {"op": "act", "seat": 1, "action": "10H"}]
    for number, entry in enumerate(entries):
        store.append("K7QX2M", number, entry)
    with pytest.raises(Conflict):
        store.append("K7QX2M", 2, {"op": "act", "seat": 1, "action": "5H"})
    assert store.entries("K7QX2M") == entries
    assert store.entries("NOSUCH") == []
    assert store.table("K7QX2M") == {"code": "K7QX2M", "config": config, "class": None, "status": "open"}
    assert store.table("NOSUCH") is None
    again = reopen()
    assert again.entries("K7QX2M") == entries, "written before append returned, read by another connection"


def test_a_record_with_a_gap_is_refused(store_and_reopen):
    store, _ = store_and_reopen
    store.add_table("ABCDEF", {"players": 3}, None)
    store.append("ABCDEF", 0, {"op": "a"})
    store.append("ABCDEF", 2, {"op": "c"})
    with pytest.raises(RuntimeError, match="gap at entry 1"):
        store.entries("ABCDEF")


def test_open_tables_status_and_classes(store_and_reopen):
    store, _ = store_and_reopen
    store.add_class("CLASS2", "hash")
    with pytest.raises(Conflict):
        store.add_class("CLASS2", "other")
    assert store.has_class("CLASS2") and not store.has_class("CLASS3")
    for code in ("AAAAA2", "AAAAA3", "AAAAA4"):
        store.add_table(code, {"players": 3}, "CLASS2" if code != "AAAAA4" else None)
    store.set_status("AAAAA3", "ended")
    assert store.open_tables() == ["AAAAA2", "AAAAA4"]
    assert store.count_open() == 2
    assert store.class_tables("CLASS2") == ["AAAAA2", "AAAAA3"]
    assert store.table("AAAAA3")["status"] == "ended"


# -- leases (PostgreSQL) ------------------------------------------------------------------------------

def test_a_lease_is_held_by_one_process_until_it_expires_or_is_handed_over(postgres):
    url = fresh_url(postgres)
    a_store, b_store = PostgresStore(url), PostgresStore(url)
    a = Leases(a_store, "a:1", seconds=1.0, keep_seconds=0.0)
    b = Leases(b_store, "b:2", seconds=1.0, keep_seconds=0.0)
    a_store.add_table("LEASE2", {"players": 3}, None)
    assert a.claim("LEASE2") and a.holds("LEASE2")
    assert not b.claim("LEASE2") and not b.holds("LEASE2"), "a live owner keeps its table"
    lost, wanted, settled = a.renew()
    assert lost == set() and wanted == {"LEASE2"}, "b's claim asked a to hand the table over"
    assert settled == {"LEASE2"}, "held for keep_seconds (none here)"
    a.release("LEASE2")
    assert not a.holds("LEASE2") and b.claim("LEASE2")
    # b dies (stops renewing): a may claim the table once b's lease has run out, not before.
    assert not a.claim("LEASE2")
    time.sleep(1.2)
    assert not b.holds("LEASE2"), "b stops counting on a lease before the database lets it go"
    assert a.claim("LEASE2")
    lost, _, _ = b.renew()
    assert lost == {"LEASE2"} and not b.holds("LEASE2")
    # The step numbers, not the clocks, keep the record whole: b, stale, cannot write over a's step.
    a_store.append("LEASE2", 0, {"op": "by a"})
    with pytest.raises(Conflict):
        b_store.append("LEASE2", 0, {"op": "by b"})
    assert a_store.entries("LEASE2") == [{"op": "by a"}]
    a_store.close()
    b_store.close()


def test_a_process_started_again_under_its_name_takes_its_tables_back_at_once(postgres):
    url = fresh_url(postgres)
    store = PostgresStore(url)
    for code in ("MINE22", "MINE33", "THEIR2"):
        store.add_table(code, {"players": 3}, None)
    first = Leases(store, "host:8001", seconds=30)
    other = Leases(store, "host:8002", seconds=30)
    assert first.claim("MINE22") and first.claim("MINE33") and other.claim("THEIR2")
    again = Leases(PostgresStore(url), "host:8001", seconds=30)        # killed, started again
    assert sorted(again.to_load(store.open_tables())) == ["MINE22", "MINE33"]
    assert all(again.holds(c) for c in ("MINE22", "MINE33")) and not again.holds("THEIR2")
    store.close()
    again.store.close()


# -- two server processes on one PostgreSQL -----------------------------------------------------------

class PostgresServer(ServerProcess):
    def __init__(self, directory, url, name):
        super().__init__(directory, None, ["--owner", name])
        self.db = url
        self.log = self.directory / f"server-{name}.log"


async def hello_when_served(server, code, token, seconds=30):
    """Say hello to ``server`` until it serves the table; returns (the hello's reply, the refusals
    before it). While the dead process's lease lasts, the socket is closed with 1013, 'try again',
    and the client tries again, as the page's socket bridge does."""
    url = server.base_url.replace("http://", "ws://") + f"/api/tables/{code}/socket"
    deadline = time.monotonic() + seconds
    refusals = 0
    while True:
        ws = await websockets.connect(url, max_size=2 ** 22)
        try:
            await ws.send(json.dumps({"id": 1, "op": "hello", "token": token}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message.get("id") == 1:
                    assert message["ok"], message
                    await ws.close()
                    return message, refusals
        except websockets.ConnectionClosed:
            assert ws.close_code == 1013, (ws.close_code, ws.close_reason)
            refusals += 1
        assert time.monotonic() < deadline, "the table was not taken over"
        await asyncio.sleep(0.25)


def _entry_count(url, code) -> int:
    with psycopg.connect(url) as db:
        return db.execute("SELECT count(*) FROM entries WHERE code = %s", (code,)).fetchone()[0]


def test_two_processes_one_killed_mid_deal_the_other_takes_the_table_over(postgres, tmp_path):
    url = fresh_url(postgres)
    a = PostgresServer(tmp_path, url, "a").start()
    b = PostgresServer(tmp_path, url, "b").start()
    try:
        table = new_table(a, players=4)
        code = table["code"]
        ben = join(a, code, 2, "Ben")
        status, reply = api("GET", f"{b.base_url}/api/tables/{code}")
        assert status == 503 and "another server process" in reply["error"], "b leaves a's live table alone"

        # A table opened through a (a load balancer sends POST /api/tables anywhere) whose clients
        # are sent to b: a, with none of its clients connected, hands it over at b's asking.
        moved = new_table(a, players=3)

        async def moved_to_b():
            reply, refusals = await hello_when_served(b, moved["code"], moved["token"])
            assert refusals >= 1 and reply["seat"] == 0
            client = (await seated(b, moved["code"], {0: moved["token"]}, watch=False))[0]
            assert (await client.ask("start"))["ok"], "b serves it now"
            # Now a, asked, waits: b has a client at the table and has held it only a moment.
            ws = await websockets.connect(a.base_url.replace("http", "ws") + f"/api/tables/{moved['code']}/socket")
            with pytest.raises(websockets.ConnectionClosed):
                await ws.send(json.dumps({"id": 1, "op": "hello", "token": moved["token"]}))
                await asyncio.wait_for(ws.recv(), 30)
            assert ws.close_code == 1013
            assert (await client.ask("state"))["ok"], "b still serves it"
            await client.close()
        asyncio.run(moved_to_b())

        async def on_a():
            clients = await seated(a, code, {0: table["token"], 2: ben}, watch=False)
            assert (await clients[0].ask("start"))["ok"]
            await settle(clients, 1)
            acknowledged = 0
            for _ in range(3):
                await play_until_person(clients)
                seat = next(s for s, c in clients.items() if c.state()["your_turn"])
                count = len(clients[seat].updates())
                assert (await clients[seat].ask("act", action=pick(clients[seat].state())))["ok"]
                acknowledged += 1
                await settle(clients, count + 1)
            await play_until_person(clients)
            return {s: c.state() for s, c in clients.items()}, acknowledged
        states, acknowledged = asyncio.run(on_a())
        written = _entry_count(url, code)
        assert acknowledged == 3 and written >= 2 + 1 + 3, "joins, start and the people's moves stored"
        a.kill()

        told = []

        async def on_b():
            for seat, token in ((0, table["token"]), (2, ben)):
                reply, refusals = await hello_when_served(b, code, token)
                now, then = reply["state"], states[seat]
                for key in ("hand", "trick", "tricks_played", "to_move", "your_turn", "phase", "choices", "scores"):
                    assert now[key] == then[key], (seat, key)
                told.append(refusals)
            clients = await seated(b, code, {0: table["token"], 2: ben}, watch=False)
            moves = await play_out(clients)
            for c in clients.values():
                await c.close()
            return moves
        moves = asyncio.run(on_b())
        assert moves, "the people played on at b"
        assert told[0] >= 1, "b waited for a's lease to run out (a was killed just now)"
        assert _entry_count(url, code) > written
        status, lobby = api("GET", f"{b.base_url}/api/tables/{code}")
        assert status == 200 and lobby["seats"][2]["name"] == "Ben"
        log = json.dumps(b.output())
        assert "Traceback" not in log, b.output()[-3000:]
    finally:
        a.stop()
        b.stop()


def test_a_process_whose_lease_ran_out_writes_nothing_and_reads_the_table_back(postgres):
    """In process, two servers on one database with half-second leases and no renewals (as if both
    stalled): the first's lease runs out, the second takes the table and seats Ben; the first is
    refused a write (nothing changes) and lets the table go; taking it again once the second's
    lease has run out, it reads Ben's seat back."""
    from maw_server.app import Refused, Server, Settings
    from maw_server.table import Table, new_token
    url = fresh_url(postgres)

    async def run():
        a, b = Server(Settings(db=url, owner="a")), Server(Settings(db=url, owner="b"))
        a.owner.seconds = b.owner.seconds = 0.5
        a.owner.margin = b.owner.margin = 0.1
        config = Table.configure({"variant": "spoil-five", "players": 3})
        table = Table("WAKE22", config)
        a.store.add_table(table.code, config, None)
        assert a.owner.claim(table.code)
        a.tables[table.code] = table
        await a.commit(table, {"op": "join", "seat": 0, "name": "Ann", "token": new_token()[1], "host": True})
        await asyncio.sleep(0.7)
        at_b = b.get("wake22")
        assert at_b is not table and at_b.seats[0].name == "Ann", "b read the table back from its record"
        await b.commit(at_b, {"op": "join", "seat": 1, "name": "Ben", "token": new_token()[1]})
        with pytest.raises(Refused) as refused:
            await a.commit(table, {"op": "join", "seat": 2, "name": "Cal", "token": new_token()[1]})
        assert refused.value.status == 503 and table.entries == 1 and table.seats[2].kind == "open"
        # Asked for the table now, a finds its lease gone to b, which is live: a lets the table go.
        with pytest.raises(Refused):
            a.get("WAKE22")
        assert "WAKE22" not in a.tables
        await asyncio.sleep(0.7)        # b stalls in turn; a takes the table back, Ben's seat with it
        again = a.get("WAKE22")
        assert again.entries == 2 and again.seats[1].name == "Ben"
        # A lease a itself let lapse, nobody else having taken it: the same table, nothing read back.
        a.owner._until["WAKE22"] = 0.0
        assert a.get("WAKE22") is again and a.owner.holds("WAKE22")
        await a.commit(again, {"op": "join", "seat": 2, "name": "Cal", "token": new_token()[1]})
        assert [e["name"] for e in a.store.entries("WAKE22")] == ["Ann", "Ben", "Cal"]
        a.store.close()
        b.store.close()
    asyncio.run(run())
