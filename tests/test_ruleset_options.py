"""Named rulings of the house rules the sources give for the existing rulesets (issue 10): the
duty of the trump ace's holder, the rule of a big table, partners sharing a pool, Twenty-Five's
double game and the encyclopedia's Twenty-Five for a pool. One test per ruling; the source is in
each docstring.

Seat 0 leads in every constructed deal (the dealer is the last seat).
"""

import random

import pytest

from maw_sim.words import outcome as outcome_words
import maw_sim
from maw_sim import Deal, GameRecord, Match
from maw_sim.bots import get_bot, play_deal
from maw_sim.scoring import PoolScoring
from maw_sim.solver import JINK, LOSE, WIN, solve
from test_family import make, play
from test_solver import brute, endgame


def spoil_five(**options):
    return maw_sim.load_variant("spoil-five", options=options)


def play_leads(deal, *leads):
    """Each trick: its leader plays the card given, every other seat its first legal card."""
    for lead in leads:
        deal.apply(lead)
        while deal.phase == "play" and deal.tricks[-1].winner is None:
            deal.apply(deal.legal_actions()[0])
    return deal


# -- the duty of the trump ace's holder -----------------------------------------------------------

# Clubs are trumps (9C turned). Seat 1 holds the ace of clubs; seat 0 leads the ten of clubs, the
# lowest club trump, and nobody else holds a trump.
LOW_ACE_HANDS = ["10C 2D 3D 4D 6D", "AC 3S 8D 9D 10D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH",
                 "KD 2S 4S 6S 7S"]


def test_survey_holder_must_rob_or_announce_the_ace():
    """The German survey (maw-survey): in Spoil Five the holder of the trump ace must declare it
    when his turn to play first comes, then choose freely whether to take the turn-up. A silent
    pass is refused; "announce" keeps the ace, at its rank."""
    deal = make(spoil_five(robbing="announce"), LOW_ACE_HANDS, "9C")
    assert deal.phase == "rob" and deal.to_move == 1
    assert "pass" not in deal.legal_actions() and "announce" in deal.legal_actions()
    refusal = deal.refusal("pass")
    assert refusal.rule == "robbing.announce"
    assert "announce" in refusal.words and "German survey" in refusal.words
    with pytest.raises(maw_sim.IllegalAction):
        deal.apply("pass")
    assert deal.phase == "rob"           # the refused action changed nothing
    deal.apply("announce")
    assert deal.declined == (1, "announce") and deal.view(3).declined == (1, "announce")
    play_leads(deal, "10C")
    assert deal.tricks[0].winner == 1     # the announced ace keeps its rank


def test_rules_sheet_unannounced_ace_is_the_lowest_trump():
    """The rules sheet (spoil-five-sheet) and the encyclopedia article (encyclopedia-twenty-five):
    a holder who neither robs nor announces the ace plays it as the lowest trump."""
    deal = make(spoil_five(robbing="announce-or-lowest"), LOW_ACE_HANDS, "9C")
    assert set(deal.legal_actions()) >= {"pass", "announce"}
    deal.apply("pass")
    assert deal.tables.ranking[-1].code == "AC" and deal.view(0).low_ace
    play_leads(deal, "10C")
    assert deal.tricks[0].winner == 0     # the ten of clubs beats the demoted ace
    # Announced, the same ace wins the same trick.
    announced = play_leads(play(make(spoil_five(robbing="announce-or-lowest"), LOW_ACE_HANDS, "9C"),
                                "announce"), "10C")
    assert announced.tricks[0].winner == 1


def test_the_optional_rule_keeps_the_ace_high_after_a_pass():
    """Parlett (parlett-maw) and the encyclopedia article: some schools make robbing optional; a
    pass then costs nothing, and there is nothing to announce."""
    deal = make("spoil-five", LOW_ACE_HANDS, "9C")
    assert deal.refusal("announce").rule == "robbing.no-announcing"
    play_leads(play(deal, "pass"), "10C")
    assert deal.tricks[0].winner == 1


