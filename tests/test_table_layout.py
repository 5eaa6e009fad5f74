"""The card table's layout in headless Chromium, at a desktop and a phone size.

Bounding boxes, not pixels: the seats round the felt (you at the bottom, the next seat on your
left), each card of the trick toward the seat that played it, cards drawn as SVG; on a phone at your
turn the trick and the whole hand on one screen with finger-sized cards; reduced motion; and
pass-and-play, where each hand stays hidden until its player taps. Screenshots of the table are
written to docs/_build/screenshots/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

import pytest

from conftest import ROOT, Guard
from maw_sim import web

pytestmark = pytest.mark.browser

TABLE = "[data-maw-table]"
READY_MS = 90_000
MOVE_MS = 30_000
SHOTS = ROOT / "docs" / "_build" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def new_page(browser, server):
    """Pages in their own contexts (a viewport and a motion setting each), each guarded as the
    shared ``page`` fixture is: no request off 127.0.0.1, no console error."""
    made = []

    def make(viewport, reduced_motion="reduce"):
        context = browser.new_context(viewport=viewport, reduced_motion=reduced_motion,
                                      has_touch=viewport is PHONE)
        guard = Guard(server)
        context.route("**/*", guard.route)
        context.on("request", guard.on_request)
        page = context.new_page()
        page.on("console", guard.on_console)
        page.on("pageerror", lambda error: guard.errors.append(f"page error: {error}"))
        made.append((context, guard))
        return page

    yield make
    for context, guard in made:
        context.close()
        guard.check()


def open_table(page, server, path, **params):
    page.goto(f"{server}/{path}?{urlencode(params)}")
    page.wait_for_function(
        "s => { const t = document.querySelector(s); return t && t.dataset.phase !== 'loading' "
        "&& t.dataset.busy === 'false'; }", arg=TABLE, timeout=READY_MS)
    assert page.get_attribute(TABLE, "data-phase") in ("rob", "play", "jink", "over")


def wait_idle(page):
    page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false'",
                           arg=TABLE, timeout=MOVE_MS)


def play_one(page):
    legal = page.locator(f'{TABLE} button[data-card][data-legal="true"]')
    if legal.count():
        legal.first.click()
    else:
        page.locator(f"{TABLE} .maw-choices button[data-action]").first.click()
    wait_idle(page)


def to_a_trick_with_cards(page, limit=12):
    """Play on until it is your turn to play a card and the trick already holds a card."""
    for _ in range(limit):
        phase = page.get_attribute(TABLE, "data-phase")
        if phase == "play" and page.locator(f"{TABLE} [data-maw-trick] figure").count() \
                and page.locator(f'{TABLE} button[data-card][data-legal="true"]').count():
            return
        assert phase != "over", "the deal ended before a trick with cards came to your turn"
        play_one(page)
    raise AssertionError("no trick with cards at your turn")


def box(page, selector):
    b = page.locator(selector).first.bounding_box()
    assert b, f"{selector} is not displayed"
    return b


def centre(b):
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def scroll_table_to_top(page) -> float:
    """Scroll the table to just under the site's sticky header; returns the header's bottom."""
    top = page.evaluate("() => { const h = document.querySelector('header'); return h ? h.getBoundingClientRect().bottom : 0; }")
    page.evaluate("([s, top]) => window.scrollTo(0, document.querySelector(s).getBoundingClientRect().top + window.scrollY - top)",
                  [f"{TABLE} .maw-board", top])
    return top


def screenshot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))
    assert (SHOTS / name).stat().st_size > 1000


def check_round_the_table(page):
    felt = box(page, f"{TABLE} .maw-felt")
    fx, fy = centre(felt)
    seats = page.eval_on_selector_all(f"{TABLE} .maw-seats [data-seat]", "ls => ls.map(l => +l.dataset.seat)")
    players = len(seats)
    me = int(page.get_attribute(f"{TABLE} .maw-seats .maw-you", "data-seat"))
    where = {}
    for seat in seats:
        sx, sy = centre(box(page, f'{TABLE} .maw-seats [data-seat="{seat}"]'))
        # Every seat sits on the table's rail: its centre within the felt's box.
        assert felt["x"] - 1 <= sx <= felt["x"] + felt["width"] + 1
        assert felt["y"] - 1 <= sy <= felt["y"] + felt["height"] + 1
        where[seat] = (sx - fx, sy - fy)
    assert where[me][1] > felt["height"] * 0.3, "you sit at the bottom of the table"
    left = (me + 1) % players
    assert where[left][0] < -felt["width"] * 0.2, "the next seat sits on your left"
    # Each card of the trick lies toward the seat that played it.
    plays = page.eval_on_selector_all(f"{TABLE} [data-maw-trick] figure[data-seat]", "fs => fs.map(f => +f.dataset.seat)")
    assert plays
    for seat in plays:
        cx, cy = centre(box(page, f'{TABLE} [data-maw-trick] figure[data-seat="{seat}"] .maw-card'))
        dx, dy = where[seat]
        if abs(dx) > felt["width"] * 0.2:
            assert (cx - fx) * dx > 0, f"seat {seat}'s card is not on its side"
        if abs(dy) > felt["height"] * 0.2:
            assert (cy - fy) * dy > 0, f"seat {seat}'s card is not on its side"
        assert felt["x"] < cx < felt["x"] + felt["width"] and felt["y"] < cy < felt["y"] + felt["height"]
    # Cards are drawn as cards (SVG faces), named for a screen reader.
    assert page.locator(f"{TABLE} [data-maw-hand] button[data-card] svg").count() == \
        page.locator(f"{TABLE} [data-maw-hand] button[data-card]").count() > 0
    assert page.locator(f"{TABLE} [data-maw-trick] figure [role=img][aria-label*=' of '] svg").count() == len(plays)
    assert page.locator(f"{TABLE} .maw-turnup svg").count() == 1
    assert "Trumps" in page.inner_text(f"{TABLE} .maw-turnup")


def test_desktop_table(new_page, server):
    page = new_page(DESKTOP)
    open_table(page, server, "play/twenty-five.html", players=4, seed=11, teams="2x2")
    to_a_trick_with_cards(page)
    check_round_the_table(page)
    # The partner is marked on the table, across from you.
    partner = page.locator(f"{TABLE} .maw-seats .maw-is-partner")
    assert partner.count() == 1 and "partner" in partner.inner_text()
    # The log and the new-game form are folded away.
    assert page.eval_on_selector(f"{TABLE} details.maw-log", "d => d.open") is False
    assert page.eval_on_selector(f"{TABLE} details.maw-settings", "d => d.open") is False
    page.locator(TABLE).scroll_into_view_if_needed()
    screenshot(page, "table-desktop.png")
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    screenshot(page, "table-desktop-dark.png")


def test_phone_trick_and_hand_on_one_screen(new_page, server):
    page = new_page(PHONE)
    open_table(page, server, "play/spoil-five.html", players=5, seed=2)
    to_a_trick_with_cards(page)
    check_round_the_table(page)
    # A player scrolls the table to the top of the screen once (under the site's sticky header);
    # from there the trick and the whole hand are on the screen, with nothing more to scroll.
    top = scroll_table_to_top(page)
    height, width = PHONE["height"], PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    trick = box(page, f"{TABLE} .maw-felt")
    assert top <= trick["y"] and trick["y"] + trick["height"] <= height
    for seat in page.locator(f"{TABLE} .maw-seats [data-seat]").all():
        b = seat.bounding_box()
        assert top <= b["y"] and 0 <= b["x"] and b["x"] + b["width"] <= width, "a seat is off the screen"
    cards = page.locator(f"{TABLE} [data-maw-hand] button[data-card]")
    assert cards.count() >= 1
    for i in range(cards.count()):
        b = cards.nth(i).bounding_box()
        assert b["width"] >= 44 and b["height"] >= 44, f"card {i} is {b['width']}×{b['height']} px"
        assert 0 <= b["x"] and b["x"] + b["width"] <= width
        assert 0 <= b["y"] and b["y"] + b["height"] <= height, "a card of the hand is off the screen"
    for selector in (f"{TABLE} details.maw-settings > summary", f"{TABLE} details.maw-log > summary"):
        assert box(page, selector)["height"] >= 44
    assert not page.locator(f"{TABLE} .maw-form").is_visible(), "the form should be folded away"
    screenshot(page, "table-phone.png")


def test_reduced_motion_turns_off_the_table_animations(new_page, server):
    probe = """s => { const trick = document.querySelector(s);
        const f = document.createElement('figure'); f.className = 'maw-play maw-new';
        trick.append(f); const name = getComputedStyle(f).animationName; f.remove();
        const b = document.querySelector('[data-maw-hand] button[data-card]');
        return [name, b ? getComputedStyle(b).transitionDuration : null]; }"""
    reduced = new_page(DESKTOP, reduced_motion="reduce")
    open_table(reduced, server, "play/family.html", seed=3)
    assert reduced.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert reduced.evaluate(probe, f"{TABLE} [data-maw-trick]") == ["none", "0s"]
    moving = new_page(DESKTOP, reduced_motion="no-preference")
    open_table(moving, server, "play/family.html", seed=3)
    name, duration = moving.evaluate(probe, f"{TABLE} [data-maw-trick]")
    assert name == "maw-slide-in" and duration != "0s"


def test_pass_and_play_hides_each_hand_until_tapped(new_page, server):
    page = new_page(PHONE)
    open_table(page, server, "play/twenty-five.html", players=4, seed=6, humans="0,2")
    expected = web.Session()
    expected.new(variant="twenty-five", players=4, seed=6, humans=[0, 2])
    seen, last = set(), None
    for _ in range(12):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        state = expected.state()
        seat = state["seat"]
        cover = page.locator(f"{TABLE} [data-maw-pass]")
        if seat == last:
            # The same person moves again (nobody else had a turn between): no need to pass.
            assert cover.is_hidden()
        else:
            assert cover.is_visible(), f"no cover before seat {seat}'s turn"
            assert page.locator(f"{TABLE} button[data-card]").count() == 0, "a hand shows before its tap"
            assert page.locator(f"{TABLE} .maw-choices button").count() == 0
            text = cover.inner_text()
            assert f"Pass to Seat {seat}" in text and "tap to see your hand" in text
            if not seen:
                scroll_table_to_top(page)
                screenshot(page, "table-phone-pass-and-play.png")
            page.click(f'{TABLE} button[data-action="reveal"]')
            assert cover.is_hidden()
        assert seat in (0, 2)
        shown = page.eval_on_selector_all(f"{TABLE} [data-maw-hand] button[data-card]", "bs => bs.map(b => b.dataset.card)")
        assert shown == [c["code"] for c in state["hand"]], f"seat {seat}'s hand is not the one shown"
        last = seat
        seen.add(seat)
        legal = [c["code"] for c in state["hand"] if c["legal"]] or [c["action"] for c in state["choices"]]
        action = legal[0]
        if any(c["code"] == action for c in state["hand"]):
            page.click(f'{TABLE} [data-maw-hand] button[data-card="{action}"]')
        else:
            page.click(f'{TABLE} .maw-choices button[data-action="{action}"]')
        wait_idle(page)
        expected.act(action)
    assert seen == {0, 2}


def test_card_faces_and_the_review_board_share_them(new_page, server):
    page = new_page(DESKTOP)
    page.goto(f"{server}/play/index.html")
    # Each face shows its rank and suit (the Joker its own mark), coloured by the engine's "red".
    faces = page.evaluate("""async () => {
        const cards = await import('/_static/maw/cards.js');
        const info = [{code: '10H', symbol: '10♥', name: 'ten of hearts', suit: 'H', red: true},
                      {code: 'QS', symbol: 'Q♠', name: 'queen of spades', suit: 'S', red: false},
                      {code: 'JK', symbol: '🃏', name: 'the joker', suit: null, red: false}];
        return info.map(c => { const svg = cards.cardFaceSvg(c);
            return [svg.getAttribute('class'), [...svg.querySelectorAll('text')].map(t => t.textContent)]; })
            .concat([[cards.cardBackSvg().getAttribute('class'), []]]);
    }""")
    (ten_class, ten), (queen_class, queen), (joker_class, joker), (back_class, back) = faces
    assert "maw-red" in ten_class and ten[:2] == ["10", "♥"] and ten.count("♥") == 2 + 10
    assert "maw-black" in queen_class and "Q" in queen and "♠" in queen
    assert "JK" in joker and "🃏" in joker
    assert "maw-svg-back" in back_class and not back, "a card's back says nothing"
    # The review board draws its cards with the same faces.
    from maw_sim.match import Match
    from maw_sim.records import to_link
    match = Match("spoil-five", 4, seed=3)
    deal = match.new_deal()
    for _ in range(6):
        deal.apply(deal.legal_actions()[0])
    page.goto(f"{server}/review.html?game={to_link(match)}&seat=0")
    page.wait_for_function("() => { const b = document.querySelector('[data-maw-review]'); return b && "
                           "b.dataset.state === 'ready' && b.dataset.busy === 'false'; }", timeout=READY_MS)
    buttons = page.locator("[data-maw-review] li[data-seat] button[data-card]")
    assert buttons.count() > 0
    assert page.locator("[data-maw-review] li[data-seat] button[data-card] svg.maw-svg-face").count() == buttons.count()
    assert page.locator("[data-maw-review] [data-maw-trick] figure svg.maw-svg-face").count() >= 1
    page.locator("[data-maw-review] .maw-review-felt").scroll_into_view_if_needed()
    screenshot(page, "review-desktop.png")


def test_people_at_this_device_starts_a_pass_and_play_game(new_page, server):
    page = new_page(DESKTOP)
    open_table(page, server, "play/twenty-five.html", players=4, seed=8)
    assert page.locator(f"{TABLE} [data-maw-pass]").is_hidden()
    page.click(f"{TABLE} details.maw-settings > summary")
    page.select_option(f'{TABLE} select[name="people"]', "2")
    page.click(f'{TABLE} button[data-action="new-game"]')
    wait_idle(page)
    cover = page.locator(f"{TABLE} [data-maw-pass]")
    assert cover.is_visible() and "tap to see your hand" in cover.inner_text()
    assert page.locator(f"{TABLE} button[data-card]").count() == 0
    # Two people at four seats sit opposite (seats 0 and 2), so the link says so.
    assert "humans=0%2C2" in page.get_attribute(f"{TABLE} a.maw-link", "href")
    page.click(f'{TABLE} button[data-action="reveal"]')
    assert page.locator(f"{TABLE} [data-maw-hand] button[data-card]").count() >= 1
