"""Citations from a directive: the sources of a setting as ``:cite:p:`` references.

The nodes are made by sphinxcontrib-bibtex's own ``cite:p`` role, so they resolve against
``docs/references.bib`` exactly like a citation typed in a page (an unknown key is a warning,
hence an error in the -W build), in MyST and reStructuredText pages alike.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective


def cite(directive: SphinxDirective, keys) -> list:
    """Inline nodes citing every key in ``keys`` (one parenthetical citation)."""
    keys = list(keys)
    if not keys:
        return []
    text = ",".join(keys)
    role = directive.env.get_domain("cite").role("p")
    result, messages = role("cite:p", f":cite:p:`{text}`", text, directive.lineno,
                            directive.state.inliner)
    return [*result, *messages]


def sources_line(directive: SphinxDirective, keys) -> list:
    """``Sources: (Cotton, 1674)``, as inline nodes."""
    return [nodes.emphasis("", "Sources: " if len(list(keys)) > 1 else "Source: "),
            *cite(directive, keys)]


def provenance_line(directive: SphinxDirective, setting, label_sources: bool = False) -> nodes.paragraph:
    """A setting's evidence badge and its citation, as one paragraph: ``[attested] (Hoffmann,
    1891)``, or with ``label_sources`` ``[attested] Source: (Hoffmann, 1891)``."""
    from .render import evidence_badge
    line = nodes.paragraph(classes=["maw-provenance"])
    line += evidence_badge(setting.evidence)
    line += nodes.Text(" ")
    line += (sources_line if label_sources else cite)(directive, setting.sources)
    return line
