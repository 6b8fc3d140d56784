"""Whole events of any rule set played by simulated players, in memory, through the real
pairing engine (``kolo.pairing.engine.propose``, knockouts and brackets included) and the real
standings (``kolo.core.standings.compute``); and what they say about the format.

Event ``i`` of a study seeded ``seed`` is played from its own seed (``kolo.stats.sub_seed``):
the players' strengths, every draw and every game come from it, and the pairing engine is
bounded by work, not by the clock (``kolo.pairing.work``). Events are played by the runner
(``kolo.runner``) in batches of a fixed size on a pool of processes and put back in order, so
the figures are the same whatever the number of workers.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kolo.core import elimination, knockout
from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.problems import N_, InvalidInput, NoValidPairing
from kolo.core.settings import Settings, resolve
from kolo.core.standings import bracket, compute
from kolo.games import registry, rulesets
from kolo.games.base import Bots
from kolo.pairing.engine import propose
from kolo.runner import Submitter
from kolo.runner import run as run_batches
from kolo.science import metrics
from kolo.simulation import SkillModel
from kolo.stats import sub_seed

BATCH = 4
"""Events a worker plays at a time (fixed: the figures must not depend on the workers)."""
TIME_LIMIT = 0.5
"""The pairing engine's work budget per round in a study, in work seconds (an event's
default is 10): at 30 players the engine proves most rounds optimal well within it
(docs/formats.md says what a smaller budget costs)."""
MAX_ROUNDS = 200
"""A safety net: no format of kolo's plays more rounds (a bracket ends, a knockout ends)."""
MODELS = ("skill", "bots")
"""The players' models: ``skill`` is ``kolo.simulation.SkillModel`` (hidden normal skills,
a game's points = 32 + 9 × skill + noise), its ``noise`` and ``per_skill`` settable;
``bots``: the games' own engines played by their bots of graded strength, where the rule
set's game has them (``kolo.games.base.Game.bots``): the strongest third of the players (by
the same hidden skills) play the game's strongest bot, the middle third the middling one,
the rest the weakest."""


def bots_of(game: str) -> Bots | None:
    """How the game ``game`` (an id of ``kolo.games.registry``) plays a table with its bots;
    None where no engine plays it."""
    found = registry.GAMES.get(game)
    return found.bots if found is not None else None


def games_with_bots() -> tuple[str, ...]:
    """The games a study can play with their bots, by id, as the registry lists them."""
    return tuple(game.id for game in registry.GAMES.values() if game.bots is not None)


@dataclass(frozen=True)
class Model:
    """How the simulated players play: a game's points are ``base + per_skill × skill +
    noise`` drawn from N(0, ``noise``²), skills from N(0, 1)."""

    name: str = "skill"
    noise: float = 7.0
    per_skill: float = 9.0

    def text(self) -> str:
        """The model as ``--model`` takes it."""
        if self.name == "bots":
            return "bots"
        return f"{self.name}:noise={self.noise:g},per_skill={self.per_skill:g}"


def parse_model(text: str) -> Model:
    """``skill`` or ``skill:noise=14,per_skill=9`` (``InvalidInput`` otherwise)."""
    name, _, rest = text.strip().partition(":")
    if name not in MODELS:
        raise InvalidInput.one(
            N_("unknown players' model '{name}'; known: {known}"),
            path="--model",
            name=name,
            known=", ".join(MODELS),
        )
    values: dict[str, float] = {}
    if name == "bots" and rest.strip():
        raise InvalidInput.one(
            N_("the bots model takes no figures: the bots are what they are"),
            path="--model",
        )
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, _, value = part.partition("=")
        key = key.strip()
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if key not in ("noise", "per_skill") or not math.isfinite(number) or number < 0:
            raise InvalidInput.one(
                N_("'{part}' in --model: expected noise=N or per_skill=N (N ≥ 0)"),
                path="--model",
                part=part,
            )
        values[key] = number
    return Model(name, **values)


