"""What several changes share: a refusal, a closed round refuses changes, a forced change
says why."""

from __future__ import annotations

from collections.abc import Sequence

from kolo.core.event import Event, Round
from kolo.core.problems import N_, InvalidInput, Problem


class Refused(InvalidInput):
    """A change a rule refuses, built where the rule is (the pure change), with its problems
    (``Refused([Problem(path, message, params)])``); every edge shows it as the
    ``InvalidInput`` it is."""


def the_round(event: Event, number: int) -> Round:
    """Round ``number`` of the event; the caller has found it (``LookupError`` otherwise)."""
    for round_ in event.rounds:
        if round_.number == number:
            return round_
    raise LookupError(number)


def refuse_if_closed(
    number: int, closed: bool, message: str = N_("round {number} is closed"), **params: object
) -> None:
    """A closed round changes only by the explicit correction (R-EVT-3)."""
    if closed:
        raise InvalidInput.one(message, path="ROUND", number=number, **params)


def allow_override(problems: Sequence[Problem], force_reason: str | None, anyway: str) -> None:
    """Broken pairing rules stand only with a reason (the audit trail keeps it): a reason
    given must say something; without one, the problems refuse the change, with ``anyway``
    saying how to make it all the same."""
    if force_reason is not None and not force_reason.strip():
        raise InvalidInput.one(N_("say why the rules are overridden"), path="--force")
    if problems and not force_reason:
        raise InvalidInput([*problems, Problem("--force", anyway)])


def check_whole(candidate: Event) -> None:
    """Refuse a change after which the event would not be valid (as ``kolo validate``)."""
    from kolo.games.rulesets import check_event

    problems = check_event(candidate)
    if problems:
        raise InvalidInput(problems)
