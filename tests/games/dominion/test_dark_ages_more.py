"""Dark Ages, the second half of the pool's cards (``kolo.games.dominion.darkages_more``):
each card by a built position, its reactions and on-trash texts, the choices the cards leave
open (docs/rules-notes.md), and bot games on a kingdom of these cards, replayed (issue 40)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from kolo.games.dominion import bots
from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import game, names, place, play_card, top_first

K = ("Forager", "Fortress", "Hunting Grounds", "Ironmonger", "Junk Dealer", "Market Square",
     "Mystic", "Squire", "Vagrant", "Rats")  # fmt: skip
K2 = ("Poor House", "Storeroom", "Chapel", "Remodel", "Militia", "Witch", "Throne Room", "Moat",
      "Village", "Market Square")  # fmt: skip
MINE = (*K, "Poor House", "Storeroom")


def test_every_card_of_the_lane_is_played() -> None:
    for card in MINE:
        assert card in e.PLAYABLE, card


# ---- Forager ----


def test_forager_trashes_and_counts_differently_named_treasures_in_the_trash() -> None:
    g, (me, _) = game(K)
    g.trash[:] = [e.COPPER, e.COPPER, e.SILVER, e.ESTATE]
    place(g, 0, hand=["Forager", "Copper", "Gold", "Estate"])
    me.answers = [(e.GOLD,)]
    play_card(g, 0, "Forager")
    assert me.asked[0].kind == e.SELECT
    assert (me.asked[0].low, me.asked[0].high) == (1, 1)
    assert (g.actions, g.buys, g.coins) == (1, 1, 3)  # Copper, Silver, Gold
    assert names(g.hand[0]) == ["Copper", "Estate"]
    assert g.trash.count(e.GOLD) == 1


def test_forager_with_an_empty_hand_still_counts_the_trash() -> None:
    g, (me, _) = game(K)
    g.trash[:] = [e.COPPER]
    place(g, 0, hand=["Forager"])
    play_card(g, 0, "Forager")
    assert me.asked == []
    assert g.coins == 1


# ---- Fortress ----


def test_fortress_draws_one_and_gives_two_actions() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Fortress"], deck=["Gold", "Copper"])
    play_card(g, 0, "Fortress")
    assert names(g.hand[0]) == ["Gold"]
    assert g.actions == 2


def test_fortress_trashed_returns_to_the_hand() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Junk Dealer", "Fortress"], deck=["Copper"])
    me.answers = [(e.FORTRESS,)]
    play_card(g, 0, "Junk Dealer")
    assert names(g.hand[0]) == ["Copper", "Fortress"]
    assert e.FORTRESS not in g.trash
    assert g.owned[0][e.FORTRESS] == 1
    assert g.total[0] == 3
    assert any(ev.verb == "to_hand" for ev in g.log or ())


def test_fortress_remodelled_comes_back_and_still_gains() -> None:
    g, (me, _) = game(("Remodel", *K[:9]))
    place(g, 0, hand=["Remodel", "Fortress"])
    me.answers = [(e.FORTRESS,), e.INDEX["Hunting Grounds"]]
    play_card(g, 0, "Remodel")
    assert names(g.hand[0]) == ["Fortress"]
    assert names(g.discard[0]) == ["Hunting Grounds"]


# ---- Hunting Grounds ----


def test_hunting_grounds_draws_four() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Hunting Grounds"], deck=["Gold"] * 5)
    play_card(g, 0, "Hunting Grounds")
    assert len(g.hand[0]) == 4


@pytest.mark.parametrize(
    ("option", "gained"), [("one_duchy", ["Duchy"]), ("three_estates", ["Estate"] * 3)]
)
def test_hunting_grounds_trashed_gains_a_duchy_or_three_estates(
    option: str, gained: list[str]
) -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Forager", "Hunting Grounds"])
    me.answers = [(e.HUNTING_GROUNDS,), option]
    play_card(g, 0, "Forager")
    asked = me.asked[1]
    assert asked.kind == e.CHOOSE
    assert asked.options == ("one_duchy", "three_estates")
    assert names(g.discard[0]) == gained


def test_hunting_grounds_refuses_an_unknown_option() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Forager", "Hunting Grounds"])
    me.answers = [(e.HUNTING_GROUNDS,), "province"]
    with pytest.raises(e.IllegalChoice, match="choose one of"):
        play_card(g, 0, "Forager")


# ---- Ironmonger ----


def test_ironmonger_keeps_a_victory_card_on_top_and_draws_it() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Ironmonger"], deck=["Copper", "Estate", "Gold"])
    me.answers = [False]
    play_card(g, 0, "Ironmonger")
    assert names(g.hand[0]) == ["Copper", "Estate"]
    assert (g.actions, g.coins) == (1, 0)
    assert top_first(g, 0) == ["Gold"]


def test_ironmonger_discards_a_treasure_for_a_coin() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Ironmonger"], deck=["Copper", "Silver", "Gold"])
    me.answers = [True]
    play_card(g, 0, "Ironmonger")
    assert me.asked[0].what == "discard_revealed"
    assert me.asked[0].among == (e.SILVER,)
    assert names(g.discard[0]) == ["Silver"]
    assert (g.actions, g.coins) == (1, 1)
    assert top_first(g, 0) == ["Gold"]


def test_ironmonger_an_action_gives_an_action_and_two_types_give_both() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Ironmonger"], deck=["Copper", "Dame Josephine", "Gold"])
    me.answers = [True]
    play_card(g, 0, "Ironmonger")
    assert g.actions == 2  # +1 Action, +1 for an Action card
    assert names(g.hand[0]) == ["Copper", "Gold"]  # +1 Card for a Victory card


def test_ironmonger_with_no_deck_reveals_nothing() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Ironmonger"], deck=["Copper"])
    play_card(g, 0, "Ironmonger")
    assert me.asked == []


# ---- Junk Dealer ----


def test_junk_dealer_must_trash_a_card() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Junk Dealer", "Estate"], deck=["Copper"])
    me.answers = [()]
    with pytest.raises(e.IllegalChoice, match="exactly 1"):
        play_card(g, 0, "Junk Dealer")


def test_junk_dealer_draws_gives_an_action_a_coin_and_trashes() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Junk Dealer", "Estate"], deck=["Copper"])
    me.answers = [(e.ESTATE,)]
    play_card(g, 0, "Junk Dealer")
    assert names(g.hand[0]) == ["Copper"]
    assert (g.actions, g.coins) == (1, 1)
    assert g.trash == [e.ESTATE]


# ---- Market Square ----


def test_market_square_draws_and_gives_an_action_and_a_buy() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Market Square"], deck=["Gold"])
    g.buys = 1
    play_card(g, 0, "Market Square")
    assert names(g.hand[0]) == ["Gold"]
    assert (g.actions, g.buys) == (1, 2)


def test_market_square_discarded_when_a_card_is_trashed_gains_a_gold() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Junk Dealer", "Estate", "Market Square", "Market Square"], deck=["Copper"])
    me.answers = [(e.ESTATE,), True, False]
    play_card(g, 0, "Junk Dealer")
    assert me.asked[1].what == "market_square"
    assert me.asked[1].among == (e.ESTATE,)
    assert names(g.discard[0]) == ["Gold", "Market Square"]
    assert names(g.hand[0]) == ["Copper", "Market Square"]


def test_each_market_square_may_gain_a_gold() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Junk Dealer", "Estate", "Market Square", "Market Square"], deck=["Copper"])
    me.answers = [(e.ESTATE,), True, True]
    play_card(g, 0, "Junk Dealer")
    assert names(g.discard[0]) == ["Gold", "Gold", "Market Square", "Market Square"]


def test_market_square_reacts_to_its_owners_card_trashed_by_an_attack() -> None:
    """A card of yours trashed on another's turn (Knights, Rogue…) is still yours: Market
    Square reacts. Shown with the victim's own trashing, called as an attack would."""
    g, (_, other) = game(K)
    place(g, 1, hand=["Market Square"])
    other.answers = [True]
    g.trash_card(1, e.COPPER)
    assert names(g.discard[1]) == ["Gold", "Market Square"]


