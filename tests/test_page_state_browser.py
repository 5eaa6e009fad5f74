"""The state the play page receives, in a real browser, against the declaration in Python
(maw_sim.page_state.json_schema): every reply the page's worker sends is recorded as it arrives
(the page's Worker wrapped before any script runs) and each state checked in the page by a small
JSON Schema reader; and a refused card's answer keeps the refusing rule's id (data-rule).
"""

from __future__ import annotations

import pytest

from maw_sim.page_state import json_schema
from test_browser import TABLE, _seed_with_an_illegal_card, click_a_legal_move, open_table

pytestmark = pytest.mark.browser

#: Every reply from the engine's worker, kept in window.mawReplies as the page receives it.
RECORD_REPLIES = """
window.mawReplies = [];
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const m = event.data;
      if (m && m.type === "reply") window.mawReplies.push(JSON.parse(m.reply));
    });
  }
};
"""

#: The JSON Schema the Python declaration writes, read in the page: objects (required keys, no
#: other key, a map's values), arrays, anyOf, $ref, and the JSON types. Returns what does not fit.
CHECK = """
([schema, value]) => {
  const out = [];
  const type = (v) => v === null ? "null" : Array.isArray(v) ? "array"
    : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;
  const check = (s, v, at) => {
    if (s.$ref) return check(schema.$defs[s.$ref.split("/").pop()], v, at);
    if (s.anyOf) {
      const tries = s.anyOf.map((arm) => { const before = out.length; check(arm, v, at); return out.splice(before); });
      if (tries.every((t) => t.length)) out.push(`${at}: fits no choice (${tries.map((t) => t[0]).join("; ")})`);
      return;
    }
    if (s.type && s.type !== type(v)) { out.push(`${at}: expected ${s.type}, got ${type(v)}`); return; }
    if (s.type === "array") v.forEach((item, i) => check(s.items, item, `${at}[${i}]`));
    if (s.type === "object") {
      for (const key of s.required || []) if (!(key in v)) out.push(`${at}: missing key ${key}`);
      for (const [key, item] of Object.entries(v)) {
        if (s.properties && key in s.properties) check(s.properties[key], item, `${at}.${key}`);
        else if (s.additionalProperties === false) out.push(`${at}: undeclared key ${key}`);
        else if (typeof s.additionalProperties === "object") check(s.additionalProperties, item, `${at}.${key}`);
      }
    }
  };
  check(schema, value, "state");
  return out;
}
"""


def _states(page) -> list:
    return page.evaluate("window.mawReplies.filter((r) => r.ok && r.state).map((r) => r.state)")


@pytest.mark.parametrize("path, params, moves", [
    ("play/spoil-five.html", {"players": 5, "seed": 11}, 12),
    ("play/one-hundred-and-ten.html", {"players": 4, "seed": 5}, 10),
    ("play/twenty-five.html", {"players": 4, "seed": 3, "teams": "2x2"}, 8),
])
def test_the_states_the_page_receives_fit_the_declaration(page, server, path, params, moves):
    page.add_init_script(RECORD_REPLIES)
    open_table(page, server, path, **params)
    for _ in range(moves):
        if page.get_attribute(TABLE, "data-phase") == "over":
            break
        click_a_legal_move(page)
    states = _states(page)
    assert len(states) >= 2, "the page received no states to check"
    schema = json_schema()
    for number, state in enumerate(states):
        assert page.evaluate(CHECK, [schema, state]) == [], (path, number, state["phase"])
    # The reader is not blind: a state with a key taken out, or one added, does not fit.
    broken = {k: v for k, v in states[-1].items() if k != "hand"}
    assert page.evaluate(CHECK, [schema, broken]) == ["state: missing key hand"]
    assert page.evaluate(CHECK, [schema, {**states[-1], "secret": 1}]) == ["state: undeclared key secret"]


def test_a_refused_card_keeps_its_rules_id(page, server):
    seed, card = _seed_with_an_illegal_card()
    open_table(page, server, "play/spoil-five.html", players=5, seed=seed)
    page.locator(f'{TABLE} button[data-card="{card["code"]}"]').click(force=True)
    answer = page.locator(f"{TABLE} [data-maw-answer]")
    assert answer.is_visible() and answer.get_attribute("data-rule") == card["rule"]
    assert card["rule"].startswith(("following.", "renege."))
