"""Hinterlands (first edition) in the championship pool: each card by a built position, its
on-buy, on-gain and on-discard reactions, Tunnel reacting to every discard of the base
cards' texts, the bots answering every decision these cards ask, and random games over
these cards that keep every card and replay (issue 40; R-POOL-1)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kolo.games.dominion import bots, hinterlands
from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import game, names, place, play_card, top_first

H1 = ("Cache", "Crossroads", "Haggler", "Highway", "Margrave", "Oasis", "Noble Brigand",
      "Spice Merchant", "Farmland", "Stables")  # fmt: skip
H2 = ("Tunnel", "Silk Road", "Fool's Gold", "Mandarin", "Cellar", "Militia", "Vassal",
      "Library", "Sentry", "Poacher")  # fmt: skip
H3 = ("Tunnel", "Bandit", "Throne Room", "Highway", "Haggler", "Workshop", "Moat", "Margrave",
      "Oasis", "Stables")  # fmt: skip


# ---- Cache ----


def test_cache_is_worth_three_coins() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Cache", "Copper"], deck=["Copper"] * 5)
    me.answers = [None]
    g.play_turn()
    assert me.asked[-1].kind == e.BUY
    assert me.asked[-1].coins == 4


def test_cache_gained_gains_two_coppers() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Gold", "Gold"], deck=["Copper"] * 5)
    coppers = g.supply[e.COPPER]
    me.answers = [e.CACHE]
    g.play_turn()
    assert g.owned[0][e.CACHE] == 1
    assert g.owned[0][e.COPPER] == 5 + 2
    assert names(g.hand[0] + g.deck[0] + g.discard[0]).count("Copper") == 7
    assert g.supply[e.COPPER] == coppers - 2


# ---- Crossroads ----


def test_crossroads_draws_per_victory_card_and_gives_three_actions_the_first_time() -> None:
    g, _ = game(H1)
    place(g, 0, hand=["Crossroads", "Crossroads", "Estate", "Farmland", "Copper"],
          deck=["Silver", "Gold", "Estate", "Copper"])  # fmt: skip
    play_card(g, 0, "Crossroads")
    assert names(g.hand[0]) == ["Copper", "Crossroads", "Estate", "Farmland", "Gold", "Silver"]
    assert g.actions == 3
    g.actions -= 1
    play_card(g, 0, "Crossroads", actions=g.actions)
    # the second Crossroads: one card per Victory card (Estate, Farmland), no more actions
    assert g.actions == 2
    assert names(g.hand[0]) == ["Copper", "Copper", "Estate", "Estate", "Farmland", "Gold",
                                "Silver"]  # fmt: skip


def test_crossroads_played_twice_by_throne_room_gives_actions_once() -> None:
    g, (me, _) = game(("Throne Room", *H1[:9]))
    place(g, 0, hand=["Throne Room", "Crossroads"], deck=["Copper"] * 4)
    me.answers = [e.CROSSROADS]
    play_card(g, 0, "Throne Room")
    assert g.actions == 3


def test_crossroads_counts_start_again_each_turn() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Crossroads"], deck=["Copper"] * 10)
    me.answers = [e.CROSSROADS, None, None]
    g.play_turn()
    assert g.counts[e.CROSSROADS] == 1
    g.current = 0
    place(g, 0, hand=["Crossroads"], deck=["Copper"] * 10)
    me.answers = [e.CROSSROADS]
    me.asked.clear()
    g.actions = 0
    play_card(g, 0, "Crossroads")
    assert g.actions == 3


# ---- Fool's Gold ----


def test_fools_gold_is_one_coin_then_four() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Fool's Gold", "Fool's Gold", "Fool's Gold", "Copper"], deck=["Copper"] * 5)
    me.answers = [None]
    g.play_turn()
    assert me.asked[-1].coins == 1 + 4 + 4 + 1


def test_a_lone_fools_gold_is_one_coin_each_turn() -> None:
    g, (me, other) = game(H2)
    place(g, 0, hand=["Fool's Gold"], deck=["Fool's Gold"] + ["Estate"] * 4)
    me.answers = [None, None]
    g.play_turn()
    g.current = 1
    place(g, 1, hand=["Estate"], deck=["Estate"] * 5)
    other.answers = [None]
    g.play_turn()
    g.current = 0
    g.play_turn()
    assert [d.coins for d in me.asked] == [1, 1]


def test_fools_gold_trashed_when_another_player_gains_a_province_gains_a_gold_on_the_deck() -> None:
    g, (me, other) = game(H2)
    place(g, 0, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5)
    place(g, 1, hand=["Fool's Gold", "Fool's Gold", "Copper"], deck=["Estate"])
    me.answers = [e.PROVINCE]
    other.answers = [True, False]
    g.play_turn()
    assert [d.what for d in other.asked] == ["fools_gold", "fools_gold"]
    assert names(g.hand[1]) == ["Copper", "Fool's Gold"]
    assert top_first(g, 1) == ["Gold", "Estate"]
    assert names(g.trash) == ["Fool's Gold"]
    assert g.owned[1][e.GOLD] == 1
    assert g.owned[1][e.FOOLS_GOLD] == 1


def test_fools_gold_does_not_react_to_its_holders_own_province_or_other_cards() -> None:
    g, (me, _other) = game(H2)
    place(g, 0, hand=["Fool's Gold"])
    g.gain(0, e.PROVINCE)
    assert me.asked == []
    g2, (me2, other2) = game(H2)
    place(g2, 0, hand=["Gold", "Gold"], deck=["Copper"] * 5)
    place(g2, 1, hand=["Fool's Gold"], deck=["Estate"])
    me2.answers = [e.GOLD]
    g2.play_turn()
    assert other2.asked == []


# ---- Haggler ----


def test_haggler_gains_a_cheaper_non_victory_card_when_buying() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Haggler", "Gold", "Gold"], deck=["Copper"] * 5)
    me.answers = [e.HAGGLER, e.PROVINCE, e.HIGHWAY]
    g.play_turn()
    gain = me.asked[-1]
    assert gain.kind == e.GAIN
    assert gain.card == e.HAGGLER
    assert e.HIGHWAY in gain.among
    assert e.GOLD in gain.among
    # costing less than the Province's 8, and no Victory card (Duchy, Farmland)
    assert e.PROVINCE not in gain.among
    assert e.DUCHY not in gain.among
    assert e.FARMLAND not in gain.among
    assert e.CURSE in gain.among  # a Curse is not a Victory card
    assert g.owned[0][e.HIGHWAY] == 1
    assert g.owned[0][e.PROVINCE] == 1


def test_haggler_gains_once_per_copy_in_play() -> None:
    """First edition: "while this is in play" — two Hagglers in play gain two cards a buy,
    a Haggler played twice by a Throne Room gains one (it is one card in play)."""
    g, (me, _) = game(("Throne Room", "Village", *H1[:8]))
    place(g, 0, hand=["Village", "Haggler", "Haggler"], deck=["Copper"] * 5)
    me.answers = [e.VILLAGE, e.HAGGLER, e.HAGGLER, e.SILVER, e.COPPER, e.COPPER]
    g.play_turn()
    assert [d.kind for d in me.asked[-3:]] == [e.BUY, e.GAIN, e.GAIN]
    g2, (me2, _) = game(("Throne Room", "Village", *H1[:8]))
    place(g2, 0, hand=["Throne Room", "Haggler"], deck=["Copper"] * 5)
    me2.answers = [e.THRONE_ROOM, e.HAGGLER, e.SILVER, e.COPPER]
    g2.play_turn()
    assert [d.kind for d in me2.asked[-2:]] == [e.BUY, e.GAIN]
    assert me2.asked[-2].coins == 4


def test_haggler_buying_a_copper_gains_nothing() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Haggler"], deck=["Estate"] * 5)
    me.answers = [e.HAGGLER, e.COPPER]
    g.play_turn()
    assert me.asked[-1].kind == e.BUY


def test_haggler_refuses_a_victory_card() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Haggler", "Gold", "Gold"], deck=["Copper"] * 5)
    me.answers = [e.HAGGLER, e.PROVINCE, e.DUCHY]
    with pytest.raises(e.IllegalChoice, match="not among the cards you may gain"):
        g.play_turn()


# ---- Highway ----


def test_highway_draws_gives_an_action_and_lowers_costs_while_in_play() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Highway", "Highway", "Copper"], deck=["Copper"] * 6)
    me.answers = [e.HIGHWAY, e.HIGHWAY, e.HAGGLER]
    g.play_turn()
    buy = me.asked[-1]
    assert buy.coins == 3
    assert g.owned[0][e.HAGGLER] == 1  # Haggler costs 5 - 2
    assert len(g.hand[0]) == 5


def test_highway_played_twice_by_throne_room_lowers_costs_by_one() -> None:
    g, (me, _) = game(("Throne Room", *H1[:9]))
    place(g, 0, hand=["Throne Room", "Highway"], deck=["Copper"] * 6)
    me.answers = [e.HIGHWAY]
    play_card(g, 0, "Throne Room")
    assert g.reduction == 1
    assert g.cost(e.GOLD) == 5
    assert len(g.hand[0]) == 2
    assert g.actions == 2


def test_highway_lowers_the_cost_haggler_and_workshop_see() -> None:
    g, (me, _) = game(H3)
    place(g, 0, hand=["Highway", "Workshop"], deck=["Copper"] * 6)
    me.answers = [e.HIGHWAY, e.WORKSHOP, e.HAGGLER, None]
    g.play_turn()
    assert g.owned[0][e.HAGGLER] == 1  # Haggler costs 5 - 1 = 4


# ---- Margrave ----


def test_margrave_draws_three_gives_a_buy_others_draw_then_discard_to_three() -> None:
    g, (_me, other) = game(H1)
    place(g, 0, hand=["Margrave"], deck=["Copper", "Silver", "Gold", "Estate"])
    place(g, 1, hand=["Copper"] * 5, deck=["Estate"])
    other.answers = [(e.COPPER, e.COPPER, e.ESTATE)]
    play_card(g, 0, "Margrave")
    assert names(g.hand[0]) == ["Copper", "Gold", "Silver"]
    assert g.buys == 1  # play_card starts from 0 buys
    assert other.asked[0].low == other.asked[0].high == 3
    assert names(g.hand[1]) == ["Copper"] * 3
    assert names(g.discard[1]) == ["Copper", "Copper", "Estate"]


def test_margrave_is_stopped_by_a_moat() -> None:
    g, (_me, other) = game(H3)
    place(g, 0, hand=["Margrave"], deck=["Copper"] * 4)
    place(g, 1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Estate"])
    other.answers = [True]
    play_card(g, 0, "Margrave")
    assert len(g.hand[1]) == 5


# ---- Oasis ----


def test_oasis_draws_gives_an_action_a_coin_and_discards_a_card() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Oasis", "Estate"], deck=["Copper"])
    me.answers = [(e.ESTATE,)]
    play_card(g, 0, "Oasis")
    assert (g.actions, g.coins) == (1, 1)
    assert names(g.hand[0]) == ["Copper"]
    assert names(g.discard[0]) == ["Estate"]
    assert me.asked[0].low == me.asked[0].high == 1


def test_oasis_with_nothing_to_discard_asks_nothing() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Oasis"], deck=[])
    play_card(g, 0, "Oasis")
    assert me.asked == []
    assert g.coins == 1


# ---- Noble Brigand ----


def test_noble_brigand_played_takes_the_silver_or_gold_the_attacker_chooses() -> None:
    g, (me, _other) = game(H1)
    place(g, 0, hand=["Noble Brigand"])
    place(g, 1, hand=["Copper"], deck=["Silver", "Gold", "Estate"])
    me.answers = [(e.GOLD,)]
    play_card(g, 0, "Noble Brigand")
    assert g.coins == 1
    assert me.asked[0].among == (e.SILVER, e.GOLD)
    assert me.asked[0].what == "brigand"
    assert names(g.discard[0]) == ["Gold"]
    assert g.owned[0][e.GOLD] == 1
    assert g.owned[1][e.GOLD] == 0
    assert names(g.discard[1]) == ["Silver"]
    assert top_first(g, 1) == ["Estate"]
    assert g.trash == []


def test_noble_brigand_gives_a_copper_to_a_player_revealing_no_treasure() -> None:
    g, (me, _, _) = game(H1, players=3)
    place(g, 0, hand=["Noble Brigand"])
    place(g, 1, deck=["Estate", "Duchy"])
    place(g, 2, deck=["Copper", "Estate"])
    play_card(g, 0, "Noble Brigand")
    assert names(g.discard[1]) == ["Copper", "Duchy", "Estate"]
    assert g.owned[1][e.COPPER] == 1
    # a Copper revealed is a Treasure: no Copper gained, nothing trashed
    assert names(g.discard[2]) == ["Copper", "Estate"]
    assert g.owned[2][e.COPPER] == 1
    assert me.asked == []


def test_noble_brigand_bought_attacks_without_a_moat_reveal() -> None:
    g, (me, other) = game((*H3[:7], "Noble Brigand", "Oasis", "Stables"))
    place(g, 0, hand=["Silver", "Silver"], deck=["Copper"] * 5)
    place(g, 1, hand=["Moat"], deck=["Silver", "Copper"])
    me.answers = [e.NOBLE_BRIGAND]
    g.play_turn()
    assert other.asked == []  # no Moat: the attack is not played
    assert g.owned[0][e.SILVER] == 3
    assert g.owned[0][e.NOBLE_BRIGAND] == 1
    assert names(g.discard[1]) == ["Copper"]


# ---- Spice Merchant ----


def test_spice_merchant_trashes_a_treasure_for_cards_and_an_action() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Spice Merchant", "Copper", "Estate"], deck=["Silver", "Gold", "Copper"])
    me.answers = [(e.COPPER,), "cards_action"]
    play_card(g, 0, "Spice Merchant")
    assert names(g.trash) == ["Copper"]
    assert names(g.hand[0]) == ["Estate", "Gold", "Silver"]
    assert g.actions == 1
    assert me.asked[1].kind == e.CHOOSE
    assert me.asked[1].options == ("cards_action", "coins_buy")


def test_spice_merchant_trashes_for_coins_and_a_buy() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Spice Merchant", "Silver"], deck=["Gold"])
    me.answers = [(e.SILVER,), "coins_buy"]
    play_card(g, 0, "Spice Merchant")
    assert (g.coins, g.buys, g.actions) == (2, 1, 0)
    assert g.hand[0] == []


def test_spice_merchant_may_trash_nothing_and_then_gives_nothing() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Spice Merchant", "Copper"], deck=["Gold"])
    me.answers = [()]
    play_card(g, 0, "Spice Merchant")
    assert (g.coins, g.buys, g.actions) == (0, 0, 0)
    assert len(me.asked) == 1


def test_spice_merchant_refuses_an_unknown_option() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Spice Merchant", "Copper"], deck=["Gold"])
    me.answers = [(e.COPPER,), "trash"]
    with pytest.raises(e.IllegalChoice, match="choose one of"):
        play_card(g, 0, "Spice Merchant")


# ---- Farmland ----


def test_farmland_bought_trashes_a_card_and_gains_one_costing_exactly_two_more() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Gold", "Gold", "Estate", "Cache"], deck=["Copper"] * 5)
    me.answers = [e.FARMLAND, (e.ESTATE,), e.SPICE_MERCHANT]
    g.play_turn()
    gain = me.asked[-1]
    assert gain.kind == e.GAIN
    assert set(gain.among) == {e.SPICE_MERCHANT, e.NOBLE_BRIGAND}
    assert names(g.trash) == ["Estate"]
    assert g.owned[0][e.FARMLAND] == 1
    assert g.owned[0][e.SPICE_MERCHANT] == 1


def test_farmland_trashing_a_gold_gains_a_province() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Gold"])
    me.answers = [(e.GOLD,), e.PROVINCE]
    e.TEXTS.on_buy[e.FARMLAND](g, 0)
    assert me.asked[-1].among == (e.PROVINCE,)
    assert g.owned[0][e.PROVINCE] == 1
    g2, (me2, _) = game(H1)
    place(g2, 0, hand=["Gold", "Gold"], deck=["Copper"] * 5)
    # all treasures are played: nothing left in hand to trash, so nothing gained
    me2.answers = [e.FARMLAND]
    g2.play_turn()
    assert me2.asked[-1].kind == e.BUY


def test_farmland_gains_nothing_when_no_card_costs_exactly_that() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Gold", "Gold", "Duchy"], deck=["Copper"] * 5)
    me.answers = [e.FARMLAND, (e.DUCHY,)]  # nothing costs exactly 7
    g.play_turn()
    assert names(g.trash) == ["Duchy"]
    assert me.asked[-1].kind == e.SELECT


def test_farmland_is_worth_two_points() -> None:
    g, _ = game(H1)
    place(g, 0, hand=["Farmland", "Farmland"])
    assert g.score(0) == 4


# ---- Stables ----


def test_stables_discards_a_treasure_for_three_cards_and_an_action() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Stables", "Copper", "Estate"], deck=["Silver", "Gold", "Copper", "Duchy"])
    me.answers = [(e.COPPER,)]
    play_card(g, 0, "Stables")
    assert me.asked[0].among == (e.COPPER,)
    assert names(g.hand[0]) == ["Copper", "Estate", "Gold", "Silver"]
    assert names(g.discard[0]) == ["Copper"]
    assert g.actions == 1


def test_stables_without_a_discard_does_nothing() -> None:
    g, (me, _) = game(H1)
    place(g, 0, hand=["Stables", "Copper"], deck=["Gold"])
    me.answers = [()]
    play_card(g, 0, "Stables")
    assert names(g.hand[0]) == ["Copper"]
    assert g.actions == 0
    g2, (me2, _) = game(H1)
    place(g2, 0, hand=["Stables", "Estate"], deck=["Gold"])
    play_card(g2, 0, "Stables")
    assert me2.asked == []


# ---- Mandarin ----


def test_mandarin_gives_three_coins_and_puts_a_card_from_hand_onto_the_deck() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Mandarin", "Estate", "Copper"], deck=["Gold"])
    me.answers = [(e.ESTATE,)]
    play_card(g, 0, "Mandarin")
    assert g.coins == 3
    assert top_first(g, 0) == ["Estate", "Gold"]
    assert names(g.hand[0]) == ["Copper"]


def test_mandarin_gained_puts_the_treasures_in_play_onto_the_deck_in_the_order_chosen() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Gold", "Silver", "Copper", "Estate"], deck=["Duchy"] * 5)
    me.answers = [e.MANDARIN, (e.SILVER,), (e.GOLD,)]
    g.play_turn()
    assert [d.what for d in me.asked[1:]] == ["top", "top"]
    # Silver chosen for the top, then Gold; Copper last under them; then the 5 new cards
    assert names(g.hand[0]) == ["Copper", "Duchy", "Duchy", "Gold", "Silver"]
    assert top_first(g, 0)[:3] == ["Duchy", "Duchy", "Duchy"]
    assert e.GOLD not in g.discard[0]
    assert e.COPPER not in g.discard[0]
    assert names(g.discard[0]) == ["Estate", "Mandarin"]


def test_mandarin_gained_with_one_kind_of_treasure_asks_nothing() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Silver", "Silver", "Silver"], deck=[])
    me.answers = [e.MANDARIN]
    g.play_turn()
    assert len(me.asked) == 1
    # the Silvers onto the empty deck, then drawn, with the Mandarin shuffled in
    assert names(g.hand[0]) == ["Mandarin"] + ["Silver"] * 3


# ---- Silk Road ----


def test_silk_road_is_one_point_per_four_victory_cards() -> None:
    g, _ = game(H2)
    place(g, 0, hand=["Silk Road", "Silk Road", "Tunnel"], deck=["Estate"] * 4,
          discard=["Province", "Copper"])  # fmt: skip
    # 8 Victory cards (Silk Roads, Tunnel, Estates, Province): each Silk Road 2
    assert g.score(0) == 2 * 2 + 2 + 4 + 6
    place(g, 1, hand=["Silk Road", "Estate", "Estate"])
    assert g.score(1) == 2


# ---- Tunnel, and every discard outside clean-up ----


def test_tunnel_discarded_reveals_for_a_gold() -> None:
    g, (me, _) = game((*H1[:9], "Tunnel"))
    place(g, 0, hand=["Oasis", "Tunnel"], deck=["Copper"])
    me.answers = [(e.TUNNEL,), True]
    play_card(g, 0, "Oasis")
    assert me.asked[1].kind == e.YES
    assert me.asked[1].what == "tunnel"
    assert names(g.discard[0]) == ["Gold", "Tunnel"]
    assert g.owned[0][e.GOLD] == 1


def test_tunnel_may_stay_hidden() -> None:
    g, (me, _) = game((*H1[:9], "Tunnel"))
    place(g, 0, hand=["Oasis", "Tunnel"], deck=["Copper"])
    me.answers = [(e.TUNNEL,), False]
    play_card(g, 0, "Oasis")
    assert names(g.discard[0]) == ["Tunnel"]


def test_tunnel_does_not_react_in_clean_up() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Tunnel", "Tunnel", "Copper"], deck=["Copper"] * 5)
    me.answers = [None]
    g.play_turn()
    assert [d.kind for d in me.asked] == [e.BUY]
    assert g.owned[0][e.GOLD] == 0


def test_tunnel_is_worth_two_points() -> None:
    g, _ = game(H2)
    place(g, 0, hand=["Tunnel"])
    assert g.score(0) == 2


def test_tunnel_reacts_to_cellar() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Cellar", "Tunnel", "Estate"], deck=["Copper", "Copper"])
    me.answers = [(e.ESTATE, e.TUNNEL), True]
    play_card(g, 0, "Cellar")
    assert g.owned[0][e.GOLD] == 1
    assert names(g.hand[0]) == ["Copper", "Copper"]


def test_tunnel_reacts_to_militia_two_tunnels_two_golds() -> None:
    g, (_me, other) = game(H2)
    place(g, 0, hand=["Militia"])
    place(g, 1, hand=["Tunnel", "Tunnel", "Copper", "Copper", "Copper"])
    other.answers = [(e.TUNNEL, e.TUNNEL), True, True]
    play_card(g, 0, "Militia")
    assert g.owned[1][e.GOLD] == 2
    assert names(g.discard[1]) == ["Gold", "Gold", "Tunnel", "Tunnel"]


def test_tunnel_reacts_to_vassal() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Vassal"], deck=["Tunnel"])
    me.answers = [True]
    play_card(g, 0, "Vassal")
    assert names(g.discard[0]) == ["Gold", "Tunnel"]


def test_vassal_plays_the_discarded_action_after_a_reaction() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Vassal"], deck=["Cellar", "Copper"], discard=["Cellar"])
    me.answers = [True, ()]
    play_card(g, 0, "Vassal")
    assert names(g.in_play) == ["Cellar", "Vassal"]
    assert names(g.discard[0]) == ["Cellar"]


def test_tunnel_reacts_to_poacher() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Poacher", "Tunnel"], deck=["Copper"])
    g.empty = 1
    me.answers = [(e.TUNNEL,), True]
    play_card(g, 0, "Poacher")
    assert g.owned[0][e.GOLD] == 1


def test_tunnel_reacts_to_sentry() -> None:
    g, (me, _) = game(H2)
    place(g, 0, hand=["Sentry"], deck=["Copper", "Tunnel", "Estate"])
    me.answers = [(), (e.TUNNEL,), True]
    play_card(g, 0, "Sentry")
    assert g.owned[0][e.GOLD] == 1
    assert names(g.discard[0]) == ["Gold", "Tunnel"]
    assert top_first(g, 0) == ["Estate"]


def test_tunnel_reacts_to_bandit() -> None:
    g, (_me, other) = game(H3)
    place(g, 0, hand=["Bandit"])
    place(g, 1, hand=["Copper"], deck=["Tunnel", "Silver"])
    other.answers = [True]
    play_card(g, 0, "Bandit")
    assert g.owned[1][e.GOLD] == 1
    assert names(g.discard[1]) == ["Gold", "Tunnel"]
    assert names(g.trash) == ["Silver"]


def test_tunnel_reacts_to_noble_brigand_margrave_and_stables_discards() -> None:
    g, (_me, other) = game((*H1[:9], "Tunnel"))
    place(g, 0, hand=["Noble Brigand"])
    place(g, 1, deck=["Tunnel", "Estate"])
    other.answers = [True]
    play_card(g, 0, "Noble Brigand")
    # no Treasure revealed: a Copper too
    assert names(g.discard[1]) == ["Copper", "Estate", "Gold", "Tunnel"]
    g2, (_me2, other2) = game(H3)
    place(g2, 0, hand=["Margrave"], deck=["Copper"] * 3)
    place(g2, 1, hand=["Tunnel", "Copper", "Copper", "Copper"], deck=["Estate"])
    other2.answers = [(e.TUNNEL, e.ESTATE), True]
    play_card(g2, 0, "Margrave")
    assert g2.owned[1][e.GOLD] == 1


def test_a_library_set_aside_is_a_discard() -> None:
    """Library's set-aside actions are discarded (a Tunnel is never one: it is not an Action)."""
    g, (me, _) = game(H2)
    place(g, 0, hand=["Library"], deck=["Cellar", "Copper", "Copper"])
    me.answers = [True]
    calls: list[list[int]] = []
    g.discarded = lambda p, cards: calls.append(list(cards))  # type: ignore[method-assign]
    play_card(g, 0, "Library")
    assert calls == [[e.CELLAR]]


