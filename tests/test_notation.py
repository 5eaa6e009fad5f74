"""The notation belongs to the steps: records.py writes, reads and hides a decision line as its
step says, so a new step is written in one place (issue 16, "Steps own their consequences")."""

from dataclasses import replace

import pytest

import maw_sim
from maw_sim import Deal, GameRecord
from maw_sim.events import CARDS_HIDDEN, Event
from maw_sim.phases import ROBBING, Step, read_cards
from maw_sim.records import RecordError
from maw_sim.steps import add_step, all_steps, remove_step, step_for_label


def test_every_label_belongs_to_one_step_and_has_an_example():
    labels = [label for step in all_steps() for label in step.labels]
    assert len(labels) == len(set(labels))
    for step in all_steps():
        assert step.labels, step
        assert all(step_for_label(label) is step for label in step.labels)
        written = {line.partition(" ")[0] for line in step.examples}
        assert written == set(step.labels), (step, step.examples)


def test_an_unknown_line_names_the_decision_lines_of_its_own_variant():
    text = GameRecord.of_deal(Deal.random(maw_sim.load_variant("spoil-five"), 3, 1)).text()
    with pytest.raises(RecordError) as spoil:
        GameRecord.parse(text + "toast 1: toast\n")
    message = str(spoil.value)
    assert "'rob 1: pass', 'jink 2: claim'" in message and "bid" not in message, message
    text = GameRecord.of_deal(Deal.random(maw_sim.load_variant("one-hundred-and-ten"), 4, 1)).text()
    with pytest.raises(RecordError) as auction:
        GameRecord.parse(text + "toast 1: toast\n")
    assert "'bid 1: bid 20'" in str(auction.value) and "'rob 1: pass'" not in str(auction.value)


class Toasting(Step):
    """A toy house rule, known to no module but this test: before the lead a seat may raise a
    glass to a card of his hand, face down (``toast 7C``), or not (``toast``)."""
    name = "toast"
    labels = ("toast",)
    examples = ("toast 1: toast 7C",)
    belongs = "a table that toasts"

    def applies_to(self, variant):
        return True

    def read(self, label, action):
        words = action.split()
        if words and words[0] == "toast" and len(words) <= 2:
            try:
                return " ".join(["toast"] + read_cards(words[1:]))
            except ValueError:
                pass
        raise ValueError("is not a toast; expected 'toast' or 'toast <card>'")

    def event(self, deal, seat, action):
        return Event(seat, self.name, "toast", action, False, CARDS_HIDDEN)     # the card face down


def _with_toast(rec, seat, action):
    d = rec.deal
    first = d.labels.index("play")          # a decision line comes between tricks: before the lead
    d = replace(d, actions=d.actions[:first] + ((seat, action),) + d.actions[first:],
                labels=d.labels[:first] + ("toast",) + d.labels[first:])
    return replace(rec, deals=(d,))


def test_a_step_added_from_outside_is_written_read_and_hidden_without_records_changing():
    deal = Deal.random(maw_sim.load_variant("spoil-five"), 3, 4)
    while deal.to_move is not None:
        deal.apply(deal.legal_actions()[0])
    rec = GameRecord.of_deal(deal)
    card = rec.deal.hands[1][0]
    toasting = Toasting()
    with pytest.raises(RecordError, match="expected a tag pair"):
        GameRecord.parse(_with_toast(rec, 1, f"toast {card}").text())      # unknown until added
    add_step(toasting)
    try:
        text = _with_toast(rec, 1, f"toast {card}").text()
        assert f"\ntoast 1: toast {card}\n" in text
        back = GameRecord.parse(text)
        assert back.text() == text                               # round-trips exactly
        assert (1, f"toast {card}") in back.deal.actions and "toast" in back.deal.labels
        # Its step reads its form: a bad toast is refused with what the step allows.
        with pytest.raises(RecordError, match="is not a toast; expected 'toast' or 'toast <card>'"):
            GameRecord.parse(text.replace(f"toast 1: toast {card}", "toast 1: toast twice"))
        # Its step hides it: a reader's record (a hand hidden) redacted again for another seat.
        hands = text.split('[Hands "', 1)[1].split('"', 1)[0]
        blind = " / ".join(h if s == 0 else " ".join("?" * 5) for s, h in enumerate(hands.split(" / ")))
        reader = GameRecord.parse(text.replace(hands, blind))

        def _readers_record_of(text, seat):
            blind = " / ".join(h if s == seat else " ".join("?" * 5) for s, h in enumerate(hands.split(" / ")))
            return GameRecord.parse(text.replace(hands, blind))
        assert "\ntoast 1: toast ?\n" in reader.for_seat(0).text()
        assert f"\ntoast 1: toast {card}\n" in _readers_record_of(text, 1).for_seat(1).text()
        # And the reader's message lists it among the variant's decision lines.
        with pytest.raises(RecordError, match="'toast 1: toast 7C'"):
            GameRecord.parse(text + "feast 1: feast\n")
        with pytest.raises(ValueError, match="known already"):
            add_step(type("Robbing2", (Step,), {"name": "rob2", "labels": ROBBING.labels})())
    finally:
        remove_step(toasting)
    assert step_for_label("toast") is None


def test_a_readers_record_hidden_again_hides_as_the_events_do():
    """Hiding a reader's record again for one seat (from the text alone) and building that seat's
    record from the full one (from the events) agree: under "four flip" both show the fifth card of
    a new hand face up, and both hide the other four."""
    import random
    v = maw_sim.load_variant("auction-45-merrimack", options={"four_flip": True})
    for seed in range(300):
        deal = Deal.random(v, v.default_players, seed)
        rng = random.Random(seed)
        while deal.to_move is not None:
            legal = deal.legal_actions()
            whole = [a for a in legal if a.startswith("discard ") and len(a.split()) == 6]
            deal.apply(whole[0] if whole else rng.choice(legal))
        flips = [e for e in deal.events if e.verb == "draw" and len(e.cards) == 5]
        if flips:
            break
    rec = GameRecord.of_deal(deal)
    seat = (flips[0].seat + 1) % rec.players
    text = rec.text()
    hands = text.split('[Hands "', 1)[1].split('"', 1)[0]
    blind = " / ".join(h if s == seat else "? ? ? ? ?" for s, h in enumerate(hands.split(" / ")))
    reader = GameRecord.parse(text.replace(hands, blind).replace("[Seed", "[From"))

    def draws(r):
        return [line for line in r.for_seat(seat).text().splitlines() if line.startswith("draw ")]
    assert draws(reader) == draws(rec)
    assert f"draw {flips[0].seat}: draw ? ? ? ? {flips[0].cards[-1].code}" in draws(rec)
