"""kolo as a league's service: several ``kolo serve`` processes on one PostgreSQL database
(and one Redis where installed) — a write on one is shown by the others, the table-code
limit holds across them and keys on the client the proxy names, they start together on a
new database, and they live through faults: a process killed, the database or Redis
stopped for a while (issue 39).

Timings are bounds of the design (a process trusts an event's version for a second), given
some slack for a busy machine; the benchmark (``benchmarks/league.py``) measures them.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import kolo.store.migrations
from tests.league.harness import (
    EVENT,
    ROUND,
    Answer,
    Databases,
    League,
    OwnPostgres,
    Redis,
    Server,
    database_url,
    environment,
    redis_keys,
    shown_scores,
    sql,
    wait_ready,
    write_result,
)

pytestmark = pytest.mark.league

LIVE_SECONDS = 1.0
"""A write shows on every process within this (issue 39: live updates within 1 s)."""
REDIS_BACK_SECONDS = 2.0
"""Pages are current again this long after Redis is back (issue 39)."""
SLACK = 0.3
"""For the request's own way to the process and back on a busy machine."""
OUTAGE_SECONDS = float(os.environ.get("KOLO_LEAGUE_OUTAGE_SECONDS") or 3)
"""How long the database is stopped (issue 39 says ten seconds; the suite keeps it short:
``KOLO_LEAGUE_OUTAGE_SECONDS=10 pytest tests/league -k database`` runs the issue's)."""
ROUND_PAGE = f"/e/{EVENT}/rounds/{ROUND}/"
MIGRATIONS = Path(kolo.store.migrations.__file__).parent


def round_tables(server: Server) -> list[dict[str, Any]]:
    """The open round's tables through the API: seats and game 1's version."""
    answer = server.get(f"/api/v1/events/{EVENT}/rounds/{ROUND}")
    assert answer.status == 200, answer.text
    return list(answer.json()["tables"])


def correct(server: Server, table: dict[str, Any], scores: dict[str, int]) -> Answer:
    """The table's game 1 corrected through the API on ``server``, naming the version read."""
    version = table["games"][0]["version"]
    return write_result(server.port, scores, table=table["number"], version=version)


def scores_for(seats: list[str], base: int) -> dict[str, int]:
    """New game points for a table (distinct from one write to the next)."""
    return {player: base + 3 * i for i, player in enumerate(seats)}


def watch(
    server: Server, path: str, shows: Callable[[str], bool], since: float, within: float
) -> float:
    """Ask for the page until it shows what ``shows`` looks for; every request sent more
    than ``within`` (plus the slack) after ``since`` must show it. Returns how long after
    ``since`` the first request that showed it was sent."""
    while True:
        sent = time.monotonic()
        answer = server.get(path)
        assert answer.status == 200, (server.name, answer.status, answer.text[:300])
        if shows(answer.text):
            return sent - since
        late = sent - since
        assert late <= within + SLACK, (
            f"{server.name} still showed the old page for a request sent {late:.2f} s after "
            f"the write (allowed: {within} s)"
        )
        time.sleep(0.05)


def shows(scores: dict[str, int]) -> Callable[[str], bool]:
    return lambda html: all(shown_scores(html).get(p) == v for p, v in scores.items())


