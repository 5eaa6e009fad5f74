"""The bidding games on the play page, in headless Chromium: the auction as buttons (with the
dealer's hold explained), the kitty and the discard chosen by marking cards and confirming, the
trump named with a suit button, the contract beside the table, a refused discard shown with the
engine's words, and the deal played to its end by clicking. Screenshots go to
docs/_build/screenshots/.
"""

from __future__ import annotations

import re
import pytest

from maw_sim import web
from test_browser import TABLE, click_a_legal_move, hand_codes, open_table, wait_idle
from test_table_layout import DESKTOP, PHONE, new_page, screenshot, scroll_table_to_top  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser


def _seed_where(variant, wanted, players=None, limit=200):
    """The first seed whose first state (seat 0 to move) passes ``wanted(state)``."""
    for seed in range(1, limit):
        session = web.Session()
        session.new(variant=variant, seed=seed, players=players)
        state = session.state()
        if state["your_turn"] and wanted(state):
            return seed, session
    raise AssertionError(f"no seed in {limit} where {wanted.__doc__}")


def dealer_may_raise(state):
    """the bots have spoken and you, the dealer, may end the auction by bidding higher (in these
    games nobody may answer the dealer's raise), with two bids at least to choose from"""
    bids = [c["action"] for c in state["choices"]
            if c["action"].startswith("bid ") and not c["action"].endswith(("for 60", "for 120"))]
    return (state["phase"] == "bid" and state["dealer"] == state["seat"] and state["bidding"]["auction"]
            and len(bids) >= 2)


def may_hold(state):
    """the dealer (you) is offered the hold"""
    return state["phase"] == "bid" and state["bidding"]["hold_note"] is not None


def mark(page, codes):
    for code in codes:
        page.click(f'{TABLE} [data-maw-hand] button[data-card="{code}"]')


def marked(page):
    return page.eval_on_selector_all(f'{TABLE} [data-maw-hand] button[aria-pressed="true"]',
                                     "bs => bs.map(b => b.dataset.card)")


def log_lines(page):
    return page.eval_on_selector_all(f"{TABLE} .maw-log-list li", "ls => ls.map(l => l.textContent)")


def play_out(page, limit=60):
    for _ in range(limit):
        if page.get_attribute(TABLE, "data-phase") == "over":
            return
        click_a_legal_move(page)
    raise AssertionError("the deal did not end")


