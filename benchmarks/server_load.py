"""The table server under load: tables of people playing random legal actions over real sockets.
Prints figures; asserts nothing.

    .venv/bin/python benchmarks/server_load.py [--tables 200] [--seats 5] [--seconds 60] [--think 2]
                                               [--backend sqlite|postgres] [--processes 1|2]
                                               [--recover] [--host 127.0.0.1]

Starts the server itself (``python -m maw_server``, the API alone) on a free loopback port, with
SQLite, or with a throwaway PostgreSQL (tests/pgproc.py) shared by one or two server processes
(tables shared out between them as a load balancer hashing the code would). Opens ``--tables``
Spoil Five tables of ``--seats`` people each (every seat a socket: 200 tables of 5 are 1,000
connections), starts them, and for ``--seconds`` each table's people play: every ``--think``
seconds on average (at random, 0.5 to 1.5 times it) the seat to move sends a random legal action
read from its own state (a legal card of its hand, or one of its choices); at the end of a deal
the host asks for the next. Measured:

* an action's **round trip**: from sending ``act`` to the actor's own acknowledgement, to its own
  pushed state, and to the last of the table's pushes (every seat told): p50, p95, p99, max;
* the server's **memory**: its resident set before the tables are opened and after play, and the
  difference per table;
* with ``--recover``: the server **killed with SIGKILL** and started again (SQLite), or one of the
  two processes killed (PostgreSQL): the time until every table answers a seat's ``hello`` again
  (the clients knocking again at once, as the page's bridge does after its first half second).

Bounded: at most 2,000 tables, 10 seats, 600 seconds of play; loopback only (it refuses any other
host: it is not a tool for loading someone else's server). The load generator runs on the same
machine as the server and takes CPU from it: the figures are what this machine does with both.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import random
import resource
import socket
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from pgproc import postgres_server  # noqa: E402
from serverproc import ServerProcess  # noqa: E402

import websockets  # noqa: E402

MAX_TABLES, MAX_SEATS, MAX_SECONDS = 2000, 10, 600
NAMES = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def loopback_only(host: str) -> str:
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except OSError:
        raise SystemExit(f"server_load: cannot resolve {host!r}")
    if not addresses or not all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses):
        raise SystemExit(f"server_load: {host!r} is not a loopback address: this load generator only "
                         "loads a server on this machine")
    return host


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (its own, not its children's)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def http(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def percentiles(samples: list) -> dict:
    if not samples:
        return {"n": 0}
    s = sorted(samples)

    def at(q):
        return round(1000 * s[min(len(s) - 1, int(q * len(s)))], 1)
    return {"n": len(s), "p50_ms": at(0.50), "p95_ms": at(0.95), "p99_ms": at(0.99),
            "max_ms": round(1000 * s[-1], 1), "mean_ms": round(1000 * statistics.fmean(s), 1)}


class Seat:
    """One person's socket: replies by id, the latest pushed state, a count of pushes."""

    def __init__(self, url: str, token: str):
        self.url, self.token = url, token
        self.pending: dict = {}
        self.state = None
        self.updates = 0
        self.changed = asyncio.Event()
        self.next_id = 0
        self.ws = None

    async def open(self):
        self.ws = await websockets.connect(self.url, max_size=2 ** 22, open_timeout=60, ping_interval=None)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        reply = await self.ask("hello", token=self.token)
        if not reply.get("ok"):
            raise RuntimeError(f"hello refused: {reply}")
        self.state = reply["state"]
        return self

    async def _read(self):
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                message = json.loads(raw)
                if "push" in message:
                    if message["push"] == "update":
                        self.state = message["state"]
                        self.updates += 1
                else:
                    future = self.pending.pop(message.get("id"), None)
                    if future is not None and not future.done():
                        future.set_result(message)
                self.changed.set()
        for future in self.pending.values():
            if not future.done():
                future.set_result({"ok": False, "error": "closed"})

    async def ask(self, op, timeout=60, **fields):
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        await self.ws.send(json.dumps({"id": self.next_id, "op": op, **fields}))
        return await asyncio.wait_for(future, timeout)

    async def wait_updates(self, count, timeout=30):
        async def loop():
            while self.updates < count:
                self.changed.clear()
                await self.changed.wait()
        await asyncio.wait_for(loop(), timeout)

    async def close(self):
        with contextlib.suppress(Exception):
            await self.ws.close()


def legal_actions(state) -> list:
    cards = [c["code"] for c in state.get("hand") or () if c.get("legal")]
    choices = [c["action"] for c in state.get("choices") or ()]
    return cards + choices


class Figures:
    def __init__(self):
        self.ack, self.own, self.all = [], [], []
        self.actions = self.refused = self.deals = self.errors = 0
        self.refusals: dict = {}          # what the refusals said (their first words), how often


