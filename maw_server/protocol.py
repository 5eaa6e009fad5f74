"""The table server's protocol, and the checks of what clients send.

HTTP (JSON; every error is ``{"ok": false, "error": "<what was wrong and what is allowed>",
"rule": <the engine's rule id or null>}`` with a 4xx/5xx status):

- ``GET /api/server`` -> ``{"server": "maw", "version": 1, "bots": [{"name", "label"}], "limits":
  {"message", "rate", "burst", "tables", "connections", "idle_seconds", "opens_per_minute"}}``.
- ``POST /api/tables`` ``{"variant", "players", "teams"?, "options"?, "preset"?, "bot"?, "class"?,
  "name", "seat"}`` -> 201 ``{"ok": true, "code", "seat", "token"}`` (the token of the host's seat).
- ``GET /api/tables/{code}`` -> the lobby: ``{"code", "variant": {"id", "name"}, "players", "teams",
  "house_rules", "bot", "class", "status": "lobby"|"playing"|"ended", "deal_number", "to_move",
  "seats": [{"seat", "name", "kind": "person"|"bot"|"open", "connected", "host", "bot",
  "kept_for": the person whose seat a bot keeps, or null}], "open_words": what Start does with the
  seats nobody took, in words}``; a seat's name counts seats from 1.
- ``POST /api/tables/{code}/seats`` ``{"seat", "name"}`` -> ``{"ok": true, "seat", "token"}``; a
  taken seat or a name already at the table is a 409.
- ``GET /api/tables/{code}/qr.svg`` -> the join link ``<origin>/play/<variant>.html?table=<code>``
  as an SVG QR code.
- ``POST /api/classes`` ``{}`` -> 201 ``{"ok": true, "class", "token"}``.
- ``GET /api/classes/{class}`` -> ``{"class", "tables": [{"code", "variant", "players": [names],
  "seats", "status", "deal_number", "scores", "to_move", "to_move_name", "finished_deals":
  [{"deal", "game", "dealer", "winner", "link"}], "games", "free_words": the seats nobody took, in
  words, or null}], "count_words": the tables, counted in words}``; ``link`` is a ``?game=`` code of
  that deal alone (its own seed: nothing of other deals).
- ``GET /api/classes/{class}/records.maw`` -> every finished deal of the class's tables, one file.

The socket ``/api/tables/{code}/socket``: each message one JSON object of at most
:data:`MAX_MESSAGE` bytes with a numeric ``id`` (echoed by its reply, refusals included) and an
``op``; fields an op does not read are refused by name:

- ``{"op": "hello", "token"}`` or ``{"op": "hello", "watch": true}``, first ->
  ``{"id", "ok": true, "seat", "host", "state", "events", "lobby"}`` (``state`` null before the
  start; ``events``: the deal so far in this seat's words).
- ``{"op": "act", "action"}`` -> ``{"id", "ok": true}`` once stored, then a push to every
  connection. A lead sent while another seat decides, unseen, whether to rob waits for that decision.
- ``{"op": "start"}``, ``{"op": "seat", "seat", "to": "bot"|"person"}``, ``{"op": "end"}``: the host.
- ``{"op": "next"}``, ``{"op": "next_game"}``: any seated person.
- ``{"op": "explain", "action"}`` -> ``{"why": <words or null>, "rule": <id or null>}``.
- ``{"op": "record"}`` -> ``{"record": {"deal", "game", "complete", "filename", "media_type"}}``.
- ``{"op": "state"}`` -> ``{"state", "lobby"}``.
- Pushes: ``{"push": "update", "state", "events", "lobby"}`` after every change (bots' moves one
  by one), and ``{"push": "lobby", "lobby"}`` when someone comes or goes.

``state`` is the play page's state (:func:`maw_sim.seat_state.table_state`) with ``seed`` and
``link`` null, ``seats[].kind`` added, and ``friends``: ``{"code", "status", "host", "seat",
"seats"}``; a spectator's has no hand and, once the deal is over, ``hands`` (every dealt hand).
"""

from __future__ import annotations

import json

from maw_sim.inputs import json_depth

#: The longest socket message or HTTP body read (the longest real one, an action, is far shorter).
MAX_MESSAGE = 16 * 1024
MAX_DEPTH = 4
MAX_ACTION = 200

