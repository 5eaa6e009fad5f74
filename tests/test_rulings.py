"""Rulings from the sources, one named test each.

Plain test functions with no fixtures: this module also runs inside Pyodide (tests/pyodide).
Seat 0 leads in every constructed deal (the dealer is the last seat).
"""

from pathlib import Path

import pytest

from maw_sim.words import outcome as outcome_words
from maw_sim.records import GameRecord
import maw_sim
from maw_sim import Card, Deal, IllegalAction
from maw_sim.variants import parse_variant


def make(variant, hands, turnup, **kw):
    return Deal(variant, [h.split() for h in hands], turnup, dealer=len(hands) - 1, **kw)


def codes(cards):
    return [c.code for c in cards]


def play(deal, *actions):
    for action in actions:
        deal.apply(action)
    return deal


def variant_with(base_id, section, key, value):
    """A copy of a variant with one setting changed (for flags no shipped variant uses)."""
    base = maw_sim.load_variant(base_id)
    text = base.path.read_text(encoding="utf-8")
    lines, inside, declared = [], False, False
    for line in text.splitlines():
        if line.startswith("["):
            inside = line.strip() == f"[{section}]"
            # The file's options and presets name its own values: they go with the changed copy.
            declared = line.startswith(("[options.", "[presets."))
        if declared:
            continue
        if inside and line.split("=")[0].strip() == key:
            line = f"{key} = {value}"
        lines.append(line)
    return parse_variant("\n".join(lines), Path(f"/tmp/{base_id}.toml"))


# -- the orders of the cards ---------------------------------------------------------

def test_modern_trump_order_red_suit_high_pips_highest():
    assert codes(maw_sim.load_variant("spoil-five").trump_ranking("D")) == \
        "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D".split()


def test_modern_trump_order_black_suit_low_pips_highest():
    assert codes(maw_sim.load_variant("twenty-five").trump_ranking("C")) == \
        "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C".split()


def test_hearts_trumps_have_no_second_ace():
    ranking = codes(maw_sim.load_variant("spoil-five").trump_ranking("H"))
    assert ranking[:4] == ["5H", "JH", "AH", "KH"]
    assert len(ranking) == 13


def test_cotton_1674_five_then_ace_of_hearts_then_ace_then_knave():
    assert codes(maw_sim.load_variant("cotton-1674").trump_ranking("S"))[:4] == ["5S", "AH", "AS", "JS"]


def test_rich_1593_knave_second_in_maw():
    assert codes(maw_sim.load_variant("maw").trump_ranking("C"))[:2] == ["5C", "JC"]


def test_engraving_reading_puts_ace_of_hearts_before_knave():
    assert codes(maw_sim.load_variant("maw-engraving").trump_ranking("D"))[:4] == ["5D", "AH", "JD", "AD"]


def test_high_in_red_low_in_black_plain_suits():
    v = maw_sim.load_variant("spoil-five")
    assert codes(v.plain_ranking("D", "S")) == "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD".split()
    assert codes(v.plain_ranking("C", "H")) == "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C".split()


def test_ace_of_hearts_is_never_a_plain_heart():
    v = maw_sim.load_variant("spoil-five")
    assert "AH" not in codes(v.plain_ranking("H", "C"))
    assert "AH" in codes(v.trump_ranking("C"))


def test_ace_of_diamonds_is_the_worst_card_when_not_trumps():
    v = maw_sim.load_variant("spoil-five")
    for trump in "CHS":
        assert v.plain_ranking("D", trump)[-1] == Card.parse("AD")


def test_ace_of_diamonds_is_fourth_best_when_diamonds_are_trumps():
    assert maw_sim.load_variant("spoil-five").trump_ranking("D").index(Card.parse("AD")) == 3


def test_family_game_keeps_the_ordinary_sequence():
    v = maw_sim.load_variant("family")
    assert codes(v.trump_ranking("C"))[:4] == ["AC", "KC", "QC", "JC"]
    assert codes(v.plain_ranking("H", "S"))[0] == "AH"       # the ace of hearts is an ordinary heart


def test_atlantic_ace_above_king_in_plain_suits_trumps_unchanged():
    v = maw_sim.load_variant("atlantic")
    assert codes(v.plain_ranking("C", "D"))[:3] == ["AC", "KC", "QC"]
    assert codes(v.plain_ranking("D", "C"))[:2] == ["AD", "KD"]
    assert codes(v.trump_ranking("D"))[:4] == ["5D", "JD", "AH", "AD"]


