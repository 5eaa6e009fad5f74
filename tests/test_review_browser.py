"""The review page in a real browser: a record opened from a link, stepped forward and back by
buttons and arrow keys, the solver's marks on the legal cards (the engine's own verdicts), a
seat's view that shows no other hand, and a bad link answered in words. No request leaves
127.0.0.1 and no error reaches the console (the ``page`` fixture checks both)."""

from __future__ import annotations

import random
from urllib.parse import quote

import pytest

from maw_sim.words import outcome as outcome_words
from maw_sim import Deal, GameRecord, Match
from maw_sim.analysis import analyse
from maw_sim.records import to_link

pytestmark = pytest.mark.browser

BOARD = "[data-maw-review]"
READY_MS = 90_000
STEP_MS = 60_000


def a_match(seed=3):
    """A finished 4-player Spoil Five deal with a robbing, as a match (so it has a link)."""
    for s in range(seed, seed + 200):
        match = Match("spoil-five", 4, seed=s)
        deal = match.new_deal()
        rng = random.Random(s)
        while deal.phase != "over":
            legal = deal.legal_actions()
            robs = [a for a in legal if a.startswith("rob ")]
            deal.apply(robs[0] if robs else rng.choice(legal))
        if deal.robbed is not None:
            match.settle(deal)
            return match, deal
    pytest.fail("no deal with robbing")


def wait_step(page, step):
    page.wait_for_function("([s, k]) => { const b = document.querySelector(s); return b.dataset.state === 'ready' "
                           "&& b.dataset.step === String(k) && b.dataset.busy === 'false'; }",
                           arg=[BOARD, step], timeout=STEP_MS)


def wait_marks(page):
    page.wait_for_function("s => document.querySelector(s).dataset.marks === 'done'", arg=BOARD, timeout=STEP_MS)


def open_link(page, server, query):
    page.goto(f"{server}/review.html?{query}")
    page.wait_for_function("s => { const b = document.querySelector(s); return b && "
                           "['ready', 'empty', 'error'].includes(b.dataset.state); }", arg=BOARD, timeout=READY_MS)


def test_step_through_a_linked_deal_with_the_solvers_marks(page, server):
    match, deal = a_match()
    rec = GameRecord.of_deal(deal)
    open_link(page, server, f"game={to_link(match)}")
    wait_step(page, 0)
    assert page.get_attribute(BOARD, "data-steps") == str(len(rec.actions))
    assert "Spoil Five" in page.inner_text(f"{BOARD} .maw-title")

    # Step forward by button and by arrow key; each step shows the engine's position.
    page.click(f'{BOARD} button[data-action="forward"]')
    wait_step(page, 1)
    page.keyboard.press("ArrowRight")
    wait_step(page, 2)
    page.keyboard.press("ArrowRight")
    wait_step(page, 3)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 2)
    truth = rec.replay(upto=2)
    for seat in range(4):
        shown = page.eval_on_selector_all(f'{BOARD} li[data-seat="{seat}"] button[data-card]',
                                          "bs => bs.map(b => b.dataset.card)")
        assert sorted(shown) == sorted(c.code for c in truth.hand(seat))
    log = page.locator(f"{BOARD} .maw-review-log li")
    assert log.count() >= 2

    # The marks on the legal cards are the engine's verdicts for this position.
    wait_marks(page)
    a = analyse(truth)
    marked = dict(page.eval_on_selector_all(f"{BOARD} button[data-card][data-verdict]",
                                            "bs => bs.map(b => [b.dataset.card, b.dataset.verdict])"))
    assert marked == {x.action: x.verdict for x in a.actions}
    assert page.locator(f"{BOARD} button[data-card][data-legal='false'][data-verdict]").count() == 0

    # To the end: the result is shown, and there is nothing left to mark.
    page.click(f'{BOARD} button[data-action="last"]')
    wait_step(page, len(rec.actions))
    assert page.inner_text("[data-maw-outcome]").strip() == outcome_words(deal)
    assert page.locator(f"{BOARD} button[data-verdict]").count() == 0


