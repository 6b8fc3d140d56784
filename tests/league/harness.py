"""The league's tests' harness: several ``kolo serve`` processes on one PostgreSQL
database, with a Redis of their own where ``redis-server`` is installed, started as a club's
admin would start them, and faults made to them (a process killed, the database or Redis
stopped).

- The PostgreSQL server is the one ``KOLO_TEST_DATABASE_URL`` names (``.ci/run`` starts
  one), else ``postgresql://kolo@localhost:54329/kolo``; each test gets a database of its
  own on it (cloned from a template made once per run: a 12-player event in its second
  round, self-reporting on, an organiser and an API token) and drops it after.
- The test that stops the database starts a PostgreSQL server of its own (``initdb`` into
  a temporary folder, as the ``postgres`` user when run as root, like ``.ci/run``): the
  shared server is never stopped.
- Without PostgreSQL or ``redis-server`` the tests that need them are skipped — unless
  ``KOLO_REQUIRE_LEAGUE`` is set (``.ci/run`` sets it), when they fail instead.

A failing test shows the output of every process it started.
"""

from __future__ import annotations

import contextlib
import glob
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

SERVER_URL = os.environ.get("KOLO_TEST_DATABASE_URL") or "postgresql://kolo@localhost:54329/kolo"
REQUIRED = bool(os.environ.get("KOLO_REQUIRE_LEAGUE"))

EVENT = "demo-dominion-cz-12"
"""The template's event: 12 players at four tables of three, round 2 open, results in."""
ROUND = 2
ADMIN = "admin"
ADMIN_PASSWORD = "league-tests-password"
SECRET_KEY = "kolo-league-tests-only"
TOKEN = "kolo_league-tests-" + "x" * 32
"""The organiser's API token in the template (only its hash is stored)."""
READY_SECONDS = 40.0
"""How long a process may take to answer its first page (a noisy CI machine)."""

SETUP_SCRIPT = """
import hashlib
from kolo.cli import main
for argv in (
    ["demo", "--players", "12", "--rounds", "2", "--seed", "7"],
    ["round", "reopen", "{event}"],
    ["event", "settings", "{event}", "--set", "self_reporting=true"],
):
    assert main(argv) == 0, argv
from django.contrib.auth import get_user_model
from kolo.store import models
user = get_user_model().objects.create_superuser("{admin}", email="", password="{password}")
models.ApiToken.objects.create(
    user=user, name="league", digest=hashlib.sha256(b"{token}").hexdigest()
)
"""


def missing(reason: str) -> None:
    """Skip (or, where the league's tests are required, fail) for want of a tool."""
    if REQUIRED:
        pytest.fail(f"{reason} (KOLO_REQUIRE_LEAGUE is set)")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url(server: str, name: str) -> str:
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, ""))


