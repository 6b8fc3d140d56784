"""Kingdom reports and proposals (issue 16): the same figures whatever the workers."""

from __future__ import annotations

import pytest

from kolo.games.dominion import engine
from kolo.games.dominion import simulate as sim

KINGDOM = engine.FIRST_GAME


def test_report_is_the_same_whatever_the_workers() -> None:
    one = sim.simulate(KINGDOM, ["big-money-smithy", "big-money"], 240, 5, workers=1)
    two = sim.simulate(KINGDOM, ["big-money-smithy", "big-money"], 240, 5, workers=2)
    one.pop("games_per_second")
    two.pop("games_per_second")
    assert one == two
    assert one["games"] == 240
    assert sum(b["wins"] for b in one["by_bot"]) == pytest.approx(240)
    assert sum(s["wins"] for s in one["by_seat"]) == pytest.approx(240)
    assert sum(one["ended"].values()) == 240
    smithy, money = one["by_bot"]
    assert smithy["rate"] > money["rate"]  # Smithy-Big Money beats Big Money
    low, high = smithy["interval"]
    assert low < smithy["rate"] < high


def test_bots_rotate_seats() -> None:
    tally = sim.play_batch(KINGDOM, ["big-money", "big-money", "heuristic"], 1, 0, 3)
    assert tally.games == 3


def test_first_seat_advantage_is_the_first_seat_rate_over_its_share() -> None:
    report = sim.simulate(KINGDOM, ["big-money"] * 3, 90, 2)
    assert report["first_seat_advantage"] == pytest.approx(report["by_seat"][0]["rate"] - 1 / 3)


def test_bad_bots_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no bot 'nobody'"):
        sim.simulate(KINGDOM, ["nobody", "big-money"], 10, 1)
    with pytest.raises(ValueError, match="needs Witch"):
        sim.simulate(KINGDOM, ["big-money-witch", "big-money"], 10, 1)
    with pytest.raises(ValueError, match="2 to 6"):
        sim.simulate(KINGDOM, ["big-money"], 10, 1)


def test_propose_keeps_the_fairest_and_is_seeded() -> None:
    first = sim.propose(sim.SECOND_EDITION, 3, 2, 20, 9, keep=2)
    again = sim.propose(sim.SECOND_EDITION, 3, 2, 20, 9, keep=2, workers=2)
    assert first == again
    assert len(first) == 2
    assert first[0]["score"] <= first[1]["score"]
    assert all(len(p["kingdom"]) == 10 for p in first)
    assert all(c in sim.SECOND_EDITION for p in first for c in p["kingdom"])


@pytest.mark.parametrize(
    "kingdom",
    [
        KINGDOM,
        (
            "Bureaucrat",
            "Council Room",
            "Gardens",
            "Market",
            "Merchant",
            "Militia",
            "Mine",
            "Moat",
            "Vassal",
            "Witch",
        ),
        (
            "Cellar",
            "Chapel",
            "Festival",
            "Harbinger",
            "Laboratory",
            "Sentry",
            "Smithy",
            "Vassal",
            "Village",
            "Workshop",
        ),
    ],
)
def test_the_heuristic_bot_beats_big_money(kingdom: tuple[str, ...]) -> None:
    """The heuristic bot plays a kingdom reasonably: it beats Big Money Ultimate."""
    report = sim.simulate(kingdom, ["heuristic", "big-money"], 200, 3)
    low, _high = report["by_bot"][0]["interval"]
    assert low > 0.5