# ---- first edition, by name: the version played ----


def test_first_edition_farmland_reacts_to_a_buy_not_a_gain() -> None:
    """Farmland 1e: "When you buy this"; gained otherwise (a Haggler cannot: it is a Victory
    card; a Workshop-like gain in a test) it trashes nothing."""
    g, (me, _) = game(H1)
    place(g, 0, hand=["Estate"])
    g.gain(0, e.FARMLAND)
    assert me.asked == []
    assert g.trash == []


# ---- the bots ----


def test_the_bots_answer_the_decisions_of_these_cards() -> None:
    b = bots.bot("heuristic")
    g, _ = game(H1)
    place(g, 0, hand=["Copper", "Copper", "Estate"])
    view = g.views[0]
    assert b(
        view, e.Decision(e.SELECT, 1, e.NOBLE_BRIGAND, "brigand", (e.SILVER, e.GOLD), 1, 1)
    ) == (e.GOLD,)
    assert b(view, e.Decision(e.SELECT, 0, e.SPICE_MERCHANT, "trash", (e.COPPER,), 0, 1)) == (
        e.COPPER,
    )
    assert b(view, e.Decision(e.SELECT, 0, e.STABLES, "discard", (e.COPPER,), 0, 1)) == (e.COPPER,)
    choice = e.Decision(e.CHOOSE, 0, e.SPICE_MERCHANT, "spice_merchant",
                        options=hinterlands.SPICE_OPTIONS)  # fmt: skip
    assert b(view, choice) == "cards_action"
    g.coins = 4  # 2 Coppers in hand: 6 with the Spice Merchant's coins, a Gold
    assert b(view, choice) == "coins_buy"
    assert b(view, e.Decision(e.SELECT, 0, e.FARMLAND, "trash", (e.COPPER, e.ESTATE), 1, 1)) == (
        e.ESTATE,
    )
    assert b(view, e.Decision(e.YES, 0, e.TUNNEL, "tunnel", (e.TUNNEL,))) is True
    assert b(view, e.Decision(e.YES, 0, e.FOOLS_GOLD, "fools_gold", (e.FOOLS_GOLD,))) is True


