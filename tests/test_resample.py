"""The one resampler (maw_sim.resample): a deal imagined from what one seat knows looks, from that
seat, exactly like the real one — its view and its record the same — whether what it knows is
read from its view (the bots, the hint) or from its own record (the review board's stand-in).

Every ruleset, house-rule value and player count of the conformance suite
(:func:`test_conformance._cases`), at random points of random deals: before the first lead,
during the auction and the exchange, and in the play."""

from __future__ import annotations

import random
import re
from dataclasses import fields, replace

import pytest

from maw_sim.records import GameRecord
import maw_sim
from maw_sim import Deal
from maw_sim.bots.inference import Knowledge
from maw_sim.phases import take_unseen
from maw_sim.resample import Observation, stand_in

from test_conformance import CASES, _id


def _somewhere(case, seed):
    """A deal of the case's rules played at random to some point before its end, or None."""
    vid, options, n, teams = case
    deal = Deal.random(maw_sim.load_variant(vid, options=options), n, seed, dealer=seed % n, teams=teams)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 6 + 3 * n)):
        if deal.to_move is None:
            return None
        deal.apply(rng.choice(deal.legal_actions()))
    return deal if deal.to_move is not None else None


def _points(case, count=3):
    """``count`` (deal, seat) pairs: the seat to move, or another, at random points."""
    out = []
    for seed in range(3 * count):
        deal = _somewhere(case, seed)
        if deal is not None:
            seat = deal.to_move if seed % 2 else random.Random(seed).randrange(deal.players)
            out.append((deal, seat))
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_a_world_imagined_from_a_seats_view_gives_that_seat_the_same_view_and_record(case):
    points = _points(case)
    assert points, "no unfinished deal reached"
    for k, (deal, seat) in enumerate(points):
        view = deal.view(seat)
        # A view is made without its dataclass __init__ (for speed): it must hold every field,
        # and be the value that __init__ would have made.
        assert set(vars(view)) == {f.name for f in fields(maw_sim.PlayerView)} and replace(view) == view
        world = Knowledge(view).world(random.Random(k))
        assert world.view(seat) == view
        # The record a view's world gives the seat is the real one's, but for the kitty a bidder
        # took: which of his cards came from it, the view does not keep.
        if not (deal.kitty_taken and deal.bidder == seat):
            assert GameRecord.of_deal(world).for_seat(seat) == GameRecord.of_deal(deal).for_seat(seat)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_a_stand_in_for_a_seats_record_gives_that_seat_the_same_record_and_view(case):
    for deal, seat in _points(case):
        mine = GameRecord.of_deal(deal).for_seat(seat)
        again = stand_in(mine)
        assert GameRecord.of_deal(again).for_seat(seat) == mine
        assert again.view(seat) == deal.view(seat)


def test_a_stand_in_is_the_same_every_time():
    deal = _somewhere(("spoil-five", {}, 6, None), 4)
    mine = GameRecord.of_deal(deal).for_seat(2)
    assert stand_in(mine).dealt == stand_in(mine).dealt


@pytest.mark.parametrize("players", [9, 10])
def test_a_seats_record_mid_deal_at_nine_and_ten_players_gets_a_stand_in(players):
    """Seats that showed out leave few cards to go round: the most constrained seat draws first."""
    opened = 0
    for seed in range(12):
        deal = Deal.random("spoil-five", players, seed, dealer=seed % players)
        rng = random.Random(seed)
        for _ in range(players * 3 + seed):
            if deal.to_move is None:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.to_move is None:
            continue
        for seat in (deal.to_move, (deal.to_move + 1) % players):
            mine = GameRecord.of_deal(deal).for_seat(seat)
            assert GameRecord.of_deal(stand_in(mine)).for_seat(seat) == mine
            opened += 1
    assert opened >= 10


def test_an_observation_from_the_view_and_from_the_record_know_the_same():
    """Both doors lead to the same facts: the same cards unseen, counts, forced and excluded cards."""
    compared = 0
    for seed in range(20):
        deal = _somewhere(("spoil-five", {}, 5, None), seed)
        if deal is None:
            continue
        seat = deal.to_move
        by_view = Knowledge(deal.view(seat))
        by_record = maw_sim.resample.Knowledge(Observation.from_record(GameRecord.of_deal(deal).for_seat(seat)))
        for name in ("mine", "need", "forced", "excluded", "unseen"):
            assert getattr(by_view, name) == getattr(by_record, name), name
        compared += 1
    assert compared >= 10