async def play_table(seats: list, figures: Figures, think: float, until: float, rng: random.Random):
    host = seats[0]
    while time.monotonic() < until:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if time.monotonic() >= until:
            return
        try:
            if host.state["phase"] == "over":
                before = [s.updates for s in seats]
                reply = await host.ask("next")
                if not reply.get("ok") and "next_game" in reply.get("error", ""):
                    reply = await host.ask("next_game")
                if reply.get("ok"):
                    figures.deals += 1
                    await asyncio.gather(*(s.wait_updates(b + 1) for s, b in zip(seats, before)))
                continue
            movers = [s for s in seats if s.state.get("your_turn")]
            if not movers:
                await asyncio.sleep(0.05)
                continue
            # A seat deciding whether to rob goes first: the others' leads wait for it, unseen.
            seat = min(movers, key=lambda s: s.state["phase"] == "play")
            action = rng.choice(legal_actions(seat.state))
            before = [s.updates for s in seats]
            sent = time.perf_counter()
            reply = await seat.ask("act", action=action)
            acked = time.perf_counter()
            if not reply.get("ok"):
                figures.refused += 1
                words = str(reply.get("error"))[:50]
                figures.refusals[words] = figures.refusals.get(words, 0) + 1
                continue
            await seat.wait_updates(before[seats.index(seat)] + 1)
            own = time.perf_counter()
            await asyncio.gather(*(s.wait_updates(b + 1) for s, b in zip(seats, before)))
            done = time.perf_counter()
            figures.actions += 1
            figures.ack.append(acked - sent)
            figures.own.append(own - sent)
            figures.all.append(done - sent)
        except (asyncio.TimeoutError, websockets.ConnectionClosed, KeyError):
            figures.errors += 1
            await asyncio.sleep(1)


def open_tables(bases: list, count: int, players: int) -> list:
    """Open ``count`` tables (table k on process k mod len(bases)) and seat a person at every seat."""
    def one(k):
        base = bases[k % len(bases)]
        status, made = http("POST", base + "/api/tables", {"variant": "spoil-five", "players": players,
                                                          "name": NAMES[0], "seat": 0})
        if status != 201:
            raise RuntimeError(f"opening a table: {status} {made}")
        tokens = [made["token"]]
        for seat in range(1, players):
            status, joined = http("POST", f"{base}/api/tables/{made['code']}/seats", {"seat": seat, "name": NAMES[seat]})
            if status != 200:
                raise RuntimeError(f"taking a seat: {status} {joined}")
            tokens.append(joined["token"])
        return {"code": made["code"], "base": base, "tokens": tokens}
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(one, range(count)))


def socket_url(base: str, code: str) -> str:
    return base.replace("http://", "ws://") + f"/api/tables/{code}/socket"


async def seat_everyone(tables: list) -> list:
    out = []
    # In batches, so that a thousand handshakes do not all queue at once.
    for start in range(0, len(tables), 20):
        batch = tables[start:start + 20]
        seated = await asyncio.gather(*(asyncio.gather(*(Seat(socket_url(t["base"], t["code"]), tok).open()
                                                         for tok in t["tokens"])) for t in batch))
        out += [list(s) for s in seated]
    for seats in out:
        before = [s.updates for s in seats]
        reply = await seats[0].ask("start")
        if not reply.get("ok"):
            raise RuntimeError(f"start refused: {reply}")
        await asyncio.gather(*(s.wait_updates(b + 1) for s, b in zip(seats, before)))
    return out


