"""The strength benchmark's saved runs (``bench/bots.py``): what ``--save``
writes, ``--report`` and a resumed run read back, deal by deal, and a deal
plays the same hands in every run, so a resumed run may skip it."""

from __future__ import annotations

from bench.bots import Outcome, Task, _played, load, main, run_task, save, summary
from service.analysis.bots import DEFAULT_BUDGET


def test_a_saved_run_reads_back_deal_by_deal_and_a_deal_replays_the_same(tmp_path, capsys):
    task = Task("agram", 3, "rules", "random", 0, 3, DEFAULT_BUDGET)
    outcome = run_task(task)
    path = str(tmp_path / "run.json")
    save(path, {("agram", 3, "rules", "random"): outcome})
    loaded = load(path)[("agram", 3, "rules", "random")]
    assert (loaded.wins, loaded.points, loaded.times) == (outcome.wins, outcome.points, outcome.times)
    assert _played(loaded, task) and not _played(loaded, Task("agram", 3, "rules", "random", 2, 2, DEFAULT_BUDGET))
    assert run_task(task).wins == outcome.wins
    assert main(["--report", path]) == 0
    assert "| agram | 3 | rules | random | 9 |" in capsys.readouterr().out


def test_a_run_saves_every_deal_at_its_end_and_a_second_run_plays_none(tmp_path, capsys):
    """``--save`` rewrites its file at most every ``SAVE_SECONDS``, and after
    the last task whatever the time: a run of a few seconds keeps all it
    played, and the same run again finds nothing left to play."""
    path = str(tmp_path / "run.json")
    argv = ["--games", "agram", "--players", "2", "--levels", "rules", "--opponents", "random", "--hands", "40",
            "--jobs", "1", "--save", path]
    assert main(argv) == 0
    assert sorted(map(int, load(path)[("agram", 2, "rules", "random")].wins)) == list(range(20))
    capsys.readouterr()
    assert main(argv) == 0
    assert capsys.readouterr().err.startswith("0 tasks")


def test_the_readme_tables_give_each_search_row_less_the_levels_paired_by_deal():
    """Four deals of 2-player Fapfap (8 hands): the search won 1, 0, 1, 1 of
    them (a deal's two rotations averaged), the rules level 0, 0, 1, 0: a
    win rate of 75% with half-width 1.96 * 0.5 / 2 = 49.0%, and 50 points
    above the rules level, half-width 1.96 * stdev(1, 0, 0, 1) / 2 = 56.6;
    payouts 1, -1, 2, 1 (0.75 ± 1.96 * 1.258 / 2) against -1, -1, 1, -1:
    +1.25 ± 1.96 * stdev(2, 0, 1, 2) / 2 = 0.94."""
    def outcome(level, wins, points):
        task = Task("fapfap", 2, level, "random", 0, 4, DEFAULT_BUDGET)
        return Outcome(task, dict(enumerate(wins)), dict(enumerate(points)), [])

    outcomes = {("fapfap", 2, "search", "random"): outcome("search", [1, 0, 1, 1], [1, -1, 2, 1]),
                ("fapfap", 2, "rules", "random"): outcome("rules", [0, 0, 1, 0], [-1, -1, 1, -1])}
    tables = summary(outcomes)
    assert "| fapfap | 2 | 75.0% ± 49.0% (8) | not run | +50.0 ± 56.6 | 0.75 ± 1.23 | +1.25 ± 0.94 | not run |" in tables
    assert tables.count("| fapfap |") == 1 and "`rules` opponents" not in tables  # no search row against them
