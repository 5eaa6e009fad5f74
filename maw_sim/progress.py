"""A progress bar on stderr for the command line's long runs (tournaments, studies)."""

from __future__ import annotations

import sys


class Progress:
    """A progress bar on stderr for long runs: rich's when installed, else a plain one."""

    def __init__(self, total: int, label: str):
        self.total, self.label, self.done = total, label, 0
        self.enabled = total >= 2000 and sys.stderr.isatty()
        self._rich = None
        if self.enabled:
            try:
                from rich.progress import Progress as RichProgress
                self._rich = RichProgress(transient=True)
                self._task = self._rich.add_task(label, total=total)
                self._rich.start()
            except ImportError:
                self._rich = None

    def advance(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, advance=n)
        elif self.done % max(1, self.total // 100) == 0:
            print(f"\r{self.label}: {100 * self.done // self.total}%", end="", file=sys.stderr)

    def close(self) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self.enabled:
            print(file=sys.stderr)
