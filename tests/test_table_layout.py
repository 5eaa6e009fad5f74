"""The card table's layout in headless Chromium, at a desktop and a phone size.

Bounding boxes, not pixels: the seats round the felt (you at the bottom, the next seat on your
left), each card of the trick toward the seat that played it, cards drawn as SVG; on a phone at your
turn the trick and the whole hand on one screen with finger-sized cards; reduced motion; and
pass-and-play, where each hand stays hidden until its player taps. One screen: every ruleset at
every player count opens with your hand, the trick, the prompt and your buttons in the window,
without scrolling. Tables of five to ten: the cards of the trick keep clear of each other, each
names who played it, and the seats never overlap. The elements are found by their accessible
roles and names (the engine's own words for the prompt), not by class names. Screenshots of the
table are written to docs/_build/screenshots/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import itertools
import re

import pytest

from conftest import ROOT, guarded_page
from maw_sim import load_variant, variant_ids, web
from test_browser import open_table

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

    def make(viewport, reduced_motion="reduce", touch=None):
        context, page, guard = guarded_page(browser, server, viewport=viewport, reduced_motion=reduced_motion,
                                            has_touch=viewport is PHONE if touch is None else touch)
        made.append((context, guard))
        return page

    yield make
    for context, guard in made:
        context.close()
        guard.check()


def wait_idle(page):
    page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false'",
                           arg=TABLE, timeout=MOVE_MS)


def click(page, locator):
    """Playwright's click (which scrolls its target into view first when it finds it moving or
    partly hidden)."""
    locator.click()


def tap(page, locator):
    """A finger's tap at the middle of what ``locator`` finds, where it is now. Not Playwright's
    click, which first scrolls the page to bring into view a target it finds moving or partly
    hidden: a tap never scrolls on the test's behalf, so any scroll is the page's own."""
    b = locator.bounding_box()
    assert b, f"nothing to tap: {locator}"
    page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)


def play_one(page, press=click):
    legal = page.locator(f'{TABLE} button[data-card][data-legal="true"]')
    press(page, legal.first if legal.count() else page.locator(f"{TABLE} .maw-choices button[data-action]").first)
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
    while deal.to_move is not None:    # (a link to a deal in progress opens only beside its table)
        deal.apply(deal.legal_actions()[0])
    page.goto(f"{server}/review.html?game={to_link(match)}&seat=0&step=6")      # two cards on the table
    page.wait_for_function("() => { const b = document.querySelector('[data-maw-review]'); return b && "
                           "b.dataset.state === 'ready' && b.dataset.busy === 'false'; }", timeout=READY_MS)
    buttons = page.locator("[data-maw-review] li[data-seat] button[data-card]")
    assert buttons.count() > 0
    assert page.locator("[data-maw-review] li[data-seat] button[data-card] svg.maw-svg-face").count() == buttons.count()
    assert page.locator("[data-maw-review] [data-maw-trick] figure svg.maw-svg-face").count() >= 1
    # The words on the trick are clear of its cards (they once lay under a card, a letter showing).
    boxes = page.evaluate("""() => { const t = document.querySelector('[data-maw-review] [data-maw-trick]');
        const r = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
        return {note: r(t.querySelector('.maw-trick-note')), cards: [...t.querySelectorAll('figure')].map(r)}; }""")
    note = boxes["note"]
    assert note[2] > note[0] and note[3] > note[1], "the trick's words are shown"
    for card in boxes["cards"]:
        assert note[0] >= card[2] or note[2] <= card[0] or note[1] >= card[3] or note[3] <= card[1], (note, card)
    page.locator("[data-maw-review] .maw-review-felt").scroll_into_view_if_needed()
    screenshot(page, "review-desktop.png")


def test_people_at_this_device_starts_a_pass_and_play_game(new_page, server):
    page = new_page(DESKTOP)
    open_table(page, server, "play/twenty-five.html", players=4, seed=8)
    assert page.locator(f"{TABLE} [data-maw-pass]").is_hidden()
    page.click(f"{TABLE} details.maw-settings > summary")
    page.select_option(f'{TABLE} select[name="people"]', "2")
    # Each person may give a name (the second left blank is "Player 2", never a seat's number).
    page.get_by_label("Player 1's name").fill("Aoife")
    page.click(f'{TABLE} button[data-action="new-game"]')
    wait_idle(page)
    cover = page.locator(f"{TABLE} [data-maw-pass]")
    assert cover.is_visible() and "tap to see your hand" in cover.inner_text()
    assert page.locator(f"{TABLE} button[data-card]").count() == 0
    # Two people at four seats sit opposite (seats 0 and 2), so the link says so, with the names
    # they gave (typed to be shown at the table; the link is shared by those who typed them).
    link = page.get_attribute(f"{TABLE} a.maw-link", "href")
    assert "humans=0%2C2" in link and "names=Aoife%2CPlayer+2" in link, link
    seats = page.get_by_role("list", name="Players round the table").inner_text()
    assert "Aoife" in seats and "Player 2" in seats and "Bot 1" in seats
    # The cover and the prompt name the person to take the device; no hint while it is up (it
    # would speak of the hand still hidden).
    mover = re.search(r"Pass to (Aoife|Player 2) — tap to see your hand", cover.inner_text())
    assert mover, cover.inner_text()
    assert page.locator(TABLE).get_by_text(f"{mover.group(1)} to move.", exact=True).is_visible()
    hint = page.locator(f'{TABLE} button[data-action="hint"]')
    assert hint.is_disabled()
    hint.evaluate("b => b.click()")     # even a click sent past the disabled state shows nothing
    assert page.locator(f"{TABLE} [data-maw-answer]").is_hidden()
    assert page.locator(f"{TABLE} .maw-hint-mark").count() == 0
    page.click(f'{TABLE} button[data-action="reveal"]')
    assert hint.is_enabled()
    assert page.locator(f"{TABLE} [data-maw-hand] button[data-card]").count() >= 1
    # A reload keeps the names with the game.
    page.reload()
    wait_idle(page)
    assert "Aoife" in page.get_by_role("list", name="Players round the table").inner_text()


# -- one screen, and tables of five to ten -------------------------------------------------------------
#
# One page a window size for the whole module (pages are reused: a ruleset's table opens by
# navigating, each player count by the table's own "New game" form), so the browser starts once.

SIZES = {"desktop": DESKTOP, "phone": PHONE}
#: Window sizes as browsers show them: a laptop with its tab and address bars (1280×680), laptops,
#: phones with both bars (390×664, 360×640) and without (390×844).
WINDOWS = {"1280x680": {"width": 1280, "height": 680}, "1280x800": DESKTOP, "1366x768": {"width": 1366, "height": 768},
           "390x664": {"width": 390, "height": 664}, "390x844": PHONE, "360x640": {"width": 360, "height": 640}}
#: The windows where a first screen is tightest: each of the others is as wide as one of these and
#: taller, and the felt takes the height that is left, so what fits here fits there (the whole
#: deal of 110 is still checked in all six).
TIGHTEST = {name: WINDOWS[name] for name in ("1280x680", "1366x768", "390x664", "360x640")}
#: A card's code as the notation writes it ("QD", "10H"): never in a sentence a player reads.
CARD_CODE = re.compile(r"\b(10|[2-9AKQJT])[CDHS]\b")


@pytest.fixture(scope="module", params=sorted(SIZES))
def sized(request, browser, server):
    """(name, viewport, page): one guarded page at this window size, shared by the module."""
    viewport = SIZES[request.param]
    context, page, guard = guarded_page(browser, server, viewport=viewport, reduced_motion="reduce",
                                        has_touch=viewport is PHONE)
    yield request.param, viewport, page
    context.close()
    guard.check()


def first_decision(variant_id: str, players: int, seeds=range(1, 7)):
    """The seed (of a few) whose first decision for you offers the most buttons (robbing, the
    auction), and the state the engine gives for it: the busiest first screen of that table."""
    best = None
    for seed in seeds:
        session = web.Session()
        session.new(variant=variant_id, players=players, seed=seed)
        state = session.state()
        weight = len(state["choices"]) + (1 if state["select"] else 0)
        if best is None or weight > best[0]:
            best = (weight, seed, state)
    return best[1], best[2]


def new_game_from_the_form(page, players: int, seed: int):
    """The table's own "New game" form, filled and sent as a reader would (without unfolding it,
    so the page does not scroll): the players, which sets the partners and people to match, and
    the seed."""
    page.evaluate("""([players, seed]) => {
        const form = document.querySelector('[data-maw-table] form');
        form.elements.players.value = String(players);
        form.elements.players.dispatchEvent(new Event('change'));
        form.elements.seed.value = String(seed);
        form.requestSubmit();
    }""", [players, seed])
    wait_idle(page)


def in_window(b, viewport) -> bool:
    return bool(b) and b["x"] >= -0.5 and b["y"] >= -0.5 and \
        b["x"] + b["width"] <= viewport["width"] + 0.5 and b["y"] + b["height"] <= viewport["height"] + 0.5


#: The boxes of what a player needs at a decision, found as assistive technology finds them (the
#: groups and the list by their accessible names, the prompt by the engine's words), in one call.
FIRST_SCREEN_JS = """([table, prompt]) => {
    const root = document.querySelector(table);
    const named = (role, name) => [...root.querySelectorAll(`[role=${role}], ol, ul`)]
        .find((e) => e.getAttribute('aria-label') === name && !e.closest('[hidden]'));
    const box = (e) => { const b = e.getBoundingClientRect();
        return {x: b.x, y: b.y, width: b.width, height: b.height, what: e.getAttribute('aria-label') || e.textContent.trim()}; };
    const buttons = (group) => group && !group.closest('[hidden]') ? [...group.querySelectorAll('button')].filter((b) => b.getClientRects().length).map(box) : [];
    // Every action within reach: a choice's button, or a card that takes the same action (robbing).
    const actions = [...root.querySelectorAll('button[data-action]')].filter((b) => b.getClientRects().length && !b.closest('[hidden]'))
        .map((b) => b.dataset.action);
    const confirm = [...root.querySelectorAll('button')].find((b) => /^Confirm/.test(b.textContent) && !b.closest('[hidden]'));
    const said = [...root.querySelectorAll('p')].find((p) => p.textContent.trim() === prompt);
    return {scrollY: window.scrollY, scrollWidth: document.documentElement.scrollWidth,
            hand: buttons(named('group', 'Your hand')), choices: buttons(named('group', 'Your choices')),
            trick: box(named('group', 'The trick on the table')),
            seats: [...named('list', 'Players round the table').children].map(box),
            prompt: said ? box(said) : null, confirm: confirm ? box(confirm) : null, actions};
}"""


def check_one_screen(page, viewport, state, where):
    """Everything you need at your first decision is inside the window, the page unscrolled."""
    seen = page.evaluate(FIRST_SCREEN_JS, [TABLE, state["prompt"]])
    assert seen["scrollY"] == 0, f"{where}: the page scrolled by itself"
    assert seen["scrollWidth"] <= viewport["width"], f"{where}: the page scrolls sideways"
    assert len(seen["hand"]) == len(state["hand"]) > 0, f"{where}: not your whole hand"
    # Every choice is a button, or (a card to put out, on a phone) the card itself.
    assert {c["action"] for c in state["choices"]} <= set(seen["actions"]), f"{where}: a choice is out of reach"
    assert seen["prompt"], f"{where}: the prompt {state['prompt']!r} is not shown"
    assert len(seen["seats"]) == state["players"]
    needed = seen["hand"] + seen["choices"] + seen["seats"] + [seen["trick"], seen["prompt"]]
    if state["select"]:
        assert seen["confirm"], f"{where}: no Confirm button"
        needed.append(seen["confirm"])
    for b in needed:
        assert in_window(b, viewport), f"{where}: {b['what'][:40]!r} is off the screen ({b})"


def test_every_table_opens_on_one_screen(new_page, server):
    """For every ruleset at every player count, the first decision (the busiest of a few seeds:
    robbing, the auction) shows your hand, the trick, the prompt and every button without
    scrolling, in each of the four tightest windows (laptops and phones, with their browsers' bars). One page: each ruleset opens once and each table is
    looked at in both windows (the window resized, as when a phone turns), which keeps the number
    of Python start-ups down to one a ruleset."""
    page = new_page(DESKTOP)
    checked = 0
    for variant_id in variant_ids():
        variant = load_variant(variant_id)
        counts = [variant.default_players] + [n for n in range(variant.min_players, variant.max_players + 1)
                                              if n != variant.default_players]
        for i, players in enumerate(counts):
            seed, state = first_decision(variant_id, players)
            where = f"{variant_id}, {players} players, seed {seed}"
            if i == 0:
                page.set_viewport_size(DESKTOP)
                open_table(page, server, f"play/{variant_id}.html", seed=seed)
            else:
                new_game_from_the_form(page, players, seed)
            assert f"{players} players · seed {seed}" in page.get_by_text(re.compile(r"· deal 1 ·")).inner_text(), where
            for name, viewport in TIGHTEST.items():
                page.set_viewport_size(viewport)
                page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                check_one_screen(page, viewport, state, f"{where}, {name}")
                if i == 0 and name in ("1280x680", "390x664"):   # for a person to look at
                    screenshot(page, f"first-screen-{variant_id}-{name}.png")
            checked += 1
    assert checked == sum(load_variant(v).max_players - load_variant(v).min_players + 1 for v in variant_ids())


def overlap(a, b) -> float:
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


@pytest.mark.parametrize("variant_id, players", [("bruff", 6), ("spoil-five", 7), ("spoil-five", 10)])
def test_a_big_table_keeps_every_card_and_seat_clear(sized, server, variant_id, players):
    """At six, seven and ten players, with every bot's card in the trick: no played card covers
    more than a quarter of another, each card names who played it where it can be read, and no two
    seats overlap."""
    name, viewport, page = sized
    # You deal the first deal, so the others have all played when you first play a card.
    for seed in range(1, 40):
        state = first_decision(variant_id, players, [seed])[1]
        if state["phase"] == "play" and len(state["trick"]["plays"]) == players - 1:
            break
    else:
        raise AssertionError(f"no seed opens {variant_id} at {players} with a full trick")
    open_table(page, server, f"play/{variant_id}.html", players=players, seed=seed)
    screenshot(page, f"table-{variant_id}-{players}-{name}.png")
    names = {seat["seat"]: seat["name"] for seat in state["seats"]}
    trick = page.locator(TABLE).get_by_role("group", name="The trick on the table")
    figures = trick.get_by_role("figure").all()
    assert len(figures) == players - 1
    cards = []
    # The cards on the table let clicks through to the seats (pointer-events: none): for the
    # hit-tests below, every part of the trick answers, so a card over a name is found.
    page.add_style_tag(content="[data-maw-trick] * { pointer-events: auto !important; }")
    for figure, play in zip(figures, state["trick"]["plays"]):
        who = names[play["seat"]]
        card = figure.get_by_role("img", name=play["card"]["name"])
        cards.append((f"{who}'s {play['card']['name']}", card.bounding_box()))
        # The name is on the card, readable: what lies at its centre is the name itself.
        caption = figure.locator("figcaption")
        assert caption.inner_text().startswith(who)
        assert caption.is_visible()
        b = caption.bounding_box()
        assert b["width"] > 8 and b["height"] > 8, f"{who}'s name is too small to read"
        assert caption.evaluate("c => c.scrollWidth <= c.clientWidth"), f"{who}'s name is cut short ({name})"
        for x in (b["x"] + 2, b["x"] + b["width"] / 2, b["x"] + b["width"] - 2):
            on_top = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); return e && e.closest('figcaption') ? e.closest('figcaption').textContent : null; }",
                                   [x, b["y"] + b["height"] / 2])
            assert on_top and on_top.startswith(who), f"{who}'s name is partly covered ({name})"
    for (a_name, a), (b_name, b) in itertools.combinations(cards, 2):
        share = overlap(a, b) / min(a["width"] * a["height"], b["width"] * b["height"])
        assert share <= 0.25, f"{b_name} covers {share:.0%} of {a_name} ({name})"
    seats = page.locator(TABLE).get_by_role("list", name="Players round the table").get_by_role("listitem").all()
    assert len(seats) == players
    boxes = [seat.bounding_box() for seat in seats]
    for i, a in enumerate(boxes):
        assert 0 <= a["x"] and a["x"] + a["width"] <= viewport["width"], f"seat {i} leaves the screen ({name})"
        for j in range(i + 1, len(boxes)):
            assert overlap(a, boxes[j]) == 0, f"seats {i} and {j} overlap ({name})"
    # No played card covers a seat's box by more than a sliver.
    for card_name, card in cards:
        for i, seat in enumerate(boxes):
            assert overlap(card, seat) <= 0.1 * card["width"] * card["height"], f"{card_name} covers seat {i} ({name})"


# -- a whole deal in real windows (a laptop's and a phone's browser bars counted) ----------------------



def layout_of(page) -> str:
    """The board's parts with their tops and bottoms, for a failure's message."""
    return " " + page.evaluate("() => [...document.querySelectorAll('[data-maw-table] .maw-board > *')].filter(e => e.getBoundingClientRect().height).map(e => e.className + ':' + Math.round(e.getBoundingClientRect().top) + '-' + Math.round(e.getBoundingClientRect().bottom)).join(' ')")


def set_window(page, viewport):
    """The window at ``viewport``, once the table has had the resize: its event (the table fits
    its felt then) comes with the next frames, and a tap before them can meet a hand still moving."""
    if page.viewport_size != viewport:
        page.set_viewport_size(viewport)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def at_your_turn_in_every_window(page, where, windows=WINDOWS, shots=True):
    """At this decision, in every window: the felt and its seats, the trick, the prompt, the whole
    hand and every button (Confirm, or at the deal's end the result and "New deal") in view, and
    the page never scrolled."""
    prompt = page.locator(f"{TABLE} .maw-prompt").inner_text().strip()
    assert prompt, f"{where}: no prompt"
    for name, viewport in windows.items():
        set_window(page, viewport)
        seen = page.evaluate(FIRST_SCREEN_JS, [TABLE, prompt])
        assert seen["scrollY"] == 0, f"{where}, {name}: the page scrolled by itself"
        assert seen["scrollWidth"] <= viewport["width"], f"{where}, {name}: the page scrolls sideways"
        needed = seen["hand"] + seen["choices"] + seen["seats"] + [seen["trick"], seen["prompt"]]
        if seen["confirm"]:
            needed.append(seen["confirm"])
        if page.get_attribute(TABLE, "data-phase") == "over":
            needed.append(box(page, f"{TABLE} [data-maw-outcome]"))
            needed.append(page.get_by_role("button", name=re.compile("^(New deal|Next game)$")).bounding_box())
            needed.append(box(page, f"{TABLE} .maw-felt"))
        else:
            assert seen["hand"] or seen["choices"], f"{where}, {name}: nothing to play"
        for b in needed:
            assert in_window(b, viewport), f"{where}, {name}: {b.get('what', 'the result')!r:.40} is off the screen ({b})" + layout_of(page)
        if shots and name in ("390x664", "1280x680"):
            screenshot(page, f"turn-{where.split(',')[0].replace(' ', '-')}-{name}.png")


def decide(page, press=click):
    """Make the first decision offered: a legal card, the first choice, or in the kitty and the
    discard the fewest cards asked for, confirmed; each control pressed by ``press``."""
    select = page.locator(f"{TABLE} [data-maw-select]")
    if select.is_visible():
        for _ in range(int(select.get_attribute("data-min"))):
            press(page, page.locator(f'{TABLE} [data-maw-hand] button[data-card][data-marked="false"]').first)
        press(page, page.locator(f'{TABLE} button[data-action="confirm-discard"]'))
    else:
        play_one(page, press)
        return
    wait_idle(page)


def test_a_whole_deal_of_110_in_real_windows(new_page, server):
    """One-Hundred-and-Ten, a whole deal and the next deal's first turn: at each of your turns (the
    auction, trumps, the kitty, the play) and at the deal's end, everything you need is in view in
    every window, without a scroll; a card tapped in the auction answers in words and a hint names
    cards, never codes; "New deal" and the next turn leave the page and the felt where they were."""
    page = new_page(PHONE)
    open_table(page, server, "play/one-hundred-and-ten.html", players=4, seed=4242)
    phases, tapped, hinted = [], False, False
    for _ in range(40):
        phase = page.get_attribute(TABLE, "data-phase")
        at_your_turn_in_every_window(page, f"110 {phase}, decision {len(phases)}")
        phases.append(phase)
        if phase == "over":
            break
        set_window(page, PHONE)
        if phase == "bid" and not tapped:
            # The cards are at rest in the auction: a tap says so in a player's words.
            page.locator(f"{TABLE} [data-maw-hand] button[data-card]").first.click(force=True)   # (aria-disabled)
            said = page.locator(f"{TABLE} [data-maw-answer]")
            assert said.is_visible() and "auction" in said.inner_text()
            assert not CARD_CODE.search(said.inner_text()) and "Seat 0" not in said.inner_text(), said.inner_text()
            page.keyboard.press("Escape")
            assert said.is_hidden(), "Escape closes the answer"
            tapped = True
        if phase == "play" and not hinted and page.locator(f'{TABLE} button[data-card][data-legal="true"]').count() > 1:
            page.get_by_role("button", name="Hint").click()
            page.wait_for_function("s => document.querySelector(s).textContent.includes('deals imagined')",
                                   arg=f"{TABLE} [data-maw-answer]", timeout=MOVE_MS)
            said = page.locator(f"{TABLE} [data-maw-answer]").inner_text()
            assert not CARD_CODE.search(said), said
            assert "The number on each card" in said, "the hint's numbers are not explained"
            illegal = page.locator(f'{TABLE} [data-maw-hand] button[data-card][data-legal="false"]')
            if illegal.count():
                illegal.first.click(force=True)
                said = page.locator(f"{TABLE} [data-maw-answer]").inner_text()
                assert said and not CARD_CODE.search(said), said
            hinted = True
        decide(page)
    assert {"bid", "play", "over"} <= set(phases) and ("kitty" in phases or "trump" in phases), phases
    assert tapped and hinted
    # The deal's end on a phone: "New deal", then the next deal's first turn, all where they were.
    set_window(page, PHONE)
    before = (page.evaluate("scrollY"), box(page, f"{TABLE} .maw-felt"))
    page.get_by_role("button", name="New deal").click()
    wait_idle(page)
    after = (page.evaluate("scrollY"), box(page, f"{TABLE} .maw-felt"))
    assert after[0] == before[0] == 0, "New deal scrolled the page"
    assert abs(after[1]["y"] - before[1]["y"]) < 1, "the felt moved"
    for _ in range(12):
        if page.locator(f'{TABLE} [data-maw-hand] button[data-card][data-legal="true"]').count():
            break
        decide(page)
    turn = (page.evaluate("scrollY"), box(page, f"{TABLE} .maw-felt"))
    assert turn[0] == 0, "your turn scrolled the page"
    assert abs(turn[1]["y"] - before[1]["y"]) < 1 and in_window(turn[1], PHONE), "the felt moved or left the window"
    # The big table, for a projector: the whole screen, the cards and words scaled to it.
    page.set_viewport_size({"width": 1920, "height": 1080})
    card = page.locator(f'{TABLE} [data-maw-hand] button[data-card]').first
    small = card.bounding_box()
    page.get_by_role("button", name="Full screen").click()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    whole = box(page, TABLE)
    assert whole["width"] >= 1919 and whole["height"] >= 1079, whole
    big = card.bounding_box()
    assert big["width"] >= 1.4 * small["width"] and big["height"] >= 100, (small, big)
    name = page.locator(f"{TABLE} .maw-seat-name").first
    assert name.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 20
    assert in_window(big, {"width": 1920, "height": 1080}) and in_window(box(page, f"{TABLE} .maw-felt"), {"width": 1920, "height": 1080})
    screenshot(page, "table-big-1920x1080.png")
    page.get_by_role("button", name="Leave full screen").click()
    assert card.bounding_box()["width"] == pytest.approx(small["width"], abs=1)


def test_a_whole_game_of_110_on_a_phone(new_page, server):
    """One-Hundred-and-Ten played to the game's end on a phone (390×664, its browser's bars
    counted), several deals, with the animations on and every press a tap: at every turn of yours
    and at each deal's end the felt, the trick, the prompt, the hand and the buttons are in view
    and the page never scrolled. The first deal is played at the "Fast" speed, each move shown and
    each trick held; then, since the later deals go through the same drawing, at "Instant" (the
    reader's own setting, read at every move), which keeps the test cheap. The seed is one whose
    game (to 110, the first choice taken at each turn) ends in four deals."""
    viewport = WINDOWS["390x664"]
    page = new_page(viewport, reduced_motion="no-preference", touch=True)
    page.add_init_script("localStorage.setItem('maw-speed', 'fast')")
    open_table(page, server, "play/one-hundred-and-ten.html", players=4, seed=25)
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is False
    only = {"390x664": viewport}
    deals, turns = 1, 0
    for _ in range(600):
        phase = page.get_attribute(TABLE, "data-phase")
        at_your_turn_in_every_window(page, f"110 game, deal {deals}, {phase}", only, shots=False)
        turns += 1
        if phase != "over":
            decide(page, tap)
        elif page.get_by_role("button", name="Next game").is_visible():
            break
        else:
            page.evaluate("localStorage.setItem('maw-speed', 'instant')")
            tap(page, page.get_by_role("button", name="New deal"))
            wait_idle(page)
            deals += 1
    else:
        raise AssertionError(f"the game did not end in {turns} turns")
    assert deals >= 2, "a game of one deal proves little"
    screenshot(page, "game-110-over-390x664.png")
