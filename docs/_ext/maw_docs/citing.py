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


def chain(directive: SphinxDirective, keys) -> list:
    """Each source cited, and for a work the project knows only through a text it has read, the
    chain to that text: ``(Cotton, 1674) as reported by (Parlett, 2022); (Survey, n.d.)``.

    The chain comes from ``reported_by`` in conf/sources.toml (see :func:`maw_sim.sources`)."""
    import maw_sim
    known = maw_sim.sources()
    result = []
    for i, key in enumerate(keys):
        if i:
            result.append(nodes.Text("; "))
        result += cite(directive, [key])
        reporters = [k for k in getattr(known.get(key), "reported_by", ()) if k not in keys]
        if reporters:
            result.append(nodes.inline("", " as reported by ", classes=["maw-reported-by"]))
            result += cite(directive, reporters)
    return result


def sources_line(directive: SphinxDirective, keys) -> list:
    """``Sources: (Cotton, 1674) as reported by (Parlett, 2022)``, as inline nodes."""
    keys = list(keys)
    return [nodes.emphasis("", "Sources: " if len(keys) > 1 else "Source: "),
            *chain(directive, keys)]


def to_verify(keys) -> list:
    """For the unverified works among ``keys``: what would verify each, as inline nodes
    (``To verify: reading …``); nothing when every work is one the project knows."""
    import maw_sim
    known = maw_sim.sources()
    needs = [known[k].verify for k in keys if known[k].at_most == "unverified" and known[k].verify]
    if not needs:
        return []
    return [nodes.Text(" "), nodes.inline("", "Unverified: known only from the project's research "
                                          "notes, in none of the five texts. To verify: "
                                          + "; ".join(needs) + ".", classes=["maw-to-verify"])]


def provenance_line(directive: SphinxDirective, setting, label_sources: bool = False) -> nodes.paragraph:
    """A rule's evidence badge and its citations with their chains, as one paragraph:
    ``[attested] (Heather, 1876) as reported by (Encyclopedia, n.d.)``, or with ``label_sources``
    ``[attested] Source: (Heather, 1876) as reported by (Encyclopedia, n.d.)``. The badge is the
    rule's *grade* (its written level, lowered to its weakest source's: see
    :func:`maw_sim.variants.grade`); an unverified work is followed by what would verify it."""
    from .render import evidence_badge
    line = nodes.paragraph(classes=["maw-provenance"])
    line += evidence_badge(setting.grade)
    line += nodes.Text(" ")
    line += (sources_line if label_sources else chain)(directive, list(setting.sources))
    line += to_verify(setting.sources)
    return line
