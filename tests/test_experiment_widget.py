"""The Experiment widget in a real browser: a study run in the Web Worker, with progress, a chart
and a table whose figures are the engine's own; Stop keeps the figures so far; bad values are
answered by the engine's message and nothing runs."""

from __future__ import annotations

import pytest

from maw_sim.studies import plan, run_task, summarise

pytestmark = pytest.mark.browser

WIDGET = "[data-maw-experiment]"
READY_MS = 90_000
RUN_MS = 120_000


def open_widget(page, server):
    page.goto(f"{server}/experiments/try-it.html")
    page.wait_for_function("s => document.querySelector(s).dataset.state === 'ready'", arg=WIDGET,
                           timeout=READY_MS)


def fill(page, **values):
    for name, value in values.items():
        selector = f'{WIDGET} [name="{name}"]'
        if page.eval_on_selector(selector, "e => e.tagName") == "SELECT":
            page.select_option(selector, str(value))
        else:
            page.fill(selector, str(value))


def wait_state(page, *states):
    page.wait_for_function("([s, states]) => states.includes(document.querySelector(s).dataset.state)",
                           arg=[WIDGET, list(states)], timeout=RUN_MS)


def table_figures(page) -> dict:
    rows = page.query_selector_all(f"{WIDGET} [data-maw-results] tbody tr")
    return {(r.get_attribute("data-measure"), r.get_attribute("data-key")):
            tuple(float(r.get_attribute(a)) for a in ("data-mean", "data-low", "data-high")) for r in rows}


def test_a_study_runs_to_the_end_with_the_engines_figures(page, server):
    open_widget(page, server)
    fill(page, experiment="spoil-rate", variant="twenty-five", players=4, bot="heuristic", deals=300, seed=7)
    page.click(f'{WIDGET} button[data-action="run"]')
    wait_state(page, "done")
    progress = page.locator(f"{WIDGET} progress[data-maw-progress]")
    assert progress.get_attribute("value") == progress.get_attribute("max") == "300"
    assert page.locator(f"{WIDGET} svg rect.maw-exp-bar").count() == 2          # spoil and jink
    figures = table_figures(page)
    mean, low, high = figures[("spoil", "")]
    assert 0 < low <= mean <= high < 1
    # The same study on the command line's code path, in CPython: the same figures.
    rows = [r for t in plan("spoil-rate", ["twenty-five"], [4], ["heuristic"], 300, 7, chunk=100) for r in run_task(t)]
    expected = {(c["measure"], c["key"]): c["mean"] for c in summarise(rows)}
    assert figures[("spoil", "")][0] == pytest.approx(expected[("spoil", "")])
    assert "heuristic" in page.locator(f"{WIDGET} figcaption").inner_text()


def test_stop_keeps_the_figures_so_far(page, server):
    open_widget(page, server)
    fill(page, experiment="top-trumps", variant="spoil-five", players=5, bot="random", deals=20000)
    page.click(f'{WIDGET} button[data-action="run"]')
    page.wait_for_function("s => Number(document.querySelector(s + ' progress').value) >= 200", arg=WIDGET,
                           timeout=RUN_MS)
    page.click(f'{WIDGET} button[data-action="stop"]')
    wait_state(page, "stopped")
    done = int(page.locator(f"{WIDGET} progress").get_attribute("value"))
    assert 200 <= done < 20000
    figures = table_figures(page)
    assert ("win_holding", "five of trumps") in figures
    assert f"Stopped after {done} of 20000 deals" in page.locator(f"{WIDGET} .maw-exp-status").inner_text()


@pytest.mark.parametrize("values,words", [
    ({"players": 11}, "Spoil Five is played by 2 to 10 players; got 11"),
    ({"deals": 0}, "deals must be a whole number from 1 to 20000; got 0"),
    ({"seed": "-4"}, "seed must be a whole number"),
])
def test_bad_values_get_the_engines_message_and_nothing_runs(page, server, values, words):
    open_widget(page, server)
    fill(page, variant="spoil-five", **values)
    page.click(f'{WIDGET} button[data-action="run"]')
    alert = page.locator(f'{WIDGET} [role="alert"]')
    alert.wait_for(state="visible", timeout=RUN_MS)
    assert words in alert.inner_text()
    assert page.get_attribute(WIDGET, "data-state") == "ready"
    assert page.locator(f"{WIDGET} progress").get_attribute("value") == "0"
    assert page.locator(f"{WIDGET} svg").count() == 0


