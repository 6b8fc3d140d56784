"""Carcassonne, rule by rule, on hand-built boards (RULES.md R-CARC-1 … R-CARC-8, R-CARC-FINAL)."""

import random
from collections import Counter

import pytest

from kolo.games.carcassonne.board import Board, square
from kolo.games.carcassonne.bots import BOTS, field_cities, preview
from kolo.games.carcassonne.game import (
    FINAL,
    PILE,
    SHUFFLE_BACK,
    IllegalMove,
    Move,
    Placed,
    Rules,
    Standing,
    build_position,
    new_game,
    score_position,
)
from kolo.games.carcassonne.tiles import (
    BASE_TILES,
    DISTINCT,
    MEADOW_MONASTERY,
    ORIENTATIONS,
    ROAD_MONASTERY,
    START,
    TILE_INDEX,
    base_pile,
)

T = TILE_INDEX


def board_of(*tiles: tuple[str, int, int, int], players: int = 2, **rules: int) -> Board:
    return build_position([Placed(n, x, y, r) for n, x, y, r in tiles], (), players, Rules(**rules))  # type: ignore[arg-type]


def put(board: Board, name: str, x: int, y: int, rotation: int = 0) -> int:
    pos = square(x, y)
    assert board.fits(T[name], rotation, pos)
    return board.put(T[name], rotation, pos)


def test_r_carc_1_the_72_land_tiles_and_the_start_tile():
    assert sum(t.count for t in BASE_TILES) == 72
    counts = {t.name: t.count for t in BASE_TILES}
    assert counts == {
        "A": 2, "B": 4, "C": 1, "D": 4, "E": 5, "F": 2, "G": 1, "H": 3, "I": 2, "J": 3, "K": 3,
        "L": 3, "M": 2, "N": 3, "O": 2, "P": 3, "Q": 1, "R": 3, "S": 2, "T": 1, "U": 8, "V": 9,
        "W": 4, "X": 1,
    }  # fmt: skip
    pennants = sum(t.count for t in BASE_TILES for _w, p in t.cities if p)
    assert pennants == 10
    monasteries = sum(t.count for t in BASE_TILES if t.monastery)
    assert monasteries == 6
    pile = base_pile()
    assert len(pile) == 71
    assert Counter(pile)[START] == 3  # the fourth D is the start tile
    game = new_game(2, 1)
    assert game.board.placed[0] == (START, 0, square(0, 0))


def test_r_carc_1_rotations_turn_edges_and_features_clockwise():
    d = ORIENTATIONS[T["D"]]
    assert d[0].edges == (2, 1, 0, 1)  # city north, road east-west, field south
    assert d[1].edges == (1, 2, 1, 0)  # a quarter turn clockwise: city east
    assert d[1].side_feature[1] == 0
    assert DISTINCT[T["X"]] == (0,)
    assert DISTINCT[T["U"]] == (0, 1)
    assert DISTINCT[T["B"]] == (0,)
    assert len(DISTINCT[T["V"]]) == 4


def test_r_carc_2_edges_must_match():
    board = board_of(("D", 0, 0, 0))  # city north, road east and west
    assert board.fits(T["E"], 2, square(0, -1))  # city south meets the city
    assert not board.fits(T["E"], 0, square(0, -1))  # a field edge on a city edge
    assert board.fits(T["U"], 1, square(1, 0))  # road east-west continues the road
    assert not board.fits(T["U"], 0, square(1, 0))
    assert not board.fits(T["U"], 1, square(5, 5))  # not next to a tile
    with pytest.raises(IllegalMove, match="does not match"):
        board_of(("D", 0, 0, 0), ("E", 0, -1, 0))


def test_r_carc_2_a_tile_that_fits_nowhere_is_set_aside_and_another_drawn():
    game = new_game(2, 3)
    game.board = board_of(("C", 0, 0, 0))  # only city edges: a straight road fits nowhere
    game.pile = [T["E"], T["U"]]  # the pile is drawn from the end: U first
    game._begin_turn()
    assert game.set_aside == [T["U"]]
    assert game.hands[game.turn] == [T["E"]]


