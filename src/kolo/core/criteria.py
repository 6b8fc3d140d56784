"""The pairing criteria, declared once: each one's name (its key in ``settings.weights``),
its weight when an event sets none and its words (docs/pairing.md).

How each is computed is attached to this declaration in ``kolo.pairing.criteria`` (the core
cannot import the pairing engine); the settings, the pairing engine and every output read
the criteria from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from kolo.core.problems import N_


@dataclass(frozen=True)
class CriterionSpec:
    """The declaration of one pairing criterion."""

    name: str
    """Its key in ``settings.weights``."""
    weight: int
    """Its weight when an event sets none (chosen by the weights study, docs/pairing.md)."""
    words: str
    """Its name for people (English, marked for translation)."""
    needs: frozenset[str] = frozenset()
    """What a rule set must have for the criterion to apply to it (as a setting's
    ``needs``, ``kolo.core.settings.TRAITS``)."""


REPEAT_PAIRS = CriterionSpec("repeat_pairs", 3, N_("players who met before"))
SCORE_SPREAD = CriterionSpec("score_spread", 1, N_("points apart"))
SMALLER_TABLES = CriterionSpec(
    "smaller_tables", 1, N_("smaller tables"), needs=frozenset({"smaller"})
)
CLUB = CriterionSpec("club", 2, N_("same club"))
NEVER_TOGETHER = CriterionSpec("never_together", 50, N_("kept apart"))

SPECS = (REPEAT_PAIRS, SCORE_SPREAD, SMALLER_TABLES, CLUB, NEVER_TOGETHER)
"""Every criterion, in the order the engine reports them."""

NAMES = tuple(spec.name for spec in SPECS)
"""The criteria by the names ``settings.weights`` uses."""

DEFAULT_WEIGHTS = {spec.name: spec.weight for spec in SPECS}
"""The weights in force when an event sets none."""
