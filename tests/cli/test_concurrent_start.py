"""Processes on one store, as a league serves: on SQLite and on PostgreSQL.

- Any number of processes start together on a new store without an error: the migrations
  applied once (one process at a time: PostgreSQL's advisory lock, a file lock beside the
  SQLite file), exactly one first organiser, its password printed by the process that made
  it. Every entry point at once: two ``kolo serve``, the WSGI module a process server
  imports (``kolo.web.wsgi``) and a command that opens the store.
- The two ``kolo serve`` then stand behind a proxy (``KOLO_TRUSTED_PROXIES``): the
  table-code limit holds across both (an attacker's wrong codes count once) and keys on the
  client the proxy names (another phone behind the same proxy goes on).

The processes start once per store (a module's fixture) for both checks: CI's time.
"""

from __future__ import annotations

import os
import secrets
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

pytestmark = [pytest.mark.league]

ROOT = Path(__file__).resolve().parents[2]
WSGI = "import kolo.web.wsgi; print('wsgi ready', flush=True)"
READY = ("on this computer", "wsgi ready")
WRONG_CODES_ALLOWED = 10  # selfreport's (not imported: Django is not set up here)
SEED = (
    "import sys; from kolo.cli import main; sys.exit(max(main(a) for a in ["
    "['event', 'new', '--ruleset', 'dominion-cz', '--set', 'self_reporting=true', 'Brno'],"
    "['entrant', 'add', 'brno', *'ABCDEFGH'], ['round', 'pair', 'brno']]))"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KOLO_", "DATABASE_URL"))}
    env |= {
        "PYTHONPATH": str(ROOT / "src"),
        "KOLO_LANG": "en",
        "KOLO_TRUSTED_PROXIES": "127.0.0.1",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    return env | extra


@dataclass
class League:
    env: dict[str, str]
    where: Path
    texts: list[str]
    ports: list[int]
    query: Callable[[str], list[tuple[Any, ...]]]


def start_together(env: dict[str, str], tmp_path: Path, query: Any) -> Iterator[League]:
    """Two ``kolo serve``, one import of ``kolo.web.wsgi``, one ``kolo user list``, all at
    once; once every one is up (or done), their outputs, the servers still serving."""
    kolo = [sys.executable, "-m", "kolo"]
    ports = [free_port(), free_port()]
    commands = [
        *(
            [*kolo, "serve", "--host", "127.0.0.1", "--port", str(p), "--threads", "2"]
            for p in ports
        ),
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
        texts = [o.read_text() for o in outputs]
        for command, process, text in zip(commands, processes, texts, strict=True):
            assert "Traceback" not in text, (command, text)
            assert "Error" not in text, (command, text)
            if "serve" in command:  # the servers: up and serving
                assert any(r in text for r in READY), (command, text)
                assert process.poll() is None, (command, process.returncode, text)
            else:  # the rest: done (the command maybe before any organiser was made)
                assert process.wait(timeout=60) == 0, (command, process.returncode, text)
        yield League(env, tmp_path, texts, ports, query)
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            process.wait(timeout=30)


@pytest.fixture(scope="module")
def sqlite_league(tmp_path_factory) -> Iterator[League]:
    tmp_path = tmp_path_factory.mktemp("sqlite-league")
    db = tmp_path / "store" / "kolo.sqlite3"

    def query(sql: str) -> list[tuple[Any, ...]]:
        with sqlite3.connect(db) as connection:
            return connection.execute(sql).fetchall()

    yield from start_together(environment(tmp_path, KOLO_DB=str(db)), tmp_path, query)


@pytest.fixture(scope="module")
def postgresql_league(tmp_path_factory) -> Iterator[League]:
    """The processes on a new, empty PostgreSQL database of the test server (dropped after)."""
    url = os.environ.get("KOLO_TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("KOLO_REQUIRE_LEAGUE"):
            pytest.fail("KOLO_TEST_DATABASE_URL names no PostgreSQL server")
        pytest.skip("no PostgreSQL server here (KOLO_TEST_DATABASE_URL)")
    import psycopg

    name = f"kolo_start_{secrets.token_hex(4)}"
    database = urlunsplit(urlsplit(url)._replace(path=f"/{name}"))

    def query(sql: str) -> list[tuple[Any, ...]]:
        with psycopg.connect(database) as connection:
            return connection.execute(sql).fetchall()

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        tmp_path = tmp_path_factory.mktemp("postgres-league")
        env = environment(tmp_path, DATABASE_URL=database, KOLO_SECRET_KEY="tests-only")
        yield from start_together(env, tmp_path, query)
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def league(request) -> League:
    return request.getfixturevalue(f"{request.param}_league")


def test_processes_start_together_on_a_new_store(league):
    printed = [t for t in league.texts if "password" in t]
    assert len(printed) == 1, league.texts  # the process that made the organiser says so
    assert league.query("SELECT username FROM auth_user") == [("admin",)]
    migrations = league.query("SELECT app, name FROM django_migrations")
    assert len(migrations) == len(set(migrations)) > 10  # each applied once
    if "KOLO_DB" in league.env:
        assert len([t for t in league.texts if "new store at" in t]) == 1


def status(port: int, code: str, client: str) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/e/brno/report/?code={code}",
        headers={"X-Forwarded-For": client},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_the_code_limit_holds_across_processes_and_keys_on_the_proxys_client(league):
    subprocess.run([sys.executable, "-c", SEED], env=league.env, check=True, capture_output=True)
    ((right,),) = league.query("SELECT code FROM kolo_table ORDER BY id LIMIT 1")
    first, second = league.ports
    attacker = "10.9.9.9, 10.0.0.66"  # what it sent, then what the proxy appended
    statuses = [status(league.ports[i % 2], "WRONG1", attacker) for i in range(WRONG_CODES_ALLOWED)]
    assert statuses == [404] * WRONG_CODES_ALLOWED  # half on each process
    assert status(first, right, "10.0.0.66") == 429
    assert status(second, right, "10.0.0.66") == 429
    # another phone behind the same proxy, on either process
    assert status(first, right, "10.0.0.67") == 200
    assert status(second, "WRONG1", "10.0.0.67") == 404
