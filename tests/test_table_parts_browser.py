"""The play table's answers, memory and pace in headless Chromium, at 1280×800 and 390×844.

Read by geometry and accessible roles, as a player meets them: a refused card is answered beside
it, inside the window, short on a phone, read out (role "alert"); the last trick can be seen again
once the next one has started; at the slow speed a trick won stays until Continue; a reload, the
address bar in another browser and the page opened again without a link all restore the same
game; the game's link is copied; "New game" starts another. Screenshots go to
docs/_build/screenshots/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from conftest import NO_SERVICE_WORKER, ROOT, Guard
from maw_sim import web
from test_browser import _seed_with_an_illegal_card, click_a_legal_move, hand_codes

pytestmark = pytest.mark.browser

TABLE = "[data-maw-table]"
READY_MS = 90_000
MOVE_MS = 30_000
SHOTS = ROOT / "docs" / "_build" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture
def new_context(browser, server):
    """Contexts of their own (a viewport, a motion setting, storage that starts empty), each
    guarded: no request off 127.0.0.1, no console error."""
    made = []

    def make(viewport=DESKTOP, reduced_motion="reduce", **options):
        context = browser.new_context(viewport=viewport, reduced_motion=reduced_motion,
                                      has_touch=viewport is PHONE,
                                      **{**NO_SERVICE_WORKER, **options})
        guard = Guard(server)
        guard.watch(context)
        context.on("console", guard.on_console)
        context.on("weberror", lambda error: guard.errors.append(f"page error: {error.error}"))
        made.append((context, guard))
        return context

    yield make
    for context, guard in made:
        context.close()
        guard.check()


def wait_ready(page):
    page.wait_for_function(
        "s => { const t = document.querySelector(s); return t && t.dataset.phase !== 'loading' "
        "&& t.dataset.busy === 'false'; }", arg=TABLE, timeout=READY_MS)


def open_table(page, url):
    page.goto(url)
    wait_ready(page)


def table_url(server, variant, **params):
    return f"{server}/play/{variant}.html" + (f"?{urlencode(params)}" if params else "")


def wait_idle(page):
    page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false'", arg=TABLE,
                           timeout=MOVE_MS)


def inside_window(page, b) -> bool:
    size = page.viewport_size
    return b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= size["width"] + 0.5 \
        and b["y"] + b["height"] <= size["height"] + 0.5


def header_bottom(page) -> float:
    """Where the site's sticky header ends in the window (0 without one)."""
    return page.evaluate("() => { const h = document.querySelector('header'); return h ? Math.max(0, h.getBoundingClientRect().bottom) : 0; }")


def screenshot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def picture(page):
    """What the reader sees of the game: the title, the phase, the hand, the trick, the score
    sheet and the scores line."""
    return (page.inner_text(f"{TABLE} .maw-title"), page.get_attribute(TABLE, "data-phase"), hand_codes(page),
            page.inner_text(f"{TABLE} [data-maw-trick]"), page.text_content(f"{TABLE} [data-maw-sheet]"),
            page.text_content(f"{TABLE} .maw-scores"))


def state_of(page) -> dict:
    """The engine's state at the page's position, rebuilt in CPython from the address bar."""
    params = {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items() if k != "deal"}   # "deal": for people
    session = web.Session()
    reply = json.loads(web.handle(json.dumps({"op": "new", "lenient": True, **params}), session))
    assert reply["ok"] and not reply["warnings"], reply
    return reply["state"]


# -- answers where you look --------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_a_refused_card_is_answered_beside_it_inside_the_window(new_context, server, size):
    seed, card = _seed_with_an_illegal_card()
    page = new_context(SIZES[size]).new_page()
    open_table(page, table_url(server, "spoil-five", players=5, seed=seed))
    before = hand_codes(page)
    button = page.locator(f'{TABLE} [data-maw-hand] button[data-card="{card["code"]}"]')
    button.click(force=True)        # aria-disabled, yet clickable: to say why
    answer = page.locator(TABLE).get_by_role("alert")
    assert answer.count() == 1 and answer.is_visible()
    # One plain sentence first; the sources are a tap away, not in view.
    assert answer.inner_text().strip().startswith(card["reason_plain"])
    sources = answer.get_by_text(card["reason_sources"])
    assert sources.is_hidden()
    b = answer.bounding_box()
    assert inside_window(page, b), f"the answer is outside the window: {b}"
    assert b["y"] >= header_bottom(page), "the answer is under the site's header"
    if size == "phone":
        assert b["height"] <= 250, f"the answer is {b['height']} px tall on a phone"
    # Beside the card tapped: it touches no more than a margin away from the card, above or below.
    c = button.bounding_box()
    gap = max(b["y"] - (c["y"] + c["height"]), c["y"] - (b["y"] + b["height"]))
    assert gap <= 12, f"the answer is {gap} px away from the card"
    screenshot(page, f"table-refusal-{size}.png")
    answer.get_by_text("Sources", exact=True).click()
    assert sources.is_visible()
    assert inside_window(page, answer.bounding_box())
    assert answer.bounding_box()["height"] <= (250 if size == "phone" else 400)
    assert hand_codes(page) == before, "a refused card is not played"
    answer.get_by_role("button", name="Close this answer").click()
    assert page.locator(TABLE).get_by_role("alert").count() == 0


