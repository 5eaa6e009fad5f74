"""Play with friends (issue 25), in headless Chromium against the real table server process.

Four browser contexts (four devices) at one Spoil Five table: the host makes the table from the
play page, three people join by its link, the host starts, and they play a deal to its end by
clicking legal cards, each page showing only its own seat's cards (checked against what the
server sends that seat, asked over the table's WebSocket with the seat's own token); one page is
reloaded mid-deal and comes back to its seat. The site served as a static site (no table server)
says nothing of friends, and no console error comes from asking.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from conftest import guarded_page
from serverproc import restartable_server
from test_browser import wait_idle

pytestmark = pytest.mark.browser

TABLE = "[data-maw-table]"
FRIENDS = "[data-maw-friends]"
READY_MS = 90_000
MOVE_MS = 30_000
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# A name with markup: shown as the text typed, never as markup.
NAMES = ["Ann", "Ben", "<b>Cat</b>", "Dan"]


@pytest.fixture(scope="module")
def table_server(site_html: Path, tmp_path_factory):
    """The table server (python -m maw_server) serving the built site, for this module: its
    ServerProcess (base_url; kill() and start() again on the same port and database)."""
    with restartable_server(tmp_path_factory.mktemp("friends"), site=site_html) as server:
        yield server


def post(base_url: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def wait_table(page, timeout=READY_MS):
    page.wait_for_function(
        "s => { const t = document.querySelector(s); return t && t.dataset.phase !== 'loading' "
        "&& t.dataset.phase !== 'lobby' && t.dataset.busy === 'false'; }", arg=TABLE, timeout=timeout)


def hand(page) -> set:
    return set(page.eval_on_selector_all(f"{TABLE} [data-maw-hand] button[data-card]", "bs => bs.map(b => b.dataset.card)"))


def seat_token(page, code: str) -> dict:
    return json.loads(page.evaluate("code => localStorage.getItem('maw-friends:' + code)", code))


def server_hand(base_url: str, code: str, token: str) -> tuple:
    """What the server sends this seat (its own connection, its token): (seat, hand codes)."""
    from websockets.sync.client import connect
    with connect(base_url.replace("http://", "ws://") + f"/api/tables/{code}/socket") as ws:
        ws.send(json.dumps({"id": 1, "op": "hello", "token": token}))
        while True:
            reply = json.loads(ws.recv(timeout=10))
            if reply.get("id") == 1:
                break
    assert reply["ok"], reply
    return reply["seat"], {card["code"] for card in reply["state"]["hand"]}


def to_move(page) -> bool:
    """This page's seat may act now: a legal card, a choice, or the discard's Confirm."""
    return page.evaluate("""s => { const t = document.querySelector(s);
        if (t.dataset.busy !== 'false' || t.dataset.phase === 'over') return false;
        return Boolean(t.querySelector('[data-maw-hand] button[data-legal="true"], .maw-choices button[data-action], [data-maw-select]:not([hidden])')); }""", TABLE)


def act(page) -> bool:
    """Click the first card or choice this page offers, if it still offers one. Between reading that
    a page may act and clicking, a push from the server can move its table on (a full run once
    found a page read as to move with neither a card nor a choice by the time of the click); the
    play loop then reads the pages again."""
    offered = page.locator(f'{TABLE} [data-maw-hand] button[data-legal="true"], '
                           f'{TABLE} .maw-choices button[data-action]')
    try:
        offered.first.click(timeout=2_000)
    except PlaywrightTimeoutError:
        return False
    wait_idle(page)
    return True


def test_four_devices_play_one_deal_each_seeing_only_its_own_cards(browser, table_server):
    base = table_server.base_url
    made = []

    def device(viewport):
        context, page, guard = guarded_page(browser, base, viewport=viewport, reduced_motion="reduce")
        made.append((context, guard))
        return page

    try:
        # The host: a table against bots first (Python in the page), then "Play with friends".
        klass = post(base, "/api/classes", {})["class"]
        host = device(DESKTOP)
        # Opened from the teacher's link: the table is the class's.
        host.goto(f"{base}/play/spoil-five.html?players=4&seed=5&class={klass}")
        host.wait_for_function("s => { const t = document.querySelector(s); return t && t.dataset.phase !== 'loading' "
                               "&& t.dataset.busy === 'false'; }", arg=TABLE, timeout=READY_MS)
        host.get_by_role("button", name="Play with friends").click()
        dialog = host.get_by_role("dialog", name="Play with friends")
        assert "Spoil Five, 4 players" in dialog.inner_text()
        dialog.locator("input[name=name]").fill(NAMES[0])
        dialog.locator("select[name=seat]").select_option("0")
        dialog.get_by_role("button", name="Create the table").click()
        code = host.locator("[data-maw-table-code]").inner_text(timeout=MOVE_MS)
        assert len(code) == 6 and host.url.endswith(f"?table={code}")
        qr = host.locator(f"{FRIENDS} img.maw-friends-qr")
        assert qr.get_attribute("src").endswith(f"/api/tables/{code}/qr.svg")
        host.wait_for_function("i => i.complete && i.naturalWidth > 0", arg=qr.element_handle(), timeout=MOVE_MS)
        assert host.locator("dialog.maw-friends-dialog").count() == 0

        # Three people open the link on their own devices, each takes the next free seat.
        link = host.locator(f"{FRIENDS} a.maw-friends-link").get_attribute("href")
        pages = [host]
        for seat, name in enumerate(NAMES[1:], start=1):
            page = device(PHONE)
            page.goto(link)
            page.locator(f"{FRIENDS} input[name=name]").fill(name)
            page.locator(f"{FRIENDS} select[name=seat]").select_option(str(seat))
            page.get_by_role("button", name="Take this seat").click()
            page.wait_for_selector(f'{FRIENDS}[data-status="lobby"][data-connection="up"]', timeout=MOVE_MS)
            # The host's lobby fills live, by the names typed (as text).
            host.wait_for_function("([s, n]) => [...document.querySelectorAll(`[data-maw-lobby-seats] li[data-seat='${s}'] .maw-friends-name`)]"
                                   ".some(e => e.textContent === n)", arg=[seat, name], timeout=MOVE_MS)
            pages.append(page)
        assert host.locator("[data-maw-lobby-seats] b").count() == 0
        # Only the host may start.
        assert pages[1].locator('[data-action="start"]').count() == 0
        host.get_by_role("button", name="Start").click()
        for page in pages:
            wait_table(page, MOVE_MS)

        # Names on the seats, the same on every device ("You" on one's own).
        for me, page in enumerate(pages):
            for seat, name in enumerate(NAMES):
                shown = page.locator(f'{TABLE} .maw-seats [data-seat="{seat}"] .maw-seat-name').inner_text()
                assert shown == ("You" if seat == me else name), (me, seat, shown)
            assert page.locator(f"{TABLE} .maw-seats b").count() == 0
            # The table as against bots, less what a shared table must not offer: no seed, no hint.
            assert "seed" not in page.locator(f"{TABLE} .maw-title").inner_text()
            assert not page.locator(f'{TABLE} [data-action="hint"]').is_visible()

        def check_hands():
            hands = []
            for me, page in enumerate(pages):
                seat, cards = server_hand(base, code, seat_token(page, code)["token"])
                assert seat == me
                assert hand(page) == cards, (me, hand(page), cards)
                hands.append(cards)
            for i in range(4):
                for j in range(i + 1, 4):
                    assert not hands[i] & hands[j]
            return hands

        hands = check_hands()
        assert all(len(h) == 5 for h in hands)

        # Play by clicking legal moves wherever one is offered; reload one device mid-deal.
        reloaded = False
        moves = 0
        for _ in range(200):
            if all(page.locator(TABLE).get_attribute("data-phase") == "over" for page in pages):
                break
            ready = [page for page in pages if to_move(page)]
            if not ready:
                pages[0].wait_for_timeout(100)
                continue
            # A seat deciding unseen whether to rob goes first: the leader, who sees only the
            # play, may lead, but the server holds that lead until the rob is decided (a refusal
            # would tell the table where the ace is), so a lead sent first would wait for it.
            ready.sort(key=lambda page: page.locator(TABLE).get_attribute("data-phase") == "play")
            if not act(ready[0]):
                continue
            moves += 1
            if moves == 6 and not reloaded:
                check_hands()
                before = hand(pages[2])
                pages[2].reload()
                wait_table(pages[2], MOVE_MS)
                # The same seat at once: no join form, the same cards, "You" at seat 2.
                assert pages[2].locator(f'{FRIENDS} [data-action="join"]').count() == 0
                assert pages[2].locator(f'{TABLE} .maw-seats [data-seat="2"] .maw-seat-name').inner_text() == "You"
                assert hand(pages[2]) == before
                # The others were told that seat came back, and stayed at the table.
                pages[0].wait_for_timeout(300)
                for other in pages[:2] + pages[3:]:
                    assert other.locator(f"{FRIENDS} details.maw-friends-bar").count() == 1
                    assert other.locator(TABLE).get_attribute("data-phase") != "lobby"
                reloaded = True
        else:
            raise AssertionError("the deal did not end in 200 moves")
        assert reloaded
        for page in pages:
            page.wait_for_function("s => document.querySelector(s).dataset.phase === 'over'", arg=TABLE, timeout=MOVE_MS)
            assert page.locator(f"{TABLE} [data-maw-outcome]").inner_text()
        # The log names the people who played (here the host's page, by the others' names).
        log = host.locator(f"{TABLE} .maw-log-list").text_content()
        assert "Ben" in log and "Dan" in log

        # The server killed (kill -9) and started again: every page says it is reconnecting, then
        # goes on by itself, each at its seat with the same table.
        outcome = host.locator(f"{TABLE} [data-maw-outcome]").inner_text()
        table_server.kill()
        for page in pages:
            page.wait_for_selector(f'{FRIENDS}[data-connection="down"]', state="attached", timeout=MOVE_MS)
        assert host.get_by_role("status").filter(has_text="Reconnecting…").is_visible()
        table_server.start()
        for me, page in enumerate(pages):
            page.wait_for_selector(f'{FRIENDS}[data-connection="up"]', state="attached", timeout=MOVE_MS)
            assert page.locator(f'{TABLE} .maw-seats [data-seat="{me}"] .maw-seat-name').inner_text() == "You"
        assert not host.locator(".maw-reconnecting").is_visible()
        assert host.locator(f"{TABLE} [data-maw-outcome]").inner_text() == outcome

        # The host puts a bot in Dan's seat, then gives it back to him.
        host.locator(f"{FRIENDS} details.maw-friends-bar > summary").click()
        host.locator(f'{FRIENDS} li[data-seat="3"] [data-action="seat-bot"]').click()
        host.wait_for_selector(f'{FRIENDS} li[data-seat="3"][data-kind="bot"]', timeout=MOVE_MS)
        host.locator(f'{FRIENDS} li[data-seat="3"] [data-action="seat-person"]').click()
        host.wait_for_selector(f'{FRIENDS} li[data-seat="3"][data-kind="person"]', timeout=MOVE_MS)
        assert host.locator(f'{FRIENDS} li[data-seat="3"] .maw-friends-name').inner_text() == "Dan"

        # The teacher's page: the table with its people, and the finished deal on the review board.
        teacher = device(DESKTOP)
        teacher.goto(f"{base}/teaching/class.html?class={klass}")
        row = teacher.locator(f'[data-maw-class-tables] tr[data-table="{code}"]')
        row.wait_for(timeout=MOVE_MS)
        for name in NAMES:
            assert name in row.inner_text()
        assert "Spoil Five" in row.inner_text()
        records = teacher.locator("[data-maw-records]").get_attribute("href")
        assert records.endswith(f"/api/classes/{klass}/records.maw")
        with urllib.request.urlopen(records, timeout=10) as response:
            assert response.read().decode().startswith("% MAW")
        review = row.locator("a[data-maw-review-link]")
        assert review.count() == 1
        review.click()
        teacher.wait_for_url("**/review.html?game=*", timeout=MOVE_MS)
        teacher.wait_for_function("() => { const board = document.querySelector('[data-maw-review]'); "
                                  "return board && board.dataset.state === 'ready'; }", timeout=READY_MS)

        # The host ends the table (two taps): everyone is told, the record kept.
        end = host.locator(f'{FRIENDS} [data-action="end-table"]')
        end.click()
        assert "Tap again" in end.inner_text()
        end.click()
        for page in pages:
            page.wait_for_selector(f'{FRIENDS}[data-status="ended"]', state="attached", timeout=MOVE_MS)
        assert "record is kept" in pages[1].locator(FRIENDS).inner_text()
    finally:
        for context, guard in made:
            context.close()
    for context, guard in made:
        # While the server was down, Chromium logged each refused attempt to reconnect: those,
        # and only those, are expected.
        guard.errors = [e for e in guard.errors if "ERR_CONNECTION_REFUSED" not in e]
        guard.check()


def test_the_static_site_says_nothing_of_friends(browser, server):
    """Served by any static server (no table server): the play page is as it was, no button, no
    console error from finding out."""
    context, page, guard = guarded_page(browser, server, viewport=DESKTOP, reduced_motion="reduce")
    try:
        page.goto(f"{server}/play/spoil-five.html?players=4&seed=5")
        page.wait_for_function("s => { const t = document.querySelector(s); return t && t.dataset.phase !== 'loading' "
                               "&& t.dataset.busy === 'false'; }", arg=TABLE, timeout=READY_MS)
        page.wait_for_load_state("networkidle")
        assert page.locator('[data-action="friends"]').count() == 0
        assert "friends" not in page.locator(TABLE).inner_text().lower()
        # Asking meant a HEAD of the page itself, never a request that could fail.
        assert not [url for url in guard.requests if "/api/" in url]
    finally:
        context.close()
    guard.check()


def test_the_teachers_page_lists_the_class_tables_live(browser, table_server):
    """A class's tables appear on the teacher's page as they are made, by ruleset and people."""
    base = table_server.base_url
    context, page, guard = guarded_page(browser, base, viewport=PHONE, reduced_motion="reduce")
    try:
        page.goto(f"{base}/teaching/class.html")
        page.get_by_role("button", name="Start a new class").click()
        klass = page.locator("[data-maw-class-code]").inner_text(timeout=MOVE_MS)
        assert page.url.endswith(f"?class={klass}")
        # The pupils' link: a play page that makes the class's tables.
        assert page.locator("[data-maw-class-play]").get_attribute("href").endswith(f"/play/spoil-five.html?class={klass}")
        page.locator("[data-maw-class-tables] td", has_text="No table yet").wait_for(timeout=MOVE_MS)
        made = post(base, "/api/tables", {"variant": "twenty-five", "players": 4, "name": "Eve <i>", "seat": 1, "class": klass})
        row = page.locator(f'[data-maw-class-tables] tr[data-table="{made["code"]}"]')
        row.wait_for(timeout=MOVE_MS)           # without a reload: the page refreshes itself
        assert "Eve <i>" in row.inner_text() and "Twenty-Five" in row.inner_text()
        assert "3 free seats" in row.inner_text() and "waiting to start" in row.inner_text()
        assert row.locator("i").count() == 0
    finally:
        context.close()
    guard.check()


def test_the_teachers_page_without_the_server_says_what_it_needs(browser, server):
    context, page, guard = guarded_page(browser, server, viewport=DESKTOP, reduced_motion="reduce")
    try:
        page.goto(f"{server}/teaching/class.html")
        page.wait_for_selector('[data-maw-class][data-state="no-server"]', timeout=MOVE_MS)
        assert "make serve" in page.locator("[data-maw-class]").get_by_role("alert").inner_text()
    finally:
        context.close()
    guard.check()


def test_the_lobby_and_the_teachers_page_pass_axe(browser, table_server):
    """The lobby (host's view, a seat of each kind) and the teacher's page, in light and dark, by
    axe-core's rules as the site's other pages are checked (tests/test_a11y.py)."""
    from test_a11y import THEMES, axe_violations, set_theme
    base = table_server.base_url
    klass = post(base, "/api/classes", {})["class"]
    made = post(base, "/api/tables", {"variant": "spoil-five", "players": 4, "name": "Ann", "seat": 0, "class": klass})
    code = made["code"]
    post(base, f"/api/tables/{code}/seats", {"seat": 1, "name": "Ben"})
    context, page, guard = guarded_page(browser, base, viewport=DESKTOP, reduced_motion="reduce")
    problems = []
    try:
        context.add_init_script("localStorage.setItem('maw-friends:%s', JSON.stringify({token: '%s', seat: 0}))"
                                % (code, made["token"]))
        page.goto(f"{base}/play/spoil-five.html?table={code}")
        page.wait_for_selector(f'{FRIENDS}[data-status="lobby"][data-connection="up"]', timeout=MOVE_MS)
        page.get_by_role("button", name="Put a bot here").last.click()
        page.wait_for_selector('[data-maw-lobby-seats] li[data-kind="bot"]', timeout=MOVE_MS)
        page.goto(f"{base}/teaching/class.html?class={klass}")
        page.wait_for_selector(f'[data-maw-class-tables] tr[data-table="{code}"]', timeout=MOVE_MS)
        for path in (f"play/spoil-five.html?table={code}", f"teaching/class.html?class={klass}"):
            page.goto(f"{base}/{path}")
            page.wait_for_selector(f'{FRIENDS}[data-connection="up"], [data-maw-class-tables] tr[data-table]', timeout=MOVE_MS)
            for theme in THEMES:
                set_theme(page, theme)
                problems += [f"{path} ({theme}): {v}" for v in axe_violations(page)]
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    guard.check()
