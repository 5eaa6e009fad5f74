"""The site: it builds with warnings as errors, its generated tables say what the engine says,
every page can be reached from the navigation, every citation resolves, bad input fails the
build loudly, and no page asks another origin for anything.

One full build per session (the ``site_build`` fixture in conftest.py); the bad-input tests
build tiny throwaway projects in a temporary directory.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from collections import defaultdict, deque
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

import maw_sim

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

pytestmark = pytest.mark.site

# Pages Sphinx makes for itself, not part of the navigation.
GENERATED_PAGES = {"genindex.html", "search.html", "py-modindex.html"}
SKIPPED_DIRS = {"_static", "_sources", "_modules", "_images", ".doctrees", "jupyter_execute"}


# -- a small HTML tree (html.parser from the standard library) ---------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}


class Element:
    def __init__(self, tag, attrs, parent=None):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children = []

    @property
    def classes(self) -> set:
        return set((self.attrs.get("class") or "").split())

    def iter(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag=None, cls=None, attr=None):
        return [e for e in self.iter()
                if (tag is None or e.tag == tag) and (cls is None or cls in e.classes)
                and (attr is None or attr in e.attrs)]

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {})
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        element = Element(tag, attrs, self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Element(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


@lru_cache(maxsize=None)
def parse(path: Path) -> Element:
    builder = TreeBuilder()
    builder.feed(path.read_text(encoding="utf-8"))
    return builder.root


def site_pages(html: Path) -> list:
    return sorted(p for p in html.rglob("*.html")
                  if not SKIPPED_DIRS & set(p.relative_to(html).parts[:-1])
                  and p.relative_to(html).as_posix() not in GENERATED_PAGES)


def ranking_tables(html: Path):
    """Every ranking table in the site: (page, wrapper element)."""
    for page in site_pages(html):
        for wrapper in parse(page).find_all("div", attr="data-maw-ranking"):
            yield page, wrapper


def columns_of(wrapper: Element) -> dict:
    """(variant id, section) -> card codes in place order, from the cards' data attributes."""
    columns = defaultdict(list)
    for card in wrapper.find_all("span", cls="maw-card", attr="data-column"):
        columns[card.attrs["data-column"], card.attrs["data-section"]].append(
            (int(card.attrs["data-place"]), card.attrs["data-card"]))
    return {key: [code for _, code in sorted(cards)] for key, cards in columns.items()}


def expected_columns(variant_id: str, trump: str) -> dict:
    variant = maw_sim.load_variant(variant_id)
    out = {(variant_id, "trump"): [c.code for c in variant.trump_ranking(trump)]}
    for suit in "CDHS":
        if suit != trump:
            out[variant_id, suit] = [c.code for c in variant.plain_ranking(suit, trump)]
    return out


# -- the build ----------------------------------------------------------------------------------

def test_site_builds_with_warnings_as_errors(site_build):
    if site_build.reused:
        pytest.skip("MAW_SITE_HTML is set: the build was not run here")
    assert site_build.returncode == 0, site_build.stderr[-6000:]
    # Sphinx's messages read "page.md:12: WARNING: …" (with -q, on stderr).
    problems = re.findall(r"^.*\b(?:WARNING|ERROR|CRITICAL):.*$", site_build.stderr, flags=re.M)
    # Not Sphinx's: the notebook kernel's message loop (tornado) may log a callback that raced the
    # kernel's shutdown on a loaded machine. A notebook that fails stops the build itself
    # (nb_execution_raise_on_error, the return code above), so these lines say nothing of the site.
    problems = [p for p in problems if not p.startswith("ERROR:tornado.")]
    assert not problems, "\n".join(problems)
    assert (site_build.html / "index.html").is_file()


def test_every_variant_has_a_rules_page(site_html):
    for variant_id in maw_sim.variant_ids():
        assert (DOCS / "variants" / f"{variant_id}.md").is_file(), variant_id
        page = parse(site_html / "variants" / f"{variant_id}.html")
        assert page.find_all("div", cls="maw-rules"), f"variants/{variant_id} has no rules"
        assert any(w.attrs["data-variants"] == variant_id
                   for w in page.find_all("div", attr="data-maw-ranking")), variant_id


# -- the generated tables match the engine ----------------------------------------------------------