# -- see what happened --------------------------------------------------------------------------------

def to_the_second_trick_started(page, limit=30):
    """Play the first legal moves until a trick has been taken and the next one holds a card."""
    for _ in range(limit):
        last = page.locator(TABLE).get_by_role("button", name="Last trick")
        cards = page.locator(f"{TABLE} [data-maw-trick] figure")
        if last.is_enabled() and cards.count() and not page.locator(f"{TABLE} [data-maw-trick] figcaption",
                                                                      has_text="★").count():
            return
        assert page.get_attribute(TABLE, "data-phase") != "over"
        click_a_legal_move(page)
    raise AssertionError("no second trick started")


@pytest.mark.parametrize("size", SIZES)
def test_the_last_trick_is_shown_again_after_the_next_has_started(new_context, server, size):
    page = new_context(SIZES[size]).new_page()
    open_table(page, table_url(server, "spoil-five", players=4, seed=12))
    to_the_second_trick_started(page)
    current = page.eval_on_selector_all(f"{TABLE} [data-maw-trick] [role=img]", "cs => cs.map(c => c.dataset.code)")
    expected = state_of(page)["last_trick"]
    button = page.locator(TABLE).get_by_role("button", name="Last trick")
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    trick = page.locator(TABLE).get_by_role("group", name="The trick on the table")
    shown = trick.get_by_role("img").evaluate_all("cs => cs.map(c => c.dataset.code)")
    assert shown == [p["card"]["code"] for p in expected["plays"]] != current
    assert expected["text"] in trick.inner_text() and "won trick" in expected["text"]
    for card in trick.get_by_role("img").all():
        assert inside_window(page, card.bounding_box())
        assert card.bounding_box()["y"] >= header_bottom(page), "a card of the last trick is under the header"
    screenshot(page, f"table-last-trick-{size}.png")
    button.click()
    assert button.get_attribute("aria-pressed") == "false"
    assert trick.get_by_role("img").evaluate_all("cs => cs.map(c => c.dataset.code)") == current


def test_at_the_slow_speed_a_trick_won_stays_until_continue(new_context, server):
    page = new_context(DESKTOP, reduced_motion="no-preference").new_page()
    open_table(page, table_url(server, "spoil-five", players=4, seed=12))
    speed = page.locator(TABLE).get_by_role("combobox", name="Speed of the bots' moves")
    assert speed.input_value() == "normal"
    speed.select_option("slow")
    go_on = page.locator(TABLE).get_by_role("button", name="Continue")
    for _ in range(30):
        assert page.get_attribute(TABLE, "data-phase") != "over", "no trick won before the bots went on"
        legal = page.locator(f'{TABLE} [data-maw-hand] button[data-card][data-legal="true"]')
        (legal.first if legal.count() else page.locator(f"{TABLE} .maw-choices button").first).click()
        page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false' || "
                               "[...document.querySelectorAll(s + ' button')].some(b => b.textContent === 'Continue' "
                               "&& !b.hidden)", arg=TABLE, timeout=MOVE_MS)
        if go_on.is_visible():
            break
    assert go_on.is_visible()
    trick = page.locator(TABLE).get_by_role("group", name="The trick on the table")
    assert "won trick" in trick.inner_text() or "wins trick" in trick.inner_text()
    assert trick.locator("figcaption", has_text="★").count() == 1
    held = trick.inner_text()
    page.wait_for_timeout(1500)        # longer than the normal speed's pause: still held
    assert trick.inner_text() == held and page.get_attribute(TABLE, "data-busy") == "true"
    # The pause says what it waits for; meanwhile no card looks playable and no seat is "to move",
    # and a card tapped says why nothing happens.
    assert "Press Continue to go on." in page.locator(f"{TABLE} .maw-prompt").inner_text()
    assert speed.locator("option:checked").inner_text().startswith("Slow (each trick waits for Continue")
    hand = page.locator(f"{TABLE} [data-maw-hand] button[data-card]")
    if hand.count():
        assert hand.first.evaluate("b => getComputedStyle(b).borderTopColor") in ("rgba(0, 0, 0, 0)", "transparent")
        hand.first.click(force=True)
        assert "until you press Continue" in page.locator(f"{TABLE} [data-maw-answer]").inner_text()
    assert page.locator(TABLE).get_by_text("to move", exact=True).count() == 0 or \
        not page.locator(TABLE).get_by_text("to move", exact=True).first.is_visible()
    screenshot(page, "table-slow-continue-desktop.png")
    go_on.click()
    wait_idle(page)
    assert go_on.is_hidden()
    # The speed is the reader's, for every table of the site.
    open_table(page, table_url(server, "twenty-five", seed=3))
    assert page.locator(TABLE).get_by_role("combobox", name="Speed of the bots' moves").input_value() == "slow"