def test_r_carc_2_interpretation_shuffle_back_keeps_the_tile_in_the_game():
    game = new_game(2, 3, Rules(unplaceable=SHUFFLE_BACK))
    game.board = board_of(("C", 0, 0, 0))
    game.pile = [T["E"], T["U"]]
    game._begin_turn()
    assert game.hands[game.turn] == [T["E"]]
    assert game.pile == [T["U"]]
    assert game.set_aside == []


def test_r_carc_3_one_follower_on_an_unoccupied_feature_of_the_tile_just_placed():
    game = new_game(2, 5)
    tile = game.hands[0][0]
    board = game.board
    pos, rotation = board.spots(tile, DISTINCT[tile])[0]
    features = board.free_features(tile, rotation, pos)
    assert features  # the first tile joins nothing occupied
    x, y = pos % 256 - 128, pos // 256 - 128
    with pytest.raises(IllegalMove, match="no such feature"):
        game.check(Move(tile, x, y, rotation, follower=9))
    game.board.supply[0] = 0
    with pytest.raises(IllegalMove, match="no follower left"):
        game.check(Move(tile, x, y, rotation, follower=features[0]))


def test_r_carc_3_an_occupied_feature_takes_no_second_follower():
    board = board_of(("U", 0, 0, 1))  # road east-west
    board.stand(board.base[0] + 0, 0)  # player 0 on the road
    pos = square(1, 0)
    assert board.occupied_after(T["U"], 1, pos, 0)  # its road joins player 0's road
    assert not board.occupied_after(T["U"], 1, pos, 1)  # its fields are free
    assert 0 not in board.free_features(T["U"], 1, pos)


def test_r_carc_3_seven_followers_each():
    game = new_game(3, 1)
    assert game.board.supply == [7, 7, 7]


def test_r_carc_4_a_completed_city_with_a_pennant_scores_2_a_tile_and_2_a_pennant():
    board = Board(2)
    first = board.put(T["E"], 1, square(0, 0))  # city east
    board.stand(first + 0, 0)
    put(board, "F", 1, 0, 0)  # city east-west with a pennant
    assert board.score_completed(square(1, 0)) == [0, 0]  # not closed yet
    put(board, "E", 2, 0, 3)  # city west: closed
    assert board.score_completed(square(2, 0)) == [8, 0]  # 3 tiles + 1 pennant, 2 each
    assert board.supply == [7, 7]  # the follower came back
    assert board.followers == []


def test_r_carc_4_interpretation_a_two_tile_city_scores_the_setting():
    for per, expected in ((2, 4), (1, 2)):
        board = Board(2, small_city_points=per)
        board.stand(board.put(T["E"], 1, square(0, 0)), 1)
        put(board, "E", 1, 0, 3)
        assert board.score_completed(square(1, 0)) == [0, expected]


def test_r_carc_4_a_completed_road_scores_1_a_tile():
    board = Board(2)
    board.put(T["V"], 3, square(0, 0))  # road east and south
    board.stand(board.base[0] + 0, 1)
    put(board, "V", 1, 0, 0)  # road south and west
    put(board, "V", 0, 1, 2)  # road north and east
    put(board, "V", 1, 1, 1)  # road north and west: a closed loop of four tiles
    assert board.score_completed(square(1, 1)) == [0, 4]


def test_r_carc_4_a_shared_majority_scores_for_every_tied_player():
    # a road east-west over three tiles, one follower of each player at its ends
    tiles = [Placed("U", 0, 0, 1), Placed("U", 1, 0, 1), Placed("U", 2, 0, 1)]
    both = [Standing(0, 0, 0, 0), Standing(2, 0, 0, 1)]
    assert score_position(tiles, both) == [3, 3]
    two_to_one = [*both, Standing(1, 0, 0, 0)]
    assert score_position(tiles, two_to_one) == [3, 0]