def test_chapel_trashing_a_market_square_with_others_is_safe() -> None:
    """Chapel takes every chosen card out of the hand before trashing them, so a Market
    Square being trashed does not react (it is no longer in the hand)."""
    g, (me, _) = game(K2)
    place(g, 0, hand=["Chapel", "Copper", "Market Square"])
    me.answers = [(e.COPPER, e.MARKET_SQUARE)]
    play_card(g, 0, "Chapel")
    assert names(g.trash) == ["Copper", "Market Square"]
    assert me.asked[1:] == []


# ---- Mystic ----


def test_mystic_naming_the_top_card_puts_it_into_the_hand() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Mystic"], deck=["Gold", "Copper"])
    me.answers = [e.GOLD]
    play_card(g, 0, "Mystic")
    assert me.asked[0].kind == e.NAME
    assert names(g.hand[0]) == ["Gold"]
    assert (g.actions, g.coins) == (1, 2)


def test_mystic_naming_wrong_leaves_the_card_on_top() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Mystic"], deck=["Gold", "Copper"])
    me.answers = [e.PROVINCE]
    play_card(g, 0, "Mystic")
    assert g.hand[0] == []
    assert top_first(g, 0) == ["Gold", "Copper"]


def test_mystic_refuses_a_name_that_is_no_card() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Mystic"], deck=["Gold"])
    me.answers = [e.N + 5]
    with pytest.raises(e.IllegalChoice, match="not a card"):
        play_card(g, 0, "Mystic")