# -- your game survives ---------------------------------------------------------------------------------

def play_into_the_second_deal(page):
    for _ in range(40):
        if page.get_attribute(TABLE, "data-phase") == "over":
            page.locator(TABLE).get_by_role("button", name="New deal").click()
            wait_idle(page)
            click_a_legal_move(page)
            return
        click_a_legal_move(page)
    raise AssertionError("the first deal did not end")


def test_a_reload_another_browser_and_the_bare_page_restore_the_game(new_context, server):
    context = new_context(DESKTOP)
    page = context.new_page()
    open_table(page, table_url(server, "twenty-five", players=4, seed=4242))
    play_into_the_second_deal(page)
    before = picture(page)
    assert "deal 2" in before[0]
    assert "game=" in page.url, "the address bar carries the game"
    assert page.locator(TABLE).get_by_role("link", name="Link to this deal").get_attribute("href") == page.url
    page.reload()
    wait_ready(page)
    assert picture(page) == before
    # The address bar, opened in a fresh browser (no storage, no cache): the same game.
    other = new_context(PHONE).new_page()
    open_table(other, page.url)
    assert picture(other) == before
    screenshot(other, "table-restored-phone.png")
    # The page opened again without a link (a closed tab, the menu): the game this browser kept.
    bare = context.new_page()
    open_table(bare, table_url(server, "twenty-five"))
    assert picture(bare) == before
    assert bare.url == page.url


