"""The play page's house rules, default partnerships and score sheet, in headless Chromium.

House rules chosen in the settings start a new game, are shown in words with their sources and
travel in the link; a bad house rule in a link is named with what is allowed and the file's rules
are played; a ruleset whose file names a partnership layout starts with partners; the score sheet
fills a row a deal and tallies the games of the session. Screenshots go to docs/_build/screenshots/.
"""

from __future__ import annotations

import pytest

from maw_sim import web
from test_browser import TABLE, click_a_legal_move, hand_codes, open_table, wait_idle
from test_table_layout import DESKTOP, PHONE, new_page, screenshot, scroll_table_to_top  # noqa: F401  (fixture)
from test_web import first_choice

pytestmark = pytest.mark.browser


def play_to_the_end_of_the_deal(page, limit=40):
    for _ in range(limit):
        if page.get_attribute(TABLE, "data-phase") == "over":
            return
        click_a_legal_move(page)
    raise AssertionError("the deal did not end")


def link_of(page) -> str:
    return page.get_attribute(f"{TABLE} a.maw-link", "href")


def test_a_preset_and_an_option_chosen_on_the_page_start_a_game_and_travel_in_the_link(page, server):
    open_table(page, server, "play/spoil-five.html", players=4, seed=12)
    rules = page.locator(f"{TABLE} [data-maw-house-rules]")
    assert rules.is_hidden(), "no house rules: the file's own rules"
    page.click(f"{TABLE} details.maw-settings > summary")
    page.select_option(f'{TABLE} select[name="preset"]', "baxter-wray")
    wait_idle(page)
    assert rules.is_visible()
    text = rules.inner_text()
    assert "As Baxter-Wray gives the rules" in text and "calls for hearts" in text and "Source: " in text
    assert "Baxter-Wray" in text.split("Source: ")[1]
    assert "≈ reconstructed" in text, "the house rule's evidence badge, as the rules pages draw it"
    assert page.locator(f'{TABLE} select[name="option-ace_of_hearts_lead"]').input_value() == "hearts"
    assert "seed 12" in page.inner_text(f"{TABLE} .maw-title"), "the same deal under the new rules"
    link = link_of(page)
    assert "preset=baxter-wray" in link and "options=ace_of_hearts_lead%3Dhearts" in link
    # The link restores the rules (and the position).
    click_a_legal_move(page)
    before = hand_codes(page)
    open_table(page, server, link_of(page).removeprefix(server + "/"))
    assert hand_codes(page) == before
    assert "calls for hearts" in page.locator(f"{TABLE} [data-maw-house-rules]").inner_text()
    assert page.locator(f'{TABLE} select[name="preset"]').input_value() == "baxter-wray"
    # One option set back to the file's own value: no house rules, none in the link.
    page.click(f"{TABLE} details.maw-settings > summary")
    page.select_option(f'{TABLE} select[name="option-ace_of_hearts_lead"]', "trump")
    wait_idle(page)
    assert page.locator(f"{TABLE} [data-maw-house-rules]").is_hidden()
    assert "options=" not in link_of(page) and "preset=" not in link_of(page)
    assert page.locator(f'{TABLE} select[name="preset"]').input_value() == ""


@pytest.mark.parametrize("params, words", [
    ({"options": "kitty=3"}, "Spoil Five has no option 'kitty'; options: ace_of_hearts_lead"),
    ({"options": "ace_of_hearts_lead=clubs"}, "takes trump, hearts; got 'clubs'"),
    ({"preset": "tignish"}, "has no preset 'tignish'; presets: baxter-wray"),
])
def test_a_bad_house_rule_in_a_link_says_what_is_allowed_and_plays_the_files_rules(page, server, params, words):
    open_table(page, server, "play/spoil-five.html", seed=3, **params)
    message = page.locator(f"{TABLE} .maw-message").inner_text()
    assert words in message and "no house rules" in message
    assert page.locator(f"{TABLE} [data-maw-house-rules]").is_hidden()
    assert len(hand_codes(page)) in (5, 6)


def test_a_file_with_a_default_layout_starts_with_partners_and_singles_can_be_chosen(page, server):
    open_table(page, server, "play/barker-45.html", seed=4)
    assert page.locator(f"{TABLE} .maw-seats .maw-is-partner").count() == 1
    assert page.locator(f'{TABLE} select[name="teams"]').input_value() == "2x2"
    page.click(f"{TABLE} details.maw-settings > summary")
    # Six players: the file's layout for six is two sides of three.
    page.select_option(f'{TABLE} select[name="players"]', "6")
    assert page.locator(f'{TABLE} select[name="teams"]').input_value() == "2x3"
    page.select_option(f'{TABLE} select[name="players"]', "4")
    page.select_option(f'{TABLE} select[name="teams"]', "singles")
    page.click(f'{TABLE} button[data-action="new-game"]')
    wait_idle(page)
    assert page.locator(f"{TABLE} .maw-seats .maw-is-partner").count() == 0
    link = link_of(page)
    assert "teams=singles" in link
    open_table(page, server, link.removeprefix(server + "/"))
    assert page.locator(f"{TABLE} .maw-seats .maw-is-partner").count() == 0


