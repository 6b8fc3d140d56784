"""Starting the store from the command line: configure Django, create and migrate the
database on first use, and say where it is."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from kolo.core.problems import N_, InvalidInput


def setup(db_path: str | None = None, *, create: bool = True) -> str:
    """Make the store ready and return where it is (a file path or a PostgreSQL address).

    ``db_path`` (``kolo --db``) overrides ``KOLO_DB`` for SQLite. The database and its
    directory are created, and migrations applied, on first use — unless ``create`` is
    false (commands that only read), which then say there is no store yet.
    """
    if db_path:
        os.environ["KOLO_DB"] = db_path
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kolo.web.settings")
    import django
    from django.conf import settings

    from kolo.web.database import DatabaseURLError, database_config, describe

    try:
        early = database_config()  # the settings module reads it too; here it is a clear error
    except DatabaseURLError as error:
        raise InvalidInput.one(N_("{reason}"), path="DATABASE_URL", reason=str(error)) from None
    if create and early["ENGINE"].endswith("sqlite3") and not settings.configured:
        # the directory first, so that the settings can keep their signing key in it
        try:
            Path(early["NAME"]).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as error:
            raise InvalidInput.one(
                N_("cannot create the store's directory: {reason}"),
                path=str(Path(early["NAME"]).parent),
                reason=error.strerror,
            ) from None
    django.setup()
    config = settings.DATABASES["default"]
    created = False
    name = str(config["NAME"])
    if config["ENGINE"].endswith("sqlite3") and not name.startswith((":memory:", "file:")):
        path = Path(name)
        created = not path.exists()
        if created and not create:
            raise InvalidInput.one(
                N_("there is no store here yet (kolo event new creates one)"), path=str(path)
            )
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if created:
                create_private(path)
        except OSError as error:
            raise InvalidInput.one(
                N_("cannot create the store's directory: {reason}"),
                path=str(path.parent),
                reason=error.strerror,
            ) from None
    migrate()
    where = describe(config)
    if created:
        print(f"kolo: new store at {where}", file=sys.stderr)
    return where


def create_private(path: Path, text: str = "") -> bool:
    """Create ``path`` readable and writable by its owner only (0600), holding ``text``.

    Returns false if it exists already (left as it is). The mode is set as the file is
    created, so there is no moment when others could open it. SQLite gives its ``-wal``
    and ``-shm`` files the mode of the database file.
    """
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    return True


def location(db_path: str | None = None) -> tuple[str, bool]:
    """Where the store is and whether it exists yet, without opening or creating it.

    A PostgreSQL store counts as existing (the server holds it).
    """
    from django.conf import settings

    from kolo.web.database import DatabaseURLError, database_config, describe

    if db_path:
        os.environ["KOLO_DB"] = db_path
    if settings.configured:  # set up already (a test run, the web server)
        config = settings.DATABASES["default"]
    else:
        try:
            config = database_config()
        except DatabaseURLError as error:
            raise InvalidInput.one(N_("{reason}"), path="DATABASE_URL", reason=str(error)) from None
    name = str(config["NAME"])
    if config["ENGINE"].endswith("sqlite3") and not name.startswith((":memory:", "file:")):
        return describe(config), Path(name).exists()
    return describe(config), True


def migrate() -> None:
    """Apply the migrations the database lacks (none on most runs, and then quickly)."""
    from django.core.management import call_command
    from django.db import DatabaseError, connection
    from django.db.migrations.executor import MigrationExecutor

    try:
        executor = MigrationExecutor(connection)
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            call_command("migrate", verbosity=0, interactive=False)
    except DatabaseError as error:
        raise InvalidInput.one(
            N_("cannot open the store: {reason}"), path="store", reason=str(error).strip()
        ) from None
