"""The table server (maw_server) as a real process on a loopback port, spoken to over real sockets.

One server for the module (tests/serverproc.py), with its own database; the last test kills it
with SIGKILL and starts it again. ``--test-deals`` lets a test choose a table's first deal (the
swap test); everything else is the server as ``make serve`` runs it.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import sqlite3
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server extra: pip install -e '.[server]'")
import websockets  # noqa: E402

from serverproc import ROOT, ServerProcess  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
import serve as static_server  # noqa: E402

TIMEOUT = 30


# -- the server and a small site for it ------------------------------------------------------------

def _site(directory: Path) -> Path:
    """A site with the build's shapes of path: pages, the runtime under a version, the engine under
    its hash, a script asked for with ?v=, a snapshot already gzipped."""
    files = {
        "index.html": "<!doctype html><title>Maw</title>" + "<p>the family of Maw</p>" * 80,
        "play/spoil-five.html": "<!doctype html><title>Spoil Five</title>" + "<p>play</p>" * 200,
        "maw-sw.js": "self.addEventListener('fetch', () => {});\n" * 40,
        "_static/wheels/manifest.json": json.dumps({"build": "x" * 16, "pad": "y" * 2000}),
        "_static/maw/worker.js": "// the worker\n" * 200,
        "_static/pyodide/0.27.7/pyodide.mjs": "export const v = 1;\n" * 200,
        "_static/basic.css": "body { margin: 0 }\n" * 100,
        "_static/small.txt": "short",
    }
    for name, text in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (directory / "_static/pyodide/0.27.7/pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 64)
    (directory / "_static/wheels/0123456789abcdef").mkdir(parents=True)
    (directory / "_static/wheels/0123456789abcdef/maw_sim-0.1.0-py3-none-any.whl").write_bytes(b"PK" * 3000)
    (directory / "_static/wheels/0123456789abcdef/engine.snapshot.gz").write_bytes(gzip.compress(b"s" * 5000))
    return directory


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("server")
    site = _site(directory / "html")
    proc = ServerProcess(directory, site, ["--test-deals", "--max-tables", "14", "--max-connections", "40",
                                          "--opens-per-minute", "40"])
    proc.start()
    yield proc
    proc.stop()


# -- HTTP and socket clients ---------------------------------------------------------------------------

def http(method: str, url: str, body=None, headers=None):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as r:
            return r.status, r.headers, r.read()      # headers read case-insensitively
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def api(method: str, url: str, body=None):
    status, _, data = http(method, url, body)
    return status, json.loads(data)


def words_in(messages) -> set:
    """Every word of every string in ``messages`` (the raw JSON texts a client received), with the
    punctuation at its ends cut: a card is a word of its own ("rob 2C"), where a table code or a
    token that only contains its letters is one longer word."""
    words = set()

    def walk(x):
        if isinstance(x, str):
            words.update(w.strip(".,;:!?()[]'\"") for w in x.split())
        elif isinstance(x, dict):
            for key, value in x.items():
                walk(key)
                walk(value)
        elif isinstance(x, list):
            for value in x:
                walk(value)

    for message in messages:
        walk(json.loads(message) if isinstance(message, str) else message)
    return words


def new_table(server, **fields):
    body = {"variant": "spoil-five", "players": 5, "name": "Ann", "seat": 0, **fields}
    status, reply = api("POST", server.base_url + "/api/tables", body)
    assert status == 201, reply
    return reply


def join(server, code, seat, name):
    status, reply = api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": seat, "name": name})
    assert status == 200, reply
    return reply["token"]


class Client:
    """One socket: replies matched to their ids, pushes kept in order, every message kept as sent."""

    def __init__(self, server, code, origin=None):
        self.url = server.base_url.replace("http://", "ws://") + f"/api/tables/{code}/socket"
        self.origin = origin
        self.received = []       # every message, as text
        self.pushes = []
        self.replies = {}
        self.next_id = 0
        self.arrived = asyncio.Event()

    async def open(self):
        self.ws = await websockets.connect(self.url, origin=self.origin, max_size=2 ** 22)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self):
        try:
            async for raw in self.ws:
                self.received.append(raw)
                message = json.loads(raw)
                if "push" in message:
                    self.pushes.append(message)
                else:
                    self.replies[message.get("id")] = message
                self.arrived.set()
        except websockets.ConnectionClosed:
            pass

    async def wait_for(self, test):
        async def loop():
            while not test():
                self.arrived.clear()
                await self.arrived.wait()
        await asyncio.wait_for(loop(), TIMEOUT)

    async def send_raw(self, data, mid=None):
        self.replies.pop(mid, None)
        await self.ws.send(data)
        await self.wait_for(lambda: mid in self.replies)
        return self.replies.pop(mid)

    async def ask(self, op, **fields):
        self.next_id += 1
        mid = self.next_id
        return await self.send_raw(json.dumps({"id": mid, "op": op, **fields}), mid)

    def updates(self):
        return [p for p in self.pushes if p["push"] == "update"]

    def state(self):
        updates = self.updates()
        return updates[-1]["state"] if updates else self.hello_state

    async def hello(self, token=None):
        reply = await self.ask("hello", **({"token": token} if token else {"watch": True}))
        assert reply["ok"], reply
        self.hello_state = reply["state"]
        return reply

    async def close(self):
        await self.ws.close()
        await self.reader


async def seated(server, code, tokens: dict, watch=True):
    """A client for each seat's token, and a spectator."""
    clients = {}
    for seat, token in tokens.items():
        clients[seat] = await Client(server, code).open()
        await clients[seat].hello(token)
    if watch:
        clients[None] = await Client(server, code).open()
        await clients[None].hello()
    return clients


