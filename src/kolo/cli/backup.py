"""``kolo backup`` and ``kolo restore``: the whole store as one SQLite file and back, either
store (SQLite or PostgreSQL) to either (``kolo.store.backup``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from kolo.cli.app import app, state
from kolo.cli.options import cli_actor, open_store
from kolo.i18n import _


def _progress(what: str, done: int) -> None:
    """How far the copy is, on one line of a terminal (nothing when stderr is a file)."""
    if not sys.stderr.isatty():
        return
    if what:
        text = _("{table}: {rows} rows").format(table=what, rows=done)
    else:
        text = _("{percent} % copied").format(percent=done)
    print(f"\r\033[K{text}", end="", file=sys.stderr, flush=True)


def _progress_done() -> None:
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr, flush=True)


@app.command(
    help=_(
        "Write the whole store (every event, account and audit entry) to FILE, a SQLite "
        "database that kolo restore reads back. Safe while kolo serves; from SQLite or "
        "PostgreSQL alike."
    )
)
def backup(
    file: Annotated[
        Path,
        typer.Argument(help=_("The backup's file (replaced if it exists)."), show_default=False),
    ],
) -> None:
    open_store(create=False)
    from kolo.store.backup import backup as write_backup
    from kolo.store.backup import size_text

    try:
        size = write_backup(file, _progress)
    finally:
        _progress_done()
    print(
        _("wrote a backup of the store to {path} ({size})").format(path=file, size=size_text(size))
    )


@app.command(
    help=_(
        "Put the store back as a backup FILE holds it (kolo backup), into SQLite or "
        "PostgreSQL alike. A store that holds data is replaced only with --replace, after "
        "a backup of it is written next to it."
    )
)
def restore(
    file: Annotated[
        Path, typer.Argument(help=_("A backup written by kolo backup."), show_default=False)
    ],
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help=_("Replace a store that holds data (it is backed up first, next to itself)."),
        ),
    ] = False,
) -> None:
    from kolo.store.backupfile import check_file

    check_file(file)  # a file that is no kolo backup is refused before the store is opened
    open_store()
    from kolo.store.backup import restore as restore_store

    try:
        done = restore_store(file, cli_actor(), replace=replace, progress=_progress)
    finally:
        _progress_done()
    if done.kept is not None:
        print(_("the store as it was is kept in {path}").format(path=done.kept))
    print(
        _("restored the store at {where} from {path} ({rows} rows)").format(
            where=state.where, path=file, rows=done.rows
        )
    )
