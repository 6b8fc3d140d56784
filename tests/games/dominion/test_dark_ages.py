"""Dark Ages: the set's own rules (Shelters, Ruins, Spoils, Mercenary, the Knights pile, the
trash as a pile) and the cards that bring them, each by a built position (the printed
cards' texts; docs/rules-notes.md, "Dark Ages"); the bots answer every decision they ask."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from kolo.games.dominion import bots
from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import Script, cards, game, names, place, play_card

LOOT = ("Cultist", "Death Cart", "Marauder", "Pillage", "Bandit Camp", "Urchin", "Rogue",
        "Knights", "Altar", "Count")  # fmt: skip
PLAIN = ("Cultist", "Death Cart", "Urchin", "Rogue", "Knights", "Altar", "Count", "Feodum",
         "Village", "Smithy")  # fmt: skip
"""No Spoils and no Counterfeit: every treasure is played unasked."""
MORE = ("Counterfeit", "Feodum", "Throne Room", "Village", "Moat", "Militia", "Smithy",
        "Cellar", "Market", "Witch")  # fmt: skip


def _shelter_game(kingdom: Sequence[str], scripts: list[Script]) -> e.Game:
    return e.Game(kingdom, scripts, 3, log=True, shelters=True)


# ---- Shelters ----


def test_shelters_replace_the_starting_estates() -> None:
    g = _shelter_game(LOOT, [Script(), Script(), Script()])
    for p in range(3):
        mine = g.hand[p] + g.deck[p] + g.discard[p]
        assert names(mine) == sorted(["Copper"] * 7 + ["Hovel", "Necropolis", "Overgrown Estate"])
        assert g.owned[p][e.ESTATE] == 0
    assert g.supply[e.ESTATE] == 12  # the Estate pile is untouched


def test_necropolis_gives_two_actions() -> None:
    g = _shelter_game(LOOT, [Script(), Script()])
    place(g, 0, hand=["Necropolis"])
    play_card(g, 0, "Necropolis")
    assert g.actions == 2


def test_overgrown_estate_draws_a_card_when_trashed_and_scores_nothing() -> None:
    me = Script([(e.OVERGROWN_ESTATE,), e.SILVER])
    g = _shelter_game(LOOT, [me, Script()])
    place(g, 0, hand=["Altar", "Overgrown Estate"], deck=["Gold"])
    play_card(g, 0, "Altar")
    assert names(g.hand[0]) == ["Gold"]
    assert g.trash == [e.OVERGROWN_ESTATE]
    assert e.VP[e.OVERGROWN_ESTATE] == 0
    assert g.score(0) == 0


def test_hovel_may_be_trashed_when_buying_a_victory_card() -> None:
    me = Script([e.ESTATE, True])
    g = _shelter_game(PLAIN, [me, Script()])
    place(g, 0, hand=["Hovel", "Copper", "Copper", "Copper", "Copper"])
    g.play_turn()
    assert g.trash == [e.HOVEL]
    assert me.asked[1].kind == e.YES
    assert me.asked[1].card == e.HOVEL
    assert g.owned[0][e.HOVEL] == 0
    assert g.owned[0][e.ESTATE] == 1


def test_hovel_is_not_offered_for_a_card_that_is_not_victory() -> None:
    me = Script([e.SILVER])
    g = _shelter_game(PLAIN, [me, Script()])
    place(g, 0, hand=["Hovel", "Copper", "Copper", "Copper", "Copper"])
    g.play_turn()
    assert g.trash == []
    assert len(me.asked) == 1


def test_hovel_reacts_to_dame_josephine_on_top_of_the_knights() -> None:
    me = Script([e.KNIGHTS, False])
    g = _shelter_game(PLAIN, [me, Script()])
    g.mixed[e.KNIGHTS].remove(e.DAME_JOSEPHINE)
    g.mixed[e.KNIGHTS].append(e.DAME_JOSEPHINE)
    place(g, 0, hand=["Hovel", "Copper", "Copper", "Copper", "Copper", "Copper"])
    g.play_turn()
    assert me.asked[1].card == e.HOVEL  # asked, declined
    assert g.owned[0][e.DAME_JOSEPHINE] == 1
    assert g.owned[0][e.HOVEL] == 1


# ---- Ruins ----


def test_ruins_pile_is_ten_per_player_after_the_first_shuffled_from_ten_of_each() -> None:
    g, _ = game(LOOT, players=4)
    pile = g.mixed[e.RUINS]
    assert g.supply[e.RUINS] == len(pile) == 30
    assert all(e.IS_RUINS[c] for c in pile)
    assert all(pile.count(c) <= 10 for c in set(pile))
    assert e.in_supply_of(g, e.RUINS) if hasattr(e, "in_supply_of") else g.in_supply[e.RUINS]


def test_no_ruins_without_a_looter() -> None:
    g, _ = game(MORE)
    assert e.RUINS not in g.mixed
    assert g.supply[e.RUINS] == 0


def test_gaining_a_ruins_gives_the_top_card_and_its_cost_is_the_top_cards() -> None:
    g, _ = game(LOOT)
    top = g.mixed[e.RUINS][-1]
    assert g.cost(e.RUINS) == 0
    assert g.gain(1, e.RUINS)
    assert g.discard[1] == [top]
    assert g.supply[e.RUINS] == 9


@pytest.mark.parametrize(
    ("ruin", "actions", "buys", "coins", "hand"),
    [
        ("Abandoned Mine", 0, 1, 1, 0),
        ("Ruined Library", 0, 1, 0, 1),
        ("Ruined Market", 0, 2, 0, 0),
        ("Ruined Village", 1, 1, 0, 0),
    ],
)
def test_each_simple_ruins_does_its_one_thing(
    ruin: str, actions: int, buys: int, coins: int, hand: int
) -> None:
    g, _ = game(LOOT)
    place(g, 0, hand=[ruin], deck=["Gold"])
    g.buys = 1
    play_card(g, 0, ruin)
    assert (g.actions, g.buys, g.coins, len(g.hand[0])) == (actions, buys, coins, hand)


def test_survivors_discards_both() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Survivors"], deck=["Estate", "Curse", "Gold"])
    me.answers = ["discard_both"]
    play_card(g, 0, "Survivors")
    assert names(g.discard[0]) == ["Curse", "Estate"]
    assert g.deck[0] == cards("Gold")
    assert me.asked[0].options == ("discard_both", "keep_on_top")


def test_survivors_puts_both_back_in_the_order_chosen() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Survivors"], deck=["Estate", "Gold", "Copper"])
    me.answers = ["keep_on_top", (e.GOLD,)]
    play_card(g, 0, "Survivors")
    assert [e.CARDS[c] for c in reversed(g.deck[0])] == ["Gold", "Estate", "Copper"]
    assert g.discard[0] == []


# ---- Looters ----


def test_marauder_gains_a_spoils_and_each_other_player_a_ruins() -> None:
    g, _ = game(LOOT, players=3)
    place(g, 0, hand=["Marauder"])
    play_card(g, 0, "Marauder")
    assert g.discard[0] == [e.SPOILS]
    assert g.supply[e.SPOILS] == 14
    for q in (1, 2):
        assert len(g.discard[q]) == 1
        assert e.IS_RUINS[g.discard[q][0]]
    assert g.supply[e.RUINS] == 18


def test_a_moat_blocks_the_ruins() -> None:
    g, (_, other) = game(("Marauder", *MORE[:9]))
    place(g, 1, hand=["Moat"])
    other.answers = [True]
    place(g, 0, hand=["Marauder"])
    play_card(g, 0, "Marauder")
    assert g.discard[1] == []


def test_cultist_draws_gives_ruins_and_may_play_another_cultist_without_an_action() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Cultist", "Cultist"], deck=["Copper", "Copper", "Silver", "Silver"])
    me.answers = [True, False]
    play_card(g, 0, "Cultist")
    assert g.in_play == cards("Cultist", "Cultist")
    assert names(g.hand[0]) == ["Copper", "Copper", "Silver", "Silver"]
    assert len(g.discard[1]) == 2
    assert all(e.IS_RUINS[c] for c in g.discard[1])
    assert g.actions == 0
    assert [d.kind for d in me.asked] == [e.YES]  # the second found no Cultist in hand


def test_cultist_trashed_draws_three() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Altar", "Cultist"], deck=["Gold", "Gold", "Gold", "Gold"])
    me.answers = [(e.CULTIST,), e.SILVER]
    play_card(g, 0, "Altar")
    assert names(g.hand[0]) == ["Gold", "Gold", "Gold"]


def test_death_cart_trashes_an_action_from_hand_for_five() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Death Cart", "Ruined Village", "Copper"])
    me.answers = [(e.RUINED_VILLAGE,)]
    play_card(g, 0, "Death Cart")
    assert g.coins == 5
    assert g.trash == cards("Ruined Village")
    assert g.in_play == cards("Death Cart")
    assert me.asked[0].among == (e.RUINED_VILLAGE,)


def test_death_cart_trashes_itself_if_no_action_is_trashed() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Death Cart", "Ruined Village"])
    me.answers = [()]
    play_card(g, 0, "Death Cart")
    assert g.coins == 5
    assert g.trash == cards("Death Cart")
    assert g.in_play == []


def test_death_cart_without_an_action_in_hand_trashes_itself_unasked() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Death Cart", "Copper"])
    play_card(g, 0, "Death Cart")
    assert g.trash == cards("Death Cart")
    assert me.asked == []


def test_death_cart_twice_by_throne_room_gives_ten() -> None:
    g, (me, _) = game(("Throne Room", *LOOT[:9]))
    place(g, 0, hand=["Throne Room", "Death Cart"])
    me.answers = [e.DEATH_CART]
    play_card(g, 0, "Throne Room")
    assert g.coins == 10
    assert g.trash == cards("Death Cart")


def test_gaining_a_death_cart_gains_two_ruins() -> None:
    g, _ = game(LOOT)
    assert g.gain(0, e.DEATH_CART)
    mine = g.discard[0]
    assert mine[0] == e.DEATH_CART
    assert len(mine) == 3
    assert all(e.IS_RUINS[c] for c in mine[1:])


# ---- Spoils ----


def test_spoils_gives_three_and_returns_to_its_pile() -> None:
    g, (me, _) = game(LOOT)
    g.take(0, e.SPOILS)
    place(g, 0, hand=["Spoils", "Copper"])
    me.answers = [(e.COPPER, e.SPOILS), None]
    g.play_turn()
    assert g.supply[e.SPOILS] == 15
    assert g.owned[0][e.SPOILS] == 0
    assert e.SPOILS not in g.discard[0] + g.deck[0] + g.hand[0]
    assert me.asked[1].coins == 4
    assert not g.in_supply[e.SPOILS]  # never bought


def test_pillage_trashes_itself_takes_a_card_from_a_five_card_hand_and_gains_two_spoils() -> None:
    g, (me, _, _) = game(LOOT, players=3)
    place(g, 0, hand=["Pillage"])
    place(g, 1, hand=["Gold", "Copper", "Copper", "Estate", "Silver"])
    place(g, 2, hand=["Gold", "Copper", "Copper", "Estate"])
    me.answers = [(e.GOLD,)]
    play_card(g, 0, "Pillage")
    assert g.trash == cards("Pillage")
    assert g.discard[1] == cards("Gold")
    assert len(g.hand[2]) == 4  # fewer than five: untouched
    assert names(g.discard[0]) == ["Spoils", "Spoils"]
    assert me.asked[0].player == 0
    assert me.asked[0].what == "pillage"


def test_bandit_camp_draws_gives_two_actions_and_a_spoils() -> None:
    g, _ = game(LOOT)
    place(g, 0, hand=["Bandit Camp"], deck=["Silver"])
    play_card(g, 0, "Bandit Camp")
    assert (g.actions, names(g.hand[0]), g.discard[0]) == (2, ["Silver"], [e.SPOILS])


# ---- Urchin and Mercenary ----


def test_urchin_draws_and_others_discard_down_to_four() -> None:
    g, (_, other) = game(LOOT)
    place(g, 0, hand=["Urchin"], deck=["Silver"])
    place(g, 1, hand=["Copper", "Copper", "Estate", "Estate", "Silver"])
    other.answers = [(e.ESTATE,)]
    play_card(g, 0, "Urchin")
    assert g.actions == 1
    assert names(g.hand[0]) == ["Silver"]
    assert len(g.hand[1]) == 4
    assert g.discard[1] == [e.ESTATE]


def test_urchin_becomes_a_mercenary_when_another_attack_is_played() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Urchin", "Marauder"], deck=["Village"])
    place(g, 1, hand=["Copper", "Copper"])
    me.answers = [True]
    play_card(g, 0, "Urchin")
    g.hand[0].remove(e.MARAUDER)
    g.in_play.append(e.MARAUDER)
    g.resolve(0, e.MARAUDER)
    assert g.trash == cards("Urchin")
    assert names(g.discard[0]) == ["Mercenary", "Spoils"]
    assert g.supply[e.MERCENARY] == 9
    assert me.asked[0].card == e.URCHIN
    assert me.asked[0].what == "urchin"


def test_urchin_is_not_asked_for_a_non_attack_or_its_own_second_play() -> None:
    g, (me, _) = game(("Throne Room", "Village", *LOOT[:8]))
    place(g, 0, hand=["Throne Room", "Urchin"], deck=["Village", "Copper"])
    place(g, 1, hand=["Copper", "Copper"])
    me.answers = [e.URCHIN]
    play_card(g, 0, "Throne Room")
    assert names(g.hand[0]) == ["Copper", "Village"]
    g.hand[0].remove(e.VILLAGE)
    g.in_play.append(e.VILLAGE)
    g.resolve(0, e.VILLAGE)
    assert [d.kind for d in me.asked] == [e.PLAY]  # only the Throne Room's question


def test_mercenary_trashes_two_for_cards_coins_and_an_attack() -> None:
    g, (me, other) = game(LOOT)
    g.take(0, e.MERCENARY)
    place(g, 0, hand=["Mercenary", "Estate", "Copper", "Silver"], deck=["Gold", "Gold"])
    place(g, 1, hand=["Copper", "Copper", "Estate", "Estate", "Silver"])
    me.answers = [True, (e.COPPER, e.ESTATE)]
    other.answers = [(e.ESTATE, e.ESTATE)]
    play_card(g, 0, "Mercenary")
    assert names(g.trash) == ["Copper", "Estate"]
    assert names(g.hand[0]) == ["Gold", "Gold", "Silver"]
    assert g.coins == 2
    assert len(g.hand[1]) == 3


def test_mercenary_declined_does_nothing() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Mercenary", "Estate", "Copper"], deck=["Gold"])
    me.answers = [False]
    play_card(g, 0, "Mercenary")
    assert g.trash == []
    assert g.coins == 0
    assert len(g.hand[0]) == 2


def test_mercenary_with_one_card_may_trash_it_for_nothing() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Mercenary", "Estate"], deck=["Gold"])
    me.answers = [(e.ESTATE,)]
    play_card(g, 0, "Mercenary")
    assert g.trash == cards("Estate")
    assert g.coins == 0
    assert g.hand[0] == []


# ---- Rogue and the trash ----


def test_rogue_gains_a_card_costing_three_to_six_from_the_trash() -> None:
    g, (me, _) = game(LOOT)
    g.trash += cards("Copper", "Gold", "Province", "Silver")
    place(g, 0, hand=["Rogue"])
    me.answers = [e.GOLD]
    play_card(g, 0, "Rogue")
    assert g.coins == 2
    assert me.asked[0].among == (e.SILVER, e.GOLD)
    assert g.discard[0] == [e.GOLD]
    assert e.GOLD not in g.trash
    assert g.owned[0][e.GOLD] == 1


def test_rogue_with_nothing_to_gain_attacks() -> None:
    g, (_, other) = game(LOOT)
    g.trash += cards("Copper", "Province")
    place(g, 0, hand=["Rogue"])
    place(g, 1, deck=["Silver", "Gold", "Estate"])
    other.answers = [(e.SILVER,)]
    play_card(g, 0, "Rogue")
    assert names(g.trash) == ["Copper", "Province", "Silver"]
    assert g.discard[1] == [e.GOLD]


def test_rogue_attack_discards_cards_outside_three_to_six() -> None:
    g, (_, other) = game(LOOT)
    place(g, 0, hand=["Rogue"])
    place(g, 1, deck=["Copper", "Province"])
    play_card(g, 0, "Rogue")
    assert g.trash == []
    assert names(g.discard[1]) == ["Copper", "Province"]
    assert other.asked == []


# ---- the Knights ----


def test_knights_pile_is_the_ten_knights_shuffled_and_costs_what_its_top_costs() -> None:
    tops = set()
    for seed in range(12):
        g = e.Game(LOOT, [Script(), Script()], seed)
        pile = g.mixed[e.KNIGHTS]
        assert sorted(pile) == sorted(e.INDEX[k] for k in e.KNIGHT_CARDS)
        assert g.supply[e.KNIGHTS] == 10
        assert g.cost(e.KNIGHTS) == (4 if pile[-1] == e.SIR_MARTIN else 5)
        tops.add(pile[-1])
    assert len(tops) > 3


def test_buying_a_knight_gives_the_top_one() -> None:
    me = Script([e.KNIGHTS])
    g = e.Game(PLAIN, [me, Script()], 5)
    pile = g.mixed[e.KNIGHTS]
    pile.remove(e.SIR_MARTIN)
    pile.append(e.SIR_MARTIN)
    place(g, 0, hand=["Copper"] * 4)
    g.play_turn()
    assert g.owned[0][e.SIR_MARTIN] == 1
    assert g.supply[e.KNIGHTS] == 9
    assert g.cost(e.KNIGHTS) == 5  # the next Knight costs 5


def test_knight_attack_trashes_a_card_costing_three_to_six() -> None:
    g, (_, other) = game(LOOT)
    place(g, 0, hand=["Dame Sylvia"])
    place(g, 1, deck=["Silver", "Duchy"])
    other.answers = [(e.SILVER,)]
    play_card(g, 0, "Dame Sylvia")
    assert g.coins == 2
    assert g.trash == cards("Silver")
    assert g.discard[1] == cards("Duchy")
    assert g.in_play == cards("Dame Sylvia")


def test_a_knight_trashing_a_knight_is_trashed_too() -> None:
    g, _ = game(LOOT)
    place(g, 0, hand=["Sir Bailey"], deck=["Copper"])
    place(g, 1, deck=["Dame Molly", "Copper"])
    play_card(g, 0, "Sir Bailey")
    assert names(g.trash) == ["Dame Molly", "Sir Bailey"]
    assert g.in_play == []
    assert g.owned[0][e.SIR_BAILEY] == 0
    assert (g.actions, names(g.hand[0])) == (1, ["Copper"])


def test_sir_vander_trashed_gains_its_owner_a_gold() -> None:
    g, _ = game(LOOT)
    place(g, 0, hand=["Sir Destry"], deck=["Copper", "Copper"])
    place(g, 1, deck=["Sir Vander", "Copper"])
    play_card(g, 0, "Sir Destry")
    assert names(g.hand[0]) == ["Copper", "Copper"]
    assert names(g.trash) == ["Sir Destry", "Sir Vander"]
    assert names(g.discard[1]) == ["Copper", "Gold"]


def test_dame_anna_trashes_up_to_two_then_attacks() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Dame Anna", "Estate", "Estate", "Copper"])
    place(g, 1, deck=["Copper", "Copper"])
    me.answers = [(e.ESTATE, e.ESTATE)]
    play_card(g, 0, "Dame Anna")
    assert names(g.trash) == ["Estate", "Estate"]
    assert me.asked[0].high == 2
    assert names(g.discard[1]) == ["Copper", "Copper"]


def test_dame_natalie_gains_up_to_three() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Dame Natalie"])
    me.answers = [e.SILVER]
    play_card(g, 0, "Dame Natalie")
    assert g.discard[0] == [e.SILVER]
    assert max(e.COST[c] for c in me.asked[0].among if c != e.KNIGHTS) <= 3


def test_dame_molly_and_sir_martin() -> None:
    g, _ = game(LOOT)
    place(g, 0, hand=["Dame Molly", "Sir Martin"])
    play_card(g, 0, "Dame Molly")
    assert g.actions == 2
    g.buys = 1
    play_card(g, 0, "Sir Martin", actions=g.actions)
    assert g.buys == 3


def test_sir_michael_makes_others_discard_to_three_before_the_trashing() -> None:
    g, (_, other) = game(LOOT)
    place(g, 0, hand=["Sir Michael"])
    place(g, 1, hand=["Copper", "Copper", "Estate", "Estate", "Gold"], deck=["Silver"])
    other.answers = [(e.ESTATE, e.ESTATE)]
    play_card(g, 0, "Sir Michael")
    assert len(g.hand[1]) == 3
    assert g.trash == cards("Silver")
    assert [d.kind for d in other.asked] == [e.SELECT]


def test_dame_josephine_is_worth_two() -> None:
    g, _ = game(LOOT)
    place(g, 0, hand=["Dame Josephine"])
    assert g.score(0) == 2


def test_moat_blocks_the_knights_attack() -> None:
    g, (_, other) = game(("Knights", *MORE[:9]))
    place(g, 0, hand=["Dame Sylvia"])
    place(g, 1, hand=["Moat"], deck=["Silver", "Gold"])
    other.answers = [True]
    play_card(g, 0, "Dame Sylvia")
    assert g.trash == []
    assert len(g.deck[1]) == 2


# ---- Altar, Count, Counterfeit, Feodum ----


def test_altar_trashes_a_card_and_gains_one_costing_up_to_five() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Altar", "Copper"])
    me.answers = [(e.COPPER,), e.DUCHY]
    play_card(g, 0, "Altar")
    assert g.trash == cards("Copper")
    assert g.discard[0] == cards("Duchy")
    assert max(g.cost(c) for c in me.asked[1].among) == 5


def test_altar_with_an_empty_hand_still_gains() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Altar"])
    me.answers = [e.SILVER]
    play_card(g, 0, "Altar")
    assert g.discard[0] == cards("Silver")


def test_count_discards_two_then_gives_three() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Count", "Estate", "Curse", "Gold"])
    me.answers = ["count_discard_two", (e.ESTATE, e.CURSE), "plus_three"]
    play_card(g, 0, "Count")
    assert names(g.discard[0]) == ["Curse", "Estate"]
    assert g.coins == 3
    assert g.hand[0] == cards("Gold")


def test_count_topdecks_then_trashes_the_hand() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Count", "Estate", "Curse", "Gold"])
    me.answers = ["topdeck_one", (e.GOLD,), "trash_hand"]
    play_card(g, 0, "Count")
    assert g.deck[0][-1] == e.GOLD
    assert names(g.trash) == ["Curse", "Estate"]
    assert g.hand[0] == []


def test_count_gains_a_copper_and_a_duchy() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Count"])
    me.answers = ["gain_copper", "gain_duchy"]
    play_card(g, 0, "Count")
    assert names(g.discard[0]) == ["Copper", "Duchy"]
    assert me.asked[1].options == ("plus_three", "trash_hand", "gain_duchy")


def test_counterfeit_plays_a_treasure_twice_and_trashes_it() -> None:
    g, (me, _) = game(MORE)
    place(g, 0, hand=["Counterfeit", "Silver", "Copper"])
    me.answers = [(e.COUNTERFEIT, e.COPPER), (e.SILVER,), None]
    g.play_turn()
    assert me.asked[2].coins == 1 + 2 + 2 + 1
    assert g.trash == cards("Silver")
    assert g.owned[0][e.SILVER] == 0
    assert me.asked[1].what == "counterfeit"
    assert me.asked[1].high == 1


def test_counterfeit_on_spoils_gives_six_and_the_spoils_goes_back() -> None:
    g, (me, _) = game(("Counterfeit", "Marauder", *MORE[2:]))
    g.take(0, e.SPOILS)
    place(g, 0, hand=["Counterfeit", "Spoils"])
    me.answers = [(e.COUNTERFEIT,), (e.SPOILS,), None]
    g.play_turn()
    assert me.asked[2].coins == 1 + 3 + 3
    assert me.asked[2].kind == e.BUY
    assert g.trash == []
    assert g.supply[e.SPOILS] == 15


def test_counterfeit_may_play_nothing() -> None:
    g, (me, _) = game(MORE)
    place(g, 0, hand=["Counterfeit", "Silver"])
    me.answers = [(e.COUNTERFEIT,), (), None]
    g.play_turn()
    assert me.asked[2].coins == 1
    assert g.trash == []


def test_feodum_is_worth_one_per_three_silvers() -> None:
    g, _ = game(MORE)
    place(g, 0, hand=["Feodum", "Feodum"] + ["Silver"] * 7)
    assert g.score(0) == 2 * 2


def test_feodum_trashed_gains_three_silvers() -> None:
    g, (me, _) = game(("Altar", *MORE[1:]))
    place(g, 0, hand=["Altar", "Feodum"])
    me.answers = [(e.FEODUM,), e.SILVER]
    play_card(g, 0, "Altar")
    assert names(g.discard[0]) == ["Silver"] * 4


# ---- whole games: the bots, replay, cards conserved ----


def _all_cards(g: e.Game) -> int:
    held = sum(len(g.hand[p]) + len(g.deck[p]) + len(g.discard[p]) for p in range(g.n))
    return held + len(g.in_play) + len(g.trash) + sum(g.supply)


BOT_NAMES = ("heuristic", "big-money", "big-money-knights", "big-money-cultist",
             "big-money-rogue", "big-money-urchin", "big-money-count", "big-money-altar",
             "big-money-pillage", "big-money-death-cart", "big-money-counterfeit",
             "big-money-marauder", "big-money-bandit-camp", "big-money-feodum")  # fmt: skip


@pytest.mark.parametrize("seed", range(12))
def test_bot_games_on_dark_ages_kingdoms_finish_conserve_cards_and_replay(seed: int) -> None:
    kingdom = (
        LOOT
        if seed % 2
        else (
            "Counterfeit",
            "Feodum",
            "Urchin",
            "Knights",
            "Cultist",
            "Throne Room",
            "Moat",
            "Rogue",
            "Death Cart",
            "Village",
        )
    )
    n = 2 + seed % 5
    agents = [bots.bot(BOT_NAMES[(seed + i) % len(BOT_NAMES)]) for i in range(n)]
    shelters = seed % 3 != 2
    g = e.Game(kingdom, agents, seed, record=True, shelters=shelters)
    before = _all_cards(g)
    result = g.run()
    assert _all_cards(g) == before
    assert result.ended in (e.ENDED_PROVINCES, e.ENDED_PILES)
    again = e.replay(kingdom, n, seed, result.answers, shelters=shelters)
    assert (again.scores, again.turns) == (result.scores, result.turns)


def test_the_bots_buy_and_play_the_cards() -> None:
    """Big Money with a Dark Ages card really plays it, the heuristic bot plays the Ruins it
    is given and its Necropolis."""
    kingdom = LOOT
    played: set[int] = set()
    for seed in range(6):
        agents = [bots.bot(b) for b in ("heuristic", "big-money-knights", "big-money-cultist")]
        result = e.play(kingdom, agents, seed, log=True, shelters=True)
        played |= {ev.cards[0] for ev in result.log if ev.verb == "play"}
    assert e.CULTIST in played
    assert any(e.IS_KNIGHT[c] for c in played)
    assert any(e.IS_RUINS[c] for c in played)
    assert e.NECROPOLIS in played


class _Random:
    """Any legal answer, at random (reaches what the bots never choose)."""

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def __call__(self, view: e.View, d: e.Decision) -> object:
        rng = self.rng
        if d.kind == e.PLAY:
            return rng.choice((*d.among, None))
        if d.kind == e.BUY:
            able = [
                c
                for c in range(e.N)
                if view.in_supply(c) and view.pile(c) and view.cost(c) <= d.coins
            ]
            # buy something most of the time, so that games end
            return rng.choice(able) if able and rng.random() < 0.9 else None
        if d.kind == e.GAIN:
            return rng.choice(d.among)
        if d.kind == e.SELECT:
            k = rng.randint(d.low, d.high)
            return tuple(rng.sample(d.among, k))
        if d.kind == e.YES:
            return rng.random() < 0.5
        if d.kind == e.CHOOSE:
            return rng.choice(d.options)
        return rng.randrange(e.N)


@pytest.mark.parametrize("seed", range(30))
def test_random_legal_answers_on_dark_ages_kingdoms_keep_every_card(seed: int) -> None:
    kingdom = (LOOT, PLAIN, ("Counterfeit", "Feodum", *LOOT[:8]))[seed % 3]
    n = 2 + seed % 5
    g = e.Game(kingdom, [_Random(seed * 10 + i) for i in range(n)], seed, shelters=seed % 2 == 0)
    before = _all_cards(g)
    result = g.run(max_turns=40)
    assert _all_cards(g) == before
    assert result.ended in (e.ENDED_PROVINCES, e.ENDED_PILES, e.ENDED_LIMIT)


def test_the_ruins_and_knights_have_the_czech_editions_names() -> None:
    """docs/rules-notes.md, "Dark Ages": the names of the Czech edition's rules."""
    from kolo.games.dominion.cards import load

    data = load()
    czech = {c: data.card(c).cs for c in (*e.RUINS_CARDS, *e.KNIGHT_CARDS)}
    assert czech["Ruined Village"] == "Vypálená vesnice"
    assert czech["Survivors"] == "Pozůstalí"
    assert czech["Ruined Market"] == "Zničené tržiště"
    assert czech["Dame Natalie"] == "Lady Natálie"
    assert czech["Sir Michael"] == "Sir Michael"
    assert data.card("Ruins").cs == "Ruiny"
    assert data.card("Knights").cs == "Rytíři"