async def settle(clients, count):
    """Wait until every client has had ``count`` update pushes."""
    for c in clients.values():
        await c.wait_for(lambda c=c: len(c.updates()) >= count)


def pick(state, rob=None):
    """A legal action for the seat to move, from its own state: the rob given, else the first
    legal card of its hand, else its first choice."""
    if rob is not None:
        robs = [c["action"] for c in state["choices"] if c["action"].startswith("rob")]
        if robs:
            return rob
    legal = [card["code"] for card in state["hand"] if card["legal"]]
    select = state.get("select")
    if select:                  # the kitty and the discard: the fewest cards allowed, as the page sends them
        return "discard " + " ".join(legal[:select["min"]]) if select["min"] else "discard none"
    if legal:
        return legal[0]
    return state["choices"][0]["action"]


async def play_out(clients, rob=None, limit=200):
    """The people play the deal to its end, each from its own state; returns the moves made."""
    moves = []
    for _ in range(limit):
        await asyncio.sleep(0)
        any_client = next(iter(clients.values()))
        if any_client.state()["phase"] == "over":
            return moves
        movers = [s for s, c in clients.items() if s is not None and c.state()["your_turn"]]
        if not movers:       # a bot moves (or a client has yet to hear of the last move)
            before = sum(len(c.updates()) for c in clients.values())
            await until(lambda: sum(len(c.updates()) for c in clients.values()) > before,
                        lambda: "no move came")
            continue
        # A seat deciding whether to rob goes first: the others' leads wait for it, unseen.
        seat = min(movers, key=lambda s: clients[s].state()["phase"] == "play")
        count = len(clients[seat].updates())
        action = pick(clients[seat].state(), rob.get(seat) if rob else None)
        reply = await clients[seat].ask("act", action=action)
        assert reply["ok"], (action, reply)
        moves.append((seat, action))
        await settle(clients, count + 1)
    raise AssertionError("the deal did not end")


def card_codes(message) -> set:
    """Every card a message names (the trumps' order, a rule of the game, left out)."""
    found = set()

    def walk(value, key=None):
        if key == "trump_order":
            return
        if isinstance(value, dict):
            if isinstance(value.get("code"), str) and "symbol" in value:
                found.add(value["code"])
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(message)
    return found


# -- the tests --------------------------------------------------------------------------------------

def test_the_server_says_what_it_is(server):
    status, about = api("GET", server.base_url + "/api/server")
    assert status == 200 and about["server"] == "maw" and about["version"] == 1
    # A table on the server seats the same levels as the in-browser table, named alike.
    from maw_sim.bots import bot_levels
    assert about["bots"] == [{"name": b["name"], "label": b["label"]} for b in bot_levels()]
    assert about["limits"]["message"] == 16 * 1024
    status, reply = api("GET", server.base_url + "/api/nothing-here")
    assert status == 404 and reply["ok"] is False


