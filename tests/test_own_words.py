"""Own words: no page of the site shares a run of 8 words with a modern text it was built from.

The project's founding texts are in ``../shared/sources`` (beside the repository: in CI the
repository is cloned with ``shared/`` next to it). Every one of them is a *modern* text: the site
may take facts from them, never sentences. The rule checked here:

    No docs page (``docs/**/*.md``, not the build output, not the generated ``docs/play/*.md``),
    no notebook (``notebooks/*.md``), no variant file (``conf/variants/*.toml``) and no string of
    the engine or the site's extension (``maw_sim/**/*.py``, ``docs/_ext/**/*.py``: the docstrings
    the API reference shows, the refusals and other messages, the generated rules text) shares a
    run of ``RUN`` (8) or more words with a modern text, after case, punctuation and whitespace
    are normalised.

Two exceptions, both narrow:

1. **Primary quotations.** The modern texts quote primary sources (written before c. 1900): the
   Groom Porter's laws, Forrest, Hall, Rich, Chatto, the engraving's verse, Cotton, Carleton,
   the Dublin Penny Journal, Baxter-Wray and the American Hoyle. Those passages are listed below
   (``PRIMARY``) by where they begin and end in the source files, so that the list is checked
   against the files and cannot drift. A run of words is excused only if (a) on the site it
   stands *inside a quotation* (a blockquote, or between quotation marks) and (b) it is a run of
   one of those primary passages. A quotation mark breaks a run (the quoted words and the words
   around them are counted apart). A primary text copied without quotation marks is still caught,
   and so is a modern sentence put between quotation marks.
2. **Titles of works** listed in ``TITLES`` (a title is a name, not prose): a title breaks a run,
   on the site and in the sources alike, so the words around it are counted on their own. And a
   card order (``K Q J 10 9 8 7 6``) is a list of facts, not a sentence: a run made only of ranks
   is not counted.

A second check covers what the run of words cannot see: a **close translation** of the German
survey (004), whose words are German and so share no run with the site. A rendering sentence by
sentence keeps the survey's facts *in the survey's order*. Each sentence, on the page and in the
survey, is reduced to its facts: the numbers it names and the concepts of the game it mentions
(dealer, kitty, bid, hold, trump, trick, lead, partner, ...), each concept with its German and its
English words (``CONCEPTS``). Two sentences match when they share two or more facts and at least
``MATCH`` of all the facts either names. A page fails when ``ORDER_RUN`` (4) or more of its
sentences, each within two of the last, match survey sentences that also follow each other (each
within two of the last): the survey's paragraph, retold in its order. It fails too where two
sentences side by side each closely retell (``PAIR_FACTS`` facts and ``PAIR_MATCH`` of them) two
sentences side by side in the survey: the short passages review 3 found (G1-G11). Facts merged
from several places, or told in an order of the page's own (what a player asks first), do not
make such a run.

If the sources directory is missing the test fails: a check that cannot run has not passed.
"""

from __future__ import annotations

import ast
import os
import re
import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT.parent / "shared" / "sources"
RUN = 8

#: The primary passages the modern texts quote: (file name prefix, first words, last words).
#: Each is located in the file; a marker that is not found fails the test.
PRIMARY = [
    ("000", "At ale howse too sitt", "at mack or at mall"),                     # Forrest 1548
    ("000", "A playe at cardes grown", "credit at court with the greatest"),    # Hall 1576
    ("000", "Although the knave of trumpes", "all the rest of the pack."),      # Rich 1593
    ("000", "His Majesty appears to have played", "prompt him what to play."),  # Chatto 1848
    ("000", "Denmarke being bold", "could shew him nothing but the Knave."),    # the engraving's verse
    ("000", "An Irish game, much play'd", "the next is the Ace of trumps, then the Knave."),  # Cotton 1674
    ("000", "There are but two can play at it", "There are but two can play at it"),          # Cotton 1674
    ("000", "It's the worst ace and the poorest", "the poorest nobleman in Ireland."),       # Carleton 1830
    ("000", "A very good game may he played", "more suitable for family play."),             # Baxter-Wray
    ("000", "The Groome-porters lawes at Mawe,\nto be obserued", "before his owne carde be played."),  # the laws
    ("000", "If the ace of hearts is led, and another suit", "the rules governing them are enforced."),  # Baxter-Wray
    ("000", "If the Ace of Hearts is led when Hearts", "need not play a Heart"),                 # American Hoyle 1882
    ("002", "...rustic gambling is conducted", "carries off the prize..."),                     # Dublin Penny Journal 1833
    ("002", "our own old games", "our own old games"),                                          # Irish periodical 1858
]

