"""Evidence you can trust: how sure each rule is, graded by its weakest source.

conf/sources.toml marks the works the project has not read (``unverified = true``: none of the five
texts in shared/sources mentions them; the research notes do). A rule, an option's reading or a
preset that rests only on such works cannot be shown as attested: the site shows every rule at its
*grade*, the written ``evidence`` lowered to the level its weakest source allows
(:func:`maw_sim.variants.grade`), and a preset is no surer than the weakest reading it chooses.

The first test reads conf/ itself, with tomllib and nothing of the loader, so that a mistake in the
grading cannot hide a mistake in the files.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import maw_sim
from maw_sim.variants import EVIDENCE_LEVELS, VariantError, grade, parse_variant, weakest

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "conf"


def _conf_sources() -> dict:
    return tomllib.loads((CONF / "sources.toml").read_text(encoding="utf-8"))


def _unverified_keys() -> set:
    return {key for key, entry in _conf_sources().items() if entry.get("unverified")}


def _value_text(value) -> str:
    """A value as value_sources keys it (as records write it): true, 15, 5+J+AH, none."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "+".join(value) or "none"
    return str(value)


def _variant_files():
    return sorted((CONF / "variants").glob("*.toml"))


def _as_list(src):
    return [src] if isinstance(src, str) else list(src)


# -- read from conf/: nothing resting only on unverified works is badged attested -----------------

def test_no_option_or_preset_resting_only_on_unverified_sources_is_badged_attested():
    unverified = _unverified_keys()
    assert unverified, "conf/sources.toml marks no work unverified: the check would prove nothing"
    checked = 0
    for path in _variant_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        variant = maw_sim.load_variant(data["id"])
        for section, table in data.items():
            if isinstance(table, dict) and "source" in table and section not in ("options", "presets"):
                if set(_as_list(table["source"])) <= unverified:
                    checked += 1
                    assert variant.settings[section].grade == "unverified", (path.name, section)
        options = data.get("options", {})
        for name, spec in options.items():
            by_value = spec.get("value_sources", {})
            resting = [set(_as_list(by_value.get(_value_text(v), spec["source"]))) <= unverified
                       for v in spec["values"]]
            option = variant.options[name]
            for value, only_unverified in zip(spec["values"], resting):
                if only_unverified:
                    checked += 1
                    assert option.grade_for(value) == "unverified", (path.name, name, value)
                    assert option.grade == "unverified", (path.name, name)
            if all(resting):
                assert spec["evidence"] != "attested", (path.name, name, "written as attested")
        for name, spec in data.get("presets", {}).items():
            own = set(_as_list(spec["source"])) <= unverified
            chosen = []
            for option_name, value in spec["options"].items():
                option = options[option_name]
                by_value = option.get("value_sources", {})
                chosen.append(set(_as_list(by_value.get(_value_text(value), option["source"]))) <= unverified)
            if own:
                checked += 1
                # what a reader of the file sees, and what the site shows
                assert spec["evidence"] != "attested", (path.name, name, "written as attested")
                assert variant.presets[name].grade == "unverified", (path.name, name)
            if any(chosen):
                checked += 1
                assert variant.presets[name].grade == "unverified", (path.name, name)
    # the PEI, Nova Scotia, Newfoundland, Bicycle and Hanley presets at least
    assert checked >= 8, f"only {checked} rules rest on unverified works: is the check reading conf/?"


def test_the_research_notes_presets_are_unverified():
    """The review's list: eight presets rest on works known only from the research notes."""
    expected = {("auction-45", "bicycle"), ("one-hundred-and-ten", "hanley"),
                *(("auction-45-atlantic", p) for p in ("common_pei", "wikipedia", "rec_hall", "tignish",
                                                       "nova_scotia", "newfoundland"))}
    for vid, preset in expected:
        assert maw_sim.load_variant(vid).presets[preset].grade == "unverified", (vid, preset)


def test_every_unverified_work_says_so_and_says_what_would_verify_it():
    for key, entry in _conf_sources().items():
        if entry.get("unverified"):
            assert "unverified" in entry["label"], key
            assert entry.get("verify"), f"{key}: say what would verify it (verify = ...)"
            assert not entry.get("read") and not entry.get("reported_by"), key
            assert maw_sim.sources()[key].at_most == "unverified"


# -- the grading ---------------------------------------------------------------------------------

def test_the_levels_run_from_strongest_to_weakest():
    assert EVIDENCE_LEVELS == ("attested", "reconstructed", "conjectural", "unverified")
    assert weakest(["attested", "reconstructed"]) == "reconstructed"
    assert weakest(["conjectural", "attested", "unverified"]) == "unverified"
    assert weakest(["attested"]) == "attested"


@pytest.mark.parametrize("sources,written,shown", [
    (["maw-survey"], "attested", "attested"),                       # a text read
    (["jord-ca"], "attested", "attested"),                          # reported by a text read
    (["maw-survey", "reconstruction"], "attested", "reconstructed"),  # part of it is ours
    (["reconstruction"], "conjectural", "conjectural"),             # the written level is weaker
    (["pei-presets"], "attested", "unverified"),                    # only the research notes
    (["pei-presets"], "conjectural", "unverified"),
    (["maw-survey", "pei-presets"], "attested", "unverified"),      # only as sure as the weakest
])
def test_a_rule_is_graded_by_its_weakest_source(sources, written, shown):
    assert grade(sources, written) == shown


def test_a_reading_chosen_takes_its_own_grade_into_the_rules_and_the_explanations():
    plain = maw_sim.load_variant("auction-45-atlantic")
    assert plain.settings["deal"].grade == "attested"
    tignish_kitty = plain.with_options({"kitty": 5})
    assert tignish_kitty.settings["deal"].sources == ("pei-presets",)
    assert tignish_kitty.settings["deal"].grade == "unverified"
    # the engine's explanations cite the setting with its grade
    assert tignish_kitty.describe_setting("deal").endswith("(unverified)")
    assert plain.describe_setting("deal").endswith("(attested)")


