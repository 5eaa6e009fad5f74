"""The bidding games (One-Hundred-and-Ten, the Auction Forty-Fives): named rulings from the
sources, every path through the auction, the kitty, the discard and draw, the contract's scoring,
and the records that hide what a seat may not see.

Sources: the German survey of the family (``maw-survey``) reporting McLeod (110), Barker, Dow (the
Merrimack Valley) and jord.ca (Atlantic Canada); the PEI presets and the Hanley rules from the
project's research notes (marked unverified in conf/sources.toml)."""
import random

import pytest

from maw_sim.words import outcome as outcome_words
import maw_sim
from maw_sim import Deal, GameRecord, IllegalAction, Match
from maw_sim.cards import Card
from maw_sim.review import ReviewSession
from test_family import play

BIDDING = ["one-hundred-and-ten", "auction-45", "auction-45-merrimack", "auction-45-atlantic"]


def _deal(vid, players=4, seed=1, dealer=3, scores=None, teams=None, **options):
    return Deal.random(maw_sim.load_variant(vid, options=options or None), players, seed, dealer,
                       scores=scores, teams=teams)


def _refused(deal, action, rule):
    before = (deal.phase, deal.to_move, deal.history)
    with pytest.raises(IllegalAction) as err:
        deal.apply(action)
    assert err.value.refusal.rule == rule, err.value.refusal
    assert (deal.phase, deal.to_move, deal.history) == before      # nothing changed
    return err.value.refusal


# -- the auction ------------------------------------------------------------------------------

def test_the_auction_starts_left_of_the_dealer_and_bids_rise_in_fives():
    """110 (McLeod via the survey): from the dealer's left, bids of 15 to 30, each higher, or pass."""
    deal = _deal("one-hundred-and-ten")
    assert deal.phase == "bid" and deal.to_move == 0 and deal.trump is None and deal.turnup is None
    assert deal.legal_actions() == ("bid 15", "bid 20", "bid 25", "bid 30", "pass")
    deal.apply("bid 20")
    assert deal.legal_actions() == ("bid 25", "bid 30", "pass")
    refusal = _refused(deal, "bid 20", "auction.higher")
    assert "mcleod" in " ".join(refusal.sources) or "maw-survey" in refusal.sources
    _refused(deal, "bid 17", "auction.choose")
    _refused(deal, "hold", "auction.hold")          # only the dealer holds


def test_the_dealer_may_hold_and_the_duel_goes_on_until_one_passes():
    """110: the dealer may take the bid at its value; the displaced bidder may raise, the dealer hold
    again, until one passes (the others bid in the first round only)."""
    deal = play(_deal("one-hundred-and-ten"), "bid 15", "bid 20", "pass")
    assert deal.to_move == 3 and "hold" in deal.legal_actions()
    deal.apply("hold")
    assert deal.to_move == 1                       # the bidder the dealer displaced, and only he
    assert deal.legal_actions() == ("bid 25", "bid 30", "pass")
    play(deal, "bid 25", "hold", "pass")
    c = deal.contract
    assert (c.bidder, c.bid, c.held) == (3, 25, True) and deal.phase == "kitty"


def test_a_dealer_who_raises_ends_the_auction():
    """110: nobody can hold the dealer's own bid — his raise ends the auction, in the first round
    or in the duel."""
    deal = play(_deal("one-hundred-and-ten"), "bid 15", "pass", "pass", "bid 20")
    assert deal.contract.bidder == 3 and not deal.contract.held
    deal = play(_deal("one-hundred-and-ten"), "bid 15", "pass", "pass", "hold", "bid 20", "bid 25")
    assert (deal.contract.bidder, deal.contract.bid) == (3, 25)


def test_a_dealer_who_passes_leaves_the_bid_to_the_highest_bidder():
    deal = play(_deal("one-hundred-and-ten"), "bid 15", "bid 25", "pass", "pass")
    assert (deal.contract.bidder, deal.contract.bid) == (1, 25)


def test_hanley_rules_the_hold_ends_the_auction():
    """The Hanley rules (research notes): the dealer who matches the bid takes it, and that is all."""
    deal = play(_deal("one-hundred-and-ten", hold="ends"), "bid 20", "pass", "pass", "hold")
    assert (deal.contract.bidder, deal.contract.bid, deal.contract.held) == (3, 20, True)


def test_barker_after_a_hold_everyone_who_has_not_passed_bids_again():
    """Barker (via the survey): after the dealer holds, each player who has not passed may bid
    again, until all but one have passed."""
    deal = play(_deal("auction-45", teams="2x2"), "bid 10", "bid 15", "pass", "hold")
    assert deal.to_move == 0                       # seat 2 passed; seat 0 and seat 1 may speak
    play(deal, "bid 20", "pass")                   # seat 0 raises, seat 1 gives up
    assert deal.to_move == 3 and "hold" in deal.legal_actions()
    play(deal, "hold", "pass")                     # the dealer holds; seat 0 gives up
    assert (deal.contract.bidder, deal.contract.bid) == (3, 20)


def test_barker_any_bid_from_five_but_twenty_for_a_side_at_a_hundred():
    """Barker and Bicycle: bids from 5; a side with 100 or more may not bid under 20."""
    deal = _deal("auction-45", teams="2x2", scores=(100, 0))
    assert deal.legal_actions()[0] == "bid 20"     # seat 0 is on side 0, at 100
    refusal = _refused(deal, "bid 5", "auction.minimum")
    assert "100" in refusal.words
    deal.apply("pass")
    assert deal.legal_actions()[0] == "bid 5"      # seat 1's side has nothing


