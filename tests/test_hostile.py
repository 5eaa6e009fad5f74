"""Hostile and unlucky input: malformed protocol requests, links, options and presets, variant
files and command lines. Each is answered with a message naming the field and what is allowed,
never an internal error, within a deadline (a guard against a hang, not a timing), and a refused
request leaves the session exactly as it was.

Record text in depth is maw_sim.records' business (tests/test_records.py); a few malformed review
requests through the protocol are here.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import json
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from maw_sim import cli, web
from maw_sim.deal import Deal
from maw_sim.match import MAX_SEED, Match
from maw_sim.records import _base36, _check
from maw_sim.variants import TableError, VariantError, load_variant, load_variant_file, variant_ids

ROOT = Path(__file__).resolve().parent.parent

#: Seconds any one call may take before the test calls it a hang. Generous: a guard, not a timing.
DEADLINE = 60


class Hang(Exception):
    pass


@contextlib.contextmanager
def deadline(seconds: float = DEADLINE):
    """Fail (rather than hang the suite) if the block runs longer than ``seconds``."""
    def alarm(signum, frame):
        raise Hang(f"no answer within {seconds} s")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def send(session, request) -> dict:
    """One request through the protocol, as the page's worker sends it, under the deadline."""
    text = request if isinstance(request, str) else json.dumps(request)
    with deadline():
        reply = json.loads(web.handle(text, session))
    assert "bug" not in reply, reply
    return reply


def snapshot(session) -> tuple:
    """Everything a later request could observe of the session: the state and the records as the
    protocol gives them, and which game, deal, review and study objects it holds."""
    state = web.handle('{"op": "state"}', session)
    record = web.handle('{"op": "record"}', session)
    return (state, record, id(session.match), id(session.deal), len(session.deal.history),
            id(session.review), session.review and id(session.review.record), id(session.study),
            session.seat, session.humans, session.seed, session.bot_name, session.deal_number)


def game_in_play(moves: int = 2) -> web.Session:
    """A session with a Spoil Five game under way (a few of our moves made) and a review open."""
    session = web.Session()
    reply = send(session, {"op": "new", "variant": "spoil-five", "players": 4, "seed": 11})
    for _ in range(moves):
        state = reply["state"]
        if state["phase"] == "over":
            break
        legal = [c["code"] for c in state["hand"] if c["legal"]] or [c["action"] for c in state["choices"]]
        reply = send(session, {"op": "act", "action": legal[0]})
    link = reply["state"]["link"]["game"]
    assert send(session, {"op": "review_open", "link": link})["ok"]
    return session


def refused(reply) -> str:
    assert reply["ok"] is False, reply
    return reply["error"]


#: Junk for any field: wrong types, empty, huge, nested, numbers in digits Python reads but a
#: person would not type ("²", "٣"), numbers past Python's 4,300-digit limit.
JUNK = ["", "x", -1, 2.5, True, False, [], {}, [[[[]]]], "²", "٣", "1_0", "9" * 5000, 10 ** 100,
        {"a": [1, {"b": 2}]}, "x" * 100_000, [1, "a"], "0,1,2,3,4,5,6,7,8,9,10"]