def test_a_deal_played_to_the_end_each_seat_seeing_only_its_own_cards(server):
    table = new_table(server)
    code = table["code"]
    ben = join(server, code, 2, "Ben")
    status, lobby = api("GET", f"{server.base_url}/api/tables/{code}")
    assert [s["kind"] for s in lobby["seats"]] == ["person", "open", "person", "open", "open"]
    assert lobby["seats"][2]["name"] == "Ben" and lobby["status"] == "lobby"
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", code)

    async def run():
        clients = await seated(server, code, {0: table["token"], 2: ben})
        reply = await clients[2].ask("start")
        assert not reply["ok"] and "host" in reply["error"]
        reply = await clients[0].ask("start")
        assert reply["ok"]
        await settle(clients, 1)
        state = clients[0].state()
        assert [s["kind"] for s in state["friends"]["seats"]] == ["person", "bot", "person", "bot", "bot"]
        assert state["friends"]["seats"][1]["name"] == "Bot 2 (Book player)"   # counted from 1, as the lobby counts
        assert state["seed"] is None and state["link"] is None
        moves = await play_out(clients)
        assert moves, "the people played"
        over = {s: c.state() for s, c in clients.items()}
        record = (await clients[0].ask("record"))["record"]
        assert record["complete"] and "[Seed" not in record["game"]
        return clients, over, record
    clients, over, record = asyncio.run(_with_close(run))

    from maw_sim.records import GameRecord
    dealt = GameRecord.parse(record["deal"]).deals[0]
    hands = [set(hand) for hand in dealt.hands]
    turnup = {dealt.turnup} if dealt.turnup else set()
    played = {a for _, a in dealt.actions if re.fullmatch(r"(10|[2-9AJQK])[CDHS]", a)}
    for seat, client in clients.items():
        assert over[seat]["phase"] == "over"
        during = [json.loads(m) for m in client.received]
        during = during[:next(k for k, m in enumerate(during) if m.get("state", {}) and m["state"] and m["state"]["phase"] == "over")]
        seen = set().union(*(card_codes(m) for m in during))
        allowed = played | turnup | (hands[seat] if seat is not None else set())
        assert seen <= allowed, f"seat {seat} was sent {sorted(seen - allowed)}"
        if seat is not None:
            first = client.updates()[0]["state"]
            assert first["hand"] and {c["code"] for c in first["hand"]} <= hands[seat]
    assert len(over[None]["hands"]) == 5 and over[0].get("hands") is None
    assert "Ben" in json.dumps([p["events"] for p in clients[0].updates()])


async def _with_close(run):
    result = await run()
    for client in result[0].values():
        await client.close()
    return result


