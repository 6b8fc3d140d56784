"""A seeded skill model that plays games, for the demo, the benchmarks and the tests.

Every entrant gets a hidden skill; a game's points are the table's base plus nine points
per unit of skill plus noise. Everything is drawn from one seeded generator, so the same
seed plays the same event.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kolo.core.event import Entrant, EntrantId, Event, Game, Round, Table
from kolo.games import rulesets

WOMEN = (
    ("Jana", "Tereza", "Lucie", "Eva", "Kateřina", "Markéta", "Veronika", "Barbora",
     "Michaela", "Hana", "Zuzana", "Anna", "Klára", "Lenka", "Simona", "Šárka"),
    ("Nováková", "Dvořáková", "Procházková", "Veselá", "Němcová", "Pokorná", "Hájková",
     "Králová", "Benešová", "Sedláčková", "Zemanová", "Navrátilová", "Urbanová", "Blažková",
     "Kovářová", "Bartošová", "Malá"),
)  # fmt: skip
MEN = (
    ("Petr", "Jiří", "Tomáš", "Martin", "Jan", "Lukáš", "Ondřej", "David", "Jakub", "Pavel",
     "Vojtěch", "Filip", "Marek", "Adam", "Radek", "Josef"),
    ("Svoboda", "Černý", "Kučera", "Horák", "Marek", "Pospíšil", "Jelínek", "Růžička",
     "Fiala", "Doležal", "Kolář", "Čermák", "Vaněk", "Kříž", "Kratochvíl", "Malý", "Beneš"),
)  # fmt: skip


def names(count: int) -> list[str]:
    """``count`` distinct Czech names, women and men in turn."""
    result: list[str] = []
    i = 0
    while len(result) < count:
        firsts, lasts = WOMEN if i % 2 == 0 else MEN
        n = i // 2
        name = f"{firsts[n % len(firsts)]} {lasts[(n * 5 + n // len(firsts)) % len(lasts)]}"
        if name in result:
            name = f"{name} {n // (len(firsts) * len(lasts)) + 2}"
        result.append(name)
        i += 1
    return result


@dataclass(frozen=True)
class SkillModel:
    """Hidden skills and the game points they produce."""

    skill: Mapping[EntrantId, float]
    base: float = 32.0
    per_skill: float = 9.0
    noise: float = 7.0

    @classmethod
    def draw(cls, entrants: Sequence[EntrantId], rng: random.Random) -> SkillModel:
        """Skills from a standard normal distribution."""
        return cls({e: rng.gauss(0.0, 1.0) for e in entrants})

    def play(self, seats: Sequence[EntrantId], rng: random.Random, turns: bool = False) -> Game:
        """One game at a table: whole game points, and turn counts when asked (the game
        ends on a random seat's turn: the players before and at it took one more)."""
        scores = {
            p: round(self.base + self.per_skill * self.skill[p] + rng.gauss(0.0, self.noise))
            for p in seats
        }
        if not turns:
            return Game(scores)
        rounds = rng.randint(12, 18)
        last = rng.randrange(len(seats))
        return Game(scores, {p: rounds + (1 if i <= last else 0) for i, p in enumerate(seats)})


def gorn_of_three() -> str:
    """The first rule set kolo lists that plays gorn at tables of three (this module knows no
    game: it asks the rule sets)."""
    return next(
        rs.id
        for rs in rulesets.REGISTRY.values()
        if rs.system is rulesets.System.GORN and rs.defaults.get("table_size") == 3
    )


def after_random_round(count: int, seed: int = 1) -> Event:
    """``count`` entrants after a seeded random round 1 at tables of three (the last two
    or four at tables of two, as R-GORN-6 lays them out), under ``gorn_of_three()``."""
    rng = random.Random(seed)
    entrants = tuple(Entrant(f"p{i}", f"Player {i}") for i in range(1, count + 1))
    ids = [e.id for e in entrants]
    model = SkillModel.draw(ids, rng)
    order = list(ids)
    rng.shuffle(order)
    sizes = [3] * (count // 3)
    if count % 3 == 1:
        sizes = [3] * (count // 3 - 1) + [2, 2]
    elif count % 3 == 2:
        sizes.append(2)
    tables = []
    for number, size in enumerate(sizes, start=1):
        seats = tuple(order[:size])
        order = order[size:]
        tables.append(Table(number, seats, (model.play(seats, rng),)))
    return Event("Memory", gorn_of_three(), {}, entrants, (Round(1, tuple(tables), seed),))