def test_a_study_shared_as_a_link_fills_the_form_and_runs(page, server):
    page.goto(f"{server}/experiments/try-it.html?experiment=robbing&variant=twenty-five&players=4&bot=random"
              "&deals=200&seed=5")
    page.wait_for_function("s => document.querySelector(s).dataset.state === 'ready'", arg=WIDGET, timeout=READY_MS)
    values = {name: page.input_value(f'{WIDGET} [name="{name}"]')
              for name in ("experiment", "variant", "players", "bot", "deals", "seed")}
    assert values == {"experiment": "robbing", "variant": "twenty-five", "players": "4", "bot": "random",
                      "deals": "200", "seed": "5"}
    assert page.locator(f"{WIDGET} [data-maw-link-warning]").is_hidden()
    page.click(f'{WIDGET} button[data-action="run"]')
    wait_state(page, "done")
    assert ("win_if_rob", "ace holder") in table_figures(page)
    link = page.get_attribute(f"{WIDGET} a[data-maw-study-link]", "href")
    assert "experiment=robbing" in link and "variant=twenty-five" in link and "seed=5" in link


@pytest.mark.parametrize("query,words", [
    ("players=11", "Spoil Five is played by 2 to 10 players; got 11"),
    ("variant=whist", "unknown variant 'whist'"),
    ("bot=pimc", "bots here: random, heuristic"),
    ("colour=red", "unknown link parameter 'colour'"),
])
def test_a_bad_link_says_why_and_keeps_the_pages_study(page, server, query, words):
    page.goto(f"{server}/experiments/try-it.html?{query}")
    page.wait_for_function("s => document.querySelector(s).dataset.state === 'ready'", arg=WIDGET, timeout=READY_MS)
    warning = page.locator(f"{WIDGET} [data-maw-link-warning]")
    assert words in warning.inner_text()
    assert page.input_value(f'{WIDGET} [name="players"]') == "5"
    assert page.input_value(f'{WIDGET} [name="variant"]') == "spoil-five"
    assert page.input_value(f'{WIDGET} [name="bot"]') == "heuristic"
    assert page.locator(f'{WIDGET} [name="bot"] option').count() == 2


def test_two_rule_sets_compared_on_the_same_deals(page, server):
    open_widget(page, server)
    fill(page, experiment="fairness", variant="twenty-five", compare="heather-1876", players=5, bot="heuristic",
         deals=200, seed=2)
    page.click(f'{WIDGET} button[data-action="run"]')
    wait_state(page, "done")
    bars = page.query_selector_all(f"{WIDGET} svg rect.maw-exp-bar[data-variant]")
    assert {b.get_attribute("data-variant") for b in bars} == {"twenty-five", "heather-1876"}
    rows = page.query_selector_all(f'{WIDGET} [data-maw-results] tbody tr[data-measure="spoil"]')
    shown = {r.get_attribute("data-variant"): float(r.get_attribute("data-mean")) for r in rows}
    tasks = plan("fairness", ["twenty-five", "heather-1876"], [5], ["heuristic"], 200, 2, chunk=100)
    expected = {c["variant"]: c["mean"] for c in summarise([r for t in tasks for r in run_task(t)])
                if c["measure"] == "spoil"}
    assert shown == pytest.approx(expected)
    assert "compared with" in page.locator(f"{WIDGET} figcaption").inner_text()
    assert "compare=heather-1876" in page.get_attribute(f"{WIDGET} a[data-maw-study-link]", "href")


def test_the_form_offers_what_the_engine_offers(page, server):
    """The experiments, the bots and the limits come from the engine (op "studies"), and each
    figure is named by the engine: nothing of the catalogue is restated in the page."""
    from maw_sim.studies import browser
    offer = browser.catalogue()
    open_widget(page, server)
    options = page.eval_on_selector_all(f'{WIDGET} [name="experiment"] option', "os => os.map(o => [o.value, o.text])")
    assert options == [[e["id"], f'{e["id"]}: {e["question"]}'] for e in offer["experiments"]]
    assert page.eval_on_selector_all(f'{WIDGET} [name="bot"] option', "os => os.map(o => o.value)") == offer["bots"]
    players = page.locator(f'{WIDGET} [name="players"]')
    assert (players.get_attribute("min"), players.get_attribute("max")) == \
        (str(offer["players"]["min"]), str(offer["players"]["max"]))
    assert page.get_attribute(f'{WIDGET} [name="deals"]', "max") == str(offer["max_deals"])
    fill(page, experiment="robbing", variant="twenty-five", players=4, bot="random", deals=100, seed=5)
    page.click(f'{WIDGET} button[data-action="run"]')
    wait_state(page, "done")
    study = browser.BrowserStudy("robbing", "twenty-five", 4, "random", 100, 5)
    while not study.finished:
        report = study.step()
    shown = page.eval_on_selector_all(f"{WIDGET} [data-maw-results] tbody th", "ths => ths.map(t => t.textContent)")
    assert shown == [c["label"] for c in report["cells"]]
    bars = page.eval_on_selector_all(f"{WIDGET} svg rect.maw-exp-bar[data-key]", "rs => rs.map(r => [r.dataset.measure, r.dataset.key])")
    assert bars == [[row["measure"], row["key"]] for row in report["chart"]]
