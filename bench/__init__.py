"""Benchmark harness for the referee: HTTP load against gunicorn, and the rules core in-process.

Run ``make bench`` (or ``python -m bench.run``); see ``bench/README.md``.
"""
