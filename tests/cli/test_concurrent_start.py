"""Any number of processes start together on a new store without an error: the migrations
applied once (one process at a time: PostgreSQL's advisory lock, a file lock beside the
SQLite file), exactly one first organiser, its password printed by the process that made
it. Every entry point at once: ``kolo serve``, the WSGI module a process server imports
(``kolo.web.wsgi``) and a command that opens the store."""

from __future__ import annotations

import os
import secrets
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

pytestmark = [pytest.mark.league]

ROOT = Path(__file__).resolve().parents[2]
WSGI = "import kolo.web.wsgi; print('wsgi ready', flush=True)"
READY = ("on this computer", "wsgi ready")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KOLO_", "DATABASE_URL"))}
    env |= {
        "PYTHONPATH": str(ROOT / "src"),
        "KOLO_LANG": "en",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    return env | extra


def start_together(env: dict[str, str], tmp_path: Path) -> list[str]:
    """Two ``kolo serve``, one import of ``kolo.web.wsgi``, one ``kolo user list``, all at
    once; their outputs once every one is up (the servers then stopped)."""
    kolo = [sys.executable, "-m", "kolo"]
    commands = [
        [*kolo, "serve", "--host", "127.0.0.1", "--port", str(free_port())],
        [*kolo, "serve", "--host", "127.0.0.1", "--port", str(free_port())],
        [sys.executable, "-c", WSGI],
        [*kolo, "user", "list"],
    ]
    outputs = [tmp_path / f"out-{i}.txt" for i in range(len(commands))]
    processes = [
        subprocess.Popen(c, env=env, stdout=o.open("w"), stderr=subprocess.STDOUT, cwd=tmp_path)
        for c, o in zip(commands, outputs, strict=True)
    ]
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            texts = [o.read_text() for o in outputs]
            up = [any(r in t for r in READY) for t in texts]
            if all(p.poll() is not None or u for p, u in zip(processes, up, strict=True)):
                break
            time.sleep(0.2)
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            process.wait(timeout=30)
    texts = [o.read_text() for o in outputs]
    for command, process, text in zip(commands, processes, texts, strict=True):
        assert "Traceback" not in text, (command, text)
        assert "Error" not in text, (command, text)
        if "list" in command:  # the command: done, maybe before any organiser was made
            assert process.returncode == 0, (command, process.returncode, text)
        else:  # the servers: up when stopped
            assert any(r in text for r in READY), (command, text)
            assert process.returncode in (0, -15), (command, process.returncode, text)
    return texts


def one_organiser(texts: list[str]) -> None:
    printed = [t for t in texts if "password" in t]
    assert len(printed) == 1, texts  # the process that made the organiser says its login


def test_processes_start_together_on_a_new_sqlite_store(tmp_path):
    db = tmp_path / "store" / "kolo.sqlite3"
    texts = start_together(environment(tmp_path, KOLO_DB=str(db)), tmp_path)
    one_organiser(texts)
    with sqlite3.connect(db) as connection:
        users = connection.execute("SELECT username FROM auth_user").fetchall()
        migrations = connection.execute("SELECT app, name FROM django_migrations").fetchall()
    assert users == [("admin",)]
    assert len(migrations) == len(set(migrations)) > 10
    assert len([t for t in texts if "new store at" in t]) == 1


@pytest.fixture
def postgres_database():
    """A new, empty PostgreSQL database on the test server (dropped after)."""
    url = os.environ.get("KOLO_TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("KOLO_REQUIRE_LEAGUE"):
            pytest.fail("KOLO_TEST_DATABASE_URL names no PostgreSQL server")
        pytest.skip("no PostgreSQL server here (KOLO_TEST_DATABASE_URL)")
    import psycopg

    name = f"kolo_start_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(url)
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_processes_start_together_on_a_new_postgresql_database(tmp_path, postgres_database):
    import psycopg

    env = environment(tmp_path, DATABASE_URL=postgres_database, KOLO_SECRET_KEY="tests-only")
    one_organiser(start_together(env, tmp_path))
    with psycopg.connect(postgres_database) as connection:
        users = connection.execute("SELECT username FROM auth_user").fetchall()
        migrations = connection.execute("SELECT app, name FROM django_migrations").fetchall()
    assert users == [("admin",)]
    assert len(migrations) == len(set(migrations)) > 10