# ---- Squire ----


@pytest.mark.parametrize(
    ("option", "actions", "buys", "gained"),
    [("squire_actions", 2, 1, []), ("squire_buys", 0, 3, []), ("squire_silver", 0, 1, ["Silver"])],
)
def test_squire_gives_a_coin_and_one_of_three(
    option: str, actions: int, buys: int, gained: list[str]
) -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Squire"])
    g.buys = 1
    me.answers = [option]
    play_card(g, 0, "Squire")
    assert me.asked[0].options == ("squire_actions", "squire_buys", "squire_silver")
    assert (g.coins, g.actions, g.buys) == (1, actions, buys)
    assert names(g.discard[0]) == gained


def test_squire_trashed_gains_an_attack_card() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Chapel", "Squire"])
    me.answers = [(e.SQUIRE,), e.WITCH]
    play_card(g, 0, "Chapel")
    asked = me.asked[1]
    assert asked.kind == e.GAIN
    assert set(asked.among) == {e.MILITIA, e.WITCH}  # any cost, Attacks only
    assert names(g.discard[0]) == ["Witch"]


def test_squire_trashed_without_attacks_gains_nothing() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Junk Dealer", "Squire"], deck=["Copper"])
    me.answers = [(e.SQUIRE,)]
    play_card(g, 0, "Junk Dealer")
    assert g.discard[0] == []
    assert len(me.asked) == 1


def test_squire_may_gain_the_top_knight() -> None:
    """The Knights pile is an Attack pile: Squire gains its top card."""
    g, (me, _) = game(K)
    g.in_supply[e.KNIGHTS] = True
    g.supply[e.KNIGHTS] = 2
    g.mixed[e.KNIGHTS] = [e.DAME_ANNA, e.SIR_MARTIN]
    place(g, 0, hand=["Junk Dealer", "Squire"], deck=["Copper"])
    me.answers = [(e.SQUIRE,), e.KNIGHTS]
    play_card(g, 0, "Junk Dealer")
    assert me.asked[1].among == (e.KNIGHTS,)
    assert names(g.discard[0]) == ["Sir Martin"]


# ---- Vagrant ----


@pytest.mark.parametrize("card", ["Curse", "Estate", "Abandoned Mine", "Hovel", "Province"])
def test_vagrant_takes_a_curse_ruins_shelter_or_victory_card(card: str) -> None:
    g, _ = game(K)
    place(g, 0, hand=["Vagrant"], deck=["Copper", card])
    play_card(g, 0, "Vagrant")
    assert names(g.hand[0]) == sorted(["Copper", card])
    assert g.actions == 1


def test_vagrant_leaves_other_cards_on_top() -> None:
    g, _ = game(K)
    place(g, 0, hand=["Vagrant"], deck=["Copper", "Gold"])
    play_card(g, 0, "Vagrant")
    assert names(g.hand[0]) == ["Copper"]
    assert top_first(g, 0) == ["Gold"]


# ---- Rats ----


