"""Each kingdom card's effect, by a hand-built position (source 004; the cards' real texts,
RULES.md §5.2 note; issue 16)."""

from __future__ import annotations

import pytest

from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import Script, game, names, place, play_card, top_first

K = ("Cellar", "Chapel", "Moat", "Harbinger", "Merchant", "Vassal", "Village", "Workshop",
     "Bureaucrat", "Gardens")  # fmt: skip
K2 = ("Militia", "Moneylender", "Poacher", "Remodel", "Smithy", "Throne Room", "Bandit",
      "Council Room", "Festival", "Laboratory")  # fmt: skip
K3 = ("Library", "Market", "Mine", "Sentry", "Witch", "Artisan", "Feast", "Village", "Moat",
      "Gardens")  # fmt: skip


def test_cellar_discards_then_draws_as_many() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Cellar", "Estate", "Estate", "Copper"], deck=["Gold", "Silver", "Copper"])
    me.answers = [(e.ESTATE, e.ESTATE)]
    play_card(g, 0, "Cellar")
    assert g.actions == 1
    assert names(g.hand[0]) == ["Copper", "Gold", "Silver"]
    assert names(g.discard[0]) == ["Estate", "Estate"]
    assert me.asked[0].kind == e.SELECT
    assert me.asked[0].high == 3


def test_cellar_discarded_cards_join_the_shuffle() -> None:
    """Source 004: if Cellar's draw causes a shuffle, the cards just discarded are in it."""
    g, (me, _) = game(K)
    place(g, 0, hand=["Cellar", "Estate", "Estate"], deck=[])
    me.answers = [(e.ESTATE, e.ESTATE)]
    play_card(g, 0, "Cellar")
    assert names(g.hand[0]) == ["Estate", "Estate"]
    assert g.discard[0] == []


def test_chapel_trashes_up_to_four() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Chapel", "Estate", "Copper", "Copper", "Copper", "Silver"])
    me.answers = [(e.ESTATE, e.COPPER, e.COPPER, e.COPPER)]
    play_card(g, 0, "Chapel")
    assert names(g.hand[0]) == ["Silver"]
    assert names(g.trash) == ["Copper", "Copper", "Copper", "Estate"]
    assert g.owned[0][e.COPPER] == 0
    assert g.total[0] == 2
    assert me.asked[0].high == 4


def test_chapel_refuses_five() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Chapel", "Estate", "Copper", "Copper", "Copper", "Silver"])
    me.answers = [(e.ESTATE, e.COPPER, e.COPPER, e.COPPER, e.SILVER)]
    with pytest.raises(e.IllegalChoice, match="choose 0 to 4"):
        play_card(g, 0, "Chapel")


def test_moat_draws_two() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Moat"], deck=["Gold", "Silver", "Copper"])
    play_card(g, 0, "Moat")
    assert names(g.hand[0]) == ["Gold", "Silver"]


def test_harbinger_puts_a_card_from_the_discard_onto_the_deck() -> None:
    """The card says "onto your deck" (source 004 says "into your hand": a slip)."""
    g, (me, _) = game(K)
    place(g, 0, hand=["Harbinger"], deck=["Copper", "Estate"], discard=["Gold", "Estate"])
    me.answers = [(e.GOLD,)]
    play_card(g, 0, "Harbinger")
    assert names(g.hand[0]) == ["Copper"]
    assert g.actions == 1
    assert top_first(g, 0) == ["Gold", "Estate"]
    assert names(g.discard[0]) == ["Estate"]


def test_merchant_gives_one_coin_for_the_first_silver_and_an_action() -> None:
    """The card: +1 Card, +1 Action (source 004 says +1 Buy: a slip)."""
    g, (me, _) = game(K)
    place(g, 0, hand=["Merchant", "Merchant", "Silver", "Silver", "Copper"], deck=["Copper"] * 6)
    me.answers = [e.MERCHANT, e.MERCHANT, None]
    g.play_turn()
    # Silvers 2 + 2, Copper 1, two drawn Coppers 2, each Merchant +1 for the first Silver
    buy = me.asked[-1]
    assert buy.kind == e.BUY
    assert buy.coins == 2 + 2 + 1 + 2 + 2
    assert me.asked[1].kind == e.PLAY  # the second action: Merchant gave +1 Action
    assert len([d for d in me.asked if d.kind == e.BUY]) == 1  # no +Buy


