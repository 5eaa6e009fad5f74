"""The ``variant-format`` directive: what a variant file may hold, read from ``maw_sim.variants``.

::

    ```{variant-format}
    ```

A table for each section of a variant file — every key, the kind of value expected and the
allowed values with their meanings — then the evidence levels and the source keys. The loader's
own tables of allowed values are the source, so the reference cannot fall out of step with
what the loader accepts.
"""

from __future__ import annotations

from docutils import nodes
from maw_sim import sources
from maw_sim import variants as schema
from sphinx.util.docutils import SphinxDirective

from .render import EVIDENCE_MEANINGS, evidence_badge, scroll_wrapper, simple_table

#: How each kind of check in the loader reads in words.
KIND_WORDS = {
    "int": "a whole number, 0 or more",
    "bool": "true or false",
    "top": "a list of distinct top-trump tokens, highest first",
    "ranks": "a list of the thirteen ranks, each once, highest first",
    "partnerships": "a list of team layouts (may be empty)",
    "jokers": "0 or 1",
    "default_teams": "optional: a team layout, or a list of them (one for each number of players), "
                     "played when no layout is chosen; absent, each plays for himself",
}
PROVENANCE_KEYS = (
    ("source", "a source key, or a list of them, from conf/sources.toml (below)"),
    ("evidence", "how sure the rule is: " + ", ".join(schema.EVIDENCE_LEVELS)
     + " (the site shows it lowered to the level of the rule's weakest source)"),
    ("note", "optional: the rule's justification in plain words, shown on the site"),
)


def allowed_values(kind) -> list:
    """The allowed values of a key, as inline nodes (code literals, each with its meaning)."""
    if isinstance(kind, dict):
        items = list(kind.items())
    elif isinstance(kind, tuple):
        items = [(value, "") for value in kind]
    elif kind == "top":
        items = list(schema.TOP_TRUMP_TOKENS.items())
    elif kind == "ranks":
        items = [(" ".join(schema.RANK_TOKENS), "")]
    elif kind in ("partnerships", "default_teams"):
        items = [(form, f"{teams} sides of {size}")
                 for form, (teams, size) in schema.PARTNERSHIP_FORMS.items()]
    elif kind == "jokers":
        return [nodes.literal("", "0"), nodes.Text(": the 52 cards; "),
                nodes.literal("", "1"), nodes.Text(": the 52 and a Joker")]
    else:
        return [nodes.Text("—")]
    out = []
    for index, (value, meaning) in enumerate(items):
        if index:
            out.append(nodes.Text("; "))
        out.append(nodes.literal("", f'"{value}"' if kind != "ranks" else value))
        if meaning:
            out.append(nodes.Text(f": {meaning}"))
    return out


def join_clauses(clauses: dict) -> list:
    """The clauses a section may grade apart, each with the keys it states."""
    out = []
    for index, (name, keys) in enumerate(clauses.items()):
        if index:
            out.append(nodes.Text("; "))
        out += [nodes.literal("", f'"{name}"'), nodes.Text(": " + ", ".join(keys))]
    return out


def expected(kind) -> str:
    if isinstance(kind, (dict, tuple)):
        return "one of the allowed strings"
    return KIND_WORDS[kind]


class VariantFormat(SphinxDirective):
    """The keys of every section of a variant file, with the values the loader accepts."""

    has_content = False

    def run(self):
        out = []
        for section, keys in schema._SECTIONS.items():
            out.append(self.section_table(f"[{section}]", {**keys, **schema._OPTIONAL_KEYS.get(section, {})},
                                          schema.CLAUSES.get(section)))
            if section == "scoring":
                for kind, extra in schema._SCORING_KEYS.items():
                    out.append(self.section_table(f'[scoring] with kind = "{kind}"', extra))
        for section, keys in schema._OPTIONAL_SECTIONS.items():
            out.append(self.section_table(f"[{section}] (optional)", keys))
        out.append(self.evidence_list())
        out.append(self.sources_table())
        return out

    def section_table(self, title: str, keys: dict, clauses: dict | None = None):
        rows = [[nodes.literal("", key), expected(kind), allowed_values(kind)]
                for key, kind in keys.items()]
        if not title.startswith("[scoring] with"):
            rows += [[nodes.literal("", key), meaning, "—"] for key, meaning in PROVENANCE_KEYS]
        if clauses:
            # A clause less sure than the rest of its section carries its own badge (review 3).
            rows.append([nodes.literal("", "parts"), "optional: tables [" + title.strip("[]") + ".parts.<clause>], "
                         "each with its own source, evidence and note, for a clause whose grounds differ from "
                         "the rest of the section's",
                         join_clauses(clauses)])
        table = simple_table(["Key", "Expected", "Allowed values"], rows,
                             classes=["maw-format"], caption=f"{title}", widths=[2, 4, 8])
        return scroll_wrapper(table)

    @staticmethod
    def evidence_list():
        items = nodes.bullet_list(classes=["maw-evidence-levels"])
        for level in schema.EVIDENCE_LEVELS:
            item = nodes.list_item()
            item += nodes.paragraph("", "", evidence_badge(level), nodes.Text(" "),
                                    nodes.literal("", f'evidence = "{level}"'),
                                    nodes.Text(": " + EVIDENCE_MEANINGS[level] + "."))
            items += item
        return items

    @staticmethod
    def sources_table():
        rows = [[nodes.literal("", key), source.label, source.year,
                 ("primary (before c. 1900)" if source.primary else "modern")
                 + ("; unverified" if source.at_most == "unverified" else "")]
                for key, source in sources().items()]
        return scroll_wrapper(simple_table(["Key", "Source", "Year", "Kind"], rows,
                                           classes=["maw-format"], caption="Source keys",
                                           widths=[2, 8, 2, 2]))


def setup(app):
    app.add_directive("variant-format", VariantFormat)
