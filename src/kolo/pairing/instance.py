"""A round to pair, as numbers: the solvers' view of the criteria and the hard rules.

Costs are exact integers. One *main unit* is the smallest step of the weighted objective
(points with halves or thirds times weights with decimals); every pair's cost is given in
main units times ``mult`` plus a small seeded tie-break below ``mult`` in total over a
whole pairing. A cheaper pairing therefore always wins, and among equally cheap pairings
the seed decides — never the solver's timing (R-GORN-10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from kolo.core.event import EntrantId, Event
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import compute
from kolo.pairing.criteria import CRITERIA, IN_POINTS, Context, Field, weights_of
from kolo.pairing.history import History
from kolo.pairing.pairs import PairValues, Ties

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

TIE_BREAK = 16
"""Tie-breaks of a pair are drawn from 0..TIE_BREAK-1."""


DENSE_PAIRS = 500
"""Fields up to this size get their pair costs and criteria as whole matrices (2 MB each
at 500 players): the exact method's pools index them millions of times. Larger fields
compute them where asked (``kolo.pairing.pairs``), in memory linear in the field."""


class NoLayout(Exception):
    """The rule set cannot seat this many players."""


@dataclass(frozen=True)
class Instance:
    """Everything a solver needs to seat one round."""

    players: tuple[EntrantId, ...]
    """Index → entrant id; indices order the players by standing (best first)."""
    pair_cost: PairValues | IntArray
    """N×N, symmetric, zero diagonal: a pair's cost in main units × mult + tie-break
    (``PairValues``: computed where asked, never stored whole; a dense block for a
    restricted instance)."""
    smaller_cost: IntArray
    """N: the cost of the player sitting at a smaller table (main units × mult)."""
    bye_cost: IntArray
    """N: the tie-break of giving the player the bye."""
    mult: int
    unit: Fraction
    """The weighted cost one main unit stands for."""
    normal_size: int
    sizes: tuple[int, ...]
    """Table sizes of the round, largest first."""
    byes: int
    full_ok: BoolArray
    """May sit at a full table (R-GORN-6: the smaller tables go to the lowest placed)."""
    smaller_ok: BoolArray
    bye_ok: BoolArray
    forbidden_triples: IntArray
    """Sorted codes a·N²+b·N+c (a<b<c) of three players who met at one table."""
    forbidden_duos: IntArray
    """Sorted codes a·N+b (a<b) of earlier tables of exactly two."""
    level: IntArray
    """Each player's tournament points as a rank among the distinct values (0 = lowest)."""
    triple_penalty: int = 0
    """0: forbidden triples and duos are never seated (R-GORN-4). Relaxed: each one seated
    costs this much instead, so as few as possible are."""
    criteria: Mapping[str, IntArray | PairValues] = field(default_factory=dict)
    """Each weighted criterion's own count, unweighted: N×N per pair for the pair criteria
    (earlier meetings, points apart in units of 1/``point_scale``, club-mates, kept
    apart), N per player for ``smaller_tables``. The slice guard compares pairings by
    these."""
    point_scale: int = 1
    """Tournament points times this are whole numbers (halves: 2)."""
    points: IntArray | None = None
    """Each player's tournament points times ``point_scale`` (None: not given, as in a
    restricted instance)."""
    spread_unit: int = 0
    """What one unit of ``points`` apart costs a pair, in combined units (weight × mult)."""

    @property
    def size(self) -> int:
        """The number of players."""
        return len(self.players)

    def scale_of(self, criterion: str) -> int:
        """What one of the criterion's own counts is in, per unit: 1/``point_scale`` of a
        point for the criteria counted in points, else 1."""
        return self.point_scale if criterion in IN_POINTS else 1

    def main_cost(self, combined: int) -> int:
        """The main-unit part of a combined cost."""
        return combined // self.mult


RELAX_PENALTY = 1_000_000
"""Main units a relaxed hard rule costs per breach: more than any pairing's criteria."""


