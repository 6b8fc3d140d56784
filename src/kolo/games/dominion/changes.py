"""The Dominion room's pure changes: which card pool may be saved, which table's kingdom may
change, and a kingdom recorded by hand; each refuses (``InvalidInput``) or returns what the
store writes."""

from __future__ import annotations

from collections.abc import Sequence

from kolo.core.problems import N_, InvalidInput, Problem
from kolo.core.validation import KEY_PATTERN
from kolo.games.dominion import CHAMPIONSHIP
from kolo.games.dominion.draws import Kingdom, check_kingdom


def refuse_pool_name(name: str) -> None:
    """A pool is saved under a well-formed name that is not the championship's."""
    if name == CHAMPIONSHIP:
        raise InvalidInput.one(N_("the championship pool cannot be changed"), path="name")
    if not KEY_PATTERN.match(name):
        raise InvalidInput.one(
            N_("a pool's name is lower-case letters, digits and dashes"), path="name"
        )


def refuse_others_pool(name: str, *, theirs: bool) -> None:
    """A pool is not saved over one that is someone else's (``theirs``: the user may not
    change the stored one)."""
    if theirs:
        raise InvalidInput.one(
            N_("pool {name} belongs to someone else; save a copy under a new name"),
            path="name",
            name=name,
        )


def changeable_kingdom(kingdom: Kingdom | None, round_number: int, *, closed: bool) -> Kingdom:
    """A table's kingdom that may change: the table has one and its round is open."""
    if kingdom is None:
        raise InvalidInput.one(N_("this table has no Dominion kingdom"), path="TABLE")
    if closed:
        raise InvalidInput.one(
            N_("round {round} is closed; reopen it to change a kingdom"),
            path="ROUND",
            round=round_number,
        )
    return kingdom


def kingdom_by_hand(
    kingdom: Kingdom, round_number: int, cards: Sequence[str], colony: bool, shelters: bool
) -> Kingdom:
    """The table's kingdom drawn with physical cards (R-DOM-8): ten valid kingdom cards, and
    no Colonies or Shelters in the first game (R-DOM-7). The draw and what was drawn stay; the
    draft, the Colony/Shelters draw and its seed go."""
    problems = check_kingdom(cards)
    if round_number == 1 and (colony or shelters):
        problems.append(
            Problem(
                "--colony",
                N_("the first game is played without Colonies and Shelters (R-DOM-7)"),
            )
        )
    if problems:
        raise InvalidInput(problems)
    return Kingdom(
        kingdom.draw,
        kingdom.mandatory,
        kingdom.choices,
        cards=tuple(cards),
        colony=colony,
        shelters=shelters,
    )
