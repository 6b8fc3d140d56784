"""The bots on the pool's cards: what a card gives is measured, not listed."""

from kolo.games.dominion import bots, engine
from kolo.games.dominion.vocabulary import GOLD, INDEX, SILVER

KINGDOM = [
    "Farmland", "Tunnel", "Market Square", "Vagrant", "Forager", "Poor House", "Rats",
    "Fortress", "Laboratory", "Cellar",
]  # fmt: skip


def view():
    return engine.Game(KINGDOM, [bots.BigMoney(), bots.BigMoney()], 1).views[0]


def test_pool_cantrips_and_villages_count_as_plus_action():
    assert bots.non_terminal(INDEX["Market Square"])
    assert bots.non_terminal(INDEX["Vagrant"])
    assert bots.is_village(INDEX["Fortress"])
    assert not bots.non_terminal(INDEX["Smithy"])


def test_big_money_card_buys_money_not_victory_cards_or_bare_cantrips():
    v = view()
    assert bots.BigMoneyCard(INDEX["Farmland"]).buy(v, 6) == GOLD
    assert bots.BigMoneyCard(INDEX["Tunnel"]).buy(v, 3) == SILVER
    # bare cantrips, a village, a terminal giving nothing measurable: Silver instead
    for card in ("Market Square", "Vagrant", "Fortress", "Poor House", "Rats", "Cellar"):
        assert bots.BigMoneyCard(INDEX[card]).buy(v, 4) == SILVER, card
    assert bots.BigMoneyCard(INDEX["Laboratory"]).buy(v, 5) == INDEX["Laboratory"]


def test_heuristic_builds_around_a_pool_terminal():
    g = engine.Game(["Hunting Grounds", "Village", "Cellar"], [bots.BigMoney()] * 2, 1)
    assert bots.Heuristic().main(g.views[0]) == INDEX["Hunting Grounds"]


def test_farmland_bot_keeps_a_duchy_points():
    from kolo.games.dominion.engine import COPPER, DUCHY, FARMLAND, SELECT, Decision

    d = Decision(SELECT, 0, FARMLAND, "trash", (COPPER, DUCHY), 1, 1)
    assert bots.BigMoney()(view(), d) == (COPPER,)