def test_merchant_without_silver_gives_nothing() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Merchant", "Copper", "Copper"], deck=["Copper"] * 6)
    me.answers = [e.MERCHANT, None]
    g.play_turn()
    assert me.asked[-1].coins == 3


def test_vassal_discards_the_top_card_and_may_play_an_action() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Vassal"], deck=["Village", "Copper", "Gold"])
    me.answers = [True]
    play_card(g, 0, "Vassal")
    assert g.coins == 2
    assert names(g.in_play) == ["Vassal", "Village"]
    assert names(g.hand[0]) == ["Copper"]
    assert g.actions == 2  # Village's +2 Actions; playing it used none
    assert g.discard[0] == []


def test_vassal_discards_a_non_action() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Vassal"], deck=["Gold"])
    play_card(g, 0, "Vassal")
    assert names(g.discard[0]) == ["Gold"]
    assert me.asked == []


def test_vassal_gives_two_coins() -> None:
    """The card: +$2, then discard the top card (source 004 leaves out the +$2: a slip)."""
    g, (me, _) = game(K)
    place(g, 0, hand=["Vassal"], deck=[])
    play_card(g, 0, "Vassal")
    assert g.coins == 2
    assert g.discard[0] == []
    assert me.asked == []


def test_village() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Village"], deck=["Gold"])
    play_card(g, 0, "Village")
    assert g.actions == 2
    assert names(g.hand[0]) == ["Gold"]


def test_workshop_gains_a_card_costing_up_to_four() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Workshop"])
    me.answers = [e.INDEX["Gardens"]]
    play_card(g, 0, "Workshop")
    assert names(g.discard[0]) == ["Gardens"]
    among = me.asked[0].among
    assert e.GOLD not in among
    assert e.SILVER in among
    assert e.INDEX["Gardens"] in among
    assert g.supply[e.INDEX["Gardens"]] == 7  # 8 Gardens with two players


def test_workshop_refuses_a_gold() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Workshop"])
    me.answers = [e.GOLD]
    with pytest.raises(e.IllegalChoice, match="not among"):
        play_card(g, 0, "Workshop")


def test_bureaucrat_gains_silver_onto_the_deck_and_others_put_back_a_victory_card() -> None:
    g, (_me, other) = game(K)
    place(g, 0, hand=["Bureaucrat"], deck=["Copper"])
    place(g, 1, hand=["Estate", "Gardens", "Copper"], deck=["Gold"])
    other.answers = [(e.ESTATE,)]
    play_card(g, 0, "Bureaucrat")
    assert top_first(g, 0) == ["Silver", "Copper"]
    assert top_first(g, 1) == ["Estate", "Gold"]
    assert names(g.hand[1]) == ["Copper", "Gardens"]


def test_bureaucrat_against_a_hand_without_victory_cards() -> None:
    g, (_, other) = game(K)
    place(g, 0, hand=["Bureaucrat"])
    place(g, 1, hand=["Copper", "Silver"])
    play_card(g, 0, "Bureaucrat")
    assert names(g.hand[1]) == ["Copper", "Silver"]
    assert other.asked == []
    assert any(ev.verb == "reveal" and ev.player == 1 for ev in g.log or [])
    assert "P2 reveals Copper, Silver" in [ev.text() for ev in g.log or []][-1]


def test_gardens_is_worth_one_per_ten_cards() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Gardens", "Gardens"], deck=["Copper"] * 27)
    assert g.score(0) == 2 * 2
    place(g, 0, hand=["Gardens", "Estate"], deck=["Copper"] * 8)
    assert g.score(0) == 1 + 1


def test_militia_makes_others_discard_down_to_three() -> None:
    g, (_, other) = game(K2, players=2)
    place(g, 0, hand=["Militia"])
    place(g, 1, hand=["Estate", "Copper", "Copper", "Silver", "Gold"])
    other.answers = [(e.ESTATE, e.COPPER)]
    play_card(g, 0, "Militia")
    assert g.coins == 2
    assert names(g.hand[1]) == ["Copper", "Gold", "Silver"]
    assert other.asked[0].low == other.asked[0].high == 2


