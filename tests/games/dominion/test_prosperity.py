"""Prosperity's cards (first edition) in the championship pool with Platinum and Colony,
each by a hand-built position (issue 40; docs/rules-notes.md, "Prosperity"), and the bots
answering their decisions."""

from __future__ import annotations

import pytest

from kolo.games.dominion import bots
from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import Script, game, names, place, play_card, top_first

K = ("Worker's Village", "Peddler", "Watchtower", "City", "Hoard", "Venture", "Grand Market",
     "Loan", "Mint", "Vault")  # fmt: skip
K2 = ("King's Court", "Throne Room", "Smithy", "Village", "Moat", "Witch", "Watchtower",
      "Peddler", "Market", "Mint")  # fmt: skip


def test_every_prosperity_card_is_played() -> None:
    assert set(K) | {"King's Court"} <= set(e.PLAYABLE)


def test_workers_village() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Worker's Village"], deck=["Gold"])
    play_card(g, 0, "Worker's Village")
    assert (g.actions, g.buys, names(g.hand[0])) == (2, 1, ["Gold"])


def test_peddler_gives_a_card_an_action_and_a_coin() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Peddler"], deck=["Gold"])
    play_card(g, 0, "Peddler")
    assert (g.actions, g.coins, names(g.hand[0])) == (1, 1, ["Gold"])


def test_peddler_costs_two_less_per_action_in_play_in_the_buy_phase_only() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Worker's Village", "Peddler", "Silver"], deck=["Estate", "Estate"])
    me.answers = [e.WORKERS_VILLAGE, e.PEDDLER, (e.SILVER,), e.PEDDLER, None]
    assert g.cost(e.PEDDLER) == 8
    # $1 + $2; two actions in play: Peddler costs 8 - 4 = 4 > 3: refused
    with pytest.raises(e.IllegalChoice, match="Peddler costs 4, you have 3"):
        g.play_turn()


def test_peddler_bought_at_its_buy_phase_price() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Worker's Village", "Peddler", "Gold"], deck=["Estate", "Estate"])
    me.answers = [e.WORKERS_VILLAGE, e.PEDDLER, (e.GOLD,), e.PEDDLER, None]
    g.play_turn()
    assert g.owned[0][e.PEDDLER] == 2
    assert me.asked[-1].coins == 0  # paid 4 of 4


def test_peddler_price_in_the_buy_phase() -> None:
    g, _ = game(K)
    g.in_play[:] = [e.WORKERS_VILLAGE, e.PEDDLER, e.CITY, e.SILVER]
    assert g.cost(e.PEDDLER) == 8  # the action phase: its printed cost
    g.buy_phase = True
    assert g.cost(e.PEDDLER) == 2
    g.in_play[:] = [e.WORKERS_VILLAGE, e.PEDDLER, e.CITY, e.MINT, e.VAULT]
    assert g.cost(e.PEDDLER) == 0


def test_watchtower_draws_to_six() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Watchtower", "Copper", "Copper"], deck=["Gold"] * 6)
    play_card(g, 0, "Watchtower")
    assert len(g.hand[0]) == 6
    place(g, 0, hand=["Watchtower", *["Copper"] * 6], deck=["Gold"])
    play_card(g, 0, "Watchtower")
    assert len(g.hand[0]) == 6
    assert g.deck[0] == [e.GOLD]


@pytest.mark.parametrize(
    ("choice", "trash", "top", "discard"),
    [
        ("trash_it", ["Curse"], [], []),
        ("onto_deck", [], ["Curse"], []),
        ("keep", [], [], ["Curse"]),
    ],
)
def test_watchtower_reacts_to_its_holders_gain(
    choice: str, trash: list[str], top: list[str], discard: list[str]
) -> None:
    g, (_a, me) = game(K2)
    place(g, 0, hand=["Witch"], deck=["Copper", "Copper"])
    place(g, 1, hand=["Watchtower", "Estate"])
    me.answers = [choice]
    play_card(g, 0, "Witch")
    assert names(g.trash) == trash
    assert top_first(g, 1) == top
    assert names(g.discard[1]) == discard
    assert g.owned[1][e.CURSE] == (0 if trash else 1)
    assert me.asked[0].kind == e.CHOOSE
    assert me.asked[0].among == (e.CURSE,)


def test_watchtower_ignores_other_players_gains_and_moves_a_bought_card() -> None:
    g, (me, other) = game(K2)
    place(g, 0, hand=["Watchtower", "Gold", "Gold"], deck=["Copper"] * 5)
    place(g, 1, hand=["Watchtower"])
    me.answers = [None, (e.GOLD, e.GOLD), e.GOLD, "onto_deck"]
    g.play_turn()
    assert e.GOLD in g.hand[0] or top_first(g, 0)[:1] == ["Gold"]  # onto the deck, drawn
    assert other.asked == []


