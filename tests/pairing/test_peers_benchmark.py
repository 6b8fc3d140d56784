"""The EDH_matchmaker greedy that benchmarks/peers.py measures kolo against (docs/pairing.md,
"The peers we measure against"): it must seat a valid field and behave as EDH does."""

import importlib.util
import random
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "peers.py"


@pytest.fixture(scope="module")
def peers():
    spec = importlib.util.spec_from_file_location("peers_benchmark", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and pickling look the module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def players(count):
    return [f"p{i}" for i in range(1, count + 1)]


def repeats(pods, rounds):
    before = Counter(frozenset(pair) for r in rounds for t in r for pair in combinations(t, 2))
    return sum(before[frozenset(pair)] > 0 for pod in pods for pair in combinations(pod, 2))


@pytest.mark.parametrize(
    ("count", "sizes", "normal"),
    [(9, (3, 3, 3), 3), (8, (3, 3, 2), 3), (7, (4, 3), 4), (11, (4, 4, 3), 4)],
)
def test_a_valid_partition_into_the_table_sizes(peers, count, sizes, normal):
    field = players(count)
    rng = random.Random(count)
    points = {p: rng.randrange(4) for p in field}
    earlier = [[field[i : i + normal] for i in range(0, count, normal)]]
    for seed in range(5):
        pods = peers.edh_pods(field, sizes, points, earlier, normal, random.Random(seed))
        assert [len(pod) for pod in pods] == list(sizes)
        assert sorted(p for pod in pods for p in pod) == sorted(field)


def test_pods_without_repeats_are_preferred(peers):
    # three tables of three met in round 1; the greedy spreads each table over the pods
    field = players(9)
    earlier = [[field[0:3], field[3:6], field[6:9]]]
    points = dict.fromkeys(field, 0)
    pods = peers.edh_pods(field, (3, 3, 3), points, earlier, 3)
    assert repeats(pods, earlier) == 0
    assert pods == [("p1", "p4", "p7"), ("p2", "p5", "p8"), ("p3", "p6", "p9")]


def test_points_fill_the_first_pods_when_nobody_has_met(peers):
    field = players(8)
    points = {p: 8 - i for i, p in enumerate(field)}  # p1 leads
    shuffled = list(reversed(field))
    pods = peers.edh_pods(shuffled, (4, 4), points, [], 4)
    assert set(pods[0]) == {"p1", "p2", "p3", "p4"}


def test_fewest_opponents_first_and_the_smaller_pod_avoided_by_who_sat_there(peers):
    # round 1: p1..p4 at a table of four, p5..p7 at the smaller table of three. The three
    # met fewer players, so EDH seats them first, at the first pod; the smaller pod costs
    # them 30 each, so it goes to p2..p4 however many repeats that makes.
    field = players(7)
    earlier = [[field[0:4], field[4:7]]]
    points = dict.fromkeys(field, 1)
    pods = peers.edh_pods(field, (4, 3), points, earlier, 4)
    assert set(pods[0]) == {"p5", "p6", "p7", "p1"}
    assert set(pods[1]) == {"p2", "p3", "p4"}
