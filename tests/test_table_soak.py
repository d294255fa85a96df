"""The table soak (``bench.table_soak``), short: sealed hands played by 8
clients across two gunicorn referees sharing a real Redis that is stopped
and started twice. Every 200 to a play is its move applied once, every
refused move (503 while Redis is down, 409 on a fork) is applied nowhere,
each finished hand replays by the rules from its revealed seed, no other
5xx, and what the store recorded survives the restarts (the module's
docstring says how each is checked). ``python -m bench.table_soak`` runs it
for 60 s (bench/README.md)."""

from __future__ import annotations

import pytest

from bench.table_soak import soak

pytestmark = pytest.mark.slow


def test_a_table_across_two_referees_loses_nothing_while_redis_restarts() -> None:
    result = soak(seconds=15, clients=8, restarts=2, outage=3)
    counts = result["counts"]
    assert result["faults"] == [] and not counts.get("faults"), result
    assert len(result["redis_outages_s"]) == 2
    assert counts["plays_applied"] > 100 and counts["hands_replayed"] > 10, counts
    assert counts["next_hands"] > 0, counts  # matches went on: each next hand asked for by its choosers (A14)
    assert counts["forks_refused"] > 0 and counts["retries_same_bytes"] > 0, counts
    assert counts["probes_refused"] == 2, counts  # each outage met by a move sent while Redis was down: 503, applied nowhere
    assert counts["checked_after"] > 0, counts
