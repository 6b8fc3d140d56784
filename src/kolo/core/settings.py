"""Settings of a rule set: what an event may override, with types, limits and meaning.

Every **[interpretation]** of RULES.md is a setting with the documented default, never a
constant in code.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from kolo.core import criteria
from kolo.core.problems import N_, Problem


class Kind(Enum):
    """The type of a setting's value."""

    INT = "integer"
    BOOL = "boolean"
    NUMBER = "number"
    WEIGHTS = "object of numbers"
    PAIRS = "list of pairs of entrant ids"
    NUMBERS = "list of numbers"
    TEXT = "text"


@dataclass(frozen=True)
class SettingSpec:
    """The definition of one setting."""

    name: str
    kind: Kind
    rule: str
    """The RULES.md rule the setting belongs to."""
    help: str
    """What it means, in English (marked for translation)."""
    minimum: float | None = None
    maximum: float | None = None
    keys: tuple[str, ...] = ()
    """For ``WEIGHTS``: the names a value may have."""
    choices: tuple[str, ...] = ()
    """For ``TEXT``: the values allowed (any non-empty text when empty)."""
    needs: frozenset[str] = frozenset()
    """What a rule set must have for the setting to apply to it (:data:`TRAITS`): the
    settings form shows a setting only to the rule sets it applies to."""


TRAITS: Mapping[str, str] = MappingProxyType(
    {
        "tables": "tables of more than two entrants, as many as the organiser sets (not pairs)",
        "smaller": "smaller (or larger) tables seat the entrants left over",
        "setup": "every table has a setup dealt before play (as cards drawn for the table)",
    }
)
"""What a rule set may have that a setting may need (``SettingSpec.needs``); a rule set's
traits follow from its system and its game (``kolo.web.settingsform.traits``)."""


def applies(
    name: str, traits: frozenset[str], specs: Mapping[str, SettingSpec] | None = None
) -> bool:
    """Whether setting (or pairing criterion) ``name`` applies to a rule set with ``traits``;
    ``specs``: the rule set's settings (``Defaults.specs``), the generic ones when None."""
    found = (SPECS if specs is None else specs).get(name) or next(
        (c for c in criteria.SPECS if c.name == name), None
    )
    return found is None or found.needs <= traits