def _swap_deals():
    """Two first deals alike but for one hidden card: seat 1 holds the ace of trumps and 2♣ in one,
    7♥ in the other (the 2♣ then lying in the stock), and robs, putting that card out face down."""
    hands = [["KS", "QS", "JS", "10S", "9S"], ["AD", "2C", "3C", "4S", "6S"], ["KH", "QH", "JH", "10H", "9H"],
             ["KC", "QC", "JC", "10C", "9C"], ["8H", "6H", "5H", "4H", "3H"]]
    turnup = "9D"
    taken = {c for hand in hands for c in hand} | {turnup}
    every = [r + s for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    stock = [c for c in every if c not in taken]
    other_hands = [list(h) for h in hands]
    other_hands[1][1] = "7H"
    other_stock = ["2C" if c == "7H" else c for c in stock]
    assert "7H" in stock and "2C" in other_stock     # Spoil Five's stock is the cards not dealt
    return ({"hands": hands, "turnup": turnup}, "rob 2C", {"hands": other_hands, "turnup": turnup}, "rob 7H")


def test_the_swap_two_tables_alike_but_for_hidden_cards_send_each_other_seat_the_same(server):
    deal_a, rob_a, deal_b, rob_b = _swap_deals()

    async def one(deal, rob):
        table = new_table(server, deal=deal)
        tokens = {0: table["token"]}
        for seat, name in ((1, "Bea"), (2, "Cal"), (3, "Dee"), (4, "Eve")):
            tokens[seat] = join(server, table["code"], seat, name)
        clients = await seated(server, table["code"], tokens)
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        moves = await play_out(clients, rob={1: rob})
        received = {s: list(c.received) for s, c in clients.items()}     # before anyone leaves
        for c in clients.values():
            await c.close()
        return table["code"], received, moves

    async def both():
        return await one(deal_a, rob_a), await one(deal_b, rob_b)
    (code_a, a, moves_a), (code_b, b, moves_b) = asyncio.run(both())
    assert (1, rob_a) in moves_a and (1, rob_b) in moves_b
    same = [(s, m) for s, m in moves_a if s != 1 or not m.startswith("rob")]
    assert same == [(s, m) for s, m in moves_b if s != 1 or not m.startswith("rob")], "the same public play"

    def seen(received, code):
        return [m.replace(code, "CODE") for m in received]
    for seat in (0, 2, 3, 4):
        assert seen(a[seat], code_a) == seen(b[seat], code_b), f"seat {seat} could tell the tables apart"
    # The robber's own messages differ (its hand), and the spectators' only once every hand is shown.
    assert seen(a[1], code_a) != seen(b[1], code_b)
    spect_a, spect_b = seen(a[None], code_a), seen(b[None], code_b)
    last = max(k for k, m in enumerate(spect_a) if '"phase": "over"' in m or '"phase":"over"' in m)
    first_over = min(k for k, m in enumerate(spect_a) if '"phase": "over"' in m or '"phase":"over"' in m)
    assert spect_a[:first_over] == spect_b[:first_over]
    assert spect_a[last] != spect_b[last]


def test_a_chosen_deal_needs_the_test_flag(server):
    # The running server has --test-deals; the flag's absence is the default (refused by name).
    from maw_server.table import Table, TableError
    with pytest.raises(TableError, match="unknown field 'deal'"):
        Table.configure({"variant": "spoil-five", "players": 5, "deal": {}}, allow_chosen_deal=False)


def test_reload_and_reconnect_keep_the_seat(server):
    table = new_table(server)
    code = table["code"]
    ben = join(server, code, 3, "Ben")

    async def run():
        clients = await seated(server, code, {0: table["token"], 3: ben}, watch=False)
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        hand = [c["code"] for c in clients[3].state()["hand"]]
        await clients[3].close()
        for _ in range(100):
            status, lobby = api("GET", f"{server.base_url}/api/tables/{code}")
            if not lobby["seats"][3]["connected"]:
                break
            await asyncio.sleep(0.05)
        assert lobby["seats"][3]["connected"] is False and lobby["seats"][3]["kind"] == "person"
        again = await Client(server, code).open()
        reply = await again.hello(ben)
        assert reply["seat"] == 3 and reply["host"] is False
        assert [c["code"] for c in reply["state"]["hand"]] == hand
        assert reply["events"] and reply["events"][0]["kind"] == "deal"
        # A stale or forged token gets no seat, and says so.
        forged = await Client(server, code).open()
        reply = await forged.ask("hello", token=ben[:-2] + "xx")
        assert not reply["ok"] and "token" in reply["error"]
        reply = await forged.ask("act", action="5H")
        assert not reply["ok"] and "hello" in reply["error"]
        for c in (again, forged, clients[0]):
            await c.close()
    asyncio.run(run())


def test_hostile_messages_are_refused_and_change_nothing(server):
    # A chosen deal, all seats people: no bot moves while the hostile messages arrive, and seat 2,
    # to follow the king of hearts led, holds a heart it must play (its clubs are refused by a rule).
    deal = {"hands": [["KS", "QS", "JS", "10S", "9S"], ["KH", "QH", "JH", "10H", "9H"],
                      ["5H", "KC", "QC", "JC", "10C"]], "turnup": "9D"}
    table = new_table(server, players=3, name="<img src=x onerror=f()>", deal=deal)
    code = table["code"]
    status, lobby = api("GET", f"{server.base_url}/api/tables/{code}")
    assert lobby["seats"][0]["name"] == "<img src=x onerror=f()>", "a name is kept as text"
    ben = join(server, code, 1, "Ben")
    # HTTP: a taken seat, a bad name, an unknown field, a bad code, an oversized body.
    assert api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 1, "name": "Cy"})[0] == 409
    assert api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 2, "name": "a\u0007b"})[0] == 400
    assert api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 2, "name": "x" * 25})[0] == 400
    assert api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 9, "name": "Cy"})[0] == 400
    status, reply = api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 2, "name": "Cy", "host": True})
    assert status == 400 and "host" in reply["error"]
    assert api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 2, "name": "ben"})[0] == 409
    assert api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 2, "name": "Bot 1 (Expert)"})[0] == 400
    cy = join(server, code, 2, "Cy")
    assert api("GET", f"{server.base_url}/api/tables/OOOOOO")[0] == 404
    status, _, _ = http("POST", server.base_url + "/api/tables", b"{" + b" " * 40_000 + b"}")
    assert status == 413
    status, reply = api("POST", server.base_url + "/api/tables", {"variant": "no-such", "name": "A", "seat": 0})
    assert status == 400 and "no-such" in reply["error"]

    async def run():
        clients = await seated(server, code, {0: table["token"], 1: ben, 2: cy})
        guest, watcher = clients[1], clients[None]
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        assert (await clients[1].ask("act", action="KH"))["ok"]
        await settle(clients, 2)
        before = {s: json.dumps(c.state(), sort_keys=True) for s, c in clients.items()}
        updates_before = {s: len(c.updates()) for s, c in clients.items()}
        mover, other = 2, 1
        assert clients[mover].state()["your_turn"]
        refused = []
        refused.append(await clients[mover].send_raw("x" * 17_000))                 # too long
        refused.append(await clients[mover].send_raw("{not json"))                   # malformed
        refused.append(await clients[mover].send_raw("[1, 2]"))                      # not an object
        refused.append(await clients[mover].send_raw(json.dumps({"op": "state"})))   # no id
        refused.append(await clients[mover].ask("shuffle"))                          # unknown op
        refused.append(await clients[mover].ask("act", action="5H", seat=other))     # for another seat
        refused.append(await clients[mover].ask("act", action=7))                    # wrong type
        refused.append(await clients[mover].ask("act", action="X" * 300))            # too long an action
        refused.append(await clients[other].ask("act", action=clients[other].state()["hand"][0]["code"]))  # out of turn
        refused.append(await clients[other].ask("hello", token=cy))                  # hello twice
        refused.append(await watcher.ask("act", action="5H"))                        # a spectator acting
        refused.append(await guest.ask("end"))                                       # not the host
        refused.append(await guest.ask("seat", seat=0, to="bot"))                    # not the host
        refused.append(await clients[mover].ask("next"))                             # deal not over
        deep = {"id": 99, "op": "act", "action": [[[[[["5H"]]]]]]}
        refused.append(await clients[mover].send_raw(json.dumps(deep), 99))
        assert all(r["ok"] is False and r["error"] for r in refused), refused
        assert "16,384" in refused[0]["error"] and "unknown op" in refused[4]["error"]
        assert "unknown field 'seat'" in refused[5]["error"]
        assert "not yours" in refused[8]["error"]
        # A card the rules refuse, and one not held: each with the rule's id.
        state = clients[mover].state()
        barred = [c for c in state["hand"] if not c["legal"]]
        assert [c["code"] for c in barred] and all(c["rule"] for c in barred)
        reply = await clients[mover].ask("act", action="KC")
        assert reply["ok"] is False and reply["rule"] == next(c["rule"] for c in barred if c["code"] == "KC"), reply
        reply = await clients[mover].ask("act", action="AS")
        assert reply["ok"] is False and reply["rule"], reply
        assert "AS" not in json.dumps(reply) or "hold" in reply["error"]
        assert {s: len(c.updates()) for s, c in clients.items()} == updates_before, "nothing pushed"
        after = {s: json.dumps((await c.ask("state"))["state"], sort_keys=True) for s, c in clients.items()}
        assert after == before, "the table is unchanged"
        # A flood: past the burst, refused with words; the connection goes on afterwards.
        flood = [json.dumps({"id": 1000 + k, "op": "state"}) for k in range(80)]
        for text in flood:
            await clients[other].ws.send(text)
        await clients[other].wait_for(lambda: all(1000 + k in clients[other].replies for k in range(80)))
        floods = [clients[other].replies[1000 + k] for k in range(80)]
        assert any(not r["ok"] and "too many messages" in r["error"] for r in floods)
        await asyncio.sleep(2.5)
        assert (await clients[other].ask("state"))["ok"]
        for c in clients.values():
            await c.close()
    asyncio.run(run())
    # A page of another site may not open a seat's socket.

    async def wrong_origin():
        with pytest.raises(websockets.InvalidStatus):
            await Client(server, code, origin="http://evil.example").open()
        ok = await Client(server, code, origin=server.base_url).open()
        await ok.close()
    asyncio.run(wrong_origin())
    assert api("GET", server.base_url + "/api/server")[0] == 200, "the server still answers"