def test_city_with_no_one_or_two_empty_piles() -> None:
    g, _ = game(K)
    place(g, 0, hand=["City"], deck=["Gold"] * 4)
    play_card(g, 0, "City")
    assert (len(g.hand[0]), g.actions, g.coins, g.buys) == (1, 2, 0, 0)
    g.supply[e.CURSE] = 0
    g.empty = 1
    place(g, 0, hand=["City"], deck=["Gold"] * 4)
    g.actions = g.coins = g.buys = 0
    play_card(g, 0, "City")
    assert (len(g.hand[0]), g.actions, g.coins, g.buys) == (2, 2, 0, 0)
    g.empty = 2
    place(g, 0, hand=["City"], deck=["Gold"] * 4)
    play_card(g, 0, "City")
    assert (len(g.hand[0]), g.actions, g.coins, g.buys) == (2, 2, 1, 1)


def test_hoard_gains_a_gold_per_hoard_when_a_victory_card_is_bought() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Hoard", "Hoard", "Silver"], deck=["Copper"] * 5)
    g.choose_treasures = False  # every treasure played
    me.answers = [e.ESTATE]
    g.play_turn()
    assert g.owned[0][e.GOLD] == 2
    assert g.owned[0][e.ESTATE] == 1


def test_hoard_no_gold_for_a_non_victory_card() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Hoard", "Silver"], deck=["Copper"] * 5)
    g.choose_treasures = False
    me.answers = [e.SILVER, None]
    g.play_turn()
    assert g.owned[0][e.GOLD] == 0


def test_venture_reveals_to_a_treasure_discards_the_rest_and_plays_it() -> None:
    g, (_me, _) = game(K)
    place(g, 0, hand=["Venture"], deck=["Estate", "Mint", "Gold", "Copper"])
    g.current = 0
    g.buy_phase = True
    g.hand[0].remove(e.VENTURE)
    g.play_treasure(0, e.VENTURE)
    assert g.coins == 1 + 3
    assert names(g.in_play) == ["Gold", "Venture"]
    assert names(g.discard[0]) == ["Estate", "Mint"]
    assert top_first(g, 0) == ["Copper"]


def test_venture_chains_and_stops_at_an_empty_deck() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Venture"], deck=["Venture", "Estate"])
    g.hand[0].remove(e.VENTURE)
    g.play_treasure(0, e.VENTURE)
    assert g.coins == 2
    assert names(g.in_play) == ["Venture", "Venture"]
    assert names(g.discard[0]) == ["Estate"]


@pytest.mark.parametrize(("trash", "where"), [(True, "trash"), (False, "discard")])
def test_loan_trashes_or_discards_the_treasure(trash: bool, where: str) -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Loan"], deck=["Estate", "Copper", "Gold"])
    me.answers = [trash]
    g.hand[0].remove(e.LOAN)
    g.play_treasure(0, e.LOAN)
    assert g.coins == 1
    assert names(g.trash) == (["Copper"] if trash else [])
    assert names(g.discard[0]) == (["Estate"] if trash else ["Copper", "Estate"])
    assert top_first(g, 0) == ["Gold"]
    assert me.asked[0].among == (e.COPPER,)


def test_grand_market_and_no_buying_it_with_a_copper_in_play() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Grand Market"], deck=["Gold"])
    play_card(g, 0, "Grand Market")
    assert (g.actions, g.buys, g.coins, names(g.hand[0])) == (1, 1, 2, ["Gold"])
    g, (me, _) = game(K)
    place(g, 0, hand=["Gold", "Gold", "Copper"], deck=["Copper"] * 5)
    me.answers = [(e.GOLD, e.GOLD, e.COPPER), e.GRAND_MARKET]
    with pytest.raises(e.IllegalChoice, match="may not be bought now"):
        g.play_turn()
    g, (me, _) = game(K)
    place(g, 0, hand=["Gold", "Gold", "Copper"], deck=["Copper"] * 5)
    me.answers = [(e.GOLD, e.GOLD), e.GRAND_MARKET]  # the Copper stays in hand
    g.play_turn()
    assert g.owned[0][e.GRAND_MARKET] == 1
    assert me.asked[0].kind == e.SELECT
    assert me.asked[0].what == "play"


def test_mint_gains_a_copy_of_a_treasure_in_hand() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Mint", "Venture", "Copper"])
    me.answers = [(e.VENTURE,)]
    play_card(g, 0, "Mint")
    assert names(g.discard[0]) == ["Venture"]
    assert names(g.hand[0]) == ["Copper", "Venture"]
    assert me.asked[0].among == (e.COPPER, e.VENTURE)
    assert me.asked[0].low == 0


