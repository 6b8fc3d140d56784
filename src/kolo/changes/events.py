"""Events: a new event (its name, rule set, settings and key) and a change of its settings,
decided before the store writes either."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from kolo.changes.common import Refused, check_whole
from kolo.changes.names import check_key, check_name
from kolo.core.event import PLAYOFF, Event
from kolo.core.problems import N_
from kolo.core.settings import resolve
from kolo.games import rulesets

SHAPE_SETTINGS = ("table_size", "games_per_table", "group_games", "target", "hands")
"""Settings that decide what a played round means; fixed once a round is seated (a match's
target and a game's hands: the sheets written were complete under them)."""

SHAPE_FIXED = N_(
    "'{name}' cannot change once round 1 is seated: it would change the results of the rounds "
    "played"
)

BRACKET_SETTINGS = ("playoff", "playoff_teams", "grand_final_reset")
"""Settings that decide the bracket after the Swiss rounds; fixed once its first round is
seated (R-DOMINO-11: they would change who went through and who won)."""

BRACKET_FIXED = N_(
    "'{name}' cannot change once the bracket has begun: it would change who went through and "
    "who won"
)


def new_event(name: str, ruleset_id: str, settings: Mapping[str, Any]) -> str:
    """The name (stripped) of a new event, or ``Refused``: the name must do, the rule set be
    known and the settings valid for it."""
    name = check_name(name)
    if ruleset_id not in rulesets.REGISTRY:
        raise Refused.one(
            N_("unknown rule set '{ruleset}'; known: {known}"),
            path="--ruleset",
            ruleset=ruleset_id,
            known=", ".join(rulesets.REGISTRY),
        )
    _, problems = resolve(rulesets.get(ruleset_id).defaults, settings)
    if problems:
        raise Refused(problems)
    return name


def new_key(key: str, key_taken: bool) -> None:
    """A key given for a new event: well formed, and no event has it (``key_taken``)."""
    check_key(key, "--key")
    if key_taken:
        raise Refused.one(N_("an event with key '{key}' exists already"), path="--key", key=key)


def settings_after(event: Event, changes: Mapping[str, Any]) -> dict[str, Any]:
    """The event's setting overrides after ``changes`` (``None`` returns a setting to the rule
    set's default), or ``Refused``: the values must be valid, the settings that shape a
    played round or a begun bracket stay, and the event stays valid (as ``kolo validate``)."""
    ruleset = rulesets.get(event.ruleset)
    before = dict(event.settings)
    after = {k: v for k, v in {**before, **changes}.items() if v is not None}
    _, problems = resolve(ruleset.defaults, after)
    if problems:
        raise Refused(problems)
    return after


def refuse_fixed(event: Event, after: Mapping[str, Any]) -> None:
    """Settings fixed once a round is seated (``SHAPE_SETTINGS``) or the bracket has begun
    (``BRACKET_SETTINGS``) do not change; then the whole event must stay valid."""
    before = dict(event.settings)
    fixed = (
        (bool(event.rounds), SHAPE_SETTINGS, SHAPE_FIXED),
        (any(r.stage == PLAYOFF for r in event.rounds), BRACKET_SETTINGS, BRACKET_FIXED),
    )
    for applies, names, message in fixed:
        changed = [n for n in names if applies and before.get(n) != after.get(n)]
        if changed:
            raise Refused.one(message, path="--set", name=changed[0])
    check_whole(replace(event, settings=dict(after)))
