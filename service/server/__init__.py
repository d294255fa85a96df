"""The HTTP server's wing, beneath the view functions: the gunicorn worker
(``worker``), the WSGI middleware every request goes through (``plumbing``,
with ``bodies``, ``headers`` and ``logs``), and what both it and the view functions
write (``answers``: the bytes of an answer; ``http_errors``: the one table of
plain HTTP errors).

Nothing here imports the view functions (``service.api``): the app factory
(``service.app``) puts the plumbing around the Flask app, and gunicorn's
configuration names the worker. Nothing in ``service.api`` imports gunicorn.
"""
