"""The desk says how many players the group stage sends to the knockout, and why, and says so
again when an entrant added, dropped or removed changes the number (R-NBGL-3, R-NBGL-6)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from kolo.core import knockout
from kolo.core.qualifiers import QualifierPlan, qualifier_plan
from kolo.games import rulesets
from kolo.store import models
from kolo.web import present


def plan_of(event: models.Event) -> QualifierPlan | None:
    """The plan for the event's active entrants, while the group stage is still to be
    seated; ``None`` for events without groups or once round 1 is seated."""
    ruleset = rulesets.get(event.ruleset)
    if ruleset.system is not rulesets.System.GROUPS_KNOCKOUT or event.rounds.exists():
        return None
    fmt = knockout.format_of(ruleset, ruleset.settings(event.settings))
    if fmt is None:
        return None
    players = event.entrants.filter(dropped_after_round__isnull=True).count()
    return qualifier_plan(players, fmt)


def text(plan: QualifierPlan) -> str:
    """The plan in words."""
    stage = str(present.STAGE_NAMES.get(plan.first_stage, plan.first_stage))
    said = _(
        "{players} players play in {groups} groups; {count} go through to the knockout, "
        "which starts with the {stage}."
    ).format(players=plan.players, groups=plan.groups, count=plan.count, stage=stage)
    if plan.reduced:
        said += " " + _(
            "Not {wanted}: each group sends its winner and its second, {available} players "
            "in all, too few for {wanted}."
        ).format(wanted=plan.wanted, available=plan.available)
    return said


def change_text(before: QualifierPlan | None, after: QualifierPlan | None) -> str | None:
    """What an entrants' change did to the qualifiers, or ``None`` when nothing changed."""
    if before is None or after is None or before.count == after.count:
        return None
    return (
        _("Qualifiers for the knockout: {before} → {after}.").format(
            before=before.count, after=after.count
        )
        + " "
        + text(after)
    )
