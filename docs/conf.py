"""Sphinx configuration for the Maw site.

The site is built with warnings as errors (``sphinx-build -W``) and must make no request to any
other origin: no CDN, no web fonts, no external scripts, styles or images. The tests check both.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# The engine is imported from the checkout (autodoc and the maw_docs extension both need it),
# and the project's own extension lives beside this file.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

import maw_sim  # noqa: E402  (after the path is set)

project = "Maw"
author = "The Maw project"
copyright = "the Maw project; primary sources quoted from public-domain texts"
release = maw_sim.__version__
version = release
language = "en"

extensions = [
    # myst_nb includes myst_parser (the two cannot be loaded together) and lets notebooks
    # from notebooks/ join the site later.
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx_design",
    "sphinxcontrib.bibtex",
    "maw_docs",
]

exclude_patterns = ["_build", "jupyter_execute", "**.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"

# -- MyST -----------------------------------------------------------------------------------------
myst_enable_extensions = [
    "colon_fence",      # ::: fences, easier to nest with sphinx-design
    "deflist",          # the glossary-like lists of the rules pages
    "attrs_inline",
    "attrs_block",
    "fieldlist",
    "substitution",
]
# No "smartquotes"/"replacements", and Sphinx's own smart quotes off: the primary sources are
# quoted letter for letter, straight apostrophes and "..." included.
smartquotes = False
# No "dollarmath": a page with maths would make Sphinx add MathJax from a CDN.
myst_heading_anchors = 3

# -- MyST-NB --------------------------------------------------------------------------------------
# Notebooks are executed once and cached (jupyter-cache); a failing cell fails the build.
nb_execution_mode = "cache"
nb_execution_raise_on_error = True
nb_execution_timeout = 300
# ipywidgets would pull require.js and the widget manager from a CDN: never.
nb_ipywidgets_js = {}
# Pages that read measurements added to between commits: Sphinx reads such a page again only when
# one of its sources changes, so these files count as its sources (and the page's front matter
# runs it on every read, since the execution cache knows only its code).
MEASURED_PAGES = {"experiments/how-strong-are-the-computer-players": [
    ROOT / "benchmarks" / "protocol_log.jsonl", ROOT / "benchmarks" / "fair_ceiling_deals.jsonl"]}


def _note_measurements(app, docname, source):
    for path in MEASURED_PAGES.get(docname, ()):
        app.env.note_dependency(path)


# -- Bibliography ---------------------------------------------------------------------------------
# docs/references.bib carries every key of conf/sources.toml (a test keeps them in step).
bibtex_bibfiles = ["references.bib"]
bibtex_default_style = "plain"
bibtex_reference_style = "author_year"

# -- autodoc --------------------------------------------------------------------------------------
autodoc_default_options = {"members": True, "member-order": "bysource"}
autodoc_typehints = "description"
autodoc_preserve_defaults = True

# -- maw_docs: the project's own extension --------------------------------------------------------
# Every variant in conf/variants must have a page docs/<maw_variant_pages>/<id>.md.
maw_variant_pages = "variants"

# -- HTML -----------------------------------------------------------------------------------------
# pydata-sphinx-theme: well kept, it gives a long, many-part history a top bar of parts, a side
# tree of pages and a per-page outline, reads well on a phone and ships its icons and fonts with
# the site (nothing fetched from another origin).
html_theme = "pydata_sphinx_theme"
# Our own versions of a few of the theme's components (each says why).
templates_path = ["_templates"]
html_title = "Maw: the five fingers and their family"
html_static_path = ["_static"]
html_css_files = ["maw-docs.css", ("print.css", {"media": "print"})]   # print.css: handouts, no chrome
# Every page registers the service worker that keeps the site for offline use (maw-sw.js, written
# at the site's root by scripts/vendor_site.py after Sphinx, so its scope is every page). Not
# deferred: the same small script starts the engine's worker as soon as a table is parsed.
html_js_files = ["maw/early.js"]
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    "logo": {"text": "Maw"},
    "navbar_align": "left",
    # Few enough that the header stays one line at 1280 px: a two-line header eats the table.
    "header_links_before_dropdown": 4,
    "show_toc_level": 2,
    "navigation_depth": 3,
    "show_nav_level": 1,
    "navigation_with_keys": False,
    "icon_links": [],
    "use_edit_page_button": False,
    "footer_start": ["copyright"],
    "footer_end": [],
    # The comparison page's wide matrix gets the room of the right-hand outline.
    # The play pages give the table the room of the outline too (named one by one: two wildcards
    # matching one page is a warning).
    "secondary_sidebar_items": {"**": ["page-toc"], "variants/index": [], "play/index": [],
                                **{f"play/{variant_id}": [] for variant_id in maw_sim.variant_ids()}},
    "search_bar_text": "Search the site…",
}
# Pages without sub-pages get the whole width: the side-by-side tables need it.
html_sidebars = {page: [] for page in ("index", "card-orders", "glossary", "bibliography")}
# A favicon of our own (else every browser asks for /favicon.ico and logs a 404 in the console),
# and the theme's colour mode preset, so its script does not log "invalid theme mode" as an error:
# the browser tests require a console without errors.
html_favicon = "_static/maw/favicon.svg"
html_context = {"default_mode": "auto"}

# -- The lesson's handouts as one PDF -------------------------------------------------------------
# `make handouts` (run by `make site` before the HTML, which links the file) is
# `sphinx-build -E -t handouts_pdf -b simplepdf docs docs/_build/handouts`: sphinx-simplepdf (MIT)
# joins the handouts into one HTML file and WeasyPrint (BSD) prints it, with the site's own print
# stylesheet. Only the handouts are read, so it costs seconds, not a second build of the site.
# The PDF's root is a page of its own at the top level (a root in a sub-folder breaks the single
# HTML file's links to its styles); the HTML site leaves it out.
HANDOUTS_PDF_ROOT = "handouts-pdf"
HANDOUTS_PDF = "maw-handouts.pdf"
exclude_patterns.append(f"{HANDOUTS_PDF_ROOT}.md")
# The HTML site serves the PDF at its root (a missing PDF fails the -W build: run `make handouts`).
html_extra_path = [f"_build/handouts/{HANDOUTS_PDF}"]
if tags.has("handouts_pdf"):  # noqa: F821  (Sphinx puts `tags` in this file's namespace)
    extensions.append("sphinx_simplepdf")
    root_doc = HANDOUTS_PDF_ROOT
    exclude_patterns.remove(f"{HANDOUTS_PDF_ROOT}.md")
    include_patterns = [f"{HANDOUTS_PDF_ROOT}.md", "teaching/handouts.md"]
    html_extra_path = []
    simplepdf_file_name = HANDOUTS_PDF
    simplepdf_use_weasyprint_api = True          # in-process: no `weasyprint` command on PATH needed
    simplepdf_theme_options = {"nocover": True}  # the first handout is the first page
    simplepdf_sidebars = {"**": []}              # the handouts page lists them itself
    # Black and grey, for a school's photocopier; the page number and the handout's title on top.
    simplepdf_vars = {"primary": "#333333", "primary-opaque": "rgba(0, 0, 0, .3)", "links": "#000000",
                      "top-right-content": "string(heading)"}
    # Nothing to run on paper: no scripts, and only the styles (not the vendored Pyodide).
    html_js_files = []
    html_static_path = ["_static/maw-docs.css", "_static/print.css"]
    # The print stylesheet for every medium here: the PDF is paper only, and the theme's own CSS
    # otherwise drew each table caption's permalink after it (review 3, teaching 2).
    html_css_files = ["maw-docs.css", "print.css"]

    def _cite_sources_on_paper(app, docname, source):
        """The site's bibliography page is not read for the PDF: the handouts list their sources."""
        if docname == "teaching/handouts":
            source[0] += "\n\n## Sources\n\n```{bibliography}\n:filter: docname in docnames\n```\n"


def setup(app):
    app.connect("source-read", _note_measurements)
    if tags.has("handouts_pdf"):  # noqa: F821
        app.connect("source-read", _cite_sources_on_paper)
