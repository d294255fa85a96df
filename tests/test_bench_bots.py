"""The strength benchmark's saved runs (``bench/bots.py``): what ``--save``
writes, ``--report`` and a resumed run read back, deal by deal, and a deal
plays the same hands in every run, so a resumed run may skip it."""

from __future__ import annotations

from bench.bots import Outcome, Task, _played, configurations, load, main, run_task, save, summary, time_report
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


def test_rows_run_2_to_5_players_unless_others_are_named():
    """By default every game's 2 to 5 players (Agency: 4); 6 and 7 only when
    named, and only in the games that seat them (Sink-Sink, Fapfap, Spar 7;
    the Mali version 6; Agram 5, RULINGS F8)."""
    assert configurations(["agram", "agency", "spar"]) == [("agram", p) for p in (2, 3, 4, 5)] + [("agency", 4)] + [
        ("spar", p) for p in (2, 3, 4, 5)]
    named = configurations(["agram", "agency", "sink-sink", "fapfap", "agram-mali", "spar"], [6, 7])
    assert named == [("sink-sink", 6), ("sink-sink", 7), ("fapfap", 6), ("fapfap", 7), ("agram-mali", 6), ("spar", 6), ("spar", 7)]


def test_the_time_table_keeps_6_and_7_players_apart():
    """Moves at 6 and 7 players cost the most; their times are a row of their own."""
    def timed(game, players, times):
        outcome = Outcome(Task(game, players, "search", "random", 0, 1, DEFAULT_BUDGET))
        outcome.times = times
        return outcome
    table = time_report({("agram", 3, "search", "random"): timed("agram", 3, [0.1, 0.2, 0.3]),
                         ("fapfap", 7, "search", "random"): timed("fapfap", 7, [0.4, 0.5])})
    assert "| Agram family | search | 3 | 200.0 | 300.0 | 300.0 |" in table
    assert "| Agram family, 6+ players | search | 2 | 450.0 | 500.0 | 500.0 |" in table