SPECS: Mapping[str, SettingSpec] = {
    spec.name: spec
    for spec in (
        SettingSpec("rounds", Kind.INT, "R-EVT-1", N_("Number of rounds of the event."), 1, 50),
        SettingSpec(
            "table_size",
            Kind.INT,
            "R-GORN-6",
            N_(
                "Normal number of players at a table; where the rule set has smaller tables "
                "they seat one fewer (e.g. a game of four played wholly at tables of 3, NBGL "
                "groups of 3 for the remainder)."
            ),
            2,
            8,
            needs=frozenset({"tables"}),
        ),
        SettingSpec(
            "games_per_table",
            Kind.INT,
            "R-EVT-1",
            N_("Games each table plays in a round."),
            1,
            10,
        ),
        SettingSpec(
            "group_games",
            Kind.INT,
            "R-NBGL-1",
            N_("Games each group plays in the group stage [interpretation: 2]."),
            1,
            10,
        ),
        SettingSpec(
            "negative_scores_as_zero",
            Kind.BOOL,
            "R-PCT-6",
            N_(
                "For shares a negative score counts as 0; a table where everyone scored 0 "
                "shares equally [interpretation]."
            ),
        ),
        SettingSpec(
            "smaller_table_scaling",
            Kind.BOOL,
            "R-PCT-3",
            N_(
                "Shares at a smaller table are scaled as if the missing players had scored "
                "the table's average (x 2/3 at a table of two where three is normal)."
            ),
            needs=frozenset({"smaller"}),
        ),
        SettingSpec(
            "weights",
            Kind.WEIGHTS,
            "R-GORN-5",
            N_(
                "Weights of the pairing criteria; given, they replace all the defaults "
                "(a criterion not named weighs 0)."
            ),
            keys=criteria.NAMES,
        ),
        SettingSpec(
            "club_rounds",
            Kind.INT,
            "R-GORN-5",
            N_("Rounds (from the first) in which players of one club avoid each other; 0: never."),
            0,
            50,
        ),
        SettingSpec(
            "never_together",
            Kind.PAIRS,
            "R-GORN-5",
            N_('Pairs of entrants the organiser keeps apart: [["p1", "p7"], …].'),
        ),
        SettingSpec(
            "slice_guard",
            Kind.BOOL,
            "R-GORN-5",
            N_(
                "The pairing never has more repeated meetings or more score spread than "
                "slicing the standings by hand (sort, cut into tables, swap away "
                "repeats), over the event so far or every round (slice_guard_scope); "
                "off: the weights alone decide."
            ),
            needs=frozenset({"tables"}),
        ),
        SettingSpec(
            "slice_guard_scope",
            Kind.TEXT,
            "R-GORN-5",
            N_(
                "What the slice guard compares: the event so far (a round may use what the "
                "earlier rounds seated below the slice), or every round on its own."
            ),
            choices=("event", "round"),
            needs=frozenset({"tables"}),
        ),
        SettingSpec(
            "repeats_first",
            Kind.BOOL,
            "R-GORN-8",
            N_(
                "Repeated meetings come first: the pairing seats as few players together "
                "again as any pairing within the rules can, and only then weighs points "
                "apart and the rest (the slice guard then stands aside: slicing repeats more) "
                "[interpretation: the promise of a tour that never seats the same players "
                "together twice]."
            ),
        ),
        SettingSpec(
            "seat_balance",
            Kind.BOOL,
            "R-GORN-9",
            N_(
                "From round 2 on, seat order balances how often each player sat first and "
                "last [interpretation]; off: random."
            ),
        ),
        SettingSpec(
            "time_limit",
            Kind.NUMBER,
            "R-GORN-5",
            N_(
                "Work budget of the pairing engine's search, in work seconds (about seconds "
                "on the project's machine; the same work on any machine), before it gives "
                "its best pairing so far."
            ),
            0.5,
            600,
        ),
        SettingSpec(
            "self_reporting",
            Kind.BOOL,
            "R-EVT-4",
            N_(
                "Players may enter their table's result with the table's code; the others "
                "at the table confirm and the organiser accepts."
            ),
        ),
        SettingSpec(
            "clock_alert_minutes",
            Kind.INT,
            "R-DOM-9",
            N_(
                "The round clock (on the desk and the players' pages) alerts after this many "
                "minutes."
            ),
            1,
            600,
        ),
        SettingSpec(
            "qualifiers",
            Kind.INT,
            "R-NBGL-3",
            N_(
                "Players who reach the knockout from the groups (16: quarter-finals); a smaller "
                "field sends 8 or 4."
            ),
            4,
            256,
        ),
        SettingSpec(
            "advance",
            Kind.INT,
            "R-KO-1",
            N_(
                "Players of each knockout table who go through (NBGL: the top 2); the best of "
                "the others fill the next round's tables when there are too few."
            ),
            1,
            5,
        ),
        SettingSpec(
            "seeding",
            Kind.TEXT,
            "R-KO-2",
            N_(
                "How the first knockout round is seeded: random, or entry (the order the "
                "entrants were entered in: seed 1 first), or rating (the series rating)."
            ),
            choices=("random", "entry", "rating"),
        ),
        SettingSpec(
            "playoff",
            Kind.TEXT,
            "R-DOMINO-11",
            N_(
                "After the Swiss rounds, a bracket of the best: none, single (out after one "
                "lost match) or double elimination (out after two)."
            ),
            choices=("none", "single", "double"),
        ),
        SettingSpec(
            "playoff_teams",
            Kind.INT,
            "R-DOMINO-11",
            N_("Teams the Swiss standings send to the bracket; the best seeds get its byes."),
            2,
            64,
        ),
        SettingSpec(
            "grand_final_reset",
            Kind.BOOL,
            "R-DOMINO-11",
            N_(
                "In double elimination, a grand final lost by the winners' bracket champion "
                "(their first loss) is played again."
            ),
        ),
        SettingSpec(
            "remainder",
            Kind.TEXT,
            "R-DOMINO-10",
            N_(
                "Where the players left over sit when the field does not divide: at smaller "
                "tables (one fewer, at the bottom) or at larger ones (one more)."
            ),
            choices=("smaller", "larger"),
        ),
        SettingSpec(
            "placement_points",
            Kind.NUMBERS,
            "R-DOMINO-10",
            N_(
                "Placement points for 1st, 2nd, … place at a table, e.g. 5, 3, 2, 1; empty: "
                "k, k − 1, …, 1 for tables of k (places beyond the list earn nothing)."
            ),
            0,
            100,
        ),
        SettingSpec(
            "bye_points",
            Kind.NUMBER,
            "R-GORN-6",
            N_("Points for a bye (a bye scores as a win)."),
            0,
            10,
        ),
    )
}
"""The generic settings, those a rule set may have whatever its game. A game declares its own
(``kolo.games.base.Game.settings``, in its folder), and a rule set's :class:`Defaults` carry
the declarations of the settings it has."""


