"""Fixtures of the league's tests (see ``harness``): a database per test cloned from a
template made once per run, the test's processes (their output shown when it fails), a
Redis and a PostgreSQL server of the test's own."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.league.harness import (
    ADMIN,
    ADMIN_PASSWORD,
    EVENT,
    SERVER_URL,
    SETUP_SCRIPT,
    TOKEN,
    Databases,
    League,
    OwnPostgres,
    Redis,
    database_url,
    environment,
    missing,
    postgres_bin,
    sql,
)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    logs = getattr(item, "league_logs", None)
    if report.failed and logs is not None:
        report.sections.append(("output of the processes", logs()))


# --- databases -----------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres() -> str:
    """The PostgreSQL server's address (skips, or fails where required, without one)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing("psycopg is not installed (pip install -e '.[postgres]')")
    try:
        sql(SERVER_URL, "select 1")
    except Exception as error:  # any failure to connect: no server here
        missing(f"no PostgreSQL server at {SERVER_URL}: {str(error).strip()}")
    return SERVER_URL


@pytest.fixture(scope="session")
def template(postgres: str) -> Iterator[str]:
    """A database made once per run for the tests to clone: migrated, the event in play."""
    name = f"kolo_league_template_{os.getpid()}_{secrets.token_hex(3)}"
    sql(postgres, f'create database "{name}"')
    url = database_url(postgres, name)
    try:
        script = SETUP_SCRIPT.format(event=EVENT, admin=ADMIN, password=ADMIN_PASSWORD, token=TOKEN)
        made = subprocess.run(
            [sys.executable, "-c", script],
            env=environment(url),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert made.returncode == 0, made.stdout + made.stderr
        yield name
    finally:
        sql(postgres, f'drop database if exists "{name}" with (force)')


@pytest.fixture
def databases(postgres: str, template: str) -> Iterator[Databases]:
    made = Databases(postgres, template)
    yield made
    made.drop()


@pytest.fixture
def league(
    request: pytest.FixtureRequest, databases: Databases, tmp_path: Path
) -> Iterator[League]:
    """The test's processes: started by the test, stopped (and their logs shown) after."""
    started = League(tmp_path)
    request.node.league_logs = started.logs
    yield started
    started.stop()


@pytest.fixture
def redis(league: League) -> Redis:
    if not shutil.which("redis-server"):
        missing("no redis-server here (apt-get install redis-server)")
    server = Redis(league)
    server.start()
    return server


@pytest.fixture
def own_postgres(league: League, postgres: str) -> OwnPostgres:
    """A PostgreSQL server of the test's own, running; removed after the test."""
    found = postgres_bin()
    if found is None or not (found / "initdb").exists():
        missing("no PostgreSQL server programs here (initdb, pg_ctl)")
    assert found is not None
    folder = Path(tempfile.mkdtemp(prefix="kolo-league-pg."))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    server = OwnPostgres(found, folder)
    league.cleanups.append(lambda: shutil.rmtree(folder, ignore_errors=True))
    league.more_logs.append(lambda: "--- own PostgreSQL ---\n" + server.log()[-5000:])
    server.init()
    server.start()
    league.cleanups.append(server.stop)
    return server
