"""``kolo export``, ``import``, ``audit`` and ``store``: the event as a file, its audit
trail, where the store is."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from kolo.cli.app import app, state
from kolo.cli.files import load_file
from kolo.cli.options import EventArg, cli_actor, open_store
from kolo.cli.output import print_json, table
from kolo.cli.result import describe_result
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _


@app.command("export", help=_("Write the event as a kolo-event/1 file."))
def export(
    event: EventArg,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help=_("Write to this file (default: print)."))
    ] = None,
) -> None:
    open_store(create=False)
    from kolo.eventfile.writer import dumps
    from kolo.store import api as store

    text = dumps(store.to_core(store.find_event(event)))
    if output is None:
        sys.stdout.write(text)
        return
    _write_atomically(output, text)
    print(_("wrote {path}").format(path=output), file=sys.stderr)


def _write_atomically(path: Path, text: str) -> None:
    """Write via a temporary file and a rename, so a failure never leaves half a file."""
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent or Path("."), prefix=f".{path.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except OSError as error:
        raise InvalidInput.one(
            N_("cannot write the file: {reason}"), path=str(path), reason=error.strerror
        ) from None


@app.command(
    "import", help=_("Store an event from a kolo-event/1 file (complete rounds are stored closed).")
)
def import_(
    file: Annotated[Path, typer.Argument(help=_("A kolo-event/1 file."), show_default=False)],
    key: Annotated[
        str | None, typer.Option("--key", help=_("Short handle (default: from the name)."))
    ] = None,
) -> None:
    event_value = load_file(file)
    open_store()
    from kolo.store import api as store

    event = store.import_event(cli_actor(), event_value, key)
    print(_("imported {name} as {key}").format(name=event.name, key=event.key))


@app.command(
    help=_("Every change to the event: when, who, what, and what it was before (R-EVT-4).")
)
def audit(
    event: EventArg,
    as_json: Annotated[
        bool, typer.Option("--json", help=_("Print JSON with the data before and after."))
    ] = False,
) -> None:
    open_store(create=False)
    from kolo.store import api as store

    entries = list(store.audit_trail(store.find_event(event)))
    if as_json:
        print_json(
            [
                {
                    "at": e.at.isoformat(),
                    "who": e.who,
                    "via": e.via,
                    "action": e.action,
                    "summary": e.summary,
                    "reason": e.reason,
                    "before": e.before,
                    "after": e.after,
                }
                for e in entries
            ]
        )
        return
    from django.utils import timezone

    rows = []
    for e in entries:
        summary = e.summary
        if e.action == "result.correct":
            summary += " — " + _("was {before}, now {after}").format(
                before=describe_result(e.before), after=describe_result(e.after)
            )
        if e.reason:
            summary += " — " + _("reason: {reason}").format(reason=e.reason)
        rows.append(
            [timezone.localtime(e.at).strftime("%Y-%m-%d %H:%M:%S %Z"), e.who, e.action, summary]
        )
    print(table([_("When"), _("Who"), _("Action"), _("What")], rows))


@app.command(
    "store",
    help=_("Say where the store is (set it with --db or KOLO_DB, or DATABASE_URL for PostgreSQL)."),
)
def store_info() -> None:
    from kolo.web.bootstrap import location

    where, exists = location(state.db)
    print(where if exists else _("{where} (not created yet)").format(where=where))