def test_where_the_dealer_may_not_hold_he_bids_higher_or_passes():
    """Atlantic Canada (jord.ca via the survey; Common PEI): some circles forbid the hold."""
    deal = play(_deal("auction-45-atlantic", hold="none"), "bid 20", "pass", "pass")
    assert "hold" not in deal.legal_actions()
    refusal = _refused(deal, "hold", "auction.hold")
    assert "may not hold" in refusal.words


def test_the_bagged_dealer_must_bid():
    """The Merrimack Valley (survey; encyclopedia mirror): when nobody bids the dealer is bagged."""
    deal = play(_deal("auction-45-merrimack"), "pass", "pass", "pass")
    assert "pass" not in deal.legal_actions()
    _refused(deal, "pass", "auction.bagged")
    deal.apply("bid 15")
    assert deal.contract.bidder == 3


def test_bagged_for_twenty_at_a_hundred():
    """The Merrimack Valley: a side at 100 must bid 20 — the bagged dealer too."""
    deal = play(_deal("auction-45-merrimack", teams="2x2", scores=(0, 100)), "pass", "pass", "pass")
    assert deal.legal_actions()[0] == "bid 20"


def test_when_nobody_bids_and_nobody_is_bagged_the_cards_are_thrown_in():
    deal = play(_deal("one-hundred-and-ten", all_pass="redeal"), "pass", "pass", "pass", "pass")
    assert deal.phase == "over" and deal.contract is None
    assert deal.outcome.points == (0, 0, 0, 0) and deal.outcome.contract_made is None
    assert "thrown in" in outcome_words(deal)
    assert GameRecord.of_deal(deal).result == "thrown in"


def test_thirty_for_sixty_as_a_call_outbids_thirty():
    """The Merrimack Valley's common variation: '30 for 60' takes over a bid of 30."""
    deal = play(_deal("auction-45-merrimack", thirty="take-over"), "bid 30")
    assert deal.legal_actions() == ("bid 30 for 60", "pass")
    play(deal, "bid 30 for 60", "pass", "pass")
    c = deal.contract
    assert (c.bidder, c.bid, c.call, c.made_value, c.failed_value) == (1, 30, "30 for 60", 60, 60)


def test_sixty_for_120_only_in_the_hole():
    """Atlantic Canada: a side below zero may call '60 for 120' (+120, −60)."""
    deal = _deal("auction-45-atlantic", teams="2x2", scores=(-10, 40))
    assert deal.legal_actions()[-2] == "bid 60 for 120"   # seat 0's side is in the hole
    deal.apply("pass")
    assert "bid 60 for 120" not in deal.legal_actions()
    _refused(deal, "bid 60 for 120", "auction.in-the-hole")


# -- the kitty, the trump, the exchange -----------------------------------------------------

def test_the_bidder_takes_the_kitty_puts_out_as_many_then_names_trumps():
    """110: the bidder takes the five-card kitty, puts out five, and names trumps."""
    deal = play(_deal("one-hundred-and-ten"), "bid 20", "pass", "pass", "pass")
    assert deal.phase == "kitty" and deal.to_move == 0 and len(deal.hand(0)) == 10
    assert set(deal.kitty) <= set(deal.hand(0))
    assert len(deal.legal_actions()) == 252        # ten cards choose five
    refusal = _refused(deal, "discard " + deal.hand(0)[0].code, "kitty.count")
    assert "exactly 5" in refusal.words
    keep = deal.hand(0)[:5]
    deal.apply("discard " + " ".join(c.code for c in reversed(deal.hand(0)[5:])))   # any order
    assert deal.hand(0) == keep and deal.phase == "trump"
    deal.apply("trump S")
    assert deal.trump == "S" and deal.phase == "play" and deal.to_move == 0   # the dealer's left leads


def test_trumps_named_before_the_kitty():
    """Atlantic Canada (usual) and the Merrimack Valley: trumps first, then the kitty."""
    deal = play(_deal("auction-45-atlantic"), "bid 20", "pass", "pass", "pass")
    assert deal.phase == "trump" and len(deal.hand(0)) == 5
    deal.apply("trump D")
    assert deal.phase == "kitty" and len(deal.hand(0)) == 9


def test_atlantic_the_kittys_top_card_lies_face_up_until_the_bidder_takes_it():
    """Some Atlantic circles lay the kitty's top card open "to give players a taste" (the survey):
    every seat sees that card from the deal on, and none of the kitty's others; the bidder takes it
    with the kitty and may put it out again face down, unseen by the rest."""
    deal = _deal("auction-45-atlantic", kitty_shown=True)
    top = deal.kitty[0]
    assert deal.kitty_shown == top
    for seat in range(4):
        assert deal.view(seat).kitty_shown == top
        kitty = GameRecord.of_deal(deal).for_seat(seat).deals[0].kitty
        assert kitty == (top.code, None, None, None)
    assert f"its top card {top.symbol} face up" in maw_sim.words.deal_begins(deal, maw_sim.words.SEATS, 1)
    play(deal, "bid 20", "pass", "pass", "pass", "trump D")
    assert top in deal.hand(0)
    deal.apply("discard " + " ".join(c.code for c in [top] + [c for c in deal.hand(0) if c != top][:3]))
    # The others saw the card before; they do not see it go out.
    assert all(e.text == "discard ? ? ? ?" for e in deal.view(1).events if e.verb == "discard")
    # The usual deal shows none, and with no kitty there is no card to show.
    assert _deal("auction-45-atlantic").kitty_shown is None
    with pytest.raises(ValueError, match="deal.kitty_shown"):
        maw_sim.load_variant("auction-45-atlantic", options={"kitty_shown": True, "kitty": 0})