JINK_HANDS = ["5C JC AH AC KC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "8D 9D 10D JD QD"]


def test_parlett_holder_who_declines_to_rob_cannot_win_the_pool():
    """Parlett (parlett-maw; the rules sheet and the encyclopedia article in nearly the same
    terms): a holder of the trump ace who does not rob may not win the pool that deal, however
    many tricks he takes. Here he takes all five: no jink is offered and the deal is spoilt."""
    deal = make(spoil_five(robbing="rob-or-barred"), JINK_HANDS, "9C")
    deal.apply("pass")
    assert deal.barred == 0 and deal.position.barred == 0
    play_leads(deal, "5C", "JC", "AH")
    assert deal.phase == "play"           # no jink decision for a player who cannot win
    play_leads(deal, "AC", "KC")
    assert deal.outcome.tricks_won[0] == 5 and deal.outcome.winner is None
    assert "declined to rob" in outcome_words(deal)
    # Robbing instead, he may claim after three tricks.
    robbed = play_leads(play(make(spoil_five(robbing="rob-or-barred"), JINK_HANDS, "9C"), "rob KC"),
                        "5C", "JC", "AH")
    assert robbed.phase == "jink"


def test_barred_player_keeps_the_pool_on_the_table():
    """Parlett (parlett-maw): the pool is not won when the barred holder takes the tricks; a match
    carries it forward like a spoil."""
    match = Match(spoil_five(robbing="rob-or-barred"), 5)
    deal = match.new_deal(hands=[h.split() for h in JINK_HANDS], turnup="9C")
    pool = match.pool
    deal.apply("pass")
    while deal.phase != "over":
        deal.apply(deal.legal_actions()[0])
    match.settle(deal)
    assert match.carried and match.pool == pool
    assert sum(match.chips) + match.pool == 0


def test_dealer_may_pass_a_turned_ace_under_every_duty():
    """Reconstruction (the duties of the sources are the holder's, and a turned ace is in sight of
    all): the dealer may pass a turned ace without penalty, and has nothing to announce."""
    hands = ["KC 2D 3D 4D 6D", "3S 8D 9D 10D QD", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH", "5C 6C 8C 9C 10C"]
    for rule in ("announce", "announce-or-lowest", "rob-or-barred"):
        deal = make(spoil_five(robbing=rule), hands, "AC")
        assert deal.to_move == 4 and "pass" in deal.legal_actions()
        assert deal.refusal("announce").rule == "robbing.nothing-to-announce"
        deal.apply("pass")
        assert deal.barred is None and deal.tables.ranking[-1].code != "AC"


def test_announcing_is_recorded_and_replayed():
    """The record keeps the holder's decision; replaying it through the engine gives the same deal
    (and a silent pass under the rules sheet's rule demotes the ace again)."""
    for rule, decision in (("announce", "announce"), ("announce-or-lowest", "pass")):
        deal = play_leads(play(make(spoil_five(robbing=rule), LOW_ACE_HANDS, "9C"), decision), "10C")
        text = GameRecord.of_deal(deal).text()
        assert f"1: {decision}" in text
        again = GameRecord.parse(text).replay()
        assert again.history == deal.history and again.tricks[0].winner == deal.tricks[0].winner
        assert again.declined == (1, decision)


def test_robbing_readings_are_offered_with_their_sources():
    """Each reading of the duty cites the texts that give it (conf/variants/spoil-five.toml)."""
    option = maw_sim.load_variant("spoil-five").options["robbing"]
    assert option.values == ("optional", "announce", "announce-or-lowest", "rob-or-barred")
    # the survey gives the reading; that its duty spares a dealer robbing a turned ace is ours
    assert option.sources_for("announce") == ("maw-survey", "reconstruction")
    assert "parlett-maw" in option.sources_for("rob-or-barred")
    assert maw_sim.load_variant("spoil-five", preset="german-survey").robbing == "announce"


def test_rob_or_barred_needs_a_pool():
    """A points game has no pool to bar: the loader refuses the combination with words."""
    from test_rulings import variant_with
    with pytest.raises(maw_sim.VariantError, match="rob-or-barred.*pool"):
        variant_with("twenty-five", "robbing", "rule", '"rob-or-barred"')


# -- six players or more: two tricks, or a relative majority ------------------------------------

# Six players, clubs trumps and nobody holding one: seat 0 takes the first two tricks with the
# king and queen of diamonds, then loses the lead to seat 1, who takes the last three.
BIG_TABLE_HANDS = ["KD QD 10S 9S 8S", "KS KH QH 2D 3D", "4D 5D 2H 3H 4H", "6D 7D 5H 6H 7H",
                   "8D 9D 8H 9H 10H", "10D 4S 5S 6S 7S"]


def big_table(**options):
    deal = make(spoil_five(**options), BIG_TABLE_HANDS, "9C")
    play_leads(deal, "KD", "QD", "10S", "KH", "QH")
    assert deal.outcome.tricks_won[:2] == (2, 3)
    return deal


def test_parlett_two_tricks_win_past_five_players():
    """Parlett (parlett-maw): with more than five players the table may agree that two tricks take
    the pool. Who wins when two players take two is not recorded: the engine gives the pool to the
    first to take his second trick (reconstruction) — here seat 0, before seat 1 takes three."""
    assert big_table().outcome.winner == 1
    assert big_table(past_five="two-tricks").outcome.winner == 0


def test_survey_relative_majority_with_six_or_more():
    """The German survey (maw-survey): with six or more, three tricks win as always, and two win
    when nobody else has more than one."""
    assert big_table(past_five="relative-majority").outcome.winner == 1
    pool = PoolScoring(spoil_five(past_five="relative-majority"))
    assert pool.result([2, 1, 1, 1, 0, 0], None, None, False, None, (0, 1, 0, 2, 3), None, 6)[0] == 0
    assert pool.result([2, 2, 1, 0, 0, 0], None, None, False, None, (0, 1, 0, 1, 2), None, 6)[0] is None
    default = PoolScoring(spoil_five())
    assert default.result([2, 1, 1, 1, 0, 0], None, None, False, None, (0, 1, 0, 2, 3), None, 6)[0] is None


def test_big_table_rules_do_not_apply_below_six():
    """Parlett and the survey both speak of more than five players: at five, three tricks win."""
    for rule in ("two-tricks", "relative-majority"):
        pool = PoolScoring(spoil_five(past_five=rule))
        assert pool.result([2, 1, 1, 1, 0], None, None, False, None, (0, 1, 0, 2, 3), None, 5)[0] is None
        assert pool.rule(5) == (3, False)


def test_jinking_is_still_decided_after_three_tricks_at_a_big_table():
    """Parlett (parlett-maw): the winner of the first three tricks may claim or jink; under the
    two-trick rule he has already won after two, and the choice still comes after the third."""
    hands = ["5C JC AH AC KC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH",
             "8D 9D 10D JD QD", "2S 3S 4S 6S 7S"]
    deal = make(spoil_five(past_five="two-tricks"), hands, "9C")
    play(deal, "pass")
    play_leads(deal, "5C", "JC")
    assert deal.phase == "play"
    play_leads(deal, "AH")
    assert deal.phase == "jink" and deal.to_move == 0
    assert solve(deal, 0) in (WIN, JINK) and solve(deal, 1) == LOSE


@pytest.mark.parametrize("options", [{"past_five": "two-tricks"}, {"past_five": "relative-majority"},
                                     {"robbing": "rob-or-barred"}, {"robbing": "announce-or-lowest"},
                                     {"robbing": "announce"}])
def test_the_solver_uses_the_scorers_rule(options):
    """No rule written twice: the exact solver's values under each option agree with a brute force
    that plays every line through the engine and scores the engine's own outcome."""
    v = spoil_five(**options)
    checked = 0
    for seed in range(1, 400):
        players = 6 if "past_five" in options else 4
        deal = endgame(v, players, seed * 31, 1 + seed % 2)
        if deal.phase == "over":
            continue
        for seat in range(players):
            assert solve(deal, seat) == brute(deal, seat), (options, seed, seat, deal.history)
        checked += 1
        if checked >= 25:
            break
    assert checked >= 25


def test_bots_play_every_robbing_reading():
    """Every bot finds a legal move under each duty (the search bots rebuild worlds in which the
    holder who declined keeps the ace)."""
    rng = random.Random(3)
    names = ["random", "heuristic", "pimc"]
    for rule in ("announce", "announce-or-lowest", "rob-or-barred"):
        v = spoil_five(robbing=rule)
        for seed in range(6):
            deal = Deal.random(v, 4, seed)
            bots = [get_bot(names[(seed + s) % 3]) for s in range(4)]
            assert play_deal(deal, bots, rng) is not None


# -- partners in a pool -------------------------------------------------------------------------

def test_parlett_pairs_share_the_pool():
    """Parlett (parlett-maw): an even number may play in partnerships of two. How partners split the
    pool is not recorded: each takes an equal share, an odd counter going to the partner who took
    more tricks (reconstruction). Chips are conserved."""
    match = Match("spoil-five", 6, teams="3x2", seed=5)
    for _ in range(40):
        pool, chips = match.pool, list(match.chips)
        deal = match.new_deal()
        pool = match.pool
        chips = list(match.chips)
        play_deal(deal, [get_bot("heuristic")] * 6, random.Random(1))
        match.settle(deal)
        assert sum(match.chips) + match.pool == 0
        o = deal.outcome
        if o.team is None:
            continue
        partners = [s for s in range(6) if s % 3 == o.team]
        gains = {s: match.chips[s] - chips[s] for s in partners}
        assert sum(gains.values()) == pool
        assert abs(gains[partners[0]] - gains[partners[1]]) <= 1
        assert gains[o.winner] == max(gains.values())
    assert any(r.team is not None for r in match.results)


def test_pairs_at_four_never_spoil():
    """Two sides of two share five tricks: one side always takes three (Parlett's pairs)."""
    for seed in range(30):
        deal = Deal.random("spoil-five", 4, seed, teams="2x2")
        play_deal(deal, [get_bot("random")] * 4, random.Random(seed))
        assert deal.outcome.team is not None
        assert "shared by the partners" in outcome_words(deal)


# -- Twenty-Five: the double game ------------------------------------------------------------------

SWEEP_HANDS = ["5C JC AH AC KC", "2D 3D 4D 6D 7D", "2H 3H 4H 6H 7H", "8H 9H 10H JH QH"]


def test_survey_double_game_from_nothing_with_all_five():
    """The German survey (maw-survey): often a side that has no points yet and takes all five
    tricks in one deal, going from nothing to 25, wins a double game."""
    double = maw_sim.load_variant("twenty-five", options={"double_game": True})
    deal = make(double, SWEEP_HANDS, "9C")
    play(deal, "pass")
    play_leads(deal, "5C", "JC", "AH", "AC", "KC")
    assert deal.outcome.game_won_by == 0 and deal.outcome.double_game
    assert "double game" in outcome_words(deal)
    assert double.scorer.solver_value(deal.outcome, 0) == 25 + 2 * maw_sim.solver.GAME
    # The ordinary rule: a single game.
    single = play_leads(play(make("twenty-five", SWEEP_HANDS, "9C"), "pass"), "5C", "JC", "AH", "AC", "KC")
    assert single.outcome.game_won_by == 0 and not single.outcome.double_game


def test_no_double_game_for_a_side_that_had_scored():
    """The survey's double game is for a side still on nothing: on 5, the same sweep is one game."""
    double = maw_sim.load_variant("twenty-five", options={"double_game": True})
    deal = make(double, SWEEP_HANDS, "9C", scores=(5, 0, 0, 0))
    play(deal, "pass")
    play_leads(deal, "5C", "JC", "AH", "AC")
    assert deal.outcome.game_won_by == 0 and not deal.outcome.double_game


def test_double_game_counts_two_in_the_match():
    """What a double game pays is not recorded; the match counts it as two games (our choice)."""
    double = maw_sim.load_variant("twenty-five", options={"double_game": True})
    match = Match(double, 4, dealer=3)
    deal = match.new_deal(hands=[h.split() for h in SWEEP_HANDS], turnup="9C")
    play(deal, "pass")
    play_leads(deal, "5C", "JC", "AH", "AC", "KC")
    match.settle(deal)
    assert match.over and match.game_won_by == 0 and match.games_won == 2


def test_solver_values_a_double_game_twice():
    """The solver's scale follows the scorer: the sweep from nothing is worth two games."""
    double = maw_sim.load_variant("twenty-five", options={"double_game": True})
    deal = play(make(double, SWEEP_HANDS, "9C"), "pass")
    play_leads(deal, "5C", "JC", "AH")
    assert solve(deal, 0) == 25 + 2 * maw_sim.solver.GAME
    assert maw_sim.solver.describe(solve(deal, 0), "points").endswith("wins a double game")


# -- Twenty-Five for a pool (the encyclopedia article) --------------------------------------------

def test_encyclopedia_twenty_five_is_played_for_a_pool():
    """The encyclopedia article (encyclopedia-twenty-five): each player puts up one chip, three
    tricks take the pool, a spoil carries it with a chip more from everyone, and all five earn a
    chip from each opponent. The dealer's top-up of one chip is our reconstruction."""
    v = maw_sim.load_variant("twenty-five-pool")
    assert v.scoring_kind == "pool" and v.jinking and v.robbing == "announce-or-lowest"
    match = Match(v, 5)
    match.new_deal()
    assert match.pool == 5 * 1 + 1
    assert (2, 2) in v.partnerships and (4, 2) in v.partnerships and v.max_players == 8


def test_encyclopedia_pool_twenty_five_jink_collects_a_chip_each():
    """The encyclopedia article: whoever takes all five tricks has the pool and a chip from each
    opponent; chips are conserved."""
    match = Match("twenty-five-pool", 5, dealer=4)
    deal = match.new_deal(hands=[h.split() for h in JINK_HANDS], turnup="9C")
    pool, chips = match.pool, list(match.chips)
    deal.apply("announce")
    play_leads(deal, "5C", "JC", "AH")
    deal.apply("jink")
    play_leads(deal, "AC", "KC")
    match.settle(deal)
    assert deal.outcome.jinked and match.chips[0] == chips[0] + pool + 4 * 1
    assert sum(match.chips) + match.pool == 0


def test_unknown_option_values_are_refused_with_what_is_allowed():
    """Bad input keeps its clear errors for the new options."""
    with pytest.raises(ValueError, match="announce-or-lowest"):
        spoil_five(robbing="sometimes")
    with pytest.raises(ValueError, match="relative-majority"):
        spoil_five(past_five="four-tricks")
    with pytest.raises(ValueError, match="true, false|false, true"):
        maw_sim.load_variant("twenty-five", options={"double_game": "twice"})


# -- Cotton's fiving ------------------------------------------------------------------------------

# Two hands; hearts turned (3H); the stock below it begins 7H 9H 4C, so fiving turns two more
# hearts and then the four of clubs: clubs become trumps.
FIVE_HANDS = ["KC 10D 2H 3S 10S", "9C QD AH 5H QH"]


def fiving_deal(stock_top=("7H", "9H", "4C"), hands=FIVE_HANDS, turnup="3H"):
    v = maw_sim.load_variant("cotton-1674", options={"fiving": True})
    used = {c for h in hands for c in h.split()} | {turnup, *stock_top}
    rest = [c.code for c in v.pack.cards if c.code not in used]
    return Deal(v, [h.split() for h in hands], turnup, dealer=0, stock=list(stock_top) + rest)


def test_cotton_fiving_turns_until_the_suit_changes():
    """Cotton (cotton-1674) as reported by Parlett (parlett-maw), and the German survey (maw-survey):
    the non-dealer may ask the dealer to five it; if he agrees, the turn-up is turned down and the
    next cards turned until one of another suit appears, whose suit is trumps."""
    deal = fiving_deal()
    assert deal.phase == "five" and deal.to_move == 1 and set(deal.legal_actions()) == {"five", "stand"}
    play(deal, "five")
    assert deal.to_move == 0 and set(deal.legal_actions()) == {"agree", "refuse"}
    play(deal, "agree")
    assert deal.trump == "C" and deal.turnup.code == "4C" and deal.dealt_turnup.code == "3H"
    assert [c.code for c in deal.turned] == ["7H", "9H", "4C"]
    assert deal.history[-1] == (0, "turn 7H 9H 4C")
    assert deal.view(1).turnup.code == "4C"


def test_fiving_happens_once_a_hand_and_only_by_consent():
    """Parlett and the survey: once the new suit is turned it may not be changed again; and the
    dealer may refuse."""
    deal = play(fiving_deal(), "five", "agree")
    assert deal.phase in ("rob", "play") and "five" not in deal.legal_actions()
    refused = play(fiving_deal(), "five", "refuse")
    assert refused.trump == "H" and refused.turned == () and refused.phase != "five"
    stood = play(fiving_deal(), "stand")
    assert stood.trump == "H" and stood.phase != "five"
    assert fiving_deal().refusal("rob 2H").rule == "fiving.choose"
    assert play(fiving_deal(), "five").refusal("five").rule == "fiving.answer"


def test_fiving_comes_before_robbing_the_new_turn_up():
    """Reconstruction (Cotton's lines as we have them say nothing of robbing): the holder of the new
    trump ace may rob the new turn-up. Seat 0 holds the ace of clubs here."""
    deal = fiving_deal(hands=["AC 10D 2H 3S 10S", "9C QD AH 5H QH"])
    play(deal, "five", "agree")
    assert deal.phase == "rob" and deal.to_move == 0
    play(deal, "rob 10S")
    assert "4C" in [c.code for c in deal.hand(0)]


def test_fiving_is_off_by_default_and_keeps_the_seeds_deals():
    """Cotton's ruleset plays without fiving unless chosen; with it, a seed deals the same hands and
    turn-up, and the stock below is the shuffle carried on."""
    plain = Deal.random("cotton-1674", 2, 7)
    assert plain.phase != "five"
    fived = Deal.random(maw_sim.load_variant("cotton-1674", options={"fiving": True}), 2, 7)
    assert fived.dealt == plain.dealt and fived.turnup == plain.turnup and fived.phase == "five"
    assert len(fived.stock) == 52 - 11 and fived.turnup not in fived.stock
    assert Deal.random(fived.variant, 2, 7).stock == fived.stock


def test_fiving_is_recorded_with_its_stock_and_replayed():
    """The record keeps the turn-up as dealt, the stock in its order, the decisions and the cards
    turned; it replays through the engine, and a seat's copy hides the stock but not the turned cards."""
    deal = play(fiving_deal(), "five", "agree")
    while deal.phase != "over":
        deal.apply(deal.legal_actions()[0])
    text = GameRecord.of_deal(deal).text()
    assert '[TurnUp "3H"]' in text and '[Stock "7H 9H 4C' in text and "five 0: turn 7H 9H 4C" in text
    again = GameRecord.parse(text).replay()
    assert again.history == deal.history and again.outcome == deal.outcome
    mine = GameRecord.parse(text).for_seat(1).text()
    assert "[Stock \"? ?" in mine and "five 0: turn 7H 9H 4C" in mine
    with pytest.raises(maw_sim.RecordError, match="stock gives"):
        GameRecord.parse(text.replace("turn 7H 9H 4C", "turn 7H 4C")).replay()


def test_solver_and_bots_handle_fiving():
    """The solver tries each fiving decision (double dummy: the stock is known); every bot finds a
    legal move, and the search bots rebuild worlds with the cards turned."""
    v = maw_sim.load_variant("cotton-1674", options={"fiving": True})
    for seed in range(4):
        deal = Deal.random(v, 2, seed)
        moves = maw_sim.solver.solve_moves(deal)
        assert set(moves) == {"five", "stand"} and solve(deal, 1) == max(moves.values())
    rng = random.Random(5)
    for seed in range(8):
        deal = Deal.random(v, 2, seed)
        names = [("pimc", "heuristic"), ("heuristic", "pimc"), ("random", "ismcts")][seed % 3]
        play_deal(deal, [get_bot(n) for n in names], rng)
        assert deal.outcome is not None


# -- rules the sources name, made playable (issue 18) ------------------------------------------

def _valley_deal(hands, dealer=0, **options):
    """A two-player Merrimack deal with no kitty: seat 1 bids 15 and names spades, nobody exchanges,
    and the bidder leads."""
    v = maw_sim.load_variant("auction-45-merrimack", options={"kitty": 0, **options})
    deal = play(Deal(v, [h.split() for h in hands], None, dealer=dealer), "bid 15", "pass", "trump S")
    while deal.phase == "discard":
        deal.apply("discard none")
    assert deal.phase == "play" and deal.to_move == 1
    return deal


def test_survey_valley_some_circles_answer_a_plain_lead_with_any_card():
    """maw-survey, the Merrimack Valley: in some circles a player may answer a plain lead with any
    card, holding the suit or not; a trump led still calls for a trump."""
    hands = ["QD 3C 4S 8H 9H", "KD 5S 2C 7H 6H"]
    strict = play(_valley_deal(hands), "KD")
    assert "3C" not in strict.legal_actions() and strict.refusal("3C").rule == "following.follow-or-trump"
    relaxed = play(_valley_deal(hands, following="any-to-plain"), "KD")
    assert set(relaxed.legal_actions()) == {"QD", "3C", "4S", "8H", "9H"}
    trump_led = play(_valley_deal(hands, following="any-to-plain"), "5S")
    assert trump_led.legal_actions() == ("4S",)
    assert maw_sim.load_variant("auction-45-merrimack").options["following"].sources_for("any-to-plain") == (
        "maw-survey",)


def test_survey_valley_on_the_green_a_side_wins_only_as_bidder():
    """maw-survey, the Merrimack Valley: a side at 90 or more is on the green; where more than one side
    is, one on the green goes out only as bidder: as a defender it writes its points, even past 120,
    and the game goes on."""
    green = maw_sim.load_variant("auction-45-merrimack", options={"green": 90, "non_bidder": "always"})
    plain = maw_sim.load_variant("auction-45-merrimack", options={"non_bidder": "always"})
    assert plain.scorer.game_after((95, 92), [30, -15], 1) == 0
    assert green.scorer.game_after((95, 92), [30, -15], 1) is None      # 125, but a defender
    assert green.scorer.game_after((95, 92), [-15, 30], 1) == 1         # the bidder goes out
    assert green.scorer.game_after((95, 60), [30, -15], 1) == 0         # alone on the green: not bound
    from maw_sim.variants import VariantError, parse_variant
    text = green.path.read_text(encoding="utf-8").replace("sets_lose = 0", "sets_lose = 0\ngreen = 130")
    with pytest.raises(VariantError) as err:        # a green past the target is no green
        parse_variant(text, green.path)
    assert "scoring.green" in str(err.value)


def test_survey_atlantic_critical_line_at_ninety():
    """maw-survey, Atlantic Canada: in some circles the critical score is 90, not 100: a defender at
    92 is frozen (or must have bid 20) as one at 100 would be."""
    from maw_sim.auction import Contract
    c = Contract(1, 1, 20, "20", None, 20, False)
    at_100 = maw_sim.load_variant("auction-45-atlantic", options={"non_bidder": "freeze-100"})
    at_90 = maw_sim.load_variant("auction-45-atlantic", options={"non_bidder": "freeze-100", "critical_line": 90})
    assert at_100.scorer.close_contract((92, 0), [10, 20], c, (0, 20))[0] == [10, 20]
    assert at_90.scorer.close_contract((92, 0), [10, 20], c, (0, 20))[0] == [0, 20]
    bid_20 = maw_sim.load_variant("auction-45-atlantic", options={"non_bidder": "100-rule-bid-20", "critical_line": 90})
    assert bid_20.scorer.close_contract((92, 0), [10, 20], c, (20, 20))[0] == [10, 20]
    assert bid_20.scorer.close_contract((92, 0), [10, 20], c, (0, 20))[0] == [0, 20]
    with pytest.raises(ValueError) as err:          # the 105 rule names no line to move
        maw_sim.load_variant("auction-45-atlantic", options={"critical_line": 90})
    assert "freeze-100" in str(err.value) and "100-rule-bid-20" in str(err.value)


def test_survey_atlantic_three_failed_bids_in_a_row():
    """maw-survey, Atlantic Canada: a side loses after failing as bidder three times, in all or, in some
    circles, three times in a row: a bid made starts the count again."""
    from types import SimpleNamespace
    v = maw_sim.load_variant("auction-45-atlantic", options={"sets_lose": 3, "sets_in_a_row": True})
    in_all = maw_sim.load_variant("auction-45-atlantic", options={"sets_lose": 3})

    def settle(variant, sets, made):
        match = SimpleNamespace(scores=[0, 0], deals=[SimpleNamespace(contract=SimpleNamespace(side=0))],
                                over=False, game_won_by=None, games_won=0, sets=list(sets))
        variant.scorer.settle(match, SimpleNamespace(points=(0, 0), contract_made=made, double_game=False,
                                                     game_won_by=None))
        return match
    assert settle(v, [2, 0], True).sets == [0, 0] and settle(in_all, [2, 0], True).sets == [2, 0]
    lost = settle(v, [2, 0], False)
    assert lost.sets == [3, 0] and lost.over and lost.game_won_by == 1
    with pytest.raises(ValueError) as err:
        maw_sim.load_variant("auction-45-atlantic", options={"sets_in_a_row": True})
    assert "scoring.sets_lose" in str(err.value)


def test_survey_atlantic_ten_just_below_the_knave():
    """maw-survey, Atlantic Canada: some circles rank the ten just below the knave in every suit (in
    trumps, below the queen). Red suits have it there already; the black ones change."""
    v = maw_sim.load_variant("auction-45-atlantic", options={"ten": "A+K+Q+J+10+2+3+4+5+6+7+8+9"})
    codes = lambda cards: " ".join(c.code for c in cards)
    assert codes(v.plain_ranking("C", "H")) == "AC KC QC JC 10C 2C 3C 4C 5C 6C 7C 8C 9C"
    assert codes(v.trump_ranking("S")) == "5S JS AH AS KS QS 10S 2S 3S 4S 6S 7S 8S 9S"
    assert codes(v.plain_ranking("D", "S")) == codes(maw_sim.load_variant("auction-45-atlantic").plain_ranking("D", "S"))
    base = maw_sim.load_variant("auction-45-atlantic")
    assert codes(base.plain_ranking("C", "H")) == "AC KC QC JC 2C 3C 4C 5C 6C 7C 8C 9C 10C"


def test_encyclopedia_twenty_five_ten_for_the_best_trump_and_a_jink_wins():
    """encyclopedia-twenty-five, its paragraph on variants: in Twenty-Five the trick of the highest
    trump out scores ten, and all five tricks (a jink) win the game; the survey has neither."""
    v = maw_sim.load_variant("twenty-five", preset="encyclopedia")
    deal = play(make(v, ["5C JC AH KC QC", "2D 3D 4D 6D 7D"], "9C"), "5C", "2D")
    assert deal.deal_points == (10, 0)
    survey = play(make(maw_sim.load_variant("twenty-five"), ["5C JC AH KC QC", "2D 3D 4D 6D 7D"], "9C"), "5C", "2D")
    assert survey.deal_points == (5, 0)
    assert v.scorer.result([0, 5], None, None, False, None)[2] == 1
    assert maw_sim.load_variant("twenty-five").scorer.result([0, 5], None, None, False, None)[2] is None
    assert v.options["best_trump"].sources_for(5) == ("encyclopedia-twenty-five",)
