"""A general kingdom randomizer for events outside the championship."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from kolo.core.problems import N_, InvalidInput, Problem
from kolo.games.dominion.cards import DARK_AGES, PROSPERITY, VILLAGES, load
from kolo.games.dominion.draws import ColonyShelters, colony_shelters


@dataclass(frozen=True)
class Randomized:
    cards: tuple[str, ...]
    extras: ColonyShelters


def randomize(
    sets: Sequence[str],
    rng: random.Random,
    *,
    banned: Sequence[str] = (),
    village: bool = False,
    reaction_if_attack: bool = False,
    colony_rule: str = "championship",
) -> Randomized:
    """Ten random kingdom cards from ``sets`` without the ``banned`` ones.

    ``village``: at least one card with +2 Actions; ``reaction_if_attack``: a Reaction
    whenever there is an Attack. Colonies and Shelters by the championship's 3-then-2 draw
    (``championship``), by one random card's set each (``one-card``), or never (``none``).
    """
    data = load()
    unknown_sets = [s for s in sets if s not in data.set_names]
    unknown_cards = [c for c in banned if c not in data.cards]
    if unknown_sets or unknown_cards:
        raise InvalidInput(
            [Problem("--sets", N_("unknown set '{set}'"), {"set": s}) for s in unknown_sets]
            + [Problem("--ban", N_("unknown card '{card}'"), {"card": c}) for c in unknown_cards]
        )
    if colony_rule not in ("championship", "one-card", "none"):
        raise InvalidInput.one(
            N_("the Colony rule is championship, one-card or none, not {rule}"),
            path="--colony",
            rule=colony_rule,
        )
    candidates = sorted(
        c.id
        for c in data.cards.values()
        if c.kingdom and set(c.sets) & set(sets) and c.id not in banned
    )
    if len(candidates) < 10:
        raise InvalidInput.one(
            N_("these sets leave {count} kingdom cards; a kingdom needs 10"),
            path="--sets",
            count=len(candidates),
        )
    cards = rng.sample(candidates, 10)
    if village and not any(c in VILLAGES for c in cards):
        villages = [c for c in candidates if c in VILLAGES]
        if not villages:
            raise InvalidInput.one(N_("no +Actions card is left in these sets"), path="--village")
        cards[-1] = rng.choice(villages)
    types = {c: data.card(c).types for c in cards}
    if (
        reaction_if_attack
        and any("Attack" in t for t in types.values())
        and not any("Reaction" in t for t in types.values())
    ):
        reactions = [c for c in candidates if "Reaction" in data.card(c).types and c not in cards]
        if not reactions:
            raise InvalidInput.one(
                N_("no Reaction is left in these sets for the Attack"), path="--reaction"
            )
        replaceable = [
            i for i, c in enumerate(cards) if "Attack" not in types[c] and c not in VILLAGES
        ]
        cards[rng.choice(replaceable) if replaceable else 0] = rng.choice(reactions)
    chosen = tuple(cards)
    if colony_rule == "championship":
        extras = colony_shelters(chosen, rng)
    elif colony_rule == "one-card":
        colony_card, shelter_card = rng.choice(chosen), rng.choice(chosen)
        extras = ColonyShelters(
            PROSPERITY in data.card(colony_card).sets,
            DARK_AGES in data.card(shelter_card).sets,
            (colony_card,),
            (shelter_card,),
        )
    else:
        extras = ColonyShelters(False, False, (), ())
    return Randomized(chosen, extras)