class Defaults(Mapping[str, Any]):
    """The settings a rule set has, each with its default; and each one's declaration
    (``specs``): the generic settings' (:data:`SPECS`) and those its game declares, given.

    What checks, lists or shows a rule set's settings asks these, never a list of every game's
    settings. A value no one declares has no spec: :func:`resolve` refuses to override it, and
    ``kolo.games.rulesets`` refuses a rule set that has one.
    """

    __slots__ = ("_specs", "_values")

    def __init__(self, values: Mapping[str, Any], specs: Iterable[SettingSpec] = ()) -> None:
        declared = {**SPECS, **{spec.name: spec for spec in specs}}
        self._values: dict[str, Any] = dict(values)
        self._specs = {name: declared[name] for name in self._values if name in declared}

    @property
    def specs(self) -> Mapping[str, SettingSpec]:
        """The declaration of each setting the rule set has, in the order of its defaults."""
        return MappingProxyType(self._specs)

    @property
    def undeclared(self) -> tuple[str, ...]:
        """The settings with a default and no declaration (none in a registered rule set)."""
        return tuple(name for name in self._values if name not in self._specs)

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Defaults({self._values!r})"


ABSENT: Mapping[str, Any] = MappingProxyType(
    {
        "rounds": 5,
        "table_size": 4,
        "games_per_table": 1,
        "group_games": 2,
        "negative_scores_as_zero": True,
        "smaller_table_scaling": True,
        "weights": criteria.DEFAULT_WEIGHTS,
        "club_rounds": 0,
        "never_together": [],
        "slice_guard": False,
        "slice_guard_scope": "event",
        "repeats_first": False,
        "seat_balance": False,
        "time_limit": 10,
        "self_reporting": False,
        "clock_alert_minutes": 45,
        "pool": "cz-championship",
        "extended_share": 0.5,
        "extended_for_all": False,
        "qualifiers": 16,
        "advance": 1,
        "seeding": "random",
        "bye_points": 0,
        "target": 100,
        "hands": 13,
        "scoring": "winner",
        "remainder": "smaller",
        "placement_points": [],
        "playoff": "none",
        "playoff_teams": 8,
        "grand_final_reset": True,
    }
)
"""What a setting is worth under a rule set that does not have it (the pairing's guards off,
no club rounds, no byes' points, …; a game's own settings too, as long as ``Settings`` answers
them as typed attributes). The value in force under a rule set that has it is the
rule set's default (``RuleSet.defaults``) or the event's override; nothing else in kolo spells
a setting's default."""


