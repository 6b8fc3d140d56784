"""The statistics of format science on hand-built cases (kolo.science.metrics)."""

import math

import pytest

from kolo.science import metrics


def test_kendall_tau_is_one_when_the_standings_follow_strength():
    strength = {"a": 3.0, "b": 2.0, "c": 1.0, "d": 0.0}
    assert metrics.kendall_tau(strength, {"a": 1, "b": 2, "c": 3, "d": 4}) == 1.0


def test_kendall_tau_is_minus_one_when_exactly_backwards():
    strength = {"a": 3.0, "b": 2.0, "c": 1.0, "d": 0.0}
    assert metrics.kendall_tau(strength, {"a": 4, "b": 3, "c": 2, "d": 1}) == -1.0


def test_kendall_tau_counts_one_swap_of_six_pairs():
    """Four players, b and c swapped: 5 concordant, 1 discordant pair of 6: τ = 4/6."""
    strength = {"a": 3.0, "b": 2.0, "c": 1.0, "d": 0.0}
    assert metrics.kendall_tau(strength, {"a": 1, "b": 3, "c": 2, "d": 4}) == pytest.approx(4 / 6)


def test_kendall_tau_b_corrects_for_a_shared_rank():
    """b and c share rank 2: 5 concordant, 0 discordant, one tie in rank:
    τ-b = 5 / √(6 · 5)."""
    strength = {"a": 3.0, "b": 2.0, "c": 1.0, "d": 0.0}
    tau = metrics.kendall_tau(strength, {"a": 1, "b": 2, "c": 2, "d": 4})
    assert tau == pytest.approx(5 / math.sqrt(30))


def test_kendall_tau_of_all_ties_is_zero():
    assert metrics.kendall_tau({"a": 1.0, "b": 2.0}, {"a": 1, "b": 1}) == 0.0


def test_top_k_needs_all_k_strongest_in_the_top_k_places():
    strength = {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0, "e": 0.0}
    assert metrics.top_k(strength, {"a": 2, "b": 1, "c": 3, "d": 4, "e": 5}, 3)
    assert not metrics.top_k(strength, {"a": 1, "b": 2, "c": 4, "d": 3, "e": 5}, 3)
    assert metrics.top_k(strength, {"a": 1, "b": 2, "c": 4, "d": 3, "e": 5}, 2)
    # a rank shared across place 3 counts in the strong player's favour
    assert metrics.top_k(strength, {"a": 1, "b": 2, "c": 3, "d": 3, "e": 5}, 3)


def test_strongest_orders_by_strength_then_key():
    assert metrics.strongest({"b": 1.0, "a": 1.0, "c": 2.0}, 3) == ["c", "a", "b"]


def test_repeated_meetings_count_each_meeting_beyond_the_first():
    tables = [("a", "b", "c"), ("a", "b", "d"), ("a", "b"), ("c", "d"), ("d", "c")]
    # a-b meet three times (2 repeats); c-d twice (1); the rest once
    assert metrics.repeated_meetings(tables) == 3


def test_wilson_interval_of_a_known_case():
    """38 of 100: the Wilson interval is about 29.1 %–47.8 % (narrower than 38 % ± 9.5 %,
    and not symmetric)."""
    low, high = metrics.wilson(38, 100)
    assert low == pytest.approx(0.2910, abs=2e-4)
    assert high == pytest.approx(0.4779, abs=2e-4)
    assert metrics.wilson(0, 50)[0] == 0.0
    assert metrics.wilson(50, 50)[1] == pytest.approx(1.0)


def test_mean_interval_is_mean_plus_minus_z_standard_errors():
    estimate = metrics.mean([1.0, 2.0, 3.0, 4.0])
    half = 1.959964 * math.sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4)
    assert estimate.value == 2.5
    assert estimate.low == pytest.approx(2.5 - half)
    assert estimate.high == pytest.approx(2.5 + half)
    assert metrics.mean([]).value == 0.0
