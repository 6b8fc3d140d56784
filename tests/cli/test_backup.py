"""``kolo backup`` and ``kolo restore``: round trips between SQLite and PostgreSQL stores,
every table's rows equal after; a backup taken while another connection writes is one
moment of the store; bad files and stores holding data refused in one line.

Each store is its own ``kolo`` process (as the admin runs them), on a SQLite file or on a
database of its own on the PostgreSQL server the suite uses (``KOLO_TEST_DATABASE_URL``,
else the one on port 54329); without that server the PostgreSQL cases skip, unless
``KOLO_REQUIRE_LEAGUE`` is set (CI), where they fail.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

import kolo

pytestmark = pytest.mark.league

SRC = str(Path(kolo.__file__).resolve().parent.parent)
SERVER = os.environ.get("KOLO_TEST_DATABASE_URL") or "postgresql://kolo@localhost:54329/kolo"

DUMP = """
import json
from kolo.web import bootstrap
bootstrap.setup(create=False)
from kolo.store import models
from kolo.store.backup import store_models
tables = {}
for model in store_models():
    rows = model._base_manager.order_by("pk")
    if model is models.AuditEntry:
        rows = rows.exclude(action="store.restore")
    fields = [f.attname for f in model._meta.concrete_fields]
    tables[model._meta.db_table] = [list(row) for row in rows.values_list(*fields)]
restores = list(models.AuditEntry.objects.filter(action="store.restore").values_list("who", "via"))
print(json.dumps({"tables": tables, "restores": restores}, default=str, sort_keys=True))
"""


MIGRATE_BACK = """
import os
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kolo.web.settings")
django.setup()
from django.core.management import call_command
from django.db.migrations.loader import MigrationLoader
names = sorted(name for app, name in MigrationLoader(None).graph.nodes if app == "kolo")
call_command("migrate", "kolo", names[-2], verbosity=0)
print(names[-1])
"""


def _env(store: str) -> dict[str, str]:
    """The environment of a ``kolo`` process on ``store``: a SQLite file or a PostgreSQL URL."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "KOLO_DB")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env["KOLO_LANG"] = "en"
    env["KOLO_USER"] = "tester"
    if store.startswith("postgresql://"):
        env["DATABASE_URL"] = store
        env["KOLO_SECRET_KEY"] = "kolo-tests-only"
    else:
        env["KOLO_DB"] = store
    return env