def test_merrimack_four_flip_a_new_hand_of_five_its_last_card_face_up():
    """"Four flip" (the survey, for the Merrimack Valley): a player may throw all five cards,
    beyond the limit, and gets four new cards face down and one face up; other counts keep the
    limit."""
    deal = _deal("auction-45-merrimack", players=6, dealer=5, four_flip=True)
    play(deal, "bid 15", "pass", "pass", "pass", "pass", "pass", "trump S")
    deal.apply("discard " + " ".join(c.code for c in deal.hand(0)[:3]))     # the bidder's kitty
    seat = deal.to_move
    counts = {len(a.split()) - 1 for a in deal.legal_actions() if a != "discard none"}
    assert counts == {1, 2, 3, 5}                                           # six players: three, or all
    refusal = _refused(deal, "discard " + " ".join(c.code for c in deal.hand(seat)[:4]), "exchange.count")
    assert "all five (four flip)" in refusal.words
    deal.apply("discard " + " ".join(c.code for c in deal.hand(seat)))
    draw = deal.events[-1]
    face_up = draw.cards[-1]
    assert draw.verb == "draw" and len(draw.cards) == 5 and face_up in deal.hand(seat)
    for other in range(6):
        if other != seat:
            seen = next(e for e in deal.view(other).events if e.verb == "draw" and e.seat == seat)
            assert seen.cards == (None, None, None, None, face_up)
            told = maw_sim.words.Teller(deal, maw_sim.words.SEATS, other).tell(draw)
            assert told[0]["text"] == f"Seat {seat} draws 4 cards face down and {face_up.symbol} face up from the stock."
    # Without the house rule, five is over the limit at six players.
    plain = _deal("auction-45-merrimack", players=6, dealer=5)
    play(plain, "bid 15", "pass", "pass", "pass", "pass", "pass", "trump S")
    plain.apply("discard " + " ".join(c.code for c in plain.hand(0)[:3]))
    assert max(len(a.split()) - 1 for a in plain.legal_actions()) == 3
    # A file that turns it on with no exchange at all is refused, naming the key.
    from pathlib import Path
    from maw_sim.variants import VariantError, parse_variant
    path = Path(maw_sim.load_variant("auction-45-merrimack").path)
    text = path.read_text().replace('limit = "stock-share"\nfour_flip = false', 'limit = "none"\nfour_flip = true')
    with pytest.raises(VariantError, match="exchange.four_flip"):
        parse_variant(text, path)


def test_barker_the_dealer_robs_the_stock_for_the_cards_he_wants():
    """A variant of Barker's game (the survey): the dealer may 'rob', looking through the rest of
    the pack for the cards he wants. He puts out his discards face down as everyone does, then
    picks as many cards out of the stock, one at a time; the others learn only how many."""
    deal = _deal("auction-45", dealer_robs=True)
    play(deal, "bid 15", "pass", "pass", "pass", "trump H", "discard none", "discard none", "discard none")
    assert deal.to_move == deal.dealer == 3
    stock = {c.code for c in deal.stock}
    thrown = deal.hand(3)[:2]
    deal.apply("discard " + " ".join(c.code for c in thrown))
    assert deal.to_move == 3 and len(deal.hand(3)) == 3 and deal.stock_left == len(stock)
    takes = deal.legal_actions()
    assert {a.split()[1] for a in takes} == stock                 # any card of the stock, none other
    best = "take " + Card(5, "H").code if "take 5H" in takes else takes[0]
    refusal = _refused(deal, "take " + deal.hand(0)[0].code, "exchange.not-in-stock")
    assert "not in the stock" in refusal.words
    deal.apply(best)
    assert deal.to_move == 3 and deal.stock_left == len(stock) - 1
    deal.apply(deal.legal_actions()[0])
    assert deal.phase == "play" and len(deal.hand(3)) == 5 and best[5:] in {c.code for c in deal.hand(3)}
    # The others see a count, never the cards; the record reads back and opens for every seat.
    assert [e.text for e in deal.view(0).events if e.seat == 3 and e.step == "discard"] == ["discard ? ?", "take ?", "take ?"]
    record = GameRecord.of_deal(deal)
    assert GameRecord.parse(record.text()) == record and record.replay().history == deal.history
    for seat in range(4):
        mine = record.for_seat(seat)
        assert GameRecord.parse(mine.text()) == mine
        ReviewSession().open({"text": mine.text()})
    # Without the house rule the dealer draws from the top, like everyone.
    plain = _deal("auction-45")
    play(plain, "bid 15", "pass", "pass", "pass", "trump H", "discard none", "discard none", "discard none")
    plain.apply("discard " + plain.hand(3)[0].code)
    assert plain.phase == "play" and plain.events[-1].verb == "draw"


