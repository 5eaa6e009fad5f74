"""The teaching page's exercises, checked against the engine.

Every position in ``docs/teaching/positions.toml`` is set up with ``maw_sim.Deal`` from its cards,
its moves are replayed, and its answer is checked: the student's legal actions (and that every
other card in hand is refused with a reason), the winner of the trick after the answer's card,
and where given the exact solver's verdict. The card-order exercises (3 and 10) are checked
against the variants' rankings. A position that no longer matches the engine fails here, so the
page cannot drift from the table it sends students to.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import maw_sim
import pytest
from maw_sim.solver import solve_moves

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "docs" / "teaching" / "positions.toml"
PAGE = ROOT / "docs" / "teaching" / "index.md"
REQUIRED = {"id", "title", "variant", "dealer", "hands", "turnup", "actions", "question", "answer"}


def positions() -> list[dict]:
    return tomllib.loads(POSITIONS.read_text(encoding="utf-8"))["position"]


def set_up(position) -> maw_sim.Deal:
    variant = maw_sim.load_variant(position["variant"])
    deal = maw_sim.Deal(variant, position["hands"], position["turnup"], position["dealer"])
    for action in position["actions"]:
        reason = deal.explain(action)
        assert reason is None, f"{position['id']}: the move {action!r} is refused: {reason}"
        deal.apply(action)
    return deal


def test_every_position_is_complete_and_unique():
    seen = set()
    ids = set(maw_sim.variant_ids())
    for position in positions():
        missing = REQUIRED - set(position)
        assert not missing, f"{position.get('id')}: missing {missing}"
        assert position["id"] not in seen, position["id"]
        seen.add(position["id"])
        assert position["variant"] in ids, position["variant"]
        assert all(len(hand) == 5 for hand in position["hands"]), position["id"]
        assert "legal" in position, f"{position['id']}: give the legal actions, so the answer is checked"


@pytest.mark.parametrize("position", positions(), ids=lambda p: p["id"])
def test_the_answer_matches_the_engine(position):
    deal = set_up(position)
    assert deal.phase == "play", f"{position['id']}: the position should be in the play"
    legal = set(deal.legal_actions())
    assert legal == set(position["legal"]), (position["id"], sorted(legal))
    for card in deal.hand(deal.to_move):
        code = str(card)
        if code in legal:
            assert deal.explain(code) is None
        else:
            reason = deal.explain(code)
            assert reason, f"{position['id']}: {code} is illegal but the engine gives no reason"
    if "solver" in position:
        values = solve_moves(deal)
        assert set(values.values()) == {position["solver"]}, (position["id"], values)
    if "play" in position:
        seat = deal.to_move
        deal.apply(position["play"])
        trick = next(t for t in reversed(deal.tricks) if any(s == seat for s, _ in t.plays))
        if "winner" in position:
            assert trick.winner == position["winner"], (position["id"], trick.winner)


def test_the_shared_deal_is_the_seeded_deal():
    """The shared link's seed deals exactly the cards of the shared positions (the first deal of a
    match is Deal.random(variant, players, seed) with seat 0 dealing), in both rule sets."""
    shared = [p for p in positions() if p["id"].startswith("shared-deal")]
    assert len(shared) == 2
    for position in shared:
        deal = maw_sim.Deal.random(position["variant"], players=2, seed=56, dealer=0)
        assert [sorted(str(c) for c in deal.hand(s)) for s in range(2)] == \
            [sorted(h) for h in position["hands"]]
        assert str(deal.turnup) == position["turnup"]
    text = PAGE.read_text(encoding="utf-8")
    assert "seed=56" in text


def test_the_card_order_exercises():
    cotton, modern = maw_sim.load_variant("cotton-1674"), maw_sim.load_variant("spoil-five")
    five = ["2C", "AH", "JC", "5C", "AC"]

    def order(variant, suit, cards):
        ranking = [str(c) for c in variant.trump_ranking(suit)]
        return sorted(cards, key=ranking.index)
    # exercise 3
    assert order(cotton, "C", five) == ["5C", "AH", "AC", "JC", "2C"]
    assert order(modern, "C", five) == ["5C", "JC", "AH", "AC", "2C"]
    # exercise 10: the worst card, and the fourth best when diamonds are trumps
    assert str(modern.plain_ranking("D", "S")[-1]) == "AD"
    assert [str(c) for c in modern.trump_ranking("D")][3] == "AD"
    assert [str(c) for c in cotton.trump_ranking("D")][2] == "AD"


def test_the_page_shows_every_position():
    text = PAGE.read_text(encoding="utf-8")
    for position in positions():
        assert position["id"] in text, f"the teaching page does not mention position {position['id']}"


# -- the handouts: every one listed, printed in one piece, and in step with the positions --------

import re  # noqa: E402

from maw_sim import Card  # noqa: E402

HANDOUTS = ROOT / "docs" / "teaching" / "handouts.md"
SETTINGS_JS = ROOT / "docs" / "_static" / "maw" / "table-settings.js"   # the table's settings form


def handout_titles() -> list[tuple[int, str]]:
    """(number, title) of every handout, from its heading on the handouts page."""
    return [(int(n), t) for n, t in re.findall(r"^## Handout (\d+): (.+)$", HANDOUTS.read_text(encoding="utf-8"), re.M)]


def handout(number: int) -> str:
    """The text of one handout (its container on the handouts page)."""
    text = HANDOUTS.read_text(encoding="utf-8")
    start = text.index(f"## Handout {number}:")
    end = text.find("\n````", start)
    return text[start:end]


def cards_after(label: str, text: str) -> list[str]:
    """The cards written after ``label`` up to the sentence's end (``10♥ 3♦ 9♣.``), as engine codes."""
    rest = re.split(r"[.,]|\n\s*(?:[-*]|\d+\.|\n)", text.split(label, 1)[1], maxsplit=1)[0]
    return [str(Card.parse(word)) for word in re.findall(r"(?:10|[2-9AKQJ])[♥♦♣♠]", rest)]


