"""Two ``kolo serve`` processes on one store behind a proxy: the table-code limit holds across
both (an attacker's wrong codes count once) and keys on the client the proxy names (another
phone behind the same proxy goes on)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from tests.cli.test_concurrent_start import environment, free_port, postgres_database

pytestmark = [pytest.mark.league]
__all__ = ["postgres_database"]  # the fixture, for the PostgreSQL case

ALLOWED = 10  # selfreport.WRONG_CODES_ALLOWED (not imported: Django is not set up here)


def status(port: int, code: str, client: str) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/e/brno-2026/report/?code={code}",
        headers={"X-Forwarded-For": client},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except urllib.error.URLError:  # not listening yet
        return 0


def serve_two(env: dict[str, str], tmp_path) -> tuple[list[int], list[subprocess.Popen]]:
    kolo = [sys.executable, "-m", "kolo"]
    for args in (
        ["event", "new", "--ruleset", "dominion-cz", "--set", "self_reporting=true", "Brno 2026"],
        ["entrant", "add", "brno-2026", *"ABCDEFGH"],
        ["round", "pair", "brno-2026"],
    ):
        subprocess.run([*kolo, *args], env=env, check=True, capture_output=True, cwd=tmp_path)
    ports = [free_port(), free_port()]
    processes = [
        subprocess.Popen(
            [*kolo, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "2"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=tmp_path,
        )
        for port in ports
    ]
    deadline = time.monotonic() + 60
    for port in ports:
        while status(port, "", "10.0.0.1") != 200:
            assert time.monotonic() < deadline, "the servers did not start"
            assert all(p.poll() is None for p in processes)
            time.sleep(0.2)
    return ports, processes


def check_the_limit(ports: list[int], right_code: str) -> None:
    attacker = "10.9.9.9, 10.0.0.66"  # what it sent, then what the proxy appended
    statuses = [status(ports[i % 2], "WRONG1", attacker) for i in range(ALLOWED)]
    assert statuses == [404] * ALLOWED  # half on each process
    assert status(ports[0], right_code, "10.0.0.66") == 429
    assert status(ports[1], right_code, "10.0.0.66") == 429
    # another phone behind the same proxy, on either process
    assert status(ports[0], right_code, "10.0.0.67") == 200
    assert status(ports[1], "WRONG1", "10.0.0.67") == 404


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        process.wait(timeout=30)


def test_the_code_limit_holds_across_two_processes_on_sqlite(tmp_path):
    db = tmp_path / "kolo.sqlite3"
    env = environment(tmp_path, KOLO_DB=str(db), KOLO_TRUSTED_PROXIES="127.0.0.1")
    ports, processes = serve_two(env, tmp_path)
    try:
        with sqlite3.connect(db) as connection:
            (code,) = connection.execute("SELECT code FROM kolo_table LIMIT 1").fetchone()
        check_the_limit(ports, code)
    finally:
        stop(processes)


def test_the_code_limit_holds_across_two_processes_on_postgresql(tmp_path, postgres_database):
    import psycopg

    env = environment(
        tmp_path,
        DATABASE_URL=postgres_database,
        KOLO_SECRET_KEY="tests-only",
        KOLO_TRUSTED_PROXIES="127.0.0.1",
    )
    ports, processes = serve_two(env, tmp_path)
    try:
        with psycopg.connect(postgres_database) as connection:
            row = connection.execute("SELECT code FROM kolo_table LIMIT 1").fetchone()
        assert row is not None
        check_the_limit(ports, row[0])
    finally:
        stop(processes)