def test_the_keyboard_keeps_its_place_when_the_board_redraws(page, server):
    """A reader tabbing over the cards keeps the focus on the same card when the board is drawn
    again: by a step, and by the solver's numbers arriving."""
    match, deal = a_match()
    open_link(page, server, f"game={to_link(match)}")
    wait_step(page, 0)
    rec = GameRecord.of_deal(deal)
    start = rec.replay(upto=0)
    waiting = next(s for s in range(4) if s != start.to_move)
    card = start.hand(waiting)[0].code
    page.focus(f'{BOARD} li[data-seat="{waiting}"] button[data-card="{card}"]')
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    page.wait_for_function("s => !['pending', undefined].includes(document.querySelector(s).dataset.marks)", arg=BOARD, timeout=STEP_MS)
    assert page.evaluate("() => document.activeElement.dataset.card") == card


def test_a_seats_view_shows_no_other_hand_nor_the_face_down_card(page, server):
    match, deal = a_match()
    robber, put_out = deal.robbed
    seat = (robber + 1) % 4
    open_link(page, server, f"game={to_link(match)}")
    wait_step(page, 0)
    page.select_option(f'{BOARD} select[name="seat"]', str(seat))
    page.click(f'{BOARD} button[data-action="forward"]')
    wait_step(page, 1)
    page.click(f'{BOARD} button[data-action="forward"]')
    wait_step(page, 2)
    shown = page.eval_on_selector_all(f"{BOARD} button[data-card]", "bs => bs.map(b => b.dataset.card)")
    truth = GameRecord.of_deal(deal).replay(upto=2)
    assert sorted(shown) == sorted(c.code for c in truth.hand(seat))
    text = page.inner_text(BOARD)
    assert "face down" in text and put_out.symbol not in text
    assert "null" not in text and "undefined" not in text
    if truth.to_move != seat:
        assert f"its cards are hidden from Seat {seat}" in text
    else:
        # Its own turn: its legal cards are shown as legal, without the solver's marks.
        assert page.locator(f'{BOARD} button[data-card][data-legal="true"]').count() == len(truth.legal_actions())
        assert "open the hands to see them" in text
    assert page.locator(f"{BOARD} [data-verdict]:not(li)").count() == 0


def test_a_pasted_record_and_a_bad_link(page, server):
    deal = Deal.random("twenty-five", 3, 8)
    rng = random.Random(1)
    while deal.phase != "over":
        deal.apply(rng.choice(deal.legal_actions()))
    text = GameRecord.of_deal(deal).text()
    open_link(page, server, "record=" + quote(text))
    wait_step(page, 0)
    assert page.get_attribute(BOARD, "data-steps") == str(len(deal.history))
    # A damaged link: the engine's words, and the open record stays.
    page.click(f"{BOARD} details.maw-review-opener summary")
    code = to_link(a_match()[0])
    page.fill(f'{BOARD} input[name="link"]', code[:-1] + ("0" if code[-1] != "0" else "1"))
    page.click(f'{BOARD} button[data-action="open-text"]')
    page.wait_for_function("s => !document.querySelector(s + ' .maw-message').hidden", arg=BOARD, timeout=STEP_MS)
    assert "damaged or was edited" in page.inner_text(f"{BOARD} .maw-message")
    assert page.get_attribute(BOARD, "data-steps") == str(len(deal.history))


def test_a_finished_deal_on_the_play_page_offers_review_and_download(page, server):
    from maw_sim import GameRecord
    from test_browser import TABLE, click_a_legal_move, open_table
    open_table(page, server, "play/spoil-five.html", seed=5, players=3)
    assert page.locator("[data-maw-review-link]").is_hidden()
    for _ in range(30):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        click_a_legal_move(page)
    assert page.get_attribute(TABLE, "data-phase") == "over"
    outcome = page.inner_text("[data-maw-outcome]")

    with page.expect_download() as download:
        page.click(f'{TABLE} button[data-action="download-record"]')
    text = open(download.value.path(), encoding="utf-8").read()
    assert download.value.suggested_filename.endswith(".maw")
    rec = GameRecord.parse(text)
    assert not rec.redacted and rec.replay().outcome is not None and len(rec.actions) >= 9   # 3 tricks at least

    page.click("[data-maw-review-link]")
    page.wait_for_url("**/review.html?game=*")
    page.wait_for_function("s => document.querySelector(s) && document.querySelector(s).dataset.state === 'ready'",
                           arg=BOARD, timeout=READY_MS)
    assert page.get_attribute(BOARD, "data-steps") == str(len(rec.actions))
    page.click(f'{BOARD} button[data-action="last"]')
    wait_step(page, len(rec.actions))
    # The same deal: the review's result is the engine's, and the table said the same in its words.
    assert page.inner_text("[data-maw-outcome]").strip() == outcome_words(rec.replay())
    assert outcome.strip()