def test_merrimack_call_for_your_partner_at_five():
    """"Call for your partner" (the survey names it for five players; its details are our
    reconstruction): once the hands are settled the bidder calls a card he does not hold; its
    holder is his partner, known to himself at once and to the others when the card falls; the
    pair's points count together and both write the result."""
    v = maw_sim.load_variant("auction-45-merrimack", options={"call_partner": True})
    assert v.player_counts == (5,)
    with pytest.raises(ValueError, match="a game for 5"):
        Deal.random(v, 4, 1, 0)
    deal = Deal.random(v, 5, 3, 4)
    play(deal, "bid 15", "pass", "pass", "pass", "pass", "trump S",
         "discard " + " ".join(c.code for c in deal.hand(0)[:3]), "discard none", "discard none", "discard none",
         "discard none")
    assert deal.phase == "call" and deal.to_move == 0
    own = deal.hand(0)[0]
    refusal = _refused(deal, "call " + own.code, "partner.own-card")
    assert "call a card you do not hold" in refusal.words
    called = deal.hand(3)[0]
    deal.apply("call " + called.code)
    assert deal.partner == 3 and deal.phase == "play"
    # Only the holder knows, until the card is played; the call itself is said to all.
    assert [deal.view(s).partner for s in range(5)] == [None, None, None, 3, None]
    assert all(deal.view(s).called == called for s in range(5))
    rng = random.Random(0)
    while called not in {c for t in deal.tricks for _, c in t.plays}:
        legal = deal.legal_actions()
        deal.apply(called.code if called.code in legal else rng.choice([a for a in legal if a != called.code]))
    assert [deal.view(s).partner for s in range(5)] == [3] * 5
    while deal.to_move is not None:
        deal.apply(rng.choice(deal.legal_actions()))
    # The pair's points and tricks together against the bid; both write the same.
    power = deal.variant.tables(deal.trump).power
    best = max((c for t in deal.tricks for _, c in t.plays), key=lambda c: power[c.index])
    pair = sum(5 for t in deal.tricks if t.winner in (0, 3)) + sum(
        5 for t in deal.tricks if t.winner in (0, 3) and best in [c for _, c in t.plays])
    out = deal.outcome.points
    assert out[0] == out[3] == (pair if pair >= 15 else -15)
    assert deal.outcome.contract_made == (pair >= 15)
    assert "with Seat 3 as the called partner" in outcome_words(deal)


@pytest.mark.parametrize("players,cap", [(6, 3), (5, 4), (4, 5)])
def test_merrimack_exchange_leaves_the_stock_enough_for_everyone(players, cap):
    """The Merrimack Valley (survey): no more than the stock can give everyone — three at six
    players, four at five."""
    v = maw_sim.load_variant("auction-45-merrimack")
    assert v.exchange_cap(players) == cap


@pytest.mark.parametrize("players,cap", [(6, 3), (7, 2), (8, 1)])
def test_hanley_others_change_up_to_three(players, cap):
    """The Hanley rules (research notes): up to three, two at seven players, one at eight."""
    v = maw_sim.load_variant("one-hundred-and-ten", preset="hanley")
    assert v.exchange_cap(players) == cap


def test_the_exchange_goes_round_from_the_dealers_left_and_draws_from_the_top_of_the_stock():
    deal = play(_deal("auction-45-merrimack", players=6, dealer=5), "bid 20", *["pass"] * 5, "trump H")
    deal.apply(deal.legal_actions()[0])            # the bidder's kitty discard
    assert deal.phase == "discard" and deal.to_move == 1       # the bidder (seat 0) does not exchange
    stock = list(deal.stock)
    throw = [c.code for c in deal.hand(1)[:2]]
    deal.apply("discard " + " ".join(throw))
    seat, draw = deal.history[-1]
    assert seat == 1 and draw == "draw " + " ".join(c.code for c in stock[:2])
    assert set(stock[:2]) <= set(deal.hand(1)) and len(deal.hand(1)) == 5
    assert deal.to_move == 2 and deal.stock_left == len(stock) - 2
    refusal = _refused(deal, "discard " + " ".join(c.code for c in deal.hand(2)[:4]), "exchange.count")
    assert "at most 3" in refusal.words
    play(deal, *["discard none"] * 4)
    assert deal.phase == "play" and deal.to_move == 0          # the bidder leads in the valley


def test_an_unlimited_exchange_stops_at_what_the_stock_holds():
    """Barker with six: any number, but the stock may run short (our reconstruction)."""
    deal = play(_deal("auction-45", players=6, dealer=5, teams="2x3"), "bid 20", *["pass"] * 5, "trump C")
    while deal.phase == "discard":
        most = deal.legal_actions()[-1]
        cap = min(5, deal.stock_left)
        assert len(most.split()) - 1 == cap if cap else deal.legal_actions() == ("discard none",)
        deal.apply(most)
    assert deal.stock_left == 0 and all(len(deal.hand(s)) == 5 for s in range(6))


def test_options_the_stock_cannot_supply_are_refused_before_any_deal():
    """A kitty of four and an exchange of four cannot serve six players (18 cards for 20)."""
    v = maw_sim.load_variant("auction-45-atlantic", options={"exchange": "4"})
    with pytest.raises(ValueError, match="do not hold together.*at most 3"):
        Match(v, 6, seed=1)
    Match(v, 4, seed=1)                            # four players are served


@pytest.mark.parametrize("rule,leader", [("dealer-left", 0), ("bidder-left", 2), ("bidder", 1)])
def test_who_leads_first(rule, leader):
    """pagat-110 (dealer's left), Barker and jord.ca (bidder's left), the valley (the bidder)."""
    deal = play(_deal("one-hundred-and-ten", first_lead=rule), "pass", "bid 20", "pass", "pass")
    deal.apply(deal.legal_actions()[0])
    deal.apply("trump C")
    assert deal.to_move == leader


def test_a_discard_said_in_any_order_or_case_is_written_as_the_step_lists_it():
    """One decision, one text: the page sends the cards in the order they were tapped, a player types
    them in lower case; the kitty's and the exchange's discards are recorded in the listed order,
    and the record reads back."""
    checked = set()
    for vid in ("auction-45", "one-hundred-and-ten"):
        for seed in range(30):
            deal = _deal(vid, seed=seed)
            rng = random.Random(seed)
            while deal.phase != "over":
                phase = deal.phase
                listed = [a for a in deal.legal_actions() if a.startswith("discard ") and len(a.split()) >= 3]
                if phase in ("kitty", "discard") and listed:
                    action = rng.choice(listed)
                    said = "discard " + " ".join(reversed(action.lower().split()[1:]))
                    before = len(deal.history)
                    deal.apply(said)
                    assert deal.history[before][1] == action
                    checked.add(phase)
                else:
                    deal.apply(rng.choice(deal.legal_actions()))
            assert GameRecord.parse(GameRecord.of_deal(deal).text()).replay().history == deal.history
    assert checked == {"kitty", "discard"}