async def every_table_answers(tables: list, base_of, limit: float) -> dict:
    """Say hello to every table (seat 0) at ``base_of(table)``, knocking again at once while it is
    refused or not up; returns when each first answered (seconds from now)."""
    started = time.monotonic()
    answered = {}

    async def one(t):
        url = socket_url(base_of(t), t["code"])
        while time.monotonic() - started < limit:
            try:
                async with websockets.connect(url, max_size=2 ** 22, open_timeout=10, ping_interval=None) as ws:
                    await ws.send(json.dumps({"id": 1, "op": "hello", "token": t["tokens"][0]}))
                    while True:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                        if message.get("id") == 1 and message.get("ok"):
                            answered[t["code"]] = time.monotonic() - started
                            return
            except (OSError, asyncio.TimeoutError, websockets.WebSocketException):
                await asyncio.sleep(0.1)
    await asyncio.gather(*(one(t) for t in tables))
    times = sorted(answered.values())
    return {"tables": len(tables), "answered": len(times),
            "first_s": round(times[0], 2) if times else None,
            "median_s": round(times[len(times) // 2], 2) if times else None,
            "all_s": round(times[-1], 2) if len(times) == len(tables) else None}


def start_servers(directory: Path, url: str | None, processes: int, host: str) -> list:
    servers = []
    for k in range(processes):
        extra = ["--max-tables", str(MAX_TABLES + 10), "--max-connections", str(MAX_TABLES * MAX_SEATS + 100),
                 "--opens-per-minute", "1000000", "--rate", "50", "--burst", "100"]
        if url is not None:
            extra += ["--owner", f"load-{k}"]
        server = ServerProcess(directory, None, extra)
        server.log = directory / f"server-{k}.log"
        if url is not None:
            server.db = url
        servers.append(server.start())
    return servers


async def run(args, servers: list) -> dict:
    out = {"tables": args.tables, "seats": args.seats, "connections": args.tables * args.seats,
           "think_s": args.think, "seconds": args.seconds, "backend": args.backend, "processes": args.processes,
           "cpus": os.cpu_count(), "load_before": round(os.getloadavg()[0], 1)}
    rss_before = [rss_kb(s.proc.pid) for s in servers]
    t0 = time.monotonic()
    tables = await asyncio.to_thread(open_tables, [s.base_url for s in servers], args.tables, args.seats)
    out["open_s"] = round(time.monotonic() - t0, 1)
    t0 = time.monotonic()
    seated = await seat_everyone(tables)
    out["seat_and_start_s"] = round(time.monotonic() - t0, 1)
    figures = Figures()
    cpu_before = [cpu_seconds(s.proc.pid) for s in servers]
    own_before = time.process_time()
    until = time.monotonic() + args.seconds
    rng = random.Random(args.seed)
    await asyncio.gather(*(play_table(seats, figures, args.think, until, random.Random(rng.random()))
                           for seats in seated))
    out["actions"], out["refused"], out["errors"], out["next_deals"] = \
        figures.actions, figures.refused, figures.errors, figures.deals
    out["refusals"] = figures.refusals
    out["actions_per_s"] = round(figures.actions / args.seconds, 1)
    server_cpu = sum(cpu_seconds(s.proc.pid) for s in servers) - sum(cpu_before)
    # The machine's other work shows in the wall clock, not in a process's own CPU time: the
    # server's CPU per action says what an idle machine could carry (one process uses one core).
    out["server_cpu_s"] = round(server_cpu, 1)
    out["server_cpu_ms_per_action"] = round(1000 * server_cpu / max(1, figures.actions), 1)
    out["load_generator_cpu_s"] = round(time.process_time() - own_before, 1)
    out["round_trip_ack"] = percentiles(figures.ack)
    out["round_trip_own_push"] = percentiles(figures.own)
    out["round_trip_every_seat"] = percentiles(figures.all)
    rss_after = [rss_kb(s.proc.pid) for s in servers]
    out["rss_mb_before"] = [round(r / 1024, 1) for r in rss_before]
    out["rss_mb_after"] = [round(r / 1024, 1) for r in rss_after]
    out["kb_per_table"] = round((sum(rss_after) - sum(rss_before)) / args.tables, 1)
    out["load_after"] = round(os.getloadavg()[0], 1)
    for seats in seated:
        for s in seats:
            await s.close()
    if args.recover:
        victim = servers[0]
        victim.kill()
        if len(servers) == 1:
            victim.start_timer = time.monotonic()
            starting = asyncio.create_task(asyncio.to_thread(victim.start))
            answered = await every_table_answers(tables, lambda t: victim.base_url, 120)
            await starting
            out["recover_after_kill_9"] = answered
            with contextlib.suppress(Exception):
                line = [x for x in victim.output().splitlines() if "replayed" in x][-1]
                out["recover_server_says"] = line
        else:
            orphans = [t for t in tables if t["base"] == victim.base_url]
            answered = await every_table_answers(orphans, lambda t: servers[1].base_url, 120)
            out["takeover_after_kill_9"] = answered
            out["rss_mb_survivor_after_takeover"] = round(rss_kb(servers[1].proc.pid) / 1024, 1)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=5, help="people a table (every seat a socket)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=2.0, help="seconds between a table's actions, on average")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--recover", action="store_true", help="kill -9 a server and time the tables' return")
    parser.add_argument("--host", default="127.0.0.1", help="loopback only")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = parser.parse_args(argv)
    loopback_only(args.host)
    if args.host not in ("127.0.0.1", "localhost"):
        raise SystemExit("server_load: the server is started on 127.0.0.1")
    if not (1 <= args.tables <= MAX_TABLES and 2 <= args.seats <= MAX_SEATS and 0 < args.seconds <= MAX_SECONDS):
        raise SystemExit(f"server_load: at most {MAX_TABLES} tables of 2 to {MAX_SEATS} seats, "
                         f"for at most {MAX_SECONDS} s")
    if args.processes == 2 and args.backend != "postgres":
        raise SystemExit("server_load: two processes share the tables through PostgreSQL (--backend postgres)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, 4 * args.tables * args.seats + 1000)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    with tempfile.TemporaryDirectory(prefix="maw-load-") as directory, contextlib.ExitStack() as stack:
        url = None
        if args.backend == "postgres":
            url = stack.enter_context(postgres_server(["max_connections=50"]))
        servers = start_servers(Path(directory), url, args.processes, args.host)
        try:
            figures = asyncio.run(run(args, servers))
        finally:
            for s in servers:
                s.stop()
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:32} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
