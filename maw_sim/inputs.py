"""Values that come from outside — a request from the page, a link, a command line, a variant
file — read strictly, and shown back briefly in a refusal.

Python's ``int()`` is generous in ways a refusal must not be: it reads ``"٣"`` (an Arabic-Indic
three) and ``"1_000"``, fails with its own words past 4,300 digits, and ``"²".isdigit()`` is true
although ``int("²")`` fails. A number from outside is therefore ASCII digits, checked against its
range before it is converted. And a refusal that repeats what it was given must stay short and
cannot fail itself: ``repr`` of a list nested a thousand deep, or of a 5,000-digit number, raises.
"""

from __future__ import annotations

import reprlib

__all__ = ["whole_number", "shown", "count_argument"]


#: The bound of a count that has no bound of its own (deals to play, say): still a bound.
MAX_COUNT = 2**63 - 1


def whole_number(value, what: str, low: int, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (None: :data:`MAX_COUNT`): an ``int``
    (never a ``bool``), or text of ASCII digits (links and command lines write numbers as text),
    spaces around allowed. Anything else is a ``ValueError`` saying what ``what`` must be and what
    was given."""
    bound = MAX_COUNT if high is None else high
    if isinstance(value, str):
        text = value.strip()
        digits = text.lstrip("0") or "0"
        # Too many digits to be in range: refused before int() is asked to read them.
        if text.isascii() and text.isdigit() and len(digits) <= len(str(bound)):
            value = int(digits)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= bound:
        allowed = f", {low} or more" if high is None else f" from {low} to {high}"
        raise ValueError(f"{what} must be a whole number{allowed}; got {shown(value)}")
    return value


_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlong = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6


def shown(value) -> str:
    """``value`` as a refusal may quote it: at most a line, whatever its size or depth."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        # repr itself refuses past 4,300 digits; the size is what the reader needs to know.
        return f"a number about {value.bit_length() * 30103 // 100000 + 1} digits long"
    try:
        return _SHORT.repr(value)
    except Exception:       # a number too long inside a list, say: name its kind, not its value
        return f"a {type(value).__name__}"


def count_argument(what: str, low: int, high: int | None = None):
    """An argparse type: a whole number from ``low`` (to ``high``), in the digits 0-9 (every
    command of the command line takes its numbers through it)."""
    import argparse          # only the command line needs it, not the engine in the browser

    def parse(text: str) -> int:
        try:
            return whole_number(text, what, low, high)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return parse


def json_depth(value, cap: int) -> int:
    """How deeply lists and objects nest in a JSON value, counted no further than ``cap + 1``
    (without recursion, and without walking below the cap: the value may be deep on purpose)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= cap:
                todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest
