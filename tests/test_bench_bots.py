"""The strength benchmark's saved runs (``bench/bots.py``): what ``--save``
writes, ``--report`` and a resumed run read back, deal by deal, and a deal
plays the same hands in every run, so a resumed run may skip it."""

from __future__ import annotations

from bench.bots import Task, _played, load, main, run_task, save
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
