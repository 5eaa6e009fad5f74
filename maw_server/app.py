"""The table server: the HTTP API, the tables' socket and the built site, as one Starlette app.

Every change of a table is an entry (:mod:`maw_server.table`) applied to the table, then written
to the store (:mod:`maw_server.store`) and only then acknowledged and pushed to the table's
connections, each connection getting its own seat's state (:mod:`maw_server.projection`) and the
events in its own words. A refused request changes nothing. Bots' moves are entries like any other.

The protocol is written out in :mod:`maw_server.protocol`, which checks what clients send.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import ownership, protocol
from maw_sim.words import counted

from .projection import state_for
from .protocol import ProtocolError
from .static import StaticSite
from .table import SERVER_BOTS, Table, TableError, bot_label, check_name, new_code, new_token, normal_code

log = logging.getLogger("maw_server")
VERSION = 1


@dataclass
class Settings:
    db: Path | str                    # a SQLite file, or a postgresql:// URL (several processes)
    directory: Path | None = None
    max_tables: int = 2000            # open tables (lobby or playing)
    max_connections: int = 5000       # sockets, all tables together
    max_table_connections: int = 40   # sockets at one table (seats and spectators)
    idle_seconds: float = 6 * 3600    # a table nobody touches for this long is closed (record kept)
    reap_every: float = 60.0
    rate: float = 20.0                # messages a second, per connection
    burst: float = 40.0
    test_deals: bool = False          # tests only: a table's first deal may be chosen ("deal")
    silent_wait: float = 60.0         # how long a lead waits for a silent decision to rob
    opens_per_minute: float = 60.0    # tables, seats and classes opened from one address
    opens_burst: float = 120.0
    owner: str | None = None          # this process's name in a shared store's leases (maw_server.ownership)


class Refused(Exception):
    """An HTTP or socket request refused: words, status, and the rule id where a rule refused it."""

    def __init__(self, words: str, status: int = 400, rule: str | None = None):
        super().__init__(words)
        self.words, self.status, self.rule = words, status, rule


def _error(words: str, status: int = 400, rule=None) -> JSONResponse:
    return JSONResponse({"ok": False, "error": words, "rule": rule}, status_code=status)


#: Messages waiting to go to one socket: a client that stops reading is cut off past this, so that
#: it never holds up its table (every push is queued, never awaited by the table).
MAX_QUEUED = 500


class Connection:
    def __init__(self, ws: WebSocket, rate: float, burst: float):
        self.ws = ws
        self.outbox = asyncio.Queue()
        self.cut_off = False
        self.seat = None          # a seat number once hello'd with a token
        self.watching = False
        self.hello = False
        self.tokens, self.rate, self.burst = burst, rate, burst
        self.stamp = time.monotonic()
        self.refused_in_a_row = 0

    @property
    def key(self):
        return self.seat

    def put(self, text: str) -> None:
        if self.cut_off:
            return
        if self.outbox.qsize() >= MAX_QUEUED:
            self.cut_off = True
            asyncio.get_running_loop().create_task(self._cut_off())
            return
        self.outbox.put_nowait(text)

    async def _cut_off(self):
        with contextlib.suppress(Exception):
            await self.ws.close(code=1008, reason="not reading its messages")

    async def write(self) -> None:
        """Send what is queued, in order (replies and pushes alike)."""
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            try:
                await self.ws.send_text(text)
            except Exception:      # a socket gone: its reading loop notices and cleans up
                return

    def allow(self) -> bool:
        """The per-connection rate limit: a bucket of ``burst`` messages refilled at ``rate`` a second."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Server:
    """The tables in memory, their store, their connections."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.store = ownership.open_store(settings.db)
        self.owner = ownership.ownership_for(self.store, settings.owner)
        self.tables: dict = {}            # open tables by code
        self.ended: dict = {}             # ended tables replayed on demand (a few, most recent)
        self.locks: dict = {}
        self.changed: dict = {}           # code -> asyncio.Event set at each change
        self.connections: dict = {}       # code -> set of Connection
        self.connection_count = 0
        self.bot_tasks: dict = {}
        self.opened: dict = {}            # client address -> (allowance, when): tables, seats, classes

    def allow_open(self, request) -> None:
        """The per-address limit on opening tables, taking seats and making classes (a room of
        phones behind one address stays well inside it; a script opening thousands does not)."""
        address = request.client.host if request.client else "?"
        rate, burst = self.settings.opens_per_minute / 60, self.settings.opens_burst
        now = time.monotonic()
        allowance, when = self.opened.get(address, (burst, now))
        allowance = min(burst, allowance + (now - when) * rate)
        if allowance < 1:
            raise Refused(f"too many tables, seats or classes opened from one address: at most "
                          f"{self.settings.opens_per_minute:g} a minute; wait a moment", 429)
        if len(self.opened) > 10_000:
            self.opened.clear()
        self.opened[address] = (allowance - 1, now)

    # -- loading and replaying ------------------------------------------------------------------------
    def replay(self, code: str) -> Table | None:
        row = self.store.table(code)
        if row is None:
            return None
        table = Table(code, row["config"], row["class"])
        for number, entry in enumerate(self.store.entries(code)):
            try:
                table.apply(entry)
            except TableError as exc:
                # A record the engine refuses (edited by hand?): the table stops at the last good entry.
                log.error("table %s: entry %d refused on replay (%s): the table is ended there", code, number,
                          type(exc).__name__)
                table.status = "ended"
                break
        return table

    def load(self) -> int:
        started = time.monotonic()
        for code in self.owner.to_load(self.store.open_tables()):
            table = self.replay(code)
            if table.status == "ended":
                self.store.set_status(code, "ended")
                continue
            self.tables[code] = table
        log.info("replayed %d open tables in %.2f s", len(self.tables), time.monotonic() - started)
        return len(self.tables)

    def get(self, code) -> Table:
        written = normal_code(code)
        if written is None:
            raise Refused("a table code is 6 letters and digits (no 0, O, 1, I or L)", 404)
        table = self.tables.get(written)
        if table is not None and not self.owner.holds(written):
            # Our lease ran out (a shared store): ours again, read back, or served elsewhere now.
            if not self.owner.claim(written):
                self.tables.pop(written, None)
                raise Refused(f"table {written} is served by another server process now: try again", 503)
            fresh = self.replay(written)
            if fresh is not None and fresh.entries != table.entries:     # another process wrote meanwhile
                self._swap(table, fresh)
        table = table or self.ended.get(written)
        if table is None:
            row = self.store.table(written) if self.owner.shared else None
            if row is not None and row["status"] == "open" and not self.owner.claim(written):
                raise Refused(f"table {written} is served by another server process: try again in a moment", 503)
            table = self.replay(written)
            if table is None:
                raise Refused(f"no table {written}: check the code", 404)
            if table.status != "ended":      # open in the store but not in memory: taken over
                self.tables[written] = table
                if table.bot_to_move() is not None:
                    self.schedule_bots(table)
            else:
                if len(self.ended) >= 64:
                    self.ended.pop(next(iter(self.ended)))
                self.ended[written] = table
        return table

    def lock(self, code) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    # -- committing: apply, store, then acknowledge and push -----------------------------------------
    async def commit(self, table: Table, entry: dict, ack=None) -> None:
        """Apply an entry (refused: TableError, nothing changed), store it, then acknowledge it
        (``ack``: a connection and its reply, sent before the pushes) and push to every connection."""
        if not self.owner.holds(table.code):
            raise Refused("this table has moved to another server process: reconnect", 503)
        number = table.entries
        try:
            table.apply(entry)
        except TableError as exc:
            raise Refused(exc.words, exc.status, exc.rule) from None
        if entry["op"] == "act":
            entry["action"] = table.deal.history[-1][1]     # as the engine writes it
        try:
            # In a thread: the disk's flush (synchronous=FULL) holds up this table only (its lock
            # is held), never the others. Readers of the table take the lock too (hello, state).
            await asyncio.to_thread(self._store, table, number, entry)
        except Exception as exc:
            # Not stored, so not done: the table goes back to its record.
            log.error("table %s: entry %d not stored (%s)", table.code, number, type(exc).__name__)
            fresh = self.replay(table.code)
            if fresh is not None:
                self._swap(table, fresh)
            raise Refused("the table could not be saved just now: try again", 503) from None
        event = self.changed.pop(table.code, None)
        if event is not None:
            event.set()
        if ack is not None:
            await self.send(*ack)
        await self.push(table)
        if table.status == "ended":
            self.tables.pop(table.code, None)
            self.bot_tasks.pop(table.code, None)
            await asyncio.to_thread(self.owner.release, table.code)
        elif table.bot_to_move() is not None:
            self.schedule_bots(table)

    def _store(self, table: Table, number: int, entry: dict) -> None:
        self.store.append(table.code, number, entry)
        if table.status == "ended":
            self.store.set_status(table.code, "ended")

    def _swap(self, table: Table, fresh: Table) -> None:
        connected = [s.connected for s in table.seats]
        table.__dict__.update(fresh.__dict__)
        for s, n in zip(table.seats, connected):
            s.connected = n

    def change_event(self, code: str) -> asyncio.Event:
        return self.changed.setdefault(code, asyncio.Event())

    async def push(self, table: Table) -> None:
        conns = list(self.connections.get(table.code, ()))
        told, states = {}, {}
        for conn in conns:
            if not conn.hello:
                continue
            key = conn.key
            if key not in told:
                told[key] = table.take_events(key)
            skey = (key, self.is_host(table, conn))
            if skey not in states:
                states[skey] = state_for(table, key, skey[1])
            message = {"push": "update", "state": states[skey], "events": told[key], "lobby": table.lobby()}
            await self.send(conn, message)

    async def send(self, conn: Connection, message: dict) -> None:
        conn.put(json.dumps(message, ensure_ascii=False))

    def is_host(self, table: Table, conn: Connection) -> bool:
        return conn.seat is not None and table.seats[conn.seat].host

    # -- bots -------------------------------------------------------------------------------------------
    def schedule_bots(self, table: Table) -> None:
        task = self.bot_tasks.get(table.code)
        if task is None or task.done():
            self.bot_tasks[table.code] = asyncio.get_running_loop().create_task(self.run_bots(table))

    async def run_bots(self, table: Table) -> None:
        from .table import MAX_BOT_MOVES
        for _ in range(MAX_BOT_MOVES):
            seat = table.bot_to_move()
            if seat is None:
                return
            before = table.entries
            view = table.deal.view(seat)
            decide = table.bot_decision_from(view, seat)
            action = await asyncio.to_thread(decide)
            async with self.lock(table.code):
                if table.entries != before or table.bot_to_move() != seat:
                    continue          # the table moved on while the bot thought (the host took the seat back)
                try:
                    await self.commit(table, {"op": "act", "seat": seat, "action": action, "bot": True})
                except Refused as exc:
                    log.error("table %s: a bot's move was refused (%s): an engine bug", table.code, exc.rule)
                    return
        log.error("table %s: the bots made %d moves without finishing", table.code, MAX_BOT_MOVES)

    # -- the reaper -----------------------------------------------------------------------------------
    async def reap(self) -> None:
        while True:
            await asyncio.sleep(self.settings.reap_every)
            await self.close_idle()

    async def close_idle(self) -> int:
        now, closed = time.time(), 0
        for code, table in list(self.tables.items()):
            if now - table.last_active < self.settings.idle_seconds or self.connections.get(code):
                continue
            async with self.lock(code):
                if table.status != "ended":
                    with contextlib.suppress(Refused):
                        await self.commit(table, {"op": "close", "why": "idle"})
                        closed += 1
        return closed


# -- HTTP ------------------------------------------------------------------------------------------------

async def _body(request: Request, allowed: tuple, what: str) -> dict:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > protocol.MAX_MESSAGE:
            raise Refused(f"the body is too long (at most {protocol.MAX_MESSAGE:,} bytes)", 413)
    try:
        body = protocol.read_json(data or b"{}", "body")
        return protocol.check_fields(body, allowed, what)
    except ProtocolError as exc:
        raise Refused(str(exc)) from None


def _seat_number(value, players: int) -> int:
    if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players):
        raise Refused(f"seat must be a number from 0 to {players - 1}")
    return value


#: Names the table gives seats itself: a person may not take one ("Bot 3 (Book player)", "You").
_TABLE_WORDS = re.compile(r"(you|(bot|seat) \d+.*)", re.IGNORECASE)


def _check_name_free(table: Table, name: str) -> None:
    if _TABLE_WORDS.fullmatch(name):
        raise Refused(f"{name!r} would be mistaken for the table's own names (You, Bot N, Seat N): choose another")
    taken = {s.name.casefold() for s in table.seats if s.token_hash is not None}
    if name.casefold() in taken:
        raise Refused(f"someone at this table is already called {name!r}: choose another name", 409)


def make_app(settings: Settings) -> Starlette:
    server = Server(settings)

    def api(handler):
        async def wrapped(request):
            try:
                return await handler(request)
            except Refused as exc:
                return _error(exc.words, exc.status, exc.rule)
            except TableError as exc:
                return _error(exc.words, exc.status, exc.rule)
        return wrapped

    @api
    async def about(request):
        return JSONResponse({"server": "maw", "version": VERSION,
                             "bots": [{"name": b, "label": bot_label(b)} for b in SERVER_BOTS],
                             "limits": {"message": protocol.MAX_MESSAGE, "rate": settings.rate,
                                        "burst": settings.burst, "tables": settings.max_tables,
                                        "connections": settings.max_connections,
                                        "idle_seconds": settings.idle_seconds,
                                        "opens_per_minute": settings.opens_per_minute}})

    @api
    async def create_table(request):
        fields = protocol.CREATE_FIELDS + (("deal",) if settings.test_deals else ())
        body = await _body(request, fields, "a new table")
        server.allow_open(request)
        if len(server.tables) >= settings.max_tables:
            raise Refused(f"the server holds as many tables as it may ({settings.max_tables:,}): "
                          "try again when one has ended", 503)
        class_code = body.get("class")
        if class_code not in (None, ""):
            class_code = normal_code(class_code)
            if class_code is None or not server.store.has_class(class_code):
                raise Refused("no such class code: check it with your teacher", 404)
        else:
            class_code = None
        name = check_name(body.get("name"))
        if _TABLE_WORDS.fullmatch(name):
            raise Refused(f"{name!r} would be mistaken for the table's own names (You, Bot N, Seat N): choose another")
        config = Table.configure(body, allow_chosen_deal=settings.test_deals)
        seat = _seat_number(body.get("seat", 0), config["players"])
        for _ in range(20):
            code = new_code()
            if server.store.table(code) is None:
                break
        table = Table(code, config, class_code)
        server.store.add_table(code, config, class_code)
        server.owner.claim(code)
        server.tables[code] = table
        token, token_hash = new_token()
        async with server.lock(code):
            await server.commit(table, {"op": "join", "seat": seat, "name": name, "token": token_hash, "host": True})
        return JSONResponse({"ok": True, "code": code, "seat": seat, "token": token}, status_code=201)

    @api
    async def lobby(request):
        table = server.get(request.path_params["code"])
        return JSONResponse(table.lobby())

    @api
    async def join(request):
        table = server.get(request.path_params["code"])
        body = await _body(request, protocol.JOIN_FIELDS, "taking a seat")
        server.allow_open(request)
        seat = _seat_number(body.get("seat"), table.players)
        name = check_name(body.get("name"))
        _check_name_free(table, name)
        token, token_hash = new_token()
        async with server.lock(table.code):
            await server.commit(table, {"op": "join", "seat": seat, "name": name, "token": token_hash})
        return JSONResponse({"ok": True, "seat": seat, "token": token})

    @api
    async def qr(request):
        import segno
        table = server.get(request.path_params["code"])
        link = f"{request.base_url}play/{table.variant.id}.html?table={table.code}"
        out = io.BytesIO()
        segno.make(link, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                          title=f"Join table {table.code}")
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    @api
    async def create_class(request):
        await _body(request, (), "a new class")
        server.allow_open(request)
        for _ in range(20):
            code = new_code()
            if not server.store.has_class(code):
                break
        token, token_hash = new_token()
        server.store.add_class(code, token_hash)
        return JSONResponse({"ok": True, "class": code, "token": token}, status_code=201)

    def class_tables(request) -> list:
        code = normal_code(request.path_params["class"])
        if code is None or not server.store.has_class(code):
            raise Refused("no such class code", 404)
        # Read, not taken over: another process may serve some of the class's tables.
        return [server.tables.get(t) or server.replay(t) if server.owner.shared else server.get(t)
                for t in server.store.class_tables(code)]

    @api
    async def class_view(request):
        tables = class_tables(request)
        out = []
        for t in tables:
            scores = None
            if t.match is not None:
                scores = ({"kind": "pool", "pool": t.match.pool, "chips": list(t.match.chips)}
                          if t.variant.scoring_kind == "pool" else
                          {"kind": "points", "scores": list(t.match.scores)})
            to_move = t.public_to_move()
            out.append({"code": t.code, "variant": {"id": t.variant.id, "name": t.variant.name},
                        "players": [t.seat_name(k) for k in range(t.players)], "seats": t.seat_list(),
                        "status": t.status, "deal_number": t.deal_number, "scores": scores,
                        "to_move": to_move, "to_move_name": None if to_move is None else t.seat_name(to_move),
                        "finished_deals": t.finished_deals(), "games": t.games,
                        "free_words": _free_words(t)})
        return JSONResponse({"class": normal_code(request.path_params["class"]), "tables": out,
                             "count_words": counted(len(out), "table")})

    @api
    async def class_records(request):
        tables = class_tables(request)
        texts = [t.full_record_text() for t in tables if t.match is not None]
        body = "\n\n".join(x for x in texts if x) + "\n"
        code = normal_code(request.path_params["class"])
        return Response(body, media_type="text/plain; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="class-{code}.maw"'})

    async def socket(ws: WebSocket):
        await serve_socket(server, ws)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        server.load()
        loop = asyncio.get_running_loop()
        for table in server.tables.values():
            if table.bot_to_move() is not None:
                server.schedule_bots(table)
        reaper = loop.create_task(server.reap())
        keeper = loop.create_task(ownership.keep(server))
        yield
        reaper.cancel()
        keeper.cancel()
        await asyncio.to_thread(server.owner.release_all)
        server.store.close()

    routes = [
        Route("/api/server", about),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{code}", lobby),
        Route("/api/tables/{code}/seats", join, methods=["POST"]),
        Route("/api/tables/{code}/qr.svg", qr),
        WebSocketRoute("/api/tables/{code}/socket", socket),
        Route("/api/classes", create_class, methods=["POST"]),
        Route("/api/classes/{class}", class_view),
        Route("/api/classes/{class}/records.maw", class_records),
    ]

    async def no_api(request):
        return _error("no such API: see GET /api/server", 404)
    routes.append(Route("/api/{rest:path}", no_api, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]))
    if settings.directory is not None:
        routes.append(Mount("/", app=StaticSite(settings.directory)))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


# -- the socket ------------------------------------------------------------------------------------------

def _origin_ok(ws: WebSocket) -> bool:
    """A browser's Origin must name this host (no other site's page may drive a seat); clients
    that send none (not a browser) pass."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/").lower() == host.lower()


