"""The block game for two pairs, rule by rule (RULES.md §7, R-DOMINO-1..5)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.games.domino.block import (
    LEFT,
    PASS,
    RIGHT,
    BlockRules,
    Hand,
    IllegalMove,
    Move,
    greedy_bot,
    new_hand,
    play_hand,
    play_match,
    random_bot,
    replay,
)
from kolo.games.domino.tiles import double

SIX = double(6)


def hand_of(*tiles: tuple[int, int]) -> int:
    return sum(1 << SIX.index(a, b) for a, b in tiles)


def test_r_domino_1_the_sets():
    assert [double(n).size for n in (6, 9, 12)] == [28, 55, 91]
    for n in (6, 9, 12):
        tiles = double(n).tiles
        assert len(set(tiles)) == len(tiles)  # every pair of numbers exactly once
        assert {(a, b) for a in range(n + 1) for b in range(a, n + 1)} == set(tiles)
    assert SIX.hand_pips(SIX.everything) == 168


def test_r_domino_2_all_28_dealt_seven_each_and_double_six_leads_the_first_hand():
    for seed in range(20):
        hand = new_hand(0, random.Random(seed))
        assert [bin(h).count("1") for h in hand.hands] == [7, 7, 7, 7]
        assert sum(hand.hands) == SIX.everything  # no tile twice, none left out
        assert hand.hands[hand.leader] >> SIX.index(6, 6) & 1
        assert hand.legal() == [Move(SIX.index(6, 6), RIGHT)]
        other = next(t for t in SIX.members(hand.hands[hand.leader]) if t != SIX.index(6, 6))
        with pytest.raises(IllegalMove, match="double-six"):
            hand.play(Move(other))


def test_r_domino_2_later_hands_are_led_in_turn_from_the_first_leaders_left():
    rng = random.Random(3)
    leaders = [new_hand(k, rng, first_leader=2).leader for k in range(1, 6)]
    assert leaders == [3, 0, 1, 2, 3]
    later = new_hand(1, random.Random(4), first_leader=2)
    assert len(later.legal()) == 7  # any tile
    match = play_match([random_bot] * 4, seed=11)
    assert len(match.hands) > 1


def test_r_domino_3_a_tile_goes_on_an_open_end_and_a_player_who_can_play_must():
    hand = Hand(
        SIX,
        [hand_of((6, 6), (0, 5)), hand_of((6, 2), (1, 1)), hand_of((0, 0)), hand_of((3, 3))],
        leader=0,
        turn=0,
    )
    hand.play(Move(SIX.index(6, 6)))
    with pytest.raises(IllegalMove, match="must play"):
        hand.play(PASS)  # seat 1 has 6|2
    with pytest.raises(IllegalMove, match="fits neither"):
        hand.play(Move(SIX.index(1, 1)))
    hand.play(Move(SIX.index(2, 6), LEFT))
    assert (hand.left, hand.right) == (2, 6)  # no branching: two open ends only
    hand.play(PASS)  # seat 2 has nothing for 2 or 6
    assert hand.turn == 3


def test_r_domino_4_a_team_can_go_out_and_still_lose_the_hand():
    # seat 0 goes out with its last tile; its partner (seat 2) keeps 30 pips, the other
    # team keeps 3: team 1 wins the hand and scores team 0's 30
    hand = Hand(
        SIX,
        [
            hand_of((1, 2)),
            hand_of((0, 1), (0, 0)),
            hand_of((6, 6), (6, 5), (4, 3)),
            hand_of((0, 2)),
        ],
        leader=0,
        turn=0,
    )
    hand.play(Move(SIX.index(1, 2)))
    assert hand.over
    assert hand.out == 0
    result = hand.result()
    assert result.team_pips == (12 + 11 + 7, 1 + 0 + 2)
    assert (result.winner, result.points) == (1, 30)


def test_r_domino_4_a_blocked_hand_and_equal_sums():
    hand = Hand(
        SIX,
        [hand_of((6, 6), (1, 1)), hand_of((0, 1)), hand_of((2, 2)), hand_of((0, 2))],
        leader=0,
        turn=0,
    )
    hand.play(Move(SIX.index(6, 6)))
    for _ in range(3):
        hand.play(PASS)
    hand.play(PASS)  # seat 0 again: nobody can play
    assert hand.over
    assert hand.out is None
    result = hand.result()
    assert result.team_pips == (2 + 4, 1 + 2)
    assert (result.winner, result.points) == (1, 6)
    tied = Hand(
        SIX, [hand_of((1, 2)), hand_of((0, 1)), hand_of((0, 3)), hand_of((0, 2))], leader=0, turn=0
    )
    tied.play(Move(SIX.index(1, 2)))  # out; team 0 keeps 3 (seat 2), team 1 keeps 1 + 2
    assert tied.result().winner is None  # [interpretation] equal sums: nobody scores
    assert tied.result(BlockRules(tied_hand_scores=True)).points == 3


def test_r_domino_5_the_match_ends_at_the_target():
    for seed in range(10):
        match = play_match([greedy_bot, random_bot] * 2, seed=seed, rules=BlockRules(target=100))
        assert max(match.points) >= 100
        before = [0, 0]
        for result in match.hands[:-1]:
            if result.winner is not None:
                before[result.winner] += result.points
        assert max(before) < 100  # it ended at the first hand that reached the target


def test_a_hand_replays_from_its_seed_and_its_moves_and_a_bad_record_is_refused():
    rng = random.Random(7)
    played = play_hand(new_hand(0, random.Random(99)), [random_bot] * 4, rng)
    again = replay(99, played.moves)
    assert again.hands == played.hands
    assert again.result() == played.result()
    wrong = [*played.moves[:1], PASS, *played.moves[2:]]
    if played.moves[1] != PASS:
        with pytest.raises(IllegalMove):
            replay(99, wrong)


def test_same_seed_same_match():
    bots = [random_bot, greedy_bot, random_bot, greedy_bot]
    assert play_match(bots, seed=5) == play_match(bots, seed=5)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["random", "greedy"]))
def test_any_game_conserves_tiles_plays_legally_and_scores_the_pips_left(seed, kind):
    bot = random_bot if kind == "random" else greedy_bot
    rng = random.Random(seed)
    hand = new_hand(int(seed) % 3, rng, first_leader=seed % 4)
    on_table = 0
    while not hand.over:
        move = bot(hand, rng)
        assert move in hand.legal()
        hand.play(move)
        if move.tile is not None:
            on_table |= 1 << move.tile
    assert on_table & sum(hand.hands) == 0
    assert on_table | sum(hand.hands) == SIX.everything  # tiles conserved
    result = hand.result()
    left = sum(SIX.hand_pips(h) for h in hand.hands)
    assert sum(result.team_pips) == left
    if result.winner is not None:
        assert result.points == result.team_pips[1 - result.winner]
        assert result.team_pips[result.winner] < result.team_pips[1 - result.winner]


def test_a_hand_recorded_as_the_tiles_left_is_checked_and_scored():
    from kolo.games.domino.block import score_record

    result = score_record([[], [(0, 1), (0, 0)], [(6, 6), (6, 5), (4, 3)], [(0, 2)]], out=0)
    assert (result.winner, result.points) == (1, 30)
    with pytest.raises(IllegalMove, match="twice"):
        score_record([[(1, 1)], [(1, 1)], [], []], out=2)
    with pytest.raises(IllegalMove, match="went out"):
        score_record([[(1, 1)], [], [], []], out=0)
    with pytest.raises(IllegalMove, match="not a tile"):
        score_record([[(1, 9)], [], [], []], out=2)


def test_the_random_bot_chooses_every_legal_move_alike():
    from collections import Counter

    hand = Hand(
        SIX,
        [
            hand_of((6, 6), (0, 5)),
            hand_of((2, 6), (2, 3), (5, 5)),
            hand_of((0, 0)),
            hand_of((4, 4)),
        ],
        leader=0,
        turn=0,
    )
    hand.play(Move(SIX.index(6, 6)))
    hand.left = 2  # the line now shows 2 … 6
    legal = hand.legal()
    assert sorted(legal, key=lambda m: (m.tile, m.side)) == sorted(
        [Move(SIX.index(2, 6), LEFT), Move(SIX.index(2, 6), RIGHT), Move(SIX.index(2, 3), LEFT)],
        key=lambda m: (m.tile, m.side),
    )
    rng = random.Random(5)
    drawn = Counter(random_bot(hand, rng) for _ in range(3000))
    assert set(drawn) == set(legal)
    assert all(800 < n < 1200 for n in drawn.values())  # a third each