class Eager(bots.Heuristic):
    """The heuristic bot buying the kingdom's cards (so that a bot game plays them)."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def buy(self, view: e.View, coins: int) -> int | None:
        wanted = [c for c in view.kingdom if view.pile(c) and view.cost(c) <= coins]
        if wanted and self.rnd.random() < 0.6:
            return self.rnd.choice(wanted)
        return super().buy(view, coins)

    def action(self, view: e.View, among: tuple[int, ...]) -> int | None:
        return self.rnd.choice(among)


@pytest.mark.parametrize("kingdom", [H1, H2, H3])
def test_bot_games_on_these_cards_finish_and_replay(kingdom: tuple[str, ...]) -> None:
    for seed in range(6):
        players = 2 + seed % 3
        agents = [Eager(random.Random(seed * 10 + i)) for i in range(players)]
        first = e.play(kingdom, agents, seed, record=True)
        assert first.ended in (e.ENDED_PROVINCES, e.ENDED_PILES)
        again = e.replay(kingdom, players, seed, first.answers)
        assert again.scores == first.scores
        assert again.answers == first.answers


# ---- random legal games: every card kept, every decision legal ----


def random_agent(rnd: random.Random) -> e.Agent:
    """A legal answer drawn at random (buying the kingdom's cards often)."""

    def answer(view: e.View, d: e.Decision) -> e.Answer:
        kind = d.kind
        if kind == e.BUY:
            can = [
                c
                for c in range(e.N)
                if view.in_supply(c) and view.pile(c) and view.cost(c) <= d.coins
            ]
            if not can or rnd.random() < 0.1:
                return None
            kingdom = [c for c in can if c in view.kingdom]
            return rnd.choice(kingdom if kingdom and rnd.random() < 0.7 else can)
        if kind == e.PLAY:
            return rnd.choice([*d.among, None]) if rnd.random() < 0.2 else rnd.choice(d.among)
        if kind == e.GAIN:
            return rnd.choice(d.among)
        if kind == e.YES:
            return rnd.random() < 0.7
        if kind == e.CHOOSE:
            return rnd.choice(d.options)
        if kind == e.NAME:
            return rnd.randrange(e.N)
        k = rnd.randint(d.low, d.high)
        return tuple(rnd.sample(list(d.among), k))

    return answer


def all_cards(g: e.Game) -> Counter[int]:
    every: Counter[int] = Counter()
    for p in range(g.n):
        every.update(g.deck[p] + g.hand[p] + g.discard[p])
    every.update(g.in_play)
    every.update(g.trash)
    for c in range(e.N):
        if c not in g.mixed:
            every[c] += g.supply[c]
    return every


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    pick=st.sampled_from([H1, H2, H3]),
)
def test_random_games_keep_every_card(seed: int, players: int, pick: tuple[str, ...]) -> None:
    rnd = random.Random(seed)
    agents = [random_agent(rnd) for _ in range(players)]
    g = e.Game(pick, agents, seed, record=True)
    start = all_cards(g)
    for _ in range(40 * players):
        g.play_turn()
        assert all_cards(g) == start
        for p in range(players):
            zones = Counter(g.deck[p] + g.hand[p] + g.discard[p])
            assert [zones[c] for c in range(e.N)] == g.owned[p]
            assert sum(zones.values()) == g.total[p]
        if g.over():
            break
        g.current = (g.current + 1) % players