def test_an_exercise_position_opens_where_it_stops_with_marks(page, server):
    deal = Deal.random("forty-five", 3, 12)
    rng = random.Random(4)
    for _ in range(4):
        deal.apply(rng.choice(deal.legal_actions()))
    assert deal.to_move is not None
    open_link(page, server, "record=" + quote(GameRecord.of_deal(deal).text()))
    wait_step(page, len(deal.history))
    wait_marks(page)
    marked = dict(page.eval_on_selector_all(f"{BOARD} [data-verdict]:is(button)",
                                            "bs => bs.map(b => [b.dataset.card || b.dataset.action, b.dataset.verdict])"))
    assert marked == {x.action: x.verdict for x in analyse(deal).actions}


def test_without_a_record_the_page_opens_its_example(page, server):
    from maw_sim import GameRecord
    from conftest import ROOT
    example = GameRecord.parse((ROOT / "docs" / "records" / "spoil-five-jink.maw").read_text(encoding="utf-8"))
    open_link(page, server, "")
    wait_step(page, 0)
    assert page.get_attribute(BOARD, "data-steps") == str(len(example.actions))
    # End steps to the end on the board (elsewhere on the page it scrolls the page, as it should).
    page.focus(BOARD)
    page.keyboard.press("End")
    wait_step(page, len(example.actions))
    assert page.inner_text("[data-maw-outcome]").strip() == outcome_words(example.replay())


def test_a_match_link_reviews_any_of_its_deals(page, server):
    """A link to a whole match opens its last deal, and any other from the menu; the names the
    people gave their seats go with it."""
    match = Match("twenty-five", 3, seed=4)
    rng = random.Random(2)
    deals = []
    for _ in range(2):
        deal = match.new_deal()
        while deal.phase != "over":
            deal.apply(rng.choice(deal.legal_actions()))
        match.settle(deal)
        deals.append(deal)
    # As a table passed round links it ("Review this deal"): its people's seats and their names.
    open_link(page, server, f"game={to_link(match)}&humans=0,2&names=Ann,Cat")
    wait_step(page, 0)
    names = page.eval_on_selector_all(f"{BOARD} li[data-seat] .maw-seat-name", "ns => ns.map(n => n.textContent)")
    assert names == ["Ann", "Bot 1", "Cat"], names
    assert page.get_attribute(BOARD, "data-steps") == str(len(deals[1].history))
    assert "deal 2 of 2" in page.inner_text(f"{BOARD} .maw-title")
    page.select_option(f'{BOARD} select[name="deal"]', "1")
    page.wait_for_function("s => document.querySelector(s + ' .maw-title').textContent.includes('deal 1 of 2')",
                           arg=BOARD, timeout=STEP_MS)
    wait_step(page, 0)
    assert page.get_attribute(BOARD, "data-steps") == str(len(deals[0].history))
    shown = page.eval_on_selector_all(f'{BOARD} li[data-seat="0"] button[data-card]', "bs => bs.map(b => b.dataset.card)")
    assert sorted(shown) == sorted(c.code for c in deals[0].dealt[0])


