"""The championship's card draws (R-DOM-2..7), pure and seeded.

For a round, the head referee draws for all tables from one shuffled pool (R-DOM-2): the
Basic draw — nine cards from Base, Intrigue and Hinterlands, then four from Prosperity and
Dark Ages (R-DOM-3) — and, where needed, the Extended draw: thirteen from all cards not yet
drawn (R-DOM-4). Of either, the first four drawn are mandatory; at each table the players
draft six of the other nine, the starting player first, clockwise, twice round at a table
of three and three times at a table of two (R-DOM-5). Round 1 of a qualifier plays the
same ten random cards from Base, Intrigue and Hinterlands at every table (R-DOM-6). Once a
table's ten piles are known, three of them drawn at random decide Colonies and Platinum
(one from Prosperity suffices) and two of the other seven decide Shelters (one from Dark
Ages suffices); the first game uses neither (R-DOM-7).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from kolo.core.problems import N_, InvalidInput, Problem
from kolo.core.settings import Settings
from kolo.games.dominion.cards import DARK_AGES, PROSPERITY, load
from kolo.games.dominion.pools import Pool

DrawKind = Literal["first10", "basic", "extended"]
PICKS = 6
"""Cards drafted at every table (R-DOM-5): 4 mandatory + 6 picked = 10."""

QUALIFIER = "qualifier"
FINAL = "final"
ROUND_PLANS: Mapping[str, str] = {"dominion-cz": QUALIFIER, "dominion-cz-final": FINAL}
"""Which round plan each Dominion rule set follows (R-DOM-6)."""


@dataclass(frozen=True)
class Draw:
    """A Basic or Extended draw: four mandatory cards and nine to draft from."""

    kind: DrawKind
    mandatory: tuple[str, ...]
    choices: tuple[str, ...]

    def document(self) -> dict[str, list[str]]:
        return {"mandatory": list(self.mandatory), "choices": list(self.choices)}


@dataclass(frozen=True)
class RoundDraws:
    """Everything the head referee draws for one round."""

    first10: tuple[str, ...] | None
    basic: Draw | None
    extended: Draw | None
    table_draw: Mapping[int, DrawKind]
    """Table number → the draw its kingdom comes from."""

    def document(self) -> dict[str, Any]:
        """As ``kolo draw round --json`` prints it."""
        return {
            "basic": self.basic.document() if self.basic else None,
            "extended": self.extended.document() if self.extended else None,
            "first10": list(self.first10) if self.first10 else None,
            "table_draw": {str(t): kind for t, kind in sorted(self.table_draw.items())},
        }


def table_plan(
    plan: str, round_number: int, tables: int, settings: Settings
) -> dict[int, DrawKind]:
    """Which draw each table plays (R-DOM-6).

    Qualifier: round 1 ten random cards, round 2 the Basic draw, later rounds the
    Extended draw for the upper tables (``extended_share`` of them, rounded up; the
    interpretation of "the better players") and the Basic draw for the rest. Final: every
    round, round 1 included, as the qualifier's rounds 3–5, or the Extended draw at every
    table with ``extended_for_all``.
    """
    if plan == QUALIFIER and round_number == 1:
        return dict.fromkeys(range(1, tables + 1), "first10")
    if plan == QUALIFIER and round_number == 2:
        return dict.fromkeys(range(1, tables + 1), "basic")
    if settings.extended_for_all:
        return dict.fromkeys(range(1, tables + 1), "extended")
    # exact arithmetic: 0.14 × 50 is 7 tables, not 8 (float gives 7.000000000000001)
    upper = math.ceil(settings.extended_share * tables)
    return {t: "extended" if t <= upper else "basic" for t in range(1, tables + 1)}


def first_ten(pool: Pool, rng: random.Random) -> tuple[str, ...]:
    """Ten random cards from Base, Intrigue and Hinterlands (round 1 of a qualifier)."""
    return tuple(rng.sample(pool.from_sets(pool.basic_main), 10))


def basic_draw(pool: Pool, rng: random.Random) -> Draw:
    """Nine from Base + Intrigue + Hinterlands, then four from Prosperity + Dark Ages."""
    main = list(pool.from_sets(pool.basic_main))
    extra = list(pool.from_sets(pool.basic_extra))
    rng.shuffle(main)
    rng.shuffle(extra)
    drawn = main[:9] + extra[:4]
    return Draw("basic", tuple(drawn[:4]), tuple(drawn[4:]))


def extended_draw(pool: Pool, rng: random.Random, drawn: Sequence[str]) -> Draw:
    """Thirteen from every card of the pool not drawn yet this round."""
    taken = set(drawn)
    rest = [c for c in pool.all_cards() if c not in taken]
    rng.shuffle(rest)
    thirteen = rest[:13]
    return Draw("extended", tuple(thirteen[:4]), tuple(thirteen[4:]))


def draw_round(
    pool: Pool,
    plan: str,
    round_number: int,
    tables: int,
    settings: Settings,
    rng: random.Random,
) -> RoundDraws:
    """The round's draws, from one shuffled pool (R-DOM-2): Basic first, then Extended."""
    table_draw = table_plan(plan, round_number, tables, settings)
    kinds = set(table_draw.values())
    first10 = first_ten(pool, rng) if "first10" in kinds else None
    # the Basic draw comes first even where every table plays the Extended one
    basic = basic_draw(pool, rng) if kinds & {"basic", "extended"} else None
    extended = (
        extended_draw(pool, rng, basic.mandatory + basic.choices)
        if basic is not None and "extended" in kinds
        else None
    )
    return RoundDraws(first10, basic, extended, table_draw)


