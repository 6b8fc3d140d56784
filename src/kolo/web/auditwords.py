"""The audit trail in the reader's language.

An audit entry keeps what happened as it was written at the time (the action's code and an
English sentence): that is the record and it never changes. The desk shows it in the reader's
language: each action by its name in words, and each sentence read back by its pattern and
said again in the reader's words, the names and numbers in it kept as they were. A sentence no
pattern knows (an entry of an older kolo) is shown as it was stored."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from kolo.core.problems import N_
from kolo.web import games

ACTIONS: dict[str, str] = {
    "event.create": N_("event created"),
    "event.import": N_("event imported"),
    "event.settings": N_("settings changed"),
    "event.delete": N_("event deleted"),
    "event.publish": N_("event published"),
    "event.details": N_("event's details changed"),
    "event.cancel": N_("event cancelled"),
    "entrant.add": N_("entrants added"),
    "entrant.edit": N_("entrant edited"),
    "entrant.drop": N_("drop"),
    "entrant.remove": N_("entrant removed"),
    "entrant.player": N_("players across series"),
    "entrant.members": N_("team's members"),
    "round.new": N_("round seated"),
    "round.pair": N_("round paired"),
    "round.accept": N_("pairing accepted"),
    "round.swap": N_("players swapped"),
    "round.close": N_("round closed"),
    "round.reopen": N_("round reopened"),
    "round.delete": N_("pairing undone"),
    "result.enter": N_("result entered"),
    "result.correct": N_("result corrected"),
    "result.clear": N_("result cleared"),
    "report.submit": N_("players' report"),
    "report.confirm": N_("report confirmed"),
    "report.dispute": N_("report disputed"),
    "report.accept": N_("report accepted"),
    "report.reject": N_("report rejected"),
    "report.withdraw": N_("report replaced"),
    "clock.start": N_("clock started"),
    "clock.limit": N_("time limit imposed"),
    "clock.reset": N_("clock reset"),
    "team.role": N_("team changed"),
    "series.save": N_("series saved"),
    "series.event": N_("event in a series"),
    "series.remove": N_("event left a series"),
    "series.merge": N_("players merged"),
    "user.password": N_("password changed"),
    "store.restore": N_("store restored from a backup"),
    # check-in on the day (R-REG-3)
    "checkin.open": N_("check-in opened"),
    "entrant.checkin": N_("check-in"),
    # registrations
    "registration.register": N_("registration"),
    "registration.add": N_("registration added by hand"),
    "registration.cancel": N_("registration cancelled"),
    "registration.remove": N_("registration removed"),
    "registration.approve": N_("registration approved"),
    "registration.move": N_("registration moved"),
    "registration.capacity": N_("capacity changed"),
    "registration.terms": N_("terms of registration"),
    "registration.late": N_("running late"),
    "registration.paid": N_("entry fee"),
    "registration.forget": N_("registration's data deleted"),
    "registration.forget_emails": N_("e-mail addresses erased"),
    "registration.player": N_("the same person across the season"),
    **games.audit_actions(),
}
"""Every action the store records, by its name in words (a game's own, from its room)."""


FIELDS: dict[str, str] = {
    "date": N_("Date"),
    "start_time": N_("Start"),
    "city": N_("City"),
    "venue": N_("Venue"),
    "address": N_("Address"),
    "capacity": N_("Capacity"),
    "registration_until": N_("Registration until"),
    "fee": N_("Entry fee"),
    "description": N_("Description"),
}
"""An event's announcement's fields, in words."""


VIA: dict[str, str] = {
    "web": N_("the desk"),
    "cli": N_("the command line"),
    "api": N_("the API"),
}
"""Where a change came from, in words."""


STATUS: dict[str, str] = {
    "registered": N_("registered"),
    "waiting": N_("waiting list"),
    "pending": N_("awaiting approval"),
    "cancelled": N_("cancelled"),
    "removed": N_("removed"),
    "paid": N_("paid"),
    "not paid": N_("not paid"),
}
"""A registration's status in an audit sentence, in words."""


HOW: dict[str, str] = {
    "exact": N_("the exact search, not proved the best"),
    "heuristic": N_("the best pairing found"),
    "random": N_("at random"),
    "draw": N_("drawn"),
    "seeded": N_("by seeding"),
}
"""How the engine found a round's pairing, in words."""


def via_words(via: str) -> str:
    """Where a change came from, in the reader's language."""
    words = VIA.get(via)
    return _(words) if words else via


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    words: str
    """The sentence in words to translate, with the pattern's groups as ``{name}``s."""


def _p(pattern: str, words: str) -> _Pattern:
    return _Pattern(re.compile(pattern + r"\Z", re.S), words)


_MOVED = r"; (?P<moved>\d+) moved up from the waiting list"
_REG = r"registration #(?P<number>\d+) "


def _registrations() -> tuple[_Pattern, ...]:
    """The sentences of registrations (store/registrations.py); what they say of players
    moved up from the waiting list is said by ``summary_words``."""
    sentences = [
        (_REG + _NAME + r" cancelled", N_("registration no. {number} {name} cancelled")),
        (_REG + _NAME + r" removed", N_("registration no. {number} {name} removed")),
        (
            _REG + _NAME + r" approved: (?P<status>\w+)",
            N_("registration no. {number} {name} approved: {status}"),
        ),
        (r"changed the terms of registration", N_("changed the terms of registration")),
        (
            r"capacity (?P<before>[\d-]+) → (?P<after>[\d-]+)",
            N_("capacity {before} → {after}"),
        ),
        (
            r"registration #(?P<number>\d+): the player deleted their data",
            N_("registration no. {number}: the player deleted their data"),
        ),
    ]
    return (
        *(_p(pattern, words) for pattern, words in sentences),
        _p(
            _REG + _NAME + r": (?P<status>\w+) \(the same name is registered already\)",
            N_("registration no. {number} {name}: {status} (the same name is registered already)"),
        ),
        _p(
            _REG + _NAME + r" moved (?P<way>up|down)",
            N_("registration no. {number} {name} moved {way}"),
        ),
        _p(
            _REG + _NAME + r": running late, arriving (?P<at>\d\d:\d\d)",
            N_("registration no. {number} {name}: running late, arriving at {at}"),
        ),
        _p(_REG + _NAME + r": on time", N_("registration no. {number} {name}: on time")),
        _p(
            _REG + _NAME + r": the same person as (?P<player>.+)",
            N_("registration no. {number} {name}: the same person as {player} in the series"),
        ),
        _p(
            _REG + _NAME + r": (?P<status>not paid|\w+)",
            N_("registration no. {number} {name}: {status}"),
        ),
        _p(
            r"e-mail addresses of (?P<count>\d+) registrations erased after the event",
            N_("e-mail addresses of registrations erased after the event: {count}"),
        ),
    )


_NAME = r"(?P<name>.+)"
_WHERE = r"round (?P<round>\d+) table (?P<table>\d+)(?: game (?P<game>\d+))?"

PATTERNS: tuple[_Pattern, ...] = (
    *(_p(pattern, words) for pattern, words in games.audit_sentences()),
    *_registrations(),
    _p(
        r"created event '(?P<event>.*)' \((?P<ruleset>[\w-]+)\)",
        N_("created event ‘{event}’ ({ruleset})"),
    ),
    _p(
        r"imported event '(?P<event>.*)' \((?P<entrants>\d+) entrants, (?P<rounds>\d+) rounds\)",
        N_("imported event ‘{event}’ (entrants: {entrants}, rounds: {rounds})"),
    ),
    _p(r"changed settings", N_("changed the settings")),
    _p(r"published the event", N_("published the event")),
    _p(r"published the event; details: (?P<fields>[a-z_, ]+)", N_("published the event: {fields}")),
    _p(r"changed the event's details: (?P<fields>[a-z_, ]+)", N_("changed the details: {fields}")),
    _p(r"cancelled the event", N_("cancelled the event")),
    _p(r"deleted event '(?P<event>.*)'", N_("deleted event ‘{event}’")),
    _p(r"entered (?P<count>\d+): (?P<names>.*)", N_("entered {count}: {names}")),
    _p(r"edited (?P<code>\S+)", N_("edited {code}")),
    # check-in on the day (R-REG-3)
    _p(
        r"opened check-in \((?P<count>\d+) entered from registrations\)",
        N_("opened check-in (entered from registrations: {count})"),
    ),
    _p(
        r"check-in: registrations entered \((?P<count>\d+) entered from registrations\)",
        N_("check-in: registrations entered (entered: {count})"),
    ),
    _p(r"took back the check-in of (?P<names>.+)", N_("took back the check-in of {names}")),
    _p(r"late entry checked in: (?P<names>.+)", N_("late entry checked in: {names}")),
    _p(r"checked in: (?P<names>.+)", N_("checked in: {names}")),
    _p(
        r"dropped (?P<count>\d+) who did not check in: (?P<names>.*)",
        N_("dropped those who did not check in ({count}): {names}"),
    ),
    _p(r"took back the drop of " + _NAME, N_("took back the drop of {name}")),
    _p(
        r"dropped " + _NAME + r" after round (?P<round>\d+)",
        N_("dropped {name} after round {round}"),
    ),
    _p(r"removed " + _NAME, N_("removed {name}")),
    _p(
        r"series identities for (?P<count>\d+) entrants",
        N_("players across series set for entrants: {count}"),
    ),
    _p(
        r"seated round (?P<round>\d+): (?P<tables>\d+) tables \(rules overridden: (?P<why>.*)\)",
        N_("seated round {round}: tables: {tables} (hard rules overridden)"),
    ),
    _p(
        r"seated round (?P<round>\d+): (?P<tables>\d+) tables",
        N_("seated round {round}: tables: {tables}"),
    ),
    _p(
        r"paired round (?P<round>\d+) by the engine \(optimal, cost (?P<cost>[\d.e+-]+)\)",
        N_("paired round {round} by the engine (the best pairing, cost {cost})"),
    ),
    _p(
        r"paired round (?P<round>\d+) by the engine \((?P<how>[\w -]+), cost (?P<cost>[\d.e+-]+)\)",
        N_("paired round {round} by the engine ({how}, cost {cost})"),
    ),
    _p(
        r"accepted the pairing of round (?P<round>\d+)", N_("accepted the pairing of round {round}")
    ),
    _p(
        r"swapped (?P<first>.+) and (?P<second>.+) in round (?P<round>\d+) "
        r"\(rules overridden: (?P<why>.*)\)",
        N_("swapped {first} and {second} in round {round} (hard rules overridden)"),
    ),
    _p(
        r"swapped (?P<first>.+) and (?P<second>.+) in round (?P<round>\d+)",
        N_("swapped {first} and {second} in round {round}"),
    ),
    _p(r"closed round (?P<round>\d+)", N_("closed round {round}")),
    _p(r"reopened round (?P<round>\d+)", N_("reopened round {round}")),
    _p(r"deleted round (?P<round>\d+)", N_("undid the pairing of round {round}")),
    _p(
        r"entered " + _WHERE + r" of the closed round \((?P<why>.*)\)",
        N_(
            "entered the result of table {table} of round {round}, a closed round: the "
            "standings were computed again, the later rounds stay as played"
        ),
    ),
    _p(
        r"corrected " + _WHERE + r" of the closed round \((?P<why>.*)\)",
        N_(
            "corrected the result of table {table} of round {round}, a closed round: the "
            "standings were computed again, the later rounds stay as played"
        ),
    ),
    _p(r"entered " + _WHERE, N_("entered the result of table {table} of round {round}")),
    _p(r"corrected " + _WHERE, N_("corrected the result of table {table} of round {round}")),
    _p(r"cleared " + _WHERE, N_("cleared the result of table {table} of round {round}")),
    _p(r"round (?P<round>\d+) clock: start", N_("started the clock of round {round}")),
    _p(
        r"round (?P<round>\d+) clock: limit",
        N_("imposed the time limit in round {round}: two more game rounds"),
    ),
    _p(r"round (?P<round>\d+) clock: reset", N_("reset the clock of round {round}")),
    _p(r"(?P<user>.+): (?P<before>\S+) → (?P<after>\S+)", N_("{user}: role {before} → {after}")),
    _p(r"changed the password of (?P<user>.+)", N_("changed the password of {user}")),
    _p(r"created series (?P<series>\S+)", N_("created series {series}")),
    _p(r"changed series (?P<series>\S+)", N_("changed series {series}")),
    _p(r"series (?P<series>\S+): removed (?P<event>\S+)", N_("series {series}: removed {event}")),
    _p(
        r"series (?P<series>\S+): (?P<merge>.+) is (?P<keep>.+) \((?P<count>\d+) entrants\)",
        N_("series {series}: {merge} is {keep} (entrants: {count})"),
    ),
    _p(
        r"series (?P<series>\S+): (?P<event>\S+) \((?P<city>.*), (?P<date>[\d-]+)\)",
        N_("series {series}: {event} ({city}, {date})"),
    ),
    _p(
        _NAME + r" confirmed the report of " + _WHERE + r" by (?P<by>.+?)(?P<why>: .*)?",
        N_("{name} confirmed the report of table {table} of round {round} by {by}"),
    ),
    _p(
        _NAME + r" disputed the report of " + _WHERE + r" by (?P<by>.+?)(?P<why>: .*)?",
        N_("{name} disputed the report of table {table} of round {round} by {by}"),
    ),
    _p(
        _NAME + r" replaced their report of " + _WHERE + r" by a new one",
        N_("{name} replaced their report of table {table} of round {round} by a new one"),
    ),
    _p(
        _NAME + r" reported " + _WHERE + r" \((?P<count>\d+) different reports now\)",
        N_(
            "{name} reported the result of table {table} of round {round} "
            "(different reports now: {count})"
        ),
    ),
    _p(
        _NAME + r" reported " + _WHERE,
        N_("{name} reported the result of table {table} of round {round}"),
    ),
    _p(
        r"rejected the report of " + _WHERE + r" by (?P<by>.+): another report of the game "
        r"was accepted",
        N_(
            "rejected the report of table {table} of round {round} by {by}: another report "
            "of the game was accepted"
        ),
    ),
    _p(
        r"accepted the report of " + _WHERE + r" by (?P<by>.+)",
        N_("accepted the report of table {table} of round {round} by {by}"),
    ),
    _p(
        r"rejected the report of " + _WHERE + r" by (?P<by>.+)",
        N_("rejected the report of table {table} of round {round} by {by}"),
    ),
)
"""The sentences the store writes, most particular first."""


def action_words(action: str) -> str:
    """An action's name in the reader's language (its code when it has none)."""
    words = ACTIONS.get(action)
    return _(words) if words else action


def summary_words(summary: str) -> str:
    """A stored sentence said in the reader's language, names and numbers kept."""
    moved = re.search(_MOVED + r"\Z", summary)
    if moved and summary.startswith(("registration #", "capacity ")):
        said = summary_words(summary[: moved.start()])
        return said + _("; moved up from the waiting list: {moved}").format(moved=moved["moved"])
    for pattern in PATTERNS:
        match = pattern.regex.match(summary)
        if match:
            values = {k: v or "" for k, v in match.groupdict().items()}
            if values.get("fields"):  # an announcement's fields, each in words
                values["fields"] = ", ".join(
                    _(FIELDS.get(f, f)) for f in values["fields"].split(", ")
                )
            if values.get("how") in HOW:
                values["how"] = _(HOW[values["how"]])
            if values.get("status") in STATUS:
                values["status"] = _(STATUS[values["status"]])
            if values.get("way") in ("up", "down"):
                values["way"] = _("up") if values["way"] == "up" else _("down")
            text = _(pattern.words).format(**values)
            game = values.get("game")
            if game and game != "1":
                text += " · " + _("game {game}").format(game=game)
            why = values.get("why", "")
            if why.startswith(": "):  # the player's own words
                text += why
            return text
    return summary