# -- scoring ---------------------------------------------------------------------------------

def _atlantic_example(bid_a: bool, rule="100-rule-bid-20"):
    """The survey's Atlantic example: sides at 100, 70 and 30 (three pairs). A bids 20, B 25, C
    passes; B takes four tricks and the trump five, A one trick."""
    v = maw_sim.load_variant("auction-45-atlantic", options={
        "kitty": 0, "exchange": "none", "first_lead": "bidder", "non_bidder": rule})
    hands = [["KC", "3S", "4S", "6S", "7S"],   # side A (seats 0 and 3)
             ["5H", "JH", "AH", "KH", "2C"],   # side B (seats 1 and 4)
             ["2D", "3D", "4D", "5D", "6D"],   # side C (seats 2 and 5)
             ["7D", "8D", "9D", "10D", "JD"],
             ["QD", "KD", "AD", "8S", "9S"],
             ["10S", "JS", "QS", "KS", "AS"]]
    deal = Deal(v, hands, None, dealer=5, teams="3x2", scores=(100, 70, 30))
    play(deal, "bid 20" if bid_a else "pass", "bid 25", "pass", "pass", "pass", "pass", "trump H")
    rng = random.Random(0)
    for lead in ("5H", "JH", "AH", "KH", "2C"):
        deal.apply(lead)
        while deal.tricks[-1].winner is None:
            legal = deal.legal_actions()
            deal.apply("KC" if lead == "2C" and "KC" in legal else rng.choice([c for c in legal if c != "KC"]))
    return deal


def test_the_surveys_atlantic_example_100_70_30():
    """The survey's example: where a side at 100 may score as defender having bid 20, A (100) who bid
    20 and took a trick goes to 105; B, bidder at 25 with four tricks and the five, goes to 95."""
    deal = _atlantic_example(bid_a=True)
    o = deal.outcome
    assert o.tricks_won[1] + o.tricks_won[4] == 4 and o.tricks_won[0] + o.tricks_won[3] == 1
    assert o.contract_made and o.points == (5, 25, 0)
    assert [s + p for s, p in zip(deal.scores, o.points)] == [105, 95, 30]
    assert o.game_won_by is None


def test_the_atlantic_example_as_a_record_on_the_site():
    """docs/records/atlantic-example.maw replays to the survey's scores, 105, 95 and 30."""
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "docs" / "records" / "atlantic-example.maw"
    record = GameRecord.parse(path.read_text(encoding="utf-8"))
    deal = record.replay()
    assert [s + p for s, p in zip(deal.scores, deal.outcome.points)] == [105, 95, 30]
    assert record.deal.bidder == 1 and deal.contract.call == "25"


def test_the_atlantic_example_without_the_bid_of_twenty():
    """Had A only passed, A at 100 could not score as defender under that rule."""
    deal = _atlantic_example(bid_a=False)
    assert deal.outcome.points == (0, 25, 0)


def test_the_atlantic_105_rule():
    """jord.ca (via the survey): only a side at 105 is stopped; at 100 A scores its trick anyway."""
    deal = _atlantic_example(bid_a=False, rule="105-rule")
    assert deal.outcome.points == (5, 25, 0)


def test_the_merrimack_freeze_at_a_hundred():
    """The Merrimack Valley: a side at 100 that is not bidding scores nothing."""
    deal = _atlantic_example(bid_a=True, rule="freeze-100")
    assert deal.outcome.points == (0, 25, 0)


def _contract(vid, bid, trick_split, scores=(0, 0), **options):
    """A two-player deal in which the bidder (seat 1, who leads) holds ``trick_split`` top trumps
    and the rest low clubs, so that he takes exactly that many tricks and the best trump."""
    v = maw_sim.load_variant(vid, options={"kitty": 0, **options})
    won = trick_split
    bidder = ["5H", "JH", "AH", "KH", "QH"][:won] + ["2C", "3C", "4C", "6C", "7C"][:5 - won]
    other = ["KC", "QC", "JC", "AC", "10C"][:5 - won] + ["2S", "3S", "4S", "5S", "6S"][:won]
    deal = Deal(v, [other, bidder], None, dealer=0, scores=scores)
    play(deal, bid, "pass", "trump H")
    while deal.phase == "discard":
        deal.apply("discard none")
    assert deal.to_move == 1
    power = v.tables("H").power
    while deal.phase == "play":
        legal = deal.legal_actions()
        strongest = max(legal, key=lambda c: power[maw_sim.Card.parse(c).index])
        weakest = min(legal, key=lambda c: power[maw_sim.Card.parse(c).index])
        leading = not deal.tricks or deal.tricks[-1].winner is not None
        club_led = not leading and deal.tricks[-1].plays[0][1].suit == "C"
        deal.apply(strongest if leading or deal.to_move == 0 and club_led else weakest)
    return deal


@pytest.mark.parametrize("bid,made,points", [("bid 20", True, 25), ("bid 25", True, 25),
                                             ("bid 30", False, -60)])
def test_the_bidder_scores_what_it_took_or_loses_the_bid(bid, made, points):
    """Barker, Dow (via the survey): made, all it took; failed, minus the bid; 30 is ±60 where a bid
    of 30 is '30 for 60' (Barker; the Nova Scotia preset)."""
    deal = _contract("auction-45-atlantic", bid, 4, thirty="sixty", first_lead="bidder")
    assert deal.outcome.contract_made is made and deal.outcome.points[1] == points


