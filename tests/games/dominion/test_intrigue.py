"""Intrigue's cards (first edition) in the championship pool, each by a hand-built position
(issue 40; docs/rules-notes.md, "Intrigue"), and the bots answering their decisions."""

from __future__ import annotations

import pytest

from kolo.games.dominion import bots
from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import game, names, place, play_card, top_first

K = ("Mining Village", "Conspirator", "Courtyard", "Shanty Town", "Bridge", "Upgrade",
     "Steward", "Nobles", "Duke", "Torturer")  # fmt: skip
KT = ("Throne Room", "Mining Village", "Conspirator", "Bridge", "Upgrade", "Moat", "Remodel",
      "Village", "Smithy", "Market")  # fmt: skip


def test_every_intrigue_card_is_played() -> None:
    assert set(K) <= set(e.PLAYABLE)


def test_mining_village_draws_gives_two_actions_and_may_trash_itself_for_two_coins() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Mining Village"], deck=["Gold"])
    me.answers = [True]
    play_card(g, 0, "Mining Village")
    assert names(g.hand[0]) == ["Gold"]
    assert g.actions == 2
    assert g.coins == 2
    assert names(g.trash) == ["Mining Village"]
    assert g.in_play == []
    assert g.owned[0][e.MINING_VILLAGE] == 0


def test_mining_village_kept() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Mining Village"], deck=["Gold"])
    me.answers = [False]
    play_card(g, 0, "Mining Village")
    assert g.coins == 0
    assert names(g.in_play) == ["Mining Village"]
    assert me.asked[0].what == "trash_self"


def test_mining_village_twice_by_throne_room_is_trashed_once() -> None:
    """Played twice, it gives +$2 once: the second play finds it gone (another Mining
    Village in play earlier is not trashed in its place)."""
    g, (me, _) = game(KT)
    place(g, 0, hand=["Throne Room", "Mining Village"], deck=["Copper", "Copper"])
    g.in_play.append(e.MINING_VILLAGE)  # one played earlier this turn
    g.owned[0][e.MINING_VILLAGE] += 1
    g.total[0] += 1
    me.answers = [e.MINING_VILLAGE, True]
    play_card(g, 0, "Throne Room")
    assert g.coins == 2
    assert names(g.trash) == ["Mining Village"]
    assert names(g.in_play) == ["Mining Village", "Throne Room"]
    assert g.actions == 4
    assert len(me.asked) == 2  # asked to trash once


def test_conspirator_counts_actions_played_this_turn() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Shanty Town", "Mining Village", "Conspirator", "Estate"], deck=["Gold"] * 4)
    me.answers = [e.SHANTY_TOWN, e.MINING_VILLAGE, False, e.CONSPIRATOR, None]
    g.play_turn()
    # Shanty Town (had actions in hand: no cards), Mining Village +1 Gold, Conspirator the
    # third action: +1 Gold
    buy = me.asked[-1]
    assert buy.kind == e.BUY
    assert buy.coins == 2 + 3 + 3
    assert g.actions_played == 3


def test_conspirator_without_three_actions_gives_only_coins() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Conspirator"], deck=["Gold"])
    play_card(g, 0, "Conspirator")
    assert g.coins == 2
    assert g.hand[0] == []
    assert g.actions == 0


def test_conspirator_twice_by_throne_room_counts_each_play() -> None:
    g, (me, _) = game(KT)
    place(g, 0, hand=["Throne Room", "Conspirator"], deck=["Gold", "Silver"])
    me.answers = [e.CONSPIRATOR]
    play_card(g, 0, "Throne Room")
    assert g.coins == 4
    assert names(g.hand[0]) == ["Gold"]  # the second play is the third action played
    assert g.actions == 1


def test_courtyard_draws_three_and_puts_one_back() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Courtyard", "Estate"], deck=["Gold", "Silver", "Copper", "Duchy"])
    me.answers = [(e.SILVER,)]
    play_card(g, 0, "Courtyard")
    assert names(g.hand[0]) == ["Copper", "Estate", "Gold"]
    assert top_first(g, 0) == ["Silver", "Duchy"]
    assert me.asked[0].low == me.asked[0].high == 1