def test_one_hundred_and_ten_auction_kitty_trumps_and_play_by_clicking(page, server):
    seed, session = _seed_where("one-hundred-and-ten", dealer_may_raise)
    open_table(page, server, "play/one-hundred-and-ten.html", seed=seed)
    assert page.get_attribute(TABLE, "data-phase") == "bid"
    # The auction so far, each seat's call; no turn-up, trumps not named; bids as buttons.
    auction = page.locator(f"{TABLE} [data-maw-auction] li")
    calls = session.state()["bidding"]["auction"]
    texts = [auction.nth(k).inner_text() for k in range(auction.count())]
    assert len(texts) == len(calls) and all(t.startswith(f"Bot {c['seat']}: ") for t, c in zip(texts, calls))
    assert "No turn-up" in page.inner_text(f"{TABLE} .maw-turnup")
    assert "Trumps not named yet" in page.inner_text(f"{TABLE} .maw-turnup")
    assert page.locator(f"{TABLE} .maw-turnup svg").count() == 0
    bids = page.eval_on_selector_all(f"{TABLE} .maw-choices button[data-action]", "bs => bs.map(b => b.dataset.action)")
    assert bids == [c["action"] for c in session.state()["choices"]]
    assert bids[-2:] == ["hold", "pass"], "the dealer may hold the bid, or pass"
    assert page.locator(f"{TABLE} .maw-hold-note").is_visible()
    # Keyboard: the calls are one Tab stop, the arrows move along them, Enter calls.
    page.focus(f'{TABLE} .maw-choices button[tabindex="0"]')
    assert page.evaluate("document.activeElement.dataset.action") == bids[0]
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.action") == bids[1]
    page.keyboard.press("Enter")
    wait_idle(page)
    session.act(bids[1])             # the dealer's raise ends the auction: nobody may hold it
    bid = bids[1][4:]
    # The kitty: ten cards in hand, five to put out, chosen by marking and confirmed.
    assert page.get_attribute(TABLE, "data-phase") == "kitty"
    assert len(hand_codes(page)) == 10 and hand_codes(page) == [c["code"] for c in session.state()["hand"]]
    select = page.locator(f"{TABLE} [data-maw-select]")
    assert select.is_visible() and "Put out 5 cards." in select.inner_text()
    assert f"You have the contract: {bid}." in page.inner_text(f"{TABLE} [data-maw-contract]")
    # Keyboard: Enter on a focused card marks it; the arrows move along the hand.
    page.focus(f'{TABLE} [data-maw-hand] button[tabindex="0"]')
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    first = hand_codes(page)[0]
    assert marked(page) == [first]
    assert page.get_attribute(f'{TABLE} button[data-card="{first}"]', "aria-label").endswith("marked to put out")
    # One card is not a kitty's discard: the engine refuses, in its words, and nothing changes.
    reason = session.deal.explain(f"discard {first}")
    assert reason
    page.click(f'{TABLE} button[data-action="confirm-discard"]')
    wait_idle(page)
    message = page.locator(f"{TABLE} .maw-message")
    assert message.is_visible() and message.inner_text().strip() == reason
    assert page.get_attribute(TABLE, "data-phase") == "kitty" and len(hand_codes(page)) == 10
    assert marked(page) == [first], "a refused discard keeps the cards marked"
    # Mark four more (and unmark one, and mark it again), then confirm: the kitty is put out.
    rest = [c for c in hand_codes(page) if c != first][-4:]
    mark(page, rest)
    mark(page, rest[:1])
    assert sorted(marked(page)) == sorted([first] + rest[1:])
    mark(page, rest[:1])
    assert "Marked: 5" in select.inner_text()
    page.click(f'{TABLE} button[data-action="confirm-discard"]')
    wait_idle(page)
    session.act("discard " + " ".join([first] + rest))
    assert message.is_hidden()
    assert any(line.startswith("You take the kitty (5 cards) into hand and put out ") for line in log_lines(page))
    # Trumps named with a suit button.
    assert page.get_attribute(TABLE, "data-phase") == "trump"
    suits = page.eval_on_selector_all(f"{TABLE} .maw-choices button[data-action]", "bs => bs.map(b => b.dataset.action)")
    assert suits == ["trump C", "trump D", "trump H", "trump S"]
    page.click(f'{TABLE} button[data-action="trump H"]')
    wait_idle(page)
    assert "Trumps ♥" in page.inner_text(f"{TABLE} .maw-turnup")
    assert "You name hearts ♥ trumps." in log_lines(page)
    assert len(hand_codes(page)) == 5
    play_out(page)
    outcome = page.inner_text("[data-maw-outcome]")
    assert outcome.startswith(f"You bid {bid} and ")
    # The record can be downloaded, and the deal reviewed on the review board.
    assert page.locator(f'{TABLE} button[data-action="download-record"]').is_visible()
    assert page.locator(f"{TABLE} [data-maw-review-link]").is_visible()
    assert "game=m1.one-hundred-and-ten." in page.get_attribute(f"{TABLE} [data-maw-review-link]", "href")
    page.click(f"{TABLE} details[data-maw-sheet] > summary")
    row = page.inner_text(f"{TABLE} .maw-sheet-table tbody tr")
    assert f"You {bid}: made" in row or f"You {bid}: failed" in row
    page.locator(f"{TABLE} details[data-maw-sheet]").scroll_into_view_if_needed()
    screenshot(page, "table-bidding-sheet.png")