def test_every_ranking_table_matches_the_engine(site_html):
    seen_variants, seen_trumps, tables = set(), set(), 0
    for page, wrapper in ranking_tables(site_html):
        trump = wrapper.attrs["data-trump"]
        expected = {}
        for variant_id in wrapper.attrs["data-variants"].split():
            expected.update(expected_columns(variant_id, trump))
            seen_variants.add(variant_id)
        assert columns_of(wrapper) == expected, f"{page.relative_to(site_html)}: trump {trump}"
        seen_trumps.add(trump)
        tables += 1
    assert tables >= len(maw_sim.variant_ids())
    assert seen_variants == set(maw_sim.variant_ids())
    assert seen_trumps == set("CDHS")


def test_cottons_trump_column_reads_five_ace_of_hearts_ace_knave(site_html):
    page = parse(site_html / "variants" / "cotton-1674.html")
    diamonds = [w for w in page.find_all("div", attr="data-maw-ranking")
                if w.attrs["data-trump"] == "D"]
    assert diamonds, "the Cotton page shows diamonds as trumps"
    trumps = columns_of(diamonds[0])["cotton-1674", "trump"]
    assert trumps[:5] == ["5D", "AH", "AD", "JD", "KD"]
    # What the reader sees, in order: symbols, and the names a screen reader speaks.
    cards = [c for c in diamonds[0].find_all("span", cls="maw-card")
             if c.attrs.get("data-section") == "trump"]
    assert [c.text() for c in cards[:4]] == ["5♦", "A♥", "A♦", "J♦"]
    assert [c.attrs["aria-label"] for c in cards[:4]] == [
        "five of diamonds", "ace of hearts", "ace of diamonds", "jack of diamonds"]
    assert all("red" in c.classes and c.attrs["role"] == "img" for c in cards[:4])


def test_side_by_side_tables_mark_the_cards_that_differ(site_html):
    page = parse(site_html / "variants" / "index.html")
    wrapper = next(w for w in page.find_all("div", attr="data-maw-ranking")
                   if w.attrs["data-trump"] == "H" and "cotton-1674" in w.attrs["data-variants"])
    second = {c.attrs["data-column"]: c for c in wrapper.find_all("span", cls="maw-card")
              if c.attrs.get("data-section") == "trump" and c.attrs.get("data-place") == "2"}
    # Hearts trumps, second place: the knave for most, the ace of hearts for the engraving and
    # Cotton, the king for the family game.
    assert second["maw"].attrs["data-card"] == "JH"
    assert "maw-differs" not in second["maw"].classes
    for variant_id in ("maw-engraving", "cotton-1674", "family"):
        assert "maw-differs" in second[variant_id].classes, variant_id
        # the mark is spoken too, not only drawn
        siblings = second[variant_id].parent.children
        after = siblings[siblings.index(second[variant_id]) + 1]
        assert isinstance(after, Element) and "maw-sr-only" in after.classes
        assert "differs" in after.text()


def test_variant_matrix_shows_every_rules_evidence(site_html):
    from maw_docs.describe import RULES, grounds

    page = parse(site_html / "variants" / "index.html")
    wrapper = page.find_all("div", attr="data-maw-matrix")[0]
    ids = wrapper.attrs["data-maw-matrix"].split()
    assert ids == maw_sim.variant_ids()
    rows = wrapper.find_all("tbody")[0].find_all("tr")
    assert len(rows) == len(RULES)
    for (title, section, describer), row in zip(RULES, rows):
        cells = row.find_all("td")
        assert len(cells) == len(ids)
        for variant_id, cell in zip(ids, cells):
            setting = maw_sim.load_variant(variant_id).settings.get(section)
            if setting is None:
                # A rule the variant does not have (an auction in a turn-up game): no evidence to show.
                assert "maw-evidence-cell-none" in cell.classes, (title, variant_id)
                continue
            # the badge is the grade of the clauses the cell states: each written level, lowered to
            # its weakest source's, and the weakest of them
            level = grounds(setting, describer).grade
            assert f"maw-evidence-cell-{level}" in cell.classes, (title, variant_id)
            badge = cell.find_all("span", cls="maw-evidence")[0]
            assert level in badge.text()
            assert cell.find_all("span", cls="bibtex-citation"), (title, variant_id)


def test_card_role_is_accessible(site_html):
    cards = parse(site_html / "index.html").find_all("span", cls="maw-card")
    ace = next(c for c in cards if c.attrs["data-card"] == "AH")
    assert ace.text() == "A♥" and ace.attrs["aria-label"] == "ace of hearts"
    assert "red" in ace.classes and ace.attrs["role"] == "img"