#: What a refusal of each field must name (the field, or its words where the message speaks of it).
FIELD_WORDS = {
    ("new", "variant"): "variant", ("new", "players"): "players", ("new", "seed"): "seed",
    ("new", "seat"): "seat", ("new", "bot"): "bot", ("new", "teams"): "partnership",
    ("new", "lenient"): "lenient", ("new", "default_variant"): "variant",
    ("new", "default_seed"): "default_seed", ("new", "game"): "link", ("new", "options"): "option",
    ("new", "preset"): "preset", ("new", "humans"): "human",
    # (a well-formed action the rules refuse gets the engine's reason, which names the card)
    ("act", "action"): ("action", "card"), ("explain", "action"): ("action", "card"),
    ("study", "experiment"): "experiment", ("study", "variant"): "variant",
    ("study", "compare"): "variant", ("study", "players"): "players", ("study", "bot"): "bot",
    ("study", "deals"): "deals", ("study", "seed"): "seed",
    ("review_open", "text"): "record", ("review_open", "link"): "link",
    ("review_open", "deal"): "deal", ("review_open", "seat"): "seat",
    ("review_at", "step"): "step", ("review_at", "seat"): "seat", ("review_at", "open"): ("open", "view"),
    ("review_at", "analyse"): "analyse", ("review_at", "patient"): "patient",
}
#: Words by which a refusal says what is allowed.
ALLOWED_WORDS = ("must", "allowed", "known", "one of", "levels", "presets:", "options:", "written",
                 "should start", "empty", "here:", "is played by", "paste", "true or false",
                 "only", "expected")


def base_request(op: str, session) -> dict:
    """A request of this op that the session would accept, to spoil one field of."""
    return {
        "new": {"op": "new", "variant": "spoil-five", "players": 4, "seed": 3},
        "act": {"op": "act", "action": "5H"},
        "explain": {"op": "explain", "action": "5H"},
        "study": {"op": "study", "experiment": "spoil-rate", "variant": "spoil-five", "players": 4,
                  "deals": 10, "seed": 1, "bot": "random"},
        "review_open": {"op": "review_open", "link": json.loads(
            web.handle('{"op": "state"}', session))["state"]["link"]["game"]},
        "review_at": {"op": "review_at", "step": 0, "seat": 0},
    }[op]


# -- the protocol -----------------------------------------------------------------------------------

@pytest.mark.parametrize("op,field", sorted(FIELD_WORDS))
def test_junk_in_any_field_is_refused_by_name_and_changes_nothing(op, field):
    session = game_in_play()
    refusals = 0
    for junk in JUNK:
        request = dict(base_request(op, session), **{field: junk})
        if op == "review_open" and field == "text":
            del request["link"]
        before = snapshot(session)
        reply = send(session, request)
        if reply["ok"]:
            continue              # a value the field takes after all (False for "analyse", say)
        refusals += 1
        error = reply["error"]
        words = FIELD_WORDS[op, field]
        assert any(w in error for w in ([words] if isinstance(words, str) else words)), (junk, error)
        assert any(w in error for w in ALLOWED_WORDS), (junk, error)
        if not op.startswith("review"):           # (maw_sim.review quotes what it refuses in full)
            assert len(error) < 1000, error       # the junk is quoted briefly, if at all
        assert snapshot(session) == before, (op, field, junk)
    assert refusals >= len(JUNK) // 2


@pytest.mark.parametrize("op", sorted(web.OPS))
def test_an_unknown_field_is_refused_naming_it_and_the_allowed_ones(op):
    session = game_in_play()
    before = snapshot(session)
    error = refused(send(session, {"op": op, "colour": "blue"}))
    assert "'colour'" in error and "allowed" in error
    for field in web.FIELDS.get(op, ()):
        assert field in error
    assert snapshot(session) == before


@pytest.mark.parametrize("text,words", [
    ("", "not JSON"), ("{", "not JSON"), ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"op": "new", "players": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
    ('{"op": "new", "players": ' + "9" * 5000 + "}", "number too long"),
    ('{"op": "new", "seed": NaN}', "NaN is not a number"), ('{"op": "new", "seed": -Infinity}', "Infinity"),
    ("[]", "JSON object"), ("7", "JSON object"), ('"new"', "JSON object"), ("null", "JSON object"),
    ('{"op": "new", "variant": "spoil-five", "options": "' + "x" * 2_100_000 + '"}', "too long"),
    ('{"op": "frobnicate"}', "unknown op"), ('{"op": ["new"]}', "unknown op"), ("{}", "unknown op"),
    ('{"op": "state", "table": ""}', "table must be"), ('{"op": "state", "table": ["x"]}', "table must be"),
])
def test_a_request_that_is_not_one_is_refused(text, words):
    session = game_in_play()
    before = snapshot(session)
    error = refused(send(session, text))
    assert words in error
    assert snapshot(session) == before


