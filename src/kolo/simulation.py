"""A seeded skill model that plays games, for the demo, the benchmarks and the tests.

Every entrant gets a hidden skill; a game's points are the table's base plus nine points
per unit of skill plus noise. Everything is drawn from one seeded generator, so the same
seed plays the same event.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kolo.core.event import EntrantId, Game

FIRST_NAMES = (
    "Jana", "Petr", "Tereza", "Jiří", "Lucie", "Tomáš", "Eva", "Martin", "Kateřina", "Jan",
    "Markéta", "Lukáš", "Veronika", "Ondřej", "Barbora", "David", "Michaela", "Jakub", "Hana",
    "Pavel", "Zuzana", "Vojtěch", "Anna", "Filip", "Klára", "Marek", "Lenka", "Adam",
    "Simona", "Radek", "Šárka", "Josef",
)  # fmt: skip
LAST_NAMES = (
    "Nováková", "Svoboda", "Dvořáková", "Černý", "Procházková", "Kučera", "Veselá", "Horák",
    "Němcová", "Marek", "Pokorná", "Pospíšil", "Hájková", "Jelínek", "Králová", "Růžička",
    "Benešová", "Fiala", "Sedláčková", "Doležal", "Zemanová", "Kolář", "Navrátilová",
    "Čermák", "Urbanová", "Vaněk", "Blažková", "Kříž", "Kovářová", "Kratochvíl",
    "Bartošová", "Malý",
)  # fmt: skip


def names(count: int) -> list[str]:
    """``count`` distinct Czech names."""
    result = []
    for i in range(count):
        first = FIRST_NAMES[i % len(FIRST_NAMES)]
        last = LAST_NAMES[(i * 7 + i // len(FIRST_NAMES)) % len(LAST_NAMES)]
        suffix = f" {i // (len(FIRST_NAMES) * len(LAST_NAMES)) + 1}" if i >= 1024 else ""
        result.append(f"{first} {last}{suffix}")
    return (
        list(dict.fromkeys(result))
        if len(set(result)) == count
        else [f"{n} ({i + 1})" for i, n in enumerate(result)]
    )


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