def test_a_robber_who_put_out_the_ace_itself_and_later_shows_no_trump_is_imagined_without_it():
    """Twenty-Five, four players: seat 3 holds the ace of trumps (A♠), robs the 4♠ and puts out
    the ace itself; in the fourth trick, trumps led, he plays A♣, so he holds no trump but the
    privileged ones. The others know he robbed (so held the ace) and now that he has none: he put
    it out. Every seat's view must still give a world (the resampler once forced the ace into his
    hand, and no world fitted)."""
    deal = Deal.random(maw_sim.load_variant("twenty-five"), 4, 6, dealer=2)
    for action in ("rob AS", "6C", "6H", "7S", "5D", "4C", "JH", "4S", "2H", "KS", "AD", "5S", "2D",
                   "QS", "5H", "AC", "QH", "6D"):
        deal.apply(action)
    for seat in range(4):
        view = deal.view(seat)
        world = Knowledge(view).world(random.Random(seat))
        assert world.view(seat) == view
        assert "AS" not in world.hand_codes(3)


def test_the_stand_in_refuses_a_record_no_deal_can_explain():
    deal = Deal.random(maw_sim.load_variant("spoil-five"), 4, 2, dealer=0)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[0])
    leader = deal.to_move
    card = deal.legal_actions()[0]
    deal.apply(card)
    mine = GameRecord.of_deal(deal).for_seat((leader + 1) % 4)
    # The card just led, played again by the next seat: no hands can make that legal.
    broken = replace(mine.deals[-1], actions=mine.deals[-1].actions + (((leader + 1) % 4, card),),
                     labels=mine.deals[-1].labels + ("play",))
    with pytest.raises(ValueError, match="not legal"):
        stand_in(replace(mine, deals=(broken,)))


def test_a_record_that_is_no_seats_own_is_refused_in_words():
    rec = GameRecord.of_deal(Deal.random("spoil-five", 4, 1))
    with pytest.raises(ValueError, match="no seat's own record"):
        Observation.from_record(rec)


def test_the_review_refuses_the_bidders_own_record_that_hides_the_kitty_he_took():
    from maw_sim.review import ReviewError, _stand_in
    for seed in range(20):
        deal = Deal.random("one-hundred-and-ten", 4, seed)
        rng = random.Random(seed)
        while deal.to_move is not None and deal.phase != "play":
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.bidder is None or not deal.kitty_taken:
            continue
        mine = GameRecord.of_deal(deal).for_seat(deal.bidder)
        assert _stand_in(mine).view(deal.bidder) == deal.view(deal.bidder)
        d = mine.deals[-1]
        hidden = replace(mine, deals=(replace(d, kitty=(None,) * len(d.kitty)),))
        with pytest.raises(ReviewError, match="hides the kitty's cards"):
            _stand_in(hidden)
        return
    pytest.fail("no kitty taken")


def test_a_seats_own_record_that_hides_its_own_card_is_refused_in_words():
    deal = Deal.random("spoil-five", 4, 3)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])
    seat = (deal.to_move + 1) % 4
    mine = GameRecord.of_deal(deal).for_seat(seat)
    d = mine.deals[-1]
    hand = (None,) + d.hands[seat][1:]
    broken = replace(d, hands=d.hands[:seat] + (hand,) + d.hands[seat + 1:])
    with pytest.raises(ValueError, match="hides a card of seat"):
        stand_in(replace(mine, deals=(broken,)))


def test_the_resampler_and_a_seats_view_name_no_steps_verb():
    """Steps own their events: the resampler and Deal.view learn the history from what each step
    tells (Step.tell) and work hidden cards back through the step (Step.work_back), so neither
    names an action's verb; a new step that hides cards needs no line in them."""
    import ast
    import inspect
    import textwrap

    from maw_sim import resample
    from maw_sim.steps import all_steps

    verbs = {"rob", "pass", "announce", "discard", "draw", "take", "turn", "bid", "hold", "trump", "call",
             "five", "stand", "agree", "refuse", "jink", "claim"}
    verbs |= {v for step in all_steps() for v in step.chance_verbs}
    sources = {"maw_sim.resample": inspect.getsource(resample),
               "Deal.view": textwrap.dedent(inspect.getsource(Deal.view))}
    for where, source in sources.items():
        tree = ast.parse(source)
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        named = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                 and id(node) not in docstrings and isinstance(node.value, str)
                 and node.value.strip().split(" ")[0] in verbs}
        assert not named, f"{where} names a step's verb: {sorted(named)}"