@dataclass(frozen=True)
class Study:
    """What to simulate: a rule set, a field, its settings and the players' model."""

    ruleset: str
    players: int
    rounds: int | None = None
    """The Swiss rounds (the rule set's default when None); knockouts have none."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """Overrides of the rule set's settings, as an event file has them."""
    model: Model = Model()
    time_limit: float = TIME_LIMIT
    """The pairing engine's work budget per round (work seconds)."""
    top: tuple[int, ...] = (3,)
    """The k of "the k strongest finish in the top k"."""

    def overrides(self) -> dict[str, Any]:
        """The event's settings: ``settings`` with ``rounds``."""
        chosen = dict(self.settings)
        if self.rounds is not None:
            chosen["rounds"] = self.rounds
        return chosen


def check(study: Study) -> tuple[rulesets.RuleSet, Settings]:
    """The rule set and settings of a study; ``InvalidInput`` where it cannot be played."""
    if study.ruleset not in rulesets.REGISTRY:
        raise InvalidInput.one(
            N_("unknown rule set '{name}'; known: {known}"),
            path="--ruleset",
            name=study.ruleset,
            known=", ".join(rulesets.REGISTRY),
        )
    ruleset = rulesets.get(study.ruleset)
    if study.rounds is not None and "rounds" not in ruleset.defaults:
        raise InvalidInput.one(
            N_("{ruleset} is a knockout: it has no number of rounds"),
            path="--rounds",
            ruleset=ruleset.id,
        )
    settings, problems = resolve(ruleset.defaults, study.overrides())
    if problems:
        raise InvalidInput(problems)
    problems = knockout.check_format(ruleset, settings)
    if problems:
        raise InvalidInput(problems)
    if study.players < 2:
        raise InvalidInput.one(N_("a study needs at least two players"), path="--players")
    if any(k < 1 or k > study.players for k in study.top):
        raise InvalidInput.one(
            N_("--top must be between 1 and the number of players"), path="--top"
        )
    if study.time_limit <= 0:
        raise InvalidInput.one(N_("the work budget must be positive"), path="--time-limit")
    if study.model.name == "bots" and bots_of(ruleset.game) is None:
        raise InvalidInput.one(
            N_("the bots model plays the games with engines and bots: {games}"),
            path="--model",
            games=", ".join(games_with_bots()),
        )
    empty = Event("study", ruleset.id, study.overrides(), _entrants(study.players))
    if knockout.format_of(ruleset, settings) is not None:
        knockout.plan_next(empty, ruleset, settings)  # too few players: InvalidInput
    elif ruleset.layout(study.players, settings) is None:
        raise InvalidInput.one(
            N_("{count} players cannot be seated at the tables this rule set allows"),
            path="--players",
            count=study.players,
        )
    return ruleset, settings


def _entrants(count: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, count + 1))


@dataclass(frozen=True)
class Outcome:
    """What one simulated event gave."""

    index: int
    unplayable: str | None
    """The rule no pairing could obey (the event stopped there), else None."""
    strongest_rank: int
    """The final rank of the strongest player (1 = first, shared or not)."""
    shared_first: bool
    """First place is shared."""
    winner_strength: int
    """How strong the event's winner is: 1 = the strongest player, 2 = the second, …"""
    top: tuple[bool, ...]
    """For each k of the study: whether the k strongest finished in the top k."""
    tau: float
    """Kendall's τ-b between strength and the final standings."""
    repeats: int
    """Meetings beyond the first of every pair (``metrics.repeated_meetings``)."""
    short: tuple[float, float, float]
    """Rounds at a smaller table or with a bye per player, in the strongest, middle and
    weakest third by strength."""
    short_twice: int
    """Players who sat at a smaller table (or had a bye) twice or more."""
    rounds: int
    pairings: int
    """Rounds the engine searched (not round 1's draw, not a knockout's seeding)."""
    optimal: int
    """Of those, rounds proved optimal."""
    clock_stopped: int
    """Rounds where the wall-clock safety stop ended the search (then machine-dependent)."""
    seconds_pairing: float
    seconds_play: float
    seconds_standings: float


