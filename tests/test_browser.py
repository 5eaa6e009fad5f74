"""The play pages in a real browser: Debian's headless chromium driven by Playwright.

The built site is served from 127.0.0.1 (http.server in a thread); every request to any other
origin is aborted and recorded, and the tests fail if there was one. One browser for the whole
module; Pyodide starts once per page. Moves are clicked as a reader would click them, and the
page's reduced-motion mode skips the animation pauses.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

import maw_sim
from conftest import Guard
from maw_sim import web

pytestmark = pytest.mark.browser

TABLE = "[data-maw-table]"
READY_MS = 90_000   # Pyodide's cold start, generously: a slow CI machine must not flake
MOVE_MS = 30_000


def open_table(page, server, path, **params):
    url = f"{server}/{path}" + (f"?{urlencode(params)}" if params else "")
    page.goto(url)
    try:
        page.wait_for_function(
            "s => { const t = document.querySelector(s); return t && t.dataset.phase !== 'loading' "
            "&& t.dataset.busy === 'false'; }", arg=TABLE, timeout=READY_MS)
    except Exception as error:      # Playwright's TimeoutError: say where the table stood
        table = page.evaluate(
            "s => { const t = document.querySelector(s); return t && {phase: t.dataset.phase, "
            "busy: t.dataset.busy, text: t.innerText.slice(0, 400)}; }", TABLE)
        raise AssertionError(f"{url}: the table did not become ready: {table}") from error
    phase = page.get_attribute(TABLE, "data-phase")
    assert phase in ("rob", "play", "jink", "over", "bid", "trump", "kitty", "discard"), (
        f"table did not start (phase {phase}): {page.inner_text(TABLE)[:500]}")


def wait_idle(page):
    page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false'",
                           arg=TABLE, timeout=MOVE_MS)


def hand_codes(page) -> list:
    return page.eval_on_selector_all(f"{TABLE} button[data-card]", "bs => bs.map(b => b.dataset.card)")


def click_a_legal_move(page) -> str:
    """Click the first legal card, else the first choice (rob/pass/jink/claim, a bid). In the kitty
    and discard steps: "Discard none" where offered, else mark the fewest cards allowed and confirm."""
    select = page.locator(f"{TABLE} [data-maw-select]")
    if select.is_visible():
        none = page.locator(f'{TABLE} .maw-choices button[data-action="discard none"]')
        if none.count():
            none.click()
            wait_idle(page)
            return "discard none"
        wanted = max(1, int(select.get_attribute("data-min")))
        cards = page.locator(f'{TABLE} button[data-card][data-legal="true"]')
        marked = [cards.nth(k).get_attribute("data-card") for k in range(wanted)]
        for code in marked:
            page.click(f'{TABLE} button[data-card="{code}"]')
        page.click(f'{TABLE} button[data-action="confirm-discard"]')
        wait_idle(page)
        return "discard " + " ".join(marked)
    legal = page.locator(f'{TABLE} button[data-card][data-legal="true"]')
    if legal.count():
        what = legal.first.get_attribute("data-card")
        legal.first.click()
    else:
        choice = page.locator(f"{TABLE} .maw-choices button[data-action]")
        assert choice.count(), f"no legal card and no choice: {page.inner_text(TABLE)[:500]}"
        what = choice.first.get_attribute("data-action")
        choice.first.click()
    wait_idle(page)
    return what


def last_deal_of_a_game(variant, seed):
    """A game at the page's table (the variant's usual players, its default layout) played by the
    page's first legal click to its last deal: the game link at the start of that deal, and the
    state at its end. The last deal ends the game: a side reaches the target, or, in the pool
    games, which have no target, someone takes the pool."""
    from test_web import first_choice
    session = web.Session()
    reply = web.json.loads(web.handle(web.json.dumps({"op": "new", "variant": variant, "seed": seed}), session))
    pool = maw_sim.load_variant(variant).scoring_kind == "pool"
    for _ in range(80):
        link = reply["state"]["link"]["game"]
        while reply["state"]["phase"] != "over":
            reply = web.json.loads(web.handle(web.json.dumps(
                {"op": "act", "action": first_choice(reply["state"])}), session))
        state = reply["state"]
        if state["match_over"] or (pool and state["outcome"]["winner"] is not None):
            return link, state
        reply = web.json.loads(web.handle(web.json.dumps({"op": "next"}), session))
    raise AssertionError(f"{variant}: the game did not end in 80 deals")


@pytest.mark.parametrize("variant", maw_sim.variant_ids())
def test_every_play_page_plays_a_game_to_its_end_by_clicking(page, server, variant):
    """Every ruleset's page, restored from a link at the start of a game's last deal (the deals
    before it played in Python by the same first choices), is clicked to the end of the game."""
    link, final = last_deal_of_a_game(variant, seed=2)
    open_table(page, server, f"play/{variant}.html", game=link)
    assert page.locator(f"{TABLE} .maw-title").inner_text().startswith(
        maw_sim.load_variant(variant).name)
    for _ in range(60):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        click_a_legal_move(page)
    assert page.get_attribute(TABLE, "data-phase") == "over"
    outcome = page.locator("[data-maw-outcome]")
    # The same game as in Python: the same first choices, the same bots' dice.
    assert outcome.is_visible() and final["outcome"]["text"] in outcome.inner_text()
    assert page.locator(f"{TABLE} .maw-log-list li").count() >= 6
    if final["match_over"]:
        # The game is over on the page too: no next deal, the next game offered.
        assert page.locator(f'{TABLE} button[data-action="next-game"]').is_visible()
        assert page.locator(f'{TABLE} button[data-action="new-deal"]').is_hidden()
    else:
        assert final["outcome"]["winner"] is not None        # a pool game: the pool is taken
    robber = final["sheet"].get("robber")
    if robber:                                                # Bruff: the robber's standing
        assert page.locator(f"{TABLE} [data-maw-robber]").text_content() == robber["text"]
    # Every card button says what it is, for a screen reader.
    labels = page.eval_on_selector_all(f"{TABLE} button[data-card]", "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert all(label and " of " in label for label in labels)


def _seed_with_an_illegal_card():
    for seed in range(1, 300):
        session = web.Session()
        session.new(variant="spoil-five", players=5, seed=seed)
        state = session.state()
        illegal = [c for c in state["hand"] if not c["legal"]]
        if state["your_turn"] and state["phase"] == "play" and illegal:
            return seed, illegal[0]
    raise AssertionError("no seed with an illegal card in the first hand")


def test_an_illegal_card_says_why(page, server):
    seed, card = _seed_with_an_illegal_card()
    open_table(page, server, "play/spoil-five.html", players=5, seed=seed)
    button = page.locator(f'{TABLE} button[data-card="{card["code"]}"]')
    assert button.get_attribute("data-legal") == "false"
    assert button.get_attribute("aria-disabled") == "true"
    before = hand_codes(page)
    # aria-disabled tells assistive technology the card cannot be played, yet it stays focusable
    # and clickable, to say why; Playwright would wait for it to be enabled, so force the click.
    button.click(force=True)
    # The answer beside the card: the engine's sentence first, its sources behind a tap.
    answer = page.locator(TABLE).get_by_role("alert")
    assert answer.count() == 1 and answer.is_visible()
    assert answer.inner_text().strip().startswith(card["reason_plain"])
    assert card["reason"].startswith(card["reason_plain"]) and card["reason_sources"] in card["reason"]
    assert hand_codes(page) == before, "an illegal click must not play the card"


def test_a_seeded_link_reproduces_the_hand(page, server):
    session = web.Session()
    session.new(variant="twenty-five", players=4, seed=4242)
    expected = [c["code"] for c in session.state()["hand"]]
    open_table(page, server, "play/spoil-five.html", variant="twenty-five", players=4, seed=4242)
    assert hand_codes(page) == expected
    link = page.get_attribute(f"{TABLE} a.maw-link", "href")
    assert "variant=twenty-five" in link and "players=4" in link and "seed=4242" in link
    click_a_legal_move(page)
    open_table(page, server, link.removeprefix(server + "/"))
    assert hand_codes(page) == expected


def _table_picture(page):
    """What the reader sees of the position: the hand, the cards on the table, the phase."""
    return hand_codes(page), page.inner_text(f"{TABLE} .maw-trick"), page.get_attribute(TABLE, "data-phase"), \
        page.inner_text(f"{TABLE} .maw-title")


def test_link_to_this_deal_restores_the_exact_position_and_a_damaged_one_says_why(page, server):
    open_table(page, server, "play/spoil-five.html", variant="spoil-five", players=4, seed=31)
    for _ in range(3):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        click_a_legal_move(page)
    before = _table_picture(page)
    link = page.get_attribute(f"{TABLE} a.maw-link", "href")
    assert "game=m1.spoil-five" in link
    open_table(page, server, link.removeprefix(server + "/"))
    assert _table_picture(page) == before
    damaged = link.replace("game=m1.spoil-five.", "game=m1.spoil-five.0")
    open_table(page, server, damaged.removeprefix(server + "/"))
    message = page.locator(f"{TABLE} .maw-message").inner_text()
    assert "game link" in message and "starting a fresh deal" in message
    assert len(hand_codes(page)) in (5, 6)


def test_a_bad_link_shows_a_message_and_falls_back(page, server):
    open_table(page, server, "play/cotton-1674.html",
               variant='<img src=x onerror="window.pwned=1">', players="99", seed="abc")
    message = page.locator(f"{TABLE} .maw-message")
    text = message.inner_text()
    assert "unknown variant" in text and "seed must be a whole number" in text
    assert page.locator(f"{TABLE} img").count() == 0, "a URL parameter became markup"
    assert page.evaluate("window.pwned") is None
    # Fell back to the page's own variant, its player count and a fresh seed: playable.
    assert page.locator(f"{TABLE} .maw-title").inner_text().startswith("Five Cards")
    assert len(hand_codes(page)) in (5, 6)


def test_keyboard_play(page, server):
    open_table(page, server, "play/family.html", seed=8)
    while page.get_attribute(TABLE, "data-phase") == "rob":
        click_a_legal_move(page)
    before = len(hand_codes(page))
    page.focus(f'{TABLE} .maw-hand button[tabindex="0"]')
    page.keyboard.press("End")
    page.keyboard.press("Home")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == hand_codes(page)[0]
    # Walk to a legal card with the arrows and play it with Enter.
    for _ in range(len(hand_codes(page))):
        if page.evaluate("document.activeElement.dataset.legal") == "true":
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert len(hand_codes(page)) == before - 1 or page.get_attribute(TABLE, "data-phase") == "over"


def test_new_deal_keeps_the_match(page, server):
    open_table(page, server, "play/spoil-five.html", players=3, seed=5)
    for _ in range(30):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        click_a_legal_move(page)
    page.click(f'{TABLE} button[data-action="new-deal"]')
    wait_idle(page)
    assert "deal 2" in page.locator(f"{TABLE} .maw-title").inner_text()
    assert page.get_attribute(TABLE, "data-phase") in ("rob", "play")


def test_opened_from_a_file_the_page_says_how_to_serve_it(browser, site_html):
    context = browser.new_context()
    guard = Guard("file://")
    context.on("request", lambda r: r.url.startswith(("http:", "https:")) and guard.foreign.append(r.url))
    page = context.new_page()
    try:
        page.goto((site_html / "play" / "spoil-five.html").as_uri())
        page.wait_for_function("s => document.querySelector(s).dataset.phase === 'error'",
                               arg=TABLE, timeout=15_000)
        text = page.locator(f"{TABLE} .maw-message").inner_text()
        assert "file://" in text and "make serve" in text
        assert not guard.foreign
    finally:
        context.close()


def test_every_variant_has_a_play_page_linked_from_the_index(site_html):
    index = (site_html / "play" / "index.html").read_text(encoding="utf-8")
    for variant in maw_sim.variant_ids():
        page = site_html / "play" / f"{variant}.html"
        assert page.is_file(), f"no play page for {variant}"
        assert f'href="{variant}.html"' in index
        assert "data-maw-table" in page.read_text(encoding="utf-8")


def test_a_partnership_link_plays_with_a_partner(page, server):
    open_table(page, server, "play/twenty-five.html", players=4, seed=3, teams="2x2")
    assert page.locator(f"{TABLE} .maw-partner").count() == 1
    assert "Your side (You & Bot 2)" in page.locator(f"{TABLE} .maw-scores").inner_text()
    assert page.locator(f'{TABLE} select[name="teams"]').input_value() == "2x2"
    for _ in range(30):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        click_a_legal_move(page)
    assert page.get_attribute(TABLE, "data-phase") == "over"
    assert "teams=2x2" in page.get_attribute(f"{TABLE} .maw-link", "href")


def test_the_settings_offer_only_tables_the_engine_deals(page, server):
    """Atlantic Auction 45s: with the exchange limited to four, six players is not offered (the
    engine refuses it: the stock would run short); at six players the limit of four is offered
    disabled. The choices are the engine's one check of a table (state.variant.table)."""
    open_table(page, server, "play/auction-45-atlantic.html", players=6, seed=3)
    players = f'{TABLE} select[name="players"]'
    exchange = f'{TABLE} select[data-option="exchange"]'
    assert "6" in page.eval_on_selector_all(f"{players} option", "os => os.map(o => o.value)")
    assert page.eval_on_selector(f'{exchange} option[value="4"]', "o => o.disabled")
    assert not page.eval_on_selector(f'{exchange} option[value="3"]', "o => o.disabled")
    page.click(f"{TABLE} details.maw-settings > summary")
    page.select_option(players, "4")             # four players: the limit of four may be chosen
    assert not page.eval_on_selector(f'{exchange} option[value="4"]', "o => o.disabled")
    page.select_option(exchange, "4")            # a new game with house rules at four players
    page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false' && "
                           "!document.querySelector(s + ' select[name=\"players\"] option[value=\"6\"]')",
                           arg=TABLE, timeout=MOVE_MS)
    counts = page.eval_on_selector_all(f"{players} option", "os => os.map(o => o.value)")
    assert counts == ["2", "3", "4", "5"]
    assert page.locator(f"{TABLE} .maw-message").inner_text().strip() == ""


def test_robbing_by_tapping_the_card_to_put_out(page, server):
    """A dealer robbing the turn-up puts a card out by tapping it in the hand, as its button does:
    the card tapped leaves the hand and the turn-up comes in."""
    session = web.Session()
    session.new(variant="spoil-five", players=4, seed=11)
    state = session.state()
    robs = [c["action"] for c in state["choices"] if c["action"].startswith("rob ")]
    assert state["phase"] == "rob" and robs, "seed 11 gives you the turn-up to rob"
    put_out, turnup = robs[0].split()[1], state["turnup"]["code"]
    open_table(page, server, "play/spoil-five.html", players=4, seed=11)
    card = page.locator(f'{TABLE} [data-maw-hand] button[data-card="{put_out}"]')
    assert card.get_attribute("data-legal") == "true" and "Put out" in card.get_attribute("aria-label")
    card.click()
    wait_idle(page)
    assert put_out not in hand_codes(page) and turnup in hand_codes(page)
