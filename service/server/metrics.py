"""The metrics files of prometheus_client's multiprocess mode, which every
gunicorn worker writes to ``PROMETHEUS_MULTIPROC_DIR``: the lock a scrape
reads them under (:func:`metrics_files`), and the fold of an exited
worker's counts into two files (:func:`retire_metrics`), which gunicorn's
master calls (``deploy/gunicorn.conf.py``, ``child_exit``).

Written for prometheus_client 0.26.0 (:data:`WRITTEN_FOR`); what it reaches
past that library's public API is :data:`TOUCHED`, and
``tests/test_adapters.py`` fails when an installed version moves it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from typing import Any

from prometheus_client import mmap_dict

WRITTEN_FOR = {"prometheus-client": "0.26.0"}
"""The version of prometheus_client :func:`retire_metrics` was written for."""

TOUCHED: dict[str, tuple[str, ...]] = {
    "prometheus_client.mmap_dict.MmapedDict": ("read_all_values_from_file", "read_all_values", "write_value", "close"),
}
"""What :func:`retire_metrics` reaches of prometheus_client past its public
API: the files of its multiprocess mode, read and written as it does
(``tests/test_adapters.py`` fails when an installed version moves them)."""

_METRICS_FILE: Any = mmap_dict.MmapedDict
"""prometheus_client's metrics file (it ships no types for it)."""

RETIRED_KINDS = ("counter", "histogram")
"""The kinds of metrics files whose values stay in the totals once their
worker has exited (prometheus_client's multiprocess mode)."""
RETIRED = "retired"
"""Where a metrics file's name puts its process id (``counter_<pid>.db``),
the files of the workers that have exited put this."""
METRICS_LOCK = "metrics.lock"
"""The lock file, beside the metrics files, under which a scrape reads them
(shared) and :func:`retire_metrics` folds a worker's into the retired ones (exclusive)."""


def retire_metrics(pid: int) -> None:
    """Fold an exited worker's counters and histograms into the retired files
    of ``PROMETHEUS_MULTIPROC_DIR`` (``counter_retired.db``,
    ``histogram_retired.db``: each value added to the one of the same
    series) and remove its files: the totals ``/metrics`` answers stay the
    same, and the directory holds the live workers' files and those two.
    Called by gunicorn's master as each worker exits (``child_exit``):
    otherwise each worker recycled every ``GUNICORN_MAX_REQUESTS`` requests
    would leave two files behind (hundreds of KB), growing the directory (in
    Kubernetes a memory volume with a size limit) and every scrape's work
    for as long as the server runs. Done under the lock a scrape takes, so
    no scrape counts a worker's values twice, or not at all. Nothing
    without a metrics directory."""
    with metrics_files(fcntl.LOCK_EX) as path:
        if path is None:
            return
        for kind in RETIRED_KINDS:
            dead = os.path.join(path, f"{kind}_{pid}.db")
            if not os.path.exists(dead):
                continue
            retired = _METRICS_FILE(os.path.join(path, f"{kind}_{RETIRED}.db"))
            try:
                totals = {key: value for key, value, _ in retired.read_all_values()}
                for key, value, timestamp, _ in _METRICS_FILE.read_all_values_from_file(dead):
                    retired.write_value(key, totals.get(key, 0.0) + value, timestamp)
            finally:
                retired.close()
            os.remove(dead)


@contextlib.contextmanager
def metrics_files(mode: int) -> Iterator[str | None]:
    """The metrics directory (``PROMETHEUS_MULTIPROC_DIR``; ``None``: none,
    the metrics in this process alone), held under its lock file in
    ``mode`` (``fcntl.LOCK_SH`` or ``LOCK_EX``) while in the block."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None
    if path is None:
        yield None
        return
    lock = os.open(os.path.join(path, METRICS_LOCK), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, mode)
        yield path
    finally:
        os.close(lock)  # and with it the lock
