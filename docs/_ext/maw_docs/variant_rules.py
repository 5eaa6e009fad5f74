"""The ``variant-rules`` directive: one variant's complete rules in words, from its file.

::

    ```{variant-rules} spoil-five
    ```

Each rule (players, the deal, the order of the cards, robbing, following, reneging, jinking,
scoring) is a small heading (``:heading-level:``, default 3, not in the page's table of
contents), the rule in words, and its note, evidence and sources from the variant file.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from maw_sim.deal import HAND_SIZE
from maw_sim.scoring import TRICKS
from maw_sim.variants import grade
from sphinx.util.docutils import SphinxDirective

from . import citing, describe, loading
from .render import evidence_badge

#: The sections of a rules page, in the order of play: (heading, variant-file section or None
#: for the deal, which every variant shares, and the describers whose words make the rule).
SECTIONS = (
    ("Players", "players", (describe.players,)),
    ("The deal", None, ()),
    ("The order of the cards", "trumps", (describe.top_trumps_in_words,)),
    ("The plain suits", "plain", (describe.plain_orders_in_words,)),
    ("Robbing the turn-up", "robbing", (describe.robbing,)),
    ("Playing to a trick", "following", (describe.following, describe.ace_of_hearts_lead)),
    ("Reneging", "renege", (describe.reneging,)),
    ("Jinking", "jinking", (describe.jinking,)),
    ("The auction", "auction", (describe.auction,)),
    ("The kitty", "deal", (describe.kitty,)),
    ("Discard and draw", "exchange", (describe.exchange,)),
    ("Scoring", "scoring", (describe.scoring, describe.target, describe.ending)),
)


class _Custom:
    """A rule of the deal that is the same in every variant: its sources and evidence."""

    def __init__(self, sources, evidence):
        self.sources, self.evidence = tuple(sources), evidence
        self.grade = grade(self.sources, evidence)


class _Grounds:
    """What an option or a preset rests on, for its provenance line: every source of every
    reading it may choose (so the badge, the level of its weakest reading, sits beside the work
    that lowers it), with its note."""

    def __init__(self, keys, level, note):
        self.sources = tuple(dict.fromkeys(keys))
        self.grade, self.note = level, note


def option_grounds(option) -> _Grounds:
    keys = [k for value in option.values for k in option.sources_for(value)]
    return _Grounds(keys, option.grade, option.note)


def preset_grounds(variant, preset) -> _Grounds:
    keys = list(preset.sources)
    for name, value in preset.options.items():
        keys += variant.options[name].sources_for(value)
    return _Grounds(keys, preset.grade, preset.note)


class VariantRules(SphinxDirective):
    """One variant's rules as prose, each rule with its note, evidence and sources."""

    required_arguments = 1
    has_content = False
    option_spec = {"heading-level": directives.positive_int}

    def run(self):
        variant = loading.variant(self, self.arguments[0])
        level = self.options.get("heading-level", 3)
        container = nodes.container(classes=["maw-rules"])
        summary = nodes.paragraph(classes=["maw-summary"])
        summary += nodes.emphasis("", variant.summary)
        container += summary
        for heading, section, describers in SECTIONS:
            rubric = nodes.rubric(heading, heading)
            rubric["heading-level"] = min(level, 6)   # Sphinx draws <h3 class="rubric">
            container += rubric
            if section is None:
                container += nodes.paragraph("", "", *describe.deal(variant, HAND_SIZE, TRICKS))
                for text, keys, evidence in describe.deal_customs(variant):
                    container += nodes.paragraph("", text)
                    container += citing.provenance_line(self, _Custom(keys, evidence),
                                                        label_sources=True)
                continue
            setting = variant.settings.get(section)
            if setting is None:       # a step this variant does not have: no heading either
                container.pop()
                continue
            # The clauses the section's own provenance covers first, with it; then each clause the
            # file gives a provenance of its own, with that (so every badge sits by what it grades).
            own = [d for d in describers if not any(c in setting.parts for c in describe.CLAUSE.get(d, ()) if c)]
            for words in own:
                container += [nodes.paragraph("", "", *w) for w in [words(variant)] if w]
            container += self.provenance(setting.clause(""))
            for words in describers:
                if words not in own and words(variant):
                    container += nodes.paragraph("", "", *words(variant))
                    container += self.provenance(describe.grounds(setting, words))
        if variant.options:
            container += self.house_rules(variant, level)
        return [container]

    def house_rules(self, variant, level) -> list:
        """The options the file declares (where the sources disagree), each reading with its
        sources, and the presets: what a reader may choose on the play page."""
        rubric = nodes.rubric("House rules", "House rules")
        rubric["heading-level"] = min(level, 6)
        out = [rubric, nodes.paragraph("", "Where the sources disagree, the play page lets you choose; "
                                           "the reading played by default comes first. A reading "
                                           "less sure than the first carries its own badge; each "
                                           "option and preset is graded by its weakest reading.")]
        for option in variant.options.values():
            para = nodes.paragraph()
            para += nodes.strong("", option.label + ": ")
            first = option.grade_for(option.values[0])
            for k, value in enumerate(option.values):
                para += nodes.Text(("" if k == 0 else "; ") + f"{value} (")
                para += citing.chain(self, list(option.sources_for(value)))
                para += nodes.Text(")")
                if option.grade_for(value) != first:
                    para += nodes.Text(" ")
                    para += evidence_badge(option.grade_for(value))
            para += nodes.Text(".")
            out.append(para)
            out.append(self.provenance(option_grounds(option)))
        for preset in variant.presets.values():
            para = nodes.paragraph()
            para += nodes.strong("", f"Preset “{preset.label}”: ")
            para += nodes.Text(", ".join(f"{variant.options[k].label.lower()}: {v}" for k, v in preset.options.items()) + ".")
            out.append(para)
            out.append(self.provenance(preset_grounds(variant, preset)))
        return out

    def provenance(self, setting) -> nodes.Element:
        """The note in the variant file, then the evidence badge and the sources."""
        block = nodes.container(classes=["maw-rule-provenance"])
        if setting.note:
            note = nodes.paragraph(classes=["maw-note"])
            note += nodes.strong("", "Note: ")
            note += nodes.Text(setting.note)
            block += note
        block += citing.provenance_line(self, setting, label_sources=True)
        return block


def setup(app):
    app.add_directive("variant-rules", VariantRules)
