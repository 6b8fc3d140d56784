"""Cardinal Mexican Train (R-DOMINO-6), with the source's example."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.games.domino.block import IllegalMove
from kolo.games.domino.mexican import (
    DOWN,
    DRAW,
    PASS,
    PUBLIC,
    UP,
    Action,
    MexicanGame,
    MexicanRules,
    Train,
    greedy_player,
    new_game,
    play_game,
    random_player,
)
from kolo.games.domino.tiles import double

TWELVE = double(12)


def tile(a, b):
    return TWELVE.index(a, b)


def test_r_domino_6_the_sources_example_after_12_6_6_8_8_8():
    train = Train(PUBLIC, 12)
    for wagon, going in (((12, 6), DOWN), ((6, 8), UP), ((8, 8), DOWN)):
        assert train.fits(wagon) == going
        train.wagons.append(wagon)
        train.free = wagon[1]
        train.direction = going
    assert train.can_take((8, 9))  # rises after the double that fell
    assert not train.can_take((4, 8))  # 8/4 would fall twice
    assert not train.can_take((5, 9))  # does not carry the free 8


def test_r_domino_6_a_double_keeps_the_direction_it_was_attached_with():
    rising = Train(PUBLIC, 3, direction=DOWN)
    assert rising.fits((3, 3)) == UP  # after a falling wagon the double rises
    rising.free, rising.direction = 3, UP
    assert not rising.can_take((3, 7))  # it rose: the next must fall
    assert rising.can_take((1, 3))


def game_with(hands, boneyard=(), trains=None):
    return MexicanGame(
        TWELVE,
        MexicanRules(),
        [sum(1 << t for t in h) for h in hands],
        list(boneyard),
        trains or [Train(PUBLIC, 12)],
    )


def test_r_domino_6_private_trains_only_their_owner_extends():
    game = game_with([[tile(12, 5), tile(5, 9)], [tile(9, 2), tile(12, 11)]])
    game.act(Action(tile(12, 5), 1))  # seat 0 starts its own train
    assert game.trains[1].owner == 0
    with pytest.raises(IllegalMove, match="only its owner"):
        game.act(Action(tile(9, 2), 1))
    game.act(Action(tile(12, 11), 0))  # seat 1 plays on the public train
    game.act(Action(tile(5, 9), 1))  # 12/5 fell, 5/9 rises
    assert game.over
    assert game.out == 0
    assert game.scores() == [TWELVE.pips[tile(9, 2)], 0]


def test_r_domino_6_must_play_then_draw_then_pass():
    game = game_with([[tile(12, 3), tile(0, 0)], [tile(1, 1)]], boneyard=[tile(2, 2)])
    with pytest.raises(IllegalMove, match="must play"):
        game.act(DRAW)
    game.act(Action(tile(12, 3), 0))
    assert game.legal() == [DRAW]  # seat 1 has nothing that fits
    game.act(DRAW)
    assert game.hands[1] >> tile(2, 2) & 1
    with pytest.raises(IllegalMove, match="boneyard is empty"):
        game.act(DRAW)
    game.act(PASS)  # seat 0: 0/0 does not rise from 3
    game.act(PASS)
    assert game.over
    assert game.out is None
    assert game.scores() == [2 + 4, 0]  # blocked: the fewest pips win the others'


def test_the_deal_by_the_number_of_players():
    rules = MexicanRules()
    for players, each in ((2, 15), (4, 15), (5, 12), (6, 12), (8, 10)):
        game = new_game(players, random.Random(players), rules)
        assert [bin(h).count("1") for h in game.hands] == [each] * players
        assert len(game.boneyard) == 90 - players * each  # the station set aside
    with pytest.raises(ValueError, match="2 to 8"):
        rules.deal_size(9)


def test_same_seed_same_game():
    bots = [random_player, greedy_player, random_player]
    assert play_game(bots, 4).actions == play_game(bots, 4).actions


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 8))
def test_any_game_conserves_tiles_and_plays_legally(seed, players):
    rng = random.Random(seed)
    game = new_game(players, rng)
    while not game.over:
        action = random_player(game, rng)
        assert action in game.legal()
        game.act(action)
    on_trains = [TWELVE.index(a, b) for t in game.trains for a, b in t.wagons]
    in_hands = [t for h in game.hands for t in TWELVE.members(h)]
    everything = sorted([*on_trains, *in_hands, *game.boneyard, tile(12, 12)])
    assert everything == list(range(TWELVE.size))
    scores = game.scores()
    assert sum(1 for s in scores if s) <= 1


def test_the_strong_player_plays_towards_its_longest_train():
    from kolo.games.domino.mexican import strong_player

    # on the public train at 12 (station): 12/3 starts 12/3-3/7-7/2 (three tiles: fall, rise,
    # fall); 12/11 starts nothing more; the strong player plays 12/3, greedy the heavier 12/11
    game = game_with([[tile(12, 3), tile(3, 7), tile(2, 7), tile(12, 11)], [tile(0, 0)]])
    game.trains[0].owner = PUBLIC
    assert strong_player(game, random.Random(1)).tile == tile(12, 3)
    assert greedy_player(game, random.Random(1)).tile in (tile(12, 11), tile(12, 3))
