"""The heuristic's play on bit masks (maw_sim/bots/playout.py) against the engine's rollout: the
same outcome, the same actions, the same search bots' moves. It restates heuristic.py's play and
the deal's end of a trick, so these comparisons are what keep it in step with them."""

from __future__ import annotations

import random

import pytest

import maw_sim
from maw_sim import Deal
from maw_sim.bots import playout
from maw_sim.bots.heuristic import heuristic_bot
from maw_sim.bots.ismcts import ISMCTS
from maw_sim.bots.random_bot import random_bot
from maw_sim.bots.search import PIMC, rollout, rollout_value, utility
from maw_sim.variants import PARTNERSHIP_FORMS


def engine_heuristic(view, rng):
    """The heuristic bot, but not the object itself: the search bots then roll out through the
    engine, as they did before the kernel."""
    return heuristic_bot(view, rng)


#: Rulesets whose options change what the play reads: the robbing duties (the ace's rank, a barred
#: holder), the pool at six or more, jinking switched off, the ace of hearts led as hearts.
OPTIONS = [("spoil-five", {"robbing": "announce-or-lowest"}), ("spoil-five", {"robbing": "rob-or-barred"}),
           ("spoil-five", {"past_five": "two-tricks"}), ("spoil-five", {"past_five": "relative-majority"}),
           ("spoil-five", {"ace_of_hearts_lead": "hearts"}), ("twenty-five-pool", {"jinking": False}),
           ("twenty-five", {"double_game": True, "jink_wins_game": True}),
           ("merrimack-valley", {"dreaded_45": True})]


def _rulesets():
    return [(vid, None) for vid in maw_sim.variant_ids()] + OPTIONS


def _tables(v):
    """Each table size once (each for himself), and each partnership layout."""
    names = {form: name for name, form in PARTNERSHIP_FORMS.items()}
    return [(n, None) for n in range(v.min_players, v.max_players + 1)] + \
        [(sides * size, names[(sides, size)]) for sides, size in v.partnerships]


def _positions(v, players, teams, seed):
    """Positions of one deal, played by a mixture of the heuristic and random play (so that the
    kernel meets hands the heuristic would not make): the start of the play, one trick's first
    card, one card in the middle of another trick, and every jink decision."""
    rng = random.Random(seed)
    scores = None
    if v.scorer.points:
        # Near the target, where a trick can end the game in the middle of a deal.
        sides = players if teams is None else PARTNERSHIP_FORMS[teams][0]
        target = v.scorer.target
        scores = tuple(rng.choice((0, target - 5, target - 10, -20)) for _ in range(sides))
    deal = Deal.random(v, players, seed, dealer=seed % players, teams=teams, scores=scores)
    middle = rng.randrange(1, players)
    lead, mid = rng.randrange(1, 5), rng.randrange(0, 5)
    started = False
    while deal.to_move is not None:
        if playout.supports(deal):
            at = deal.position
            if deal.phase == "jink" or not started or at.trick_count == lead and not at.plays \
                    or at.trick_count == mid and len(at.plays) == middle:
                yield deal
            started = True
        view = deal.view(deal.to_move)
        if deal.phase == "rob":
            # The heuristic always robs: decline in half the deals (the ace may then lose its rank).
            declines = [a for a in view.legal if a in ("pass", "announce")]
            deal.apply(rng.choice(declines) if declines and seed % 2 else heuristic_bot(view, rng))
        else:
            deal.apply((random_bot if rng.random() < 0.3 else heuristic_bot)(view, rng))


