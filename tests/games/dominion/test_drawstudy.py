"""The draw's promise, measured (issue 40): the championship's rounds drawn many times and every
kingdom weighed by bot games (``kolo.games.dominion.drawstudy``, ``kolo dominion draws``)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from kolo.cli.app import app
from kolo.games.dominion import drawstudy, engine
from kolo.games.dominion.cards import DARK_AGES, PROSPERITY, load
from kolo.games.dominion.drawplot import svg
from kolo.games.dominion.pools import championship, make_pool

PLAYABLE_POOL = {
    "base-1e": [c for c in championship().cards["base-1e"] if c in engine.PLAYABLE],
    "base-2e": [c for c in engine.KINGDOM if c not in championship().cards["base-1e"]],
}
"""A pool of cards the engine plays today (and after the merge of the pool's cards)."""


def small_pool():
    return make_pool("small", PLAYABLE_POOL, ("base-1e",), ("base-2e",))


def test_a_study_is_the_same_for_any_number_of_workers() -> None:
    one = drawstudy.study(small_pool(), rounds=2, games=4, seed=3, workers=1)
    two = drawstudy.study(small_pool(), rounds=2, games=4, seed=3, workers=2)
    assert one == two
    assert [k["kind"] for k in one["kingdoms"]] == ["basic", "extended", "uniform"] * 2
    assert drawstudy.study(small_pool(), rounds=2, games=4, seed=4)["kingdoms"] != one["kingdoms"]


def test_a_pool_the_engine_plays_is_studied_itself() -> None:
    pool = small_pool()
    assert drawstudy.stand_in(pool) is pool
    result = drawstudy.study(pool, rounds=1, games=2, seed=1)
    assert result["stand_in"] is False
    assert result["left_out"] == []


def test_the_championship_pool_is_studied_through_a_stand_in_until_the_engine_plays_it() -> None:
    pool = championship()
    studied = drawstudy.stand_in(pool)
    if drawstudy.plays_whole(pool):  # after every card of the pool plays
        assert studied is pool
        return
    assert set(studied.all_cards()) <= set(engine.PLAYABLE)
    assert studied.basic_main == pool.basic_main
    assert set(pool.basic_extra) <= set(studied.basic_extra)
    # the draws still work on it: nine + four for the Basic draw, thirteen more for Extended
    for kingdom in drawstudy.draw_round(studied, 1, 0):
        assert len(set(kingdom.cards)) == 10
        assert not drawstudy.unplayable(kingdom.cards, kingdom.colony, kingdom.shelters)


def test_a_card_the_engine_does_not_play_is_named(monkeypatch) -> None:
    monkeypatch.setattr(engine, "PLAYABLE", tuple(c for c in engine.PLAYABLE if c != "Smithy"))
    assert drawstudy.unplayable(["Cellar", "Smithy", "Witch"]) == ["Smithy"]
    assert not drawstudy.plays_whole(small_pool())
    assert "Smithy" not in drawstudy.stand_in(small_pool()).all_cards()


def test_colonies_and_shelters_the_engine_does_not_play_are_named(monkeypatch) -> None:
    monkeypatch.setattr(engine, "TEXTS", dataclasses.replace(engine.TEXTS, plays=frozenset()))
    named = drawstudy.unplayable(["Cellar"], colony=True, shelters=True)
    assert named == ["Platinum", "Colony", "Hovel", "Necropolis", "Overgrown Estate"]
    assert drawstudy.unplayable(["Cellar"]) == []


def test_the_rounds_are_drawn_as_the_championship_draws_them() -> None:
    """On the whole pool: the Basic kingdom has its four mandatory cards from Base, Intrigue
    and Hinterlands and at most four from Prosperity and Dark Ages; the Extended kingdom shares
    no card with the Basic draw; Colonies need a Prosperity card and Shelters a Dark Ages one
    (R-DOM-3..7)."""
    pool = championship()
    data = load()
    main = set(pool.from_sets(pool.basic_main))
    extra = set(pool.from_sets(pool.basic_extra))
    colonies = shelters = 0
    for number in range(60):
        basic, extended, uniform = drawstudy.draw_round(pool, 7, number)
        assert (basic.kind, extended.kind, uniform.kind) == ("basic", "extended", "uniform")
        assert len(main & set(basic.cards)) >= 4
        assert len(extra & set(basic.cards)) <= 4
        assert not set(basic.cards) & set(extended.cards)
        for kingdom in (basic, extended, uniform):
            assert len(set(kingdom.cards)) == 10
            assert set(kingdom.cards) <= set(pool.all_cards())
            sets = {s for c in kingdom.cards for s in data.card(c).sets}
            assert not kingdom.colony or PROSPERITY in sets
            assert not kingdom.shelters or DARK_AGES in sets
            colonies += kingdom.colony
            shelters += kingdom.shelters
    assert colonies
    assert shelters
    assert drawstudy.draw_round(pool, 7, 3) == drawstudy.draw_round(pool, 7, 3)


def test_a_kingdom_is_weighed_by_bot_games() -> None:
    kingdom = drawstudy.Drawn("basic", 0, tuple(sorted(PLAYABLE_POOL["base-1e"][:10])))
    item = drawstudy.measure(kingdom, 6, 5)
    assert item == drawstudy.measure(kingdom, 6, 5)
    assert set(item["duels"]) == set(kingdom.cards)
    assert item["dominant"] == max(sorted(item["duels"]), key=lambda c: item["duels"][c])
    assert item["dominant_rate"] == item["duels"][item["dominant"]]
    assert item["rival"] != item["dominant"]
    assert item["duels"][item["rival"]] == max(
        rate for card, rate in item["duels"].items() if card != item["dominant"]
    )
    assert item["rival_games"] == 6  # head to head, both seats equally
    assert 0 <= item["rival_rate"] <= 1
    assert 0 <= item["first_rate"] <= 1
    assert sum(item["turns"].values()) == 6


def _item(kind: str, first: float, field: float, turns: int = 20) -> dict:
    return {
        "kind": kind,
        "games": 10,
        "first_wins": first * 10,
        "first_rate": first,
        "dominant": "Witch",
        "dominant_wins": 5.0,
        "rival": "Smithy",
        "rival_games": 10,
        "rival_wins": field * 10,
        "rival_rate": field,
        "turns": {str(turns): 10},
    }


def test_unbalanced_kingdoms_are_counted_and_compared_with_uniform_ones() -> None:
    items = [
        _item("basic", 0.5, 0.5),
        _item("basic", 0.7, 0.5),  # the first seat wins 20 points over half
        _item("extended", 0.5, 0.8),  # one card dominates
        _item("extended", 0.4, 0.6),
        _item("uniform", 0.8, 0.9),
        _item("uniform", 0.2, 0.5),
    ]
    assert [drawstudy.unbalanced(i) for i in items] == [False, True, True, False, True, True]
    result = drawstudy.summary(items)
    basic = result["kinds"]["basic"]
    assert basic["unbalanced"]["count"] == 1
    assert basic["unbalanced"]["rate"] == 0.5
    assert basic["first_seat"]["rate"] == pytest.approx(0.6)
    assert result["kinds"]["uniform"]["unbalanced"]["rate"] == 1.0
    assert result["unbalanced_vs_uniform"]["drawn"]["value"] == pytest.approx(-0.5)
    low, high = result["unbalanced_vs_uniform"]["drawn"]["interval"]
    assert -1 <= low < -0.5 < high <= 1
    assert result["drawn"]["kingdoms"] == 4
    usual = result["usual"]
    assert (usual["first_low"], usual["first_high"], usual["dominance"]) == (0.4, 0.7, 0.8)


def test_a_table_outside_the_usual_balance_is_told() -> None:
    usual = {"first_low": 0.4, "first_high": 0.6, "dominance": 0.8}
    assert drawstudy.outside_usual(_item("table", 0.5, 0.7), usual) == {
        "first_high": False,
        "first_low": False,
        "dominance": False,
    }
    assert drawstudy.outside_usual(_item("table", 0.65, 0.85), usual) == {
        "first_high": True,
        "first_low": False,
        "dominance": True,
    }
    assert drawstudy.outside_usual(_item("table", 0.3, 0.5), usual)["first_low"]


def test_the_shipped_usual_balance_is_a_range() -> None:
    usual = drawstudy.shipped_usual()
    assert 0 < usual["first_low"] <= 0.5 <= usual["first_high"] < 1
    assert 0.5 <= usual["dominance"] <= 1
    assert "kolo dominion draws" in usual["command"]


def test_the_plot_draws_every_kind() -> None:
    result = drawstudy.study(small_pool(), rounds=1, games=2, seed=1)
    words = "basic extended uniform first dominance unbalanced turns points across down shaded"
    labels = {k: k.upper() for k in words.split()}
    text = svg(result, labels)
    assert text.startswith("<svg")
    assert text.count("<circle") >= 3 + 3
    assert "EXTENDED" in text
    assert "UNIFORM" in text


def test_the_command(tmp_path) -> None:
    plot = tmp_path / "draws.svg"
    done = CliRunner().invoke(
        app,
        [
            "dominion",
            "draws",
            "--rounds",
            "1",
            "--games",
            "2",
            "--workers",
            "1",
            "--json",
            "--plot",
            str(plot),
        ],
    )
    assert done.exit_code == 0, done.output
    result = json.loads(done.stdout)
    assert set(result["kinds"]) == {"basic", "extended", "uniform"}
    assert len(result["kingdoms"]) == 3
    assert plot.read_text(encoding="utf-8").startswith("<svg")
    text = CliRunner().invoke(app, ["dominion", "draws", "--rounds", "1", "--games", "2"])
    assert text.exit_code == 0, text.output
    assert "Extended draw" in text.stdout
    assert "Unbalanced" in text.stdout


def test_the_command_refuses_too_few_games() -> None:
    done = CliRunner().invoke(app, ["dominion", "draws", "--games", "1"])
    assert done.exit_code == 2


def test_the_command_defaults_are_the_study_defaults() -> None:
    import inspect

    from kolo.cli.dominion.study import draws_command

    defaults = inspect.signature(draws_command).parameters
    assert defaults["rounds"].default == drawstudy.ROUNDS
    assert defaults["games"].default == drawstudy.GAMES