async def until(test, what: str):
    """Poll (every client's reader runs meanwhile) until ``test()``; a timeout says ``what()``."""
    for _ in range(int(TIMEOUT / 0.02)):
        if test():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(what())


async def play_until_person(clients):
    def describe():
        return "no person's turn came: " + json.dumps(
            {s: (c.state()["phase"], c.state()["to_move"], c.state()["prompt"]) for s, c in clients.items()})
    await until(lambda: any(c.state()["your_turn"] for s, c in clients.items() if s is not None), describe)


def test_the_host_gives_a_seat_to_a_bot_and_back_and_ends_the_table(server):
    table = new_table(server, variant="twenty-five", players=4, teams="2x2")
    code = table["code"]
    ben = join(server, code, 1, "Ben")

    async def run():
        clients = await seated(server, code, {0: table["token"], 1: ben}, watch=False)
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        assert (await clients[0].ask("seat", seat=1, to="bot"))["ok"]
        reply = await clients[1].ask("act", action="5H")
        assert not reply["ok"] and "bot plays your seat" in reply["error"]
        await play_until_person({0: clients[0]})
        assert (await clients[0].ask("seat", seat=1, to="person"))["ok"]
        status, lobby = api("GET", f"{server.base_url}/api/tables/{code}")
        assert lobby["seats"][1]["kind"] == "person" and lobby["seats"][1]["name"] == "Ben"
        assert (await clients[0].ask("end"))["ok"]
        for c in clients.values():
            await c.close()
    asyncio.run(run())
    status, lobby = api("GET", f"{server.base_url}/api/tables/{code}")
    assert lobby["status"] == "ended"
    status, reply = api("POST", f"{server.base_url}/api/tables/{code}/seats", {"seat": 2, "name": "Cy"})
    assert status == 409