def test_buying_mint_trashes_the_treasures_in_play() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Worker's Village", "Silver", "Silver", "Copper"], deck=["Copper"] * 6)
    me.answers = [e.WORKERS_VILLAGE, (e.SILVER, e.SILVER, e.COPPER), e.MINT, None]
    g.play_turn()
    # Worker's Village drew a Copper (kept in hand), $5 in play: Mint; the treasures trashed
    assert names(g.trash) == ["Copper", "Silver", "Silver"]
    assert g.owned[0][e.MINT] == 1
    assert g.owned[0][e.WORKERS_VILLAGE] == 1
    assert g.owned[0][e.SILVER] == 0
    assert me.asked[-1].coins == 0  # the coins stay spent: $5 paid


def test_vault_discards_for_coins_and_others_may_discard_two_to_draw() -> None:
    g, (me, a, b) = game(K, players=3)
    place(g, 0, hand=["Vault", "Estate", "Duchy"], deck=["Gold", "Copper"])
    place(g, 1, hand=["Estate", "Estate", "Copper"], deck=["Silver"])
    place(g, 2, hand=["Gold"], deck=["Silver"])
    me.answers = [(e.ESTATE, e.DUCHY, e.COPPER)]
    a.answers = [True, (e.ESTATE, e.ESTATE)]
    b.answers = [True, (e.GOLD,)]
    play_card(g, 0, "Vault")
    assert g.coins == 3
    assert names(g.hand[0]) == ["Gold"]
    assert names(g.hand[1]) == ["Copper", "Silver"]
    assert names(g.hand[2]) == []  # one card discarded: no draw
    assert names(g.discard[2]) == ["Gold"]
    assert a.asked[1].low == a.asked[1].high == 2


def test_vault_others_may_decline() -> None:
    g, (me, a) = game(K)
    place(g, 0, hand=["Vault"], deck=["Gold", "Copper"])
    place(g, 1, hand=["Estate", "Estate"], deck=["Silver"])
    me.answers = [()]
    a.answers = [False]
    play_card(g, 0, "Vault")
    assert g.coins == 0
    assert names(g.hand[1]) == ["Estate", "Estate"]


def test_kings_court_plays_an_action_three_times() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["King's Court", "Smithy"], deck=["Copper"] * 10)
    me.answers = [e.SMITHY]
    play_card(g, 0, "King's Court")
    assert len(g.hand[0]) == 9
    assert names(g.in_play) == ["King's Court", "Smithy"]
    assert me.asked[0].what == "thrice"


def test_kings_court_may_play_nothing() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["King's Court", "Smithy"], deck=["Copper"] * 10)
    me.answers = [None]
    play_card(g, 0, "King's Court")
    assert names(g.hand[0]) == ["Smithy"]


def test_kings_court_on_peddler_and_the_peddler_price() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["King's Court", "Peddler"], deck=["Copper"] * 10)
    me.answers = [e.PEDDLER]
    play_card(g, 0, "King's Court")
    assert (g.coins, g.actions, len(g.hand[0])) == (3, 3, 3)
    g.buy_phase = True
    assert g.cost(e.PEDDLER) == 4  # two action cards in play (King's Court, Peddler)


# ---- Platinum and Colony ----


def test_platinum_and_colony_piles_and_points() -> None:
    g, _ = game(K, colony=True)
    assert g.in_supply[e.PLATINUM]
    assert g.in_supply[e.COLONY]
    assert (g.supply[e.PLATINUM], g.supply[e.COLONY]) == (12, 8)
    place(g, 0, hand=["Colony", "Province", "Platinum"])
    assert g.score(0) == 16
    g3, _ = game(K, players=3, colony=True)
    assert g3.supply[e.COLONY] == 12
    plain, _ = game(K)
    assert not plain.in_supply[e.COLONY]
    assert not plain.in_supply[e.PLATINUM]


def test_platinum_gives_five() -> None:
    g, (me, _) = game(K, colony=True)
    place(g, 0, hand=["Platinum", "Platinum", "Copper"], deck=["Copper"] * 5)
    me.answers = [(e.PLATINUM, e.PLATINUM, e.COPPER), e.COLONY]
    g.play_turn()
    assert me.asked[1].coins == 11
    assert g.owned[0][e.COLONY] == 1


def test_the_game_ends_when_the_colonies_are_gone() -> None:
    g, _ = game(K, colony=True)
    assert g.over() is None
    g.supply[e.COLONY] = 0
    assert g.over() == e.ENDED_PROVINCES
    plain, _ = game(K)
    plain.supply[e.COLONY] = 0
    assert plain.over() is None


def test_big_money_buys_colonies_and_platinum_where_they_are_out() -> None:
    result = e.play(K, [bots.bot("big-money"), bots.bot("heuristic")], 4, colony=True, log=True)
    bought = {ev.cards[0] for ev in result.log if ev.verb == "buy"}
    assert {e.COLONY, e.PLATINUM} <= bought
    assert result.ended != e.ENDED_LIMIT


