"""Every simulating command shares ``--seed``, ``--workers`` and the run with its progress
(``kolo.cli.running``): the same seed prints the same figures on one worker or two, and
another seed other figures."""

import json

import pytest

from kolo.cli import main

TIMING = {"games_per_second", "timing"}

COMMANDS = [
    ["dominion", "simulate", "--bots", "big-money-smithy,big-money", "--games", "240"],
    ["dominion", "propose", "--candidates", "3", "--games", "10", "--keep", "3"],
    ["carcassonne", "simulate", "--games", "24"],
    ["domino", "simulate", "--matches", "60"],
    ["domino", "simulate", "--matches", "60", "--bots", "random,random,random,random"],
    ["domino", "simulate", "--matches", "40", "--game", "mexican-train", "--bots", "greedy,random"],
    ["simulate", "--players", "9", "--rounds", "2", "--events", "8"],
]


def _figures(capsys, args):
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    if isinstance(report, dict):
        return {k: v for k, v in report.items() if k not in TIMING}
    return report


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_the_same_seed_prints_the_same_figures_on_one_worker_or_two(args, capsys):
    one = _figures(capsys, [*args, "--seed", "4", "--workers", "1"])
    two = _figures(capsys, [*args, "--seed", "4", "--workers", "2"])
    assert one == two
    assert _figures(capsys, [*args, "--seed", "5", "--workers", "1"]) != one


def test_every_core_by_default(monkeypatch, capsys):
    from kolo import runner

    asked = []
    real = runner.run

    def spy(work, args, items, size, workers=1, progress=None, executor=None):
        asked.append(workers)
        return real(work, args, items, size, 1, progress, executor)

    monkeypatch.setattr("os.cpu_count", lambda: 7)
    for module in ("kolo.games.domino.simulate", "kolo.games.carcassonne.simulate"):
        monkeypatch.setattr(f"{module}.run", spy)
    assert main(["domino", "simulate", "--matches", "5"]) == 0
    assert main(["carcassonne", "simulate", "--games", "2", "--workers", "3"]) == 0
    capsys.readouterr()
    assert asked == [7, 3]