def test_rats_pile_has_twenty() -> None:
    g, _ = game(K)
    assert g.supply[e.RATS] == 20


def test_rats_gains_a_rats_and_trashes_a_card_other_than_rats() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Rats", "Rats", "Estate"], deck=["Copper"])
    me.answers = [(e.ESTATE,)]
    play_card(g, 0, "Rats")
    assert me.asked[0].among == (e.COPPER, e.ESTATE)
    assert names(g.discard[0]) == ["Rats"]
    assert g.supply[e.RATS] == 19
    assert names(g.hand[0]) == ["Copper", "Rats"]


def test_rats_refuses_trashing_a_rats() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Rats", "Rats", "Estate"], deck=["Copper"])
    me.answers = [(e.RATS,)]
    with pytest.raises(e.IllegalChoice, match="Rats is not there"):
        play_card(g, 0, "Rats")


def test_rats_with_a_hand_of_rats_reveals_it() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Rats", "Rats"], deck=["Rats"])
    play_card(g, 0, "Rats")
    assert me.asked == []
    assert g.trash == []
    assert any(ev.verb == "reveal" for ev in g.log or ())


def test_rats_trashed_draws_a_card() -> None:
    g, (me, _) = game(K)
    place(g, 0, hand=["Forager", "Rats"], deck=["Gold"])
    me.answers = [(e.RATS,)]
    play_card(g, 0, "Forager")
    assert names(g.hand[0]) == ["Gold"]


# ---- Poor House ----


@pytest.mark.parametrize(("before", "hand", "after"), [
    (0, [], 4), (0, ["Copper", "Estate"], 3), (0, ["Copper", "Silver", "Gold", "Copper"], 0),
    (2, ["Copper"] * 7, 0), (1, ["Copper"] * 3, 2),
])  # fmt: skip
def test_poor_house_gives_four_less_one_per_treasure_never_below_zero(
    before: int, hand: list[str], after: int
) -> None:
    g, _ = game(K2)
    place(g, 0, hand=["Poor House", *hand])
    g.coins = before
    play_card(g, 0, "Poor House")
    assert g.coins == after


# ---- Storeroom ----


def test_storeroom_discards_to_draw_then_discards_for_coins() -> None:
    g, (me, _) = game(K2)
    g.buys = 1
    place(g, 0, hand=["Storeroom", "Estate", "Curse", "Copper"], deck=["Gold", "Silver", "Duchy"])
    me.answers = [(e.CURSE, e.ESTATE), (e.GOLD, e.COPPER)]
    play_card(g, 0, "Storeroom")
    assert [d.what for d in me.asked] == ["discard_draw", "discard_coins"]
    assert names(g.hand[0]) == ["Silver"]
    assert (g.buys, g.coins) == (2, 2)
    assert names(g.discard[0]) == ["Copper", "Curse", "Estate", "Gold"]
    assert top_first(g, 0) == ["Duchy"]


def test_storeroom_discarding_nothing_draws_nothing() -> None:
    g, (me, _) = game(K2)
    place(g, 0, hand=["Storeroom", "Copper"], deck=["Gold"])
    me.answers = [(), ()]
    play_card(g, 0, "Storeroom")
    assert names(g.hand[0]) == ["Copper"]
    assert g.coins == 0


# ---- the bots, and games played whole ----


