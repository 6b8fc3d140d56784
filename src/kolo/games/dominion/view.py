"""A table's kingdom as people read it: names in their language, sorted by cost then name,
the draft with who picks when, Colony/Platinum, Shelters and pile sizes (R-SETUP-2).

Used by the command line, the players' pages, the desk and the printed table sheets, so all
of them show the same thing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kolo.core.collation import sort_key
from kolo.games.dominion.cards import load
from kolo.games.dominion.draws import PICKS, Draw, DrawKind, Kingdom, RoundDraws
from kolo.games.dominion.setup import Setup, setup


@dataclass(frozen=True)
class CardLine:
    """One card as shown: name, set, cost (and the pile size where it is known)."""

    id: str
    name: str
    set_name: str
    cost: int
    cost_note: str | None = None
    pile: int | None = None
    pick: int | None = None
    """For a card to draft from: its place in the pick order (1–6) once drafted."""


@dataclass(frozen=True)
class PileLine:
    """A basic supply pile and its size for the table's player count."""

    name: str
    count: int


@dataclass(frozen=True)
class KingdomView:
    """What the players' page, the desk and the table sheet show of one table's kingdom."""

    draw: str
    mandatory: tuple[CardLine, ...]
    choices: tuple[CardLine, ...]
    """The nine to draft from, in the order they were drawn."""
    drafted: bool
    """Whether the ten piles are known (Colony and Shelters are decided with them)."""
    cards: tuple[CardLine, ...]
    """The ten piles sorted by cost then name (empty until the draft is recorded)."""
    colony: bool
    shelters: bool
    colony_cards: tuple[CardLine, ...]
    shelter_cards: tuple[CardLine, ...]
    setup: Setup | None
    basics: tuple[PileLine, ...]
    """Estates, Duchies, Provinces, Curses and the piles some cards need (Ruins, Spoils…)."""
    colony_piles: tuple[PileLine, ...]
    """Colonies and Platinum, if the table plays with them."""
    start: tuple[PileLine, ...]
    """Each player's starting deck (with Shelters: Hovel, Necropolis, Overgrown Estate)."""
    pickers: tuple[str, ...]
    """The names of who picks 1st … 6th (starting player first, clockwise)."""


def card_line(
    card_id: str, language: str, pile: int | None = None, pick: int | None = None
) -> CardLine:
    """One card in ``language`` with the name of its (first) set."""
    data = load()
    card = data.card(card_id)
    return CardLine(
        id=card.id,
        name=card.name(language),
        set_name=data.set_name(card.sets[0], language),
        cost=card.cost,
        cost_note=card.cost_note,
        pile=pile,
        pick=pick,
    )


def sorted_lines(card_ids: Sequence[str], language: str) -> tuple[CardLine, ...]:
    """Cards sorted by cost, then name in ``language`` (R-SETUP-2)."""
    lines = [card_line(c, language) for c in card_ids]
    return tuple(sorted(lines, key=lambda line: (line.cost, sort_key(line.name, language))))


def _name(card_id: str, language: str) -> str:
    return load().card(card_id).name(language)


def pile_lines(table_setup: Setup, language: str) -> tuple[PileLine, ...]:
    """The basic piles for the player count: Estates, Duchies, Provinces, Curses, and
    Colonies and Platinum (last) when the table plays with them (R-SETUP-1, §5.2)."""
    return tuple(PileLine(_name(card, language), count) for card, count in _pile_ids(table_setup))


def setup_document(table_setup: Setup) -> dict[str, Any]:
    """The setup as JSON: pile sizes by card id, the starting deck, the end condition."""
    return {
        "players": table_setup.players,
        "piles": dict(_pile_ids(table_setup)),
        "kingdom": dict(table_setup.kingdom),
        "starting_deck": dict(table_setup.starting_deck),
        "piles_to_end": table_setup.piles_to_end,
    }


def _pile_ids(table_setup: Setup) -> list[tuple[str, int]]:
    ids = [
        ("Estate", table_setup.victory),
        ("Duchy", table_setup.victory),
        ("Province", table_setup.provinces),
        ("Curse", table_setup.curses),
    ]
    ids += table_setup.extra
    if table_setup.colony:
        ids += [("Colony", table_setup.victory), ("Platinum", load().card("Platinum").count or 12)]
    return ids


