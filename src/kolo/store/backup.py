"""A backup of the store as one SQLite file, and a store restored from one: either store
(SQLite or PostgreSQL) to either.

A backup is always a SQLite database with the store's schema: anyone can open it (``sqlite3``,
any SQLite browser) and kolo reads it back. From a SQLite store it is SQLite's online backup
(safe while kolo serves: readers and writers go on); from PostgreSQL a fresh SQLite file gets
the same migrated schema and every table's rows, read in one repeatable-read transaction (one
moment of the store, however long the copy takes). A restore copies every table's rows of the
backup (migrated first on a copy where it is older than this kolo) into the store in one
transaction, then sets PostgreSQL's sequences past the ids copied.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import DatabaseError, connections, transaction
from django.db.migrations.loader import MigrationLoader

from kolo.core.problems import N_, InvalidInput
from kolo.store.audit import Actor, record_entry
from kolo.store.backupfile import applied_migrations, check_file

CHUNK = 2000
"""Rows read and written at a time."""

Progress = Callable[[str, int], None]
"""Told what is being copied (a table's name) and how far (rows, or percent of pages)."""


@dataclass(frozen=True)
class Restored:
    """What a restore did: rows copied in, and where the store as it was is kept (if it held
    data)."""

    rows: int
    kept: Path | None


def _quiet(what: str, done: int) -> None:
    """No progress shown."""


def store_models() -> list[Any]:
    """Every table of the store as a model: kolo's, the accounts', the sessions' and the
    many-to-many tables between them (not Django's record of migrations: both sides of a
    copy are migrated alike)."""
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy
    ]


def _private_file(path: Path) -> None:
    """An empty file readable by its owner only (a backup holds password hashes and
    e-mail addresses)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.close(descriptor)


def _sqlite_file(alias: str) -> Path | None:
    """The file of a SQLite store, None for PostgreSQL."""
    config = connections[alias].settings_dict
    if config["ENGINE"].endswith("sqlite3"):
        return Path(str(config["NAME"])).resolve()
    return None


def backup(target: Path, progress: Progress = _quiet, *, alias: str = "default") -> int:
    """Write the store to ``target`` (a SQLite file, replaced whole at the end: a failure
    never leaves half a backup). Returns the size of the file in bytes."""
    target = target.expanduser().absolute()
    if target.is_dir():
        raise InvalidInput.one(N_("is a directory; name the backup's file"), path=str(target))
    if not target.parent.is_dir():
        raise InvalidInput.one(N_("there is no such directory"), path=str(target.parent))
    source = _sqlite_file(alias)
    if source is not None and source == target.resolve():
        raise InvalidInput.one(N_("this is the store itself; name another file"), path=str(target))
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        _private_file(partial)
        if source is not None:
            _online_backup(alias, partial, progress)
        else:
            with _sqlite_alias(partial) as other:
                _migrate(other)
                _copy(alias, other, progress)
        os.replace(partial, target)
    except OSError as error:
        raise InvalidInput.one(
            N_("cannot write the file: {reason}"), path=str(target), reason=error.strerror
        ) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return target.stat().st_size


def _online_backup(alias: str, target: Path, progress: Progress) -> None:
    """SQLite's online backup of the store into ``target``, in one step: one read
    transaction, so the copy is one moment of the store. In WAL mode a reader holds up no
    writer, so kolo serving meanwhile goes on; copied in steps instead, every write from
    another connection would start the copy again, and a busy store never be backed up."""
    connection = connections[alias]
    connection.ensure_connection()

    def step(status: int, remaining: int, total: int) -> None:
        progress("", 100 * (total - remaining) // max(total, 1))

    destination = sqlite3.connect(target)
    try:
        connection.connection.backup(destination, pages=-1, progress=step)
        # one file, no -wal beside it: the backup is copied and opened as it is
        destination.execute("PRAGMA journal_mode=DELETE")
    finally:
        destination.close()


@contextlib.contextmanager
def _sqlite_alias(path: Path) -> Iterator[str]:
    """A second database of Django's, the SQLite file ``path``, while the block runs."""
    alias = f"kolo_file_{os.getpid()}"
    config = connections.configure_settings(
        {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}}
    )["default"]
    connections.settings[alias] = config
    try:
        yield alias
    finally:
        with contextlib.suppress(Exception):
            connections[alias].close()
        with contextlib.suppress(AttributeError, KeyError):
            del connections[alias]
        del connections.settings[alias]


def _migrate(alias: str) -> None:
    call_command("migrate", database=alias, verbosity=0, interactive=False)


def _copy(source: str, target: str, progress: Progress) -> int:
    """Every table's rows of ``source`` into ``target``, whose rows go first: one transaction
    on each side (a repeatable read on PostgreSQL, one moment of the store). Foreign keys are
    checked at the end of the transaction, so the order of the tables does not matter."""
    into = connections[target]
    quote = into.ops.quote_name
    copied = 0
    models = store_models()
    with transaction.atomic(using=target), transaction.atomic(using=source):
        if connections[source].vendor == "postgresql":
            with connections[source].cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        with into.cursor() as cursor:
            before = _sequences(cursor, models) if into.vendor == "postgresql" else {}
            for model in models:
                cursor.execute(f"DELETE FROM {quote(model._meta.db_table)}")
            for model in models:
                table = model._meta.db_table
                fields = [
                    f for f in model._meta.concrete_fields if not getattr(f, "generated", False)
                ]
                insert = "INSERT INTO {} ({}) VALUES ({})".format(
                    quote(table),
                    ", ".join(quote(f.column) for f in fields),
                    ", ".join(["%s"] * len(fields)),
                )
                rows = (
                    model._base_manager.using(source)
                    .order_by("pk")
                    .values_list(*(f.attname for f in fields))
                    .iterator(chunk_size=CHUNK)
                )
                batch: list[list[Any]] = []
                done = 0
                for row in rows:
                    batch.append(
                        [
                            f.get_db_prep_save(v, connection=into)
                            for f, v in zip(fields, row, strict=True)
                        ]
                    )
                    if len(batch) >= CHUNK:
                        cursor.executemany(insert, batch)
                        done += len(batch)
                        batch = []
                        progress(table, done)
                if batch:
                    cursor.executemany(insert, batch)
                    done += len(batch)
                progress(table, done)
                copied += done
            if into.vendor == "postgresql":
                for statement in into.ops.sequence_reset_sql(no_style(), models):
                    cursor.execute(statement)
                # never backwards: an id the store gave before the restore is not given
                # again (a page version, an audit entry's number, stays unique)
                for sequence, last in before.items():
                    # the name as PostgreSQL gave it (schema-qualified, quoted where needed)
                    cursor.execute(
                        "SELECT setval(%s, GREATEST(%s, (SELECT last_value FROM "
                        f"{sequence})), true)",
                        [sequence, last],
                    )
    return copied