# -- following -----------------------------------------------------------------------

def test_plain_lead_may_follow_or_trump_but_not_discard():
    # Spades trumps (turn-up 9S); seat 0 leads a club; seat 1 holds a club, a trump and a diamond.
    deal = make("spoil-five", ["KC 2D 3D 4D 6D", "7C 3S 8D 9D 10D", "2H 3H 4H 6H 7H",
                               "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"], "9S")
    play(deal, "KC")
    assert set(deal.legal_actions()) == {"7C", "3S"}
    refusal = deal.refusal("8D")
    assert refusal.rule == "following.follow-or-trump" and refusal.section == "following"
    assert refusal.sources == deal.variant.settings["following"].sources
    assert "must follow suit or play a trump" in refusal.words   # one rendering check for the rule
    with pytest.raises(IllegalAction):
        deal.apply("8D")


def test_void_in_suit_led_may_play_anything():
    deal = make("spoil-five", ["KC 2D 3D 4D 6D", "7D 3S 8D 9D 10D", "2H 3H 4H 6H 7H",
                               "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"], "9S")
    play(deal, "KC")
    assert set(deal.legal_actions()) == {"7D", "3S", "8D", "9D", "10D"}


def test_heather_whist_rules_must_follow_suit_and_cannot_trump_when_able():
    deal = make("heather-1876", ["KC 2D 3D 4D 6D", "7C 3S 8D 9D 10D", "2H 3H 4H 6H 7H",
                                 "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"], "9S")
    play(deal, "KC")
    assert deal.legal_actions() == ("7C",)
    assert deal.refusal("3S").rule == "following.whist"


def test_heather_void_player_may_trump():
    deal = make("heather-1876", ["KC 2D 3D 4D 6D", "7D 3S 8D 9D 10D", "2H 3H 4H 6H 7H",
                                 "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"], "9S")
    play(deal, "KC")
    assert "3S" in deal.legal_actions()


# -- reneging: the comparison is with the card led ------------------------------------

def _trump_lead(variant, led, holding, turnup="9C", filler=None):
    """Seat 0 leads ``led``; seat 1 holds ``holding``. Clubs trumps by default."""
    hands = [f"{led} 2D 3D 4D 6D", holding, "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", filler or "KD QD 7D 8D 9D"]
    deal = make(variant, hands, turnup)
    if deal.phase == "rob":
        deal.apply("pass")
    return play(deal, led)


def test_five_fingers_may_always_renege():
    deal = _trump_lead("spoil-five", "KC", "5C 10D 3S 4S 6S")
    assert set(deal.legal_actions()) == {"5C", "10D", "3S", "4S", "6S"}


def test_knave_may_renege_to_a_lower_trump_led():
    deal = _trump_lead("spoil-five", "KC", "JC 10D 3S 4S 6S")
    assert "3S" in deal.legal_actions()


def test_when_the_five_is_led_no_card_may_renege():
    deal = _trump_lead("spoil-five", "5C", "JC 10D 3S 4S 6S")
    assert deal.legal_actions() == ("JC",)
    assert deal.refusal("3S").rule == "renege.must-play-trump"
    assert "may renege only to a lower trump led" in deal.explain("3S")


def test_knave_may_renege_when_the_five_is_played_not_led():
    # Seat 0 leads the king of trumps, seat 1 plays the five; seat 2, holding only the knave, may renege.
    hands = ["KC 2D 3D 4D 6D", "5C 10D 3S 4S 6S", "JC 2H 3H 4H 6H", "8H 9H 10H QH 7H", "KD QD 7D 8D 9D"]
    deal = play(make("spoil-five", hands, "9C"), "KC", "5C")
    assert set(deal.legal_actions()) == {"JC", "2H", "3H", "4H", "6H"}


def test_only_the_five_may_renege_to_the_knave_led():
    assert _trump_lead("spoil-five", "JC", "AH 10D 3S 4S 6S").legal_actions() == ("AH",)
    assert "3S" in _trump_lead("spoil-five", "JC", "5C 10D 3S 4S 6S").legal_actions()


def test_ace_of_hearts_may_renege_to_any_inferior_trump():
    deal = _trump_lead("spoil-five", "2C", "AH 10D 3S 4S 6S")
    assert "3S" in deal.legal_actions()