def test_lenient_must_be_a_boolean_not_the_text_false():
    session = game_in_play()
    before = snapshot(session)
    for value in ("false", "true", 0, 1, None, []):
        error = refused(send(session, {"op": "new", "players": 99, "lenient": value}))
        assert error.startswith("lenient must be true or false")
    assert snapshot(session) == before


@pytest.mark.parametrize("field", ["players", "seed", "seat"])
@pytest.mark.parametrize("digits", ["²", "٣", "３", "1_0", "9" * 4301, "0" * 5000 + "3"])
def test_numbers_are_ascii_digits_of_a_sensible_length(field, digits):
    session = web.Session()
    reply = send(session, {"op": "new", "variant": "spoil-five", "players": 4, field: digits})
    if digits == "0" * 5000 + "3":
        # Leading zeros are still the number 3 (a link may pad): read, not refused.
        assert reply["ok"], reply
        return
    error = refused(reply)
    assert field in error and ("whole number" in error or "played by" in error)
    assert session.match is None


def test_the_page_offers_only_the_tables_the_engine_deals():
    """Atlantic Auction 45s with an exchange of four: six players is refused by name (it used to be an
    internal error), the state offers 2 to 5 players, and at six players the option value is not offered."""
    session = web.Session()
    request = {"op": "new", "variant": "auction-45-atlantic", "players": 6, "options": "exchange=4"}
    error = refused(send(session, request))
    assert "6 players" in error and "exchange limit of at most 3" in error and "2 to 5 players" in error
    lenient = send(session, dict(request, lenient=True))
    assert lenient["ok"] and lenient["state"]["players"] in (2, 3, 4, 5) and lenient["warnings"]
    table = lenient["state"]["variant"]["table"]
    assert table["players"] == [2, 3, 4, 5] and "6" not in table["teams"]
    six = send(web.Session(), {"op": "new", "variant": "auction-45-atlantic", "players": 6})
    assert 6 not in six["state"]["variant"]["table"]["option_players"]["exchange"]["4"]
    assert 6 in six["state"]["variant"]["table"]["option_players"]["exchange"]["3"]


@pytest.mark.parametrize("vid", variant_ids())
def test_every_table_the_choices_offer_is_dealt_and_every_other_refused(vid):
    """The one check of a table answers for the API, the protocol and the page's choices alike:
    a count is offered exactly when Deal, Match and the protocol all deal for it."""
    v = load_variant(vid)
    offered = v.table_choices()
    for players in range(0, 12):
        dealt = players in offered["players"]
        for build in (lambda: Deal.random(v, players, 1), lambda: Match(v, players, 1)):
            try:
                build()
                accepted = True
            except TableError as exc:
                assert exc.field == "players" and "players" in str(exc)
                accepted = False
            assert accepted == dealt, (vid, players)
        reply = send(web.Session(), {"op": "new", "variant": vid, "players": players, "seed": 1})
        assert reply["ok"] == dealt, (vid, players, reply.get("error"))
        for form in offered["teams"].get(str(players), []):
            assert send(web.Session(), {"op": "new", "variant": vid, "players": players, "teams": form})["ok"]
    for name, values in offered["option_players"].items():
        for value, counts in values.items():
            if counts == offered["players"]:
                continue        # the same tables as the file's rules: checked above
            for players in range(v.min_players, v.max_players + 1):
                reply = send(web.Session(), {"op": "new", "variant": vid, "players": players,
                                             "options": {name: value}})
                assert reply["ok"] == (players in counts), (vid, name, value, players, reply.get("error"))