def kingdom_view(
    kingdom: Kingdom,
    language: str,
    seat_names: Sequence[str] = (),
) -> KingdomView:
    """The view of a table's kingdom; ``seat_names`` in seat order."""
    players = len(seat_names)
    picks: list[str] = list(kingdom.picks or [])
    cards: list[str] = list(kingdom.cards or [])
    table_setup = (
        setup(players, cards, kingdom.colony, kingdom.shelters) if 2 <= players <= 6 else None
    )
    piles = dict(table_setup.kingdom) if table_setup else {}
    sorted_cards = tuple(
        sorted(
            (card_line(c, language, piles.get(c)) for c in cards),
            key=lambda line: (line.cost, sort_key(line.name, language)),
        )
    )
    basics: tuple[PileLine, ...] = ()
    colony_piles: tuple[PileLine, ...] = ()
    start: tuple[PileLine, ...] = ()
    if table_setup is not None:
        basics = pile_lines(replace(table_setup, colony=False), language)
        colony_piles = pile_lines(replace(table_setup, colony=True), language)[-2:]
        start = tuple(PileLine(_name(c, language), n) for c, n in table_setup.starting_deck)
    pickers: tuple[str, ...] = ()
    if kingdom.draw != "first10" and players in (2, 3):
        pickers = tuple(seat_names[i % players] for i in range(PICKS))
    return KingdomView(
        draw=kingdom.draw,
        mandatory=tuple(card_line(c, language) for c in kingdom.mandatory),
        choices=tuple(
            card_line(c, language, pick=picks.index(c) + 1 if c in picks else None)
            for c in kingdom.choices
        ),
        drafted=bool(cards),
        cards=sorted_cards,
        colony=kingdom.colony,
        shelters=kingdom.shelters,
        colony_cards=tuple(card_line(c, language) for c in kingdom.colony_cards),
        shelter_cards=tuple(card_line(c, language) for c in kingdom.shelter_cards),
        setup=table_setup,
        basics=basics,
        colony_piles=colony_piles,
        start=start,
        pickers=pickers,
    )


@dataclass(frozen=True)
class RoundDrawView:
    """The head referee's sheet: the round's draws and which tables play which."""

    first10: tuple[CardLine, ...]
    basic_mandatory: tuple[CardLine, ...]
    basic_choices: tuple[CardLine, ...]
    extended_mandatory: tuple[CardLine, ...]
    extended_choices: tuple[CardLine, ...]
    tables: Mapping[str, tuple[int, ...]]
    """Draw kind → the tables that play it."""


def round_draws_of(kingdoms: Mapping[int, Kingdom]) -> RoundDraws:
    """The round's draws read back from its tables' kingdoms (table number → kingdom)."""
    found: dict[str, Draw] = {}
    table_draw: dict[int, DrawKind] = {}
    tens: Counter[tuple[str, ...]] = Counter()
    for number, kingdom in sorted(kingdoms.items()):
        kind = kingdom.draw
        table_draw[number] = kind
        if kind == "first10" and kingdom.cards:
            tens[kingdom.cards] += 1  # a table entered by hand must not stand in for all
        elif kind in ("basic", "extended") and kind not in found and kingdom.choices:
            found[kind] = Draw(kind, kingdom.mandatory, kingdom.choices)
    first10 = tens.most_common(1)[0][0] if tens else None
    return RoundDraws(first10, found.get("basic"), found.get("extended"), table_draw)


def round_draw_view(draws: RoundDraws, language: str) -> RoundDrawView:
    """The head referee's view of a round's draws."""
    tables: dict[str, list[int]] = {}
    for number, kind in sorted(draws.table_draw.items()):
        tables.setdefault(str(kind), []).append(number)

    def lines(ids: Sequence[str] | None) -> tuple[CardLine, ...]:
        return tuple(card_line(c, language) for c in ids or ())

    return RoundDrawView(
        first10=sorted_lines(draws.first10, language) if draws.first10 else (),
        basic_mandatory=lines(draws.basic.mandatory if draws.basic else None),
        basic_choices=lines(draws.basic.choices if draws.basic else None),
        extended_mandatory=lines(draws.extended.mandatory if draws.extended else None),
        extended_choices=lines(draws.extended.choices if draws.extended else None),
        tables={kind: tuple(numbers) for kind, numbers in tables.items()},
    )