def test_thirty_for_sixty_made_and_the_atlantic_failure_of_thirty():
    """jord.ca: '30 for 60' scores 60 made and loses only 30."""
    assert _contract("auction-45-atlantic", "bid 30", 5, first_lead="bidder").outcome.points[1] == 60
    assert _contract("auction-45-atlantic", "bid 30", 4, first_lead="bidder").outcome.points[1] == -30


def test_all_five_without_bidding_them_is_only_thirty():
    """110: all the tricks taken without the bid of 30 are worth their 30 (not 60)."""
    deal = _contract("auction-45-atlantic", "bid 15", 5, first_lead="bidder")
    assert deal.outcome.points[1] == 30


def test_some_circles_score_only_the_bid():
    """110 (survey): in some circles the bidder who makes it writes only the bid."""
    deal = Deal.random(maw_sim.load_variant("one-hundred-and-ten", options={"made_scores": "bid"}), 2, 3)
    scorer = deal.variant.scorer
    from maw_sim.auction import Contract
    c = Contract(1, 1, 15, "15", None, 15, False)
    assert scorer.close_contract((0, 0), [5, 25], c, (0, 15))[0] == [5, 15]


def test_cap_at_105_unless_bidder():
    """110 (survey): a player at 100 who takes two tricks but is not the bidder stays at 105."""
    v = maw_sim.load_variant("one-hundred-and-ten", options={"go_out": "cap-105"})
    from maw_sim.auction import Contract
    c = Contract(1, 1, 15, "15", None, 15, False)
    final, game, made = v.scorer.close_contract((100, 0), [10, 20], c, (0, 15))
    assert final == [5, 20] and game is None and made


def test_when_both_reach_the_target_the_bidder_wins():
    """Dow (via the survey): both teams to 120 in one hand — the bidding team wins."""
    deal = _contract("auction-45-merrimack", "bid 20", 3, scores=(110, 100), non_bidder="always")
    assert deal.outcome.points == (10, 20) and deal.outcome.game_won_by == 1


def test_or_the_higher_total_wins():
    """The survey's second reading for Barker: the higher total."""
    bidder_first = maw_sim.load_variant("auction-45")
    higher = maw_sim.load_variant("auction-45", options={"both_out": "higher"})
    assert bidder_first.scorer.game_after((112, 100), [10, 20], 1) == 1
    assert higher.scorer.game_after((112, 100), [10, 20], 1) == 0
    assert higher.scorer.game_after((110, 100), [10, 20], 1) == 1      # a tie goes to the bidders


def test_a_side_at_minus_120_has_lost():
    """jord.ca (via the survey): a side that sinks to −120 has lost the game."""
    from maw_sim.auction import Contract
    v = maw_sim.load_variant("auction-45-atlantic", options={"lose_at": 120, "non_bidder": "always"})
    failed = Contract(0, 0, 25, "25", None, 25, False)
    final, game, made = v.scorer.close_contract((-100, 50), [10, 20], failed, (25, 0))
    assert not made and final == [-25, 20] and game == 1
    plain = maw_sim.load_variant("auction-45-atlantic", options={"non_bidder": "always"})
    assert plain.scorer.close_contract((-100, 50), [10, 20], failed, (25, 0))[1] is None


def test_three_failed_bids_lose_the_game():
    """jord.ca (via the survey): a side whose bids fail three times has lost."""
    match = Match(maw_sim.load_variant("auction-45-atlantic", options={"sets_lose": 3}), 2, seed=4)
    rng = random.Random(4)
    while not match.over and match.deals_played < 200:
        deal = match.new_deal()
        while deal.phase == "bid":
            deal.apply("bid 30" if deal.to_move == 0 and "bid 30" in deal.legal_actions() else "pass")
        while deal.to_move is not None:
            deal.apply(rng.choice(deal.legal_actions()))
        match.settle(deal)
        if match.sets[0] >= 3:
            break
    assert match.sets[0] == 3 and match.over and match.game_won_by == 1


# -- what a seat may know ------------------------------------------------------------------------

def test_a_seats_record_hides_the_kitty_the_discards_and_the_draws_of_others():
    deal = play(_deal("auction-45-merrimack", players=4, dealer=3), "bid 20", "pass", "pass", "pass",
                "trump H")
    kitty_discard = deal.legal_actions()[0]
    deal.apply(kitty_discard)
    deal.apply("discard " + deal.hand(1)[0].code)
    drawn = deal.history[-1][1]
    full = GameRecord.of_deal(deal)
    bidder, other = full.for_seat(0).text(), full.for_seat(1).text()
    assert kitty_discard in bidder and " ".join(c.code for c in deal.kitty) in bidder
    assert "kitty 0: discard ? ? ?" in other and "[Kitty \"? ? ?\"]" in other
    assert drawn in other and "draw 1: draw ?" in bidder
    for code in [c.code for c in deal.stock]:
        assert f" {code} " not in other.split("[Stock")[1].split("]")[0] + " "
    assert GameRecord.parse(full.text()).replay().history == deal.history


def test_every_bidding_game_plays_to_the_end_of_a_game_through_the_public_api():
    """Every ruleset, every player count it allows, bots for every decision, to a game won."""
    from maw_sim.bots import get_bot
    for vid in BIDDING:
        v = maw_sim.load_variant(vid)
        for players in range(v.min_players, v.max_players + 1):
            match = Match(v, players, seed=players)
            bots = [get_bot("heuristic")] * players
            rng = random.Random(players)
            while not match.over and match.deals_played < 60:
                deal = match.new_deal()
                while deal.to_move is not None:
                    deal.apply(bots[deal.to_move](deal.view(deal.to_move), rng))
                match.settle(deal)
            assert match.deals_played >= 1
            assert match.over or match.deals_played == 60