def test_bots_answer_each_decision_sensibly() -> None:
    bot = bots.bot("heuristic")
    g, _ = game(K, scripts=[bot, bot])  # type: ignore[list-item]
    view = g.views[0]
    place(g, 0, hand=["Province", "Fortress", "Copper", "Curse"])
    trash = e.Decision(e.SELECT, 0, e.JUNK_DEALER, "trash", tuple(sorted(g.hand[0])), 1, 1)
    assert bot(view, trash) == (e.FORTRESS,)
    place(g, 0, hand=["Province", "Copper", "Curse"])
    trash = e.Decision(e.SELECT, 0, e.FORAGER, "trash", tuple(sorted(g.hand[0])), 1, 1)
    assert bot(view, trash) == (e.CURSE,)
    assert bot(view, e.Decision(e.YES, 0, e.IRONMONGER, "discard_revealed", (e.ESTATE,))) is True
    assert bot(view, e.Decision(e.YES, 0, e.IRONMONGER, "discard_revealed", (e.GOLD,))) is False
    assert bot(view, e.Decision(e.YES, 0, e.MARKET_SQUARE, "market_square", (e.COPPER,))) is True
    hg = e.Decision(e.CHOOSE, 0, e.HUNTING_GROUNDS, "hunting_grounds",
                    options=("one_duchy", "three_estates"))  # fmt: skip
    assert bot(view, hg) == "one_duchy"
    place(g, 0, hand=["Copper"], deck=["Silver", "Silver", "Estate"], discard=["Copper"])
    g.in_play[:] = []
    assert bot(view, e.Decision(e.NAME, 0, e.MYSTIC)) == e.SILVER
    place(g, 0, hand=["Estate", "Gold", "Squire"])
    g.actions = 0
    squire = e.Decision(e.CHOOSE, 0, e.SQUIRE, "squire",
                        options=("squire_actions", "squire_buys", "squire_silver"))  # fmt: skip
    assert bot(view, squire) == "squire_actions"
    place(g, 0, hand=["Estate", "Gold", "Copper", "Curse"])
    store = e.Decision(e.SELECT, 0, e.STOREROOM, "discard_draw", tuple(sorted(g.hand[0])), 0, 4)
    assert sorted(bot(view, store)) == [e.ESTATE, e.CURSE]


def _random_agent(rng: random.Random) -> e.Agent:
    def agent(view: e.View, d: e.Decision) -> e.Answer:
        if d.kind == e.BUY:
            options = [
                c for c in range(e.N)
                if view.in_supply(c) and view.pile(c) > 0 and view.cost(c) <= d.coins
            ]  # fmt: skip
            return rng.choice([None, *options]) if options else None
        if d.kind == e.PLAY:
            return rng.choice([None, *d.among]) if rng.random() < 0.3 else rng.choice(d.among)
        if d.kind == e.GAIN:
            return rng.choice(d.among)
        if d.kind == e.YES:
            return rng.random() < 0.5
        if d.kind == e.CHOOSE:
            return rng.choice(d.options)
        if d.kind == e.NAME:
            return rng.randrange(e.N)
        k = rng.randint(d.low, d.high)
        return tuple(rng.sample(d.among, k))

    return agent


def _count(g: e.Game) -> list[int]:
    counts = [0] * e.N
    for p in range(g.n):
        zone = g.hand[p] + g.deck[p] + g.discard[p] + (g.in_play if p == g.current else [])
        mine = [0] * e.N
        for c in zone:
            mine[c] += 1
        assert mine == g.owned[p]
        assert sum(mine) == g.total[p]
        for c in range(e.N):
            counts[c] += mine[c]
    for c in g.trash:
        counts[c] += 1
    for c in range(e.N):
        counts[c] += g.supply[c] if g.in_supply[c] else 0
    return counts


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_and_bot_games_conserve_cards_and_end(players: int) -> None:
    for kingdom in (K, K2):
        for seed in range(3):
            rng = random.Random(seed)
            agents: list[e.Agent] = [
                _random_agent(rng) if (seed + p) % 2 else bots.bot("heuristic")
                for p in range(players)
            ]
            g = e.Game(kingdom, agents, seed)
            start = _count(g)
            ended = None
            while ended is None and g.turns[-1] < 60:
                g.play_turn()
                assert _count(g) == start
                ended = g.over()
                if ended is None:
                    g.current = (g.current + 1) % g.n
            assert g.empty == sum(1 for c in range(e.N) if g.in_supply[c] and g.supply[c] == 0)


@pytest.mark.parametrize("kingdom", [K, K2])
def test_bot_games_on_these_cards_finish_and_replay(kingdom: tuple[str, ...]) -> None:
    for players in (2, 4):
        names_ = ["heuristic", "big-money-rats", "big-money-forager", "big-money-storeroom"]
        names_ = [n if n == "heuristic" or n[10:].replace("-", " ").title() in kingdom
                  else "heuristic" for n in names_][:players]  # fmt: skip
        agents = [bots.bot(n) for n in names_]
        first = e.play(kingdom, agents, 11, record=True, log=True)
        assert first.ended in (e.ENDED_PROVINCES, e.ENDED_PILES)
        again = e.replay(kingdom, players, 11, first.answers)
        assert again.log == first.log
        assert again.scores == first.scores


