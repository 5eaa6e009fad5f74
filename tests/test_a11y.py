"""Accessibility of the pages people use most, in headless Chromium, light and dark.

- axe-core (the npm package, installed by ``npm ci``; injected from node_modules) finds nothing on
  the home page, the play index, two play tables (a trick with cards you may not play, and an
  auction) and the review board.
- The keyboard's focus ring has at least 3:1 against what is behind it (WCAG 2.2 SC 1.4.11 and
  2.4.13), computed from the styles the browser applies.
- A card you cannot play is drawn at full opacity with ink of at least 4.5:1 on its paper: you plan
  with those cards too.
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT, guarded_page
from maw_sim import web

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TABLE = "[data-maw-table]"
READY_MS = 90_000
THEMES = ("light", "dark")
#: WCAG 2.0-2.2, A and AA, and axe's best practices.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
#: One exception, for the cards alone: a card button is named by the engine ("eight of spades")
#: while its face is drawn with the rank and every pip ("8", "♠" ×10), which axe's label-in-name
#: rule (WCAG 2.5.3) reads as text the name should contain. The rule runs on everything else.
LABEL_IN_NAME = "label-content-name-mismatch"
WIDGET_READY = """() => { const w = document.querySelector('[data-maw-table], [data-maw-review]');
    return !w || (!['loading', undefined].includes(w.dataset.phase ?? w.dataset.state) && w.dataset.busy !== 'true'); }"""


@pytest.fixture(scope="module")
def page(browser, server):
    """One guarded desktop page for the module (overrides conftest's page)."""
    if not AXE.is_file():
        pytest.fail(f"no {AXE}: `npm ci` installs axe-core (package.json's devDependencies)")
    context, page, guard = guarded_page(browser, server, viewport={"width": 1280, "height": 800},
                                        reduced_motion="reduce")
    yield page
    context.close()
    guard.check()


def seed_with_illegal_cards(variant_id="spoil-five", players=5) -> int:
    """A seed whose first decision is a card to play, with red and black cards you may not play."""
    for seed in range(1, 200):
        session = web.Session()
        session.new(variant=variant_id, players=players, seed=seed)
        state = session.state()
        illegal = [card for card in state["hand"] if not card["legal"]]
        if state["phase"] == "play" and {card["red"] for card in illegal} == {True, False}:
            return seed
    raise AssertionError("no such seed")


def open_page(page, server, path):
    page.goto(f"{server}/{path}")
    page.wait_for_function(WIDGET_READY, timeout=READY_MS)


def set_theme(page, theme):
    page.evaluate("theme => { document.documentElement.dataset.theme = theme; }", theme)


def axe_violations(page) -> list:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async ([tags, rule]) => {
        const everything = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                    rules: {[rule]: {enabled: false}}});
        const named = await axe.run({exclude: [['button[data-card]']]}, {runOnly: {type: 'rule', values: [rule]}});
        return everything.violations.concat(named.violations).map((v) => `${v.id} (${v.impact}): ${v.help}: ` +
            v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '));
    }""", [AXE_TAGS, LABEL_IN_NAME])
    return found


def test_axe_finds_nothing(page, server):
    pages = ["index.html", "play/index.html",
             f"play/spoil-five.html?players=5&seed={seed_with_illegal_cards()}",
             "play/one-hundred-and-ten.html?seed=1", "review.html"]
    problems = []
    for path in pages:
        open_page(page, server, path)
        for theme in THEMES:
            set_theme(page, theme)
            problems += [f"{path} ({theme}): {v}" for v in axe_violations(page)]
    assert not problems, "\n".join(problems)


# -- contrast, computed --------------------------------------------------------------------------------

def luminance(rgb) -> float:
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def parse_colour(text: str):
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    assert len(numbers) >= 3, f"not a colour: {text!r}"
    return numbers[:3]


#: For the focused element: its outline (colour, style, width) and the first opaque background
#: behind it (its ancestors'; the page's own colour at the top).
FOCUS_RING_JS = """(e) => {
    const style = getComputedStyle(e);
    let p = e.parentElement, behind = null;
    while (p && !behind) {
        const bg = getComputedStyle(p).backgroundColor;
        if (bg && !/rgba\\(.*, 0\\)$/.test(bg) && bg !== 'transparent') behind = bg;
        p = p.parentElement;
    }
    return {visible: e.matches(':focus-visible'), color: style.outlineColor, style: style.outlineStyle,
            width: parseFloat(style.outlineWidth), behind: behind || 'rgb(255, 255, 255)'};
}"""


def keyboard_focus(page, locator):
    """Focus an element as the keyboard does: Shift+Tab away from it and Tab back, and within a
    group of cards (one Tab stop; the arrow keys move inside it) the arrow keys."""
    locator.focus()
    in_its_group = "e => { const g = e.closest('[role=group]'); return Boolean(g && g.contains(document.activeElement)); }"
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
        if not locator.evaluate(in_its_group):
            break
    page.keyboard.press("Tab")
    for _ in range(12):
        if locator.evaluate("e => e === document.activeElement"):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError("the keyboard did not reach the element; focus is on " +
                         page.evaluate("document.activeElement.outerHTML.slice(0, 200)"))


def check_focus_ring(page, locator, what):
    keyboard_focus(page, locator)
    ring = locator.evaluate(FOCUS_RING_JS)
    assert ring["visible"], f"{what}: no :focus-visible after Tab"
    assert ring["style"] not in ("none", "hidden") and ring["width"] >= 2, f"{what}: no outline ({ring})"
    ratio = contrast(parse_colour(ring["color"]), parse_colour(ring["behind"]))
    assert ratio >= 3, f"{what}: focus ring {ring['color']} on {ring['behind']} is {ratio:.2f}:1, under 3:1"
    return ratio


def test_the_focus_ring_stands_out_in_light_and_dark(page, server):
    open_page(page, server, f"play/spoil-five.html?players=5&seed={seed_with_illegal_cards()}")
    table = page.locator(TABLE)
    hand = table.get_by_role("group", name="Your hand")
    targets = {
        "a card you may play": hand.locator("button:not([aria-disabled])").first,
        "a card you may not play": hand.locator("button[aria-disabled=true]").first,
        "the link to the deal": table.get_by_role("link", name="Link to this deal"),
        "the score sheet's fold": table.locator("summary", has_text="Score sheet"),
    }
    ratios = {}
    for theme in THEMES:
        set_theme(page, theme)
        for what, locator in targets.items():
            ratios[what, theme] = check_focus_ring(page, locator, f"{what} ({theme})")
    # A button of the auction, and the review board's step button.
    open_page(page, server, "play/one-hundred-and-ten.html?seed=1")
    a_bid = page.locator(TABLE).get_by_role("group", name="Your choices").get_by_role("button").first
    for theme in THEMES:
        set_theme(page, theme)
        ratios["a bid", theme] = check_focus_ring(page, a_bid, f"a bid ({theme})")
    open_page(page, server, "review.html")
    # The solver's numbers redraw the cards when they come: the focus is measured after them.
    page.wait_for_function("() => document.querySelector('[data-maw-review]').dataset.marks !== 'pending'", timeout=READY_MS)
    forward = page.get_by_role("button", name=re.compile("^Forward one card"))
    for theme in THEMES:
        set_theme(page, theme)
        ratios["the review's step", theme] = check_focus_ring(page, forward, f"the review's step ({theme})")
    assert min(ratios.values()) >= 3


#: Each card of the hand: whether it may be played, the opacity of its ink (with every ancestor's),
#: and the colours of its ink and its paper as drawn.
CARD_INK_JS = """(group) => [...group.querySelectorAll('button')].map((b) => {
    const ink = b.querySelector('svg text'), paper = b.querySelector('svg rect');
    let opacity = 1;
    for (let e = ink; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
    return {name: b.getAttribute('aria-label'), legal: b.getAttribute('aria-disabled') !== 'true', opacity,
            ink: getComputedStyle(ink).fill, paper: getComputedStyle(paper).fill};
})"""


def test_cards_you_cannot_play_stay_readable(page, server):
    open_page(page, server, f"play/spoil-five.html?players=5&seed={seed_with_illegal_cards()}")
    hand = page.locator(TABLE).get_by_role("group", name="Your hand")
    for theme in THEMES:
        set_theme(page, theme)
        cards = hand.evaluate(CARD_INK_JS)
        assert any(not c["legal"] for c in cards) and any(c["legal"] for c in cards)
        for card in cards:
            where = f"{card['name']} ({'playable' if card['legal'] else 'not playable'}, {theme})"
            assert card["opacity"] == 1, f"{where} is drawn at opacity {card['opacity']}"
            ratio = contrast(parse_colour(card["ink"]), parse_colour(card["paper"]))
            assert ratio >= 4.5, f"{where}: ink {card['ink']} on {card['paper']} is {ratio:.2f}:1"
        page.screenshot(path=str(ROOT / "docs" / "_build" / "screenshots" / f"hand-{theme}.png"))