# ---- a person at the terminal ----


def _person_answers(monkeypatch, capsys, g: e.Game, d: e.Decision, typed: str) -> tuple:
    from kolo.cli.dominion.play import Person

    person = Person()
    person.game = g
    g.agents[d.player] = person
    monkeypatch.setattr("builtins.input", lambda prompt="": print(prompt) or typed)
    answer = person(g.views[d.player], d)
    return answer, capsys.readouterr().out


@pytest.mark.parametrize("language", ["en", "cs"])
def test_a_person_is_asked_every_dark_ages_question_in_words(
    monkeypatch, capsys, language: str
) -> None:
    from kolo import i18n

    g = _shelter_game(LOOT, [Script(), Script()])
    place(g, 0, hand=["Hovel", "Urchin", "Copper", "Silver"])
    asks = [
        (e.Decision(e.YES, 0, e.HOVEL, "hovel", (e.HOVEL,)), "y", True,
         {"en": "trash Hovel from your hand?", "cs": "zahodit Chýše z ruky"}),
        (e.Decision(e.YES, 0, e.URCHIN, "urchin", (e.URCHIN,)), "n", False,
         {"en": "to gain a Mercenary", "cs": "získat Žoldnéře"}),
        (e.Decision(e.YES, 0, e.MERCENARY, "mercenary"), "y", True,
         {"en": "+2 Cards and +2 coins", "cs": "+2 karty a +2 mince"}),
        (e.Decision(e.CHOOSE, 0, e.SURVIVORS, "survivors", (e.COPPER,),
                    options=("discard_both", "keep_on_top")), "2", "keep_on_top",
         {"en": "Put them back in any order", "cs": "Vrátit je zpět"}),
        (e.Decision(e.CHOOSE, 0, e.COUNT, "count_first",
                    options=("count_discard_two", "topdeck_one", "gain_copper")),
         "3", "gain_copper",
         {"en": "Gain a Copper", "cs": "Získat Měďák"}),
        (e.Decision(e.CHOOSE, 0, e.COUNT, "count_second",
                    options=("plus_three", "trash_hand", "gain_duchy")), "2", "trash_hand",
         {"en": "Trash your hand", "cs": "Zahodit celou ruku"}),
        (e.Decision(e.SELECT, 0, e.COUNTERFEIT, "counterfeit", (e.COPPER, e.SILVER), 0, 1),
         "2", (e.SILVER,), {"en": "play twice, then trash", "cs": "zahrát dvakrát"}),
        (e.Decision(e.SELECT, 0, e.PILLAGE, "pillage", (e.COPPER, e.GOLD), 1, 1),
         "2", (e.GOLD,), {"en": "make the other player discard", "cs": "nechat druhého"}),
    ]  # fmt: skip
    i18n.activate(language)
    try:
        for d, typed, expected, shown in asks:
            answer, out = _person_answers(monkeypatch, capsys, g, d, typed)
            assert answer == expected
            assert shown[language] in out, out
    finally:
        i18n.activate("en")


