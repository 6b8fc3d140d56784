"""A backup's file checked before the store is opened (no Django here): it exists, it is a
SQLite database, kolo's tables are in it (``kolo.store.backup`` reads and writes it)."""

from __future__ import annotations

import pkgutil
import sqlite3
from pathlib import Path

from kolo.core.problems import N_, InvalidInput

SQLITE_HEADER = b"SQLite format 3\x00"


def check_file(path: Path) -> None:
    """Refuse, in one line, what is not a kolo store or backup: a missing file, a file that is
    not SQLite, a SQLite database that is not kolo's. (Whether it is newer than this kolo is
    checked once the store is set up: ``restore``.)"""
    if not path.exists():
        raise InvalidInput.one(N_("there is no such file"), path=str(path))
    if path.is_dir():
        raise InvalidInput.one(N_("is a directory, not a backup"), path=str(path))
    try:
        with path.open("rb") as stream:
            header = stream.read(len(SQLITE_HEADER))
    except OSError as error:
        raise InvalidInput.one(
            N_("cannot read the file: {reason}"), path=str(path), reason=error.strerror
        ) from None
    if header != SQLITE_HEADER:
        raise InvalidInput.one(N_("is not a kolo backup (not a SQLite database)"), path=str(path))
    applied = {name for app, name in applied_migrations(path) if app == "kolo"}
    if not applied:
        raise InvalidInput.one(N_("is not a kolo store (no kolo tables in it)"), path=str(path))
    newer = sorted(applied - store_migrations())
    if newer:
        raise InvalidInput.one(
            N_("was written by a newer kolo (it has {migration}); upgrade kolo to restore it"),
            path=str(path),
            migration=f"kolo.{newer[-1]}",
        )


def store_migrations() -> set[str]:
    """The names of the store's migrations this kolo has (read without setting up Django)."""
    from kolo.store import migrations

    return {module.name for module in pkgutil.iter_modules(migrations.__path__)}


def applied_migrations(path: Path) -> set[tuple[str, str]]:
    """The migrations a SQLite file records as applied; none if it is no Django database."""
    try:
        connection = sqlite3.connect(path)  # only read (read-only opening fails on WAL files)
    except sqlite3.Error:
        return set()
    try:
        return {
            (str(app), str(name))
            for app, name in connection.execute("SELECT app, name FROM django_migrations")
        }
    except sqlite3.Error:
        return set()
    finally:
        connection.close()
