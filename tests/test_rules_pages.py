"""The rules pages say nothing stale: no sentence denies a house rule the page offers.

A new option used to leave sentences behind ("is not modelled", "it is not yet a house rule here",
"not in the project's variant files": review 3, 1.1-1.3). This reads each built rules page
(docs/variants/<id>.html: the page's prose, the generated rules and the variant file's notes) and
finds every sentence that says something is not played; such a sentence may not name, with the
sentence before it, what one of the page's options or presets offers.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import maw_sim

#: Ways of saying "the engine does not play this".
DENIAL = re.compile(r"\b(?:is not modell?ed|not modell?ed here|not (?:yet )?(?:a )?house rule|"
                    r"not in the project's variant files|not played here|(?:is|are) not played|"
                    r"none is played|not offered|does not play|not (?:yet )?playable|cannot be chosen)\b",
                    re.IGNORECASE)
#: Words too common in the rules to tie a sentence to one option.
COMMON = set("""a an and are as at be by for from game games here house in is it its not of on one or
play played player players rule rules that the their them then there this to with engine card cards
when which who whose what each other others deal deals side sides value values option options true
false none some yet also only more most than may must all two three four five six ace aces trump
trumps heart hearts club clubs spade spades diamond diamonds suit suits trick tricks best score scores
points point bid bids bidder""".split())


def _words(text: str) -> set:
    return {w for w in re.findall(r"[a-z]+", text.lower().replace("_", " ").replace("-", " "))
            if len(w) > 2 and w not in COMMON}


def offered_words(variant) -> set:
    """What the page offers, in words: each option's label, the setting it changes and its readings
    (a preset only chooses among the options)."""
    words = set()
    for option in variant.options.values():
        words |= _words(option.label) | _words(option.setting.replace(".", " "))
        for value in option.values[1:]:
            words |= _words(" ".join(value) if isinstance(value, list) else str(value))
    return words


def sentences(text: str) -> list:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(])", text) if s.strip()]


def stale_sentences(text: str, variant) -> list:
    """(sentence, the offered words it names) for each denial that names an option of the page."""
    offered = offered_words(variant)
    said = sentences(text)
    found = []
    for k, sentence in enumerate(said):
        clauses = [c.strip() for c in sentence.split(";")]
        for index, clause in enumerate(clauses):
            if not DENIAL.search(clause):
                continue
            # "It is not yet a house rule here": a clause that opens on a pronoun denies what the
            # clause (or the sentence) before it says.
            opens_on_pronoun = re.match(
                r"(?:it|they)\b|(?:that|this|these)\s+(?:is|are|was|reading|readings|rule|rules|custom|"
                r"customs|one)\b", clause, re.IGNORECASE)
            before = clauses[index - 1] if index else (said[k - 1] if k else "")
            context = (before + " " if opens_on_pronoun else "") + clause
            named = _words(context) & offered
            if named:
                found.append((clause, sorted(named)))
    return found


def page_paragraphs(path: Path) -> list:
    """The page's paragraphs and list items as plain text (a sentence never runs across two)."""
    body = path.read_text(encoding="utf-8")
    body = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", body)
    blocks = re.findall(r"(?s)<(p|li|dd|td)\b[^>]*>(.*?)</\1>", body)
    return [re.sub(r"\s+", " ", html.unescape(re.sub(r"(?s)<[^>]+>", " ", inner))).strip()
            for _, inner in blocks]


def test_the_check_finds_the_stale_sentences_review_3_found():
    merrimack = maw_sim.load_variant("auction-45-merrimack")
    assert stale_sentences("The bidder leads. One reported custom, that a plain suit led may be answered with "
                           "any card at all, is not modelled.", merrimack)
    twenty_five = maw_sim.load_variant("twenty-five")
    assert stale_sentences("That is Forty-Five's scoring with the game at twenty-five. It is not yet a house "
                           "rule here.", twenty_five)
    atlantic = maw_sim.load_variant("auction-45-atlantic")
    assert stale_sentences("There are circles in which the ten stands directly below the knave; that custom "
                           "is not in the project's variant files.", atlantic)
    # a denial of something no option offers stands
    assert not stale_sentences("The engine does not play misdeals.", twenty_five)


#: The rulesets whose pages offer house rules (a page that offers none has nothing to deny).
WITH_HOUSE_RULES = [v for v in maw_sim.variant_ids()
                    if maw_sim.load_variant(v).options or maw_sim.load_variant(v).presets]


def test_most_rulesets_offer_house_rules():
    assert len(WITH_HOUSE_RULES) >= len(maw_sim.variant_ids()) // 2, WITH_HOUSE_RULES


@pytest.mark.parametrize("variant_id", WITH_HOUSE_RULES)
def test_no_rules_page_denies_a_house_rule_it_offers(site_html, variant_id):
    variant = maw_sim.load_variant(variant_id)
    path = site_html / "variants" / f"{variant_id}.html"
    assert "House rules" in path.read_text(encoding="utf-8")
    stale = [found for paragraph in page_paragraphs(path) for found in stale_sentences(paragraph, variant)]
    assert stale == []


@pytest.mark.parametrize("variant_id,heading", [("kerry-31", "Scoring"), ("auction-45", "Scoring"),
                                                ("merrimack-valley", "Playing to a trick")])
def test_a_rule_with_an_attested_and_a_reconstructed_clause_shows_both_badges(site_html, variant_id, heading):
    """Review 3's wrong badges: each clause of the printed rule now sits beside its own badge."""
    body = (site_html / "variants" / f"{variant_id}.html").read_text(encoding="utf-8")
    start = body.index(f">{heading}<")
    section = body[start:body.index('class="rubric"', start + 1)]
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"(?s)<[^>]+>", " ", section)))
    assert "✓ attested" in text and "≈ reconstructed" in text, text[:300]
