"""Whole games between bots: conservation, legality, an independent recount, replay
(RULES.md R-CARC-1 … R-CARC-8, R-CARC-FINAL)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.games.carcassonne.board import STEP, coordinates
from kolo.games.carcassonne.bots import BOTS, field_cities, preview
from kolo.games.carcassonne.game import (
    BASE,
    FINAL,
    PILE,
    IllegalMove,
    Move,
    Rules,
    new_game,
    position_of,
    replay,
    score_position,
)
from kolo.games.carcassonne.tiles import (
    DISTINCT,
    K_CITY,
    K_ROAD,
    ORIENTATIONS,
    START,
    base_pile,
)
from tests.games.carcassonne.recount import recount

ALL_TILES = Counter(base_pile()) + Counter([START])  # the start tile (D) too


def edges_match(board) -> bool:  # type: ignore[no-untyped-def]
    """Every pair of neighbouring tiles meets city to city, road to road, field to field."""
    for tile, rotation, pos in board.placed:
        o = ORIENTATIONS[tile][rotation]
        for s in range(4):
            j = board.cells.get(pos + STEP[s])
            if j is not None:
                nt, nr, _ = board.placed[j]
                if ORIENTATIONS[nt][nr].edges[(s + 2) % 4] != o.edges[s]:
                    return False
    return True


def play(players: int, variant: str, bots: list[str], seed: int):  # type: ignore[no-untyped-def]
    rules = Rules(variant=variant)
    game = new_game(players, seed, rules)
    rng = random.Random(seed)
    extra = Counter(m for own in game.own for m in own)
    while not game.over:
        p = game.turn
        move = BOTS[bots[p]](game, rng)
        game.check(move)  # every move a bot makes is legal
        game.play(move)
        board = game.board
        assert all(0 <= s <= 7 for s in board.supply)
        standing = Counter(q for _seg, q in board.followers)
        assert all(board.supply[q] + standing[q] == 7 for q in range(players))
        held = Counter(t for t, _r, _pos in board.placed)
        held += Counter(game.pile) + Counter(game.face_up) + Counter(game.set_aside)
        held += Counter(t for h in game.hands for t in h) + Counter(m for o in game.own for m in o)
        assert held == ALL_TILES + extra  # every tile is somewhere, once
    return game, rules


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from([BASE, FINAL]),
    bots=st.lists(st.sampled_from(sorted(BOTS)), min_size=2, max_size=5),
)
def test_random_games_conserve_tiles_and_followers_and_recount(seed, variant, bots):
    players = 2 if variant == FINAL else len(bots)
    game, rules = play(players, variant, bots[:players], seed)
    assert edges_match(game.board)
    if variant == BASE:
        assert len(game.board.placed) + len(game.set_aside) == 72
    # the game ends when nobody can play anything more
    left = [t for h in game.hands for t in h] + [t for o in game.own for t in o]
    assert not any(game.board.can_place(t) for t in left)
    scores, end = recount(players, game.moves, game.movers, rules)
    assert end == game.final
    assert scores == game.scores
    tiles, standing = position_of(game.board)
    assert score_position(tiles, standing, players, rules) == game.final


def test_r_carc_7_a_game_replays_from_its_seed_and_moves():
    for variant in (BASE, FINAL):
        game, rules = play(2, variant, ["strong", "random"], 99)
        again = replay(2, 99, game.moves, rules)
        assert again.over
        assert again.scores == game.scores
        assert again.board.placed == game.board.placed


def test_r_carc_9_the_final_variant_plays_every_tile_and_monastery():
    game, _rules = play(2, FINAL, ["greedy", "greedy"], 5)
    assert game.over
    assert game.pile == []
    assert game.face_up == []
    left = [t for h in game.hands for t in h] + [t for o in game.own for t in o]
    assert not any(game.board.can_place(t) for t in left)
    assert len(game.board.placed) + len(game.set_aside) + len(left) == 72 + 6


def test_bots_are_seeded():
    a, _ = play(2, BASE, ["strong", "greedy"], 21)
    b, _ = play(2, BASE, ["strong", "greedy"], 21)
    assert a.moves == b.moves


def test_stronger_bots_win_more():
    wins = Counter()
    for seed in range(20):
        for seats in (["strong", "greedy"], ["greedy", "strong"]):
            game, _ = play(2, BASE, seats, seed)
            if len(game.winners()) == 1:
                wins[seats[game.winners()[0]]] += 1
    assert wins["strong"] > wins["greedy"]
    wins.clear()
    for seed in range(10):
        for seats in (["greedy", "random"], ["random", "greedy"]):
            game, _ = play(2, BASE, seats, seed)
            if len(game.winners()) == 1:
                wins[seats[game.winners()[0]]] += 1
    assert wins["greedy"] > wins["random"]


def test_the_planner_is_the_strong_bot_in_the_base_game():
    a, _ = play(2, BASE, ["planner", "greedy"], 8)
    b, _ = play(2, BASE, ["strong", "greedy"], 8)
    assert a.moves == b.moves


def test_the_planner_plays_the_variant_to_the_end_and_beats_greedy():
    wins = Counter()
    for seed in range(6):
        for seats in (["planner", "greedy"], ["greedy", "planner"]):
            game, _ = play(2, FINAL, seats, seed)
            if len(game.winners()) == 1:
                wins[seats[game.winners()[0]]] += 1
    assert wins["planner"] > wins["greedy"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from([BASE, FINAL]))
def test_every_offered_follower_spot_is_free_once_the_tile_is_placed(seed, variant):
    """R-CARC-3 over whole random games: at every turn, for every tile the player may play and
    every square and rotation it fits, the features offered for a follower are exactly those
    that hold no follower once the tile is placed (placed on a copy of the board and looked
    at), and ``Game.check`` agrees; the bots' preview sees the same followers, and the same
    open edges of cities and roads."""
    game = new_game(2, seed, Rules(variant=variant))
    rng = random.Random(seed)
    while not game.over:
        board = game.board
        draws = game.draw_options()
        fields = field_cities(board)
        for t, own in game.choices():
            for pos, r in board.spots(t, DISTINCT[t]):
                offered = board.free_features(t, r, pos)
                after = board.copy()
                first = after.put(t, r, pos)
                free = [
                    f
                    for f in range(len(ORIENTATIONS[t][r].kinds))
                    if not after.meeples[after.find(first + f)]
                ]
                assert offered == free, (t, r, pos)
                feats, _around = preview(board, t, r, pos, fields)
                for f, feat in enumerate(feats):
                    root = after.find(first + f)
                    assert feat.meeples == after.meeples[root], (t, r, pos, f)
                    if feat.kind in (K_CITY, K_ROAD):  # the bots' view of it, once placed
                        assert feat.open == after.open[root], (t, r, pos, f)
                        assert feat.completed == (after.open[root] == 0)
                if board.supply[game.turn]:
                    x, y = coordinates(pos)
                    for f in range(len(ORIENTATIONS[t][r].kinds)):
                        move = Move(t, x, y, r, f, own, draws[0] if draws else PILE)
                        if f in free:
                            game.check(move)
                        else:
                            with pytest.raises(IllegalMove, match="already has a follower"):
                                game.check(move)
        game.play(BOTS["random"](game, rng))
