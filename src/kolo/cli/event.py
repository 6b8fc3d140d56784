"""``kolo event``: create, list, configure and delete events."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from kolo.cli.app import app, state
from kolo.cli.options import EventArg, cli_actor, open_store, settings_option
from kolo.cli.output import table
from kolo.games import rulesets
from kolo.i18n import _

event_app = typer.Typer(help=_("Create, list and configure events."), no_args_is_help=True)
app.add_typer(event_app, name="event")


# --- events -----------------------------------------------------------------------------


def _no_events_yet() -> str:
    """How to begin, with the first rule set kolo lists as the example."""
    return _("no events yet; create one with: kolo event new --ruleset {ruleset} NAME").format(
        ruleset=next(iter(rulesets.REGISTRY))
    )


@event_app.command("new", help=_("Create an event from a rule set."))
def event_new(
    name: Annotated[str, typer.Argument(help=_("The event's name."), show_default=False)],
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            help=_("Rule set: {ids}.").format(ids=", ".join(rulesets.REGISTRY)),
            show_default=False,
        ),
    ],
    key: Annotated[
        str | None, typer.Option("--key", help=_("Short handle (default: from the name)."))
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option("--set", help=_("Override a setting: name=value (repeatable).")),
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store
    from kolo.store import models

    namesakes = [e.key for e in models.Event.objects.filter(name=name.strip())]
    event = store.create_event(cli_actor(), name, ruleset, settings_option(setting or []), key)
    if namesakes:
        print(
            "kolo: "
            + _("note: an event of this name exists already: {keys}").format(
                keys=", ".join(namesakes)
            ),
            file=sys.stderr,
        )
    print(
        _("created event {key}: {name} ({ruleset})").format(
            key=event.key, name=event.name, ruleset=event.ruleset
        )
    )


@event_app.command("list", help=_("List the events in the store."))
def event_list() -> None:
    from kolo.web.bootstrap import location

    where, exists = location(state.db)
    if not exists:
        print(_no_events_yet())
        print("\n" + _("store: {where} (not created yet)").format(where=where))
        return
    open_store()
    from kolo.store import models

    rows = [
        [e.key, e.name, e.ruleset, str(e.entrants.count()), str(e.rounds.count())]
        for e in models.Event.objects.all()
    ]
    if rows:
        print(
            table(
                [_("Key"), _("Name"), _("Rule set"), _("Entrants"), _("Rounds")], rows, right=[3, 4]
            )
        )
    else:
        print(_no_events_yet())
    print("\n" + _("store: {where}").format(where=state.where))


@event_app.command(
    "settings", help=_("Show the event's settings, with their meaning, or change them.")
)
def event_settings(
    event: EventArg,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--set", help=_("Change a setting: name=value; name=default restores the default.")
        ),
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    if setting:
        changes = {k: (None if v == "default" else v) for k, v in settings_option(setting).items()}
        found = store.change_settings(cli_actor(), found, changes)
    ruleset, settings = store.ruleset_of(found)
    rows = []
    for name, value in settings.items():
        spec = ruleset.defaults.specs[name]
        marker = "*" if name in found.settings else ""
        rows.append([name + marker, json.dumps(value), spec.rule, _(spec.help)])
    print(table([_("Setting"), _("Value"), _("Rule"), _("Meaning")], rows))
    if found.settings:
        print(
            "\n"
            + _("* set for this event; the others are the defaults of {ruleset}").format(
                ruleset=ruleset.id
            )
        )


@event_app.command(
    "checkin",
    help=_(
        "Open check-in on the day: every registered player becomes an entrant (no retyping); "
        "then check players in (kolo entrant checkin) and round 1 is paired from the "
        "checked-in players only. Run again to enter the registrations made since."
    ),
)
def event_checkin(event: EventArg) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    opening = store.open_checkin(cli_actor(), found)
    for entrant in opening.created:
        print(f"{entrant.code}\t{entrant.name}" + (f"\t{entrant.club}" if entrant.club else ""))
    for entrant in opening.linked:
        print(f"{entrant.code}\t{entrant.name}\t" + _("entered already: linked"))
    entered = len(opening.created) + len(opening.linked)
    if opening.opened:
        print(_("check-in open; entered from registrations: {count}").format(count=entered))
    else:
        print(
            _("check-in was open already; entered from registrations: {count}").format(
                count=entered
            )
        )


@event_app.command("delete", help=_("Delete an event (its audit trail keeps a full copy)."))
def event_delete(
    event: EventArg,
    yes: Annotated[bool, typer.Option("--yes", help=_("Do not ask for confirmation."))] = False,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    if not yes and not typer.confirm(
        _("Delete {name} with all its rounds and results?").format(name=found.name)
    ):
        print(_("nothing deleted"))
        return
    store.delete_event(cli_actor(), found)
    print(_("deleted {key}").format(key=event))


# --- the announcement (R-REG-1): publish, details, cancel -----------------------------------

DateOpt = Annotated[
    str | None, typer.Option("--date", help=_("The day the event is played: YYYY-MM-DD."))
]
StartOpt = Annotated[str | None, typer.Option("--start", help=_("When play starts: HH:MM."))]
CityOpt = Annotated[str | None, typer.Option("--city", help=_("The city."))]
VenueOpt = Annotated[str | None, typer.Option("--venue", help=_("The venue."))]
AddressOpt = Annotated[str | None, typer.Option("--address", help=_("The venue's address."))]
CapacityOpt = Annotated[
    str | None,
    typer.Option("--capacity", help=_("Places for registered players; empty: no limit.")),
]
UntilOpt = Annotated[
    str | None,
    typer.Option(
        "--registration-until",
        help=_("Registrations close then: YYYY-MM-DDTHH:MM (local time)."),
    ),
]
FeeOpt = Annotated[str | None, typer.Option("--fee", help=_("The entry fee, as text."))]
DescriptionOpt = Annotated[
    str | None, typer.Option("--description", help=_("What players should know."))
]


def _given(**values: str | None) -> dict[str, str]:
    """The fields given on the command line (``--start`` is the start time)."""
    names = {"start": "start_time"}
    return {names.get(k, k): v for k, v in values.items() if v is not None}


def _print_details(found: object) -> None:
    from django.utils import timezone

    from kolo.changes.announcement import FIELDS, text_of
    from kolo.store import api as store
    from kolo.store import models

    assert isinstance(found, models.Event)
    details = store.details_of(found)
    if found.cancelled_at is not None:
        status = _("cancelled")
    elif found.published_at is not None:
        status = _("published {when}").format(
            when=timezone.localtime(found.published_at).strftime("%Y-%m-%d %H:%M")
        )
    else:
        status = _("a draft: not published")
    words = {
        "date": _("Date"),
        "start_time": _("Start"),
        "city": _("City"),
        "venue": _("Venue"),
        "address": _("Address"),
        "capacity": _("Capacity"),
        "registration_until": _("Registration until"),
        "fee": _("Entry fee"),
        "description": _("Description"),
    }
    rows = [[_("Status"), status]]
    rows += [[words[name], text_of(name, getattr(details, name))] for name in FIELDS]
    if found.capacity is not None:
        rows.append([_("Places taken"), str(store.places_taken(found))])
    print(table([_("Detail"), _("Value")], rows))


@event_app.command(
    "publish",
    help=_(
        "Publish the event with its date, city and venue (and the other details given); "
        "on a published event, change the details given."
    ),
)
def event_publish(
    event: EventArg,
    date: DateOpt = None,
    city: CityOpt = None,
    venue: VenueOpt = None,
    address: AddressOpt = None,
    start: StartOpt = None,
    capacity: CapacityOpt = None,
    registration_until: UntilOpt = None,
    fee: FeeOpt = None,
    description: DescriptionOpt = None,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    was_published = found.published_at is not None
    given = _given(
        date=date,
        city=city,
        venue=venue,
        address=address,
        start=start,
        capacity=capacity,
        registration_until=registration_until,
        fee=fee,
        description=description,
    )
    found = store.announce(cli_actor(), found, given, publish=True)
    if was_published:
        print(_("changed the details of {key}").format(key=found.key))
    else:
        print(_("published {key}").format(key=found.key))
    _print_details(found)


@event_app.command(
    "details",
    help=_("Show the event's announcement, or change its details (a draft stays a draft)."),
)
def event_details(
    event: EventArg,
    date: DateOpt = None,
    city: CityOpt = None,
    venue: VenueOpt = None,
    address: AddressOpt = None,
    start: StartOpt = None,
    capacity: CapacityOpt = None,
    registration_until: UntilOpt = None,
    fee: FeeOpt = None,
    description: DescriptionOpt = None,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    given = _given(
        date=date,
        city=city,
        venue=venue,
        address=address,
        start=start,
        capacity=capacity,
        registration_until=registration_until,
        fee=fee,
        description=description,
    )
    if given:
        found = store.announce(cli_actor(), found, given)
        print(_("changed the details of {key}").format(key=found.key))
    _print_details(found)


@event_app.command("cancel", help=_("Cancel a published event: its page and calendars say so."))
def event_cancel(
    event: EventArg,
    reason: Annotated[str, typer.Option("--reason", help=_("Why, for the audit trail."))] = "",
    yes: Annotated[bool, typer.Option("--yes", help=_("Do not ask for confirmation."))] = False,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    if not yes and not typer.confirm(_("Cancel {name}?").format(name=found.name)):
        print(_("nothing changed"))
        return
    store.cancel_event(cli_actor(), found, reason)
    print(_("cancelled {key}").format(key=found.key))
    from kolo.web import registrationmail  # every player still in is told, where e-mail is set up

    sent = registrationmail.send_event_cancelled(None, found)
    if sent:
        print(_("e-mails sent: {count}").format(count=sent))