def _finished(event: Event, ruleset: rulesets.RuleSet, settings: Settings) -> bool:
    if knockout.format_of(ruleset, settings) is not None:
        return bool(event.rounds) and event.rounds[-1].stage == knockout.FINAL
    swiss = sum(1 for r in event.rounds if r.stage != elimination.PLAYOFF)
    if swiss < settings.rounds:
        return False
    if settings.playoff == "none":
        return True
    state = bracket(event, ruleset, settings)
    return state is not None and state.champion is not None


def _games(
    round_: Round, table: Table, count: int, model: SkillModel, rng: random.Random, turns: bool
) -> tuple[Game, ...]:
    """The games of a table: each played in its seat order (NBGL's second group game shifts
    the seats by one, R-NBGL-1)."""
    return tuple(
        model.play(knockout.game_seats(round_, table, index), rng, turns) for index in range(count)
    )


def _bot_games(
    round_: Round,
    table: Table,
    count: int,
    bots: Mapping[str, str],
    game: Bots,
    settings: Settings,
    rng: random.Random,
) -> tuple[Game, ...]:
    """The games of a table played by the game's engine, each seat by its player's bot, each
    game from its own seed (the game says how: ``kolo.games.base.Bots.play``)."""
    games = []
    for index in range(count):
        seats = knockout.game_seats(round_, table, index)
        names = [bots[p] for p in seats]
        seed = rng.randrange(2**32)
        games.append(game.play(seats, names, seed, settings))
    return tuple(games)