# ---- a person at the terminal ----


@pytest.mark.parametrize("language", ["en", "cs"])
def test_a_person_is_asked_these_cards_questions_in_their_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    import io

    from kolo import i18n
    from kolo.cli.dominion.play import Person

    person = Person()
    g, _ = game((*H1[:9], "Tunnel"))
    person.game = g
    view = g.views[0]
    i18n.activate(language)
    try:
        monkeypatch.setattr("sys.stdin", io.StringIO("y\n2\n"))
        assert person.read(view, e.Decision(e.YES, 0, e.TUNNEL, "tunnel", (e.TUNNEL,))) is True
        choice = e.Decision(e.CHOOSE, 0, e.SPICE_MERCHANT, "spice_merchant",
                            options=hinterlands.SPICE_OPTIONS)  # fmt: skip
        assert person.read(view, choice) == "coins_buy"
        monkeypatch.setattr("sys.stdin", io.StringIO("a\n"))
        fools = e.Decision(e.YES, 0, e.FOOLS_GOLD, "fools_gold", (e.FOOLS_GOLD,))
        assert person.read(view, fools) is True
        monkeypatch.setattr("sys.stdin", io.StringIO("2\n"))
        brigand = e.Decision(e.SELECT, 0, e.NOBLE_BRIGAND, "brigand", (e.SILVER, e.GOLD), 1, 1)
        assert person.read(view, brigand) == (e.GOLD,)
    finally:
        i18n.activate("en")
    out = capsys.readouterr().out
    if language == "en":
        assert "Reveal Tunnel to gain a Gold?" in out
        assert "Spice Merchant: choose one" in out
        assert "2. +2 coins and +1 Buy" in out
        assert "Trash Fool's Gold to gain a Gold onto your deck?" in out
        assert "cards to trash of the cards the other player revealed" in out
    else:
        assert "Ukázat Tunel a získat Zlaťák?" in out
        assert "Kořenář: vyberte jedno" in out
        assert "1. +2 karty a +1 akce" in out
        assert "Zahodit Kočičí zlato na smetiště a získat Zlaťák na balíček?" in out
        assert "zahodit na smetiště z karet, které ukázal soupeř" in out