def build(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    players: list[EntrantId],
    seed: int,
    *,
    relax: Sequence[str] = (),
) -> Instance:
    """The instance of seating ``players`` in the round after the event's rounds.

    ``relax`` names hard rules the organiser chose to relax ("R-GORN-4", "R-GORN-6"):
    breaking them is then allowed at a prohibitive cost, so the pairing breaks them as
    little as possible.
    """
    context = Context.of(event, ruleset, settings)
    layout = ruleset.layout(len(players), settings)
    if layout is None:
        raise NoLayout(len(players))
    sizes, byes = layout
    standings = compute(event, ruleset, settings)
    order = {row.entrant.id: position for position, row in enumerate(standings.rows)}
    players = sorted(players, key=lambda p: order.get(p, len(order)))
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    weights = weights_of(settings)

    points = [context.points.get(p, Fraction(0)) for p in players]
    point_scale = lcm(*(p.denominator for p in points)) if points else 1
    weight_scale = lcm(*(w.denominator for w in weights.values()))
    unit = Fraction(1, point_scale * weight_scale)

    def scaled(weight: Fraction, per_point: bool) -> int:
        value = weight * weight_scale * (1 if per_point else point_scale)
        assert value.denominator == 1
        return int(value)

    integer_points = np.array([int(p * point_scale) for p in points], dtype=np.int64)
    field = Field(context, players, integer_points)
    own = {c.name: c.term(field) for c in CRITERIA}
    main = {c.name: scaled(weights[c.name], c.in_points) for c in CRITERIA}
    per_pair = {name: v for name, v in own.items() if isinstance(v, PairValues)}
    smaller_main = np.zeros(n, dtype=np.int64)
    for name, values in own.items():
        if not isinstance(values, PairValues):
            smaller_main = smaller_main + main[name] * values

    normal = settings.table_size
    pairs_per_pairing = sum(s * (s - 1) // 2 for s in sizes)
    mult = TIE_BREAK * max(pairs_per_pairing, 1) + TIE_BREAK
    rng = np.random.default_rng(seed)
    pair_cost = PairValues.weighted(
        n,
        [(values, main[name]) for name, values in per_pair.items()],
        scale=mult,
        ties=Ties(n, rng, TIE_BREAK, seed),
    )
    bye_cost = rng.integers(0, TIE_BREAK, size=n, dtype=np.int64)
    costs: PairValues | IntArray = pair_cost
    if n <= DENSE_PAIRS:  # small: whole matrices, for numpy's fastest indexing
        costs = pair_cost.dense()
        own = {k: v.dense() if isinstance(v, PairValues) else v for k, v in own.items()}

    full_ok, smaller_ok = _bottom_rule(players, sizes, normal, points, len(event.rounds) > 0)
    bye_ok = _bye_rule(players, byes, standings.rows, History.of(event.rounds))
    smaller_cost = smaller_main * mult
    if "R-GORN-6" in relax:
        if any(s < normal for s in sizes):
            smaller_cost = smaller_cost + np.where(smaller_ok, 0, RELAX_PENALTY * mult)
            full_ok = np.ones(n, dtype=np.bool_)
            smaller_ok = np.ones(n, dtype=np.bool_)
        if byes:
            bye_cost = bye_cost + np.where(bye_ok, 0, RELAX_PENALTY * mult)
            bye_ok = np.ones(n, dtype=np.bool_)
    distinct = sorted(set(points))
    level = np.array([distinct.index(p) for p in points], dtype=np.int64)
    triples = sorted(
        a * n * n + b * n + c
        for t in context.history.triples
        if all(p in index for p in t)
        for a, b, c in [sorted(index[p] for p in t)]
    )
    duos = sorted(
        a * n + b
        for d in context.history.duos
        if all(p in index for p in d)
        for a, b in [sorted(index[p] for p in d)]
    )
    return Instance(
        players=tuple(players),
        pair_cost=costs,
        smaller_cost=smaller_cost,
        bye_cost=bye_cost,
        mult=mult,
        unit=unit,
        normal_size=normal,
        sizes=sizes,
        byes=byes,
        full_ok=full_ok,
        smaller_ok=smaller_ok,
        bye_ok=bye_ok,
        forbidden_triples=np.array(triples, dtype=np.int64),
        forbidden_duos=np.array(duos, dtype=np.int64),
        level=level,
        triple_penalty=RELAX_PENALTY * mult if "R-GORN-4" in relax else 0,
        criteria={name: values for name, values in own.items() if weights[name]},
        point_scale=point_scale,
        points=integer_points,
        spread_unit=main["score_spread"] * mult,
    )


def _bottom_rule(
    players: list[EntrantId],
    sizes: tuple[int, ...],
    normal: int,
    points: list[Fraction],
    after_round_one: bool,
) -> tuple[BoolArray, BoolArray]:
    """R-GORN-6 as who may sit where: with S seats at smaller tables and t the points of
    the S-th lowest, a smaller table takes only players with at most t, a full table only
    players with at least t. Round 1 is random (everyone may sit anywhere)."""
    n = len(players)
    small_seats = sum(s for s in sizes if s < normal)
    if not small_seats or not after_round_one:
        return np.ones(n, dtype=np.bool_), np.full(n, small_seats > 0, dtype=np.bool_)
    threshold = sorted(points)[small_seats - 1]
    values = np.array([float(p) for p in points])
    return values >= float(threshold), values <= float(threshold)


def _bye_rule(players: list[EntrantId], byes: int, rows: Any, history: History) -> BoolArray:
    """R-GORN-6 for byes: the lowest placed who has not had one (ties: any of them)."""
    if not byes:
        return np.zeros(len(players), dtype=np.bool_)
    rank = {row.entrant.id: row.rank for row in rows}
    eligible = [p for p in players if history.byes[p] == 0] or list(players)
    ranks = sorted((rank.get(p, 0) for p in eligible), reverse=True)
    cutoff = ranks[byes - 1]
    return np.array([p in eligible and rank.get(p, 0) >= cutoff for p in players], dtype=np.bool_)