# -- navigation ---------------------------------------------------------------------------------

def navigation_links(page: Path, root: Element) -> set:
    """The local pages linked from a page's navigation: the header and side bars (<nav>) and
    the tables of contents in the page body."""
    areas = root.find_all("nav") + root.find_all("div", cls="toctree-wrapper")
    links = set()
    for area in areas:
        for anchor in area.find_all("a", attr="href"):
            href = anchor.attrs["href"]
            if urlsplit(href).scheme or href.startswith("//") or href.startswith("#"):
                continue
            target = urlsplit(urljoin(page.as_uri(), href)).path
            links.add(Path(unquote(target)).resolve())
    return links


def test_every_page_is_reachable_from_the_navigation(site_html):
    start = (site_html / "index.html").resolve()
    seen, queue = {start}, deque([start])
    while queue:
        page = queue.popleft()
        for target in navigation_links(page, parse(page)):
            if target.suffix == ".html" and target.is_file() and target not in seen:
                seen.add(target)
                queue.append(target)
    unreachable = [p.relative_to(site_html).as_posix() for p in site_pages(site_html)
                   if p.resolve() not in seen]
    assert not unreachable, f"pages no navigation leads to: {unreachable}"


# -- the experiment notebooks --------------------------------------------------------------------

NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("*.md")
                   if p.read_text(encoding="utf-8").startswith("---\nfile_format: mystnb"))


def test_there_are_nine_experiment_notebooks():
    assert NOTEBOOKS == ["five-fingers-to-knave", "heathers-whist-rules", "how-bidding-changed-the-game",
                         "how-strong-are-the-computer-players", "is-robbing-worth-it", "kitty-and-contracts",
                         "what-the-dealers-hold-is-worth", "what-the-house-rules-change", "why-spoil-five-spoils"]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_executed_into_the_site_with_its_plots(site_html, name):
    html = (site_html / "experiments" / f"{name}.html").read_text(encoding="utf-8")
    outputs = re.findall(r'<div class="cell_output docutils container">(.*?)</div>\s*</div>', html, flags=re.S)
    assert outputs, "no executed output on the page"
    images = re.findall(r'<img[^>]+src="(\.\./_images/[^"]+\.png)"', html)
    assert images, "no plot on the page"
    for src in images:
        assert (site_html / "experiments" / src).resolve().is_file()
    for sign in ("Traceback", "Error", "stderr"):
        assert sign not in "".join(outputs), f"{sign} in a cell's output"


def test_history_pages_link_to_the_experiments(site_html):
    history = (site_html / "history" / "index.html").read_text(encoding="utf-8")
    for name in NOTEBOOKS:
        assert f'href="../experiments/{name}.html"' in history


# -- the bibliography ---------------------------------------------------------------------------

def bib_keys() -> set:
    text = (DOCS / "references.bib").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*@\w+\s*\{\s*([^,\s]+)\s*,", text, flags=re.M))


def test_every_source_key_is_in_the_bibliography():
    sources = tomllib.loads((ROOT / "conf" / "sources.toml").read_text(encoding="utf-8"))
    missing = set(sources) - bib_keys()
    assert not missing, f"keys of conf/sources.toml missing from docs/references.bib: {missing}"


def test_every_citation_resolves(site_html):
    citations = 0
    ids_cache = {}
    for page in site_pages(site_html):
        for citation in parse(page).find_all("span", cls="bibtex-citation"):
            text = citation.text()
            assert "?" not in text, f"{page.name}: unresolved citation {text!r}"
            anchors = citation.find_all("a", attr="href")
            assert anchors, f"{page.name}: citation without a link {text!r}"
            for anchor in anchors:
                url = urlsplit(urljoin(page.as_uri(), anchor.attrs["href"]))
                target = Path(unquote(url.path))
                if target not in ids_cache:
                    ids_cache[target] = {e.attrs["id"] for e in parse(target).iter()
                                         if "id" in e.attrs}
                assert url.fragment in ids_cache[target], f"{page.name}: {anchor.attrs['href']}"
                citations += 1
    assert citations > 0


# -- no request to another origin ---------------------------------------------------------------

REQUESTING = {"script": ("src",), "link": ("href",), "img": ("src", "srcset"),
              "iframe": ("src",), "source": ("src", "srcset"), "audio": ("src",),
              "video": ("src", "poster"), "embed": ("src",), "object": ("data",)}


def is_remote(url: str) -> bool:
    url = url.strip()
    return bool(re.match(r"^(https?:)?//", url, flags=re.I))


def test_no_page_requests_another_origin(site_html):
    offending = []
    for page in site_pages(site_html) + [site_html / p for p in GENERATED_PAGES
                                         if (site_html / p).is_file()]:
        for element in parse(page).iter():
            for attribute in REQUESTING.get(element.tag, ()):
                value = element.attrs.get(attribute) or ""
                if any(is_remote(part.split()[0]) for part in value.split(",") if part.strip()):
                    offending.append(f"{page.relative_to(site_html)}: <{element.tag} "
                                     f"{attribute}={value!r}>")
    for css in (site_html / "_static").rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", css.read_text(encoding="utf-8",
                                                                          errors="replace")):
            if is_remote(url):
                offending.append(f"{css.relative_to(site_html)}: url({url})")
        for url in re.findall(r"@import\s+['\"]([^'\"]+)", css.read_text(encoding="utf-8",
                                                                          errors="replace")):
            if is_remote(url):
                offending.append(f"{css.relative_to(site_html)}: @import {url}")
    assert not offending, "\n".join(offending)