def cli(database: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kolo", *args],
        env=environment(database, **env),
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture(params=["database", "redis"])
def cache(request: pytest.FixtureRequest) -> dict[str, str]:
    """The shared cache the processes are given: none named (the database), or a Redis."""
    if request.param == "redis":
        redis: Redis = request.getfixturevalue("redis")
        return {"KOLO_CACHE_URL": redis.url}
    return {}


def test_a_write_on_one_process_shows_on_the_others(
    request: pytest.FixtureRequest, league: League, databases: Databases, cache: dict[str, str]
) -> None:
    database = databases.clone()
    one, other = league.serve(database, 2, **cache)
    table = round_tables(one)[0]
    # both have the page in their cache before the write
    for server in (one, other):
        assert server.get(ROUND_PAGE).status == 200
    if "KOLO_CACHE_URL" in cache:
        redis: Redis = request.getfixturevalue("redis")
        assert redis_keys(redis.port) > 0, "the processes keep their cache in the Redis named"

    # through the API on one process: shown by the other
    written = scores_for(table["seats"], 61)
    answer = correct(one, table, written)
    acknowledged = time.monotonic()
    assert answer.status == 200, answer.text
    watch(other, ROUND_PAGE, shows(written), acknowledged, LIVE_SECONDS)
    watch(one, ROUND_PAGE, shows(written), acknowledged, LIVE_SECONDS)

    # through the command line (no process asked at all): shown by both
    again = scores_for(table["seats"], 17)
    done = cli(
        database,
        "result",
        EVENT,
        str(ROUND),
        str(table["number"]),
        *(f"{p}={v}" for p, v in again.items()),
        "--correct",
        **cache,
    )
    acknowledged = time.monotonic()
    assert done.returncode == 0, done.stdout + done.stderr
    for server in (one, other):
        watch(server, ROUND_PAGE, shows(again), acknowledged, LIVE_SECONDS)


NOT_A_CODE = "1111O0"
"""Never a table's code: codes have no 1, O or 0 (they could be misread)."""


def test_the_code_limit_holds_across_processes_and_keys_on_the_proxys_client(
    league: League, databases: Databases
) -> None:
    from kolo.web.views.selfreport import WRONG_CODES_ALLOWED

    database = databases.clone()
    # behind the proxy every request comes from 127.0.0.1, naming its client
    one, other = league.serve(database, 2, KOLO_TRUSTED_PROXIES="127.0.0.1")
    [(code,)] = sql(
        database,
        "select t.code from kolo_table t join kolo_round r on t.round_id = r.id "
        "join kolo_event e on r.event_id = e.id where e.key = %s and r.number = %s "
        "and t.number = 1",
        EVENT,
        ROUND,
    )

    def attempt(server: Server, phone: str, tried: str) -> int:
        path = f"/e/{EVENT}/report/?code={tried}"
        return server.get(path, headers={"X-Forwarded-For": phone}).status

    # an attacker's wrong codes, split over the two processes, count together
    attacker, player = "198.51.100.7", "203.0.113.20"
    for tried in range(WRONG_CODES_ALLOWED):
        server = (one, other)[tried % 2]
        assert attempt(server, attacker, NOT_A_CODE) == 404, f"try {tried + 1}"
    assert attempt(one, attacker, NOT_A_CODE) == 429
    assert attempt(other, attacker, NOT_A_CODE) == 429
    assert attempt(other, attacker, code) == 429, "the right code waits too, once limited"

    # another phone behind the same proxy is not blocked, on either process
    assert attempt(one, player, code) == 200
    assert attempt(other, player, code) == 200
    assert attempt(other, player, NOT_A_CODE) == 404


def test_processes_started_together_on_a_new_database_all_serve(
    league: League, databases: Databases
) -> None:
    database = databases.empty()
    started = [league.start(database) for _ in range(2)]
    for server in started:
        wait_ready(server)
    assert all(server.alive() for server in started)
    # one organiser, made by one of them
    assert sql(database, "select username, is_superuser from auth_user") == [("admin", True)]
    for server in started:
        output = server.log.read_text("utf-8", "replace")
        assert "Traceback" not in output, output
        assert server.get("/login/").status == 200
    # migrated whole: every migration kolo ships applied once
    shipped = {path.stem for path in MIGRATIONS.glob("0*.py")}
    applied = [
        name for (name,) in sql(database, "select name from django_migrations where app = 'kolo'")
    ]
    assert sorted(applied) == sorted(shipped)


def test_a_process_killed_under_load_loses_no_acknowledged_write(
    league: League, databases: Databases
) -> None:
    database = databases.clone()
    victim, survivor = league.serve(database, 2)
    tables = round_tables(survivor)
    versions = {t["number"]: t["games"][0]["version"] for t in tables}
    seats = {t["number"]: t["seats"] for t in tables}
    killed = threading.Event()
    finished = threading.Event()
    lock = threading.Lock()
    acknowledged: list[dict[str, int]] = []
    acknowledged_after: list[bool] = []  # acknowledged after the kill?
    survivor_answers: list[tuple[bool, int]] = []  # (after the kill?, status)
    problems: list[str] = []

    def phone(seed: int) -> None:
        paths = [ROUND_PAGE, f"/e/{EVENT}/standings/", f"/e/{EVENT}/players/p{seed + 1}/"]
        turn = 0
        while not finished.is_set():
            path = paths[turn % len(paths)]
            after = killed.is_set()
            try:
                status = survivor.get(path).status
            except OSError as error:
                status = -1
                problems.append(f"the survivor did not answer {path}: {error}")
            with lock:
                survivor_answers.append((after, status))
            if not killed.is_set():
                with contextlib.suppress(OSError):  # the victim's requests fail once it is gone
                    victim.get(path)
            turn += 1
            time.sleep(0.1)

    def organiser() -> None:
        count = 0
        while not finished.is_set():
            after = killed.is_set()
            count += 1
            number = 1 + count % len(seats)
            server = victim if count % 2 and not killed.is_set() else survivor
            written = scores_for(seats[number], count)  # distinct from every other write
            try:
                answer: Answer | None = write_result(
                    server.port, written, table=number, version=versions[number]
                )
            except OSError:
                answer = None  # no answer: the write may or may not be in
            try:
                if answer is not None and answer.status == 200:
                    versions[number] = answer.json()["version"]
                    with lock:
                        acknowledged.append(written)
                        acknowledged_after.append(after)
                elif answer is None or answer.status == 409:
                    # unanswered (in or not), or outrun by a write that went in unanswered
                    versions.update(
                        {t["number"]: t["games"][0]["version"] for t in round_tables(survivor)}
                    )
                else:
                    problems.append(f"write refused: {answer.status} {answer.text[:300]}")
            except (OSError, AssertionError) as error:
                problems.append(f"the survivor failed the organiser: {error}")
            time.sleep(0.05)

    workers = [threading.Thread(target=phone, args=(i,)) for i in range(3)]
    workers.append(threading.Thread(target=organiser))
    for worker in workers:
        worker.start()
    try:
        time.sleep(1.5)
        victim.kill()
        killed.set()
        time.sleep(1.5)
    finally:
        finished.set()
        for worker in workers:
            worker.join(timeout=30)

    assert not victim.alive()
    assert survivor.alive()
    assert not problems, problems
    assert any(after for after, _status in survivor_answers), "phones read after the kill"
    assert {status for _after, status in survivor_answers} == {200}, survivor_answers
    assert False in acknowledged_after, "writes acknowledged before the kill"
    assert True in acknowledged_after, "and after it"
    # every acknowledged write is in the audit trail ...
    trail = [
        after
        for (after,) in sql(
            database,
            "select after from kolo_auditentry where event_key = %s and via = 'api' order by id",
            EVENT,
        )
    ]
    written_in = [entry.get("scores") for entry in trail]
    for written in acknowledged:
        assert written in written_in, written
    # ... and what each table shows is its last acknowledged write or one made after it
    for table in round_tables(survivor):
        stored = table["games"][0]["scores"]
        mine = [w for w in acknowledged if set(w) == set(table["seats"])]
        if mine:
            assert stored in written_in[written_in.index(mine[-1]) :], (stored, mine[-1])


def test_the_database_stopped_a_while_gives_try_again_and_recovers(
    league: League, template: str, databases: Databases, own_postgres: OwnPostgres
) -> None:
    database = own_postgres.copy(database_url(databases.server, template))
    one, other = league.serve(database, 2)
    standings = f"/e/{EVENT}/standings/"
    for server in (one, other):
        assert server.get(standings).status == 200

    own_postgres.stop()
    stopped = time.monotonic()
    while True:
        for server in (one, other):
            # a page no process has rendered: nothing to serve but the "try again" page
            answer = server.get(f"/e/{EVENT}/players/p5/")
            assert answer.status == 503, (server.name, answer.status, answer.text[:500])
            assert "try again" in answer.text.lower(), answer.text[:500]
            assert "Traceback" not in answer.text
            assert server.get("/healthz").status == 503
            assert server.alive()
        if time.monotonic() - stopped >= OUTAGE_SECONDS:
            break
        time.sleep(0.5)
    own_postgres.start()
    back = time.monotonic()

    # the same processes serve again, pages and writes, without a restart
    for server in (one, other):
        while (answer := server.get(f"/e/{EVENT}/players/p5/")).status != 200:
            assert time.monotonic() - back < 10, (server.name, answer.status, answer.text[:300])
            time.sleep(0.1)
        assert server.get(standings).status == 200
        assert server.get("/healthz").status == 200
        assert server.alive()
    table = round_tables(other)[0]
    written = scores_for(table["seats"], 44)
    answer = correct(one, table, written)
    assert answer.status == 200, answer.text
    watch(other, ROUND_PAGE, shows(written), time.monotonic(), LIVE_SECONDS)


def test_redis_stopped_pages_are_served_and_current_again_once_it_is_back(
    league: League, databases: Databases, redis: Redis
) -> None:
    database = databases.clone()
    one, other = league.serve(database, 2, KOLO_CACHE_URL=redis.url)
    for server in (one, other):
        assert server.get(ROUND_PAGE).status == 200
    assert redis_keys(redis.port) > 0, "the processes keep their cache in the Redis named"

    redis.stop()
    table = round_tables(one)[0]
    during = scores_for(table["seats"], 23)
    answer = write_result(
        one.port, during, table=table["number"], version=table["games"][0]["version"]
    )
    assert answer.status == 200, answer.text
    for server in (one, other):
        for path in (ROUND_PAGE, f"/e/{EVENT}/standings/", f"/e/{EVENT}/players/p7/"):
            answer = server.get(path)
            assert answer.status == 200, (server.name, path, answer.status, answer.text[:300])

    redis.start()  # a new, empty Redis on the same port
    back = time.monotonic()
    for server in (one, other):
        watch(server, ROUND_PAGE, shows(during), back, REDIS_BACK_SECONDS)
    # and a write after its return is shown everywhere as before
    table = round_tables(other)[0]
    after = scores_for(table["seats"], 31)
    answer = write_result(
        other.port, after, table=table["number"], version=table["games"][0]["version"]
    )
    acknowledged = time.monotonic()
    assert answer.status == 200, answer.text
    for server in (one, other):
        watch(server, ROUND_PAGE, shows(after), acknowledged, LIVE_SECONDS)
    # the processes ask Redis again a moment after their last failed try (not at once):
    # within the two seconds they keep pages in it again
    deadline = back + REDIS_BACK_SECONDS
    while redis_keys(redis.port) == 0 and time.monotonic() < deadline:
        for server in (one, other):
            assert server.get(ROUND_PAGE).status == 200
        time.sleep(0.05)
    assert redis_keys(redis.port) > 0, "the processes use the Redis again"