# -- the ten points where an independent oracle read the survey otherwise (issue 18) -------------
# Each is settled here: the survey followed, or the engine's reading kept as a declared rule.

def test_oracle_1_the_bagged_dealer_in_the_valley_must_bid_fifteen():
    """maw-survey, the Merrimack Valley: when nobody has bid before him, the bagged dealer must bid
    15 (the least bid), not anything he likes; at 100, where the least bid is 20, he bids 20."""
    deal = play(_deal("auction-45-merrimack"), "pass", "pass", "pass")
    assert deal.legal_actions() == ("bid 15",)
    refusal = _refused(deal, "bid 25", "auction.bagged")
    assert "least bid" in refusal.words
    _refused(deal, "pass", "auction.bagged")
    deal = play(_deal("auction-45-merrimack", teams="2x2", scores=(0, 100)), "pass", "pass", "pass")
    assert deal.legal_actions() == ("bid 20",)
    # Elsewhere the survey is silent: the free bagged dealer is a declared, reconstructed reading.
    for vid in ("one-hundred-and-ten", "auction-45", "auction-45-atlantic"):
        free = play(_deal(vid, teams="2x2" if vid != "one-hundred-and-ten" else None), "pass", "pass", "pass")
        assert len(free.legal_actions()) > 1 and "pass" not in free.legal_actions()
        option = maw_sim.load_variant(vid).options["all_pass"]
        assert "dealer-bagged-minimum" in option.values and option.evidence == "reconstructed"
    hanley = maw_sim.load_variant("one-hundred-and-ten", preset="hanley")
    assert play(Deal.random(hanley, 4, 1, 3), "pass", "pass", "pass").legal_actions() == ("bid 15",)


def test_oracle_2_thirty_for_sixty_in_the_valley_takes_over_a_standing_thirty():
    """maw-survey, the Merrimack Valley: '30 for 60' is how a player who has not passed takes to
    himself a bid of 30 already made, doubling its worth; it is no opening call."""
    deal = _deal("auction-45-merrimack", thirty="take-over")
    assert "bid 30 for 60" not in deal.legal_actions()
    refusal = _refused(deal, "bid 30 for 60", "auction.take-over")
    assert "standing bid of 30" in refusal.words
    play(deal, "bid 25")
    assert "bid 30 for 60" not in deal.legal_actions()
    play(deal, "bid 30")
    assert deal.legal_actions() == ("bid 30 for 60", "pass")
    # The dealer may still hold the 30, and the bidder he displaced take it back at 60.
    play(deal, "pass", "hold")
    assert deal.to_move == 1 and deal.legal_actions() == ("bid 30 for 60", "pass")
    play(deal, "bid 30 for 60", "pass")
    assert (deal.contract.bidder, deal.contract.call, deal.contract.failed_value) == (1, "30 for 60", 60)
    # Atlantic programs that open with "30 for 60" keep their reading, the value 'call'.
    opening = _deal("auction-45-atlantic", teams="2x2", thirty="call")
    assert "bid 30 for 60" in opening.legal_actions()


def test_oracle_3_sixty_for_120_in_the_valley_is_a_step_above_thirty_for_sixty():
    """maw-survey, the Merrimack Valley: '60 for 120', rarely allowed, is one more step up from '30
    for 60': it takes over that call and cannot be made without it."""
    deal = _deal("auction-45-merrimack", thirty="take-over", sixty_for_120="take-over")
    assert "bid 60 for 120" not in deal.legal_actions()
    play(deal, "bid 30")
    assert deal.legal_actions() == ("bid 30 for 60", "pass")
    _refused(deal, "bid 60 for 120", "auction.take-over")
    play(deal, "bid 30 for 60")
    assert deal.legal_actions() == ("bid 60 for 120", "pass")
    play(deal, "bid 60 for 120", "pass")
    assert (deal.contract.bidder, deal.contract.call, deal.contract.made_value) == (2, "60 for 120", 120)
    with pytest.raises(ValueError) as err:          # a step above a call the rules do not have
        maw_sim.load_variant("auction-45-merrimack", options={"sixty_for_120": "take-over"})
    assert "auction.thirty" in str(err.value) and "'take-over'" in str(err.value)


def test_oracle_4_a_bid_of_thirty_is_made_by_all_five_tricks_not_by_points():
    """maw-survey (Barker, 110, Atlantic Canada): a bid of 30 undertakes all the tricks. Five tricks
    with no trump in play make only 25 points, yet the bid is made (Atlantic: +60, not -30)."""
    v = maw_sim.load_variant("auction-45-atlantic", options={"kitty": 0, "exchange": "none",
                                                                "first_lead": "bidder"})
    hands = [["3C", "4C", "5C", "6C", "7C"], ["AC", "KC", "QC", "JC", "2C"]]
    deal = play(Deal(v, hands, None, dealer=0), "bid 30", "pass", "trump H",
                "AC", "3C", "KC", "4C", "QC", "5C", "JC", "6C", "2C", "7C")
    o = deal.outcome
    assert o.tricks_won == (0, 5) and o.contract_made and o.points == (0, 60)