def test_an_auction_forty_fives_hold_discard_and_draw_by_clicking(page, server):
    seed, session = _seed_where("auction-45", may_hold)
    open_table(page, server, "play/auction-45.html", seed=seed)
    # Four players in two sides by the file's default; the hold offered and explained.
    assert page.locator(f"{TABLE} .maw-seats .maw-is-partner").count() == 1
    note = page.locator(f"{TABLE} .maw-hold-note")
    assert note.is_visible() and note.inner_text() == session.state()["bidding"]["hold_note"]
    assert "Holding takes the highest bid" in note.inner_text()
    assert "everyone who has not passed may bid again" in note.inner_text()      # auction-45: hold = "rebid"
    page.click(f'{TABLE} button[data-action="hold"]')
    wait_idle(page)
    assert any(line.startswith("You hold: take the bid at ") for line in log_lines(page))
    for _ in range(12):             # the auction goes on by the ruleset's hold rule: pass out of it
        if page.get_attribute(TABLE, "data-phase") != "bid":
            break
        page.click(f'{TABLE} .maw-choices button[data-action="pass"]')
        wait_idle(page)
    contract = page.inner_text(f"{TABLE} [data-maw-contract]")
    # In plain words: who holds it, what they need of the deal's points, what made and failed score.
    assert re.search(r"Contract\s+(You have|Bot \d has) the contract: .*To make: \d+ of the deal's 30 points; "
                     r"made, it scores .*; failed, it loses \d+\.", contract), contract
    for _ in range(4):              # trumps, if the contract is ours; then the discard and draw
        phase = page.get_attribute(TABLE, "data-phase")
        if phase in ("discard", "play", "over"):
            break
        click_a_legal_move(page)
    assert page.get_attribute(TABLE, "data-phase") == "discard"
    select = page.locator(f"{TABLE} [data-maw-select]")
    assert select.is_visible() and "Put out 0 to" in select.inner_text()
    assert page.locator(f'{TABLE} .maw-choices button[data-action="discard none"]').is_visible()
    before = hand_codes(page)
    thrown = before[:2]
    mark(page, thrown)
    page.click(f'{TABLE} button[data-action="confirm-discard"]')
    wait_idle(page)
    after = hand_codes(page)
    assert len(after) == 5 and not set(thrown) & set(after)
    lines = log_lines(page)
    # One line a discard and its draw (maw_sim.words): your cards named, the others' counted.
    mine = [line for line in lines if line.startswith("You put out ")]
    assert len(mine) == 1 and " You draw " in mine[0] and all(c in mine[0] for c in ("face down",))
    others = [line for line in lines if line.startswith("Bot") and " puts out " in line and " draws " in line]
    assert others and all(line.endswith("from the stock.") and "?" not in line for line in others)
    play_out(page)
    assert page.inner_text("[data-maw-outcome]").strip()


@pytest.mark.parametrize("variant", ["auction-45-merrimack", "auction-45-atlantic"])
def test_the_other_auction_games_play_a_deal_by_clicking(page, server, variant):
    seed, _ = _seed_where(variant, dealer_may_raise)
    open_table(page, server, f"play/{variant}.html", seed=seed)
    page.click(f"{TABLE} .maw-choices button[data-action^='bid ']")
    wait_idle(page)
    phases = set()
    for _ in range(60):
        phase = page.get_attribute(TABLE, "data-phase")
        phases.add(phase)
        if phase == "over":
            break
        click_a_legal_move(page)
    assert {"trump", "kitty", "over"} <= phases
    assert "bid" in page.inner_text("[data-maw-outcome]")


