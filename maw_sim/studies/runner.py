"""Running tasks: in this process, on a pool of processes (all cores), or on a Dask cluster.

:func:`completed` hands back each task's result as soon as it is finished, in whatever order the
workers finish, so the caller can write it down at once. Stopping early — Ctrl-C, or the caller
closing the generator — stops the workers and loses nothing already handed back.
"""

from __future__ import annotations

import os
import re
import signal

_ADDRESS = re.compile(r"^(tcp|tls)://[A-Za-z0-9.\-\[\]:]+:\d{1,5}$")


def check_scheduler(address: str) -> str:
    """A Dask scheduler address such as ``tcp://127.0.0.1:8786``; anything else is a ValueError."""
    if not isinstance(address, str) or not _ADDRESS.match(address):
        raise ValueError(f"bad scheduler address {address!r}: expected tcp://host:port "
                         "(or tls://host:port), e.g. tcp://127.0.0.1:8786")
    return address


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group; the parent alone decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def completed(function, tasks, workers: int | None = None, scheduler: str | None = None):
    """Yield ``function(task)`` for every task as each finishes.

    ``scheduler`` (``tcp://host:port``) sends the tasks to a Dask cluster; otherwise ``workers``
    processes run them (default: one per core; 1 runs them here, in order)."""
    tasks = list(tasks)
    if scheduler is not None:
        yield from _on_dask(function, tasks, check_scheduler(scheduler))
        return
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers!r}")
    if workers == 1 or len(tasks) == 1:
        for task in tasks:
            yield function(task)
        return
    import multiprocessing
    import signal
    # A Ctrl-C while the workers are being started would leave those already forked running on
    # with nobody to stop them: it waits (blocked) until the pool exists and can be terminated.
    blocking = hasattr(signal, "pthread_sigmask")
    if blocking:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = multiprocessing.get_context("fork" if os.name == "posix" else "spawn").Pool(
            min(workers, len(tasks)), initializer=_ignore_interrupts)
    finally:
        if blocking:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield from pool.imap_unordered(function, tasks, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _on_dask(function, tasks, address):
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError("--scheduler needs Dask's distributed package: pip install 'maw_sim[study]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise RuntimeError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    futures = []
    try:
        futures = client.map(function, tasks, pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.cancel(futures)
        client.close()