def test_a_world_is_built_when_the_elder_passed_the_ace_unheard_and_led():
    """Spoil Five, robbing free: the elder hand (seat 2) held the ace of trumps, passed without a
    word and led; later he played the ace. Every world must give him the ace, so every world's
    replay must take his quiet pass before his lead (his record does not show it to seat 3)."""
    deal = Deal.random("spoil-five", 5, 188975864957384, dealer=1)
    assert deal.to_move == 2 and "pass" in deal.legal_actions()
    for action in ["pass", "QH", "3D", "JD", "2D", "KD", "QC", "10H", "9C", "6C", "10C", "JC", "KS", "AC",
                   "10D", "JH", "AD"]:
        deal.apply(action)
    view = deal.view(3)
    knowledge = Knowledge(view)
    for seed in range(5):
        world = knowledge.world(random.Random(seed))
        assert (world.phase, world.to_move) == ("play", 3)
        assert world.history[0] == (2, "pass")


# -- a world made fast is the world the public API makes ------------------------------------------

#: Rulesets whose worlds are laid out differently: a turn-up game alone and in partnership, robbing
#: by a hidden seat, fiving's stock, a kitty and a stock to draw from, a card drawn face up, a kitty
#: card laid face up.
_LAYOUTS = [("spoil-five", {}, 5, None), ("twenty-five", {}, 4, "2x2"), ("cotton-1674", {"fiving": True}, 2, None),
            ("one-hundred-and-ten", {}, 4, None), ("auction-45-merrimack", {"four_flip": True}, 4, "2x2"),
            ("auction-45-atlantic", {"kitty_shown": True}, 4, "2x2")]


def _drawn_plainly(knowledge, rng, tries=40):
    """Knowledge.sample_hands as first written, everything worked out again at each call: the
    cached draw must give the same hands and take the same numbers from ``rng``."""
    k = knowledge
    n = len(k.need)
    forced_all = 0
    for m in k.forced:
        forced_all |= m
    free = [i for i in range(k.size) if (k.unseen & ~forced_all) >> i & 1]
    others = [s for s in range(n) if s != k.me and k.need[s] > 0]
    order = sorted(others, key=lambda s: bin(k.unseen & ~k.excluded[s] & ~forced_all).count("1"))
    for attempt in range(tries + 1):
        strict = attempt < tries
        rng.shuffle(free)
        hands = [0] * n
        hands[k.me] = k.mine
        taken = 0
        for s in order:
            want = k.need[s] - bin(k.forced[s]).count("1")
            h = k.forced[s]
            bar = (k.excluded[s] if strict else 0) | taken
            for i in free:
                if want == 0:
                    break
                if not (bar >> i) & 1:
                    h |= 1 << i
                    want -= 1
            if want:
                break
            taken |= h
            hands[s] = h
        else:
            return hands
    raise RuntimeError("no world fits")


def _by_the_constructor(cls, variant, masks, turnup=None, dealer=0, *, teams=None, scores=None, kitty=None,
                        stock=None):
    """Deal._of_indices the public way: the cards' codes through the constructor."""
    codes = maw_sim.cards.CODES
    return cls(variant, [[codes[i] for i in range(64) if m >> i & 1] for m in masks],
               None if turnup is None else codes[turnup], dealer, teams=teams, scores=scores,
               kitty=None if kitty is None else [codes[i] for i in kitty],
               stock=None if stock is None else [codes[i] for i in stock])


def _state(deal) -> tuple:
    """Everything a bot, a view or the record can read of a deal."""
    return (GameRecord.of_deal(deal), deal.history, deal.position, deal.dealt, deal.kitty, deal.stock,
            deal.turnup, deal.dealt_turnup, deal.trump, deal.turned, deal.scores, deal.teams, deal.seed,
            deal.dealer, deal.phase, deal.to_move, deal.legal_actions(), deal.stock_left, deal.outcome,
            deal.contract, tuple(deal.view(s, detail=True) for s in range(deal.players)))