def test_the_auction_and_the_kitty_on_a_phone(new_page, server):
    page = new_page(PHONE)
    seed, _ = _seed_where("one-hundred-and-ten", dealer_may_raise)
    open_table(page, server, "play/one-hundred-and-ten.html", seed=seed)
    width = PHONE["width"]
    top = scroll_table_to_top(page)
    for button in page.locator(f"{TABLE} .maw-choices button").all():
        b = button.bounding_box()
        assert b["height"] >= 44 and b["width"] >= 44 and 0 <= b["x"] and b["x"] + b["width"] <= width
    screenshot(page, "table-phone-auction.png")
    page.click(f"{TABLE} .maw-choices button[data-action^='bid ']")
    wait_idle(page)
    assert page.get_attribute(TABLE, "data-phase") == "kitty"
    mark(page, hand_codes(page)[:2])
    # The whole decision on the first screen, the page not scrolled: the ten cards fanned in one
    # row (each with a slice of at least 30 px to tap, its corner in sight), the prompt clear of the
    # marked (raised) cards, and Confirm.
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    cards = page.locator(f"{TABLE} [data-maw-hand] button[data-card]")
    assert cards.count() == 10
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    for b in boxes:
        assert b["width"] >= 44 and b["height"] >= 44 and 0 <= b["x"] and b["x"] + b["width"] <= width
        assert b["y"] + b["height"] <= PHONE["height"], "a card below the screen"
    assert all(later["x"] - earlier["x"] >= 30 for earlier, later in zip(boxes, boxes[1:])), boxes
    prompt = page.get_by_text("You have taken the kitty: choose 5 cards to put out, then confirm.").bounding_box()
    assert prompt["y"] + prompt["height"] <= min(b["y"] for b in boxes), "a raised card covers the prompt"
    confirm = page.locator(f'{TABLE} button[data-action="confirm-discard"]').bounding_box()
    assert confirm["height"] >= 44 and confirm["y"] >= top and confirm["y"] + confirm["height"] <= PHONE["height"]
    screenshot(page, "table-phone-kitty.png")
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    screenshot(page, "table-phone-kitty-dark.png")


def test_the_auction_on_a_desktop(new_page, server):
    page = new_page(DESKTOP)
    seed, _ = _seed_where("auction-45", may_hold)
    open_table(page, server, "play/auction-45.html", seed=seed)
    page.locator(TABLE).scroll_into_view_if_needed()
    scroll_table_to_top(page)
    screenshot(page, "table-desktop-auction.png")


def test_calling_a_partner_offers_the_strongest_cards_and_a_list_of_the_rest(page, server):
    """Merrimack's "call for your partner" at five: the bidder is offered the four strongest cards
    he does not hold as buttons and every other one in a list; the call is said in the log and
    stands beside the contract."""
    open_table(page, server, "play/auction-45-merrimack.html", options="call_partner=true", players=5, seed=1)
    for _ in range(30):
        wait_idle(page)
        phase = page.get_attribute(TABLE, "data-phase")
        if phase == "call":
            break
        choices = page.locator(f"{TABLE} [role=group][aria-label='Your choices'] button")
        if phase == "bid":
            bids = [choices.nth(k) for k in range(choices.count()) if choices.nth(k).inner_text().startswith("Bid")]
            (bids[-1] if bids else choices.first).click()
        elif phase == "trump":
            choices.first.click()
        elif phase == "kitty":
            mark(page, hand_codes(page)[:3])
            page.click(f"{TABLE} button:has-text('Confirm')")
        elif phase == "discard":
            page.click(f"{TABLE} button:has-text('Discard none')")
    assert page.get_attribute(TABLE, "data-phase") == "call", page.inner_text(TABLE)[:400]
    buttons = page.locator(f"{TABLE} [role=group][aria-label='Your choices'] button")
    assert buttons.count() == 4 and all(buttons.nth(k).inner_text().startswith("Call ") for k in range(4))
    listed = page.eval_on_selector_all(f"{TABLE} select[name=more-choices] option", "os => os.map(o => o.value)")
    assert len(listed) == 47 - 4 and not set(listed) & {f"call {c}" for c in hand_codes(page)}
    page.select_option(f"{TABLE} select[name=more-choices]", listed[-1])
    page.click(f"{TABLE} button:has-text('Choose')")
    wait_idle(page)
    called = listed[-1].split()[1]
    assert page.get_attribute(f"{TABLE} [data-maw-called]", "data-maw-called") == called
    assert any("whoever holds it is your partner this deal" in line for line in log_lines(page))
