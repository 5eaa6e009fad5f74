"""How the project knows what it says: the ``source-list`` and ``evidence-levels`` directives.

::

    ```{source-list}
    ```

    ```{evidence-levels}
    ```

``evidence-levels`` lists the four levels with what each means (the words the badges stand for).

One row a work, in the file's order: the work (a citation into the bibliography), primary or
modern, and how the project knows it: *read* (one of the five texts, with its file), *as reported
by* the texts read that quote, summarise or list it, *unverified* (in none of the five texts,
known from the research notes only, with what would verify it), or the project's own reasoning.
The last column names the rulesets whose rules cite it, so a reader sees what rests on what.
Nothing is typed twice: the page reads the same file as the engine's grading
(:func:`maw_sim.variants.grade`).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from . import citing, loading
from .render import EVIDENCE_MEANINGS, evidence_badge, scroll_wrapper, simple_table


def how_known(directive, key, source) -> list:
    """How the project knows one work, as inline nodes."""
    import tomllib

    import maw_sim
    if source.at_most == "unverified":
        return [evidence_badge("unverified"), nodes.Text(
            " In none of the five texts; known only from the project's research notes. To verify: "
            + (source.verify or "find and read it") + ".")]
    if source.reported_by:
        return [nodes.Text("As reported by "), *citing.cite(directive, source.reported_by)]
    if source.at_most != "attested":
        return [nodes.Text("Not a text: the project's own reasoning.")]
    entry = tomllib.loads((maw_sim.variants.conf_dir() / "sources.toml").read_text(encoding="utf-8"))[key]
    return [nodes.Text("Read by the project: "), nodes.literal("", f"shared/sources/{entry['read']}")]


def cited_by() -> dict:
    """Source key -> the names of the rulesets whose settings, options or presets cite it."""
    found = {}
    for variant in loading.all_variants():
        keys = [k for s in variant.settings.values() for k in s.sources]
        keys += [k for o in variant.options.values() for v in o.values for k in o.sources_for(v)]
        keys += [k for p in variant.presets.values() for k in p.sources]
        for key in keys:
            found.setdefault(key, [])
            if variant.name not in found[key]:
                found[key].append(variant.name)
    return found


class SourceList(SphinxDirective):
    """Every work the variant files may cite, and how the project knows it."""

    has_content = False

    def run(self):
        import maw_sim
        users = cited_by()
        rows = []
        for key, source in maw_sim.sources().items():
            rows.append([citing.cite(self, [key]),
                         "primary (before c. 1900)" if source.primary else "modern",
                         how_known(self, key, source),
                         ", ".join(users.get(key, [])) or "—"])
        table = simple_table(["Work", "Kind", "How the project knows it", "Rules that cite it"], rows,
                             classes=["maw-source-list"], widths=[4, 2, 6, 4],
                             caption="Every work the rules files cite, and how the project knows it")
        return [scroll_wrapper(table)]


class EvidenceLevels(SphinxDirective):
    """The evidence levels, strongest first, each as its badge and what it means."""

    has_content = False

    def run(self):
        from maw_sim.variants import EVIDENCE_LEVELS
        items = nodes.bullet_list(classes=["maw-evidence-levels"])
        for level in EVIDENCE_LEVELS:
            item = nodes.list_item()
            item += nodes.paragraph("", "", evidence_badge(level), nodes.Text(": " + EVIDENCE_MEANINGS[level] + "."))
            items += item
        return [items]


def setup(app):
    app.add_directive("source-list", SourceList)
    app.add_directive("evidence-levels", EvidenceLevels)
