"""Named rulings of the family's regional rulesets (issue 10): Kerry's Thirty-One, Bruff,
Dave Barker's two-team Forty-Five. One test per ruling, built from the survey's accounts.

Seat 0 leads in every constructed deal (the dealer is the last seat).
"""

import random

import pytest

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


# -- Bruff: the Joker, three pairs, the best trump counted when its trick is taken ----------------

def bruff(hands, turnup="9C", **kw):
    return make("bruff", hands, turnup, teams="3x2", **kw)


def test_bruff_joker_ranks_below_the_knave_and_above_the_ace_of_hearts():
    ranking = [c.code for c in maw_sim.load_variant("bruff").trump_ranking("S")]
    assert ranking[:6] == ["5S", "JS", "JK", "AH", "AS", "KS"]


# Seat 1 holds the Joker as its only trump; seat 2 the ace of hearts as its only trump.
RENEGE_HANDS = ["{lead} 2D 3D 4D 6D", "JK 7D 8D 9D 10D", "AH 2S 3S 4S 6S", "7S 8S 9S 10S JS"]


def renege_deal(lead):
    deal = make("bruff", [h.format(lead=lead) for h in RENEGE_HANDS], "9C")
    if "pass" in deal.legal_actions():     # the holder of the ace of trumps declines to rob
        deal.apply("pass")
    return deal


def test_bruff_joker_may_renege_to_the_ace_of_trumps_led():
    deal = play(renege_deal("AC"), "AC")
    assert "7D" in deal.legal_actions()


def test_bruff_joker_is_forced_by_the_knave_led():
    deal = play(renege_deal("JC"), "JC")
    assert deal.legal_actions() == ("JK",)
    assert "must play a trump" in deal.explain("7D")


def test_bruff_joker_is_forced_by_the_five_led():
    deal = play(renege_deal("5C"), "5C")
    assert deal.legal_actions() == ("JK",)


def test_bruff_ace_of_hearts_is_forced_by_the_joker_led():
    deal = play(renege_deal("AC"), "AC", "JK")    # seat 1 plays its Joker, the ace of trumps still leads
    assert "2S" in deal.legal_actions()           # the ace of trumps led cannot force the ace of hearts
    hands = ["JK 2D 3D 4D 6D", "7D 8D 9D 10D QD", "AH 2S 3S 4S 6S", "7S 8S 9S 10S JS"]
    deal = play(make("bruff", hands, "9C"), "JK", "7D")
    assert deal.legal_actions() == ("AH",)


# The survey's example: pair A (seats 0, 3) on 30, pairs B (1, 4) and C (2, 5) on 35 each.
SURVEY_HANDS = ["2D {a} 3H 4H 6H", "JC 3S 4S 6S 7S", "3D 7H 8H 9H 10H",
                "4D JH QH KH 8S", "6D 9S 10S JS QS", "7D KS 2S 8D 9D"]
FIRST_TRICK = ("2D", "JC", "3D", "4D", "6D", "7D")     # B takes it with the knave of trumps


def test_bruff_survey_example_five_of_trumps_takes_the_bonus_from_the_knave():
    deal = bruff([h.format(a="5C") for h in SURVEY_HANDS], scores=(30, 35, 35))
    play(deal, *FIRST_TRICK)
    assert deal.phase != "over" and deal.deal_points == (0, 5, 0)    # B has 40: the knave is not best
    play(deal, "3S", "7H", "8S", "9S", "KS", "5C")                   # A trumps the spade with the five
    assert deal.tricks[-1].winner == 0
    assert deal.deal_points == (10, 5, 0)                            # 40, 40 and 35: play goes on
    assert deal.phase != "over"


def test_bruff_survey_example_knave_as_best_trump_wins_at_the_first_trick():
    deal = bruff([h.format(a="2H") for h in SURVEY_HANDS], scores=(30, 35, 35))   # no five in play
    play(deal, *FIRST_TRICK)
    assert deal.outcome.game_won_by == 1 and len(deal.tricks) == 1


def test_bruff_jink_wins_the_game_from_any_score():
    hands = ["5C JC JK AH AC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H",
             "8H 9H 10H JH QH", "8D 9D 10D JD QD", "2S 3S 4S 6S 7S"]
    deal = play_out(bruff(hands, scores=(0, 40, 40)))
    assert deal.outcome.jinked and deal.outcome.game_won_by == 0
    assert deal.deal_points[0] == 30 < 45