def test_ace_of_trumps_is_not_privileged_to_renege():
    deal = _trump_lead("spoil-five", "2C", "AC 10D 3S 4S 6S", turnup="9C")
    assert deal.legal_actions() == ("AC",)
    assert deal.refusal("3S").rule == "renege.must-play-trump"
    assert "not one of the privileged trumps" in deal.explain("3S")


def test_a_lower_trump_held_with_the_five_forces_a_trump():
    deal = _trump_lead("spoil-five", "KC", "5C 3C 3S 4S 6S")
    assert set(deal.legal_actions()) == {"5C", "3C"}      # either trump, but a trump
    assert "3♣ is not one of the privileged trumps" in deal.explain("3S")


def test_heather_only_the_five_reneges():
    deal = _trump_lead("heather-1876", "KC", "JC 10D 3S 4S 6S")
    assert deal.legal_actions() == ("JC",)
    assert "3S" in _trump_lead("heather-1876", "KC", "5C 10D 3S 4S 6S").legal_actions()


def test_family_game_has_no_reneging():
    deal = _trump_lead("family", "2C", "5C 10D 3S 4S 6S")
    assert deal.legal_actions() == ("5C",)


def test_ace_of_hearts_led_is_a_trump_lead_not_a_heart_lead():
    # Clubs trumps; the A♥ led. Seat 1 has hearts but no trump: need not play a heart.
    deal = _trump_lead("spoil-five", "AH", "KH 10D 3S 4S 6S")
    assert set(deal.legal_actions()) == {"KH", "10D", "3S", "4S", "6S"}
    # Seat 1 with a low trump must play it.
    deal = _trump_lead("spoil-five", "AH", "2C KH 3S 4S 6S")
    assert deal.legal_actions() == ("2C",)
    assert "counts as a trump lead" in deal.explain("KH")


def test_ace_of_hearts_lead_flag_makes_it_a_heart_lead():
    v = variant_with("forty-five", "following", "ace_of_hearts_lead", '"hearts"')
    deal = _trump_lead(v, "AH", "KH 10D 3S 4S 6S")
    assert deal.legal_actions() == ("KH",)
    assert "calls for hearts" in deal.explain("3S")


# -- winning tricks ------------------------------------------------------------------

