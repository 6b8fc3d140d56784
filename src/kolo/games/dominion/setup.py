"""Setup by player count (R-SETUP-1..3): pile sizes, starting decks, the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kolo.games.dominion.cards import load

KINGDOM_PILE = 10

SHELTERS = ("Hovel", "Necropolis", "Overgrown Estate")

SPOILS_MAKERS = frozenset({"Bandit Camp", "Marauder", "Pillage"})
"""Kingdom cards that need the Spoils pile (Dark Ages)."""
NON_SUPPLY = {"Hermit": ("Madman", 10), "Urchin": ("Mercenary", 10)}
"""Kingdom cards that need a pile outside the supply, and its size."""


@dataclass(frozen=True)
class Setup:
    """What a table lays out."""

    players: int
    victory: int
    """Estates, Duchies, Colonies and victory kingdom piles (8 for two players, else 12)."""
    provinces: int
    curses: int
    kingdom: tuple[tuple[str, int], ...]
    """Each kingdom pile with its size (victory kingdom piles follow ``victory``)."""
    colony: bool
    shelters: bool
    starting_deck: tuple[tuple[str, int], ...]
    piles_to_end: int
    """The game ends when the Provinces (or Colonies) are gone or this many piles are."""
    extra: tuple[tuple[str, int], ...] = ()
    """Piles some kingdom cards need: Ruins (10 per player after the first, with a
    Looter), Spoils (15), Madman and Mercenary (10 each, outside the supply)."""


def setup(players: int, kingdom: Sequence[str], colony: bool, shelters: bool) -> Setup:
    """The setup for ``players`` (2–6) with this kingdom (R-SETUP-1, the table of §5.2)."""
    if not 2 <= players <= 6:
        raise ValueError(f"Dominion setups are for 2 to 6 players, not {players}")
    data = load()
    victory = 8 if players == 2 else 12
    provinces = {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players]
    piles = tuple(
        (card, victory if data.card(card).is_victory else data.card(card).count or KINGDOM_PILE)
        for card in kingdom
    )
    deck = (
        (("Copper", 7), *((s, 1) for s in SHELTERS)) if shelters else (("Copper", 7), ("Estate", 3))
    )
    extra: list[tuple[str, int]] = []
    if any("Looter" in data.card(card).types for card in kingdom):
        extra.append(("Ruins", 10 * (players - 1)))
    if SPOILS_MAKERS & set(kingdom):
        extra.append(("Spoils", data.card("Spoils").count or 15))
    extra += [NON_SUPPLY[card] for card in kingdom if card in NON_SUPPLY]
    return Setup(
        players=players,
        victory=victory,
        provinces=provinces,
        curses=10 * (players - 1),
        kingdom=piles,
        colony=colony,
        shelters=shelters,
        starting_deck=deck,
        piles_to_end=3 if players <= 4 else 4,
        extra=tuple(extra),
    )