def test_every_prompt_and_option_has_words() -> None:
    from kolo.games.dominion import darkages_more

    texts = darkages_more.TEXTS
    for opt in (*darkages_more.SQUIRE_OPTIONS, *darkages_more.HUNTING_OPTIONS):
        assert opt in texts.options
    for what in ("discard_revealed", "market_square", "squire", "hunting_grounds",
                 "discard_draw", "discard_coins"):  # fmt: skip
        assert what in texts.words
    for verb in ("to_hand", "name"):
        assert verb in e.LOG_VERBS


# ---- a person at the terminal ----


def _person(monkeypatch: pytest.MonkeyPatch, typed: str) -> tuple[Any, e.Game]:
    from kolo.cli.dominion.play import Person

    person = Person()
    g, _ = game(K, scripts=[person, person])  # type: ignore[list-item]
    person.game = g
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return person, g


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_person_answers_every_decision_of_these_cards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    from kolo import i18n

    words = {
        "en": ["+2 Buys", "discard Market Square to gain a Gold", "gain 3 Estates",
               "discard (+1 Card each)", "reveals Gold: discard it?"],
        "cs": ["+2 Nákupy", "odhodit Náměstí a získat Zlaťák", "získat 3 Statky",
               "odhodit (za každou +1 Karta)", "odkrytá karta Zlaťák"],
    }[lang]  # fmt: skip
    before = i18n.language()
    i18n.activate(lang)
    try:
        person, g = _person(monkeypatch, "2\ny\n2\n1 2\nn\nGold\n")
        view = g.views[0]
        place(g, 0, hand=["Market Square", "Copper"])
        ask = e.Decision
        squire = ask(e.CHOOSE, 0, e.SQUIRE, "squire", options=("squire_actions", "squire_buys",
                                                               "squire_silver"))  # fmt: skip
        assert person(view, squire) == "squire_buys"
        market = ask(e.YES, 0, e.MARKET_SQUARE, "market_square", (e.ESTATE,))
        assert person(view, market) is True
        hunting = ask(e.CHOOSE, 0, e.HUNTING_GROUNDS, "hunting_grounds",
                      options=("one_duchy", "three_estates"))  # fmt: skip
        assert person(view, hunting) == "three_estates"
        store = ask(e.SELECT, 0, e.STOREROOM, "discard_draw", (e.COPPER, e.MARKET_SQUARE), 0, 2)
        assert person(view, store) == (e.COPPER, e.MARKET_SQUARE)
        iron = ask(e.YES, 0, e.IRONMONGER, "discard_revealed", (e.GOLD,))
        assert person(view, iron) is False
        assert person(view, ask(e.NAME, 0, e.MYSTIC)) == e.GOLD
    finally:
        i18n.activate(before)
    out = capsys.readouterr().out
    for text in words:
        assert text in out, text


def test_the_play_command_takes_a_kingdom_of_these_cards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kolo.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 3000))  # never play, never buy
    code = main(["dominion", "play", ",".join(K), "--opponents", "big-money", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "The game is over" in out


@pytest.mark.parametrize(
    ("card", "hand", "plays"),
    [
        ("Rats", ["Gold", "Silver", "Province"], False),  # a Rats would eat the deck
        ("Rats", ["Gold", "Estate"], True),
        ("Rats", ["Rats"], True),  # a hand of Rats: nothing to trash
        ("Junk Dealer", ["Gold", "Province"], False),
        ("Junk Dealer", ["Gold", "Copper"], True),
        ("Forager", ["Curse", "Gold"], True),
        ("Poor House", ["Copper"] * 4, False),
        ("Poor House", ["Copper"] * 3, True),
    ],
)
def test_bots_play_a_trasher_only_with_something_to_trash(
    card: str, hand: list[str], plays: bool
) -> None:
    bot = bots.bot("heuristic")
    g, _ = game(MINE[:10] if card != "Poor House" else K2)
    place(g, 0, hand=[card, *hand])
    chosen = bot.best_action(g.views[0], (e.INDEX[card],))
    assert (chosen == e.INDEX[card]) is plays