def test_a_bidding_record_stepped_to_the_end_from_all_hands_and_from_one_seat(page, server):
    """One-Hundred-and-Ten on the review board: the auction with the dealer's holds, the kitty
    (seen with the hands open, face down for another seat), the trump named, the marks on the
    play only, and at the end the contract and the score sheet's line."""
    from maw_sim import GameRecord
    from conftest import ROOT
    text = (ROOT / "docs" / "records" / "one-hundred-and-ten-hold.maw").read_text(encoding="utf-8")
    rec = GameRecord.parse(text)
    open_link(page, server, "record=" + quote(text))
    wait_step(page, 0)
    steps = len(rec.actions)
    assert page.get_attribute(BOARD, "data-steps") == str(steps)
    board = page.inner_text(BOARD)
    assert "Turn-up" not in board and "Trumps not named yet" in board
    assert "not valued" in page.inner_text(f"{BOARD} .maw-review-scope")
    # Every hand open: the kitty's five cards are on the board, and the calls open to seat 0.
    kitty = page.eval_on_selector_all(f"{BOARD} [data-maw-kitty] [data-code]", "cs => cs.map(c => c.dataset.code)")
    assert kitty == list(rec.deal.kitty)
    calls = page.eval_on_selector_all(f"{BOARD} .maw-choices button[data-action]", "bs => bs.map(b => b.dataset.action)")
    assert calls == ["bid 15", "bid 20", "bid 25", "bid 30", "pass"]
    assert page.locator(f"{BOARD} [data-verdict]:is(button)").count() == 0     # calls are not marked

    # Seat 1's view: step through the auction and the kitty one by one.
    page.select_option(f'{BOARD} select[name="seat"]', "1")
    wait_step(page, 0)
    for k in range(1, 10):
        page.keyboard.press("ArrowRight")
        wait_step(page, k)
        board = page.inner_text(BOARD)
        if k == 4:
            assert "Seat 3 holds: takes the bid at" in board and "Seat 2 may now bid higher or pass" in board
    assert page.get_attribute(f"{BOARD} [data-maw-kitty]", "data-taken") == "true"
    assert page.locator(f"{BOARD} [data-maw-kitty] [data-code]").count() == 0    # another's kitty: backs
    board = page.inner_text(BOARD)
    assert "puts out 5 cards face down" in board and "Seat 3 names clubs ♣ trumps." in board
    for code in ("9♦", "8♥", "6♥", "5♥", "Q♠", "2♣", "A♠", "K♣"):          # put out, or not played yet
        assert code not in board, code
    shown = page.eval_on_selector_all(f"{BOARD} button[data-card]", "bs => bs.map(b => b.dataset.card)")
    assert sorted(shown) == sorted(rec.hands[1])
    assert "Held by the dealer".lower() in page.inner_text(f"{BOARD} [data-maw-contract]").lower()

    # All hands open again, at the first card: the solver's marks are the engine's.
    page.select_option(f'{BOARD} select[name="seat"]', "open")
    wait_step(page, 9)
    wait_marks(page)
    a = analyse(rec.replay(upto=9))
    marked = dict(page.eval_on_selector_all(f"{BOARD} button[data-card][data-verdict]",
                                            "bs => bs.map(b => [b.dataset.card, b.dataset.verdict])"))
    assert marked == {x.action: x.verdict for x in a.actions}

    # To the end: the result, the contract and the score sheet.
    page.click(f'{BOARD} button[data-action="last"]')
    wait_step(page, steps)
    assert page.inner_text("[data-maw-outcome]").strip() == outcome_words(rec.replay())
    assert page.get_attribute(f"{BOARD} [data-maw-score]", "data-made") == "true"
    assert page.inner_text(f"{BOARD} [data-maw-score]").strip().endswith("Seat 3 0 + 25 = 25.")
    assert "Trumps ♣" in page.inner_text(BOARD)
    assert "null" not in page.inner_text(BOARD) and "undefined" not in page.inner_text(BOARD)