async def serve_socket(server: Server, ws: WebSocket) -> None:
    settings = server.settings
    if not _origin_ok(ws):
        await ws.close(code=1008, reason="wrong origin")
        return
    try:
        table = server.get(ws.path_params["code"])
    except Refused as exc:
        if exc.status == 503:       # served by another process just now: the client tries again
            await ws.accept()       # (a close before the accept is only an HTTP 403 to the client)
            await ws.close(code=1013, reason="the table is moving between server processes: try again")
        else:
            await ws.close(code=1008, reason="no such table")
        return
    if server.connection_count >= settings.max_connections or \
            len(server.connections.get(table.code, ())) >= settings.max_table_connections:
        await ws.close(code=1013, reason="too many connections: try again later")
        return
    await ws.accept()
    conn = Connection(ws, settings.rate, settings.burst)
    writer = asyncio.get_running_loop().create_task(conn.write())
    server.connection_count += 1
    server.connections.setdefault(table.code, set()).add(conn)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text")
            if data is None:
                data = message.get("bytes")
            reply = await _answer(server, table, conn, data)
            if reply is not None:
                await server.send(conn, reply)
            if conn.refused_in_a_row > 200:
                await ws.close(code=1008, reason="too many refused messages")
                break
    except WebSocketDisconnect:
        pass
    finally:
        conn.outbox.put_nowait(None)
        writer.cancel() if conn.cut_off else None
        server.connection_count -= 1
        server.connections.get(table.code, set()).discard(conn)
        if conn.seat is not None:
            table.seats[conn.seat].connected -= 1
            async with server.lock(table.code):
                await server.push(table)