def test_the_log_says_a_spoils_went_back_in_both_languages() -> None:
    from kolo import i18n
    from kolo.cli.dominion.play import event_text

    event = e.Event(1, 0, 0, "return", (e.SPOILS,))
    assert event.text() == "T1 P1 returns Spoils to its pile"
    i18n.activate("cs")
    try:
        assert "vrací Kořist zpět" in event_text(event, 0)
    finally:
        i18n.activate("en")


def test_a_person_plays_with_shelters(monkeypatch, capsys) -> None:
    import io

    from kolo.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 3000))
    code = main(["dominion", "play", ",".join(PLAIN), "--opponents", "big-money", "--seed", "2",
                 "--shelters"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "Necropolis" in out
    assert "Overgrown Estate" in out
    assert "The game is over" in out


def test_spoils_mercenary_and_madman_are_described_as_outside_the_supply() -> None:
    """Their cost is not reduced by actions in play (that is Peddler's note)."""
    from kolo.games.dominion.cards import load

    for card in ("Spoils", "Mercenary", "Madman"):
        note = load().card(card).cost_note or ""
        assert "not in the supply" in note, card
        assert "Action" not in note, card


def test_a_treasure_counterfeit_took_is_not_played_again() -> None:
    """The treasures are chosen up front: one that Counterfeit played twice and trashed is
    no longer in hand when its turn comes, and is skipped."""
    g, (me, _) = game(MORE)
    place(g, 0, hand=["Counterfeit", "Copper", "Copper"])
    me.answers = [(e.COUNTERFEIT, e.COPPER, e.COPPER), (e.COPPER,), None]
    g.play_turn()
    assert me.asked[2].coins == 1 + 1 + 1 + 1
    assert g.trash == cards("Copper")


# ---- interactions ----


def test_spoils_and_mercenary_cannot_be_bought() -> None:
    g, _ = game(LOOT)
    d = e.Decision(e.BUY, 0, coins=5)
    assert e.check(g, d, e.SPOILS) == "Spoils is not in the supply"
    assert e.check(g, d, e.MERCENARY) == "Mercenary is not in the supply"
    assert e.check(g, d, e.RUINS) is None  # the Ruins pile is a supply pile


def test_two_urchins_in_play_are_each_asked() -> None:
    g, (me, _) = game(LOOT)
    place(g, 0, hand=["Urchin", "Urchin", "Marauder"], deck=["Village", "Village"])
    place(g, 1, hand=["Copper"])
    play_card(g, 0, "Urchin", actions=0)
    me.answers = [False]
    play_card(g, 0, "Urchin", actions=g.actions)  # an Attack: the first Urchin is asked
    assert [d.what for d in me.asked] == ["urchin"]
    me.answers = [True, True]
    me.asked.clear()
    play_card(g, 0, "Marauder", actions=g.actions)
    assert [d.what for d in me.asked] == ["urchin", "urchin"]
    assert names(g.trash) == ["Urchin", "Urchin"]
    assert g.owned[0][e.MERCENARY] == 2


def test_a_cultist_trashed_by_a_knight_draws_its_owner_three() -> None:
    g, _ = game(LOOT)
    place(g, 0, hand=["Dame Sylvia"])
    place(g, 1, deck=["Cultist", "Copper", "Gold", "Gold", "Gold"])
    play_card(g, 0, "Dame Sylvia")
    assert g.trash == cards("Cultist")
    assert names(g.hand[1]) == ["Gold", "Gold", "Gold"]
    assert g.discard[1] == cards("Copper")


def test_pillage_twice_by_throne_room_is_trashed_once_and_gains_four_spoils() -> None:
    g, (me, _) = game(("Throne Room", *LOOT[:9]))
    place(g, 0, hand=["Throne Room", "Pillage"])
    place(g, 1, hand=["Gold", "Silver", "Copper", "Copper", "Copper"])
    me.answers = [e.PILLAGE, (e.GOLD,)]
    play_card(g, 0, "Throne Room")
    assert g.trash == cards("Pillage")
    assert g.owned[0][e.SPOILS] == 4
    assert len(g.hand[1]) == 4  # the second attack finds four cards


def test_rogue_gaining_a_death_cart_from_the_trash_gains_two_ruins() -> None:
    g, (me, _) = game(LOOT)
    g.trash.append(e.DEATH_CART)
    place(g, 0, hand=["Rogue"])
    me.answers = [e.DEATH_CART]
    play_card(g, 0, "Rogue")
    assert g.discard[0][0] == e.DEATH_CART
    assert len(g.discard[0]) == 3


def test_the_bots_play_a_counterfeit_before_the_treasures_it_plays_twice() -> None:
    g, _ = game(MORE)
    place(g, 0, hand=["Copper", "Counterfeit", "Silver"])
    d = e.Decision(e.SELECT, 0, -1, "play", (e.COPPER, e.SILVER, e.COUNTERFEIT), 0, 3)
    chosen = bots.bot("big-money-counterfeit")(g.views[0], d)
    assert chosen[0] == e.COUNTERFEIT
    assert sorted(chosen) == sorted(d.among)