#: Each op of the socket and the fields it reads besides "op" and "id".
OPS = {
    "hello": ("token", "watch"),
    "act": ("action",),
    "start": (),
    "seat": ("seat", "to"),
    "next": (),
    "next_game": (),
    "end": (),
    "explain": ("action",),
    "record": (),
    "state": (),
}

#: The fields of each HTTP body.
CREATE_FIELDS = ("variant", "players", "teams", "options", "preset", "bot", "class", "name", "seat")
JOIN_FIELDS = ("seat", "name")


class ProtocolError(ValueError):
    pass


def read_json(data, what: str = "message", nested: bool = True) -> dict:
    """One JSON object from text or bytes, bounded in size and depth."""
    if isinstance(data, (bytes, bytearray)):
        size = len(data)
        if size > MAX_MESSAGE:
            raise ProtocolError(f"the {what} is too long: {size:,} bytes (at most {MAX_MESSAGE:,})")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(f"the {what} is not UTF-8 text") from None
    if not isinstance(data, str):
        raise ProtocolError(f"the {what} must be JSON text")
    if len(data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError(f"the {what} is too long (at most {MAX_MESSAGE:,} bytes)")

    def constant(name):
        raise ProtocolError(f"{name} is not a number JSON allows")
    try:
        value = json.loads(data, parse_constant=constant)
    except ProtocolError:
        raise
    except RecursionError:
        raise ProtocolError(f"the {what} is nested too deeply") from None
    except ValueError as exc:
        raise ProtocolError(f"the {what} is not JSON: {str(exc)[:120]}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"the {what} must be a JSON object")
    if nested:
        check_depth(value, what)
    return value


def check_depth(value: dict, what: str = "message") -> None:
    if json_depth(value, MAX_DEPTH) > MAX_DEPTH:
        raise ProtocolError(f"the {what} is nested too deeply (at most {MAX_DEPTH} levels)")


def message_id(message: dict):
    """The id a reply echoes: a whole number, or None where the message has none usable."""
    mid = message.get("id")
    if isinstance(mid, int) and not isinstance(mid, bool) and 0 <= mid < 2 ** 53:
        return mid
    return None


def check_message(message: dict) -> dict:
    """A socket message checked: its id, op and fields (each field's type checked here)."""
    mid = message.get("id")
    if not (isinstance(mid, int) and not isinstance(mid, bool) and 0 <= mid < 2 ** 53):
        raise ProtocolError("every message needs an 'id': a whole number the reply echoes")
    op = message.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise ProtocolError(f"unknown op {_shown(op)}; ops: {', '.join(OPS)}")
    extra = sorted(set(message) - set(OPS[op]) - {"op", "id"})
    if extra:
        raise ProtocolError(f"unknown field {_shown(extra[0])} for {op!r}; allowed: "
                            f"{', '.join(('id', 'op', *OPS[op]))}")
    if op == "hello":
        if ("token" in message) == bool(message.get("watch")):
            raise ProtocolError("hello takes a seat's 'token', or 'watch': true to watch")
        if "token" in message and not (isinstance(message["token"], str) and 0 < len(message["token"]) <= 200):
            raise ProtocolError("token must be the text the table gave when the seat was taken")
        if "watch" in message and not isinstance(message["watch"], bool):
            raise ProtocolError("watch must be true or false")
    if op in ("act", "explain"):
        action = message.get("action")
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
            raise ProtocolError(f"action must be text of 1 to {MAX_ACTION} characters: a card code like "
                                "'5H', or 'rob 7C', 'pass', 'jink', 'bid 20'…")
    if op == "seat":
        seat = message.get("seat")
        if not (isinstance(seat, int) and not isinstance(seat, bool)):
            raise ProtocolError("seat must be a seat's number")
        if message.get("to") not in ("bot", "person"):
            raise ProtocolError("to must be 'bot' (a bot plays the seat) or 'person' (give it back)")
    return message


def check_fields(body: dict, allowed: tuple, what: str) -> dict:
    extra = sorted(set(body) - set(allowed))
    if extra:
        raise ProtocolError(f"unknown field {_shown(extra[0])} for {what}; allowed: {', '.join(allowed)}")
    return body


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"