def test_oracle_4_with_eleven_for_the_best_trump_four_tricks_do_not_make_thirty():
    """maw-survey: in Kerry the best trump may count 11, so four tricks and the best trump make 31
    points; a bid of 30 is still a bid for all five tricks, and it fails (110: 60 lost)."""
    v = maw_sim.load_variant("one-hundred-and-ten", options={"best_trump": 11})
    kitty = ["9S", "8S", "7S", "6S", "5S"]
    hands = [["3C", "4C", "6C", "7C", "KD"], ["5C", "JC", "AC", "KC", "2D"]]
    deal = play(Deal(v, hands, None, dealer=0, kitty=kitty), "bid 30", "pass",
                "discard 5S 6S 7S 8S 9S", "trump C")
    assert deal.to_move == 1
    play(deal, "5C", "3C", "JC", "4C", "AC", "6C", "KC", "7C", "2D", "KD")
    o = deal.outcome
    assert o.tricks_won == (1, 4) and not o.contract_made and o.points == (5, -60)


def test_oracle_5_only_a_dealer_in_the_hole_may_hold_sixty_for_120():
    """maw-survey, Atlantic Canada: '60 for 120' is for a side below zero; a dealer whose side is not
    in the hole may not take it over by holding."""
    deal = _deal("auction-45-atlantic", teams="2x2", scores=(-10, 40))
    play(deal, "bid 60 for 120", "pass", "pass")
    assert deal.to_move == 3 and "hold" not in deal.legal_actions()
    refusal = _refused(deal, "hold", "auction.hold")
    assert "in the hole" in refusal.words
    both = play(_deal("auction-45-atlantic", teams="2x2", scores=(-10, -5)), "bid 60 for 120", "pass", "pass")
    assert "hold" in both.legal_actions()


def test_oracle_6_a_dealers_hold_counts_as_his_sides_bid():
    """maw-survey, Atlantic Canada: a side at 100 may score as a defender if it bid at least 20. The
    dealer who holds a bid of 20 has bid 20: holding takes the bid at its value."""
    deal = play(_deal("auction-45-atlantic", players=2, dealer=1, scores=(0, 100),
                      non_bidder="100-rule-bid-20"), "bid 20", "hold", "bid 25", "pass")
    assert deal.contract.bidder == 0 and deal.side_bids == (25, 20)


def test_oracle_7_barkers_dealer_who_raises_after_holding_ends_the_auction():
    """maw-survey, Barker: the auction runs as in 110, where nobody may hold the dealer's bid, so a
    raise by the dealer ends it; Barker's change is only that after a hold everyone who has not
    passed may bid again."""
    deal = play(_deal("auction-45", teams="2x2"), "bid 10", "bid 15", "pass", "hold", "bid 20", "pass")
    assert deal.to_move == 3
    play(deal, "bid 25")
    assert deal.phase == "trump" and (deal.contract.bidder, deal.contract.bid) == (3, 25)


@pytest.mark.parametrize("target,score,taken,written", [(110, 100, 10, 5), (55, 45, 10, 5), (55, 50, 10, 0),
                                                         (220, 200, 15, 15), (220, 210, 10, 5)])
def test_oracle_8_the_cap_stops_a_defender_five_short_of_any_target(target, score, taken, written):
    """maw-survey, 110: a player must make a bid to reach the target, so one who is not the bidder
    stops at 105 in a game of 110; in a game of 55 or 220 the same reason stops him at 50 or 215."""
    from maw_sim.auction import Contract
    v = maw_sim.load_variant("one-hundred-and-ten", options={"go_out": "cap-105", "target": target})
    final, game, made = v.scorer.close_contract((score, 0), [taken, 15], Contract(1, 1, 15, "15", None, 15, False),
                                                (0, 15))
    assert made and final == [written, 15] and game is None


def _settled(vid, options, scores, points, contract_side, made):
    """A bidding game's match account after one deal, as the scorer settles it."""
    from types import SimpleNamespace
    v = maw_sim.load_variant(vid, options=options)
    contract = SimpleNamespace(side=contract_side)
    match = SimpleNamespace(scores=list(scores), deals=[SimpleNamespace(contract=contract)], over=False,
                            game_won_by=None, games_won=0, sets=[0] * len(scores))
    final = [p for p in points]
    outcome = SimpleNamespace(points=tuple(final), contract_made=made, double_game=False,
                              game_won_by=v.scorer.game_after(scores, final, contract_side))
    v.scorer.settle(match, outcome)
    return match


def test_oracle_9_a_side_sunk_to_minus_120_ends_the_game_even_with_the_others_level():
    """maw-survey, Atlantic Canada: a side at -120 or below has lost and the game is over. With three
    sides and the other two level, the survey names no winner: the game ends unwon."""
    options = {"lose_at": 120, "non_bidder": "always"}
    level = _settled("auction-45-atlantic", options, (-100, 50, 45), (-25, 5, 10), 0, False)
    assert level.scores == [-125, 55, 55] and level.over and level.game_won_by is None
    ahead = _settled("auction-45-atlantic", options, (-100, 50, 45), (-25, 10, 5), 0, False)
    assert ahead.over and ahead.game_won_by == 1
    still = _settled("auction-45-atlantic", options, (-90, 50, 45), (-25, 5, 10), 0, False)
    assert not still.over


def test_oracle_10_the_higher_total_on_equal_totals_gives_the_game_to_the_bidder():
    """maw-survey, Barker: when both sides reach 120 together, the survey's second reading gives the
    game to the higher total. For equal totals it gives no rule: the engine's declared reading gives
    it to the bidder's side, and between defenders play goes on."""
    higher = maw_sim.load_variant("auction-45", options={"both_out": "higher"})
    assert higher.scorer.game_after((110, 100), [10, 20], 1) == 1
    assert higher.scorer.game_after((100, 110), [20, 10], 1) == 1
    assert higher.scorer.game_after((100, 110, 100), [20, -25, 20], 1) is None
    assert "equal totals" in maw_sim.scoring.BOTH_OUT_RULES["higher"]
    assert "equal totals" in higher.options["both_out"].note