def _with_preset(text: str, preset: str) -> str:
    return text + "\n" + preset


def test_a_preset_is_no_surer_than_the_readings_it_chooses(tmp_path):
    base = maw_sim.load_variant("auction-45-atlantic").path.read_text(encoding="utf-8")
    path = tmp_path / "auction-45-atlantic.toml"
    # its own source is a text the project read, but it chooses a reading only a program gives
    text = _with_preset(base, '[presets.test_mixed]\nlabel = "Mixed"\noptions = { kitty = 5 }\n'
                        'source = ["maw-survey"]\nevidence = "attested"\n')
    assert parse_variant(text, path).presets["test_mixed"].grade == "unverified"
    # choosing only readings the survey gives, it stays attested
    text = _with_preset(base, '[presets.test_plain]\nlabel = "Plain"\noptions = { kitty = 3 }\n'
                        'source = ["maw-survey"]\nevidence = "attested"\n')
    assert parse_variant(text, path).presets["test_plain"].grade == "attested"
    # a reconstructed reading makes it reconstructed, not worse
    text = _with_preset(base, '[presets.test_ours]\nlabel = "Ours"\noptions = { non_bidder = "always" }\n'
                        'source = ["maw-survey"]\nevidence = "attested"\n')
    assert parse_variant(text, path).presets["test_ours"].grade == "reconstructed"


def test_the_loader_accepts_unverified_and_names_the_four_levels(tmp_path):
    base = maw_sim.load_variant("spoil-five").path.read_text(encoding="utf-8")
    path = tmp_path / "spoil-five.toml"
    accepted = base.replace('evidence = "attested"', 'evidence = "unverified"', 1)
    assert parse_variant(accepted, path).settings["players"].grade == "unverified"
    refused = base.replace('evidence = "attested"', 'evidence = "hearsay"', 1)
    with pytest.raises(VariantError, match="attested, reconstructed, conjectural, unverified"):
        parse_variant(refused, path)


def test_every_badge_level_has_words_for_the_site():
    import sys
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from maw_docs.render import EVIDENCE_MARKS, EVIDENCE_MEANINGS
    assert set(EVIDENCE_MARKS) == set(EVIDENCE_LEVELS) == set(EVIDENCE_MEANINGS)


# -- a badge claims no more than the weakest clause it grades (review 3, section 3) --------------

#: Words with which a note calls part of what it grades the project's own.
OURS = ("our reconstruction", "our reading", "our inference", "our extension", "our guess")


def _graded_notes(variant):
    """(where, grade, note) for every badge the site shows: each section's own clauses, each
    clause with a part of its own, each option and each of its readings."""
    for section, setting in variant.settings.items():
        yield section, setting.clause("").grade, setting.clause("").note
        for name, part in setting.parts.items():
            yield f"{section}.parts.{name}", part.grade, part.note
    for name, option in variant.options.items():
        yield f"options.{name}", option.grade, option.note


def test_no_badge_shows_attested_over_a_note_that_calls_part_of_the_rule_ours():
    """The wrong badges of review 3: Kerry's scoring, Barker's end of the game and the Merrimack
    plain lead were ✓ attested while their notes called part of the printed rule ours. Such a
    part is now a clause of its own ([section.parts.clause]) or lowers the whole."""
    checked = 0
    for vid in maw_sim.variant_ids():
        for where, level, note in _graded_notes(maw_sim.load_variant(vid)):
            checked += 1
            if level == "attested":
                assert not any(word in note.lower() for word in OURS), (vid, where, note)
    assert checked > 200


@pytest.mark.parametrize("vid,section,clause,attested_key", [
    ("kerry-31", "scoring", "ending", "best_trump"),           # 5 a trick, 11 for the best: the survey
    ("auction-45", "scoring", "ending", "target"),             # Barker's 120; who wins when both pass it: ours
    ("merrimack-valley", "following", "rule", "ace_of_hearts_lead"),  # the heart rule: the survey
])
def test_a_rule_that_joins_an_attested_and_a_reconstructed_clause_badges_each(vid, section, clause, attested_key):
    setting = maw_sim.load_variant(vid).settings[section]
    assert setting.clause("").grade == "attested"
    assert setting.clause(clause).grade == "reconstructed"
    assert setting.grade == "reconstructed"                    # the section as a whole: its weakest clause
    assert setting.clause_of(attested_key) is None


def test_a_chosen_reading_of_a_clause_keeps_what_the_clause_rested_on():
    plain = maw_sim.load_variant("auction-45")
    chosen = plain.with_options({"both_out": "higher-play-on"}).settings["scoring"]
    assert chosen.clause("").grade == "attested" and chosen.clause("").sources == plain.settings["scoring"].sources
    ending = chosen.clause("ending")
    assert "reconstruction" in ending.sources and "maw-survey" in ending.sources
    assert ending.grade == "reconstructed"


def test_a_part_must_name_a_clause_of_its_section(tmp_path):
    base = maw_sim.load_variant("kerry-31").path.read_text(encoding="utf-8")
    path = tmp_path / "kerry-31.toml"
    refused = base.replace("[scoring.parts.ending]", "[scoring.parts.bonus]")
    with pytest.raises(VariantError, match=r"scoring\.parts\.bonus.*ending"):
        parse_variant(refused, path)
    refused = base.replace("[scoring.parts.ending]", "[players.parts.ending]")
    with pytest.raises(VariantError, match=r"players\.parts\.ending"):
        parse_variant(refused, path)