def test_shanty_town_draws_two_without_actions_in_hand() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Shanty Town", "Copper"], deck=["Gold", "Silver"])
    play_card(g, 0, "Shanty Town")
    assert g.actions == 2
    assert names(g.hand[0]) == ["Copper", "Gold", "Silver"]


def test_shanty_town_with_an_action_in_hand_draws_nothing() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Shanty Town", "Steward"], deck=["Gold", "Silver"])
    play_card(g, 0, "Shanty Town")
    assert g.actions == 2
    assert names(g.hand[0]) == ["Steward"]


def test_bridge_lowers_every_cost_by_one_this_turn() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Bridge", "Gold", "Gold", "Estate"], deck=["Copper"] * 5)
    me.answers = [e.BRIDGE, e.PROVINCE, e.COPPER]
    g.play_turn()
    # $1 + $6 = $7; Province costs 7, Copper 0; two buys
    assert me.asked[1].coins == 7
    assert g.owned[0][e.PROVINCE] == 1
    assert g.owned[0][e.COPPER] == 6
    assert g.cost(e.PROVINCE) == 8  # the next turn: printed costs again


def test_bridge_twice_by_throne_room_lowers_costs_by_two() -> None:
    g, (me, _) = game(KT)
    place(g, 0, hand=["Throne Room", "Bridge"])
    me.answers = [e.BRIDGE]
    play_card(g, 0, "Throne Room")
    assert g.reduction == 2
    assert g.buys == 2  # +1 Buy twice
    assert g.coins == 2
    assert g.cost(e.PROVINCE) == 6
    assert g.cost(e.COPPER) == 0


def test_upgrade_gains_a_card_costing_exactly_one_more() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Upgrade", "Estate"], deck=["Copper"])
    me.answers = [(e.ESTATE,), e.SILVER]
    play_card(g, 0, "Upgrade")
    assert g.actions == 1
    assert names(g.trash) == ["Estate"]
    gain = me.asked[1]
    assert gain.kind == e.GAIN
    assert set(gain.among) == {e.SILVER, e.STEWARD, e.SHANTY_TOWN}  # all that cost 3
    assert names(g.discard[0]) == ["Silver"]


def test_upgrade_with_no_card_at_the_exact_cost_gains_nothing() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Upgrade", "Province"], deck=["Copper"])
    me.answers = [(e.PROVINCE,)]
    play_card(g, 0, "Upgrade")
    assert names(g.trash) == ["Province"]
    assert len(me.asked) == 1
    assert g.discard[0] == []


def test_upgrade_must_trash_a_card() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Upgrade", "Estate"], deck=["Copper"])
    me.answers = [()]
    with pytest.raises(e.IllegalChoice, match="exactly 1"):
        play_card(g, 0, "Upgrade")


def test_upgrade_at_costs_lowered_by_bridge() -> None:
    """With two Bridges' worth off, a Silver (costs 1) upgrades into a card costing 2 now:
    the cards printed at 4."""
    g, (me, _) = game(KT)
    g.reduction = 2
    place(g, 0, hand=["Upgrade", "Silver"], deck=["Copper"])
    me.answers = [(e.SILVER,), e.SMITHY]
    play_card(g, 0, "Upgrade")
    gain = me.asked[1]
    printed_four = {c for c in range(e.N) if g.in_supply[c] and e.COST[c] == 4}
    assert set(gain.among) == printed_four
    assert e.SMITHY in g.discard[0]


@pytest.mark.parametrize(
    ("choice", "hand", "coins"),
    [("cards", ["Copper", "Estate", "Gold", "Silver"], 0), ("coins", ["Copper", "Estate"], 2)],
)
def test_steward_cards_or_coins(choice: str, hand: list[str], coins: int) -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Steward", "Copper", "Estate"], deck=["Gold", "Silver"])
    me.answers = [choice]
    play_card(g, 0, "Steward")
    assert names(g.hand[0]) == hand
    assert g.coins == coins
    assert me.asked[0].options == ("cards", "coins", "trash")