def _tiers(model: SkillModel, game: Bots) -> dict[str, str]:
    """Each player's bot: the strongest third by skill the game's strongest bot, and so on."""
    order = sorted(model.skill, key=lambda p: (-model.skill[p], p))
    tiers = game.tiers
    return {p: tiers[min(2, 3 * i // len(order))] for i, p in enumerate(order)}


@dataclass(frozen=True)
class Played:
    """One simulated event as played: the event, its players' model, and what the play cost."""

    event: Event
    model: SkillModel
    unplayable: str | None
    pairings: int
    optimal: int
    clock_stopped: int
    seconds_pairing: float
    seconds_play: float


def simulate_event(study: Study, seed: int, index: int) -> Played:
    """Event ``index`` of the study played to its end: every round paired by the engine,
    every game by the players' model, a knockout to its final, a bracket to its champion."""
    ruleset, settings = check(study)
    own = sub_seed(seed, index)
    rng = random.Random(own)
    entrants = _entrants(study.players)
    drawn = SkillModel.draw([e.id for e in entrants], rng)
    model = replace(drawn, noise=study.model.noise, per_skill=study.model.per_skill)
    # where the lower score wins (the game's own rule), skill lowers the score instead
    lowest = ruleset.lowest_wins(settings)
    playing_model = replace(model, per_skill=-model.per_skill) if lowest else model
    event = Event("study", ruleset.id, study.overrides(), entrants)
    game = bots_of(ruleset.game) if study.model.name == "bots" else None
    bots = _tiers(model, game) if game is not None else None
    pairing = playing = 0.0
    pairings = optimal = stopped = 0
    unplayable: str | None = None
    while not _finished(event, ruleset, settings) and len(event.rounds) < MAX_ROUNDS:
        number = len(event.rounds) + 1
        started = time.perf_counter()
        try:
            proposal = propose(
                event,
                ruleset,
                settings,
                seed=own % 1_000_000_007 * 100 + number,
                time_limit=study.time_limit,
                explain=False,
            )
        except NoValidPairing as error:
            unplayable = error.rule
            break
        pairing += time.perf_counter() - started
        if proposal.method in ("exact", "heuristic"):
            pairings += 1
            optimal += proposal.optimal
            stopped += proposal.clock_stopped
        started = time.perf_counter()
        shell = Round(number, (), proposal.seed, proposal.byes, proposal.stage)
        needed = ruleset.games_per_table(number, settings)
        tables = []
        for proposed in proposal.tables:
            table = Table(proposed.number, proposed.seats, group=proposed.group)
            if game is not None and bots is not None:
                games = _bot_games(shell, table, needed, bots, game, settings, rng)
            else:
                games = _games(shell, table, needed, playing_model, rng, ruleset.ties_by_turns)
            tables.append(replace(table, games=games))
        event = replace(event, rounds=(*event.rounds, replace(shell, tables=tuple(tables))))
        playing += time.perf_counter() - started
    return Played(event, model, unplayable, pairings, optimal, stopped, pairing, playing)


def play_event(study: Study, seed: int, index: int) -> Outcome:
    """Event ``index`` of the study, played to its end, and what it gave."""
    played = simulate_event(study, seed, index)
    event = played.event
    ruleset, settings = check(study)
    started = time.perf_counter()
    rows = compute(event, ruleset, settings).rows
    standing = time.perf_counter() - started
    rank = {row.entrant.id: row.rank for row in rows}
    strength = dict(played.model.skill)
    order = metrics.strongest(strength, len(strength))
    thirds = [order[i * len(order) // 3 : (i + 1) * len(order) // 3] for i in range(3)]
    short = dict.fromkeys(strength, 0)
    normal = settings.table_size
    for round_ in event.rounds:
        for player in round_.byes:
            short[player] += 1
        for table in round_.tables:
            if len(table.seats) < normal:
                for player in table.seats:
                    short[player] += 1
    firsts = [p for p, r in rank.items() if r == 1]
    return Outcome(
        index=index,
        unplayable=played.unplayable,
        strongest_rank=rank[order[0]],
        shared_first=len(firsts) > 1,
        winner_strength=order.index(rows[0].entrant.id) + 1,
        top=tuple(metrics.top_k(strength, rank, k) for k in study.top),
        tau=metrics.kendall_tau(strength, rank),
        repeats=metrics.repeated_meetings([t.seats for r in event.rounds for t in r.tables]),
        short=(
            sum(short[p] for p in thirds[0]) / max(1, len(thirds[0])),
            sum(short[p] for p in thirds[1]) / max(1, len(thirds[1])),
            sum(short[p] for p in thirds[2]) / max(1, len(thirds[2])),
        ),
        short_twice=sum(1 for count in short.values() if count >= 2),
        rounds=len(event.rounds),
        pairings=played.pairings,
        optimal=played.optimal,
        clock_stopped=played.clock_stopped,
        seconds_pairing=played.seconds_pairing,
        seconds_play=played.seconds_play,
        seconds_standings=standing,
    )


def play_batch(study: Study, seed: int, first: int, count: int) -> list[Outcome]:
    """Events ``first`` … ``first + count - 1`` (what a worker does)."""
    return [play_event(study, seed, index) for index in range(first, first + count)]


@dataclass(frozen=True)
class Summary:
    """A study's figures over its events."""

    study: Study
    seed: int
    outcomes: tuple[Outcome, ...]
    seconds: float
    workers: int

    @property
    def played(self) -> tuple[Outcome, ...]:
        """The events played to their end."""
        return tuple(o for o in self.outcomes if o.unplayable is None)

    def strongest_wins(self) -> metrics.Estimate:
        """How often the strongest player finishes first (alone or sharing it)."""
        played = self.played
        return metrics.rate(sum(o.strongest_rank == 1 for o in played), len(played))

    def figures(self) -> dict[str, Any]:
        """The figures (the same for the same study and seed, whatever the workers)."""
        played = self.played
        n = len(played)
        thirds = ("strongest", "middle", "weakest")
        unplayable: dict[str, int] = {}
        for o in self.outcomes:
            if o.unplayable is not None:
                unplayable[o.unplayable] = unplayable.get(o.unplayable, 0) + 1
        return {
            "ruleset": self.study.ruleset,
            "players": self.study.players,
            "rounds": self.study.rounds,
            "settings": dict(self.study.settings),
            "model": self.study.model.text(),
            "time_limit": self.study.time_limit,
            "seed": self.seed,
            "events": len(self.outcomes),
            "unplayable": unplayable,
            "strongest_wins": self.strongest_wins().document(),
            "strongest_rank": metrics.mean([o.strongest_rank for o in played]).document(),
            "winner_strength": metrics.mean([o.winner_strength for o in played]).document(),
            "shared_first": sum(o.shared_first for o in played),
            "top": {
                str(k): metrics.rate(sum(o.top[i] for o in played), n).document()
                for i, k in enumerate(self.study.top)
            },
            "kendall_tau": metrics.mean([o.tau for o in played]).document(),
            "repeated_meetings": metrics.mean([o.repeats for o in played]).document(),
            "smaller_tables": {
                third: metrics.mean([o.short[i] for o in played]).document()
                for i, third in enumerate(thirds)
            },
            "smaller_tables_twice": metrics.mean([o.short_twice for o in played]).document(),
            "rounds_played": metrics.mean([o.rounds for o in played]).document(),
            "pairings": sum(o.pairings for o in self.outcomes),
            "proved_optimal": sum(o.optimal for o in self.outcomes),
            "clock_stopped": sum(o.clock_stopped for o in self.outcomes),
        }

    def timing(self) -> dict[str, float]:
        """Where the time went (differs from run to run, unlike the figures)."""
        pairing = math.fsum(o.seconds_pairing for o in self.outcomes)
        play = math.fsum(o.seconds_play for o in self.outcomes)
        standings = math.fsum(o.seconds_standings for o in self.outcomes)
        rounds = sum(o.rounds for o in self.outcomes)
        return {
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "events_per_second": round(len(self.outcomes) / self.seconds, 3)
            if self.seconds
            else 0.0,
            "pairing_seconds": round(pairing, 3),
            "play_seconds": round(play, 3),
            "final_standings_seconds": round(standings, 3),
            "seconds_per_round_paired": round(pairing / rounds, 4) if rounds else 0.0,
        }

    def report(self) -> dict[str, Any]:
        """Everything, as ``--json`` prints it."""
        return {**self.figures(), "timing": self.timing()}


def run(
    study: Study,
    events: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Submitter | None = None,
) -> Summary:
    """Play ``events`` events of the study; ``progress`` is told how many are done as
    batches finish. ``InvalidInput`` where the study cannot be played.

    The batches go to ``executor`` where one is given (a Dask ``distributed.Client`` for a
    cluster, the optional ``[distributed]`` extra), else to a local pool of ``workers``
    processes (one: this process). The path is the same: batches of ``BATCH`` events, each
    event from its own seed, the outcomes put back in order."""
    check(study)
    started = time.perf_counter()
    found = run_batches(play_batch, (study, seed), events, BATCH, workers, progress, executor)
    outcomes = [outcome for batch in found for outcome in batch]
    if executor is not None:
        workers = 0
    ordered = tuple(sorted(outcomes, key=lambda o: o.index))
    return Summary(study, seed, ordered, time.perf_counter() - started, workers)


def study_of(
    ruleset: str,
    players: int,
    rounds: int | None = None,
    settings: Mapping[str, Any] | None = None,
    model: Model | None = None,
    time_limit: float = TIME_LIMIT,
    top: Sequence[int] = (3,),
) -> Study:
    """A study from plain values (settings copied)."""
    return Study(
        ruleset,
        players,
        rounds,
        dict(settings or {}),
        model or Model(),
        time_limit,
        tuple(top),
    )