def test_copy_link_and_an_explicit_new_game(new_context, server):
    context = new_context(DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    open_table(page, table_url(server, "spoil-five", players=3, seed=77))
    click_a_legal_move(page)
    page.locator(TABLE).get_by_role("button", name="Copy link").click()
    said = page.locator(f"{TABLE} .maw-head").get_by_role("status")
    said.filter(has_text="copied").wait_for(timeout=MOVE_MS)
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    old = page.url
    page.locator(TABLE).get_by_role("button", name="New game").click()
    wait_idle(page)
    assert "deal 1" in page.inner_text(f"{TABLE} .maw-title")
    assert parse_qs(urlparse(page.url).query)["seed"] != parse_qs(urlparse(old).query)["seed"]
    assert parse_qs(urlparse(page.url).query)["players"] == ["3"]
    fresh = picture(page)
    page.goto(table_url(server, "spoil-five"))
    wait_ready(page)
    assert picture(page) == fresh, "the new game is the one kept"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_order_of_the_trumps_is_a_tap_away(new_context, server, size):
    # The trump badge opens the ranking in force, as the engine sends it, inside the window.
    page = new_context(viewport=SIZES[size]).new_page()
    open_table(page, table_url(server, "bruff", players=6, seed=3))
    page.get_by_text("show every trump in order").locator("..").click()
    order = page.get_by_role("list", name="The trumps, highest first")
    order.wait_for(state="visible")
    items = order.get_by_role("listitem")
    session = web.Session()
    state = json.loads(web.handle(json.dumps({"op": "new", "variant": "bruff", "players": 6, "seed": 3}), session))["state"]
    assert [items.nth(k).inner_text() for k in range(items.count())] == [c["symbol"] for c in state["trump_order"]]
    assert inside_window(page, order.bounding_box())
    page.screenshot(path=str(SHOTS / f"trump-order-{size}.png"))


def test_the_hint_marks_every_choice_as_the_engine_judged_it(new_context, server):
    # The Hint button asks the engine (in the page's Pyodide) for its search's verdict, from this
    # seat's view alone; each legal card carries its value, the best one marked, and the reason is
    # said beside the button. The same game in CPython gives the same verdict.
    page = new_context(viewport=DESKTOP).new_page()
    open_table(page, table_url(server, "spoil-five", players=3, seed=5))
    page.get_by_role("button", name="Hint").click()
    wait_idle(page)
    marks = page.locator("[data-maw-hand] .maw-hint-mark")
    marks.first.wait_for(state="attached", timeout=MOVE_MS)
    session = web.Session()
    state = json.loads(web.handle(json.dumps({"op": "new", "variant": "spoil-five", "players": 3, "seed": 5}), session))["state"]
    hint = json.loads(web.handle(json.dumps({"op": "hint"}), session))["hint"]
    legal_cards = [c["code"] for c in state["hand"] if c["legal"]]
    assert marks.count() == len(legal_cards)
    best = next(c["action"] for c in hint["choices"] if c["best"])
    best_in_page = page.locator("[data-maw-hand] button:has(.maw-hint-best)").get_attribute("data-card")
    assert best_in_page == best
    alert = page.get_by_role("alert")
    assert "deals imagined" in alert.inner_text() and inside_window(page, alert.bounding_box())
    page.screenshot(path=str(SHOTS / "hint-desktop.png"))


def test_a_points_game_counts_the_deal_as_it_goes(new_context, server):
    # Twenty-Five: five a trick, counted as each trick is taken, beside the score before the deal.
    page = new_context(viewport=DESKTOP).new_page()
    open_table(page, table_url(server, "twenty-five", players=3, seed=4))
    session = web.Session()
    state = json.loads(web.handle(json.dumps({"op": "new", "variant": "twenty-five", "players": 3, "seed": 4}), session))["state"]
    for _ in range(6):
        if state["phase"] == "over" or state["tricks_played"] >= 2:
            break
        action = click_a_legal_move(page)
        state = json.loads(web.handle(json.dumps({"op": "act", "action": action}), session))["state"]
    now = state["scores"]["this_deal"]
    assert state["phase"] != "over" and now and sum(now) >= 10
    text = page.locator("[data-maw-table] .maw-scores").inner_text()
    for p in now:
        if p:
            assert f"(+{p} this deal)" in text


def test_a_learner_may_be_asked_before_the_first_card_of_each_deal(new_context, server):
    """"Did you mean that?": off unless chosen; when chosen, the first card of a deal is only
    offered (the question beside it, read out), and played by a second tap; the next card of the
    same deal is played at once. The choice is kept for the site."""
    context = new_context(DESKTOP)
    page = context.new_page()
    open_table(page, table_url(server, "cotton-1674", seed=4))
    while page.get_attribute(TABLE, "data-phase") == "rob":
        click_a_legal_move(page)
    page.click(f"{TABLE} details.maw-settings > summary")
    page.locator(TABLE).get_by_label("Ask “Play this card?” before my first card of each deal").check()
    legal = page.locator(f'{TABLE} [data-maw-hand] button[data-card][data-legal="true"]')
    card = legal.first.get_attribute("data-card")
    before = hand_codes(page)
    legal.first.click()
    question = page.locator(f"{TABLE} [data-maw-answer]")
    assert question.is_visible() and question.get_attribute("role") == "alert"
    assert "Tap it again to play it" in question.inner_text()
    assert hand_codes(page) == before, "the first tap played nothing"
    page.click(f'{TABLE} [data-maw-hand] button[data-card="{card}"]')
    wait_idle(page)
    assert card not in hand_codes(page)
    if page.get_attribute(TABLE, "data-phase") == "play":
        again = page.locator(f'{TABLE} [data-maw-hand] button[data-card][data-legal="true"]')
        count = len(hand_codes(page))
        again.first.click()
        wait_idle(page)
        assert len(hand_codes(page)) == count - 1, "the second card of the deal is played at once"
    # Kept for the site: another table asks too.
    open_table(page, table_url(server, "spoil-five", seed=5))
    assert page.locator(TABLE).get_by_label("Ask “Play this card?” before my first card of each deal").is_checked()