def run(store: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kolo", *args],
        env=_env(store),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def ok(store: str, *args: str) -> str:
    done = run(store, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def dump(store: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", DUMP],
        env=_env(store),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def fill(store: str) -> dict:
    """An event with entrants, rounds, results and audit entries, and a user."""
    ok(store, "demo", "--players", "9", "--rounds", "2")
    ok(store, "user", "add", "eva", "--password", "secret-eva-1", "--superuser")
    content = dump(store)
    for table in (
        "kolo_event",
        "kolo_entrant",
        "kolo_round",
        "kolo_table",
        "kolo_game",
        "kolo_auditentry",
        "auth_user",
    ):
        assert content["tables"][table], table
    return content


def _admin_url(name: str) -> str:
    parts = urlsplit(SERVER)
    return urlunsplit(parts._replace(path="/" + name))


@pytest.fixture(scope="module")
def postgres() -> Iterator[object]:
    """Makes databases of their own on the PostgreSQL server; drops them at the end."""
    try:
        import psycopg

        admin = psycopg.connect(SERVER, autocommit=True, connect_timeout=5)
    except Exception as error:
        if os.environ.get("KOLO_REQUIRE_LEAGUE"):
            pytest.fail(f"no PostgreSQL server at {SERVER}: {error}")
        pytest.skip(f"no PostgreSQL server at {SERVER}")
    made: list[str] = []

    def new() -> str:
        name = f"kolo_backup_{uuid.uuid4().hex[:10]}"
        admin.execute(f'CREATE DATABASE "{name}"')
        made.append(name)
        return _admin_url(name)

    yield new
    for name in made:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.close()


@pytest.fixture(scope="module")
def sqlite_source(tmp_path_factory) -> tuple[str, dict]:
    store = str(tmp_path_factory.mktemp("sqlite-source") / "kolo.sqlite3")
    return store, fill(store)


@pytest.fixture(scope="module")
def postgres_source(postgres) -> tuple[str, dict]:
    store = postgres()
    return store, fill(store)


def round_trip(source: tuple[str, dict], target: str, backup: Path) -> None:
    """Back the source up, restore into the new target: every table's rows as in the source,
    the restore itself in the target's audit trail; ids go on after the copied ones."""
    store, content = source
    assert "wrote a backup" in ok(store, "backup", str(backup))
    assert "restored the store" in ok(target, "restore", str(backup))
    restored = dump(target)
    assert restored["tables"] == content["tables"]
    assert restored["restores"] == [["tester", "cli"]]
    # the next event and its audit entry get new ids (PostgreSQL's sequences set past them)
    ok(target, "event", "new", "After the restore", "--ruleset", "swiss-pairs", "--key", "after")


def test_round_trip_sqlite_to_sqlite(sqlite_source, tmp_path):
    round_trip(sqlite_source, str(tmp_path / "target.sqlite3"), tmp_path / "backup.sqlite3")


def test_round_trip_sqlite_to_postgresql(sqlite_source, postgres, tmp_path):
    round_trip(sqlite_source, postgres(), tmp_path / "backup.sqlite3")


def test_round_trip_postgresql_to_sqlite(postgres_source, tmp_path):
    round_trip(postgres_source, str(tmp_path / "target.sqlite3"), tmp_path / "backup.sqlite3")


def test_round_trip_postgresql_to_postgresql(postgres_source, postgres, tmp_path):
    round_trip(postgres_source, postgres(), tmp_path / "backup.sqlite3")


def test_the_backup_is_a_sqlite_file_anyone_can_open(sqlite_source, tmp_path):
    store, content = sqlite_source
    backup = tmp_path / "backup.sqlite3"
    ok(store, "backup", str(backup))
    assert oct(backup.stat().st_mode & 0o777) == "0o600"  # password hashes, e-mail addresses
    with sqlite3.connect(backup) as connection:
        (events,) = connection.execute("SELECT count(*) FROM kolo_event").fetchone()
    assert events == len(content["tables"]["kolo_event"])
    assert not Path(f"{backup}-wal").exists()


def _write_pairs(
    connect, begin, placeholder: str, stop: threading.Event, written: list[int]
) -> None:
    """Each transaction writes one row to two tables, under one tag: a backup of one moment
    has, for every tag, both rows or neither."""
    connection = connect()
    number = 0
    try:
        while not stop.is_set():
            number += 1
            tag = f"pair-{number}"
            p = placeholder
            with begin(connection):
                connection.execute(
                    f"INSERT INTO kolo_loginfailure (scope, key, at) VALUES ({p}, {p}, {p})",
                    ("account", tag, "2026-01-01 00:00:00"),
                )
                connection.execute(
                    "INSERT INTO kolo_auditentry (event_key, at, who, via, action, summary, "
                    f"reason) VALUES ({p}, {p}, {p}, {p}, {p}, {p}, {p})",
                    ("store", "2026-01-01 00:00:00", "writer", "cli", "test.pair", tag, ""),
                )
            written.append(number)
    except Exception as error:  # said by the test, not lost in the thread
        written.append(repr(error))  # type: ignore[arg-type]
    finally:
        connection.close()


def _pairs_whole(backup: Path) -> int:
    with sqlite3.connect(backup) as connection:
        failures = {k for (k,) in connection.execute("SELECT key FROM kolo_loginfailure")}
        entries = {
            s
            for (s,) in connection.execute(
                "SELECT summary FROM kolo_auditentry WHERE action = 'test.pair'"
            )
        }
    assert failures == entries
    return len(failures)


def _backups_while_writing(store: str, connect, begin, placeholder: str, tmp_path: Path) -> None:
    stop = threading.Event()
    written: list[int] = []
    writer = threading.Thread(
        target=_write_pairs, args=(connect, begin, placeholder, stop, written)
    )
    writer.start()
    try:
        seen = []
        for n in range(2):
            backup = tmp_path / f"during-{n}.sqlite3"
            ok(store, "backup", str(backup))
            seen.append(_pairs_whole(backup))
    finally:
        stop.set()
        writer.join()
    assert all(isinstance(n, int) for n in written), written[-1]
    assert written, "the writer wrote nothing"
    assert seen[-1] > 0, "no backup saw the writer's rows"


def test_a_backup_while_another_connection_writes_is_one_moment_sqlite(tmp_path):
    store = str(tmp_path / "kolo.sqlite3")
    ok(store, "user", "add", "bob", "--password", "secret-bob-1")
    _backups_while_writing(
        store, lambda: sqlite3.connect(store, timeout=20), lambda c: c, "?", tmp_path
    )


def test_a_backup_while_another_connection_writes_is_one_moment_postgresql(postgres, tmp_path):
    import psycopg

    store = postgres()
    ok(store, "user", "add", "bob", "--password", "secret-bob-1")
    _backups_while_writing(
        store, lambda: psycopg.connect(store), lambda c: c.transaction(), "%s", tmp_path
    )


def test_a_backup_of_an_older_kolo_is_brought_up_to_date(sqlite_source, tmp_path):
    store, content = sqlite_source
    older = tmp_path / "older.sqlite3"
    ok(store, "backup", str(older))
    # the backup as the kolo before the last migration wrote it
    undone = subprocess.run(
        [sys.executable, "-c", MIGRATE_BACK],
        env=_env(str(older)),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.strip()

    def applied(path: Path) -> set[str]:
        with sqlite3.connect(path) as connection:
            return {n for (n,) in connection.execute("SELECT name FROM django_migrations")}

    assert undone not in applied(older)
    target = tmp_path / "target.sqlite3"
    ok(str(target), "restore", str(older))
    assert undone not in applied(older)  # the file itself is never changed
    assert undone in applied(target)
    restored = dump(str(target))["tables"]
    for table in ("kolo_event", "kolo_entrant", "kolo_game", "kolo_auditentry", "auth_user"):
        assert restored[table] == content["tables"][table], table


def test_restore_refuses_a_store_holding_data_without_replace(sqlite_source, tmp_path):
    store, content = sqlite_source
    backup = tmp_path / "backup.sqlite3"
    ok(store, "backup", str(backup))
    target = str(tmp_path / "target.sqlite3")
    ok(target, "user", "add", "zoe", "--password", "secret-zoe-1")
    refused = run(target, "restore", str(backup))
    assert refused.returncode == 2
    assert "--replace" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert [u[4] for u in dump(target)["tables"]["auth_user"]] == ["zoe"]  # unchanged
    # with --replace: the store as it was is kept next to it first, then replaced
    replaced = ok(target, "restore", "--replace", str(backup))
    kept = list(tmp_path.glob("kolo-before-restore-*.sqlite3"))
    assert len(kept) == 1
    assert str(kept[0]) in replaced
    with sqlite3.connect(kept[0]) as connection:
        assert connection.execute("SELECT username FROM auth_user").fetchall() == [("zoe",)]
    assert dump(target)["tables"] == content["tables"]


def test_restore_refuses_bad_files_in_one_line(sqlite_source, tmp_path):
    store, _content = sqlite_source
    target = str(tmp_path / "target.sqlite3")
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE t (x)")
    newer = tmp_path / "newer.sqlite3"
    ok(store, "backup", str(newer))
    with sqlite3.connect(newer) as connection:
        connection.execute(
            "INSERT INTO django_migrations (app, name, applied) "
            "VALUES ('kolo', '9999_from_the_future', '2030-01-01')"
        )
    for path, words in (
        (tmp_path / "missing.sqlite3", "no such file"),
        (text, "not a SQLite database"),
        (other, "not a kolo store"),
        (newer, "newer kolo"),
    ):
        refused = run(target, "restore", str(path))
        assert refused.returncode == 2, refused.stderr
        lines = refused.stderr.strip().splitlines()
        assert len(lines) == 1, refused.stderr
        assert words in lines[0]
        assert "Traceback" not in refused.stderr
    assert not Path(target).exists() or dump(target)["tables"]["kolo_event"] == []


def test_backup_refuses_a_missing_directory_in_one_line(sqlite_source, tmp_path):
    store, _content = sqlite_source
    refused = run(store, "backup", str(tmp_path / "no" / "such" / "backup.sqlite3"))
    assert refused.returncode == 2
    assert "no such directory" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


def test_a_restore_on_postgresql_never_gives_an_id_again(sqlite_source, postgres, tmp_path):
    """Restoring an older store: the ids the replaced store gave are not given again (a page
    version or an audit entry's number stays unique), though the restored rows end lower."""
    import psycopg

    store, _ = sqlite_source
    backup = tmp_path / "backup.sqlite3"
    ok(store, "backup", str(backup))
    target = postgres()
    ok(target, "demo")  # a whole event played: many more audit entries than the backup's

    def highest() -> int:
        with psycopg.connect(target) as connection:
            row = connection.execute("SELECT max(id) FROM kolo_auditentry").fetchone()
        assert row is not None
        return int(row[0])

    before = highest()
    with psycopg.connect(target) as connection:
        assert connection.execute("SELECT count(*) FROM kolo_auditentry").fetchone()[0] > 30
    ok(target, "restore", "--replace", str(backup))
    # the restored rows are the older store's, with lower ids; the restore's own audit entry
    # and the next change's come after every id the replaced store gave
    with psycopg.connect(target) as connection:
        restored = connection.execute(
            "SELECT id FROM kolo_auditentry WHERE action = 'store.restore'"
        ).fetchall()
    assert restored
    assert all(row[0] > before for row in restored)
    ok(target, "event", "new", "After the restore", "--ruleset", "swiss-pairs", "--key", "after")
    assert highest() > before + 1