async def _answer(server: Server, table: Table, conn: Connection, data) -> dict | None:
    mid = None
    try:
        message = protocol.read_json(data, nested=False)      # bounded: 16 KB at most
        mid = protocol.message_id(message)          # so that even a refusal names its message
        if not conn.allow():
            raise Refused(f"too many messages: at most {server.settings.rate:g} a second "
                          f"(bursts of {server.settings.burst:g})", 429)
        protocol.check_depth(message)
        protocol.check_message(message)
        reply = await _dispatch(server, table, conn, message)
        conn.refused_in_a_row = 0
        return None if reply is None else {"id": mid, "ok": True, **reply}
    except ProtocolError as exc:
        conn.refused_in_a_row += 1
        return {"id": mid, "ok": False, "error": str(exc), "rule": None}
    except (Refused, TableError) as exc:
        conn.refused_in_a_row += 1
        return {"id": mid, "ok": False, "error": exc.words, "rule": exc.rule}
    except Exception as exc:         # a bug: said, never a card in the log line
        log.error("table %s: internal error (%s)", table.code, type(exc).__name__)
        return {"id": mid, "ok": False, "error": "internal error: the table is unchanged", "rule": None}


async def _dispatch(server: Server, table: Table, conn: Connection, message: dict) -> dict:
    op = message["op"]
    if op == "hello":
        if conn.hello:
            raise Refused("hello is said once, first")
        if message.get("watch"):
            seat = None
        else:
            seat = table.seat_of_token(message["token"])
            if seat is None:
                raise Refused("this token holds no seat at this table (stale or mistyped): take a seat again", 403)
        async with server.lock(table.code):
            conn.hello, conn.seat, conn.watching = True, seat, seat is None
            if seat is not None:
                table.seats[seat].connected += 1
            table.take_events(seat)          # the shared narrator is now up to date; hello tells it all
            host = server.is_host(table, conn)
            reply = {"seat": seat, "host": host, "state": state_for(table, seat, host),
                     "events": table.told_so_far(seat), "lobby": table.lobby()}
            if seat is not None:
                others = [c for c in server.connections.get(table.code, ()) if c is not conn]
                for other in others:
                    if other.hello:
                        await server.send(other, {"push": "lobby", "lobby": table.lobby()})
        return reply
    if not conn.hello:
        raise Refused("say hello first: {\"op\": \"hello\", \"token\": ...} or {\"op\": \"hello\", \"watch\": true}")
    if op == "state":
        async with server.lock(table.code):
            return {"state": state_for(table, conn.seat, server.is_host(table, conn)), "lobby": table.lobby()}
    if op == "record":
        async with server.lock(table.code):
            if table.deal is None:
                raise Refused("no deal yet: the host starts the table", 409)
            return {"record": table.record_text(conn.seat)}
    seat = conn.seat
    if seat is None:
        raise Refused(f"a spectator only watches: {op!r} is for a seat")
    if op in ("start", "seat", "end") and not table.seats[seat].host:
        what = {"start": "start the table", "end": "end the table", "seat": "give a seat to a bot or back"}[op]
        raise Refused(f"only the host may {what}", 403)
    if op == "explain":
        return _explain(table, seat, message["action"])
    if op == "act":
        return await _act(server, table, conn, message)
    entry = {"op": op}
    if op in ("start", "next", "next_game"):
        entry["seed"] = secrets.randbelow(2 ** 53)
    if op == "seat":
        entry.update(seat=message["seat"], to=message["to"])
    if op in ("next", "next_game") and table.seats[seat].kind != "person":
        raise Refused("a bot plays your seat now: ask the host to give it back", 403)
    async with server.lock(table.code):
        await server.commit(table, entry, ack=(conn, {"id": message["id"], "ok": True}))
    return None


