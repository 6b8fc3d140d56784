"""Every card of the sets kolo knows: names in English, Czech and Japanese, sets, cost,
types, whether it is a kingdom card (RULES.md §5; the data is shipped with the package)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from kolo.core import collation
from kolo.core.collation import Key
from kolo.core.problems import N_, InvalidInput, Problem

PROSPERITY = "prosperity-1e"
DARK_AGES = "dark-ages"

VILLAGES = frozenset(
    {
        # cards that give +2 Actions or more (some by choice), for the randomizer's
        # "at least one +Actions card"
        "Village", "Festival", "Mining Village", "Shanty Town", "Nobles", "Diplomat",
        "Worker's Village", "City", "Crossroads", "Inn", "Border Village", "Farming Village",
        "Bandit Camp", "Fortress", "Wandering Minstrel", "Squire",
    }
)  # fmt: skip
"""Cards the randomizer counts as "+Actions" (their text is not in the data)."""


@dataclass(frozen=True)
class Card:
    """One card."""

    id: str
    """Stable id: the English name."""
    en: str
    cs: str
    ja: str | None
    sets: tuple[str, ...]
    cost: int
    """Cost in coins (Peddler: 8, reduced in play; see ``cost_note``)."""
    types: tuple[str, ...]
    kingdom: bool
    """A kingdom card (it can be drawn)."""
    count: int | None = None
    """Cards in the pile where it is not 10 (basic cards)."""
    cost_note: str | None = None

    def name(self, language: str) -> str:
        """The name in ``cs``, ``ja`` (falling back to English) or English."""
        if language == "cs":
            return self.cs
        if language == "ja" and self.ja:
            return self.ja
        return self.en

    @property
    def is_victory(self) -> bool:
        return "Victory" in self.types


@dataclass(frozen=True)
class CardData:
    """All cards and the set names."""

    cards: Mapping[str, Card]
    set_names: Mapping[str, Mapping[str, str]]
    """Set id → {"en": …, "cs": …}."""

    def card(self, card_id: str) -> Card:
        """The card with this id (``KeyError`` if unknown)."""
        return self.cards[card_id]

    def set_name(self, set_id: str, language: str) -> str:
        names = self.set_names.get(set_id, {})
        return names.get(language) or names.get("en") or set_id


@cache
def load() -> CardData:
    """The shipped card data (read once): the reference data (``data/cards.json``, kept an
    exact copy) and ``data/cards-dark-ages.json``: the Dark Ages cards it has only as piles
    (each Ruins, each Knight) and the corrections kolo makes to it (a card there replaces the
    reference's card of the same id: Spoils', Madman's and Mercenary's cost note)."""
    folder = resources.files("kolo.games.dominion").joinpath("data")
    raw = json.loads(folder.joinpath("cards.json").read_text(encoding="utf-8"))
    more = json.loads(folder.joinpath("cards-dark-ages.json").read_text(encoding="utf-8"))
    cards = {
        c["id"]: Card(
            id=c["id"],
            en=c["en"],
            cs=c["cs"],
            ja=c.get("ja"),
            sets=tuple(c["sets"]),
            cost=int(c["cost"]),
            types=tuple(c["types"]),
            kingdom=bool(c["kingdom"]),
            count=c.get("count"),
            cost_note=c.get("cost_note"),
        )
        for c in raw["cards"] + more["cards"]
    }
    sets = {
        s: {"en": raw["sets"][s], "cs": raw.get("sets_cs", {}).get(s, raw["sets"][s])}
        for s in raw["sets"]
    }
    return CardData(cards, sets)


def sort_key(card: Card, language: str = "en") -> tuple[int, Key]:
    """Kingdoms are listed by cost, then name in ``language``, alphabetically the way of
    that language (R-SETUP-2; Czech: Čarodějnice after Cesta, Chata after Hostina)."""
    return (card.cost, collation.sort_key(card.name(language), language))


def resolve(names: Sequence[str]) -> tuple[str, ...]:
    """Card ids from ids or English, Czech or Japanese names (any letter case); unknown
    names are refused, each by name."""
    data = load()
    by_name: dict[str, str] = {}
    for card in data.cards.values():
        for name in (card.id, card.en, card.cs, card.ja):
            if name:
                by_name.setdefault(name.casefold(), card.id)
    found = [by_name.get(name.strip().casefold()) for name in names]
    unknown = [name.strip() for name, card in zip(names, found, strict=True) if card is None]
    if unknown:
        raise InvalidInput(
            [Problem("cards", N_("unknown card '{card}'"), {"card": c}) for c in unknown]
        )
    return tuple(card for card in found if card is not None)