def pick_order(seats: Sequence[str]) -> list[str]:
    """Who picks when (R-DOM-5): the starting player first, clockwise, until six are
    picked — twice round at a table of three, three times at a table of two."""
    if len(seats) not in (2, 3):
        raise InvalidInput.one(
            N_("the draft is for tables of two or three, not {count}"), count=len(seats)
        )
    return [seats[i % len(seats)] for i in range(PICKS)]


def check_picks(choices: Sequence[str], picks: Sequence[str]) -> list[Problem]:
    """Exactly six, every one among the nine, none twice."""
    problems: list[Problem] = []
    if len(picks) != PICKS:
        problems.append(
            Problem(
                "picks", N_("a draft picks exactly 6 cards, not {count}"), {"count": len(picks)}
            )
        )
    seen: set[str] = set()
    for card in picks:
        if card not in choices:
            problems.append(
                Problem("picks", N_("'{card}' is not among the nine to draft from"), {"card": card})
            )
        elif card in seen:
            problems.append(Problem("picks", N_("'{card}' is picked twice"), {"card": card}))
        seen.add(card)
    return problems


def simulate_draft(
    choices: Sequence[str], seats: Sequence[str], rng: random.Random
) -> tuple[str, ...]:
    """A draft for the demo: every player in turn picks one of the remaining cards."""
    remaining = list(choices)
    picks = []
    for _player in pick_order(seats):
        card = rng.choice(remaining)
        remaining.remove(card)
        picks.append(card)
    return tuple(picks)


@dataclass(frozen=True)
class ColonyShelters:
    """The 3-then-2 draw of R-DOM-7."""

    colony: bool
    shelters: bool
    colony_cards: tuple[str, ...]
    shelter_cards: tuple[str, ...]

    def document(self) -> dict[str, Any]:
        return {
            "colony": self.colony,
            "shelters": self.shelters,
            "colony_cards": list(self.colony_cards),
            "shelter_cards": list(self.shelter_cards),
        }


def check_kingdom(cards: Sequence[str]) -> list[Problem]:
    """Ten different known kingdom cards."""
    data = load()
    problems: list[Problem] = []
    if len(cards) != 10:
        problems.append(
            Problem("kingdom", N_("a kingdom has 10 cards, not {count}"), {"count": len(cards)})
        )
    for card in cards:
        if card not in data.cards:
            problems.append(Problem("kingdom", N_("unknown card '{card}'"), {"card": card}))
        elif not data.cards[card].kingdom:
            problems.append(
                Problem("kingdom", N_("'{card}' is not a kingdom card"), {"card": card})
            )
    if len(set(cards)) != len(cards):
        problems.append(Problem("kingdom", N_("a kingdom card is given twice")))
    return problems


