"""The base game's rules (source 004, RULES.md §5.2): setup by player count, the turn, the
reshuffle rule, attacks with Throne Room and Moat, the end and ties, replay (issue 16)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kolo.games.dominion import bots
from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import Script, game, names, place, play_card, top_first

ATTACKS = ("Bureaucrat", "Militia", "Bandit", "Witch")
ATTACK_KINGDOM = ("Bureaucrat", "Militia", "Bandit", "Witch", "Moat", "Throne Room", "Village",
                  "Smithy", "Market", "Gardens")  # fmt: skip


@pytest.mark.parametrize(
    ("players", "victory", "provinces", "curses", "piles"),
    [
        (2, 8, 8, 10, 3),
        (3, 12, 12, 20, 3),
        (4, 12, 12, 30, 3),
        (5, 12, 15, 40, 4),
        (6, 12, 18, 50, 4),
    ],
)
def test_setup_by_player_count(
    players: int, victory: int, provinces: int, curses: int, piles: int
) -> None:
    """§5.2's table (source 004): victory piles, Provinces, Curses, piles that end the game;
    R-SETUP-1: 7 Copper and 3 Estates each, five in hand; kingdom piles of 10."""
    g, _ = game(e.FIRST_GAME, players=players)
    assert g.supply[e.ESTATE] == g.supply[e.DUCHY] == victory
    assert g.supply[e.PROVINCE] == provinces
    assert g.supply[e.CURSE] == curses
    assert g.piles_to_end == piles
    assert g.supply[e.COPPER] == 60 - 7 * players
    assert g.supply[e.INDEX["Smithy"]] == 10
    for p in range(players):
        assert len(g.hand[p]) == 5
        assert len(g.deck[p]) == 5
        assert sorted(g.hand[p] + g.deck[p]) == [e.COPPER] * 7 + [e.ESTATE] * 3
    gardens, _ = game(("Gardens", *e.FIRST_GAME[1:]), players=players)
    assert gardens.supply[e.GARDENS] == victory


def test_clean_up_reshuffle_rule() -> None:
    """Source 004: with fewer than five cards in the deck, the whole discard pile (the cards
    just cleaned up included) is shuffled and put under the deck, then five are drawn."""
    g, (me, _) = game()
    place(g, 0, hand=["Estate", "Estate"], deck=["Gold", "Gold"], discard=["Silver"] * 4)
    me.answers = [None]
    g.play_turn()
    hand = names(g.hand[0])
    assert hand.count("Gold") == 2
    assert len(hand) == 5
    assert g.discard[0] == []
    assert len(g.deck[0]) == 3
    assert names(g.hand[0] + g.deck[0]) == ["Estate"] * 2 + ["Gold"] * 2 + ["Silver"] * 4


def test_drawing_with_nothing_left_draws_what_there_is() -> None:
    g, _ = game()
    place(g, 0, hand=["Smithy"], deck=["Gold"])
    play_card(g, 0, "Smithy")
    assert names(g.hand[0]) == ["Gold"]


def test_the_action_phase_has_one_action() -> None:
    g, (me, _) = game()
    place(g, 0, hand=["Smithy", "Smithy"], deck=["Copper"] * 10)
    me.answers = [e.SMITHY, None]
    g.play_turn()
    assert [d.kind for d in me.asked] == [e.PLAY, e.BUY]


def test_illegal_buys_are_refused_with_a_reason() -> None:
    g, (me, _) = game()
    place(g, 0, hand=["Copper", "Copper"], deck=["Copper"] * 5)
    me.answers = [e.PROVINCE]
    with pytest.raises(e.IllegalChoice, match="costs 8, you have 2"):
        g.play_turn()
    g, (me, _) = game()
    place(g, 0, hand=["Gold", "Gold"], deck=["Copper"] * 5)
    me.answers = [e.WITCH]
    with pytest.raises(e.IllegalChoice, match="not in the supply"):
        g.play_turn()
    g, (me, _) = game()
    place(g, 0, hand=["Copper"], deck=["Copper"] * 5)
    g.supply[e.CURSE] = 0
    me.answers = [e.CURSE]
    with pytest.raises(e.IllegalChoice, match="pile is empty"):
        g.play_turn()


def test_check_explains_every_kind_of_illegal_answer() -> None:
    g, _ = game()
    assert e.check(g, e.Decision(e.PLAY, 0, among=(e.INDEX["Smithy"],)), e.GOLD)
    assert e.check(g, e.Decision(e.YES, 0), 1) == "answer yes or no"
    d = e.Decision(e.SELECT, 0, among=(e.COPPER, e.ESTATE), low=1, high=2)
    assert e.check(g, d, (e.COPPER, e.COPPER)) == "Copper is not there"
    assert e.check(g, d, ()) == "choose 1 to 2 cards"
    assert e.check(g, d, (e.ESTATE, e.COPPER)) is None


@pytest.mark.parametrize("attack", ATTACKS)
def test_throne_room_on_each_attack_attacks_twice(attack: str) -> None:
    g, (me, other) = game(ATTACK_KINGDOM)
    place(g, 0, hand=["Throne Room", attack], deck=["Copper"] * 6)
    place(g, 1, hand=["Estate", "Duchy", "Copper", "Copper", "Silver", "Gold"],
          deck=["Gold", "Silver", "Gold", "Silver"])  # fmt: skip
    me.answers = [e.INDEX[attack]]
    if attack == "Militia":
        other.answers = [(e.ESTATE, e.DUCHY, e.COPPER)]  # the second time: already 3 cards
    if attack == "Bureaucrat":
        other.answers = [(e.ESTATE,), (e.DUCHY,)]
    if attack == "Bandit":
        other.answers = [(e.SILVER,), (e.SILVER,)]
    play_card(g, 0, "Throne Room")
    if attack == "Militia":
        assert g.coins == 4
        assert len(g.hand[1]) == 3
    elif attack == "Bureaucrat":
        assert top_first(g, 1)[:2] == ["Duchy", "Estate"]
        assert top_first(g, 0)[:2] == ["Silver", "Silver"]
    elif attack == "Bandit":
        assert names(g.trash) == ["Silver", "Silver"]
        assert names(g.discard[0]) == ["Gold", "Gold"]
    else:
        assert g.owned[1][e.CURSE] == 2
        assert len(g.hand[0]) == 4


@pytest.mark.parametrize("attack", ATTACKS)
def test_moat_blocks_each_attack(attack: str) -> None:
    """The Moat's reaction: revealed, the attack does not touch its owner; the others, in
    turn order, are attacked."""
    g, scripts = game(ATTACK_KINGDOM, players=3, scripts=[Script(), Script(), Script()])
    place(g, 0, hand=[attack], deck=["Copper"] * 4)
    place(g, 1, hand=["Moat", "Estate", "Copper", "Silver", "Gold"], deck=["Gold", "Silver"])
    place(g, 2, hand=["Estate", "Copper", "Copper", "Silver", "Gold"], deck=["Gold", "Silver"])
    scripts[1].answers = [True]
    if attack == "Militia":
        scripts[2].answers = [(e.ESTATE, e.COPPER)]
    if attack == "Bandit":
        scripts[2].answers = [(e.SILVER,)]
    play_card(g, 0, attack)
    assert scripts[1].asked[0].what == "reveal"
    assert names(g.hand[1]) == ["Copper", "Estate", "Gold", "Moat", "Silver"]
    assert top_first(g, 1) == ["Gold", "Silver"]
    assert g.discard[1] == []
    assert g.owned[1][e.CURSE] == 0
    if attack == "Militia":
        assert len(g.hand[2]) == 3
    elif attack == "Bureaucrat":
        assert top_first(g, 2)[0] == "Estate"
    elif attack == "Bandit":
        assert names(g.trash) == ["Silver"]
    else:
        assert g.owned[2][e.CURSE] == 1


def test_moat_may_stay_hidden() -> None:
    g, (_, other) = game(ATTACK_KINGDOM)
    place(g, 0, hand=["Witch"], deck=["Copper"] * 2)
    place(g, 1, hand=["Moat"])
    other.answers = [False]
    play_card(g, 0, "Witch")
    assert g.owned[1][e.CURSE] == 1


def _buy_last_province(players: int, ender: int, scores_equal: bool) -> e.Result:
    """A game where ``ender`` buys the last Province, the scores then tied (or not)."""
    scripts = [Script() for _ in range(players)]
    g = e.Game(e.FIRST_GAME, scripts, 1)
    g.supply[e.PROVINCE] = 1
    for p in range(players):
        place(g, p, hand=["Copper"] * 3, deck=["Copper"] * 20)
    place(g, ender, hand=["Gold", "Gold", "Gold"], deck=["Copper"] * 20)
    # everybody has 0 points now; after the Province the ender has 6: give the others 6
    for p in range(players):
        if p != ender:
            g.owned[p][e.DUCHY] = 2 if scores_equal else 1
    for p in range(players):
        scripts[p].answers = [e.PROVINCE if p == ender else None]
    return g.run()


def test_tied_players_with_fewer_turns_win() -> None:
    """Source 004 / §5.2: the first player ends the game with the scores tied; the second
    had one turn fewer and wins alone."""
    result = _buy_last_province(2, ender=0, scores_equal=True)
    assert result.scores == (6, 6)
    assert result.turns == (1, 0)
    assert result.winners == (1,)
    assert result.ended == e.ENDED_PROVINCES


def test_still_tied_players_share_the_win() -> None:
    scripts = [Script([None]), Script([e.PROVINCE])]
    g = e.Game(e.FIRST_GAME, scripts, 1)
    g.supply[e.PROVINCE] = 1
    place(g, 0, hand=["Copper"] * 3, deck=["Copper"] * 20)
    place(g, 1, hand=["Gold"] * 3, deck=["Copper"] * 20)
    g.owned[0][e.DUCHY] = 2
    result = g.run()
    assert result.turns == (1, 1)
    assert result.scores == (6, 6)
    assert result.winners == (0, 1)


def test_most_points_wins() -> None:
    result = _buy_last_province(3, ender=1, scores_equal=False)
    assert result.scores == (3, 6, 3)
    assert result.winners == (1,)


@pytest.mark.parametrize(("players", "ends"), [(2, True), (4, True), (5, False), (6, False)])
def test_three_empty_piles_end_the_game_with_up_to_four_players(players: int, ends: bool) -> None:
    """Three empty supply piles end the game; with 5–6 players it takes four (§5.2)."""
    scripts = [Script([None] * 5) for _ in range(players)]
    g = e.Game(e.FIRST_GAME, scripts, 1)
    for card in ("Cellar", "Moat", "Village"):
        g.supply[e.INDEX[card]] = 0
    g.empty = 3
    g.play_turn()
    assert (g.over() == e.ENDED_PILES) is ends
    if not ends:
        g.supply[e.INDEX["Smithy"]] = 0
        g.empty = 4
        assert g.over() == e.ENDED_PILES


def test_the_end_is_checked_at_the_end_of_a_turn() -> None:
    """The last Province bought mid-turn with a second buy left: the turn goes on."""
    scripts = [Script([e.INDEX["Market"], e.PROVINCE, e.SILVER]), Script([None])]
    g = e.Game(e.FIRST_GAME, scripts, 1)
    g.supply[e.PROVINCE] = 1
    place(g, 0, hand=["Market", "Gold", "Gold", "Gold", "Gold"], deck=["Copper"] * 10)
    result = g.run()
    assert result.turns == (1, 0)
    assert g.owned[0][e.SILVER] == 1


def _random_agent(rng: random.Random) -> e.Agent:
    def agent(view: e.View, d: e.Decision) -> e.Answer:
        if d.kind == e.BUY:
            options = [
                c for c in range(e.N)
                if view.in_supply(c) and view.pile(c) > 0 and e.COST[c] <= d.coins
            ]  # fmt: skip
            return rng.choice([None, *options]) if options else None
        if d.kind == e.PLAY:
            return rng.choice([None, *d.among]) if rng.random() < 0.3 else rng.choice(d.among)
        if d.kind == e.GAIN:
            return rng.choice(d.among)
        if d.kind == e.YES:
            return rng.random() < 0.5
        k = rng.randint(d.low, d.high)
        return tuple(rng.sample(d.among, k))

    return agent


def _conserved(g: e.Game, start: list[int]) -> None:
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
        assert counts[c] + (g.supply[c] if g.in_supply[c] else 0) == start[c], e.CARDS[c]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    kingdom=st.lists(st.sampled_from(e.KINGDOM), min_size=10, max_size=10, unique=True),
    mix=st.lists(
        st.sampled_from(["random", "heuristic", "big-money", "big-money-witch"]),
        min_size=6,
        max_size=6,
    ),
)
def test_random_games_conserve_cards_answer_legally_and_end_right(
    seed: int, players: int, kingdom: list[str], mix: list[str]
) -> None:
    rng = random.Random(seed)
    agents: list[e.Agent] = [
        _random_agent(rng) if name == "random" else bots.bot(name) for name in mix[:players]
    ]
    if "Witch" not in kingdom:
        agents = [bots.bot("heuristic") if getattr(a, "name", "") == "big-money-witch" else a
                  for a in agents]  # fmt: skip
    g = e.Game(kingdom, agents, seed)
    start = [0] * e.N
    for c in range(e.N):
        start[c] = (g.supply[c] if g.in_supply[c] else 0) + sum(o[c] for o in g.owned)
    ended = None
    while ended is None and g.turns[-1] < 60:
        g.play_turn()  # every answer is checked: an illegal one raises
        _conserved(g, start)
        ended = g.over()
        if ended is None:
            g.current = (g.current + 1) % g.n
    if ended == e.ENDED_PROVINCES:
        assert g.supply[e.PROVINCE] == 0
    elif ended == e.ENDED_PILES:
        empty = sum(1 for c in range(e.N) if g.in_supply[c] and g.supply[c] == 0)
        assert empty >= (3 if players <= 4 else 4)
        assert g.supply[e.PROVINCE] > 0
    else:
        assert g.supply[e.PROVINCE] > 0
    empty = sum(1 for c in range(e.N) if g.in_supply[c] and g.supply[c] == 0)
    assert g.empty == empty


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bot_games_run_to_the_end(players: int) -> None:
    names_ = ["heuristic", "big-money", "big-money-smithy", "big-money-militia", "heuristic",
              "big-money-witch"][:players]  # fmt: skip
    kingdom = ("Smithy", "Militia", "Witch", "Village", "Chapel", "Library", "Market", "Moat",
               "Throne Room", "Bandit")  # fmt: skip
    for seed in range(5):
        result = e.play(kingdom, [bots.bot(n) for n in names_], seed)
        assert result.ended in (e.ENDED_PROVINCES, e.ENDED_PILES)
        assert result.winners


def test_replay_gives_the_same_game() -> None:
    kingdom = ("Cellar", "Chapel", "Harbinger", "Vassal", "Library", "Sentry", "Throne Room",
               "Mine", "Artisan", "Bandit")  # fmt: skip
    agents = [bots.bot("heuristic"), bots.bot("big-money-bandit"), bots.bot("heuristic")]
    first = e.play(kingdom, agents, 7, record=True, log=True)
    again = e.replay(kingdom, 3, 7, first.answers)
    assert again.log == first.log
    assert again.scores == first.scores
    assert again.answers == first.answers
    assert e.play(kingdom, agents, 7).scores == first.scores


def test_replay_refuses_a_changed_answer() -> None:
    agents = [bots.bot("big-money"), bots.bot("big-money")]
    first = e.play(e.FIRST_GAME, agents, 3, record=True)
    changed = list(first.answers)
    changed[0] = e.PROVINCE  # the first buy: $2–$5, a Province is illegal
    with pytest.raises(e.IllegalChoice, match="costs 8"):
        e.replay(e.FIRST_GAME, 2, 3, changed)


def test_the_turn_limit_ends_a_game_nobody_ends() -> None:
    """A safeguard, not a rule of the game: bots that never buy stop after ``max_turns``."""
    result = e.play(e.FIRST_GAME, [lambda v, d: None, lambda v, d: None], 1, max_turns=7)
    assert result.ended == e.ENDED_LIMIT
    assert result.turns == (7, 7)
    assert result.winners == (0, 1)


def test_drawing_or_looking_at_no_cards_takes_none() -> None:
    g, _ = game()
    place(g, 0, hand=[], deck=["Gold", "Silver"])
    assert g.draw(0, 0) == 0
    assert g.top(0, 0) == []
    assert g.hand[0] == []
    assert len(g.deck[0]) == 2


ACTIONS = [c for c in e.KINGDOM if e.IS_ACTION[e.INDEX[c]] and c != "Throne Room"]


@pytest.mark.parametrize("card", ACTIONS)
def test_throne_room_plays_any_action_twice(card: str) -> None:
    """Throne Room on every action of the engine: the action resolves twice (its "+" effects
    count twice) and stays in play once (Feast, which trashes itself, is trashed once)."""
    kingdom = tuple(dict.fromkeys([card, "Throne Room", *e.FIRST_GAME]))[:10]
    heuristic = bots.bot("heuristic")

    def me(view: e.View, d: e.Decision) -> e.Answer:
        if d.kind == e.PLAY and d.card == e.THRONE_ROOM:
            return e.INDEX[card]
        if d.kind == e.YES:
            return False
        return heuristic(view, d)

    g = e.Game(kingdom, [me, heuristic], 1, log=True)
    deck = ["Copper", "Gold", "Estate", "Silver", "Copper", "Copper", "Gold", "Estate"] * 2
    place(g, 0, hand=["Throne Room", card, "Copper", "Estate", "Silver"], deck=deck)
    place(g, 1, hand=["Copper", "Estate", "Silver", "Gold", "Copper"], deck=["Silver"] * 6)
    play_card(g, 0, "Throne Room", actions=0)
    played = [e.CARDS[ev.cards[0]] for ev in g.log or [] if ev.verb == "play" and ev.player == 0]
    assert played == ["Throne Room", card, card]
    if card == "Feast":
        assert e.FEAST in g.trash
        assert e.FEAST not in g.in_play
    else:
        assert g.in_play.count(e.INDEX[card]) == 1
    gives = {"Village": 4, "Festival": 4, "Laboratory": 2, "Market": 2, "Cellar": 2,
             "Harbinger": 2, "Merchant": 2, "Poacher": 2, "Sentry": 2}  # fmt: skip
    if card in gives:
        assert g.actions == gives[card]
