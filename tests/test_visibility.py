"""Visibility is stated once, by the step's event (``Step.event`` and ``Event.seen_by``): every
form of a record for one seat hides what that event hides, however the record was come by."""

import maw_sim
from maw_sim import Deal, GameRecord


def _quiet_pass_deal():
    """A Spoil Five deal of five whose holder of the ace of trumps (not the dealer robbing a
    turned ace) declines to rob without a word, played to its end."""
    v = maw_sim.load_variant("spoil-five")
    for seed in range(200):
        deal = Deal.random(v, 5, seed)
        if deal.phase == "rob" and deal.turnup.rank != 1 and "pass" in deal.legal_actions():
            break
    holder = deal.to_move
    deal.apply("pass")
    while deal.to_move is not None:
        deal.apply(deal.legal_actions()[0])
    return deal, holder


def _readers_record(rec, reader: int) -> GameRecord:
    """``rec`` as a reader who knows only ``reader``'s hand has it: the other hands blanked, the
    seed dropped (it would give every hand)."""
    text = rec.text()
    hands = text.split('[Hands "', 1)[1].split('"', 1)[0]
    blind = " / ".join(h if s == reader else "? ? ? ? ?" for s, h in enumerate(hands.split(" / ")))
    return GameRecord.parse(text.replace(hands, blind).replace("[Seed", "[From"))


def test_a_quiet_pass_stays_hidden_when_a_readers_record_is_hidden_again():
    """The holder's quiet pass is his own knowledge (``UNSEEN``). A record whose other hands are
    blanked, hidden again for a third seat, must not say ``rob <holder>: pass``: that line would
    tell the third seat who holds the ace of trumps."""
    deal, holder = _quiet_pass_deal()
    rec = GameRecord.of_deal(deal)
    other = (holder + 2) % 5
    reader = _readers_record(rec, (holder + 1) % 5)
    again = reader.for_seat(other)
    assert f"rob {holder}: pass" not in again.text()
    assert all(label != "rob" for label in again.deal.labels)
    # The same lines as the seat's record built from the full one (through the events).
    assert again.deal.actions == rec.for_seat(other).deal.actions
    # The holder's own reading of it keeps his pass: he saw himself decline.
    assert f"rob {holder}: pass" in _readers_record(rec, holder).for_seat(holder).text()