def test_r_carc_4_a_monastery_completed_on_the_last_tile_scores_9_once():
    around = [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1) if (x, y) != (0, 0)]
    game = new_game(2, 7)
    tiles = [Placed("B", 0, 0, 0)] + [Placed("B", x, y, 0) for x, y in around[:-1]]
    game.board = build_position(tiles, [Standing(0, 0, 1, 1)], 2)  # B: field 0, monastery 1
    game.board.supply[1] = 6
    game.pile = []
    game.turn = 0
    game.hands[0] = [MEADOW_MONASTERY]
    x, y = around[-1]
    gained = game.play(Move(MEADOW_MONASTERY, x, y, 0))
    assert gained == [0, 9]
    assert game.over
    assert game.final == [0, 0]  # scored during play, not again at the end
    assert game.scores == [0, 9]
    assert game.board.supply == [7, 7]


def test_r_carc_5_unfinished_features_at_the_end():
    # a city with a pennant, open: 1 a tile and 1 a pennant; a road: 1 a tile; a monastery:
    # 1 and 1 a neighbour
    tiles = [
        Placed("M", 0, 0, 0),  # city north and west, pennant
        Placed("U", 1, 0, 0),  # road north-south beside it (field edge to field edge)
        Placed("A", 1, 1, 2),  # monastery with its road north, into the straight road
    ]
    standing = [Standing(0, 0, 0, 0), Standing(1, 0, 0, 1), Standing(1, 1, 2, 0)]
    assert score_position(tiles, standing) == [2 + 3, 2]


def test_r_carc_6_a_field_scores_3_for_each_completed_city_it_touches():
    tiles = [
        Placed("H", 0, 0, 0),  # cities north and south, a field between them
        Placed("E", 0, -1, 2),  # closes the northern city
        Placed("E", 0, 1, 0),  # closes the southern city
    ]
    farmer = [Standing(0, 0, 2, 0)]  # H: city 0, city 1, field 2
    assert score_position(tiles, farmer) == [6, 0]
    assert score_position(tiles[:2], farmer) == [3, 0]  # the open city counts nothing
    assert score_position(tiles, farmer, rules=Rules(field_points=4)) == [8, 0]


def test_r_carc_6_a_city_counts_once_for_a_field_and_a_field_majority_ties():
    tiles = [
        Placed("F", 0, 0, 0),  # city east-west with a pennant, fields north and south
        Placed("E", 1, 0, 3),  # closes it east (its field: north, east, south)
        Placed("E", -1, 0, 1),  # closes it west
        Placed("B", 0, -1, 0),  # a meadow over F's northern field
        Placed("B", 1, -1, 0),  # and over the eastern E: one field touching the city twice
    ]
    # F: city 0, fields 1 (north) and 2; E: city 0, field 1; B: field 0, monastery 1
    one = [Standing(0, 0, 1, 0)]
    assert score_position(tiles, one) == [3, 0]
    tied = [Standing(0, 0, 1, 0), Standing(1, 0, 1, 1)]  # one farmer each on that field
    assert score_position(tiles, tied) == [3, 3]
    south = [Standing(0, 0, 2, 1)]  # F's southern field is another field
    assert score_position(tiles, south) == [0, 3]