def by_id() -> dict:
    return {p["id"]: p for p in positions()}


def test_every_handout_is_listed_with_its_copies_in_order():
    titles = handout_titles()
    assert [n for n, _ in titles] == list(range(1, len(titles) + 1)) and len(titles) >= 9
    listed = re.findall(r"^\| (\d+)\. ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$", HANDOUTS.read_text(encoding="utf-8"), re.M)
    assert [int(n) for n, *_ in listed] == [n for n, _ in titles], "the list at the top names every handout in order"
    for (number, title), (_, short, _, copies) in zip(titles, listed):
        assert short.split(":")[0].lower() in title.lower(), (number, short, title)
        assert "per" in copies or "cut" in copies, (number, copies)
    # The teaching page says how many of each to print, and links the PDF built with the site.
    page = PAGE.read_text(encoding="utf-8")
    assert 'href="../maw-handouts.pdf"' in page and 'href="../maw-handouts.pdf"' in HANDOUTS.read_text(encoding="utf-8")
    for number, _ in titles:
        assert re.search(rf"handouts? (?:\d+(?:, | and | to ))*{number}\b", page), f"the setup never says to print handout {number}"


def test_the_card_orders_cover_every_trump_suit_for_both_games():
    text = HANDOUTS.read_text(encoding="utf-8")
    for variant in ("spoil-five", "cotton-1674"):
        block = re.search(r"```\{ranking-table\} " + variant + r"\n:trump: ([^\n]+)", text)
        assert block and set(block.group(1).split()) == set("HDCS"), variant


def test_the_first_trick_on_handout_1_is_the_primer_position():
    primer = by_id()["primer"]
    assert sorted(cards_after("You hold:", handout(1))) == sorted(primer["hands"][0])
    assert "queen of hearts" in handout(1) and primer["actions"] == ["QH"]
    assert "{position}`primer`" in PAGE.read_text(encoding="utf-8")


def test_the_shared_deal_on_paper_deals_the_seeded_cards():
    shared = by_id()["shared-deal-cotton"]
    text = handout(6)
    assert sorted(cards_after("Dealer (you):", text)) == sorted(shared["hands"][0])
    assert sorted(cards_after("Opponent:", text)) == sorted(shared["hands"][1])
    assert cards_after("Turned up:", text) == [shared["turnup"]]


def test_the_debate_handout_holds_the_hands_of_exercise_7():
    text, ids = handout(7), by_id()
    for label, key in (("Hand (a):", "ex7a"), ("Hand (b):", "ex7b")):
        position = ids[key]
        mover = set_up(position).to_move
        assert sorted(cards_after(label, text)) == sorted(position["hands"][mover]), key
    # Its timings fill the debate's slot in the plan (seven minutes).
    minutes = [int(m) for m in re.findall(r"^\| (\d+) \|", text, re.M)]
    assert sum(minutes) == 7 and "seven minutes" in text
    assert "31–38 min" in PAGE.read_text(encoding="utf-8")


def test_the_homework_gives_the_cards_of_each_position():
    text, ids = handout(9), by_id()
    for key, label in (("ex4", "You hold"), ("ex6", "holding"), ("ex8", "You hold")):
        position = ids[key]
        mover = set_up(position).to_move
        exercise = text[text.index(f"**Exercise {key[2:]}.**"):]
        assert sorted(cards_after(label, exercise.split("\n\n")[0])) == sorted(position["hands"][mover]), key
    for number in (2, 3, 4, 5, 6, 8, 10, 11):
        assert f"**Exercise {number}" in text, number
    statements = re.findall(r"^\d\. (.+)$", text[text.index("**Exercise 11"):], re.M)
    assert len(statements) * 2 == 12 and "12 marks" in text and "Mark scheme (12 marks)" in PAGE.read_text(encoding="utf-8")