class Settings(Mapping[str, Any]):
    """The settings in force for one event, typed: ``settings.table_size``, not
    ``settings["table_size"]``.

    Built only by :func:`resolve`. As a mapping it holds exactly the rule set's settings (what
    the event file, the settings form and the checks list); as attributes it answers every
    setting, with :data:`ABSENT` where the rule set does not have one.
    """

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values: dict[str, Any] = dict(values)

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Settings({self._values!r})"

    def _value(self, name: str) -> Any:
        return self._values[name] if name in self._values else ABSENT[name]

    @property
    def rounds(self) -> int:
        """Rounds of the event (R-EVT-1)."""
        return int(self._value("rounds"))

    @property
    def table_size(self) -> int:
        """Normal number of players at a table (R-GORN-6)."""
        return int(self._value("table_size"))

    @property
    def games_per_table(self) -> int:
        """Games each table plays in a round."""
        return int(self._value("games_per_table"))

    @property
    def group_games(self) -> int:
        """Games each group plays in a group stage (R-NBGL-1)."""
        return int(self._value("group_games"))

    @property
    def negative_scores_as_zero(self) -> bool:
        """A negative score counts as 0 in shares (R-PCT-6)."""
        return bool(self._value("negative_scores_as_zero"))

    @property
    def smaller_table_scaling(self) -> bool:
        """Shares at smaller tables are scaled (R-PCT-3)."""
        return bool(self._value("smaller_table_scaling"))

    @property
    def weights(self) -> Mapping[str, float]:
        """The pairing criteria's weights as given (a criterion not named weighs 0)."""
        weights: Mapping[str, float] = self._value("weights")
        return weights

    @property
    def club_rounds(self) -> int:
        """Rounds in which a club's players avoid each other; 0: never."""
        return int(self._value("club_rounds"))

    @property
    def never_together(self) -> tuple[tuple[str, str], ...]:
        """Pairs of entrant ids the organiser keeps apart."""
        return tuple((str(a), str(b)) for a, b in self._value("never_together"))

    @property
    def slice_guard(self) -> bool:
        """The pairing is never worse than slicing the standings (R-GORN-5)."""
        return bool(self._value("slice_guard"))

    @property
    def slice_guard_scope(self) -> str:
        """What the slice guard compares: ``event`` or ``round``."""
        return str(self._value("slice_guard_scope"))

    @property
    def repeats_first(self) -> bool:
        """The fewest repeated meetings first, then the weights (R-GORN-8)."""
        return bool(self._value("repeats_first"))

    @property
    def seat_balance(self) -> bool:
        """Seat order balances first and last seats (R-GORN-9)."""
        return bool(self._value("seat_balance"))

    @property
    def time_limit(self) -> float:
        """The pairing search's work budget, in work seconds."""
        return float(self._value("time_limit"))

    @property
    def self_reporting(self) -> bool:
        """Players enter their own table's results (R-EVT-4)."""
        return bool(self._value("self_reporting"))

    @property
    def clock_alert_minutes(self) -> int:
        """The round clock alerts after this many minutes (R-DOM-9)."""
        return int(self._value("clock_alert_minutes"))

    @property
    def pool(self) -> str:
        """The card pool a table's setup is drawn from (R-DOM-1)."""
        return str(self._value("pool"))

    @property
    def extended_share(self) -> Fraction:
        """Share of the tables, from the top, that play the Extended draw (R-DOM-6)."""
        return Fraction(str(self._value("extended_share")))

    @property
    def extended_for_all(self) -> bool:
        """Every table plays the Extended draw (R-DOM-6)."""
        return bool(self._value("extended_for_all"))

    @property
    def qualifiers(self) -> int:
        """Players the group stage sends to the knockout (R-NBGL-3)."""
        return int(self._value("qualifiers"))

    @property
    def advance(self) -> int:
        """Players of a knockout table who go through (R-KO-1)."""
        return int(self._value("advance"))

    @property
    def seeding(self) -> str:
        """How the first knockout round is seeded: ``random``, ``entry`` or ``rating``."""
        return str(self._value("seeding"))

    @property
    def bye_points(self) -> Fraction:
        """Points for a bye."""
        return Fraction(self._value("bye_points"))

    @property
    def target(self) -> int:
        """Points that end a match (R-DOMINO-5)."""
        return int(self._value("target"))

    @property
    def playoff(self) -> str:
        """The bracket after the Swiss rounds: ``none``, ``single`` or ``double``."""
        return str(self._value("playoff"))

    @property
    def playoff_teams(self) -> int:
        """Teams seeded into the bracket (R-DOMINO-11)."""
        return int(self._value("playoff_teams"))

    @property
    def grand_final_reset(self) -> bool:
        """A grand final lost by the winners' champion is played again (R-DOMINO-11)."""
        return bool(self._value("grand_final_reset"))

    @property
    def placement_points(self) -> tuple[Fraction, ...]:
        """Placement points set by the event (empty: the rule set's, R-DOMINO-10)."""
        return tuple(Fraction(str(v)) for v in self._value("placement_points"))

    @property
    def remainder(self) -> str:
        """Where the players left over sit: ``smaller`` or ``larger`` tables (R-DOMINO-10)."""
        return str(self._value("remainder"))

    @property
    def hands(self) -> int:
        """Hands in one game (R-DOMINO-6)."""
        return int(self._value("hands"))

    @property
    def scoring(self) -> str:
        """How a hand scores: ``winner`` (the source) or ``own`` (each player
        their own pips, the lowest total wins) (R-DOMINO-6)."""
        return str(self._value("scoring"))


