"""Named rulings of the family's regional rulesets (issue 10): Kerry's Thirty-One, Bruff,
Dave Barker's two-team Forty-Five. One test per ruling, built from the survey's accounts.

Seat 0 leads in every constructed deal (the dealer is the last seat).
"""

import maw_sim
from maw_sim import Deal


def make(variant, hands, turnup, **kw):
    return Deal(variant, [h.split() for h in hands], turnup, dealer=len(hands) - 1, **kw)


def play(deal, *actions):
    for action in actions:
        deal.apply(action)
    return deal


def play_out(deal):
    """Finish the deal with each seat's first legal action (declining any robbing)."""
    while deal.phase != "over":
        actions = deal.legal_actions()
        deal.apply("pass" if "pass" in actions else actions[0])
    return deal


# -- Kerry: Thirty-One --------------------------------------------------------------------------

# The five and the A♥ of clubs are out of play, so the knave of clubs is the best trump.
KERRY_HANDS = ["JC 2D 3D 4D 6D", "7D 8D 9D 10D QD", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "KD 2S 3S 4S 6S"]


def test_kerry_best_trump_trick_scores_sixteen():
    deal = play(make("kerry-31", KERRY_HANDS, "9C"), "JC", "7D", "2H", "8H", "KD")
    assert deal.tricks[-1].winner == 0
    assert deal.deal_points[0] == 5 + 11


def test_kerry_four_tricks_with_the_best_trump_make_game_in_one_deal():
    # Seat 0 leads the knave (16) and then three more clubs (15): 31 is reached at the fourth trick.
    hands = ["JC KC QC 10C 8C", "7D 8D 9D 10D QD", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "KD 2S 3S 4S 6S"]
    deal = play_out(make("kerry-31", hands, "9C"))
    assert deal.outcome.game_won_by == 0
    assert len(deal.tricks) == 4 and deal.deal_points[0] == 31


def test_kerry_game_at_32_is_an_option():
    # A side on 15 that takes the best trump's trick has 31: game at 31, not yet at 32.
    def first_trick(variant):
        return play(make(variant, KERRY_HANDS, "9C", scores=(15, 0, 0, 0, 0)), "JC", "7D", "2H", "8H", "KD")
    assert first_trick("kerry-31").outcome.game_won_by == 0
    at_32 = first_trick(maw_sim.load_variant("kerry-31").with_options({"target": 32}))
    assert at_32.phase != "over" and at_32.deal_points[0] == 16