@pytest.mark.parametrize("vid,options", _rulesets())
def test_the_kernel_ends_every_deal_as_the_engine_rollout_does(vid, options):
    v = maw_sim.load_variant(vid, options)
    seen = {"jink": 0, "robbed": 0, "mid-trick": 0}
    tables = _tables(v)
    for (players, teams), seed in [(t, s) for t in tables for s in range(max(1, 16 // len(tables)))]:
        for deal in _positions(v, players, teams, seed=players * 3 + (teams is not None) + 7 * seed):
            engine = deal.copy()
            rollout(engine, heuristic_bot, random.Random(0))
            before = deal.history
            outcome = playout.playout_outcome(deal)
            assert deal.history == before                         # the deal is only read
            assert outcome == engine.outcome, (vid, options, players, teams, deal.history)
            sides = players if teams is None else PARTNERSHIP_FORMS[teams][0]
            for side in range(sides):
                for spoil_aware in (False, True):
                    assert utility(deal, side, spoil_aware, outcome) == utility(engine, side, spoil_aware)
            # The first action, and the rest of the deal action by action.
            assert playout.heuristic_action(deal) == heuristic_bot(deal.view(deal.to_move), None)
            seen["jink"] += deal.phase == "jink"
            seen["robbed"] += deal.robbed is not None
            seen["mid-trick"] += bool(deal.position.plays)
    assert seen["mid-trick"] and (seen["robbed"] or v.robbing == "none")
    if v.jinking:
        assert seen["jink"], "no jink decision met: choose other seeds"


def test_the_heuristic_ranks_an_undealt_ace_as_the_table_knows_it():
    """Where a quiet pass costs the ace of trumps its rank, and nobody robbed or announced, the
    table takes the ace for the lowest trump even when nobody was dealt it (the deal's own tables
    keep it high): the heuristic counts the unseen trumps by the table's ranks."""
    v = maw_sim.load_variant("spoil-five", {"robbing": "announce-or-lowest"})
    # Nobody holds A♦: after cashing 5♦ J♦ A♥, seat 0's K♦ Q♦ are sure winners to the table (the
    # unseen ace ranks lowest), so it jinks; ranked high, the ace would have made it claim.
    made = Deal(v, [["5D", "JD", "AH", "KD", "QD"], ["3C", "4C", "5C", "6C", "7C"]], "9D", dealer=1)
    for _ in range(6):
        made.apply(heuristic_bot(made.view(made.to_move), None))
    assert made.phase == "jink" and playout.heuristic_action(made) == "jink"
    checked = 0
    for deal in [made] + [Deal.random(v, 2, seed) for seed in range(60)]:
        if deal.phase not in ("play", "jink") or deal.turnup.rank == 1:
            continue                                   # someone holds the ace, or it was turned
        assert deal.view(0).low_ace and deal.tables.ranking[-1].rank != 1
        while deal.to_move is not None:
            engine = deal.copy()
            rollout(engine, heuristic_bot, None)
            assert playout.playout_outcome(deal) == engine.outcome
            action = heuristic_bot(deal.view(deal.to_move), None)
            assert playout.heuristic_action(deal) == action
            deal.apply(action)
            checked += 1
    assert checked > 100


def test_the_kernel_plays_the_same_cards_as_the_engine():
    """play_until applies the kernel's actions to the deal: the history is the engine rollout's."""
    for vid, players, teams in (("spoil-five", 5, None), ("forty-five", 4, "2x2"), ("one-hundred-and-ten", 4, None)):
        for seed in range(3):
            deal = Deal.random(vid, players, seed)
            while not playout.supports(deal):
                deal.apply(heuristic_bot(deal.view(deal.to_move), None))
            engine = deal.copy()
            rollout(engine, heuristic_bot, None)
            playout.play_until(deal, side=-1)                  # a side nobody plays for: to the end
            assert deal.history == engine.history and deal.outcome == engine.outcome
            # Stopping at a side's turn: the seat to move is of that side, and nobody before it was.
            deal = Deal.random(vid, players, seed, teams=teams)
            while not playout.supports(deal):
                deal.apply(heuristic_bot(deal.view(deal.to_move), None))
            side = deal.side_of((deal.to_move + 2) % players)
            playout.play_until(deal, side)
            assert deal.to_move is None or deal.side_of(deal.to_move) == side


def test_a_jink_pending_is_decided_as_the_heuristic_decides():
    """Deals where a seat has won the first three tricks, with sure winners and without."""
    decided = set()
    # Seat 0 holds the top trumps (robs, cashes three, and jinks with a sure two); then deals
    # where the winner of three claims.
    sure = Deal("spoil-five", [["5D", "JD", "AH", "AD", "2C"], ["3C", "4C", "5C", "6C", "7C"]], "KD", dealer=1)
    for deal in [sure] + [Deal.random("spoil-five", 2, seed) for seed in range(200)]:
        while deal.to_move is not None and deal.phase != "jink":
            deal.apply(heuristic_bot(deal.view(deal.to_move), None))
        if deal.phase != "jink":
            continue
        action = playout.heuristic_action(deal)
        assert action == heuristic_bot(deal.view(deal.to_move), None)
        engine = deal.copy()
        rollout(engine, heuristic_bot, None)
        assert playout.playout_outcome(deal) == engine.outcome
        decided.add(action)
        if decided == {"jink", "claim"}:
            break
    assert decided == {"jink", "claim"}


def test_unsupported_deals_fall_back_to_the_engine():
    """Before the play (robbing, the auction) the kernel says no, and the callers roll out through
    the engine: the same value."""
    rob = next(d for d in (Deal.random("spoil-five", 5, s) for s in range(50)) if d.phase == "rob")
    bid = Deal.random("one-hundred-and-ten", 4, 1)
    for deal in (rob, bid):
        assert not playout.supports(deal)
        engine = deal.copy()
        rollout(engine, heuristic_bot, random.Random(2))
        assert rollout_value(deal.copy(), 0, heuristic_bot, random.Random(2)) == utility(engine, 0)
    over = rob.copy()
    rollout(over, heuristic_bot, None)
    assert not playout.supports(over)
    for deal in (rob, bid, over):
        with pytest.raises(ValueError, match="supports"):
            playout.playout_outcome(deal)
    # The search bots decide robbing through the rollouts of the play that follows.
    view = rob.view(rob.to_move)
    assert PIMC(budget=8, min_worlds=2, max_worlds=2)(view, random.Random(3)) in view.legal


QUICK = [PIMC(budget=16, min_worlds=3, max_worlds=4), PIMC(budget=40, solve_when=8, min_worlds=2, max_worlds=3),
         PIMC(budget=40, solve_when=0, reply_depth=1, min_worlds=2, max_worlds=3, spoil_aware=True),
         ISMCTS(iterations=30)]


def _slow(bot):
    """The same bot rolling out through the engine."""
    if isinstance(bot, ISMCTS):
        return ISMCTS(bot.iterations, bot.exploration, engine_heuristic, bot.spoil_aware)
    return PIMC(bot.budget, bot.solve_when, engine_heuristic, bot.min_worlds, bot.max_worlds, bot.reply_depth,
                bot.spoil_aware)


@pytest.mark.parametrize("vid,players,teams", [("spoil-five", 5, None), ("twenty-five", 4, "2x2"),
                                               ("family", 3, None)])
def test_the_search_bots_choose_as_they_did_without_the_kernel(vid, players, teams):
    for seed in (1, 2):
        deal = Deal.random(vid, players, seed, teams=teams)
        k = 0
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            if len(view.legal) > 1 and view.phase in ("play", "rob", "jink") and deal.to_move in (0, seed):
                bot = QUICK[k % len(QUICK)]
                k += 1
                slow = _slow(bot)
                if isinstance(bot, PIMC):
                    # The whole judgement, not only the choice: the same rollouts give the same sums.
                    fast_j = bot.evaluate(view, random.Random(seed + k))
                    slow_j = slow.evaluate(view, random.Random(seed + k))
                    assert fast_j.rolled == slow_j.rolled and fast_j.solved == slow_j.solved
                action = bot(view, random.Random(seed * 31 + k))
                assert action == slow(view, random.Random(seed * 31 + k)), (vid, seed, deal.history)
            else:
                action = heuristic_bot(view, None)
            deal.apply(action)