@pytest.mark.parametrize("preset", [["tignish"], {"tignish": 1}, 7, True, "x" * 10_000])
def test_a_preset_must_be_a_presets_name(preset):
    error = refused(send(web.Session(), {"op": "new", "variant": "auction-45-atlantic", "preset": preset}))
    assert "no preset" in error and "presets: " in error and "tignish" in error and len(error) < 1000
    with pytest.raises(ValueError, match="no preset") as info:
        load_variant("auction-45-atlantic", preset=preset)
    assert not isinstance(info.value, TypeError)


@pytest.mark.parametrize("options", [{"kitty": [3]}, {"kitty": {"a": 1}}, {"kitty": 10 ** 400},
                                     {"kitty": [[[[[3]]]]]}, {"x" * 5000: 1}, ["kitty=3"], {"kitty": None}])
def test_an_option_must_be_one_the_variant_declares_with_a_value_it_lists(options):
    with deadline():
        with pytest.raises(ValueError) as info:
            load_variant("auction-45-atlantic", options=options)
    message = str(info.value)
    assert ("option" in message) and ("takes" in message or "options:" in message or "{name: value}" in message)
    assert len(message) < 1000
    error = refused(send(web.Session(), {"op": "new", "variant": "auction-45-atlantic", "options": options}))
    assert "option" in error and len(error) < 1000


# -- links ------------------------------------------------------------------------------------------

def _forged_link(seed_code: str, moves: str = "", players: str = "4", variant: str = "spoil-five") -> str:
    """A link as the site writes them, its check made to match (so only the seed is wrong)."""
    body = ".".join(["m1", variant, "", players, "s", "0", seed_code, moves])
    return body + "." + _check(body)


@pytest.mark.parametrize("seed_code", [_base36(MAX_SEED + 1), _base36(2 ** 64), "z" * 3000, "z" * 5000])
def test_a_link_seed_beyond_what_the_page_can_carry_is_refused(seed_code):
    session = game_in_play()
    before = snapshot(session)
    for request in ({"op": "new", "game": _forged_link(seed_code)},
                    {"op": "review_open", "link": _forged_link(seed_code)}):
        error = refused(send(session, request))
        assert "link" in error and len(error) < 1000
        if len(seed_code) <= 3000:
            assert "seed" in error and f"from 0 to {MAX_SEED:,}" in error
    assert snapshot(session) == before
    lenient = send(session, {"op": "new", "game": _forged_link(seed_code), "lenient": True, "seed": 5})
    assert lenient["ok"] and lenient["state"]["seed"] == 5 and "fresh deal" in lenient["warnings"][0]


def test_the_largest_seed_a_link_carries_still_opens():
    reply = send(web.Session(), {"op": "new", "game": _forged_link(_base36(MAX_SEED))})
    assert reply["ok"] and reply["state"]["seed"] == MAX_SEED


@pytest.mark.parametrize("code", ["m1", "m1." + "." * 20, "m2.spoil-five..4.s.0.1..xxxxx", "m1.spoil-five..4.s.0.1..00000",
                                  "m1." * 10_000, "x" * 100_000, _forged_link("1", "~~~~"),
                                  _forged_link("1", "_" * 5000), _forged_link("1", players="99"),
                                  _forged_link("1", players="²"), _forged_link("1", variant="whist")])
def test_a_damaged_link_is_refused_by_the_game_and_the_review(code):
    session = game_in_play()
    before = snapshot(session)
    assert "link" in refused(send(session, {"op": "new", "game": code}))
    assert "link" in refused(send(session, {"op": "review_open", "link": code}))
    assert snapshot(session) == before


# -- variant files ----------------------------------------------------------------------------------

def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    return v.isoformat()        # dates and times


def _toml(data: dict) -> str:
    """A small TOML writer for the tests (the standard library reads TOML but does not write it)."""
    lines = []

    def walk(prefix, table):
        plain = [(k, v) for k, v in table.items() if not isinstance(v, dict)]
        nested = [(k, v) for k, v in table.items() if isinstance(v, dict)]
        if prefix and (plain or not nested):
            lines.append("[" + ".".join(json.dumps(p) for p in prefix) + "]")
        lines.extend(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in plain)
        for k, v in nested:
            walk(prefix + [k], v)
    walk([], data)
    return "\n".join(lines) + "\n"


