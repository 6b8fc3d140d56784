"""``kolo entrant``: enter, list, edit, drop and remove entrants."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.options import EventArg, cli_actor, open_store
from kolo.cli.output import table
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.store import models

entrant_app = typer.Typer(help=_("Enter, list, edit and drop entrants."), no_args_is_help=True)
app.add_typer(entrant_app, name="entrant")


# --- entrants ---------------------------------------------------------------------------


def _read_entries(path: Path) -> list[tuple[str, str | None]]:
    """Names from a file: CSV (name, club; a header row is skipped) for *.csv, else one
    name per line; ``-`` reads standard input."""
    from kolo.eventfile.reader import read_text

    text = sys.stdin.read() if str(path) == "-" else read_text(path)
    if path.suffix.lower() != ".csv":
        return [(line, None) for line in text.splitlines() if line.strip()]
    try:
        rows = [r for r in csv.reader(io.StringIO(text), strict=True) if any(c.strip() for c in r)]
    except csv.Error as error:
        raise InvalidInput.one(
            N_("not valid CSV: {reason}"), path=str(path), reason=str(error)
        ) from None
    if rows and [c.strip().casefold() for c in rows[0]] in (
        ["name", "club"],
        ["jméno", "klub"],
        ["name"],
        ["jméno"],
    ):
        rows = rows[1:]
    for number, row in enumerate(rows, start=1):
        if len(row) > 2:
            raise InvalidInput.one(
                N_("row {row} has {count} columns; a row is: name,club"),
                path=str(path),
                row=number,
                count=len(row),
            )
    return [(r[0], r[1] if len(r) > 1 else None) for r in rows]


@entrant_app.command(
    "add", help=_("Enter entrants; they get ids p1, p2, … and play from the next round.")
)
def entrant_add(
    event: EventArg,
    names: Annotated[
        list[str] | None, typer.Argument(help=_("Names to enter."), show_default=False)
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file", help=_("A file with one name per line, or CSV (name,club) ending in .csv.")
        ),
    ] = None,
    club: Annotated[str | None, typer.Option("--club", help=_("Club of the names given."))] = None,
    allow_duplicate: Annotated[
        bool, typer.Option("--allow-duplicate", help=_("Enter a name already entered."))
    ] = False,
) -> None:
    entries = [(n, club) for n in names or []]
    if file is not None:
        entries += _read_entries(file)
    open_store()
    from kolo.store import api as store

    try:
        created = store.add_entrants(
            cli_actor(), store.find_event(event), entries, allow_duplicate=allow_duplicate
        )
    except store.DuplicateEntrant as error:
        raise error.worded(
            N_("'{name}' is entered already (--allow-duplicate enters a second one)")
        ) from None
    for entrant in created:
        print(f"{entrant.code}\t{entrant.name}" + (f"\t{entrant.club}" if entrant.club else ""))


@entrant_app.command("list", help=_("List the entrants with their ids."))
def entrant_list(
    event: EventArg,
    not_checked_in: Annotated[
        bool,
        typer.Option(
            "--not-checked-in",
            help=_("Only those who would play round 1 and have not checked in (R-REG-3)."),
        ),
    ] = False,
) -> None:
    from kolo.core.collation import sort_key

    open_store(create=False)
    from kolo.store import api as store

    found = store.find_event(event)
    entrants = list(found.entrants.all())
    if not_checked_in:
        if found.checkin_opened_at is None:
            raise InvalidInput.one(
                N_("check-in has not started; open it first (kolo event checkin {event})"),
                path="--not-checked-in",
                event=found.key,
            )
        paired = found.rounds.exists()
        entrants = [
            e
            for e in entrants
            if e.checked_in_at is None and e.dropped_after_round is None and not paired
        ]
    rows = [
        [
            e.code,
            e.name,
            e.club or "",
            _entrant_status(found, e),
            ", ".join(m["name"] for m in e.members or []),
        ]
        for e in sorted(entrants, key=lambda e: sort_key(e.name, i18n.language()))
    ]
    headers = [_("Id"), _("Name"), _("Club"), _("Status"), _("Members")]
    if not any(row[-1] for row in rows):
        headers.pop()
        rows = [row[:-1] for row in rows]
    print(table(headers, rows))
    if not_checked_in and rows:
        print(
            "\n"
            + _(
                "{count} have not checked in: check them in (kolo entrant checkin {event} ID …) "
                "or drop them (kolo entrant drop {event} --not-checked-in)"
            ).format(count=len(rows), event=found.key)
        )


def _entrant_status(event: models.Event, entrant: models.Entrant) -> str:
    """An entrant's status in the list: dropped, or checked in at what time once check-in is
    open."""
    from django.utils import timezone

    if entrant.dropped_after_round is not None:
        return _("dropped after round {round}").format(round=entrant.dropped_after_round)
    if entrant.checked_in_at is not None:
        at = timezone.localtime(entrant.checked_in_at).strftime("%H:%M")
        return _("checked in at {time}").format(time=at)
    if event.checkin_opened_at is not None:
        return _("not checked in")
    return ""


@entrant_app.command(
    "checkin",
    help=_(
        "Check entrants in on the day, or take it back (--undo); --late enters a player who "
        "comes without a registration, checked in at once. Open check-in first (kolo event "
        "checkin); once it is open, round 1 is paired from the checked-in players only."
    ),
)
def entrant_checkin(
    event: EventArg,
    entrants: Annotated[
        list[str] | None,
        typer.Argument(help=_("Ids or exact names."), show_default=False),
    ] = None,
    undo: Annotated[bool, typer.Option("--undo", help=_("Take a check-in back."))] = False,
    late: Annotated[
        str | None,
        typer.Option("--late", help=_("Enter this player and check them in at once.")),
    ] = None,
    club: Annotated[str | None, typer.Option("--club", help=_("The late player's club."))] = None,
    partner: Annotated[
        str,
        typer.Option("--partner", help=_("The late player's partner (a rule set of teams).")),
    ] = "",
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    if late is not None:
        if entrants or undo:
            raise InvalidInput.one(
                N_("--late enters one player: give no ids and no --undo with it"), path="--late"
            )
        entrant = store.add_late(cli_actor(), found, late, club, partner)
        print(f"{entrant.code}\t{entrant.name}\t" + _("checked in"))
        return
    if club is not None or partner:
        raise InvalidInput.one(N_("--club and --partner go with --late"), path="--club")
    done = store.check_in(cli_actor(), found, entrants or [], undo=undo)
    word = _("not checked in") if undo else _("checked in")
    for entrant in done:
        print(f"{entrant.code}\t{entrant.name}\t{word}")
    found.refresh_from_db()
    checked = found.entrants.filter(checked_in_at__isnull=False).count()
    active = found.entrants.filter(dropped_after_round__isnull=True).count()
    print(_("checked in: {checked} of {count}").format(checked=checked, count=active))


@entrant_app.command(
    "drop", help=_("Drop an entrant from the next round on; results so far stay (R-EVT-2).")
)
def entrant_drop(
    event: EventArg,
    entrant: Annotated[
        str | None, typer.Argument(help=_("Id or exact name."), show_default=False)
    ] = None,
    undo: Annotated[bool, typer.Option("--undo", help=_("Take a drop back."))] = False,
    not_checked_in: Annotated[
        bool,
        typer.Option(
            "--not-checked-in",
            help=_(
                "Drop before round 1 everyone who has not checked in: they registered and did "
                "not come (R-REG-3)."
            ),
        ),
    ] = False,
) -> None:
    open_store()
    from kolo.store import api as store

    if not_checked_in:
        if entrant is not None or undo:
            raise InvalidInput.one(
                N_("--not-checked-in drops everyone missing: give no entrant and no --undo"),
                path="--not-checked-in",
            )
        dropped = store.drop_absent(cli_actor(), store.find_event(event))
        for one in dropped:
            print(f"{one.code}\t{one.name}\t" + _("dropped: did not check in"))
        return
    if entrant is None:
        raise InvalidInput.one(
            N_("name the entrant to drop (or give --not-checked-in)"), path="ENTRANT"
        )
    found = store.drop_entrant(cli_actor(), store.find_event(event), entrant, undo=undo)
    if undo:
        print(_("{name} plays again from the next round").format(name=found.name))
    else:
        print(
            _("{name} dropped after round {round}").format(
                name=found.name, round=found.dropped_after_round
            )
        )


@entrant_app.command(
    "edit", help=_("Correct an entrant's name or club, or set who they are across a series.")
)
def entrant_edit(
    event: EventArg,
    entrant: Annotated[str, typer.Argument(help=_("Id or exact name."), show_default=False)],
    name: Annotated[str | None, typer.Option("--name", help=_("New name."))] = None,
    club: Annotated[str | None, typer.Option("--club", help=_("New club (empty: none)."))] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            help=_(
                "The person across a series, e.g. jana-novakova: the same in every event they "
                "play (empty: none, the id stands for them)."
            ),
        ),
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.rename_entrant(cli_actor(), store.find_event(event), entrant, name, club, player)
    label = _("player")
    print(
        f"{found.code}\t{found.name}"
        + (f"\t{found.club}" if found.club else "")
        + (f"\t{label}: {found.player}" if found.player else "")
    )


@entrant_app.command(
    "members",
    help=_(
        "Name a team's two members in seat order, or replace one between rounds (the audit "
        "trail keeps who played when)."
    ),
)
def entrant_members(
    event: EventArg,
    entrant: Annotated[str, typer.Argument(help=_("The team: id or exact name."))],
    members: Annotated[
        list[str],
        typer.Argument(help=_("The two members' names, in seat order."), show_default=False),
    ],
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.set_members(cli_actor(), store.find_event(event), entrant, members)
    print(f"{found.code}\t{found.name}\t" + ", ".join(m["name"] for m in found.members))


@entrant_app.command(
    "remove", help=_("Take back an entry made by mistake (only for someone who has not played).")
)
def entrant_remove(
    event: EventArg,
    entrant: Annotated[str, typer.Argument(help=_("Id or exact name."), show_default=False)],
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.remove_entrant(cli_actor(), store.find_event(event), entrant)
    print(_("removed {name}").format(name=found.name))


# --- rounds -----------------------------------------------------------------------------