def test_militia_refuses_discarding_too_few() -> None:
    g, (_, other) = game(K2)
    place(g, 0, hand=["Militia"])
    place(g, 1, hand=["Estate", "Copper", "Copper", "Silver", "Gold"])
    other.answers = [(e.ESTATE,)]
    with pytest.raises(e.IllegalChoice, match="exactly 2"):
        play_card(g, 0, "Militia")


def test_moneylender_trashes_a_copper_for_three() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Moneylender", "Copper", "Copper"])
    me.answers = [True]
    play_card(g, 0, "Moneylender")
    assert g.coins == 3
    assert names(g.hand[0]) == ["Copper"]
    assert names(g.trash) == ["Copper"]


def test_moneylender_may_decline() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Moneylender", "Copper"])
    me.answers = [False]
    play_card(g, 0, "Moneylender")
    assert g.coins == 0
    assert g.trash == []


def test_poacher_discards_one_card_per_empty_pile() -> None:
    g, (me, _) = game(K2)
    g.supply[e.INDEX["Festival"]] = 0
    g.supply[e.INDEX["Smithy"]] = 0
    g.empty = 2
    place(g, 0, hand=["Poacher", "Estate", "Copper", "Gold"], deck=["Silver"])
    me.answers = [(e.ESTATE, e.COPPER)]
    play_card(g, 0, "Poacher")
    assert g.actions == 1
    assert g.coins == 1
    assert names(g.hand[0]) == ["Gold", "Silver"]
    assert me.asked[0].low == me.asked[0].high == 2


def test_poacher_with_no_empty_pile_asks_nothing() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Poacher", "Estate"], deck=["Silver"])
    play_card(g, 0, "Poacher")
    assert me.asked == []
    assert len(g.hand[0]) == 2


def test_remodel_gains_a_card_costing_up_to_two_more() -> None:
    """Any card (source 004 says an Action card: the card says any card)."""
    g, (me, _) = game(K2)
    place(g, 0, hand=["Remodel", "Gold", "Estate"])
    me.answers = [(e.GOLD,), e.PROVINCE]
    play_card(g, 0, "Remodel")
    assert names(g.trash) == ["Gold"]
    assert names(g.discard[0]) == ["Province"]
    assert max(e.COST[c] for c in me.asked[1].among) == 8


def test_remodel_refuses_too_costly_a_gain() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Remodel", "Estate"])
    me.answers = [(e.ESTATE,), e.GOLD]
    with pytest.raises(e.IllegalChoice):
        play_card(g, 0, "Remodel")


def test_smithy_draws_three() -> None:
    g, _ = game(K2)
    place(g, 0, hand=["Smithy"], deck=["Gold", "Silver", "Copper", "Estate"])
    play_card(g, 0, "Smithy")
    assert names(g.hand[0]) == ["Copper", "Gold", "Silver"]


def test_throne_room_plays_an_action_twice() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Throne Room", "Smithy"], deck=["Copper"] * 7)
    me.answers = [e.SMITHY]
    play_card(g, 0, "Throne Room")
    assert len(g.hand[0]) == 6
    assert names(g.in_play) == ["Smithy", "Throne Room"]


def test_throne_room_on_throne_room() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Throne Room", "Throne Room", "Festival", "Laboratory"], deck=["Copper"] * 7)
    me.answers = [e.THRONE_ROOM, e.FESTIVAL, e.LABORATORY]
    play_card(g, 0, "Throne Room")
    assert g.actions == 4 + 2
    assert g.coins == 4
    assert g.buys == 2
    assert len(g.hand[0]) == 4


def test_throne_room_may_play_nothing() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Throne Room", "Smithy"])
    me.answers = [None]
    play_card(g, 0, "Throne Room")
    assert names(g.hand[0]) == ["Smithy"]


def test_bandit_gains_gold_and_trashes_a_non_copper_treasure() -> None:
    g, (_, other) = game(K2)
    place(g, 0, hand=["Bandit"])
    place(g, 1, deck=["Silver", "Gold", "Estate"])
    other.answers = [(e.SILVER,)]
    play_card(g, 0, "Bandit")
    assert names(g.discard[0]) == ["Gold"]
    assert names(g.trash) == ["Silver"]
    assert names(g.discard[1]) == ["Gold"]
    assert top_first(g, 1) == ["Estate"]