def test_the_plan_fills_45_minutes_without_gaps():
    rows = re.findall(r"^\| (\d+)–(\d+) min \|", PAGE.read_text(encoding="utf-8"), re.M)
    spans = [(int(a), int(b)) for a, b in rows]
    assert spans[0][0] == 0 and spans[-1][1] == 45
    assert all(b == c for (_, b), (c, _) in zip(spans, spans[1:])), spans
    assert dict(spans)[3] - 3 >= 8, "the primer gets at least eight minutes"


def test_the_answer_keys_cover_every_worksheet_and_the_exit_question():
    page = PAGE.read_text(encoding="utf-8")
    keys = page[page.index("(lesson-answer-keys)="):page.index("## Going further")]
    for number, _ in handout_titles():
        assert re.search(rf"\*\*Handouts? (?:\d+ and )?{number}\b|\*\*Handouts {number} and", keys), \
            f"no key (or 'no key needed') for handout {number}"
    exit_key = keys[keys.index("**Handout 8"):keys.index("**Handout 9")]
    assert re.findall(r"^(\d)\. ", exit_key, re.M) == ["1", "2", "3", "4"]
    timeline = re.findall(r"^\| ([A-G]) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", keys, re.M)
    assert sorted(card for card, *_ in timeline) == list("ABCDEFG")
    assert all(tells.strip() and leaves.strip() for _, _, tells, leaves in timeline)


def test_the_class_mode_is_the_tables_own_control():
    """The page presents pass-and-play by the label the table really shows."""
    label = "People at this device"
    assert label in SETTINGS_JS.read_text(encoding="utf-8")
    assert f"**{label}**" in PAGE.read_text(encoding="utf-8")


# -- on the built site: the exercise links carry the question; the board asks before it marks ------

@pytest.mark.site
def test_every_position_link_carries_its_question_before_the_record(site_html):
    from urllib.parse import parse_qs, urlsplit
    html = (site_html / "teaching" / "index.html").read_text(encoding="utf-8")
    links = [u.replace("&amp;", "&") for u in re.findall(r'href="([^"]*review\.html\?[^"]*)"', html)]
    questions = {p["question"] for p in positions()}
    seen = set()
    for url in links:
        query = urlsplit(url).query
        assert query.index("record=") > query.index("question="), "the record must stay the last parameter"
        params = parse_qs(query)
        assert params["question"][0] in questions and params["answer"][0] and params["exercise"][0]
        seen.add(params["question"][0])
    assert seen == questions, questions - seen
    review = (site_html / "review.html").read_text(encoding="utf-8")
    assert "_static/maw/exercise.js" in review and (site_html / "_static" / "maw" / "exercise.js").is_file()


@pytest.mark.browser
def test_an_exercise_opens_with_its_question_and_no_marks_until_asked(page, server, site_html):
    html = (site_html / "teaching" / "index.html").read_text(encoding="utf-8")
    url = next(u.replace("&amp;", "&") for u in re.findall(r'href="\.\./(review\.html\?[^"]*)"', html)
               if "Exercise%204" in u)
    ex4 = by_id()["ex4"]
    box, board = "[data-maw-exercise]", "[data-maw-review]"
    # Opened on a phone and on a laptop: the question, the student's hand and the card led all in
    # the window, the page scrolled to the question by itself.
    for size in ({"width": 390, "height": 664}, {"width": 1280, "height": 680}):
        page.set_viewport_size(size)
        page.goto(f"{server}/{url}")
        page.wait_for_function("s => { const b = document.querySelector(s); return b && b.dataset.state === 'ready' "
                               "&& b.querySelector('.maw-you') && !b.classList.contains('maw-exercise-waiting'); }",
                               arg=board, timeout=90_000)
        header = page.evaluate("() => { const h = document.querySelector('header'); return h ? h.getBoundingClientRect().bottom : 0; }")
        led = page.locator(f"{board} [data-maw-trick] figure").first
        assert led.get_by_role("img", name="King of spades").count() == 1
        for what, where in (("the question", f"{box} p:nth-child(2)"), ("the hand", f"{board} .maw-you"), ("the card led", led)):
            b = (page.locator(where) if isinstance(where, str) else where).bounding_box()
            assert b["y"] >= header - 1 and b["y"] + b["height"] <= size["height"] + 0.5, (what, size, b)
    assert ex4["question"] in page.inner_text(box)
    # Seen from the student's seat: no other hand, no solver's mark, no answer.
    assert page.eval_on_selector_all(f"{board} [data-verdict]", "xs => xs.length") == 0
    assert page.eval_on_selector(f"{board} select[name=seat]", "s => s.value") == str(set_up(ex4).to_move)
    assert not page.is_visible(".maw-exercise-answer")
    page.click("[data-action='show-answer']")
    page.wait_for_function("s => document.querySelector(s).dataset.marks === 'done'", arg=board, timeout=60_000)
    marked = page.eval_on_selector_all(f"{board} [data-verdict]:is(button)", "bs => bs.map(b => b.dataset.card)")
    assert sorted(marked) == sorted(ex4["legal"])
    assert page.is_visible(".maw-exercise-answer") and ex4["answer"] in page.inner_text(".maw-exercise-answer")