def _turn_words(table: Table, seat: int):
    """None if the seat may act now (by its own view); else why not, in words from its view."""
    deal = table.deal
    if table.status != "playing" or deal is None:
        return "the table is not playing" + (": the host starts it" if table.status == "lobby" else "")
    if deal.phase == "over":
        return "the deal is over: ask for the next deal"
    to_move = deal.view(seat).to_move
    if to_move != seat:
        return f"it is {table.seat_name(to_move)}'s turn, not yours"
    return None


def _explain(table: Table, seat: int, action: str) -> dict:
    why = _turn_words(table, seat)
    if why is None and table.deal.to_move == seat:
        refusal = table.deal.refusal(action)
        return {"why": None if refusal is None else refusal.words, "rule": None if refusal is None else refusal.rule}
    return {"why": why or "wait a moment: the table is not ready for your move yet", "rule": None}


async def _act(server: Server, table: Table, conn: Connection, message: dict) -> None:
    seat, action = conn.seat, message["action"]
    if table.seats[seat].kind != "person":
        raise Refused("a bot plays your seat now: ask the host to give it back", 403)
    deadline = time.monotonic() + server.settings.silent_wait
    while True:
        why = _turn_words(table, seat)
        if why is not None:
            raise Refused(why, 409)
        if table.deal.to_move == seat:
            break
        # The seat's own view says it is to lead, but another seat is deciding, silently, whether
        # to rob: the lead waits for that decision (refusing it would tell of the decision).
        event = server.change_event(table.code)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise Refused("the table is waiting: play again in a moment", 409)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(event.wait(), remaining)
    async with server.lock(table.code):
        if table.deal.to_move != seat:
            raise Refused(_turn_words(table, seat) or "the table moved on: play again", 409)
        await server.commit(table, {"op": "act", "seat": seat, "action": action},
                            ack=(conn, {"id": message["id"], "ok": True}))
    return None


def _free_words(table) -> str | None:
    """The seats of a class's table nobody has taken yet, in words ("2 free seats"), or None."""
    free = sum(s.kind == "open" for s in table.seats)
    return counted(free, "free seat") if free else None
