"""The ``cli-help`` directive: the ``maw-sim`` command's own ``--help``, for every subcommand.

::

    ```{cli-help}
    ```

The text comes from :func:`maw_sim.cli.build_parser`, so the reference page shows exactly the
options the command accepts. The width is fixed so the page does not depend on the terminal that
built it.
"""

from __future__ import annotations

import argparse
import os
from contextlib import contextmanager

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

HELP_WIDTH = "88"


@contextmanager
def fixed_width():
    # argparse asks shutil.get_terminal_size(), which reads $COLUMNS first.
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_WIDTH
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def subcommands(parser: argparse.ArgumentParser) -> dict:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


class CliHelp(SphinxDirective):
    """``maw-sim --help`` and ``maw-sim <command> --help``, each under a small heading."""

    has_content = False

    def run(self):
        try:
            from maw_sim.cli import build_parser
        except ImportError as exc:
            raise self.error(f"{self.name}: cannot import maw_sim.cli: {exc}") from None
        with fixed_width():
            parser = build_parser()
            out = self.block("maw-sim --help", parser.format_help())
            for name, sub in subcommands(parser).items():
                out += self.block(f"maw-sim {name} --help", sub.format_help())
        return out

    @staticmethod
    def block(title: str, text: str) -> list:
        rubric = nodes.rubric(title, title)
        rubric["heading-level"] = 3
        literal = nodes.literal_block(text, text, language="text")
        return [rubric, literal]


def setup(app):
    app.add_directive("cli-help", CliHelp)