def _key_paths(table, prefix=()):
    for key, value in table.items():
        yield prefix + (key,)
        if isinstance(value, dict):
            yield from _key_paths(value, prefix + (key,))


FILE_JUNK = ["x", -1, 10 ** 15, 2.5, True, [], ["x"], {}, {"a": 1}, [[[1]]], [{"a": 1}], datetime.date(1674, 1, 1)]


@pytest.mark.parametrize("vid", ["spoil-five", "auction-45-atlantic", "bruff"])
def test_a_wrong_type_for_any_key_of_a_file_is_refused_naming_file_and_key(vid, tmp_path):
    source = load_variant(vid).path
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    path = tmp_path / source.name
    checked = 0
    # Every key gets four of the wrong values, in turn, so every kind of junk meets about a third
    # of the keys: all twelve at every key cost 3,600 loads of the Atlantic file for little more.
    for place, keys in enumerate(_key_paths(data)):
        for junk in (FILE_JUNK * 2)[place % len(FILE_JUNK):][:4]:
            broken = copy.deepcopy(data)
            table = broken
            for key in keys[:-1]:
                table = table[key]
            table[keys[-1]] = junk
            path.write_text(_toml(broken), encoding="utf-8")
            with deadline():
                try:
                    load_variant_file(path)
                except VariantError as exc:
                    message = str(exc)
                    assert str(path) in message and "key '" in message and "expected" in message, message
                    assert len(message) < 2000, message
                    checked += 1
                    continue
            # Loaded after all: the junk was a value the key takes (a note may be any text, say).
    assert checked > 100


@pytest.mark.parametrize("damage,words", [
    (lambda text: text.encode() + b"\nnote = \"\xff\xfe\"\n", "not UTF-8 text"),
    (lambda text: b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40, "not UTF-8 text"),
    (lambda text: (text + "\n[deep]\nx = " + "[" * 5000 + "]" * 5000 + "\n").encode(), "nested too deeply"),
    (lambda text: (text + "\n[deep]\nx = 1\n").encode(), "key 'deep'"),
    (lambda text: ("x = {" + "a = {" * 3000 + "}" * 3001 + "\n").encode(), "nested too deeply"),
    (lambda text: (text + "\n#" + "x" * 1_100_000 + "\n").encode(), "too large"),
    (lambda text: b"", "key 'id'"),
    (lambda text: b"id = ", "not valid TOML"),
    (lambda text: text.replace("[players]", "[players]\n[players]").encode(), "not valid TOML"),
    (lambda text: (text + "\n" + "".join(f"[presets.p{k}]\nlabel = \"p\"\noptions = {{ ace_of_hearts_lead = \"hearts\" }}\n"
                                         f"source = \"hoyle-1864\"\nevidence = \"attested\"\n" for k in range(100))).encode(),
     "at most 62"),
])
def test_a_broken_file_is_refused_naming_the_file(damage, words, tmp_path):
    text = load_variant("spoil-five").path.read_text(encoding="utf-8")
    path = tmp_path / "spoil-five.toml"
    path.write_bytes(damage(text))
    with deadline():
        with pytest.raises(VariantError) as info:
            load_variant_file(path)
    assert str(path) in str(info.value) and words in str(info.value), str(info.value)[:500]


def test_a_missing_file_or_a_folder_is_refused_naming_it(tmp_path):
    for path in (tmp_path / "nothing.toml", tmp_path):
        with pytest.raises(VariantError, match="cannot be read") as info:
            load_variant_file(path)
        assert str(path) in str(info.value)