def test_a_class_lists_its_tables_and_downloads_their_records(server):
    status, made = api("POST", server.base_url + "/api/classes", {})
    assert status == 201 and re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", made["class"])
    table = new_table(server, **{"class": made["class"]})
    code = table["code"]

    async def run():
        clients = await seated(server, code, {0: table["token"]}, watch=False)
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        await play_out(clients)
        await clients[0].close()
    asyncio.run(run())
    status, listing = api("GET", f"{server.base_url}/api/classes/{made['class']}")
    assert status == 200
    [row] = listing["tables"]
    assert row["code"] == code and row["players"][0] == "Ann" and row["status"] == "playing"
    [finished] = row["finished_deals"]
    assert finished["deal"] == 1 and finished["link"].startswith("m1.")
    from maw_sim.records import replay_link
    assert replay_link(finished["link"]).deals[0].outcome is not None

    async def next_deal():
        client = await Client(server, code).open()
        await client.hello(table["token"])
        reply = await client.ask("next_game")
        assert not reply["ok"] and "not over" in reply["error"]
        assert (await client.ask("next"))["ok"]
        await client.wait_for(lambda: client.updates())
        state = client.state()
        assert state["deal_number"] == 2 and state["phase"] != "over"
        assert [e["kind"] for e in client.updates()[0]["events"]][:1] == ["deal"]
        await client.close()
    asyncio.run(next_deal())
    status, headers, body = http("GET", f"{server.base_url}/api/classes/{made['class']}/records.maw")
    assert status == 200 and body.decode().startswith("%") and "attachment" in headers["Content-Disposition"]
    assert api("GET", f"{server.base_url}/api/classes/ZZZZZZ")[0] == 404
    status, headers, svg = http("GET", f"{server.base_url}/api/tables/{code}/qr.svg")
    assert status == 200 and headers["Content-Type"].startswith("image/svg+xml") and b"<svg" in svg