# ---- the bots ----


def test_the_bots_answer_every_prosperity_decision_and_the_game_replays() -> None:
    kingdom = (*tuple(c for c in K if c != "Peddler"), "King's Court")
    for seed in range(4):
        for colony in (False, True):
            players = [
                bots.bot("heuristic"),
                bots.BigMoneyCard(e.VAULT),
                bots.BigMoneyCard(e.KINGS_COURT),
            ]
            first = e.play(kingdom, players, seed, record=True, colony=colony)
            again = e.replay(kingdom, 3, seed, first.answers, colony=colony)
            assert again.scores == first.scores
            assert first.ended != e.ENDED_LIMIT


@pytest.mark.parametrize("card", [*K, "King's Court"])
def test_big_money_with_each_prosperity_card_finishes(card: str) -> None:
    kingdom = K if card in K else (*K[:-1], card)
    first = e.play(
        kingdom, [bots.BigMoneyCard(e.INDEX[card]), bots.bot("big-money")], 5, record=True
    )
    assert first.ended != e.ENDED_LIMIT
    assert e.replay(kingdom, 2, 5, first.answers).scores == first.scores


def test_bot_watchtower_trashes_a_curse_and_tops_a_gold() -> None:
    g, _ = game(K)
    bot = bots.bot("big-money")
    options = ("keep", "trash_it", "onto_deck")
    ask = lambda card: bot(  # noqa: E731
        g.views[0], e.Decision(e.CHOOSE, 0, e.WATCHTOWER, "watchtower", (card,), options=options)
    )
    assert ask(e.CURSE) == "trash_it"
    assert ask(e.GOLD) == "onto_deck"
    assert ask(e.PROVINCE) == "keep"


def test_bot_grand_market_keeps_coppers_in_hand_to_buy_it() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Gold", "Gold", "Copper"])
    d = e.Decision(e.SELECT, 0, -1, "play", (e.COPPER, e.GOLD, e.GOLD), 0, 3)
    assert bots.BigMoneyCard(e.GRAND_MARKET)(g.views[0], d) == (e.GOLD, e.GOLD)
    assert bots.bot("big-money")(g.views[0], d) == (e.COPPER, e.GOLD, e.GOLD)


def test_bot_never_buys_grand_market_with_a_copper_in_play() -> None:
    g, _ = game(K)
    g.in_play[:] = [e.COPPER, e.GOLD, e.GOLD]
    place(g, 0, hand=[])
    answer = bots.BigMoneyCard(e.GRAND_MARKET)(g.views[0], e.Decision(e.BUY, 0, coins=7))
    assert answer == e.GOLD


def test_a_script_is_used() -> None:
    assert Script  # the helpers' import stays in use


def test_kings_court_on_mining_village_trashes_it_once() -> None:
    g, (me, _) = game(("Mining Village", *K2[1:]))
    place(g, 0, hand=["King's Court", "Mining Village"], deck=["Copper"] * 5)
    me.answers = [e.MINING_VILLAGE, True]
    play_card(g, 0, "King's Court")
    assert g.coins == 2
    assert (g.actions, len(g.hand[0])) == (6, 3)
    assert names(g.trash) == ["Mining Village"]
    assert len(me.asked) == 2


def test_watchtower_trashes_a_torturers_curse_gained_to_hand() -> None:
    g, (_me, other) = game(("Torturer", *K2[1:]))
    place(g, 0, hand=["Torturer"], deck=["Copper"] * 3)
    place(g, 1, hand=["Watchtower", "Copper"])
    other.answers = ["curse_to_hand", "trash_it"]
    play_card(g, 0, "Torturer")
    assert names(g.hand[1]) == ["Copper", "Watchtower"]
    assert names(g.trash) == ["Curse"]
    assert g.owned[1][e.CURSE] == 0


def test_mint_gained_otherwise_than_bought_trashes_nothing() -> None:
    """First edition: only buying Mint trashes the treasures in play (a Mint gained by a
    Workshop-like text, here the engine's gain, trashes nothing)."""
    g, _ = game(K)
    g.in_play[:] = [e.GOLD, e.COPPER]
    g.gain(0, e.MINT)
    assert g.in_play == [e.GOLD, e.COPPER]
    assert g.trash == []
    assert g.owned[0][e.MINT] == 1


def test_a_person_plays_with_platinum_and_colony(monkeypatch, capsys) -> None:
    import io

    from kolo.cli import main

    kingdom = "Cellar,Chapel,Village,Smithy,Festival,Laboratory,Market,Library,Gardens,Workshop"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 3000))
    code = main(
        ["dominion", "play", kingdom, "--opponents", "big-money", "--colony", "--seed", "3"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Platinum 9/12" in out
    assert "Colony 11/8" in out
    assert "The game is over (the Provinces or the Colonies are gone)" in out