def test_bandit_leaves_coppers() -> None:
    g, (_, other) = game(K2)
    place(g, 0, hand=["Bandit"])
    place(g, 1, deck=["Copper", "Estate"])
    play_card(g, 0, "Bandit")
    assert g.trash == []
    assert names(g.discard[1]) == ["Copper", "Estate"]
    assert other.asked == []


def test_bandit_gains_a_gold_not_a_coin() -> None:
    """The card: gain a Gold (source 004 says "+1 treasure": a slip). Nothing to spend this
    turn, nothing to choose: a Gold from the supply to the discard pile."""
    g, (me, _) = game(K2)
    place(g, 0, hand=["Bandit"])
    place(g, 1, deck=["Estate", "Estate"])
    golds = g.supply[e.GOLD]
    play_card(g, 0, "Bandit")
    assert g.coins == 0
    assert names(g.discard[0]) == ["Gold"]
    assert g.hand[0] == []
    assert g.supply[e.GOLD] == golds - 1
    assert me.asked == []


def test_council_room_draws_four_gives_a_buy_and_others_draw() -> None:
    g, _ = game(K2, players=3, scripts=[Script(), Script(), Script()])
    place(g, 0, hand=["Council Room"], deck=["Copper"] * 5)
    place(g, 1, hand=[], deck=["Gold"])
    place(g, 2, hand=[], deck=["Silver"])
    play_card(g, 0, "Council Room")
    assert len(g.hand[0]) == 4
    assert g.buys == 1
    assert names(g.hand[1]) == ["Gold"]
    assert names(g.hand[2]) == ["Silver"]


def test_festival() -> None:
    g, _ = game(K2)
    place(g, 0, hand=["Festival"])
    play_card(g, 0, "Festival")
    assert (g.actions, g.buys, g.coins) == (2, 1, 2)


def test_laboratory() -> None:
    g, _ = game(K2)
    place(g, 0, hand=["Laboratory"], deck=["Gold", "Gold", "Gold"])
    play_card(g, 0, "Laboratory")
    assert g.actions == 1
    assert len(g.hand[0]) == 2


def test_library_draws_to_seven_setting_aside_actions_it_chooses() -> None:
    g, (me, _) = game(K3)
    place(
        g,
        0,
        hand=["Library", "Copper", "Copper", "Copper", "Copper"],
        deck=["Village", "Gold", "Moat", "Silver", "Estate"],
    )
    me.answers = [True, False]
    play_card(g, 0, "Library")
    assert names(g.hand[0]) == ["Copper"] * 4 + ["Gold", "Moat", "Silver"]
    assert names(g.discard[0]) == ["Village"]
    assert top_first(g, 0) == ["Estate"]


def test_market() -> None:
    g, _ = game(K3)
    place(g, 0, hand=["Market"], deck=["Gold"])
    play_card(g, 0, "Market")
    assert (g.actions, g.buys, g.coins, len(g.hand[0])) == (1, 1, 1, 1)


def test_mine_trashes_a_treasure_for_one_costing_up_to_three_more_to_hand() -> None:
    g, (me, _) = game(K3)
    place(g, 0, hand=["Mine", "Silver", "Copper"])
    me.answers = [(e.SILVER,), e.GOLD]
    play_card(g, 0, "Mine")
    assert names(g.hand[0]) == ["Copper", "Gold"]
    assert names(g.trash) == ["Silver"]
    assert all(e.IS_TREASURE[c] for c in me.asked[1].among)


def test_mine_may_trash_nothing() -> None:
    g, (me, _) = game(K3)
    place(g, 0, hand=["Mine", "Copper"])
    me.answers = [()]
    play_card(g, 0, "Mine")
    assert names(g.hand[0]) == ["Copper"]


def test_sentry_trashes_discards_and_puts_back_in_order() -> None:
    """The card: look at the top 2, trash and/or discard any, the rest back in any order."""
    g, (me, _) = game(K3)
    place(g, 0, hand=["Sentry"], deck=["Copper", "Curse", "Estate", "Gold"])
    me.answers = [(e.CURSE,), (e.ESTATE,)]
    play_card(g, 0, "Sentry")
    assert names(g.hand[0]) == ["Copper"]
    assert g.actions == 1
    assert names(g.trash) == ["Curse"]
    assert names(g.discard[0]) == ["Estate"]
    assert top_first(g, 0) == ["Gold"]