@pytest.mark.parametrize("case", _LAYOUTS, ids=_id)
def test_a_world_made_from_bit_masks_is_the_deal_the_public_constructor_and_apply_make(case, monkeypatch):
    """Knowledge.world makes its deal from bit masks (Deal._of_indices), draws from a cached plan
    and skips take_unseen in the play: the world and the generator's state after it must be those
    of the plain way — the same hands drawn afresh, the deal made from the cards' codes by the
    constructor — and replaying the world's actions through the public constructor and apply,
    take_unseen (asked before every action in the play) must change nothing."""
    points = [(deal, seat) for deal, _ in _points(case, 8) for seat in range(deal.players)]
    assert len(points) >= 8 * case[2]
    v = maw_sim.load_variant(case[0], options=case[1])
    for k, (deal, seat) in enumerate(points):
        knowledge = Knowledge(deal.view(seat))
        for j in range(2):
            fast_rng, plain_rng = random.Random(k * 10 + j), random.Random(k * 10 + j)
            fast = knowledge.world(fast_rng)
            with monkeypatch.context() as m:
                m.setattr(Deal, "_of_indices", classmethod(_by_the_constructor))
                m.setattr(Knowledge, "sample_hands", _drawn_plainly)
                plain = knowledge.world(plain_rng)
            assert _state(fast) == _state(plain)
            assert fast_rng.getstate() == plain_rng.getstate()
            public = Deal(v, [[c.code for c in hand] for hand in fast.dealt],
                          None if fast.dealt_turnup is None else fast.dealt_turnup.code, fast.dealer,
                          teams=case[3], scores=fast.scores, kitty=[c.code for c in fast.kitty] or None,
                          stock=[c.code for c in fast.stock] or None)
            for event in fast.events:
                if event.chance:
                    continue          # dealt again from the stock by the action before it
                if public.phase == "play":
                    before = len(public.history)
                    take_unseen(public, event.seat, event.text)
                    assert len(public.history) == before
                public.apply(event.text)
            assert _state(public) == _state(fast)


def test_a_deal_made_from_bit_masks_refuses_what_the_constructor_refuses_in_its_words():
    def same(variant, *args, **kw):
        try:
            public = _by_the_constructor(Deal, variant, *args, **kw)
        except ValueError as refused:
            with pytest.raises(ValueError, match=re.escape(str(refused))):
                Deal._of_indices(variant, *args, **kw)
            return False
        assert _state(Deal._of_indices(variant, *args, **kw)) == _state(public)
        return True

    v = maw_sim.load_variant("spoil-five")
    deal = Deal.random(v, 4, 5)
    masks = [sum(1 << c.index for c in hand) for hand in deal.dealt]
    turnup = deal.turnup.index
    low = masks[3] & -masks[3]
    assert same(v, masks, turnup, 1, teams="2x2", scores=(3, 7))
    assert not same(v, masks[:3] + [masks[3] ^ low], turnup)                          # a hand of four cards
    assert not same(v, masks[:3] + [masks[3] ^ low | masks[0] & -masks[0]], turnup)   # a card twice
    assert not same(v, masks, masks[0].bit_length() - 1)                              # the turn-up in a hand
    assert not same(v, masks, 52)                                                     # not in this pack
    assert not same(v, masks, turnup, teams="3x3")
    b = maw_sim.load_variant("one-hundred-and-ten")
    deal = Deal.random(b, 4, 5)
    masks = [sum(1 << c.index for c in hand) for hand in deal.dealt]
    kitty, stock = [c.index for c in deal.kitty], [c.index for c in deal.stock]
    assert same(b, masks, None, 2, kitty=kitty, stock=stock)
    assert same(b, masks, None, 2, kitty=kitty)                                       # the stock in the pack's order
    assert not same(b, masks, None, 2, kitty=kitty, stock=stock[1:])                  # a card missing
    assert not same(b, masks, None, 2, kitty=kitty, stock=stock + stock[:1])          # a card twice
    assert not same(b, masks, None, 2, kitty=kitty[1:], stock=stock)
    assert not same(b, masks, 3, 2, kitty=kitty, stock=stock)                         # a turn-up
