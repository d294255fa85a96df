"""Whether gevent runs this process, and the operating system's own functions where it does.

gunicorn's gevent worker (``service.server.worker``) patches the standard
library after the fork: sockets, ``time.sleep``, locks and threads then
work on greenlets of the worker's one loop. The modules that care (the
request's deadline, the analysis pool, the embedded store's flushing
thread) ask here, so that there is one reading of it.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any


def patched(module: str) -> bool:
    """Whether gevent has patched ``module`` (``"time"``, ``"socket"``, ``"_thread"``...) in this process."""
    return "gevent.monkey" in sys.modules and bool(sys.modules["gevent.monkey"].is_module_patched(module))


def original(module: str, name: str) -> Any:
    """``module.name`` as the operating system gives it: as it was before
    gevent patched it where it has (for a thread, or a lock shared with one,
    that runs beside the loop rather than in it), else the module's own."""
    if patched(module):
        from gevent import monkey  # type: ignore[import-untyped]  # no type information

        return monkey.get_original(module, name)
    return getattr(importlib.import_module(module), name)