def test_the_atlantic_example_steps_to_the_end(page, server):
    from maw_sim import GameRecord
    from conftest import ROOT
    text = (ROOT / "docs" / "records" / "atlantic-example.maw").read_text(encoding="utf-8")
    rec = GameRecord.parse(text)
    open_link(page, server, "record=" + quote(text))
    wait_step(page, 0)
    assert page.locator(f"{BOARD} [data-maw-kitty]").count() == 0             # no kitty in this deal
    page.focus(BOARD)
    page.keyboard.press("End")
    wait_step(page, len(rec.actions))
    assert page.inner_text("[data-maw-outcome]").strip() == outcome_words(rec.replay())
    assert "Side 1 (Seat 0 & Seat 3) 100 + 5 = 105" in page.inner_text(f"{BOARD} [data-maw-score]")


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_numbers_under_the_cards_controls_by_the_felt_and_a_swipe(page, server, size):
    """For everyone, at a projector and on a phone: each legal card carries the number it keeps
    (the tricks its side can make sure of, the solver's count) under the card, not over its pips,
    large; the step controls sit right under the felt and the whole deal (hands, felt, controls)
    fits one screen; a swipe on the felt steps, as the arrow keys do."""
    page.set_viewport_size(size)
    match, deal = a_match()
    rec = GameRecord.of_deal(deal)
    open_link(page, server, f"game={to_link(match)}&step=2")
    wait_step(page, 2)
    wait_marks(page)
    truth = analyse(rec.replay(upto=2))
    cards = page.locator(f"{BOARD} button[data-card][data-verdict]")
    assert cards.count() == len(truth.actions)
    for i in range(cards.count()):
        card = cards.nth(i)
        x = truth[card.get_attribute("data-card")]
        badge = card.locator("[data-maw-number]")
        assert badge.inner_text().split()[0] == str(x.tricks)
        c, b = card.bounding_box(), badge.bounding_box()
        assert b["y"] >= c["y"] + c["height"] - 1, "the number sits over the card's face"
        assert float(badge.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 16
    assert "The number on each card is the tricks" in page.inner_text(f"{BOARD} .maw-review-marks")
    # The board scrolled to its top, under the site's header: everything in the window.
    page.evaluate("""s => { const h = document.querySelector('header'); const top = h ? h.getBoundingClientRect().bottom : 0;
        window.scrollTo(0, document.querySelector(s + ' .maw-board').getBoundingClientRect().top + scrollY - top); }""", BOARD)
    felt = page.locator(f"{BOARD} .maw-review-felt").bounding_box()
    forward = page.get_by_role("button", name="Forward one card (→)").bounding_box()
    assert 0 <= forward["y"] - (felt["y"] + felt["height"]) <= 40, "the controls are not right under the felt"
    parts = [felt, forward, *[page.locator(f"{BOARD} li[data-seat='{s}']").bounding_box() for s in range(4)]]
    for box in parts:
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, (box, size)
    # A swipe to the left on the felt: forward one step; to the right: back.
    for dx, step in ((-90, 3), (90, 2)):
        felt = page.locator(f"{BOARD} .maw-review-felt").bounding_box()      # the board moves as it steps
        x0, y = felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] / 2
        page.mouse.move(x0, y)
        page.mouse.down()
        page.mouse.move(x0 + dx, y + 5, steps=4)
        page.mouse.up()
        wait_step(page, step)


def test_play_on_from_here_continues_against_the_bots_and_the_record_marks_the_branch(page, server):
    """Pressed, "Play on from here" makes the legal cards playable: one card played at a step,
    the bots answer, the board goes to the new line's end, says where it branched and offers the
    record, whose [Branch] tag marks the step; it reads back."""
    import maw_sim
    page.set_viewport_size({"width": 1280, "height": 800})
    match, deal = a_match()
    rec = GameRecord.of_deal(deal)
    step = next(k for k in range(3, len(rec.actions)) if rec.replay(upto=k).phase == "play"
                and len(rec.replay(upto=k).legal_actions()) > 1)
    open_link(page, server, f"game={to_link(match)}&step={step}")
    wait_step(page, step)
    page.get_by_role("button", name="Play on from here").click()
    assert page.get_by_role("button", name="Play on from here").get_attribute("aria-pressed") == "true"
    before = rec.replay(upto=step)
    other = next(a for a in before.legal_actions() if a != rec.actions[step][1])
    page.click(f'{BOARD} li[data-seat="{before.to_move}"] button[data-card="{other}"]')
    page.wait_for_function("s => { const b = document.querySelector(s + ' [data-maw-branch]'); return b && !b.hidden; }",
                           arg=BOARD, timeout=STEP_MS)
    note = page.locator(f"{BOARD} [data-maw-branch]")
    assert f"Played on from step {step}" in note.inner_text()
    href = note.get_by_role("link", name="Save this record").get_attribute("href")
    text = page.evaluate("href => fetch(href).then(r => r.text())", href)
    played = maw_sim.GameRecord.parse(text)
    assert f'[Branch "{step}"]' in text and played.actions[:step] == rec.actions[:step]
    assert played.actions[step] == (before.to_move, other)
    # The note is drawn as the reply comes; the board then asks for the new line's last position.
    assert page.get_attribute(BOARD, "data-steps") == str(len(played.actions))
    wait_step(page, len(played.actions))