# -- Barker: only the tricks count, when the deal is over ------------------------------------------

# Seats 0 and 2 against 1 and 3; clubs are trumps and seat 0 holds the five top trumps.
BARKER_ALL = ["5C JC AH KC QC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH"]
# Seat 0 wins three tricks with its top trumps; then seat 3's king of spades and knave of hearts.
BARKER_THREE = ["5C JC AH 2S 3S", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH KS"]
THREE_TRUMP_TRICKS = ("5C", "2D", "2H", "8H", "JC", "3D", "3H", "9H", "AH", "4D", "4H", "10H")


def barker(hands, **kw):
    return make("barker-45", hands, "9C", teams="2x2", **kw)


def test_barker_tricks_score_nothing_until_the_deal_is_over():
    deal = play(barker(BARKER_ALL), "5C", "2D", "2H", "8H")
    assert deal.tricks[-1].winner == 0 and deal.deal_points == (0, 0)


def test_barker_all_five_tricks_score_ten():
    deal = play_out(barker(BARKER_ALL))
    assert deal.outcome.tricks_won[0] == 5 and deal.outcome.points == (10, 0)
    assert deal.outcome.game_won_by is None          # unlike Bruff, all five do not win the game


def test_barker_three_or_four_tricks_score_five():
    deal = play(barker(BARKER_THREE), *THREE_TRUMP_TRICKS, "2S", "6D", "6H", "KS", "JH", "3S", "7D", "7H")
    assert deal.outcome.tricks_won == (3, 0, 0, 2)
    assert deal.outcome.points == (5, 0)


def test_barker_game_is_reached_only_at_the_end_of_the_deal():
    deal = play(barker(BARKER_ALL, scores=(40, 0)), *THREE_TRUMP_TRICKS)
    assert deal.phase != "over"                       # three tricks won, but nothing scored yet
    play_out(deal)
    assert deal.outcome.game_won_by == 0 and deal.outcome.points == (10, 0)


def test_barker_majority_short_of_the_target_does_not_win():
    deal = play(barker(BARKER_THREE, scores=(35, 40)), *THREE_TRUMP_TRICKS,
                "2S", "6D", "6H", "KS", "JH", "3S", "7D", "7H")
    assert deal.outcome.points == (5, 0) and deal.outcome.game_won_by is None    # 40: not yet 45


# -- Merrimack Valley: the heart rule, every deal played out ----------------------------------------

def mv_deal(hands, **kw):
    deal = make("merrimack-valley", hands, "9C", **kw)
    if "pass" in deal.legal_actions():
        deal.apply("pass")
    return deal


def test_merrimack_ace_of_hearts_led_calls_for_a_heart_from_one_without_trumps():
    deal = play(mv_deal(["AH 2D 3D 4D 6D", "7H 7D 8D 9D 10D", "2S 3S 4S 6S 7S"]), "AH")
    assert deal.legal_actions() == ("7H",)
    refusal = deal.refusal("7D")
    assert refusal.rule == "following.ace-of-hearts-calls-hearts" and "heart" in refusal.words


def test_merrimack_five_and_knave_may_still_renege_to_the_ace_of_hearts():
    deal = play(mv_deal(["AH 2D 3D 4D 6D", "5C 7H 8D 9D 10D", "2S 3S 4S 6S 7S"]), "AH")
    assert set(deal.legal_actions()) == {"5C", "7H"}       # the heart is owed, the five may be kept


def test_merrimack_a_lower_trump_must_still_be_played_to_the_ace_of_hearts():
    deal = play(mv_deal(["AH 2D 3D 4D 6D", "KC 7H 8D 9D 10D", "2S 3S 4S 6S 7S"]), "AH")
    assert deal.legal_actions() == ("KC",)


def test_merrimack_no_heart_and_no_trump_plays_anything():
    deal = play(mv_deal(["AH 2D 3D 4D 6D", "7H 7D 8D 9D 10D", "2S 3S 4S 6S 7S"]), "AH", "7H")
    assert len(deal.legal_actions()) == 5


def test_forty_five_ace_of_hearts_led_still_lets_a_trumpless_hand_discard():
    deal = play(make("forty-five", ["AH 2D 3D 4D 6D", "7H 7D 8D 9D 10D", "2S 3S 4S 6S 7S"], "9C"), "AH")
    assert "7D" in deal.legal_actions()


MV_HANDS = ["5C JC AH KC QC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH"]


def test_merrimack_game_is_not_won_mid_deal_and_all_five_do_not_win_it():
    deal = mv_deal(MV_HANDS, teams="2x2", scores=(40, 0))
    play(deal, "5C", "2D", "2H", "8H")
    assert deal.phase != "over"                       # 40 + 10 is past 45, but the deal is played out
    play_out(deal)
    assert deal.outcome.points == (30, 0) and deal.outcome.game_won_by == 0


def test_merrimack_all_five_tricks_alone_do_not_win_the_game():
    deal = play_out(mv_deal(MV_HANDS, teams="2x2"))
    assert deal.outcome.jinked and deal.outcome.game_won_by is None


def test_merrimack_highest_total_past_the_target_wins_and_a_tie_plays_on():
    # Seat 0 takes all 30 points; seats 1-3 nothing. Scores 20 and 60 before the deal: 50 and 60.
    hands = ["5C JC AH KC QC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH"]
    assert play_out(mv_deal(hands, scores=(20, 60, 0, 0))).outcome.game_won_by == 1
    assert play_out(mv_deal(hands, scores=(30, 60, 0, 0))).outcome.game_won_by is None     # 60 all
    assert play_out(mv_deal(hands, scores=(31, 60, 0, 0))).outcome.game_won_by == 0


def test_merrimack_dreaded_45_sends_an_exact_45_back_to_nothing():
    v = maw_sim.load_variant("merrimack-valley").with_options({"dreaded_45": True})
    deal = make(v, MV_HANDS, "9C", teams="2x2", scores=(15, 0))
    if "pass" in deal.legal_actions():
        deal.apply("pass")
    play_out(deal)
    assert deal.outcome.points == (-15, 0) and deal.outcome.game_won_by is None
    plain = play_out(mv_deal(MV_HANDS, teams="2x2", scores=(15, 0)))
    assert plain.outcome.points == (30, 0) and plain.outcome.game_won_by == 0


# -- the exact solver on the scorings settled at the deal's end -----------------------------------

from test_solver import brute  # noqa: E402  (the paranoid minimax through the engine, stated once)


@pytest.mark.parametrize("vid,options,scores", [
    ("barker-45", None, (40, 35)),                      # a game only at the deal's end, by the award
    ("merrimack-valley", None, (40, 40)),               # both may pass 45: the higher total, or a tie
    ("merrimack-valley", {"dreaded_45": True}, (35, 30)),   # exactly 45 falls back below zero
])
def test_solver_agrees_with_brute_force_near_the_target(vid, options, scores):
    from maw_sim.solver import solve
    v = maw_sim.load_variant(vid).with_options(options)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.random(v, 4, seed, teams="2x2", scores=scores)
        while deal.phase != "over" and (deal.phase != "play" or deal.position.trick_count < 2):
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.phase == "over":
            continue
        for seat in (0, 1):
            assert solve(deal, seat) == brute(deal, seat), (seed, seat)
            checked += 1
    assert checked >= 40


def test_bruff_robber_goes_to_the_first_pair_with_three_games():
    """The survey on Bruff: a robber (a match) is won by the pair that first wins three games (the
    research notes' "best of three" misreads it)."""
    scorer = maw_sim.load_variant("bruff").scorer
    assert scorer.robber == 3
    assert scorer.robber_won_by([2, 2, 1]) is None and scorer.robber_won_by([3, 1, 2]) == 0
    assert maw_sim.load_variant("forty-five").scorer.robber_won_by([9, 0]) is None


def test_the_play_page_keeps_the_robber_across_games():
    """The play page's session plays game after game; the sheet says where the robber stands and
    who takes it, from the engine's rule."""
    from maw_sim import web
    from test_web import first_choice
    session = web.Session()
    session.new(variant="bruff", players=6, seed=3)
    for _ in range(12):
        while not session.match.over:
            while session.deal.phase != "over":
                session.act(first_choice(session.state()))
            if not session.match.over:
                session.next_deal()
        sheet = session.state()["sheet"]
        robber, won = sheet["robber"], sheet["games_won"]
        assert robber["to"] == 3 and sum(won) == len(sheet["games"])
        if max(won) >= 3:
            assert robber["won_by"] == won.index(3) and "takes the robber, 3 games to" in robber["text"]
            return
        assert robber["won_by"] is None and "first to win 3 games" in robber["text"]
        session.next_game()
    raise AssertionError("no side won three games in twelve")