# -- bad input fails the build, saying where ----------------------------------------------------

TINY_CONF = '''
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {ext!r})
{conf_hook}
extensions = ["myst_parser", "sphinxcontrib.bibtex", "maw_docs"]
bibtex_bibfiles = [{bib!r}]
exclude_patterns = ["_build", "play"]   # maw_docs writes play pages; not this test's business
'''

# Points maw_sim at another conf folder: the engine finds conf through conf_dir().
CONF_HOOK = '''
from pathlib import Path
import maw_sim.variants
maw_sim.variants.conf_dir = lambda: Path({conf!r})
'''

GOOD_PAGE = '''# Tiny

{card}`5H`

```{ranking-table} cotton-1674
:trump: D
```

```{ranking-table}
:variants: maw cotton-1674
:trump: hearts
```

```{variant-matrix}
:variants: maw spoil-five
```

```{variant-rules} spoil-five
```

```{bibliography}
```
'''


def tiny_build(tmp_path: Path, page: str, conf_dir: Path | None = None):
    """Build a one-page project that loads maw_docs; returns (return code, all output)."""
    src = tmp_path / "src"
    src.mkdir()
    hook = CONF_HOOK.format(conf=str(conf_dir)) if conf_dir else ""
    (src / "conf.py").write_text(TINY_CONF.format(
        root=str(ROOT), ext=str(DOCS / "_ext"), conf_hook=hook,
        bib=str(DOCS / "references.bib")), encoding="utf-8")
    (src / "index.md").write_text(page, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q",
                           "-b", "html", str(src), str(tmp_path / "out")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    return proc.returncode, proc.stdout + proc.stderr


def test_tiny_build_with_good_directives_passes(tmp_path):
    code, output = tiny_build(tmp_path, GOOD_PAGE)
    assert code == 0, output


def test_unknown_variant_or_suit_fails_naming_the_page_and_allowed_values(tmp_path):
    page = '''# Bad

```{ranking-table} no-such-game
:trump: H
```

```{ranking-table} maw
:trump: X
```

```{variant-matrix}
:variants: maw cotton-1675
```

```{variant-rules} spoilt-five
```
'''
    code, output = tiny_build(tmp_path, page)
    assert code != 0
    allowed_variants = ", ".join(maw_sim.variant_ids())
    for line, bad in ((3, "'no-such-game'"), (7, "'X'"), (11, "'cotton-1675'"),
                      (15, "'spoilt-five'")):
        message = next((m for m in output.splitlines() if f"index.md:{line}:" in m), None)
        assert message, f"no error for line {line}:\n{output}"
        assert bad in message, message
        if bad == "'X'":
            assert "allowed: C (clubs), D (diamonds), H (hearts), S (spades)" in message
        else:
            assert f"allowed: {allowed_variants}" in message, message


def test_bad_card_code_fails_naming_the_page(tmp_path):
    code, output = tiny_build(tmp_path, "# Bad\n\nA card: {card}`5X`.\n")
    assert code != 0
    assert "index.md:3" in output and "5X" in output, output


def test_malformed_variant_file_fails_naming_the_file(tmp_path):
    conf = tmp_path / "conf"
    (conf / "variants").mkdir(parents=True)
    (conf / "sources.toml").write_text((ROOT / "conf" / "sources.toml").read_text("utf-8"), "utf-8")
    for path in (ROOT / "conf" / "variants").glob("*.toml"):
        (conf / "variants" / path.name).write_text(path.read_text("utf-8"), "utf-8")
    broken = conf / "variants" / "spoil-five.toml"
    broken.write_text(broken.read_text("utf-8").replace('top = ["5", "J", "AH", "A"]',
                                                        'top = ["5", "Q"]'), "utf-8")
    code, output = tiny_build(tmp_path, "# Fine\n\nNothing here uses a variant.\n", conf)
    assert code != 0
    assert str(broken) in output, output
    assert "trumps.top" in output, output


def test_variant_pages_show_their_house_rules_with_each_readings_sources(site_html):
    """A variant with options shows each reading and who gives it; one without shows none."""
    for vid in maw_sim.variant_ids():
        v = maw_sim.load_variant(vid)
        page = (site_html / "variants" / f"{vid}.html").read_text(encoding="utf-8")
        assert ("House rules" in page) == bool(v.options), vid
        for option in v.options.values():
            assert option.label in page
            for value in option.values:
                assert f"{value} (" in page, (vid, option.name, value)


def _house_rule_badges(page: Element) -> list:
    """The house rules of a rules page in order (what follows its "House rules" heading): (the
    paragraph's text, the badge of the provenance line that follows it)."""
    rules = page.find_all("div", cls="maw-rules")[0]
    children = [c for c in rules.children if isinstance(c, Element)]
    start = next(i for i, c in enumerate(children) if c.text().strip() == "House rules")
    out = []
    for before, block in zip(children[start:], children[start + 1:]):
        if "maw-rule-provenance" in block.classes:
            out.append((before.text(), block.find_all("span", cls="maw-evidence")[-1]))
    return out


def test_every_preset_and_option_shows_its_grade_on_the_rules_page(site_html):
    """Each option and preset is badged at the level of its weakest reading; one resting only on
    works the project has not read shows "unverified" and what would verify it."""
    seen_unverified = 0
    for vid in maw_sim.variant_ids():
        v = maw_sim.load_variant(vid)
        if not v.options:
            continue
        rules = _house_rule_badges(parse(site_html / "variants" / f"{vid}.html"))
        for option in v.options.values():
            text, badge = next((t, b) for t, b in rules if t.startswith(option.label + ":"))
            assert f"maw-evidence-{option.grade}" in badge.classes, (vid, option.name)
        for preset in v.presets.values():
            text, badge = next((t, b) for t, b in rules if t.startswith(f"Preset “{preset.label}”"))
            assert f"maw-evidence-{preset.grade}" in badge.classes, (vid, preset.name)
            assert preset.grade in badge.text(), (vid, preset.name)
            if preset.grade == "unverified":
                seen_unverified += 1
                line = badge.parent
                assert "To verify:" in line.text(), (vid, preset.name)
    assert seen_unverified >= 8, "the research notes' presets should be badged unverified"


def test_the_bibliography_says_how_each_work_is_known(site_html):
    page = parse(site_html / "bibliography.html")
    table = page.find_all("table", cls="maw-source-list")[0]
    rows = table.find_all("tbody")[0].find_all("tr")
    known = maw_sim.sources()
    assert len(rows) == len(known)
    for (key, source), row in zip(known.items(), rows):
        how = row.find_all("td")[1].text() if len(row.find_all("td")) == 3 else row.find_all("td")[-2].text()
        if source.at_most == "unverified":
            assert "unverified" in how and "To verify" in how, key
        elif source.reported_by:
            assert how.startswith("As reported by"), key
        elif key != "reconstruction":
            assert "Read by the project" in how, key


def test_no_page_says_a_word_twice_over(site_html):
    """No "the the" (or "a a", "of of", …) in any page's text, a slip that generated words make when a
    name begins with the word before it ("Loading the The family game")."""
    import html as html_module
    doubled = re.compile(r"\b(the|an|of|to|and|is|in|on|by|for|that|with)\s+\1\b", re.I)
    found = []
    for page in sorted(site_html.rglob("*.html")):
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", page.read_text(encoding="utf-8"), flags=re.S)
        text = html_module.unescape(re.sub(r"<[^>]+>", " ", text))
        found += [f"{page.relative_to(site_html)}: …{text[max(0, m.start() - 40):m.end() + 20]!r}…"
                  for m in doubled.finditer(text)]
    assert not found, "\n".join(found)