def test_steward_trashes_exactly_two() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Steward", "Copper", "Estate", "Gold"])
    me.answers = ["trash", (e.COPPER, e.ESTATE)]
    play_card(g, 0, "Steward")
    assert names(g.trash) == ["Copper", "Estate"]
    assert names(g.hand[0]) == ["Gold"]
    assert me.asked[1].low == me.asked[1].high == 2


def test_steward_trashes_the_one_card_left() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Steward", "Estate"])
    me.answers = ["trash", (e.ESTATE,)]
    play_card(g, 0, "Steward")
    assert names(g.trash) == ["Estate"]


def test_steward_refuses_an_option_it_does_not_offer() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Steward"])
    me.answers = ["gold"]
    with pytest.raises(e.IllegalChoice, match="choose one of"):
        play_card(g, 0, "Steward")


def test_nobles_three_cards_or_two_actions_and_two_points() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Nobles", "Nobles"], deck=["Gold", "Silver", "Copper", "Estate"])
    me.answers = ["three_cards"]
    play_card(g, 0, "Nobles")
    assert names(g.hand[0]) == ["Copper", "Gold", "Nobles", "Silver"]
    me.answers = ["two_actions"]
    play_card(g, 0, "Nobles")
    assert g.actions == 2
    assert g.score(0) == 2 * 2 + 1


def test_duke_is_worth_a_point_per_duchy() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Duke", "Duke", "Duchy", "Duchy", "Duchy", "Estate"])
    assert g.score(0) == 2 * 3 + 3 * 3 + 1
    place(g, 1, hand=["Duke"])
    assert g.score(1) == 0


def test_torturer_each_other_player_discards_two_or_gains_a_curse_to_hand() -> None:
    g, (_me, a, b) = game(K, players=3)
    place(g, 0, hand=["Torturer"], deck=["Gold", "Gold", "Gold"])
    place(g, 1, hand=["Copper", "Estate", "Silver"])
    place(g, 2, hand=["Copper", "Estate", "Silver"])
    a.answers = ["discard_two", (e.COPPER, e.ESTATE)]
    b.answers = ["curse_to_hand"]
    play_card(g, 0, "Torturer")
    assert names(g.hand[0]) == ["Gold", "Gold", "Gold"]
    assert names(g.hand[1]) == ["Silver"]
    assert names(g.discard[1]) == ["Copper", "Estate"]
    assert names(g.hand[2]) == ["Copper", "Curse", "Estate", "Silver"]
    assert g.owned[2][e.CURSE] == 1
    assert a.asked[0].options == ("discard_two", "curse_to_hand")


def test_torturer_curse_chosen_with_none_left_does_nothing() -> None:
    g, (_me, a) = game(K)
    g.supply[e.CURSE] = 0
    place(g, 0, hand=["Torturer"], deck=["Gold"] * 3)
    place(g, 1, hand=["Copper", "Estate"])
    a.answers = ["curse_to_hand"]
    play_card(g, 0, "Torturer")
    assert names(g.hand[1]) == ["Copper", "Estate"]


def test_torturer_is_an_attack_a_moat_blocks() -> None:
    g, (_me, a) = game(("Moat", *K[1:]))
    place(g, 0, hand=["Torturer"], deck=["Gold"] * 3)
    place(g, 1, hand=["Moat", "Estate"])
    a.answers = [True]
    play_card(g, 0, "Torturer")
    assert names(g.hand[1]) == ["Estate", "Moat"]
    assert len(a.asked) == 1


# ---- the bots ----


def test_the_bots_answer_every_intrigue_decision_and_the_game_replays() -> None:
    players = [bots.bot("heuristic"), bots.BigMoneyCard(e.TORTURER), bots.BigMoneyCard(e.STEWARD)]
    for seed in range(6):
        first = e.play(K, players, seed, record=True)
        again = e.replay(K, 3, seed, first.answers)
        assert again.scores == first.scores
        assert again.ended == first.ended != e.ENDED_LIMIT


@pytest.mark.parametrize("card", K)
def test_big_money_with_each_intrigue_card_finishes(card: str) -> None:
    kingdom = K
    result = e.play(kingdom, [bots.BigMoneyCard(e.INDEX[card]), bots.bot("big-money")], 3)
    assert result.ended != e.ENDED_LIMIT