def test_sentry_chooses_the_order() -> None:
    g, (me, _) = game(K3)
    place(g, 0, hand=["Sentry"], deck=["Copper", "Silver", "Gold", "Estate"])
    me.answers = [(), (), (e.GOLD,)]
    play_card(g, 0, "Sentry")
    assert top_first(g, 0) == ["Gold", "Silver", "Estate"]


def test_witch_draws_two_and_curses_the_others_in_turn_order() -> None:
    g, _ = game(K3, players=3, scripts=[Script(), Script(), Script()])
    g.supply[e.CURSE] = 1
    place(g, 0, hand=["Witch"], deck=["Copper", "Copper"])
    place(g, 1, hand=["Copper"])
    place(g, 2, hand=["Copper"])
    play_card(g, 0, "Witch")
    assert len(g.hand[0]) == 2
    assert names(g.discard[1]) == ["Curse"]
    assert g.discard[2] == []
    assert g.score(1) == -1
    assert g.empty == 1


def test_artisan_gains_to_hand_and_puts_a_card_onto_the_deck() -> None:
    g, (me, _) = game(K3)
    place(g, 0, hand=["Artisan", "Estate"])
    me.answers = [e.INDEX["Market"], (e.ESTATE,)]
    play_card(g, 0, "Artisan")
    assert names(g.hand[0]) == ["Market"]
    assert top_first(g, 0) == ["Estate"]
    assert max(e.COST[c] for c in me.asked[0].among) == 5


def test_feast_trashes_itself_and_gains_a_card_up_to_five() -> None:
    g, (me, _) = game(K3)
    place(g, 0, hand=["Feast"])
    me.answers = [e.INDEX["Market"]]
    play_card(g, 0, "Feast")
    assert names(g.trash) == ["Feast"]
    assert g.in_play == []
    assert names(g.discard[0]) == ["Market"]
    assert g.owned[0][e.FEAST] == 0


def test_throne_room_feast_trashes_once_and_gains_twice() -> None:
    g, (me, _) = game((*K3, "Throne Room"), players=2)
    place(g, 0, hand=["Throne Room", "Feast"])
    me.answers = [e.FEAST, e.DUCHY, e.DUCHY]
    play_card(g, 0, "Throne Room")
    assert names(g.trash) == ["Feast"]
    assert names(g.discard[0]) == ["Duchy", "Duchy"]


def test_mine_may_gain_a_treasure_of_the_same_cost() -> None:
    """The card: any Treasure costing up to $3 more (source 004 names only Copper → Silver
    and Silver → Gold: a slip)."""
    g, (me, _) = game(K3)
    place(g, 0, hand=["Mine", "Gold"])
    me.answers = [(e.GOLD,), e.GOLD]
    play_card(g, 0, "Mine")
    assert names(g.hand[0]) == ["Gold"]
    assert set(me.asked[1].among) == {e.COPPER, e.SILVER, e.GOLD}


def test_artisan_must_put_a_card_back() -> None:
    """The card: put a card from your hand onto your deck (source 004 says "can")."""
    g, (me, _) = game(K3)
    place(g, 0, hand=["Artisan", "Copper"])
    me.answers = [e.SILVER, ()]
    with pytest.raises(e.IllegalChoice, match="exactly 1"):
        play_card(g, 0, "Artisan")


def test_library_sets_aside_only_action_cards() -> None:
    """The card: only Action cards may be skipped (source 004 lets any card go: a slip)."""
    g, (me, _) = game(K3)
    place(g, 0, hand=["Library"], deck=["Estate", "Curse", "Copper", "Silver", "Gold", "Gold",
                                         "Gold", "Gold"])  # fmt: skip
    play_card(g, 0, "Library")
    assert me.asked == []
    assert names(g.hand[0]) == ["Copper", "Curse", "Estate", "Gold", "Gold", "Gold", "Silver"]
    assert top_first(g, 0) == ["Gold"]
