"""Starting the store from the command line or a web process: configure Django, create and
migrate the database on first use, create the first organiser, and say where it is.

Any number of processes may start together (``kolo serve``, a process server's workers
importing ``kolo.web.wsgi``, commands): one at a time goes through the migrations and the
first organiser (``start_lock``: PostgreSQL's advisory lock, or a file lock beside the
SQLite file); the others then find them done.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from kolo.core.problems import N_, InvalidInput

LOCK_ID = 0x6B6F6C6F
"""PostgreSQL's advisory lock key of kolo's start ("kolo")."""
prepared = False
"""Whether this process has made the store ready (``setup``)."""


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
            # of several processes starting together, one creates it (and says so)
            created = created and create_private(path)
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
    global prepared
    prepared = True
    return where


def create_private(path: Path, text: str = "") -> bool:
    """Create ``path`` readable and writable by its owner only (0600), holding ``text``.

    Returns false if it exists already (left as it is). The mode is set as the file is
    created, so there is no moment when others could open it; it appears whole (written
    beside it, then linked into place), so a process starting at the same moment never
    reads it half written. SQLite gives its ``-wal`` and ``-shm`` files the mode of the
    database file.
    """
    if path.exists():
        return False
    descriptor, draft = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(draft, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
        try:
            os.link(draft, path)
        except FileExistsError:
            return False
        return True
    finally:
        os.unlink(draft)


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


@contextlib.contextmanager
def start_lock() -> Iterator[None]:
    """One process at a time, however many start together on one store: PostgreSQL's
    advisory lock (held by the connection, so freed if the process dies), or an exclusive
    ``flock`` of a file beside the SQLite database (freed likewise)."""
    from django.db import DatabaseError, connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK_ID])
        try:
            yield
        finally:
            with contextlib.suppress(DatabaseError), connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_ID])
        return
    name = str(connection.settings_dict["NAME"])
    try:
        import fcntl
    except ImportError:  # Windows: no flock (a laptop's one process)
        fcntl = None  # type: ignore[assignment]
    if connection.vendor != "sqlite" or fcntl is None or name.startswith((":memory:", "file:")):
        yield
        return
    lock = os.open(f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
    finally:
        os.close(lock)  # the lock goes with it


def migrate() -> None:
    """Apply the migrations the database lacks (none on most runs, and then quickly).

    Under ``start_lock``, and looked at again once it is held: of several processes
    starting together, one migrates and the others find it done."""
    from django.core.management import call_command
    from django.db import DatabaseError, connection
    from django.db.migrations.executor import MigrationExecutor

    def lacking() -> bool:
        executor = MigrationExecutor(connection)
        return bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))

    try:
        if lacking():
            with start_lock():
                if lacking():
                    call_command("migrate", verbosity=0, interactive=False)
    except DatabaseError as error:
        raise InvalidInput.one(
            N_("cannot open the store: {reason}"), path="store", reason=str(error).strip()
        ) from None


def first_organiser() -> tuple[str, str] | None:
    """Create the first organiser account if there is none: (name, password) — only in the
    process that created it, however many start together (``start_lock``; an account of
    the same name made meanwhile by someone else counts as there)."""
    from django.contrib.auth import get_user_model
    from django.db import IntegrityError, transaction

    from kolo.store.users import MIN_PASSWORD_LENGTH, password_problem

    users = get_user_model().objects
    if users.exists():
        return None
    name = os.environ.get("KOLO_ADMIN_USER", "admin")
    password = os.environ.get("KOLO_ADMIN_PASSWORD") or secrets.token_urlsafe(9)
    if password_problem(password) is not None:
        raise InvalidInput.one(
            N_("KOLO_ADMIN_PASSWORD is too short: a password has at least {minimum} characters"),
            path="KOLO_ADMIN_PASSWORD",
            minimum=MIN_PASSWORD_LENGTH,
        )
    with start_lock():
        if users.exists():
            return None
        try:
            with transaction.atomic():
                users.create_superuser(name, email="", password=password)
        except IntegrityError:
            return None
    return name, password