def test_the_static_site_is_served_with_the_headers_of_scripts_serve(server):
    httpd = static_server.make_server(server.site, port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    plain = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        paths = ["/", "/index.html", "/play/spoil-five.html?seed=4", "/maw-sw.js", "/_static/wheels/manifest.json",
                 "/_static/maw/worker.js", "/_static/pyodide/0.27.7/pyodide.mjs",
                 "/_static/pyodide/0.27.7/pyodide.asm.wasm", "/_static/basic.css?v=0123abcd", "/_static/small.txt",
                 "/_static/wheels/0123456789abcdef/maw_sim-0.1.0-py3-none-any.whl",
                 "/_static/wheels/0123456789abcdef/engine.snapshot.gz", "/no-such-page.html"]
        for path in paths:
            for asks in ({}, {"Accept-Encoding": "gzip"}):
                ours, theirs = http("GET", server.base_url + path, headers=asks), http("GET", plain + path, headers=asks)
                assert ours[0] == theirs[0], path
                if ours[0] != 200:
                    continue
                for header in ("Content-Type", "Cache-Control", "Content-Encoding", "ETag", "Vary", "Content-Length"):
                    assert ours[1].get(header) == theirs[1].get(header), (path, asks, header)
                assert ours[2] == theirs[2], path
        status, headers, body = http("GET", server.base_url + "/index.html")
        status304, headers304, body304 = http("GET", server.base_url + "/index.html", headers={"If-None-Match": headers["ETag"]})
        assert status304 == 304 and body304 == b"" and headers304["Cache-Control"] == "no-cache"
        assert http("GET", server.base_url + "/_static/../../tables.sqlite3")[0] == 404
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_caps_on_tables_and_connections(server):
    made, refused = [], None
    for _ in range(20):
        status, reply = api("POST", server.base_url + "/api/tables",
                            {"variant": "spoil-five", "players": 3, "name": "T", "seat": 0})
        if status != 201:
            refused = (status, reply)
            break
        made.append(reply)
    assert refused is not None and refused[0] == 503 and "tables" in refused[1]["error"]

    async def run():
        open_ = []
        try:
            for _ in range(60):
                try:
                    open_.append(await Client(server, made[0]["code"]).open())
                except websockets.InvalidStatus:
                    break
            else:
                raise AssertionError("no cap on connections")
        finally:
            for c in open_:
                await c.close()
        # Ending the tables frees their places.
        for t in made:
            c = await Client(server, t["code"]).open()
            await c.hello(t["token"])
            assert (await c.ask("end"))["ok"]
            await c.close()
    asyncio.run(run())
    assert api("POST", server.base_url + "/api/tables", {"variant": "spoil-five", "players": 3, "name": "T",
                                                          "seat": 0})[0] == 201


def test_kill_9_mid_deal_and_restart_loses_no_action(server):
    table = new_table(server, players=4)
    code = table["code"]
    ben = join(server, code, 2, "Ben")

    async def before_kill():
        clients = await seated(server, code, {0: table["token"], 2: ben}, watch=False)
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        for _ in range(3):          # a few people's moves, each acknowledged
            await play_until_person(clients)
            seat = next(s for s, c in clients.items() if c.state()["your_turn"])
            count = len(clients[seat].updates())
            assert (await clients[seat].ask("act", action=pick(clients[seat].state())))["ok"]
            await settle(clients, count + 1)
        await play_until_person(clients)
        states = {s: c.state() for s, c in clients.items()}
        return states

    states = asyncio.run(before_kill())
    db = sqlite3.connect(server.db)
    written = db.execute("SELECT count(*) FROM entries WHERE code = ?", (code,)).fetchone()[0]
    db.close()
    server.kill()
    server.start()

    async def after_restart():
        for seat, token in ((0, table["token"]), (2, ben)):
            c = await Client(server, code).open()
            reply = await c.hello(token)
            now, then = reply["state"], states[seat]
            for key in ("hand", "trick", "tricks_played", "to_move", "your_turn", "phase", "choices", "scores"):
                assert now[key] == then[key], (seat, key)
            await c.close()
        clients = await seated(server, code, {0: table["token"], 2: ben}, watch=False)
        await play_out(clients)
        for c in clients.values():
            await c.close()
    asyncio.run(after_restart())
    db = sqlite3.connect(server.db)
    after = db.execute("SELECT count(*) FROM entries WHERE code = ?", (code,)).fetchone()[0]
    db.close()
    assert after > written


def test_idle_tables_are_closed_and_their_records_kept(tmp_path):
    """The reaper, in process: a table nobody has touched for the idle time is ended by a 'close'
    entry; its record stays, and a server started on the database leaves it closed."""
    from maw_server.app import Server, Settings
    from maw_server.table import Table, new_token

    async def run():
        server = Server(Settings(db=tmp_path / "t.sqlite3", idle_seconds=3600))
        config = Table.configure({"variant": "spoil-five", "players": 3})
        table = Table("K7QX2M", config)
        server.store.add_table(table.code, config, None)
        server.tables[table.code] = table
        await server.commit(table, {"op": "join", "seat": 0, "name": "Ann", "token": new_token()[1], "host": True})
        await server.commit(table, {"op": "start", "seed": 7})
        while table.bot_to_move() is not None:
            await server.run_bots(table)
        assert await server.close_idle() == 0, "not idle yet"
        table.last_active -= 3601
        assert await server.close_idle() == 1
        assert table.status == "ended" and "K7QX2M" not in server.tables
        entries = server.store.entries("K7QX2M")
        assert entries[-1] == {"op": "close", "why": "idle"} and len(entries) > 3
        server.store.close()
        again = Server(Settings(db=tmp_path / "t.sqlite3"))
        assert again.load() == 0 and again.get("k7qx2m").status == "ended"
        again.store.close()
    asyncio.run(run())


def test_a_lead_waits_for_a_silent_decision_to_rob_and_tells_nothing_of_it(server):
    """Seat 2 holds the ace of trumps and may rob before seat 1 leads; to seat 1 and seat 0 the
    table only waits for the lead. Seat 1's lead, sent first, is taken once seat 2 has robbed."""
    deal = {"hands": [["KS", "QS", "JS", "10S", "9S"], ["KH", "QH", "JH", "10H", "9H"],
                      ["AD", "2C", "QC", "JC", "10C"]], "turnup": "9D"}
    table = new_table(server, players=3, deal=deal)
    code = table["code"]
    tokens = {0: table["token"], 1: join(server, code, 1, "Ben"), 2: join(server, code, 2, "Cy")}

    async def run():
        clients = await seated(server, code, tokens)
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        for seat in (0, 1, None):
            state = clients[seat].state()
            assert state["to_move"] == 1 and state["phase"] == "play", (seat, state["phase"])
        assert clients[1].state()["your_turn"] and clients[2].state()["phase"] == "rob"
        lead = asyncio.get_running_loop().create_task(clients[1].ask("act", action="KH"))
        explained = await clients[0].ask("explain", action="KS")
        assert explained["why"] == "it is Ben's turn, not yours"
        rob = await clients[2].ask("act", action="rob 2C")
        assert rob["ok"], rob
        assert (await lead)["ok"]
        await settle(clients, 3)
        for seat, client in clients.items():
            kinds = [e["kind"] for p in client.updates() for e in p["events"]]
            assert kinds.index("rob") < kinds.index("play"), (seat, kinds)
            # Only the robber is told the card he put out (a table's random code may hold its
            # letters, "X2CQ7M", so the messages are read word by word, not as one string).
            assert ("2C" in words_in(client.received)) == (seat == 2), seat
        for c in clients.values():
            await c.close()
    asyncio.run(run())


CARD = re.compile(r"(?<![0-9A-Za-z])((10|[2-9AJQK])[CDHS]|JK)(?![0-9A-Za-z])")


def view_cards(view) -> set:
    """Every card a seat's view (the engine's PlayerView) names: its hand, the cards it saw played,
    put out or turned, the turn-up, the kitty shown; the variant's own tables aside."""
    import dataclasses
    from maw_sim.cards import Card
    found, todo = set(), [v for f, v in vars(view).items() if f != "variant"] if hasattr(view, "__dict__") else \
        [getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "variant"]
    while todo:
        value = todo.pop()
        if isinstance(value, Card):
            found.add(value.code)
        elif isinstance(value, str):
            found |= {m.group(1) for m in CARD.finditer(value)}
        elif dataclasses.is_dataclass(value):
            todo.extend(getattr(value, f.name) for f in dataclasses.fields(value))
        elif isinstance(value, dict):
            todo.extend(value.keys())
            todo.extend(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            todo.extend(value)
    return found


@pytest.mark.parametrize("variant", ["one-hundred-and-ten", "auction-45", "twenty-five", "maw"])
def test_each_connection_is_sent_only_what_its_seat_knows_at_that_moment(server, variant):
    """The engine's view of a seat after each action is what that seat may know then: every card
    a connection is sent in the push after that action is in it (a spectator's: in every seat's
    view). Bidding games too: the kitty, the exchange, the cards put out face down."""
    from maw_sim.records import GameRecord, _replay_deal
    table = new_table(server, variant=variant, players=4)
    code = table["code"]

    async def run():
        clients = await seated(server, code, {0: table["token"]})
        assert (await clients[0].ask("start"))["ok"]
        await settle(clients, 1)
        await play_out(clients)
        full = (await clients[0].ask("record"))["record"]
        pushes = {s: list(c.updates()) for s, c in clients.items()}
        for c in clients.values():
            await c.close()
        return full, pushes
    full, pushes = asyncio.run(run())
    record = GameRecord.parse(full["deal"])
    dealt = record.deals[0]
    # After each action with the chance events it caused (the draws after a discard): each seat's cards.
    chance = [event.chance for event in _replay_deal(record, dealt, None).events]
    assert len(chance) == len(dealt.actions)
    knows = [[view_cards(deal.view(k)) for k in range(4)]
             for deal in (_replay_deal(record, dealt, step) for step in range(len(chance) + 1)
                          if step == len(chance) or not chance[step])]
    for seat, updates in pushes.items():
        assert len(updates) == len(knows), "one push a stored action, and one for the deal"
        for step, push in enumerate(updates[:-1]):      # the last: the deal over, every hand shown
            allowed = knows[step][seat] if seat is not None else set.intersection(*knows[step])
            sent = card_codes(push)
            assert sent <= allowed, f"{variant}: {seat} was sent {sorted(sent - allowed)} after {step} actions"


def test_one_address_opening_tables_without_end_is_stopped(server):   # last: it spends the allowance
    # After the restart above, the allowance is whole again: of 100 classes asked for, the last is refused.
    statuses = [api("POST", server.base_url + "/api/classes", {})[0] for _ in range(100)]
    assert statuses[0] == 201 and statuses[-1] == 429
    status, reply = api("POST", server.base_url + "/api/tables", {"variant": "spoil-five", "name": "A", "seat": 0})
    assert status == 429 and "a minute" in reply["error"]
    assert api("GET", server.base_url + "/api/server")[0] == 200