def _sequences(cursor: Any, models: list[Any]) -> dict[str, int]:
    """Each table's id sequence on PostgreSQL and the last value it gave."""
    found: dict[str, int] = {}
    for model in models:
        pk = model._meta.pk
        if pk is None or pk.get_internal_type() not in ("AutoField", "BigAutoField"):
            continue
        cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [model._meta.db_table, pk.column])
        row = cursor.fetchone()
        if row and row[0]:
            cursor.execute(f"SELECT last_value FROM {row[0]}")
            found[row[0]] = int(cursor.fetchone()[0])
    return found


def data_counts(alias: str = "default") -> int:
    """Rows of the store that someone entered (not those migrating creates: the kinds of
    content and the permissions)."""
    skipped = {("contenttypes", "contenttype"), ("auth", "permission")}
    return sum(
        model._base_manager.using(alias).count()
        for model in store_models()
        if (model._meta.app_label, model._meta.model_name) not in skipped
    )


def kept_name(directory: Path) -> Path:
    """Where a restore keeps the store as it was: ``kolo-before-restore-<UTC time>.sqlite3``."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = directory / f"kolo-before-restore-{stamp}.sqlite3"
    counter = 1
    while path.exists():
        counter += 1
        path = directory / f"kolo-before-restore-{stamp}-{counter}.sqlite3"
    return path


def restore(
    path: Path,
    actor: Actor,
    *,
    replace: bool = False,
    progress: Progress = _quiet,
    alias: str = "default",
) -> Restored:
    """Replace the store's rows with those of the backup ``path`` (checked by ``check_file``
    first). A store holding data is refused unless ``replace``; then it is first backed up
    next to itself (next to ``path`` for PostgreSQL). The restore is in the audit trail."""
    path = path.expanduser().absolute()
    check_file(path)
    store_file = _sqlite_file(alias)
    if store_file is not None and store_file == path.resolve():
        raise InvalidInput.one(N_("this is the store itself; name a backup"), path=str(path))
    known = set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)
    newer = sorted(f"{app}.{name}" for app, name in applied_migrations(path) - known)
    if newer:
        raise InvalidInput.one(
            N_("was written by a newer kolo (it has {migration}); upgrade kolo to restore it"),
            path=str(path),
            migration=newer[-1],
        )
    entered = data_counts(alias)
    if entered and not replace:
        raise InvalidInput.one(
            N_(
                "the store holds data ({rows} rows); kolo restore --replace FILE replaces it "
                "(after writing a backup of it next to it)"
            ),
            path="store",
            rows=entered,
        )
    with tempfile.TemporaryDirectory(prefix="kolo-restore-") as scratch:
        # the backup is never changed: a copy is migrated (if older) and read
        copy = Path(scratch) / "backup.sqlite3"
        try:
            _private_file(copy)
            source = sqlite3.connect(path)
            destination = sqlite3.connect(copy)
            try:
                source.backup(destination)
                destination.execute("PRAGMA journal_mode=DELETE")
            finally:
                source.close()
                destination.close()
        except (OSError, sqlite3.Error) as error:
            raise InvalidInput.one(
                N_("cannot read the file: {reason}"), path=str(path), reason=str(error)
            ) from None
        kept = None
        if entered:
            kept = kept_name(store_file.parent if store_file is not None else path.parent)
            backup(kept, alias=alias)
        with _sqlite_alias(copy) as other:
            try:
                _migrate(other)
            except DatabaseError as error:
                raise InvalidInput.one(
                    N_("is not a kolo store kolo can read: {reason}"),
                    path=str(path),
                    reason=str(error),
                ) from None
            with transaction.atomic(using=alias):
                rows = _copy(other, alias, progress)
                record_entry(
                    None,
                    "store",
                    actor,
                    "store.restore",
                    f"restored the store from {path.name} ({rows} rows)"
                    + (f"; the store as it was is kept in {kept}" if kept else ""),
                    after={"file": str(path), "rows": rows, "kept": str(kept) if kept else None},
                )
    _forget_cached_pages()
    return Restored(rows, kept)


def _forget_cached_pages() -> None:
    """Pages cached from the store as it was are dropped (the shared cache: every process's)."""
    from django.core.cache import cache

    with contextlib.suppress(Exception):
        cache.clear()


def size_text(size: int) -> str:
    """A file's size for people: 436.0 KiB."""
    if size < 1024:
        return f"{size} B"
    amount = float(size)
    for unit in ("KiB", "MiB", "GiB"):
        amount /= 1024
        if amount < 1024 or unit == "GiB":
            break
    return f"{amount:.1f} {unit}"
