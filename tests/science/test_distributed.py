"""Format studies on a Dask cluster (the optional ``[distributed]`` extra): the same path and
the same figures as the local pool, checked on a local cluster."""

import json

import pytest

from kolo.science.study import run, study_of

distributed = pytest.importorskip("distributed")


def _timeless(report):
    return {k: v for k, v in report.items() if k != "timing"}


def test_a_local_cluster_gives_the_figures_of_the_local_pool():
    study = study_of("dominion-cz", 12, 3)
    local = run(study, 8, seed=3, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = run(study, 8, seed=3, executor=client)
    assert _timeless(remote.report()) == _timeless(local.report())
    assert remote.report()["timing"]["workers"] == 0  # the cluster's, not this machine's


def test_the_command_runs_on_a_scheduler(capsys):
    from kolo.cli import main

    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        args = ["simulate", "--players", "9", "--rounds", "2", "--events", "4", "--json"]
        assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
        remote = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert _timeless(remote) == _timeless(local)


def test_an_unreachable_scheduler_is_refused_in_one_line(capsys):
    from kolo.cli import main

    assert main(["simulate", "--events", "1", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "Dask scheduler" in err
    assert "Traceback" not in err