#: Titles of works, which a page may name in full.
TITLES = [
    "Ancient Ballads and Broadsides published in England in the sixteenth Century",
    "The Groome-porters lawes at Mawe, to be obserued in fulfilling the due orders of the game",
    "Greene's Newes from Heaven & Hell to the Reader",
    "Greenes Newes both from Heaven and Hell",
    "The pleasant poesye of princely practice",
    "The Court and Character of King James",
    "Traits and Stories of the Irish Peasantry",
    "The Cyclopaedia of Card and Table Games",
    "The modern pocket Hoyle: containing all the games of skill and chance",
    "The Bivouac, Or, Stories of the Peninsular War",
    "Andrew Murray, or the Effects of Gambling",
    "Two Card Games from Tudor England and How to Play Them",
    "Twenty-Five, Fifty-Five, One Hundred and Ten",
    "The Little Giant Encyclopedia of Card Games",
    "The Westminster Chess Club Papers",
    "Here is a brief rundown of Forty Fives, Merrimack Valley Style",
    "The First Computerized 45s Game is Now Available",
    "Would 25 be considered an Irish card game?",
    "The Compleat Gamester",
    "A History of Card Games",
    "Oxford Dictionary of Card Games",
    "The Penguin Book of Card Games",
]

#: A card order (K Q J 10 9 ...) is a list of facts, not a sentence: runs made only of ranks are
#: not counted.
CARD_WORDS = {"a", "k", "q", "j", *map(str, range(2, 11))}

_WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    """Lower case; long s as s; accents, apostrophes and markup characters dropped."""
    text = unicodedata.normalize("NFKD", text.replace("ſ", "s"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.lower().replace("'", "").replace("’", "")
    return text


_RAW_WORD = re.compile(r"[\w'’]+")


def words(text: str) -> list[tuple[str, int, int]]:
    """The normalised words of ``text``, each with its character span in ``text`` itself (so that
    quotation marks found in the raw text can be matched against the words)."""
    found = []
    for m in _RAW_WORD.finditer(text):
        for w in _WORD.findall(normalise(m.group())):
            found.append((w, m.start(), m.end()))
    return found


def ngrams(tokens: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


# -- the modern texts and the primary passages inside them ---------------------------------------

def source_files(directory: Path = SOURCES) -> list[Path]:
    if not directory.is_dir():
        pytest.fail(f"the source texts are missing: expected them in {directory} (the shared/ "
                    "directory beside the repository). The own-words check cannot run without "
                    "them, so it fails rather than skips.")
    files = sorted(p for p in directory.iterdir() if p.suffix == ".txt" and p.name[:3].isdigit())
    if not files:
        pytest.fail(f"no source texts (NNN_*.txt) in {directory}")
    return files


def primary_passages(files: list[Path]) -> list[str]:
    by_prefix = {p.name[:3]: p.read_text(encoding="utf-8") for p in files}
    passages = []
    for prefix, first, last in PRIMARY:
        text = by_prefix.get(prefix)
        assert text is not None, f"no source file {prefix}_*.txt for a primary passage"
        start = text.find(first)
        assert start >= 0, f"primary passage not found in {prefix}: {first!r}"
        end = text.find(last, start)
        assert end >= 0, f"end of primary passage not found in {prefix}: {last!r}"
        passages.append(text[start:end + len(last)])
    return passages


def modern_ngrams(files: list[Path]) -> dict[tuple[str, ...], str]:
    """Every run of RUN words in the modern texts -> the file it comes from."""
    grams = {}
    for path in files:
        tokens = [w for w, _, _ in words(path.read_text(encoding="utf-8"))]
        titles = title_positions(tokens)
        for i in range(len(tokens) - RUN + 1):
            if not any(j in titles for j in range(i, i + RUN)):
                grams.setdefault(tuple(tokens[i:i + RUN]), path.name)
    return grams


def primary_ngrams(passages: list[str]) -> set[tuple[str, ...]]:
    grams = set()
    for passage in passages:
        grams |= ngrams([w for w, _, _ in words(passage)])
    return grams


# -- the site's text, and what on it is a quotation or a title ------------------------------------

QUOTED = [
    re.compile(r'"[^"]*?"', re.S),      # "..."
    re.compile(r"“[^”]*?”", re.S),      # “...”
    re.compile(r"‘[^’]*?’", re.S),      # ‘...’
    re.compile(r"(?<![\w])'(?!s\b)[^'\n]*(?:'(?=\w)[^'\n]*)*'(?![\w])"),   # '...' (apostrophes inside allowed)
    re.compile(r"^[ \t]*>.*(?:\n[ \t]*>.*)*", re.M),   # blockquote lines
]


_CARD_ROLE = re.compile(r"\{card\}`(10|[2-9AKQJT]|JK)[CDHS]?`")


def engine_strings(raw: str) -> list[str]:
    """What a reader of the engine sees: every string in a module (its docstrings, shown on the API
    reference, and its messages: refusals, errors, the words of play), the literal parts of an
    f-string joined around a placeholder word."""
    strings = []
    for node in ast.walk(ast.parse(raw)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            strings.append("".join(v.value if isinstance(v, ast.Constant) else " X " for v in node.values))
    return strings


def site_text(path: Path) -> str:
    """The text of a page; for a variant file or an engine module, its strings joined (quotes are
    then the text's)."""
    raw = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return "\n\n".join(engine_strings(raw))
    if path.suffix == ".toml":
        strings = []

        def walk(value):
            if isinstance(value, str):
                strings.append(value)
            elif isinstance(value, dict):
                for v in value.values():
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)
        walk(tomllib.loads(raw))
        return "\n\n".join(strings)
    # a card written with the site's role reads, once built, as its rank and a suit symbol
    # ("A♦"): compare it as the sources write cards, the symbol being no word
    return _CARD_ROLE.sub(lambda m: m.group(1), raw)


def quoted_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for pattern in QUOTED:
        spans += [(m.start(), m.end()) for m in pattern.finditer(text) if "\n\n" not in m.group()]
    return spans


def title_positions(tokens: list[str]) -> set[int]:
    positions = set()
    for title in TITLES:
        t = [w for w, _, _ in words(title)]
        for i in range(len(tokens) - len(t) + 1):
            if tokens[i:i + len(t)] == t:
                positions.update(range(i, i + len(t)))
    return positions


def copied_runs(text: str, modern: dict, primary: set) -> list[tuple[str, str]]:
    """The runs of ``text`` shared with a modern text and not excused: (run, source file)."""
    toks = words(text)
    tokens = [w for w, _, _ in toks]
    quotes = sorted(quoted_spans(text), key=lambda span: span[0] - span[1])   # longest first
    # each word's zone: the (outermost) quotation it stands in, or None
    zone = [next((q for q in quotes if q[0] <= start and end <= q[1]), None)
            for _, start, end in toks]
    titles = title_positions(tokens)
    found = []
    for i in range(len(tokens) - RUN + 1):
        gram = tuple(tokens[i:i + RUN])
        if gram not in modern:
            continue
        if any(j in titles for j in range(i, i + RUN)):
            continue     # a title breaks the run: the words around it are counted on their own
        if set(gram) <= CARD_WORDS:
            continue     # a card order
        if len({zone[j] for j in range(i, i + RUN)}) > 1:
            continue     # a quotation mark breaks the run: quoted and own words are counted apart
        if zone[i] is not None and gram in primary:
            continue     # a primary text, quoted
        found.append((" ".join(gram), modern[gram]))
    return found


def site_files() -> list[Path]:
    files = []
    for dirpath, dirnames, filenames in os.walk(ROOT / "docs"):   # does not follow the symlink
        rel = Path(dirpath).relative_to(ROOT / "docs")
        dirnames[:] = [d for d in dirnames if not d.startswith("_") and d != "jupyter_execute"]
        if rel.parts[:1] == ("play",):
            continue
        files += [Path(dirpath) / f for f in filenames if f.endswith(".md")]
    files += sorted((ROOT / "notebooks").glob("*.md"))
    files += sorted((ROOT / "conf" / "variants").glob("*.toml"))
    # the engine's docstrings (the API reference) and messages, and the site's generated words
    files += sorted((ROOT / "maw_sim").rglob("*.py")) + sorted((ROOT / "docs" / "_ext").rglob("*.py"))
    return sorted(set(files))


# -- close translation of the German survey: its facts in its order -------------------------------

SURVEY = "004"
ORDER_RUN = 4
MATCH = 0.45
#: Two sentences side by side that retell two sentences side by side in the survey, each pair
#: sharing ``PAIR_FACTS`` facts or more and ``PAIR_MATCH`` of all the facts either names.
PAIR_FACTS = 3
PAIR_MATCH = 0.6

#: The game's concepts, each with the German and the English words that name it (stems, lower case).
CONCEPTS = {
    "dealer": (["geber"], ["dealer"]),
    "kitty": (["kitty", "extrahand"], ["kitty"]),
    "bid": (["gebot", "biet", "auktion", "versteiger"], ["bid", "auction"]),
    "pass": (["passt", "passen"], ["pass"]),
    "hold": (["übernehm", "übernimm", "übernahme", "gehalten"], ["hold"]),
    "trump": (["trumpf"], ["trump"]),
    "trick": (["stich"], ["trick"]),
    "point": (["punkt"], ["point", "score"]),
    "lead": (["anspiel", "spielt zum ersten", "beginnt das abspiel", "ausspiel"], ["lead"]),
    "left": (["link"], ["left"]),
    "discard": (["ableg", "legt", "weg", "ablage"],
                ["discard", "put out", "throw", "lay away", "puts away", "lays away"]),
    "draw": (["erhalten", "neue karten", "vom stapel"], ["draw"]),
    "partner": (["partner", "paar", "team", "partei"], ["partner", "pair", "side", "team"]),
    "each_for_himself": (["jeder für sich", "cut-throat", "jeder gegen jeden"],
                         ["cut-throat", "each for himself", "everyone for himself"]),
    "game": (["partie", "spielziel", "zielpunkt"], ["game", "target", "wins"]),
    "variant": (["variante", "spielerkreis", "kreise"],
                ["some tables", "some circles", "variation", "some play", "others", "other tables",
                 "in some", "house rule"]),
    "negative": (["negativ", "im loch", "abgezogen", "minus"],
                 ["below zero", "negative", "in the hole", "loses the bid", "lose"]),
    "joker": (["joker"], ["joker"]),
    "renege": (["verleugn"], ["renege"]),
    "green": (["green"], ["green"]),
    "hearts": (["herz"], ["heart"]),
    "ace": (["ass"], ["ace"]),
    "knave": (["bube"], ["knave", "jack"]),
    "bonus": (["bonus", "höchste trumpf", "höchsten trumpf", "höchste karte"],
              ["bonus", "best trump", "highest trump", "best card"]),
    "robber": (["robber", "match"], ["robber", "match"]),
    "rob": (["raub"], ["rob"]),
    "fixed": (["fixiert", "bleibt dieser wert"], ["frozen", "freeze", "stops at", "held at", "stuck"]),
    "bagged": (["eingetütet", "bagged"], ["bagged"]),
    "flip": (["four flip"], ["four flip"]),
    "kerry": (["kerry"], ["kerry"]),
}
NUMBER_WORDS = {
    "de": {"zwei": "2", "drei": "3", "vier": "4", "fünf": "5", "sechs": "6", "sieben": "7", "acht": "8",
           "neun": "9", "zehn": "10", "elf": "11", "zwanzig": "20", "dreissig": "30"},
    "en": {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
           "nine": "9", "ten": "10", "eleven": "11", "fifteen": "15", "twenty": "20", "thirty": "30",
           "forty": "40", "sixty": "60", "ninety": "90", "hundred": "100"},
}
_MARKUP_ROLE = re.compile(r"\{(?:cite:p|cite:t|doc|ref)\}`[^`]*`")
_NAMING_ROLE = re.compile(r"\{(?:term|card)\}`([^`<]*)(?:<[^`]*>)?`")


@lru_cache(maxsize=None)
def facts(sentence: str, language: str) -> frozenset:
    """The numbers a sentence names and the game's concepts it mentions."""
    low = sentence.lower()
    column = 0 if language == "de" else 1
    found = {concept for concept, stems in CONCEPTS.items() if any(s in low for s in stems[column])}
    found |= {"#" + n for n in re.findall(r"\d+", low)}
    found |= {"#" + NUMBER_WORDS[language][w] for w in re.findall(r"[a-zäöüß]+", low)
              if w in NUMBER_WORDS[language]}
    return frozenset(found)


def survey_sentences(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        out += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ«(])", line) if len(s.split()) >= 3]
    return out


def page_sentences(text: str) -> list[str]:
    text = _NAMING_ROLE.sub(lambda m: m.group(1), _MARKUP_ROLE.sub("", text))
    text = re.sub(r"```.*?```", "", text, flags=re.S)     # directives: generated from conf
    out = []
    for paragraph in re.split(r"\n\s*\n", text):
        paragraph = " ".join(paragraph.split())
        out += [s for s in re.split(r"(?<=[.!?;:])\s+(?=[A-Z*(\"'])", paragraph) if len(s.split()) >= 3]
    return out


def _matches(a: frozenset, b: frozenset) -> bool:
    shared = len(a & b)
    return shared >= 2 and shared / len(a | b) >= MATCH


def survey_order_run(page: list[str], survey: list[str]) -> list[tuple[str, str]]:
    """The longest run of page sentences that retell survey sentences in the survey's order, each
    step at most two sentences on in both: [(page sentence, survey sentence), ...]."""
    page_facts = [facts(s, "en") for s in page]
    survey_facts = [facts(s, "de") for s in survey]
    runs = {}           # (page index, survey index) -> (length, previous pair)
    best = None
    for i, a in enumerate(page_facts):
        for j, b in enumerate(survey_facts):
            if not _matches(a, b):
                continue
            length, previous = 1, None
            for back in ((i - di, j - dj) for di in (1, 2) for dj in (1, 2)):
                if back in runs and runs[back][0] + 1 > length:
                    length, previous = runs[back][0] + 1, back
            runs[(i, j)] = (length, previous)
            if best is None or length > runs[best][0]:
                best = (i, j)
    chain = []
    while best is not None:
        chain.append((page[best[0]], survey[best[1]]))
        best = runs[best][1]
    return chain[::-1]


def _close(a: frozenset, b: frozenset) -> bool:
    shared = len(a & b)
    return shared >= PAIR_FACTS and shared / len(a | b) >= PAIR_MATCH


def survey_order_pairs(page: list[str], survey: list[str]) -> list[tuple[str, str, str, str]]:
    """Two page sentences in a row that closely retell two survey sentences in a row, in that
    order: [(page sentence, the next, survey sentence, the next), ...]. The survey's card tables
    (rows of ranks) are lists, not sentences, and are left out."""
    page_facts = [facts(s, "en") for s in page]
    survey_facts = [facts(s, "de") if "|" not in s else frozenset() for s in survey]
    found = []
    for i in range(len(page) - 1):
        for j in range(len(survey) - 1):
            if _close(page_facts[i], survey_facts[j]) and _close(page_facts[i + 1], survey_facts[j + 1]):
                found.append((page[i], page[i + 1], survey[j], survey[j + 1]))
    return found


@pytest.fixture(scope="module")
def survey():
    path = next(p for p in source_files() if p.name.startswith(SURVEY))
    return survey_sentences(path.read_text(encoding="utf-8"))


def texts_of(path: Path) -> list[str]:
    """A page's text; for a variant file each string on its own (the file's sections follow the
    engine's order, not a source's, so a run is looked for inside one note at a time)."""
    if path.suffix not in (".toml", ".py"):
        return [site_text(path)]
    return site_text(path).split("\n\n")


def test_no_page_retells_the_german_survey_in_its_order(survey):
    problems = []
    for path in site_files():
        run = max((survey_order_run(page_sentences(text), survey) for text in texts_of(path)), key=len)
        if len(run) >= ORDER_RUN:
            problems.append(f"{path.relative_to(ROOT)}: {len(run)} sentences in the survey's order:\n"
                            + "\n".join(f"    {mine[:70]!r}  ~  {theirs[:70]!r}" for mine, theirs in run))
        for text in texts_of(path):
            for mine, then, theirs, next_ in survey_order_pairs(page_sentences(text), survey):
                problems.append(f"{path.relative_to(ROOT)}: two sentences in the survey's order:\n"
                                f"    {mine[:70]!r}  ~  {theirs[:70]!r}\n    {then[:70]!r}  ~  {next_[:70]!r}")
    assert not problems, ("pages that follow the German survey sentence by sentence, in its order; "
                          "merge the facts and tell them in an order of the page's own:\n"
                          + "\n".join(problems))


def test_a_planted_translation_is_caught(survey):
    # 004's paragraph on 110's trumps, kitty and lead, rendered sentence by sentence
    translated = ("Whoever bids highest, or the dealer if he held, makes trumps. He takes the "
                  "kitty into his hand without showing it, lays away five cards face down and names "
                  "trumps. Variant: he must name trumps before taking the kitty. The player on the "
                  "dealer's left leads to the first trick, and play goes on as in the basic game. "
                  "Variants: in some circles the bidder leads, or the player on his left.")
    assert len(survey_order_run(page_sentences(translated), survey)) >= ORDER_RUN
    # the same facts, merged and told in another order, pass
    merged = ("Who leads first? The dealer's left-hand neighbour, though some tables give the lead "
              "to the bidder or to his left. Before that, the winner of the auction (a dealer who "
              "held counts) picks up the five cards of the kitty unseen and buries five, naming "
              "trumps after looking, or before, where that is the custom.")
    assert len(survey_order_run(page_sentences(merged), survey)) < ORDER_RUN
    assert not survey_order_pairs(page_sentences(merged), survey)


def test_a_planted_pair_of_translated_sentences_is_caught(survey):
    # 004's two sentences on Barker's count, rendered one for one, its reason kept
    translated = ("A side with three or four tricks wins 5 points, with all five tricks 10 points. "
                  "Since only one side can score points, only one side can be first to 45 points.")
    assert survey_order_pairs(page_sentences(translated), survey)
    # the same facts, in one sentence of our own, pass
    merged = "Barker counts tricks only (5 for three or four, 10 for five) and the game is 45."
    assert not survey_order_pairs(page_sentences(merged), survey)


# -- the tests -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def corpus():
    files = source_files()
    passages = primary_passages(files)
    return modern_ngrams(files), primary_ngrams(passages)


def test_the_site_is_in_its_own_words(corpus):
    modern, primary = corpus
    problems = []
    for path in site_files():
        for run, source in copied_runs(site_text(path), modern, primary):
            problems.append(f"{path.relative_to(ROOT)}: '{run}' (from {source})")
    assert not problems, ("runs of 8 or more words shared with a modern source text; say it in "
                          "the project's own words:\n" + "\n".join(problems))


def test_the_check_covers_every_kind_of_page():
    files = site_files()
    names = {str(p.relative_to(ROOT)) for p in files}
    assert "docs/history/index.md" in names and "docs/teaching/index.md" in names
    assert any(n.startswith("notebooks/") for n in names)
    assert any(n.startswith("conf/variants/") for n in names)
    assert not any(n.startswith("docs/play/") for n in names)


def test_a_planted_copy_is_caught(corpus):
    modern, primary = corpus
    copied = ("Our own history. Maw became the chief game of the English court when James came "
              "south, or so they say.")
    assert copied_runs(copied, modern, primary), "a copied modern sentence was not caught"
    # a modern sentence is not excused by putting it between quotation marks
    quoted = 'As one writer put it, "each trick was worth five and twenty-five was game".'
    assert copied_runs(quoted, modern, primary)
    # nor is a primary text copied without quotation marks
    unquoted = ("Rich tells us that although the knave of trumpes be the seconde carde at Mawe "
                "the five finger wins.")
    assert copied_runs(unquoted, modern, primary)
    # case, punctuation and line breaks do not hide a copy
    shuffled = "MAW -- became the chief\ngame, of the English:\n court!"
    assert copied_runs(shuffled, modern, primary)


def test_primary_quotations_and_titles_pass(corpus):
    modern, primary = corpus
    page = (
        "Rich wrote:\n\n"
        "> Although the knave of trumpes be the seconde carde at Mawe, yet the five-finger may\n"
        "> commaunde both him and all the rest of the pack.\n\n"
        'Cotton calls it "An Irish game, much play\'d in that Kingdom. The five fingers (alias, '
        'five of trumps) is the best Card in the pack".\n\n'
        "The laws were reprinted in *Ancient Ballads and Broadsides published in England in the "
        "sixteenth Century*.\n\n"
        "> 6. If you roub (not hauing the ace) you loſe fower and al the vied cardes, although you\n"
        "> lay downe the ſame carde which you tooke vp.\n"
    )
    assert copied_runs(page, modern, primary) == []


def test_the_sources_must_be_there(tmp_path):
    with pytest.raises(pytest.fail.Exception, match="source texts are missing"):
        source_files(tmp_path / "nowhere")


# -- honest evidence: every cited work is a text read, or reported by one --------------------------

def test_every_source_is_read_or_reported_by_a_text_read():
    """conf/sources.toml names each text the project has read (``read``: its file in
    shared/sources) and, for every other work, the read texts that report it (``reported_by``);
    only the project's own ``reconstruction`` and works marked ``unverified`` are neither."""
    files = {p.name for p in source_files()}
    entries = tomllib.loads((ROOT / "conf" / "sources.toml").read_text(encoding="utf-8"))
    read = {key for key, entry in entries.items() if "read" in entry}
    assert {entries[k]["read"] for k in read} == files, "every source text read needs its entry"
    for key, entry in entries.items():
        if key in read or key == "reconstruction" or entry.get("unverified"):
            assert not entry.get("reported_by"), key
            continue
        reporters = entry.get("reported_by")
        assert reporters, f"{key}: say which text read reports it (reported_by), or mark it unverified"
        assert set(reporters) <= read, f"{key}: reported_by must name texts the project has read"
