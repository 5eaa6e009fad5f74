"""maw_docs: the Maw project's own Sphinx extension.

It draws the site's tables and rules from ``conf/variants`` through ``maw_sim`` — no ranking or
rule is typed into a page. One directive (or role) per module:

- ``ranking-table`` (:mod:`.ranking_table`): the order of the cards, one variant or side by side;
- ``variant-matrix`` (:mod:`.variant_matrix`): the rules of several variants compared;
- ``variant-rules`` (:mod:`.variant_rules`): one variant's complete rules in words;
- ``variant-format`` (:mod:`.variant_format`): the allowed keys and values of a variant file;
- ``cli-help`` (:mod:`.cli_help`): the ``maw-sim`` command's help, from its parser;
- ``card`` role (:mod:`.card_role`): ``{card}`5H``` as an accessible 5♥;
- ``maw-table`` and ``maw-play-index`` (:mod:`.maw_table`): a playable table, the play pages;
- ``maw-experiment`` (:mod:`.experiment_widget`): a small study run in the reader's browser;
- ``maw-review`` (:mod:`.review_board`): a recorded deal stepped through, with the solver's marks;
- ``maw-record`` (:mod:`.record_block`): a game record, checked by the engine, opened on the review board;
- ``maw-position`` (:mod:`.position_link`): a teaching position, opened on the review board;
- ``source-list`` (:mod:`.source_list`): every citable work and how the project knows it.

Shared helpers: :mod:`.render` (nodes for cards, badges, tables), :mod:`.loading` (variants and
suits with errors that name the page or the file), :mod:`.describe` (rules in words),
:mod:`.citing` (sources as bibtex citations).

A broken variant file fails every build at start-up, naming the file.
"""

from __future__ import annotations

from . import (card_role, cli_help, experiment_widget, loading, maw_table, position_link, ranking_table,
               record_block, render, review_board, save_offline, source_list, variant_format,
               variant_matrix, variant_rules)

#: The modules whose ``setup(app)`` registers a directive, role or node. To add a directive,
#: write a module with a ``setup(app)`` and list it here.
MODULES = [
    render,
    card_role,
    ranking_table,
    variant_matrix,
    variant_rules,
    variant_format,
    cli_help,
    maw_table,   # the browser developer's playable table and play pages
    experiment_widget,
    review_board,
    record_block,
    position_link,
    source_list,
    save_offline,
]


def setup(app):
    # Where each variant's page lives (e.g. "variants" for docs/variants/<id>.md): tables link
    # variant names there, and a variant without a page fails the build. None: no check, no links.
    app.add_config_value("maw_variant_pages", None, "env", types=[str, type(None)])
    for module in MODULES:
        module.setup(app)
    app.connect("builder-inited", loading.check_variant_files)
    app.connect("builder-inited", check_variant_pages)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}


def check_variant_pages(app) -> None:
    """Every variant in conf/variants needs its page (so a new file cannot go unseen)."""
    from sphinx.errors import ExtensionError

    folder = app.config.maw_variant_pages
    if not folder:
        return
    # builder-inited comes before Sphinx has listed the documents, so look at the files.
    missing = [v for v in loading.all_variants()
               if not any((app.srcdir / folder / f"{v.id}{suffix}").is_file()
                          for suffix in app.config.source_suffix)]
    if missing:
        raise ExtensionError("maw_docs: these variants have no page: " + ", ".join(
            f"{v.path.name} needs docs/{folder}/{v.id}.md" for v in missing))