def test_house_rules_that_deal_for_no_table_are_refused(tmp_path):
    """A copy whose only count is refused by the stock once an option is chosen: the option is
    refused when chosen, not at the first deal."""
    text = load_variant("auction-45-atlantic").path.read_text(encoding="utf-8")
    text = text.replace("min = 2\nmax = 6\ndefault = 4", "min = 6\nmax = 6\ndefault = 6")
    text = text.replace('default_teams = ["2x2", "3x2"]', 'default_teams = ["3x2"]')
    path = tmp_path / "auction-45-atlantic.toml"
    path.write_text(text, encoding="utf-8")
    v = load_variant_file(path)
    assert v.player_counts == (6,)
    with pytest.raises(VariantError, match="deal for no number of players"):
        v.with_options({"exchange": "4"})
    assert v.table_choices()["option_players"]["exchange"]["4"] == []


# -- the command line -------------------------------------------------------------------------------

@pytest.mark.parametrize("args,words", [
    (["play", "spoil-five", "--players", "٣"], "--players: players must be a whole number from 2 to 10"),
    (["play", "spoil-five", "--players", "²"], "--players"),
    (["play", "spoil-five", "--players", "9" * 5000], "--players"),
    (["play", "spoil-five", "--seed", str(MAX_SEED + 1)], f"--seed: seed must be a whole number from 0 to {MAX_SEED}"),
    (["play", "spoil-five", "--seed", "1_000"], "--seed"),
    (["play", "spoil-five", "--seed", "９"], "--seed"),
    (["play", "spoil-five", "--seat", "-1"], "--seat"),
    (["play", "cotton-1674", "--seat", "5"], "--seat must be 0 to 1"),
    (["play", "one-hundred-and-ten", "--players", "10"], "--players: One-Hundred-and-Ten is played by 2 to 8 players"),
    (["play", "auction-45", "--players", "3"], "is played by 4 to 6 players"),
    (["play", "x" * 10_000], "unknown variant"),
    (["simulate", "spoil-five", "--players", "4", "--deals", "0"], "--deals"),
    (["simulate", "spoil-five", "--players", "4", "--deals", "10", "--bot", "[]"], "unknown bot"),
    (["ranking", "spoil-five", "--trump", "♥♥"], "use C, D, H or S"),
    (["replay", "-", "--seat", "11"], "--seat: seat must be a whole number from 0 to 9"),
    (["replay", "-", "--deal", "0"], "--deal: deal must be a whole number, 1 or more"),
    (["analyse", "-", "--deal", "٣"], "--deal"),
])
def test_a_bad_command_line_exits_2_naming_the_argument(args, words, capsys):
    with deadline(), pytest.raises(SystemExit) as info:
        cli.main(args)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "usage:" in err


@pytest.mark.parametrize("content,words", [
    (b"\xff\xfe\x00garbage", "not a text file"),
    (None, "cannot read"),
    (b"x" * 4_100_000, "too long for a record"),
    (b"", "empty"),
    (b"{" * 50_000, "cannot be read"),
])
def test_a_bad_record_file_is_refused_by_replay_and_analyse(content, words, tmp_path, capsys):
    path = tmp_path / "game.maw"
    if content is not None:
        path.write_bytes(content)
    for command in ("replay", "analyse"):
        with deadline():
            code = cli.main([command, str(path)])
        assert code == 2
        assert words in capsys.readouterr().err


def test_python_m_maw_sim_runs_the_command_line():
    with deadline():
        ok = subprocess.run([sys.executable, "-m", "maw_sim", "variants"], cwd=ROOT, capture_output=True,
                            text=True, timeout=DEADLINE)
        bad = subprocess.run([sys.executable, "-m", "maw_sim", "play", "spoil-five", "--players", "٣"],
                             cwd=ROOT, capture_output=True, text=True, timeout=DEADLINE)
    assert ok.returncode == 0 and "spoil-five" in ok.stdout
    assert bad.returncode == 2 and "--players" in bad.stderr and "Traceback" not in bad.stderr
