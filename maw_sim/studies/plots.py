"""Charts for the experiment notebooks: every figure drawn with its 95% interval.

Needs matplotlib (the ``study`` or ``docs`` extra); the engine and the studies do not.
"""

from __future__ import annotations


def _errors(cells):
    return [[c["mean"] - c["low"] for c in cells], [c["high"] - c["mean"] for c in cells]]


def grouped_bars(ax, categories, series: dict, ylabel: str, percent: bool = True):
    """Bars for each category, one per series, each with its 95% interval as a whisker.

    ``series`` maps a label to a list of summary cells, one per category, in order."""
    import numpy as np
    x = np.arange(len(categories))
    width = 0.8 / max(len(series), 1)
    for k, (label, cells) in enumerate(series.items()):
        scale = 100 if percent else 1
        means = [c["mean"] * scale for c in cells]
        errors = [[e * scale for e in side] for side in _errors(cells)]
        ax.bar(x + (k - (len(series) - 1) / 2) * width, means, width, yerr=errors, capsize=3, label=label)
    ax.set_xticks(x, categories)
    ax.set_ylabel(ylabel + (" (%)" if percent else ""))
    ax.spines[["top", "right"]].set_visible(False)
    if len(series) > 1:
        ax.legend(frameon=False)
    return ax


def lines_with_bands(ax, xs, series: dict, xlabel: str, ylabel: str, percent: bool = True):
    """One line per series over ``xs``, its 95% interval shaded."""
    scale = 100 if percent else 1
    for label, cells in series.items():
        ax.plot(xs, [c["mean"] * scale for c in cells], marker="o", label=label)
        ax.fill_between(xs, [c["low"] * scale for c in cells], [c["high"] * scale for c in cells], alpha=0.2)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel + (" (%)" if percent else ""))
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(frameon=False)
    return ax
