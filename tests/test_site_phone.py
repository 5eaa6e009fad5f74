"""The built site on a phone (390×844, touch), in headless Chromium.

No page is wider than the screen: a wide table (card orders, the rules matrix, the ranking tables,
the handouts) scrolls inside its own box, never the page. The home page says in one line what the
site is and offers Play first; the play index lists the games people play today first, under plain
names. A ruleset's play page is left to tests/test_table_layout.py, which measures it with its
table drawn, at every player count.
"""

from __future__ import annotations

import re

import pytest

from conftest import guarded_page
from maw_sim import load_variant, variant_ids

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
READY_MS = 90_000
#: The widgets other than the play tables, and the attribute that says they are drawn.
WIDGETS_READY = """() => [...document.querySelectorAll('[data-maw-review], [data-maw-experiment]')]
    .every((w) => !['loading', undefined].includes(w.dataset.state))"""


@pytest.fixture(scope="module")
def phone(browser, server):
    """One guarded phone page for the module."""
    context, page, guard = guarded_page(browser, server, viewport=PHONE, has_touch=True, is_mobile=True,
                                        reduced_motion="reduce")
    yield page
    context.close()
    guard.check()


def site_pages(site_html):
    return sorted(str(path.relative_to(site_html)) for path in site_html.rglob("*.html")
                  if path.relative_to(site_html).parts[0] not in ("_static", "_sources", "_images"))


def test_no_page_is_wider_than_a_phone(phone, server, site_html):
    pages = site_pages(site_html)
    assert len(pages) > 50 and "card-orders.html" in pages and "teaching/handouts.html" in pages
    too_wide = {}
    # A ruleset's play page is measured in tests/test_table_layout.py, with its table drawn at
    # every player count, at 390 and 360 px: loading it here too only started its engine again.
    for path in [p for p in pages if not p.startswith("play/") or p == "play/index.html"]:
        phone.goto(f"{server}/{path}")
        phone.wait_for_function(WIDGETS_READY, timeout=READY_MS)
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide[path] = width
    assert not too_wide, f"pages wider than {PHONE['width']} px: {too_wide}"
    # The wide tables are still there, whole, scrolling inside their own box.
    phone.goto(f"{server}/card-orders.html")
    scrolled = phone.evaluate("""() => [...document.querySelectorAll('table')].filter((t) => {
        const box = t.parentElement.closest('div'); const style = getComputedStyle(box);
        return t.scrollWidth > innerWidth && ['auto', 'scroll'].includes(style.overflowX)
            && box.getBoundingClientRect().right <= innerWidth; }).length""")
    assert scrolled >= 1, "card orders: no table wider than the phone scrolls in its own box"


def test_the_home_page_says_what_the_site_is_and_offers_play_first(phone, server):
    phone.goto(f"{server}/index.html")
    main = phone.get_by_role("main")
    lead = main.locator("h1 + p")
    text = lead.inner_text()
    assert "Play" in text and "browser" in text and "history" in text
    box = lead.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"], "the one-line summary is below the first screen"
    # The first link of the page's own text is Play, on the first screen.
    first = main.get_by_role("link").first
    assert first.inner_text().strip().startswith("Play")
    assert first.get_attribute("href").endswith("play/index.html")
    box = first.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"] and box["height"] >= 40
    # And Play is the first entry of the site's navigation (the phone's menu button opens it).
    phone.goto(f"{server}/history/index.html")
    phone.get_by_role("button", name="Site navigation").click()
    menu = phone.get_by_role("dialog")
    menu.get_by_role("link").first.wait_for()
    entries = [t.strip() for t in menu.get_by_role("navigation").first.get_by_role("link").all_inner_texts()]
    assert entries[0] == "Play", entries


def test_the_play_index_lists_todays_games_first_under_plain_names(phone, server):
    phone.goto(f"{server}/play/index.html")
    main = phone.get_by_role("main")
    # (Each heading ends with its "#" anchor link.)
    headings = [h.strip().rstrip("#").strip() for h in main.get_by_role("heading", level=2).all_inner_texts()]
    assert headings[:2] == ["Played today", "From the history books"], headings
    # The list under each of the two headings.
    lists = [main.locator(f"xpath=//h2[contains(., '{title}')]/following-sibling::ul[1]")
             for title in ("Played today", "From the history books")]
    today = [a.get_attribute("href") for a in lists[0].get_by_role("link").all()]
    past = [a.get_attribute("href") for a in lists[1].get_by_role("link").all()]
    modern = [v for v in variant_ids() if load_variant(v).era.startswith("modern")]
    assert today == [f"{v}.html" for v in modern]
    assert sorted(today + past) == sorted(f"{v}.html" for v in variant_ids())
    assert today[0] == "twenty-five.html", "Ireland's national game first"
    # Plain names: each entry reads "Name — era: summary", never brackets inside brackets.
    for item in lists[0].get_by_role("listitem").all() + lists[1].get_by_role("listitem").all():
        text = item.inner_text()
        assert " — " in text
        assert not re.search(r"\([^()]*\(", text), f"brackets inside brackets: {text!r}"
    box = lists[0].get_by_role("link").first.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"], "the first game is below the first screen"


#: The boxes of "Back to top" (where shown) and of every control of the page's widgets, on screen.
COVERED_JS = """() => {
    const box = (e) => { const b = e.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height}; };
    const top = document.getElementById('pst-back-to-top');
    const shown = top && getComputedStyle(top).display !== 'none' && getComputedStyle(top).visibility !== 'hidden'
        && top.getBoundingClientRect().height > 0;
    const controls = [...document.querySelectorAll('[data-maw-table], [data-maw-review]')]
        .flatMap((w) => [...w.querySelectorAll('button, select, a, summary')])
        .filter((e) => e.getClientRects().length).map(box)
        .filter((b) => b.y + b.h > 0 && b.y < innerHeight);
    return {top: shown ? box(top) : null, controls};
}"""


def test_back_to_top_never_covers_a_control(phone, server):
    """Scrolled anywhere on a play page or the review board, the theme's "Back to top" button
    covers no button, menu or link of the table (the pages with controls do without it)."""
    for path in ("play/one-hundred-and-ten.html", "review.html"):
        phone.goto(f"{server}/{path}")
        phone.wait_for_function("() => { const t = document.querySelector('[data-maw-table], [data-maw-review]');"
                                " return t && !['loading'].includes(t.dataset.phase || t.dataset.state); }",
                                timeout=READY_MS)
        height = phone.evaluate("document.documentElement.scrollHeight")
        # Down to the end, then back up: the theme shows the button on the way up.
        for y in [*range(0, height, 300), *range(height, -1, -150)]:
            phone.evaluate(f"window.scrollTo(0, {y})")
            phone.wait_for_timeout(50)
            seen = phone.evaluate(COVERED_JS)
            top = seen["top"]
            if top is None:
                continue
            for b in seen["controls"]:
                apart = (top["x"] + top["w"] <= b["x"] or b["x"] + b["w"] <= top["x"]
                         or top["y"] + top["h"] <= b["y"] or b["y"] + b["h"] <= top["y"])
                assert apart, f"{path} scrolled to {y}: Back to top covers a control at {b}"