def test_the_step_is_in_the_address_and_the_feedback_beside_the_board(page, server):
    """The step controls stay put from step to step. A teacher links step 5 (#step=5 or ?step=5) and the board opens there; each step is written
    into the address (?step=N), so a reload comes back to it. A clicked mark's value is written
    under the hand it marks; "Play on from here" says what it asks under the controls; the marks
    never use a cross (every marked card is allowed); the seat you played is marked "you"."""
    page.set_viewport_size({"width": 1280, "height": 680})
    match, deal = a_match()
    open_link(page, server, f"game={to_link(match)}&you=1#step=5")
    wait_step(page, 5)
    check_the_controls_stay_put(page, len(GameRecord.of_deal(deal).actions), 5)
    page.keyboard.press("ArrowRight")
    wait_step(page, 6)
    assert "step=6" in page.url
    page.reload()
    wait_step(page, 6)
    wait_marks(page)
    assert page.locator(f'{BOARD} li[data-seat="1"]').get_by_text("you", exact=True).is_visible()
    assert "✕" not in page.inner_text(BOARD)
    card = page.locator(f"{BOARD} li[data-seat] button[data-card][data-verdict]").first
    mover = card.locator("xpath=ancestor::li[@data-seat]")
    card.click()
    said = mover.locator(".maw-review-note")
    # The card's value in words (its title is the engine's text for it), right under its hand.
    assert said.is_visible() and card.get_attribute("title") in said.inner_text()
    c, b = card.bounding_box(), said.bounding_box()
    assert 0 <= b["y"] - (c["y"] + c["height"]) <= 80, "the value is not next to the card"
    play_on = page.get_by_role("button", name="Play on from here")
    play_on.click()
    note = page.locator(f"{BOARD} .maw-review-playon")
    assert note.is_visible() and "Play on" in note.inner_text()
    # Right under the block of controls (which wraps to three rows in the page's narrow column).
    controls, b = page.locator(f"{BOARD} .maw-review-controls").bounding_box(), note.bounding_box()
    assert 0 <= b["y"] - (controls["y"] + controls["height"]) <= 40, "the instruction is not by the controls"
    assert b["y"] + b["height"] <= 680, "the instruction is below the fold"
    # Full screen for a class: the board over the whole screen, its cards larger.
    page.set_viewport_size({"width": 1920, "height": 1080})
    small = card.bounding_box()
    page.get_by_role("button", name="Full screen").click()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    board = page.locator(BOARD).bounding_box()
    assert board["width"] >= 1919 and board["height"] >= 1079, board
    assert card.bounding_box()["width"] >= 1.4 * small["width"]
    page.get_by_role("button", name="Leave full screen").click()



def check_the_controls_stay_put(page, steps, first):
    """The ▶ button keeps its place as the board steps (the text about it, the turn, the numbers
    arriving, a hand played out): a reader taps it again and again without looking, at a laptop's
    window and a phone's. Steps from ``first`` and comes back to it at 1280×680."""
    button = lambda name: page.get_by_role("button", name=name)     # noqa: E731
    forward = button("Forward one card (→)")
    for size in ({"width": 390, "height": 664}, {"width": 1280, "height": 680}):
        page.set_viewport_size(size)
        seen = []
        for step in [*range(first, first + 5), steps, steps - 1, 0]:
            if step == steps:
                button("To the end (End)").click()
            elif step == steps - 1:
                button("Back one card (←)").click()
            elif step == 0:
                button("To the start (Home)").click()
            elif step > first:
                forward.click()
            wait_step(page, step)
            b = forward.bounding_box()
            seen.append((step, round(b["x"]), round(b["y"] + page.evaluate("scrollY"))))
        assert len({(x, y) for _, x, y in seen}) == 1, f"▶ moved at {size}: {seen}"
        for _ in range(first):
            forward.click()
        wait_step(page, first)