def test_highest_trump_wins_and_a_discard_cannot():
    hands = ["KC 2D 3D 4D 6D", "7C 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    deal = play(make("spoil-five", hands, "9S"), "KC", "3S", "2H", "8H", "5C")
    assert deal.tricks[0].winner == 1


def test_low_red_pip_beats_the_red_ace_in_a_plain_suit():
    hands = ["AD 2C 3C 4C 6C", "2D 3S 8H 9H 10H", "3H 4H 6H 7H QH", "KH JH 4S 6S 7S", "KC QC JC 8C 9C"]
    deal = play(make("spoil-five", hands, "9S"), "AD", "2D", "3H", "KH", "KC")
    assert deal.tricks[0].winner == 1


# -- robbing -------------------------------------------------------------------------

def test_holder_of_the_trump_ace_may_rob_the_turn_up():
    hands = ["KC 2D 3D 4D 6D", "AS 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    deal = make("spoil-five", hands, "9S")
    assert deal.phase == "rob" and deal.to_move == 1
    assert "pass" in deal.legal_actions() and "rob 8D" in deal.legal_actions()
    deal.apply("rob 8D")
    assert deal.phase == "play" and deal.to_move == 0
    assert set(codes(deal.hand(1))) == {"AS", "3S", "9S", "9D", "10D"}
    assert deal.robbed == (1, Card.parse("8D"))


def test_the_robber_puts_out_a_card_of_his_own():
    hands = ["KC 2D 3D 4D 6D", "AS 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    deal = make("spoil-five", hands, "9S")
    assert deal.refusal("rob KC").rule == "robbing.not-in-hand"
    assert deal.refusal("KC").rule == "robbing.choose" and deal.refusal("KC").section == "robbing"


def test_dealer_robs_a_turned_ace():
    hands = ["KC 2D 3D 4D 6D", "7S 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    deal = make("spoil-five", hands, "AS")
    assert deal.phase == "rob" and deal.to_move == 4          # the dealer
    deal.apply("rob 6C")
    assert "AS" in codes(deal.hand(4))


def test_passing_declines_the_rob():
    hands = ["KC 2D 3D 4D 6D", "AS 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    deal = play(make("spoil-five", hands, "9S"), "pass")
    assert deal.phase == "play" and "9S" not in codes(deal.hand(1))


def test_no_robbing_when_the_trump_ace_lies_in_the_stock():
    hands = ["KC 2D 3D 4D 6D", "7S 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    assert make("spoil-five", hands, "9S").phase == "play"


def test_compulsory_robbing_offers_no_pass():
    v = variant_with("spoil-five", "robbing", "rule", '"compulsory"')
    hands = ["KC 2D 3D 4D 6D", "AS 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    deal = make(v, hands, "9S")
    assert "pass" not in deal.legal_actions()
    assert deal.refusal("pass").rule == "robbing.compulsory"


# -- jinking and the spoil -------------------------------------------------------------

JINK_HANDS = ["5C JC AH AC KC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "8D 9D 10D JD QD"]


def test_winner_of_the_first_three_tricks_may_claim():
    deal = make("spoil-five", JINK_HANDS, "9C")
    play(deal, "pass") if deal.phase == "rob" else None
    for lead in ("5C", "JC", "AH"):
        deal.apply(lead)
        while deal.to_move not in (0, None) and deal.phase == "play":
            deal.apply(deal.legal_actions()[0])
    assert deal.phase == "jink" and deal.to_move == 0
    assert set(deal.legal_actions()) == {"jink", "claim"}
    deal.apply("claim")
    assert deal.outcome.winner == 0 and deal.outcome.claimed and not deal.outcome.jinked


def test_a_jink_for_all_five_tricks():
    deal = make("spoil-five", JINK_HANDS, "9C")
    while deal.phase != "over":
        deal.apply("jink" if deal.phase == "jink" else deal.legal_actions()[0])
    assert deal.outcome.winner == 0 and deal.outcome.jinked and deal.outcome.tricks_won[0] == 5


def test_a_failed_jink_spoils_the_deal():
    hands = ["5C JC AH 2S 3S", "2D 3D 4D 6D KS", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "8D 9D 10D JD QD"]
    deal = make("spoil-five", hands, "9C")
    while deal.phase != "over":
        deal.apply("jink" if deal.phase == "jink" else deal.legal_actions()[0])
    assert deal.outcome.jink_failed and deal.outcome.winner is None


def test_no_jink_decision_in_twenty_five():
    deal = make("twenty-five", JINK_HANDS, "9C")
    while deal.phase != "over":
        assert deal.phase != "jink"
        deal.apply(deal.legal_actions()[0])


def test_spoilt_when_nobody_takes_three_tricks():
    hands = ["5C 2D 3D 4D 6D", "JC 7D 8D 9D 10D", "AH 2H 3H 4H 6H", "KC 7H 8H 9H 10H", "QC JH QH KH 8S"]
    deal = make("spoil-five", hands, "9C")
    play(deal, *"3D 8D 6H 9H 8S  7D AH 8H JH 4D  2H KC QH 5C 10D  6D JC 3H 10H KH  9D 4H 7H QC 2D".split())
    assert deal.outcome.tricks_won == (1, 2, 1, 0, 1)
    assert deal.outcome.winner is None and deal.outcome.spoilt
    assert "spoilt" in outcome_words(deal)


# -- points ------------------------------------------------------------------------------

def test_forty_five_best_trump_in_play_scores_five_more():
    hands = ["JC 2D 3D 4D 6D", "7D 8D 9D 10D QD", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "KD 2S 3S 4S 6S"]
    deal = make("forty-five", hands, "9C")   # the five and the A♥ of clubs are not in play: the knave is best
    deal.apply("JC")
    while deal.tricks[-1].winner is None:
        deal.apply(deal.legal_actions()[0])
    assert deal.deal_points[0] == 10


def test_forty_five_all_five_tricks_win_the_game():
    deal = make("forty-five", JINK_HANDS, "9C")
    while deal.phase != "over":
        deal.apply(deal.legal_actions()[0])
    assert deal.outcome.game_won_by == 0 and deal.outcome.jinked


def test_twenty_five_is_won_the_moment_the_target_is_reached():
    deal = make("twenty-five", JINK_HANDS, "9C", scores=(20, 0, 0, 0, 0))
    play(deal, "pass", "5C")
    while deal.phase != "over":
        deal.apply(deal.legal_actions()[0])
    assert len(deal.tricks) == 1 and deal.outcome.game_won_by == 0


def test_partners_share_their_tricks():
    hands = ["5C 2D 3D 4D 6D", "JC 7D 8D 9D 10D", "AH 2H 3H 4H 6H", "KC 7H 8H 9H 10H"]
    deal = Deal("twenty-five", [h.split() for h in hands], "9C", dealer=3, teams="2x2")
    while deal.phase != "over":
        deal.apply(deal.legal_actions()[0])
    assert len(deal.outcome.points) == 2 and sum(deal.outcome.points) == 25


# -- bad input -----------------------------------------------------------------------

def test_an_illegal_action_raises_and_changes_nothing():
    deal = make("spoil-five", ["KC 2D 3D 4D 6D", "7C 3S 8D 9D 10D", "2H 3H 4H 6H 7H",
                               "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"], "9S")
    deal.apply("KC")
    before = (deal.history, codes(deal.hand(1)), deal.to_move, deal.legal_actions())
    for bad in ("8D", "QS", "zz", "", "jink"):
        with pytest.raises(IllegalAction):
            deal.apply(bad)
    assert (deal.history, codes(deal.hand(1)), deal.to_move, deal.legal_actions()) == before


def test_hands_with_duplicates_wrong_counts_or_unknown_codes_are_refused():
    base = ["KC 2D 3D 4D 6D", "7C 3S 8D 9D 10D"]
    with pytest.raises(ValueError, match="dealt twice"):
        make("spoil-five", ["KC 2D 3D 4D 6D", "KC 3S 8D 9D 10D"], "9S")
    with pytest.raises(ValueError, match="has 4 cards"):
        make("spoil-five", ["KC 2D 3D 4D", "7C 3S 8D 9D 10D"], "9S")
    with pytest.raises(ValueError, match="unknown card code"):
        make("spoil-five", ["KC 2D 3D 4D XX", "7C 3S 8D 9D 10D"], "9S")
    with pytest.raises(ValueError, match="turn-up"):
        make("spoil-five", base, "KC")
    with pytest.raises(ValueError, match="2 to 2 players"):
        make("cotton-1674", base + ["2H 3H 4H 6H 7H"], "9S")


def test_unknown_variant_lists_the_known_ids():
    with pytest.raises(ValueError, match="known variants: maw, maw-engraving"):
        maw_sim.load_variant("whist")


def test_a_bad_seed_is_refused():
    for bad in (-1, "seven", 1.5, True):
        with pytest.raises(ValueError, match="seed"):
            Deal.random("spoil-five", 5, bad)


def test_the_same_seed_gives_the_same_deal_everywhere():
    # Pinned values: the shuffle is exact integer arithmetic, so CPython and Pyodide agree.
    deal = Deal.random("spoil-five", players=5, seed=1, dealer=0)
    assert [codes(deal.hand(s)) for s in range(5)] == PINNED_SEED_1
    assert deal.turnup.code == PINNED_TURNUP_1


PINNED_SEED_1 = [['5C', 'JD', '4D', 'AS', '7S'], ['4C', '7C', 'QH', '3S', '8S'], ['AC', '3D', '7H', 'KS', '6S'], ['QC', '8D', '3H', '2H', 'JS'], ['9C', 'KH', 'JH', '8H', '4H']]
PINNED_TURNUP_1 = '10C'


# -- the Joker (a 53rd card placed among the top trumps, as at Bruff) ------------------------

_JOKER_VARIANT = []


def joker_forty_five():
    """Forty-Five with a Joker between the knave and the ace of hearts — 5, J, Joker, A♥, A — the
    Joker privileged to renege like the other top trumps. A test variant built from the shipped
    file's text (the Bruff ruleset arrives with its sources); made once, so its tables are too."""
    if not _JOKER_VARIANT:
        base = maw_sim.load_variant("forty-five")
        text = base.path.read_text(encoding="utf-8")
        for old, new in (('id = "forty-five"', 'id = "forty-five-joker"'),
                         ('top = ["5", "J", "AH", "A"]', 'top = ["5", "J", "JK", "AH", "A"]'),
                         ('cards = ["5", "J", "AH"]', 'cards = ["5", "J", "JK", "AH"]')):
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        text += ('\n[pack]\njokers = 1\nsource = ["bruffsite"]\nevidence = "attested"\n'
                 'note = "The pack has a Joker, a trump ranking below the knave."\n')
        _JOKER_VARIANT.append(parse_variant(text, base.path.with_name("forty-five-joker.toml")))
    return _JOKER_VARIANT[0]


def test_the_joker_ranks_third_below_the_five_and_the_knave_above_the_ace_of_hearts():
    v = joker_forty_five()
    assert codes(v.trump_ranking("C"))[:5] == ["5C", "JC", "JK", "AH", "AC"]
    assert codes(v.trump_ranking("H"))[:5] == ["5H", "JH", "JK", "AH", "KH"]
    assert len(v.trump_ranking("S")) == 15    # thirteen spades, the ace of hearts and the Joker


def test_the_joker_beats_the_ace_of_hearts_and_loses_to_the_knave():
    v = joker_forty_five()
    hands = ["AH 2D 3D 4D 6D", "JK 7D 8D 9D 10D", "JC 2H 3H 4H 6H"]
    deal = play(make(v, hands, "9C"), "AH", "JK", "2H")
    assert deal.tricks[0].winner == 1               # the Joker over the ace of hearts
    deal = play(make(v, hands, "9C"), "AH", "JK", "JC")
    assert deal.tricks[0].winner == 2               # the knave over the Joker


def test_the_joker_may_renege_to_a_lower_trump_led():
    # Clubs trumps; seat 0 leads the ace of hearts; seat 1's only trump is the Joker: it may be kept back.
    v = joker_forty_five()
    deal = play(make(v, ["AH 2D 3D 4D 6D", "JK 7S 8S 9S 10S", "2H 3H 4H 6H 7H"], "9C"), "AH")
    assert set(deal.legal_actions()) == {"JK", "7S", "8S", "9S", "10S"}


@pytest.mark.parametrize("lead", ["5C", "JC"])
def test_the_joker_is_forced_by_the_five_or_the_knave_led(lead):
    v = joker_forty_five()
    deal = play(make(v, [f"{lead} 2D 3D 4D 6D", "JK 7S 8S 9S 10S", "2H 3H 4H 6H 7H"], "9C"), lead)
    assert deal.legal_actions() == ("JK",)
    reason = deal.explain("7S")
    assert "ranks above it" in reason and "reneging" in reason


def test_the_ace_of_hearts_is_forced_when_the_joker_is_led():
    v = joker_forty_five()
    deal = play(make(v, ["JK 2D 3D 4D 6D", "AH 7S 8S 9S 10S", "2H 3H 4H 6H 7H"], "9C"), "JK")
    assert deal.legal_actions() == ("AH",)
    # ... while the ace of trumps led lets it renege, as in every game with a privileged A♥.
    deal = play(make(v, ["AC 2D 3D 4D 6D", "AH 7S 8S 9S 10S", "2H 3H 4H 6H 7H"], "9C"), "pass", "AC")
    assert "7S" in deal.legal_actions()


def test_the_joker_led_calls_for_trumps():
    v = joker_forty_five()
    deal = play(make(v, ["JK 2D 3D 4D 6D", "2C 7S 8S 9S 10S", "2H 3H 4H 6H 7H"], "9C"), "JK")
    assert deal.legal_actions() == ("2C",)
    assert deal.legal_actions() == ("2C",) and play(deal, "2C").to_move == 2
    assert set(deal.legal_actions()) == {"2H", "3H", "4H", "6H", "7H"}   # void in trumps: anything


def test_the_joker_trumps_a_plain_lead():
    v = joker_forty_five()
    deal = play(make(v, ["KD 2S 3S 4S 6S", "JK 7D 8H 9H 10H", "2H 3H 4H 6H 7H"], "9C"), "KD")
    assert set(deal.legal_actions()) == {"JK", "7D"}    # follow suit or trump, as with any trump
    assert play(deal, "JK", "2H").tricks[0].winner == 1


def test_a_pack_without_the_joker_refuses_it():
    with pytest.raises(ValueError, match="JK is not in the pack of Forty-Five: it plays with 52 cards"):
        make("forty-five", ["JK 2D 3D 4D 6D", "2C 7S 8S 9S 10S"], "9C")
    with pytest.raises(ValueError, match="the Joker cannot be the turn-up"):
        make(joker_forty_five(), ["2C 2D 3D 4D 6D", "3C 7S 8S 9S 10S"], "JK")


def test_an_illegal_action_raises_with_its_structured_refusal():
    import pytest
    from maw_sim.refusals import RULES
    deal = maw_sim.Deal.random("spoil-five", 4, 1)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[-1])
    with pytest.raises(maw_sim.IllegalAction) as info:
        deal.apply("ZZ")
    assert info.value.refusal.rule == "not-a-card" and str(info.value) == info.value.refusal.words
    assert info.value.refusal.rule in RULES


# -- robbing: who learns what (the sources' robbing rules; maw_sim.phases.Robbing.event) ------------

def _robbing_table(rule, turnup="8D"):
    """Seat 1 holds the ace of diamonds; diamonds are trumps (the 8 turned), unless ``turnup``."""
    v = maw_sim.load_variant("spoil-five", options={"robbing": rule})
    return make(v, ["KC 3S 4H 9C 2S", "AD 7C 10S JH 6H", "QC 4S 5C 6C 7S"], turnup)


def _seen_by_others(deal, actor=1):
    return [(s, tuple(e for e in deal.view(s).events if e.step == "rob")) for s in range(3) if s != actor]


@pytest.mark.parametrize("rule", ["optional", "announce-or-lowest", "rob-or-barred"])
def test_a_quiet_decline_to_rob_is_known_to_the_holder_alone(rule):
    # The encyclopedia's Twenty-Five (after the old Hoyles): the holder "need not disclose the fact
    # until it is his turn to play"; only announcing the ace (the rules sheet, the encyclopedia) is
    # said aloud. So the table learns nothing of a pass: not who holds the ace, not that anyone does.
    deal = _robbing_table(rule)
    assert deal.phase == "rob" and deal.to_move == 1
    for seat in (0, 2):                       # while he decides, the others wait for the first lead
        view = deal.view(seat)
        assert (view.phase, view.to_move) == ("play", 0)
    deal.apply("pass")
    for seat, events in _seen_by_others(deal):
        assert events == () and deal.view(seat).declined is None
    assert deal.view(1).declined == (1, "pass")
    record = GameRecord.of_deal(deal)
    for seat in (0, 2):
        assert "rob 1" not in record.for_seat(seat).text()
    assert "rob 1: pass" in record.for_seat(1).text()


def test_announcing_the_ace_is_heard_by_everyone():
    # The German survey's variant: the holder must declare the ace when his first turn comes.
    deal = play(_robbing_table("announce"), "announce")
    for seat, events in _seen_by_others(deal):
        assert [e.text for e in events] == ["announce"] and deal.view(seat).declined == (1, "announce")


def test_a_robbery_is_seen_but_not_the_card_put_out():
    # The turn-up leaves the table in sight of all; the card put out goes face down.
    deal = play(_robbing_table("optional"), "rob 7C")
    for seat, events in _seen_by_others(deal):
        assert [e.text for e in events] == ["rob ?"] and deal.view(seat).robbed_by == 1
        assert "7C" not in GameRecord.of_deal(deal).for_seat(seat).text()


def test_the_dealer_passing_a_turned_ace_is_seen_by_all():
    # The turned ace stays face up on the table: everyone sees that the dealer did not take it.
    v = maw_sim.load_variant("spoil-five")
    deal = make(v, ["KC 3S 4H 9C 2S", "8D 7C 10S JH 6H", "QC 4S 5C 6C 7S"], "AD")
    assert (deal.phase, deal.to_move) == ("rob", 2)
    assert (deal.view(0).phase, deal.view(0).to_move) == ("rob", 2)
    deal.apply("pass")
    assert deal.view(0).declined == (2, "pass")


def test_an_unannounced_ace_is_lowest_for_the_whole_table_whoever_holds_it():
    # The rules sheet: a holder who neither robs nor announces plays the ace as the lowest trump.
    # The table knows the rule and that nobody robbed or announced; whether anybody held the ace
    # it cannot know, so every seat's order has the ace last whether it was dealt or not.
    held = play(_robbing_table("announce-or-lowest"), "pass")
    v = maw_sim.load_variant("spoil-five", options={"robbing": "announce-or-lowest"})
    undealt = make(v, ["KC 3S 4H 9C 2S", "5H 7C 10S JH 6H", "QC 4S 5C 6C 7S"], "8D")
    assert undealt.phase == "play"
    for deal in (held, undealt):
        for seat in range(3):
            assert deal.view(seat).low_ace and deal.view(seat).tables.ranking[-1] == Card.parse("AD")


def test_the_best_trumps_bonus_is_counted_once_the_table_can_know_it():
    # Forty-Five: five a trick and five for the trick with the best trump in play. The knave of
    # hearts takes a trick; the five of hearts is in no hand, but nobody can know that until the
    # deal is over, so until then each seat counts the trick alone.
    v = maw_sim.load_variant("forty-five")
    hands = ["JH 2C 3C 4C 6C", "8H 2D 3D 4D 6D", "9H 2S 3S 4S 6S"]
    deal = play(make(v, hands, "7H"), "JH", "8H", "9H")
    assert deal.deal_points == (10, 0, 0)
    assert all(deal.view(s).deal_points == (5, 0, 0) for s in range(3))
    # With the five turned up, every seat sees that the knave is the best trump in play.
    deal = play(make(v, hands, "5H"), "JH", "8H", "9H")
    assert all(deal.view(s).deal_points == (10, 0, 0) for s in range(3))


# -- the end of a bidding game: who wins when two reach the target in one deal ---------------

def test_barker_higher_total_reading_plays_on_when_both_sides_end_level_past_120():
    """Barker is silent when both sides pass 120 in one deal; the survey's second reading gives the
    game to the side with more points, so equal totals leave nobody the winner and play goes on
    ('higher-play-on'). The project's 'higher' gives equal totals to the bidders instead."""
    scores, final = [100, 110], [25, 15]                  # both on 125
    survey = maw_sim.load_variant("auction-45", {"both_out": "higher-play-on"}).scorer
    assert survey.game_after(scores, final, 0) is None
    assert survey.game_after(scores, [30, 15], 0) == 0   # 130 against 125: the higher total
    assert survey.game_after(scores, [25, 20], 0) == 1   # 125 against 130, the defenders higher
    ours = maw_sim.load_variant("auction-45", {"both_out": "higher"}).scorer
    assert ours.game_after(scores, final, 0) == 0
    assert maw_sim.load_variant("auction-45").scorer.game_after(scores, [25, 20], 0) == 0


def _called_pair_both_out(partner_out):
    """A Merrimack deal with 'call for your partner' in which the bidder (seat 0, on 110) and his
    called partner (on 115) make the bid, so both pass 120 from different totals."""
    options = {"call_partner": True, "partner_out": partner_out}
    for seed in range(200):
        deal = Deal.random(maw_sim.load_variant("auction-45-merrimack", options), 5, seed, 4,
                           scores=[110, 0, 0, 115, 0])
        play(deal, "bid 20", "pass", "pass", "pass", "pass", "trump S",
             "discard " + " ".join(c.code for c in deal.hand(0)[:3]), "discard none", "discard none",
             "discard none", "discard none")
        held = {c for s in range(1, 5) for c in deal.hand(s)}
        called = max(held, key=lambda c: deal.variant.tables("S").power[c.index])
        deal.apply("call " + called.code)
        if deal.partner == 0:
            continue
        while deal.to_move is not None:
            deal.apply(deal.legal_actions()[0])
        if deal.outcome.contract_made:
            return deal
    raise AssertionError("no seed gave a made bid")


def test_merrimack_called_pair_both_past_120_the_bidder_wins_by_default():
    """Nobody says who wins when the bidder and his called partner both pass 120 in one deal (they
    write the same points from different totals). The engine's reading: the bidder, who made the
    contract; the house rule 'higher' gives it to the higher total."""
    deal = _called_pair_both_out("bidder")
    partner = deal.partner
    totals = [s + p for s, p in zip([110, 0, 0, 115, 0], deal.outcome.points)]
    assert totals[0] >= 120 and totals[partner] >= 120 and totals[partner] != totals[0]
    assert deal.outcome.game_won_by == 0


def test_merrimack_called_pair_both_past_120_the_higher_total_wins_by_house_rule():
    deal = _called_pair_both_out("higher")
    partner = deal.partner
    totals = [s + p for s, p in zip([110, 0, 0, 115, 0], deal.outcome.points)]
    assert totals[partner] > totals[0] >= 120
    assert deal.outcome.game_won_by == partner


def test_twenty_five_at_eight_may_play_two_sides_of_four_with_opponents_as_neighbours():
    """The survey: six or eight could also form two teams, every player with an opponent beside
    him (whether that is usual at Twenty-Five it does not know)."""
    deal = Deal.random(maw_sim.load_variant("twenty-five"), 8, 1, 7, teams="2x4")
    assert deal.teams == (0, 1, 0, 1, 0, 1, 0, 1)
    assert all(deal.teams[s] != deal.teams[(s + 1) % 8] for s in range(8))
