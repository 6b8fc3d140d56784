"""The Dominion room's pure changes (issue 37 §2): which pool may be saved, which table's
kingdom may change, and a kingdom recorded by hand."""

from __future__ import annotations

import pytest

from kolo.core.problems import InvalidInput
from kolo.games.dominion import CHAMPIONSHIP
from kolo.games.dominion.changes import (
    changeable_kingdom,
    kingdom_by_hand,
    refuse_others_pool,
    refuse_pool_name,
)
from kolo.games.dominion.draws import Kingdom

TEN = (
    "Cellar",
    "Festival",
    "Gardens",
    "Laboratory",
    "Militia",
    "Mine",
    "Moat",
    "Moneylender",
    "Remodel",
    "Smithy",
)
DRAWN = Kingdom("basic", TEN[:4], (*TEN[4:], "Village", "Witch", "Bandit"), picks=TEN[4:])


def _messages(call, *args, **kwargs) -> list[str]:
    with pytest.raises(InvalidInput) as error:
        call(*args, **kwargs)
    return [p.message for p in error.value.problems]


def test_a_pool_is_saved_under_a_key_like_name_not_the_championships():
    refuse_pool_name("club-pool")
    assert _messages(refuse_pool_name, CHAMPIONSHIP) == ["the championship pool cannot be changed"]
    assert _messages(refuse_pool_name, "Club Pool") == [
        "a pool's name is lower-case letters, digits and dashes"
    ]


def test_a_pool_of_someone_else_is_not_saved_over():
    refuse_others_pool("club-pool", theirs=False)
    assert _messages(refuse_others_pool, "club-pool", theirs=True) == [
        "pool {name} belongs to someone else; save a copy under a new name"
    ]


def test_a_kingdom_changes_only_at_a_table_with_one_in_an_open_round():
    assert changeable_kingdom(DRAWN, 2, closed=False) is DRAWN
    assert _messages(changeable_kingdom, None, 2, closed=False) == [
        "this table has no Dominion kingdom"
    ]
    assert _messages(changeable_kingdom, DRAWN, 2, closed=True) == [
        "round {round} is closed; reopen it to change a kingdom"
    ]


def test_a_kingdom_by_hand_keeps_the_draw_and_forgets_the_draft():
    chosen = kingdom_by_hand(DRAWN, 2, TEN, colony=True, shelters=False)
    assert (chosen.draw, chosen.mandatory, chosen.choices) == (
        DRAWN.draw,
        DRAWN.mandatory,
        DRAWN.choices,
    )
    assert (chosen.cards, chosen.picks, chosen.colony, chosen.shelters) == (
        TEN,
        None,
        True,
        False,
    )


def test_a_kingdom_by_hand_is_ten_cards_and_the_first_game_has_no_colonies():
    assert _messages(kingdom_by_hand, DRAWN, 1, TEN, colony=False, shelters=True) == [
        "the first game is played without Colonies and Shelters (R-DOM-7)"
    ]
    assert _messages(kingdom_by_hand, DRAWN, 2, TEN[:9], colony=False, shelters=False) == [
        "a kingdom has 10 cards, not {count}"
    ]