def test_bot_takes_torturers_discard_and_the_curse_only_when_none_are_left() -> None:
    g, _ = game(K)
    bot = bots.bot("heuristic")
    d = e.Decision(e.CHOOSE, 1, e.TORTURER, "torturer", options=("discard_two", "curse_to_hand"))
    assert bot(g.views[1], d) == "discard_two"
    g.supply[e.CURSE] = 0
    assert bot(g.views[1], d) == "curse_to_hand"
    moat = e.Decision(e.YES, 1, e.TORTURER, "reveal", (e.MOAT,))
    assert bot(g.views[1], moat) is True


def test_bot_trashes_mining_village_when_the_two_coins_reach_a_province() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Gold", "Gold"])
    g.coins = 0
    d = e.Decision(e.YES, 0, e.MINING_VILLAGE, "trash_self")
    bot = bots.bot("heuristic")
    assert bot(g.views[0], d) is True  # 6 + 2 = 8
    place(g, 0, hand=["Gold", "Gold", "Silver"])
    assert bot(g.views[0], d) is False  # 8 already
    place(g, 0, hand=["Silver", "Silver"])
    assert bot(g.views[0], d) is True  # 4 + 2 = 6: Gold


def test_bot_buys_at_bridged_costs() -> None:
    g, _ = game(K)
    g.reduction = 1
    view = g.views[0]
    place(g, 0, hand=[], deck=["Gold"] * 6, discard=["Gold"] * 3)
    assert bots.bot("big-money")(view, e.Decision(e.BUY, 0, coins=7)) == e.PROVINCE
    assert bots.bot("heuristic")(view, e.Decision(e.BUY, 0, coins=7)) == e.PROVINCE
    g.reduction = 0
    assert bots.bot("big-money")(view, e.Decision(e.BUY, 0, coins=7)) == e.GOLD


def test_bot_upgrade_and_steward_trash_what_they_must() -> None:
    g, _ = game(K)
    bot = bots.bot("big-money")
    place(g, 0, hand=["Gold", "Silver", "Province"])
    d = e.Decision(e.SELECT, 0, e.UPGRADE, "trash", tuple(sorted(g.hand[0])), 1, 1)
    assert bot(g.views[0], d) == (e.SILVER,)  # never the Province while there is another
    d = e.Decision(e.SELECT, 0, e.UPGRADE, "trash", (e.COPPER, e.ESTATE, e.SILVER), 1, 1)
    assert bot(g.views[0], d) == (e.ESTATE,)  # an Estate into a Silver
    d = e.Decision(e.SELECT, 0, e.STEWARD, "trash", tuple(sorted(g.hand[0])), 2, 2)
    assert len(bot(g.views[0], d)) == 2
    d = e.Decision(e.SELECT, 0, e.CHAPEL, "trash", tuple(sorted(g.hand[0])), 1, 1)
    assert len(bot(g.views[0], d)) == 1  # any text that must trash gets its count


def test_a_person_chooses_stewards_option_in_czech(monkeypatch, capsys) -> None:
    """The person at ``kolo dominion play`` sees the options by their labels, translated."""
    import io

    from kolo import i18n
    from kolo.cli.dominion.play import Person

    g, _ = game(K)
    person = Person()
    person.game = g
    g.agents[0] = person
    monkeypatch.setattr("sys.stdin", io.StringIO("5\n2\n"))
    before = i18n.language()
    i18n.activate("cs")
    try:
        d = e.Decision(e.CHOOSE, 0, e.STEWARD, "steward", options=("cards", "coins", "trash"))
        assert person(g.views[0], d) == "coins"
    finally:
        i18n.activate(before)
    out = capsys.readouterr().out
    assert "Správce: vyberte jedno" in out
    assert "1. +2 karty" in out
    assert "2. +2 mince" in out
    assert "Zahodit 2 karty z ruky na smetiště" in out
    assert out.count("Kterou (číslo)?") == 2  # "5" is refused and asked again
