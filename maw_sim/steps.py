"""The step registry: every decision step of the family by name and by label, and a ruleset's
pipeline.

A variant holds the *names* of its steps (:attr:`maw_sim.variants.Variant.step_names`); the steps
themselves (:mod:`maw_sim.phases`, :mod:`maw_sim.auction`) sit above the variants, and this module
above the steps, so that nothing imports back up: the deal asks :func:`pipeline` for its steps,
the notation :func:`step_for_label` for a line's, a seat's view :func:`told` for what the events
it saw tell it.
"""

from __future__ import annotations

from .auction import AUCTION, CALLING_A_PARTNER, EXCHANGE, NAMING_TRUMPS, TAKING_THE_KITTY
from .cards import Card
from .events import Event, OnTable, Told, played
from .phase_names import PLAY
from .phases import FIVING, JINKING, ROBBING, StepProtocol

#: The family's own steps.
FAMILY: tuple[StepProtocol, ...] = (FIVING, ROBBING, JINKING, AUCTION, NAMING_TRUMPS, TAKING_THE_KITTY,
                                    EXCHANGE, CALLING_A_PARTNER)

#: Steps added by :func:`add_step`, after the family's own.
_ADDED: list[StepProtocol] = []
_BY_LABEL: dict = {}
_BY_NAME: dict = {}
_CHANCE_VERBS: set = set()
_PIPELINES: dict = {}


def all_steps() -> tuple:
    """Every decision step of the family's rulesets (each ruleset takes its own from these), and
    any added by :func:`add_step`."""
    return FAMILY + tuple(_ADDED)


def pipeline(variant) -> tuple:
    """The decision steps of a deal of ``variant`` before the first lead, in order: its
    :attr:`~maw_sim.variants.Variant.step_names`, each the step of that name."""
    names = variant.step_names
    steps = _PIPELINES.get(names)
    if steps is None:
        steps = _PIPELINES[names] = tuple(step_named(name) for name in names)
    return steps


def _forget() -> None:
    _BY_LABEL.clear()
    _BY_NAME.clear()
    _CHANCE_VERBS.clear()
    _PIPELINES.clear()


def add_step(step: StepProtocol) -> None:
    """Make a step beyond the family's own known by name and label (a house rule under trial):
    the notation then writes, reads and hides its lines as it says, with no other change.
    ValueError when its name or one of its labels is another step's, or when it lacks what a
    step must provide (:class:`maw_sim.phases.StepProtocol`)."""
    if not isinstance(step, StepProtocol):
        missing = [m for m in StepProtocol.__protocol_attrs__ if not hasattr(step, m)] \
            if hasattr(StepProtocol, "__protocol_attrs__") else []
        raise ValueError(f"{step!r} is not a step: it lacks {', '.join(sorted(missing)) or 'what a step provides'} "
                         "(subclass maw_sim.phases.Step)")
    if any(s.name == step.name or set(s.labels) & set(step.labels) for s in all_steps()):
        raise ValueError(f"a step named {step.name!r} or labelled {', '.join(step.labels)} is known already")
    _ADDED.append(step)
    _forget()


def remove_step(step: StepProtocol) -> None:
    """Forget a step added by :func:`add_step`."""
    _ADDED.remove(step)
    _forget()


def with_step(variant, name: str, *, before: str | None = None, variant_id: str, title: str):
    """``variant`` with the step called ``name`` (one :func:`add_step` made known) in its pipeline,
    before the step called ``before`` (None: last, just before the play), as a ruleset of its own
    called ``variant_id`` and ``title``, made known by that id
    (:func:`maw_sim.variants.register_variant`) so that its records and links load it. ValueError
    for an unknown step, or a ``before`` the variant does not have."""
    from dataclasses import replace

    from .variants import register_variant
    if step_named(name) is None:
        raise ValueError(f"no step is called {name!r}: add it first (add_step)")
    names = list(variant.step_names)
    if before is None:
        names.append(name)
    elif before in names:
        names.insert(names.index(before), name)
    else:
        raise ValueError(f"{variant.name} has no step {before!r} to put {name!r} before; its steps: "
                         f"{', '.join(names) or 'none'}")
    made = replace(variant, id=variant_id, name=title, steps=tuple(names))
    register_variant(made)
    return made


def step_for_label(label: str):
    """The step whose lines the notation heads with ``label``, or None."""
    if not _BY_LABEL:
        for step in all_steps():
            for name in step.labels:
                _BY_LABEL[name] = step
    return _BY_LABEL.get(label)


def step_named(name: str):
    """The step whose phase (and events' ``step``) is ``name``, or None (the play)."""
    if not _BY_NAME:
        _BY_NAME.update((step.name, step) for step in all_steps())
    return _BY_NAME.get(name)


def told(seat: int, events) -> Told:
    """What ``events`` (every event ``seat`` saw, as it saw it) tell it (:class:`Told`), each step
    reading its own."""
    out = Told(seat)
    for e in events:
        step = None if e.step == PLAY else step_named(e.step)
        if step is not None:
            step.tell(e, out)
    return out


def is_chance(action: str) -> bool:
    """Is this history entry dealt by the pack (cards drawn, cards turned), not chosen?"""
    if not _CHANCE_VERBS:
        _CHANCE_VERBS.update(verb for step in all_steps() for verb in step.chance_verbs)
    return action.partition(" ")[0] in _CHANCE_VERBS


def line_events(variant, turnup, actions, labels) -> tuple:
    """The events of a deal's recorded lines (``actions`` as (seat, action), each headed by its
    ``label``), rebuilt from the text by their steps (:meth:`maw_sim.phases.Step.line_event`) with
    what lies open on the table: the ``variant`` and the card turned up (a code or Card; None in
    the bidding games), which a line that turns a new one up (fiving) changes. A label no step
    knows gives a public event of that name."""
    table = OnTable(variant, Card.parse(turnup) if isinstance(turnup, str) else turnup)
    out = []
    for (seat, action), label in zip(actions, labels):
        if label == PLAY:
            out.append(played(seat, action))
            continue
        step = step_for_label(label)
        if step is None:
            out.append(Event(seat, label, action.split(None, 1)[0], action, is_chance(action)))
            continue
        event = step.line_event(table, seat, action)
        out.append(event)
        card = step.turned_up(event)
        if card is not None:
            table = table._replace(turnup=card)
    return tuple(out)
