"""The desk's words for what the store and the pairing engine say in the CLI's words.

The store and the engine are shared with the command line, so some of their messages name
a command or a flag ("--reason", "kolo entrant drop") or start with a rule id
("R-GORN-6: …"). The web desk shows the organiser's version instead: what to do on this
page, and the rule by its name, its id only in brackets. Messages without a desk version
are shown as they are.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from kolo.core import criteria
from kolo.core.problems import N_, NoValidPairing, Problem, fill
from kolo.web import games

DESK: dict[str, str] = {
    N_("'{name}' has played already; drop them instead (kolo entrant drop)"): N_(
        "'{name}' has played already and cannot be removed; use “Drop” instead"
    ),
    N_("round {number} is still open; close it first (kolo round close {event})"): N_(
        "round {number} is still open: enter its results and close it first"
    ),
    N_("round {number} has results; clear them first (kolo result … --clear)"): N_(
        "round {number} has results already, so its pairing cannot be undone"
    ),
    N_("say why the rules are relaxed (--reason)"): N_(
        "write a reason for relaxing the rules (the audit trail keeps it)"
    ),
    N_("say why the rules are overridden"): N_(
        "write a reason for breaking the rules (the audit trail keeps it)"
    ),
    N_("to swap anyway, give --force with a reason"): N_(
        "to swap anyway, write the reason in the box and swap again"
    ),
    N_("no score for {players}"): N_("enter a score for every player: {names} have none"),
    N_("no turn count for {players}"): N_("enter the turns for every player: {names} have none"),
    N_("{ruleset} breaks ties by turns: give --turns for every player"): N_(
        "this game breaks ties by turns: enter the turns for every player"
    ),
    N_("table {table} has all its {needed} games; say which to correct with --game"): N_(
        "table {table} has all its {needed} games; choose which game to correct"
    ),
    N_("R-GORN-6: {players} players cannot be seated at the tables {ruleset} allows"): N_(
        "{players} players cannot be seated at the tables this game allows (R-GORN-6)"
    ),
    N_("{count} players cannot be seated at the tables this rule set allows"): N_(
        "{count} players cannot be seated at the tables this game allows"
    ),
    N_("no event '{ref}' in the store (kolo event list shows them)"): N_("no event '{ref}'"),
    # check-in on the day (R-REG-3)
    N_("check-in has not started; open it first (kolo event checkin {event})"): N_(
        "check-in has not started: open it first on the Check-in page"
    ),
    N_(
        "check-in has started and {count} have not checked in: {names}; check them in "
        "(kolo entrant checkin {event} …) or drop them (kolo entrant drop {event} "
        "--not-checked-in)"
    ): N_(
        "check-in has started and {count} have not checked in: {names}; check them in or drop "
        "them on the Check-in page"
    ),
    N_(
        "round 1 is paired already; a player who comes now enters as a late entrant "
        "(kolo entrant add)"
    ): N_("round 1 is paired already; enter a player who comes now on the Entrants page"),
    **games.desk_words(),
}
"""The CLI's template → the desk's template; both translated at the edge."""

RULE_NAMES: dict[str, str] = {
    "R-GORN-4": N_("no three players meet at a table again"),
    "R-GORN-6": N_("table sizes and byes"),
    "R-GORN-7": N_("table 1 seats the leaders"),
    "R-KO-1": N_("the knockout's format"),
}
"""The hard rules the desk may name, in words; the id follows in brackets."""

CRITERIA: dict[str, str] = {spec.name: spec.words for spec in criteria.SPECS}
"""The pairing criteria (``settings.weights``) by their human names."""


def problem_text(problem: Problem, translate: Callable[[str], str] = _) -> str:
    """A problem in the desk's words."""
    params = dict(problem.params)
    if "players" in params and "names" not in params:
        params["names"] = params["players"]
    template = DESK.get(problem.message, problem.message)
    return fill(translate(template), params)


def rule_name(rule: str) -> str:
    """A rule id with its name: "table sizes and byes (R-GORN-6)"; rules failing together
    ("R-GORN-4 + R-GORN-6") each by its name."""
    if " + " in rule:
        return " + ".join(rule_name(part) for part in rule.split(" + "))
    name = RULE_NAMES.get(rule)
    return f"{_(name)} ({rule})" if name else rule


def criterion_name(name: str) -> str:
    """A pairing criterion's human name."""
    return _(CRITERIA[name]) if name in CRITERIA else name


def no_pairing_text(error: NoValidPairing) -> str:
    """Why no pairing obeys the hard rules, the rule by its name."""
    if error.params.get("count") == 0 or error.params.get("players") == 0:
        return _("There is nobody to pair yet: add entrants first.")
    template = DESK.get(error.message, error.message)
    return f"{rule_name(error.rule)}: {fill(_(template), error.params)}"


def everyone_has(points: str, value: float) -> str:
    """'everyone has 1 point' with the plural the language needs."""
    return ngettext(
        "everyone has {points} point", "everyone has {points} points", _plural(value)
    ).format(points=points)


def _plural(value: float) -> int:
    """The count ngettext chooses by: a fraction takes the plural form of 5 in Czech."""
    return int(value) if value == int(value) else 5