def sql(url: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run one statement on the database ``url`` names (autocommit); its rows, if any."""
    import psycopg

    with psycopg.connect(url, autocommit=True, connect_timeout=5) as connection:
        cursor = connection.execute(query, params or None)  # type: ignore[arg-type]
        return list(cursor.fetchall()) if cursor.description else []


# --- HTTP ----------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    text: str
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.text)


def request(
    port: int,
    path: str,
    *,
    method: str = "GET",
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10.0,
) -> Answer:
    """One request on a connection of its own (raises ``OSError`` when nobody answers)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        return Answer(response.status, text, {k.lower(): v for k, v in response.getheaders()})
    finally:
        connection.close()


def write_result(port: int, scores: dict[str, int], *, table: int, version: int) -> Answer:
    """A correction of the table's game 1 through the API (``version``: the one corrected)."""
    return request(
        port,
        f"/api/v1/events/{EVENT}/rounds/{ROUND}/tables/{table}/result",
        method="POST",
        body={"scores": scores, "game": 1, "version": version},
        headers={"Authorization": f"Bearer {TOKEN}"},
    )


def shown_scores(html: str) -> dict[str, int]:
    """The game points a round's page shows, by player id."""
    found = re.findall(r'/players/([^/"]+)/">[^<]*</a></td>\s*<td class="num">(-?\d+)</td>', html)
    return {code: int(points) for code, points in found}


# --- the processes -------------------------------------------------------------------


@dataclass
class Server:
    """One ``kolo serve`` process."""

    name: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def get(self, path: str, **options: Any) -> Answer:
        return request(self.port, path, **options)

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """``kill -9``: no goodbye, no cleanup."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)


def environment(database: str, **extra: str) -> dict[str, str]:
    """A process's environment: this one's, with the store and the cache named afresh."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("KOLO_") and k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        DATABASE_URL=database,
        KOLO_SECRET_KEY=SECRET_KEY,
        KOLO_ADMIN_PASSWORD=ADMIN_PASSWORD,
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


@dataclass
class League:
    """The processes of one test, and what else it started (all stopped at its end)."""

    folder: Path
    servers: list[Server] = field(default_factory=list)
    others: list[tuple[str, subprocess.Popen[bytes], Path]] = field(default_factory=list)
    cleanups: list[Callable[[], None]] = field(default_factory=list)
    more_logs: list[Callable[[], str]] = field(default_factory=list)

    def start(self, database: str, *, threads: int = 4, **env: str) -> Server:
        """Start one ``kolo serve`` (without waiting for it)."""
        port = free_port()
        name = f"kolo-{len(self.servers) + 1}"
        log = self.folder / f"{name}.log"
        command = [
            sys.executable,
            "-m",
            "kolo",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--threads",
            str(threads),
        ]
        with log.open("wb") as output:
            process = subprocess.Popen(
                command,
                env=environment(database, **env),
                stdout=output,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        server = Server(name, port, process, log)
        self.servers.append(server)
        return server

    def serve(self, database: str, count: int = 2, **env: str) -> list[Server]:
        """Start ``count`` processes on one database at once and wait until they serve."""
        started = [self.start(database, **env) for _ in range(count)]
        for server in started:
            wait_ready(server)
        return started

    def run(self, name: str, command: list[str], **popen: Any) -> subprocess.Popen[bytes]:
        """Start another process (a Redis, say) whose output the failure report shows."""
        log = self.folder / f"{name}.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                command, stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, **popen
            )
        self.others.append((name, process, log))
        return process

    def stop(self) -> None:
        for server in self.servers:
            if server.alive():
                server.process.terminate()
        for _name, process, _log in self.others:
            if process.poll() is None:
                process.terminate()
        for process in [s.process for s in self.servers] + [p for _n, p, _l in self.others]:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for cleanup in reversed(self.cleanups):
            cleanup()

    def logs(self) -> str:
        parts = []
        named = [(s.name, s.log) for s in self.servers] + [(n, log) for n, _p, log in self.others]
        for name, log in named:
            text = log.read_text("utf-8", "replace") if log.exists() else ""
            lines = text.splitlines()[-150:]
            parts.append(f"--- {name} ({log}) ---\n" + "\n".join(lines))
        parts.extend(more() for more in self.more_logs)
        return "\n".join(parts)


def wait_ready(server: Server, timeout: float = READY_SECONDS) -> None:
    """Until the process answers its home page with 200 (fails if it dies first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not server.alive():
            pytest.fail(f"{server.name} exited with {server.process.returncode} before serving")
        try:
            if server.get("/", timeout=5).status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    pytest.fail(f"{server.name} did not serve within {timeout:.0f} s")


# --- databases ---


@dataclass
class Databases:
    """Databases of one test on the shared server, dropped at its end."""

    server: str
    template: str
    made: list[str] = field(default_factory=list)

    def _new(self, clause: str) -> str:
        name = f"kolo_league_{os.getpid()}_{secrets.token_hex(4)}"
        sql(self.server, f'create database "{name}"{clause}')
        self.made.append(name)
        return database_url(self.server, name)

    def clone(self) -> str:
        """A database holding the template's event (the organiser, the token)."""
        return self._new(f' template "{self.template}"')

    def empty(self) -> str:
        """A new database: nothing in it, not even the tables."""
        return self._new("")

    def drop(self) -> None:
        for name in self.made:
            with contextlib.suppress(Exception):
                sql(self.server, f'drop database if exists "{name}" with (force)')


# --- Redis ---------------------------------------------------------------------------


def redis_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def redis_keys(port: int) -> int:
    """How many keys the Redis holds (``DBSIZE``)."""
    with socket.create_connection(("127.0.0.1", port), timeout=2) as connection:
        connection.sendall(b"DBSIZE\r\n")
        answer = connection.recv(64)
    assert answer.startswith(b":"), answer
    return int(answer[1:].strip())


@dataclass
class Redis:
    """A ``redis-server`` of the test's own on a free port (nothing saved to disk)."""

    league: League
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = [
            shutil.which("redis-server") or "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        self.process = self.league.run(f"redis-{len(self.league.others) + 1}", command)
        deadline = time.monotonic() + 10
        while not redis_ping(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("redis-server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        assert self.process is not None
        self.process.terminate()
        self.process.wait(timeout=10)


# --- a PostgreSQL server of the test's own -------------------------------------------


def postgres_bin() -> Path | None:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name or 0)
    )
    if found:
        return Path(found[-1])
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@dataclass
class OwnPostgres:
    """A PostgreSQL server in a temporary folder on a free port, to be stopped at will."""

    bin: Path
    folder: Path
    port: int = field(default_factory=free_port)

    def _as_owner(self, *command: str) -> list[str]:
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            return ["runuser", "-u", "postgres", "--", *command]
        return list(command)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def server_url(self) -> str:
        return f"postgresql://kolo@127.0.0.1:{self.port}/postgres"

    def init(self) -> None:
        subprocess.run(
            self._as_owner(
                str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "kolo"
            ),
            check=True,
            capture_output=True,
            timeout=120,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(
            self._as_owner(
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-l",
                str(self.folder / "log"),
                "-w",
                "-o",
                options,
                "start",
            ),
            check=True,
            capture_output=True,
            timeout=60,
        )

    def stop(self) -> None:
        subprocess.run(
            self._as_owner(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop"),
            capture_output=True,
            timeout=60,
        )

    def copy(self, source: str) -> str:
        """A database on this server holding what the database ``source`` holds."""
        name = "kolo"
        sql(self.server_url, f'create database "{name}"')
        target = database_url(self.server_url, name)
        dump = subprocess.Popen(
            [str(self.bin / "pg_dump"), "--no-owner", "--no-privileges", "-d", source],
            stdout=subprocess.PIPE,
        )
        subprocess.run(
            [str(self.bin / "psql"), "-q", "-v", "ON_ERROR_STOP=1", "-d", target],
            stdin=dump.stdout,
            check=True,
            capture_output=True,
            timeout=120,
        )
        assert dump.wait(timeout=60) == 0
        return target

    def log(self) -> str:
        path = self.folder / "log"
        return path.read_text("utf-8", "replace") if path.exists() else ""
