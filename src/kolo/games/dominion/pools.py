"""Tournament pools: named lists of kingdom cards by set, and which sets feed the two parts
of the Basic draw (R-DOM-1). The Czech championship pool (74 cards) is shipped."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from kolo.core.problems import N_, InvalidInput, Problem
from kolo.games.dominion import CHAMPIONSHIP
from kolo.games.dominion.cards import load


@dataclass(frozen=True)
class Pool:
    """A pool of kingdom cards."""

    name: str
    cards: Mapping[str, tuple[str, ...]]
    """Set id → card ids, in the pool's order."""
    basic_main: tuple[str, ...]
    """Sets of the Basic draw's first nine (Base, Intrigue, Hinterlands)."""
    basic_extra: tuple[str, ...]
    """Sets of the Basic draw's last four (Prosperity, Dark Ages)."""
    title: str = ""

    def all_cards(self) -> tuple[str, ...]:
        return tuple(c for cards in self.cards.values() for c in cards)

    def from_sets(self, sets: Sequence[str]) -> tuple[str, ...]:
        return tuple(c for s in sets for c in self.cards.get(s, ()))


def check_pool(name: str, cards: Mapping[str, Sequence[str]]) -> list[Problem]:
    """Unknown cards, non-kingdom cards, cards in the wrong set, repeats."""
    data = load()
    problems: list[Problem] = []
    seen: set[str] = set()
    if not name.strip():
        problems.append(Problem("name", N_("a pool needs a name")))
    for set_id, ids in cards.items():
        if set_id not in data.set_names:
            problems.append(Problem(set_id, N_("unknown set '{set}'"), {"set": set_id}))
            continue
        for card_id in ids:
            card = data.cards.get(card_id)
            if card is None:
                problems.append(Problem(set_id, N_("unknown card '{card}'"), {"card": card_id}))
            elif not card.kingdom:
                problems.append(
                    Problem(set_id, N_("'{card}' is not a kingdom card"), {"card": card_id})
                )
            elif set_id not in card.sets:
                problems.append(
                    Problem(
                        set_id,
                        N_("'{card}' is not in the set {set}"),
                        {"card": card_id, "set": set_id},
                    )
                )
            elif card_id in seen:
                problems.append(
                    Problem(set_id, N_("'{card}' is twice in the pool"), {"card": card_id})
                )
            seen.add(card_id)
    return problems


def check_draw_sizes(
    cards: Mapping[str, Sequence[str]], basic_main: Sequence[str], basic_extra: Sequence[str]
) -> list[Problem]:
    """Enough cards for every draw of a round: ten from the Basic draw's main sets (round 1),
    four from its extra sets, and 26 in all (Basic and Extended draw 13 each)."""
    known = load().set_names
    groups = [
        Problem("draw_groups", N_("unknown set '{set}'"), {"set": s})
        for s in (*basic_main, *basic_extra)
        if s not in known
    ]
    if set(basic_main) & set(basic_extra):
        groups.append(
            Problem(
                "draw_groups",
                N_("a set cannot be in both parts of the Basic draw: {sets}"),
                {"sets": ", ".join(sorted(set(basic_main) & set(basic_extra)))},
            )
        )
    if groups:
        return groups
    main = sum(len(cards.get(s, ())) for s in basic_main)
    extra = sum(len(cards.get(s, ())) for s in basic_extra)
    total = sum(len(ids) for ids in cards.values())
    problems: list[Problem] = []
    if main < 10:
        problems.append(
            Problem(
                "cards",
                N_("the Basic draw needs at least 10 cards from {sets}; the pool has {count}"),
                {"sets": ", ".join(basic_main), "count": main},
            )
        )
    if extra < 4:
        problems.append(
            Problem(
                "cards",
                N_("the Basic draw needs at least 4 cards from {sets}; the pool has {count}"),
                {"sets": ", ".join(basic_extra), "count": extra},
            )
        )
    if total < 26:
        problems.append(
            Problem(
                "cards",
                N_("a round's draws need at least 26 cards; the pool has {count}"),
                {"count": total},
            )
        )
    return problems


def make_pool(
    name: str,
    cards: Mapping[str, Sequence[str]],
    basic_main: Sequence[str] = ("base-1e", "intrigue-1e", "hinterlands-1e"),
    basic_extra: Sequence[str] = ("prosperity-1e", "dark-ages"),
    title: str = "",
) -> Pool:
    """A checked pool (``InvalidInput`` names every unknown card)."""
    problems = check_pool(name, cards)
    if not problems:
        problems = check_draw_sizes(cards, basic_main, basic_extra)
    if problems:
        raise InvalidInput(problems)
    return Pool(
        name.strip(),
        {s: tuple(ids) for s, ids in cards.items()},
        tuple(basic_main),
        tuple(basic_extra),
        title,
    )


@cache
def championship() -> Pool:
    """The 74-card pool of the Czech championship and Dominion Tour, 2016–2021."""
    raw = json.loads(
        resources.files("kolo.games.dominion")
        .joinpath("data/pool-cz-championship.json")
        .read_text(encoding="utf-8")
    )
    return make_pool(
        CHAMPIONSHIP,
        raw["cards"],
        raw["draw_groups"]["basic_main"],
        raw["draw_groups"]["basic_extra"],
        raw["name"],
    )
