"""Reading variants for the directives, through ``maw_sim`` only, with errors that say where.

Two kinds of bad input, two kinds of failure:

- a variant file that cannot be read stops the build with :class:`~sphinx.errors.ExtensionError`
  whose message names the file (``maw_sim.VariantError`` carries it);
- a directive given an unknown variant or suit is a directive error: Sphinx reports it with the
  page and line, and the message lists the allowed values.
"""

from __future__ import annotations

import maw_sim
from maw_sim.cards import SUIT_NAMES, SUITS
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)


class VariantFileError(ExtensionError):
    """A variant file cannot be read: the build stops, the message names the file and the key."""

    category = "Variant file error"


def all_variants() -> list:
    """Every variant in conf/variants, in historical order. A bad file stops the build."""
    try:
        return [maw_sim.load_variant(variant_id) for variant_id in maw_sim.variant_ids()]
    except maw_sim.VariantError as exc:
        # Logged first so the reason is the first line of the output, before Sphinx's report.
        logger.error("maw_docs: a variant file cannot be read: %s", exc)
        raise VariantFileError(f"a variant file cannot be read: {exc}") from None


def check_variant_files(app) -> None:
    """``builder-inited``: read every variant once, so a broken file fails every build early."""
    all_variants()


def _fail(directive: SphinxDirective, message: str):
    # self.error() raises a DirectiveError; docutils reports it with the page and the line.
    raise directive.error(f"{directive.name}: {message}")


def variant(directive: SphinxDirective, variant_id: str) -> maw_sim.Variant:
    """The variant ``variant_id``, noted as a dependency of the page (edit the file, the page is
    rebuilt). Unknown ids fail naming the allowed ones."""
    known = [v.id for v in all_variants()]
    if variant_id not in known:
        _fail(directive, f"unknown variant {variant_id!r}; allowed: {', '.join(known)}")
    found = maw_sim.load_variant(variant_id)
    directive.env.note_dependency(str(found.path))
    return found


def variants_option(directive: SphinxDirective, text, default_all: bool = True) -> list:
    """A list of variants from an option like ``maw cotton-1674 spoil-five`` (spaces or commas);
    no option means every variant when ``default_all``."""
    if not text:
        if not default_all:
            _fail(directive, "name at least one variant; allowed: "
                  + ", ".join(v.id for v in all_variants()))
        return [variant(directive, v.id) for v in all_variants()]
    ids = text.replace(",", " ").split()
    return [variant(directive, variant_id) for variant_id in ids]


def suit(directive: SphinxDirective, text, option: str = "trump") -> str:
    """A suit letter C, D, H or S (also the suit's name or symbol), or a directive error."""
    if text is None:
        _fail(directive, f"the option :{option}: is required; allowed: {', '.join(SUITS)}")
    wanted = text.strip()
    for letter in SUITS:
        symbol = maw_sim.Card(5, letter).symbol[-1]
        if wanted.upper() == letter or wanted.lower() == SUIT_NAMES[letter] or wanted == symbol:
            return letter
    _fail(directive, f"unknown suit {text!r} for :{option}:; allowed: "
          + ", ".join(f"{letter} ({SUIT_NAMES[letter]})" for letter in SUITS))


def suits_option(directive: SphinxDirective, text, option: str = "trump") -> list:
    """One or more suits, e.g. ``H S`` or ``hearts, clubs``."""
    if text is None:
        return [suit(directive, None, option)]
    return [suit(directive, part, option) for part in text.replace(",", " ").split()]


def page_link(directive: SphinxDirective, variant, node):
    """``node`` linked to the variant's own page (``maw_variant_pages``/<id>) when that page
    exists and is not the page being read; else ``node`` unchanged."""
    from sphinx import addnodes   # here, so the module's imports stay about reading variants

    pages = directive.config.maw_variant_pages
    docname = f"{pages}/{variant.id}" if pages else None
    if not docname or docname not in directive.env.found_docs or docname == directive.env.docname:
        return node
    return addnodes.pending_xref("", node, refdomain="std", reftype="doc",
                                 reftarget="/" + docname, refexplicit=True, refwarn=True)