def test_r_carc_5_the_base_game_ends_when_the_pile_is_empty():
    game = new_game(2, 11)
    game.pile = []
    game.turn = 0
    tile = game.hands[0][0]
    pos, rotation = game.board.spots(tile, DISTINCT[tile])[0]
    game.play(Move(tile, pos % 256 - 128, pos // 256 - 128, rotation))
    assert game.over
    with pytest.raises(IllegalMove, match="over"):
        game.check(Move(tile, 5, 5, 0))


def test_r_carc_8_a_road_reaching_a_tile_twice_counts_it_once():
    # a crossroads whose east and south roads are joined around a 2x2 square
    tiles = [
        Placed("X", 0, 0, 0),
        Placed("V", 1, 0, 0),  # road west and south
        Placed("V", 1, 1, 1),  # road north and west
        Placed("V", 0, 1, 2),  # road north and east
    ]
    board = build_position(tiles, [Standing(1, 0, 0, 0)], 2)
    root = board.find(board.base[1])
    assert board.size[root] == 5  # two segments of the crossroads
    assert board.tiles_of(root) == 4
    assert board.open[root] == 0


def test_r_carc_final_three_in_hand_three_face_up_three_own_monasteries():
    game = new_game(2, 4, Rules(variant=FINAL))
    assert [len(h) for h in game.hands] == [3, 3]
    assert len(game.face_up) == 3
    assert game.own == [[MEADOW_MONASTERY, MEADOW_MONASTERY, ROAD_MONASTERY]] * 2
    assert len(game.pile) == 71 - 9


def test_r_carc_final_drawing_after_a_hand_tile_face_up_refilled_not_after_a_monastery():
    game = new_game(2, 4, Rules(variant=FINAL))
    tile = game.hands[0][0]
    pos, rotation = game.board.spots(tile, DISTINCT[tile])[0]
    shown = list(game.face_up)
    next_in_pile = game.pile[-1]
    game.play(Move(tile, pos % 256 - 128, pos // 256 - 128, rotation, draw=1))
    assert len(game.hands[0]) == 3
    assert game.hands[0][-1] == shown[1]
    assert game.face_up == [shown[0], next_in_pile, shown[2]]
    hand = list(game.hands[1])
    pos, rotation = game.board.spots(MEADOW_MONASTERY, (0,))[0]
    game.play(Move(MEADOW_MONASTERY, pos % 256 - 128, pos // 256 - 128, 0, own=True))
    assert game.hands[1] == hand  # no draw after an own monastery
    assert game.own[1] == [MEADOW_MONASTERY, ROAD_MONASTERY]


def test_r_carc_final_the_end_phase_obliges_more_monasteries_to_be_played():
    game = new_game(2, 4, Rules(variant=FINAL))
    game.pile = []
    game.turn = 0
    game.own = [[MEADOW_MONASTERY, ROAD_MONASTERY], [ROAD_MONASTERY]]
    assert game.must_play_monastery()
    assert all(own for _t, own in game.choices())
    tile = game.hands[0][0]
    pos, rotation = game.board.spots(tile, DISTINCT[tile])[0]
    with pytest.raises(IllegalMove, match="play one"):
        game.check(Move(tile, pos % 256 - 128, pos // 256 - 128, rotation, draw=0))
    game.own[1].append(MEADOW_MONASTERY)  # as many as the opponent: free to choose
    assert not game.must_play_monastery()
    assert any(not own for _t, own in game.choices())
    game.pile = [T["U"]]  # while the pile lasts, no obligation either
    game.own[1].pop()
    assert not game.must_play_monastery()


def test_r_carc_9_drawing_from_an_empty_pile_is_refused():
    game = new_game(2, 4, Rules(variant=FINAL))
    game.pile = []
    assert game.draw_options() == [0, 1, 2]
    tile = game.hands[0][0]
    pos, rotation = game.board.spots(tile, DISTINCT[tile])[0]
    with pytest.raises(IllegalMove, match="nothing to draw"):
        game.check(Move(tile, pos % 256 - 128, pos // 256 - 128, rotation, draw=PILE))


def test_r_carc_final_is_for_two_players():
    with pytest.raises(ValueError, match="two players"):
        new_game(3, 1, Rules(variant=FINAL))


def test_r_carc_7_moves_are_checked():
    game = new_game(2, 2)
    tile = game.hands[0][0]
    other = next(t for t in range(len(BASE_TILES)) if t != tile)
    with pytest.raises(IllegalMove, match="not in your hand"):
        game.check(Move(other, 0, -1, 0))
    with pytest.raises(IllegalMove, match="taken"):
        game.check(Move(tile, 0, 0, 0))
    with pytest.raises(IllegalMove, match="own monasteries"):
        game.check(Move(MEADOW_MONASTERY, 0, 1, 0, own=True))
    with pytest.raises(IllegalMove, match="off the board"):
        game.check(Move(tile, 500, 0, 0))


def test_r_carc_7_a_recorded_position_is_checked_before_it_is_scored():
    with pytest.raises(IllegalMove, match="no tile 'Z'"):
        score_position([Placed("Z", 0, 0)], [])
    with pytest.raises(IllegalMove, match="two tiles"):
        score_position([Placed("D", 0, 0), Placed("D", 0, 0)], [])
    with pytest.raises(IllegalMove, match="one connected area"):
        score_position([Placed("D", 0, 0), Placed("D", 5, 5)], [])
    with pytest.raises(IllegalMove, match="no feature 7"):
        score_position([Placed("D", 0, 0)], [Standing(0, 0, 7, 0)])
    with pytest.raises(IllegalMove, match="no tile at"):
        score_position([Placed("D", 0, 0)], [Standing(1, 0, 0, 0)])
    # given in any order, the tiles are placed once their neighbours are
    tiles = [Placed("U", 2, 0, 1), Placed("U", 1, 0, 1), Placed("U", 0, 0, 1)]
    assert score_position(tiles, [Standing(2, 0, 0, 1)]) == [0, 3]


def test_r_carc_9_a_hand_tile_that_fits_nowhere_is_replaced():
    game = new_game(2, 4, Rules(variant=FINAL))
    game.board = board_of(("C", 0, 0, 0))  # only city edges: a straight road fits nowhere
    game.turn = 0
    game.hands[0] = [T["U"], T["E"], T["E"]]
    game.pile = [T["R"]]
    game._begin_turn()
    assert sorted(game.hands[0]) == sorted([T["E"], T["E"], T["R"]])
    assert game.set_aside == [T["U"]]


def test_a_board_copy_is_independent():
    board = board_of(("U", 0, 0, 1))
    copy = board.copy()
    put(copy, "U", 1, 0, 1)
    copy.stand(copy.base[1], 0)
    assert len(board.placed) == 1
    assert board.followers == []
    assert board.supply == [7, 7]
    assert copy.end_scores() == [2, 0]


def test_r_carc_3_a_field_joined_through_another_field_of_the_tile_is_occupied():
    # Player 1's farmer stands on D(-1, 1)'s field west of its road; the monastery A(1, 0)
    # wraps one field round the start tile's road end. V at (-1, 0), turned 3: its outer field
    # meets the farmer's field, its inner field meets the start tile's southern field, which A
    # joins to the northern one, which meets V's outer field — once V is placed the two fields
    # of V are one field with a farmer on it.
    tiles = [
        Placed("D", 0, 0, 0),
        Placed("B", 0, 1, 0),
        Placed("D", -1, 1, 3),
        Placed("A", 1, 0, 1),
    ]
    board = build_position(tiles, [Standing(-1, 1, 2, 1), Standing(1, 0, 2, 0)])
    pos = square(-1, 0)
    assert board.fits(T["V"], 3, pos)
    assert board.free_features(T["V"], 3, pos) == [0]  # only the road
    assert board.occupied_after(T["V"], 3, pos, 1)
    assert board.occupied_after(T["V"], 3, pos, 2)
    after = board.copy()
    first = after.put(T["V"], 3, pos)
    assert after.meeples[after.find(first + 1)]  # the farmer's field, indeed


def test_r_carc_3_the_game_refuses_a_second_farmer_through_the_tile_itself():
    game = new_game(2, 26, Rules(variant=FINAL))
    rng = random.Random(26)
    for _ in range(3):
        game.play(BOTS["random"](game, rng))
    assert game.turn == 1
    assert T["V"] in game.hands[1]
    with pytest.raises(IllegalMove, match="already has a follower"):
        game.check(Move(T["V"], -1, 0, 3, follower=1))
    game.play(Move(T["V"], -1, 0, 3, follower=0))  # the road is free


def test_r_carc_3_the_bots_see_the_field_joined_through_the_tile_as_one_occupied_field():
    tiles = [
        Placed("D", 0, 0, 0),
        Placed("B", 0, 1, 0),
        Placed("D", -1, 1, 3),
        Placed("A", 1, 0, 1),
    ]
    board = build_position(tiles, [Standing(-1, 1, 2, 1), Standing(1, 0, 2, 0)])
    feats, _around = preview(board, T["V"], 3, square(-1, 0), field_cities(board))
    assert feats[1].meeples == feats[2].meeples == 1 << 4  # player 1's farmer, on both
    assert sorted(feats[1].roots) == sorted(feats[2].roots)
    assert feats[2].alias  # one field: counted once
    assert not feats[0].meeples