def colony_shelters(cards: Sequence[str], rng: random.Random) -> ColonyShelters:
    """Three of the ten piles at random: Colonies and Platinum if one is from Prosperity;
    two of the other seven: Shelters if one is from Dark Ages (R-DOM-7)."""
    problems = check_kingdom(cards)
    if problems:
        raise InvalidInput(problems)
    data = load()
    shuffled = sorted(cards)  # the order the piles were chosen in must not matter
    rng.shuffle(shuffled)
    three, two = tuple(shuffled[:3]), tuple(shuffled[3:5])
    return ColonyShelters(
        colony=any(PROSPERITY in data.cards[c].sets for c in three),
        shelters=any(DARK_AGES in data.cards[c].sets for c in two),
        colony_cards=three,
        shelter_cards=two,
    )


@dataclass(frozen=True)
class Kingdom:
    """A table's kingdom: where it came from, the draft, the ten cards, Colony, Shelters."""

    draw: DrawKind
    mandatory: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    picks: tuple[str, ...] | None = None
    """The six drafted, in pick order (None until the draft is recorded)."""
    cards: tuple[str, ...] | None = None
    """The ten piles, once known."""
    colony: bool = False
    shelters: bool = False
    colony_cards: tuple[str, ...] = ()
    shelter_cards: tuple[str, ...] = ()
    seed: int | None = None
    """The seed of the Colony/Shelters draw, drawn fresh when the draft is first recorded
    (so nobody can foresee it while picking) and kept for corrections."""

    def document(self) -> dict[str, Any]:
        """The ``kingdom`` object of a table in ``kolo-event/1``."""
        doc: dict[str, Any] = {"draw": self.draw}
        if self.draw != "first10":
            doc["mandatory"] = list(self.mandatory)
            doc["choices"] = list(self.choices)
            doc["picks"] = list(self.picks) if self.picks is not None else None
        doc["cards"] = list(self.cards) if self.cards is not None else None
        doc["colony"] = self.colony
        doc["shelters"] = self.shelters
        if self.colony_cards or self.shelter_cards:
            doc["colony_cards"] = list(self.colony_cards)
            doc["shelter_cards"] = list(self.shelter_cards)
        if self.seed is not None:
            doc["seed"] = self.seed
        return doc


def table_kingdom(draws: RoundDraws, table: int) -> Kingdom:
    """A table's kingdom before its draft."""
    kind = draws.table_draw[table]
    if kind == "first10":
        assert draws.first10 is not None
        return Kingdom("first10", cards=draws.first10)
    chosen = draws.basic if kind == "basic" else draws.extended
    assert chosen is not None
    return Kingdom(kind, chosen.mandatory, chosen.choices)


def record_draft(
    kingdom: Kingdom, picks: Sequence[str], rng: random.Random, first_game: bool
) -> Kingdom:
    """The kingdom after the draft: four + six, and Colony/Shelters (not in the first game)."""
    if kingdom.draw == "first10":
        raise InvalidInput.one(N_("round 1's ten cards are not drafted"), path="picks")
    problems = check_picks(kingdom.choices, picks)
    if problems:
        raise InvalidInput(problems)
    cards = kingdom.mandatory + tuple(picks)
    if first_game:
        return Kingdom(kingdom.draw, kingdom.mandatory, kingdom.choices, tuple(picks), cards)
    decided = colony_shelters(cards, rng)
    return Kingdom(
        kingdom.draw,
        kingdom.mandatory,
        kingdom.choices,
        tuple(picks),
        cards,
        decided.colony,
        decided.shelters,
        decided.colony_cards,
        decided.shelter_cards,
    )


def kingdom_from_document(doc: Mapping[str, Any]) -> Kingdom:
    """A table's ``kingdom`` object read back (shape checked by the event file reader)."""
    picks = doc.get("picks")
    cards = doc.get("cards")
    return Kingdom(
        draw=doc["draw"],
        mandatory=tuple(doc.get("mandatory") or ()),
        choices=tuple(doc.get("choices") or ()),
        picks=tuple(picks) if picks is not None else None,
        cards=tuple(cards) if cards is not None else None,
        colony=bool(doc.get("colony", False)),
        shelters=bool(doc.get("shelters", False)),
        colony_cards=tuple(doc.get("colony_cards") or ()),
        shelter_cards=tuple(doc.get("shelter_cards") or ()),
        seed=doc.get("seed"),
    )