def test_farmland_measures_exactly_two_more_at_the_costs_of_the_moment() -> None:
    """With a Highway in play an Estate costs $1: Farmland gains a card costing $3 now
    (printed $4: Noble Brigand, Spice Merchant), not a Silver (printed $3, now $2)."""
    g, (me, _) = game(H1)
    place(g, 0, hand=["Highway", "Gold", "Gold", "Estate"], deck=["Copper"] * 6)
    me.answers = [e.HIGHWAY, e.FARMLAND, (e.ESTATE,), e.NOBLE_BRIGAND]
    g.play_turn()
    gain = me.asked[-1]
    assert gain.kind == e.GAIN
    assert set(gain.among) == {e.NOBLE_BRIGAND, e.SPICE_MERCHANT}
    assert g.owned[0][e.NOBLE_BRIGAND] == 1


def test_the_bots_mandarin_puts_back_what_the_turn_does_not_need() -> None:
    b = bots.bot("heuristic")
    g, _ = game(H2)
    view = g.views[0]

    def topdeck(hand: list[str], coins: int, actions: int) -> str:
        place(g, 0, hand=hand)
        g.coins, g.actions = coins, actions
        among = tuple(sorted(g.hand[0]))
        (card,) = b(view, e.Decision(e.SELECT, 0, e.MANDARIN, "topdeck", among, 1, 1))
        return e.CARDS[card]

    # an action it cannot play
    assert topdeck(["Cellar", "Gold", "Copper"], 3, 0) == "Cellar"
    # $3 + Gold + Silver + Copper = $9: without the Copper still a Province
    assert topdeck(["Gold", "Silver", "Copper"], 3, 0) == "Copper"
    # $3 + Gold + Gold + Silver = $11: a Gold is spare
    assert topdeck(["Gold", "Gold", "Silver"], 3, 0) == "Gold"
    # $3 + Silver = $5, without it $3: the Estate goes back
    assert topdeck(["Silver", "Estate"], 3, 0) == "Estate"
    # only treasures, none spare: the general rule (the weakest)
    assert topdeck(["Silver", "Copper"], 2, 0) == "Copper"