def resolve(
    defaults: Defaults, overrides: Mapping[str, Any], path: str = "$.settings"
) -> tuple[Settings, list[Problem]]:
    """The settings in force: the rule set's ``defaults`` with valid ``overrides`` applied,
    each checked against its declaration (``defaults.specs``: the generic and its game's).

    Every override that is unknown to the rule set or of the wrong type is a problem; the
    default stays in force for it.
    """
    resolved = dict(defaults)
    problems: list[Problem] = []
    for name, value in overrides.items():
        where = f"{path}.{name}"
        spec = defaults.specs.get(name)
        if spec is None:
            problems.append(
                Problem(
                    where,
                    N_("unknown setting '{name}' for this rule set; known: {known}"),
                    {"name": name, "known": ", ".join(sorted(defaults))},
                )
            )
            continue
        problem = _check_value(spec, value, where)
        if problem is not None:
            problems.append(problem)
        else:
            resolved[name] = value
    return Settings(resolved), problems


def _check_value(spec: SettingSpec, value: Any, where: str) -> Problem | None:
    if spec.kind is Kind.BOOL:
        if not isinstance(value, bool):
            return Problem(where, N_("must be true or false"))
        return None
    if spec.kind is Kind.TEXT:
        if not isinstance(value, str) or not value.strip():
            return Problem(where, N_("must be a non-empty text"))
        if spec.choices and value not in spec.choices:
            return Problem(
                where, N_("must be one of {choices}"), {"choices": ", ".join(spec.choices)}
            )
        return None
    if spec.kind is Kind.PAIRS:
        if not isinstance(value, list) or not all(
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(p, str) for p in pair)
            and pair[0] != pair[1]
            for pair in value
        ):
            return Problem(where, N_("must be a list of pairs of two different entrant ids"))
        return None
    if spec.kind is Kind.NUMBERS:
        if not isinstance(value, list) or len(value) > 8:
            return Problem(where, N_("must be a list of at most eight numbers"))
        for number in value:
            if (
                isinstance(number, bool)
                or not isinstance(number, int | float)
                or not math.isfinite(number)
                or not 0 <= number <= (spec.maximum or 0)
            ):
                return Problem(
                    where,
                    N_("every number must lie between 0 and {maximum}"),
                    {"maximum": spec.maximum},
                )
        if any(a < b for a, b in itertools.pairwise(value)):
            return Problem(where, N_("a better place cannot earn fewer points than a worse one"))
        return None
    if spec.kind is Kind.WEIGHTS:
        if not isinstance(value, dict):
            return Problem(where, N_("must be an object of numbers by criterion name"))
        for key, weight in value.items():
            if key not in spec.keys:
                return Problem(
                    f"{where}.{key}",
                    N_("unknown criterion '{name}'; known: {known}"),
                    {"name": key, "known": ", ".join(spec.keys)},
                )
            if (
                isinstance(weight, bool)
                or not isinstance(weight, int | float)
                or not math.isfinite(weight)
                or weight < 0
            ):
                return Problem(f"{where}.{key}", N_("must be a number of at least 0"))
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return Problem(where, N_("must be a number"))
    if spec.kind is Kind.INT and not isinstance(value, int):
        return Problem(where, N_("must be a whole number"))
    if spec.minimum is not None and value < spec.minimum:
        return Problem(where, N_("must be at least {minimum}"), {"minimum": spec.minimum})
    if spec.maximum is not None and value > spec.maximum:
        return Problem(where, N_("must be at most {maximum}"), {"maximum": spec.maximum})
    return None
