"""Cards: parsing, printing and identity."""
import pytest

from maw_sim import Card
from maw_sim.cards import DECK, cards_of, mask_of, parse_cards


def test_every_spelling_of_the_ten_of_hearts():
    for text in ("10H", "TH", "th", "10♥", " 10h "):
        assert Card.parse(text) is Card(10, "H")


def test_rank_and_suit():
    card = Card.parse("QS")
    assert (card.rank, card.suit, card.code, card.symbol, card.name) == (12, "S", "QS", "Q♠", "queen of spades")
    assert Card.parse("AD").rank == 1 and Card.parse("KC").rank == 13


def test_cards_are_immutable_and_hashable():
    card = Card.parse("5H")
    with pytest.raises(AttributeError):
        card.rank = 6
    assert {card: 1}[Card(5, "H")] == 1


def test_unknown_codes_say_what_is_accepted():
    for bad in ("1X", "11H", "", "H", "Z5", "5"):
        with pytest.raises(ValueError, match="rank"):
            Card.parse(bad)
    with pytest.raises(ValueError, match="rank 14"):
        Card(14, "H")


def test_duplicates_are_refused():
    with pytest.raises(ValueError, match="appears twice"):
        parse_cards("5H 6H 5h")


def test_masks_round_trip():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    cards = parse_cards("5H 10D AS KC")
    assert set(cards_of(mask_of(cards))) == set(cards)