def _last_deal_of_a_game(variant, players, seed):
    """A game played by first choices (as the page's first legal click) to its last deal: the
    link at the start of that deal, and the session at the end."""
    session = web.Session()
    reply = web.json.loads(web.handle(web.json.dumps({"op": "new", "variant": variant, "players": players,
                                                      "seed": seed}), session))
    link = None
    for _ in range(60):
        link = reply["state"]["link"]["game"]
        while reply["state"]["phase"] != "over":
            reply = web.json.loads(web.handle(web.json.dumps(
                {"op": "act", "action": first_choice(reply["state"])}), session))
        if reply["state"]["match_over"]:
            return link, reply["state"]
        reply = web.json.loads(web.handle(web.json.dumps({"op": "next"}), session))
    raise AssertionError("the game did not end in 60 deals")


def test_the_score_sheet_fills_a_row_a_deal_and_tallies_the_games(page, server):
    link, final = _last_deal_of_a_game("twenty-five", 2, 7)
    open_table(page, server, "play/twenty-five.html", game=link)
    sheet = page.locator(f"{TABLE} details[data-maw-sheet]")
    assert sheet.is_visible() and not sheet.evaluate("d => d.open")
    page.click(f"{TABLE} details[data-maw-sheet] > summary")
    rows = page.locator(f"{TABLE} .maw-sheet-table tbody tr")
    played = final["deal_number"] - 1
    assert rows.count() == max(played, 1)
    play_to_the_end_of_the_deal(page)
    assert rows.count() == final["deal_number"]
    last = rows.last.inner_text()
    totals = final["sheet"]["rows"][-1]["totals"]
    assert all(f"→ {t}" in last for t in totals), (last, totals)
    assert "Games won this session: " in page.inner_text(f"{TABLE} .maw-games")
    assert page.locator(f'{TABLE} button[data-action="new-deal"]').is_hidden()
    next_game = page.locator(f'{TABLE} button[data-action="next-game"]')
    assert next_game.is_visible()
    next_game.click()
    wait_idle(page)
    assert "game 2" in page.inner_text(f"{TABLE} .maw-title")
    assert page.get_attribute(TABLE, "data-phase") in ("rob", "play")
    assert rows.count() == 1 and "No deal finished yet" in rows.first.inner_text()
    won = final["sheet"]["games_won"]
    names = final["sheet"]["names"]
    assert page.inner_text(f"{TABLE} .maw-games") == (
        "Games won this session: " + ", ".join(f"{n} {w}" for n, w in zip(names, won)) + " (of 1).")


def test_the_pool_sheet_and_the_house_rules_fit_a_phone(new_page, server):
    page = new_page(PHONE)
    open_table(page, server, "play/spoil-five.html", players=5, seed=2, preset="baxter-wray")
    play_to_the_end_of_the_deal(page)
    page.click(f"{TABLE} details[data-maw-sheet] > summary")
    head = page.eval_on_selector_all(f"{TABLE} .maw-sheet-table thead th", "ths => ths.map(t => t.textContent)")
    assert head[:3] == ["Deal", "Result", "Pool"] and head[3] == "You"
    width = PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    for selector in (f"{TABLE} details[data-maw-sheet] > summary", f'{TABLE} button[data-action="new-deal"]'):
        b = page.locator(selector).bounding_box()
        assert b["height"] >= 44 and b["x"] >= 0 and b["x"] + b["width"] <= width
    page.locator(f"{TABLE} details[data-maw-sheet]").scroll_into_view_if_needed()
    screenshot(page, "table-phone-sheet.png")
    scroll_table_to_top(page)
    screenshot(page, "table-phone-house-rules.png")
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    screenshot(page, "table-phone-house-rules-dark.png")


def test_the_house_rules_settings_fit_a_phone(new_page, server):
    page = new_page(PHONE)
    open_table(page, server, "play/auction-45-atlantic.html", seed=3, preset="tignish")
    page.click(f"{TABLE} details.maw-settings > summary")
    width = PHONE["width"]
    selects = page.locator(f"{TABLE} .maw-options select[data-option]")
    assert selects.count() >= 10
    assert page.locator(f'{TABLE} select[name="preset"]').input_value() == "tignish"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    for select in [page.locator(f'{TABLE} select[name="preset"]')] + selects.all():
        b = select.bounding_box()
        assert b["height"] >= 44 and b["x"] >= 0 and b["x"] + b["width"] <= width
    page.locator(f"{TABLE} .maw-rules-fieldset").scroll_into_view_if_needed()
    screenshot(page, "table-phone-settings.png")
