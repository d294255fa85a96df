"""Documents the service serves from installed packages: the table page's
files (``service/static/play``) and the Swagger UI's assets.

Each is read once per worker, at its first request, and kept with its
gzipped bytes and its ETag (:class:`~service.server.answers.Packed`); every
answer shares those bytes (:data:`~service.server.answers.SHARED`), goes
gzipped to a client that accepts gzip, and is answered 304 to a client
that names its ETag. The set of documents is fixed by the view functions that name
them, so the kept bytes are bounded.
"""

from __future__ import annotations

import importlib.resources.abc

import flask

from ..server.answers import Packed

_KEPT: dict[tuple[str, str], Packed] = {}
"""The documents read so far, by (folder, name)."""


def document(folder: importlib.resources.abc.Traversable, name: str, mimetype: str, *,
             max_age: int | None = None) -> flask.Response:
    """The answer to a request for the document ``name`` of ``folder``.

    Args:
        folder: where it is (a package's folder).
        name: its file name; the caller has checked it is one it serves.
        mimetype: its media type.
        max_age: how long, in seconds, a client may keep it without asking
            again (``Cache-Control: public, max-age``); ``None``: a client
            asks again each time (``no-cache``) and is answered 304 while
            the document has not changed (a page whose address stays the
            same from one version of the service to the next).
    """
    key = (str(folder), name)
    packed = _KEPT.get(key)
    if packed is None:
        packed = _KEPT[key] = Packed.of((folder / name).read_bytes())
    answer = packed.answer(flask.request, flask.current_app.response_class, mimetype)
    if max_age is None:
        answer.cache_control.no_cache = True
    else:
        answer.cache_control.public = True
        answer.cache_control.max_age = max_age
    return answer  # type: ignore[return-value]
