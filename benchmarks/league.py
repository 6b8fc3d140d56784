"""A league's day: several server processes on one PostgreSQL database and a shared cache,
hundreds of phones reading, organisers writing results (issue 39).

Sets up a database of its own on the PostgreSQL server ``--postgres`` names (default
``KOLO_TEST_DATABASE_URL``, else ``postgresql://kolo@localhost:54329/kolo``; the database
is dropped at the end): six events of 60 players (``dominion-cz``, tables of three), each in
its third round, played by ``kolo demo`` and stored with ``kolo import``, the last round
reopened. The shared cache is a Redis (``KOLO_CACHE_URL`` if set, else a ``redis-server``
of its own on a free port where one is installed) or, without, whatever kolo uses when no
cache is named (``--cache database``). Then it starts ``--processes`` server processes
(default three; the command is ``--server``, default ``kolo serve``), asks each for every
event's pages once (a service has shown them before the day's peak) and, with no proxy in
front, spreads the phones over them round-robin.

1. With pauses, for ``--seconds`` (default 120): ``--phones`` phones (default 500), each
   on one event and one process with a keep-alive connection: a page (the tables, the
   standings or a player's page, a third each), the version poll every page makes, then
   a pause of ``--think`` seconds on average (uniform 0.5 … 2 × think − 0.5). Meanwhile an
   organiser corrects a result through the JSON API every ``--write-every`` seconds
   (default 1, each event and process in turn) and another runs ``kolo result`` every
   ``--cli-every`` seconds (default 3). After each write, every process is asked for the
   round's page until it shows the new scores: the staleness per process is the time
   from the write's acknowledgement until the first answer showing it has arrived (the
   page's own time included).
2. Saturated (no pause) for ``--saturated-seconds`` (default 20) with
   ``--saturated-clients`` readers (default 18), against one process and then against
   all of them, the writers as before: the throughput ratio, and the writes' latency.

Prints tables (latency percentiles per kind of request, errors, staleness per process,
the writes' latency, the targets of issue 39) and, with ``--json FILE`` (``-``: standard
output), the figures as JSON. The load generator runs on the same machine (threads of this
process, ``http.client``); the CPU each side used is printed.

    .venv/bin/python benchmarks/league.py                       # the full run
    .venv/bin/python benchmarks/league.py --seconds 20 --phones 100 --saturated-seconds 8
    .venv/bin/python benchmarks/league.py --server \\
        "{python} -m gunicorn -w 1 --threads 8 -b 127.0.0.1:{port} kolo.web.wsgi"

``--server`` is formatted with ``{python}`` (this interpreter) and ``{port}`` (a free port
per process). One server of several workers on one port is ``--processes 1`` with its
workers in the command (``gunicorn -w 3 …``): its figures are then one "process".
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import secrets
import shlex
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

EVENTS = 6
PLAYERS = 60
ROUNDS = 3
KEYS = [f"league-{n}" for n in range(1, EVENTS + 1)]
TOKEN = "kolo_league-benchmark-" + secrets.token_hex(16)
SERVE = "{python} -m kolo serve --host 127.0.0.1 --port {port} --threads 8"
TARGETS = {"page p95 ms": 150.0, "errors": 0, "staleness p95 s": 1.0, "write p95 ms": 300.0}

SETUP_SCRIPT = """
import hashlib, sys, tempfile, os
from kolo.cli import main
keys = sys.argv[1].split(",")
assert main(["demo", "--players", "{players}", "--rounds", "{rounds}", "--seed", "39"]) == 0
demo = "demo-dominion-cz-{players}"
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "event.json")
    assert main(["export", demo, "-o", path]) == 0
    for key in keys:
        assert main(["import", path, "--key", key]) == 0
        assert main(["round", "reopen", key]) == 0
assert main(["event", "delete", demo, "--yes"]) == 0
from django.contrib.auth import get_user_model
from kolo.store import models
user = get_user_model().objects.create_superuser("admin", email="", password="league-bench-pw")
models.ApiToken.objects.create(
    user=user, name="league", digest=hashlib.sha256(sys.argv[2].encode()).hexdigest()
)
"""


# --- set-up --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url(server: str, name: str) -> str:
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, ""))


def sql(url: str, query: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True, connect_timeout=5) as connection:
        connection.execute(query)  # type: ignore[arg-type]


def environment(database: str, cache_url: str | None) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("KOLO_") and k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        DATABASE_URL=database,
        KOLO_SECRET_KEY="kolo-league-benchmark",
        KOLO_ADMIN_PASSWORD="league-bench-pw",
        PYTHONUNBUFFERED="1",
    )
    if cache_url:
        env["KOLO_CACHE_URL"] = cache_url
    return env


def prepare(env: dict[str, str]) -> None:
    script = SETUP_SCRIPT.replace("{players}", str(PLAYERS)).replace("{rounds}", str(ROUNDS))
    made = subprocess.run(
        [sys.executable, "-c", script, ",".join(KEYS), TOKEN],
        env=env,
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        raise SystemExit("setting up the events failed:\n" + made.stdout + made.stderr)


def redis_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(64).startswith(b"+PONG")
    except OSError:
        return False


@contextlib.contextmanager
def own_redis() -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [
            shutil.which("redis-server") or "redis-server",
            *("--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not redis_ping(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("redis-server did not start")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait()


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    log: Path


def start_servers(command: str, count: int, env: dict[str, str], folder: Path) -> list[Server]:
    servers = []
    for index in range(count):
        port = free_port()
        log = folder / f"server-{index + 1}.log"
        argv = shlex.split(command.format(python=shlex.quote(sys.executable), port=port))
        with log.open("wb") as output:
            process = subprocess.Popen(
                argv, env=env, stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        servers.append(Server(port, process, log))
    for server in servers:
        deadline = time.monotonic() + 60
        while True:
            if server.process.poll() is not None:
                raise SystemExit(f"a server exited:\n{server.log.read_text()[-3000:]}")
            try:
                status, _ = get(server.port, "/")
                if status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"a server did not start:\n{server.log.read_text()[-3000:]}")
            time.sleep(0.1)
    return servers


def get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process and its waited-for children (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def family_cpu(pid: int) -> float:
    """CPU time of a process and its live children (gunicorn's workers)."""
    total = cpu_seconds(pid)
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            total += family_cpu(int(child))
    return total


# --- the load ------------------------------------------------------------------------


@dataclass
class Tally:
    """Latencies (seconds) per kind of request and per process, errors, staleness."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: dict[str, list[float]] = field(default_factory=dict)
    by_process: dict[int, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    errors_by_process: dict[int, int] = field(default_factory=dict)
    staleness: dict[int, list[float]] = field(default_factory=dict)
    unseen: dict[int, int] = field(default_factory=dict)

    def add(self, kind: str, process: int, seconds: float, problem: str | None) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            if kind not in ("api write", "cli write"):
                self.by_process.setdefault(process, []).append(seconds)
            if problem:
                self.errors[f"{kind}: {problem}"] = self.errors.get(f"{kind}: {problem}", 0) + 1
                self.errors_by_process[process] = self.errors_by_process.get(process, 0) + 1


class Phone:
    """One keep-alive connection to one process."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection: http.client.HTTPConnection | None = None

    def get(self, path: str, language: str = "en") -> tuple[int, bytes]:
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.connection.request("GET", path, headers={"Accept-Language": language})
                response = self.connection.getresponse()
                return response.status, response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # a kept-alive connection the server closed meanwhile: once more, anew
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            self.connection.request(
                "POST",
                path,
                body=json.dumps(body),
                headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"},
            )
            response = self.connection.getresponse()
            return response.status, response.read()
        except OSError:
            self.connection.close()
            self.connection = None
            raise


def pages(key: str, rng: random.Random) -> tuple[str, str]:
    return rng.choice(
        [
            ("tables", f"/e/{key}/tables/"),
            ("standings", f"/e/{key}/standings/"),
            ("player page", f"/e/{key}/players/p{rng.randint(1, PLAYERS)}/"),
        ]
    )


def timed(tally: Tally, kind: str, index: int, phone: Phone, path: str, language: str) -> None:
    started = time.perf_counter()
    try:
        status, _body = phone.get(path, language)
        problem = None if status == 200 else f"HTTP {status}"
    except OSError as error:
        if phone.connection is not None:
            phone.connection.close()
        phone.connection = None
        problem = type(error).__name__
    tally.add(kind, index, time.perf_counter() - started, problem)


def reader(tally: Tally, seed: int, port: int, index: int, until: float, think: float) -> None:
    """One phone: a page, the version poll, a pause; again until the time is up."""
    rng = random.Random(seed)
    key = KEYS[seed % len(KEYS)]
    language = "cs" if seed % 2 == 0 else "en"
    phone = Phone(port)
    if think:  # phones do not all start in the same millisecond
        time.sleep(min(rng.uniform(0, 2 * think), max(0.0, until - time.perf_counter())))
    while time.perf_counter() < until:
        kind, page = pages(key, rng)
        timed(tally, kind, index, phone, page, language)
        timed(tally, "version poll", index, phone, f"/e/{key}/version/", language)
        if think:
            pause = rng.uniform(min(0.5, think), 2 * think - min(0.5, think))
            time.sleep(min(pause, max(0.0, until - time.perf_counter())))
    if phone.connection is not None:
        phone.connection.close()


def shown_scores(html: str) -> dict[str, int]:
    found = re.findall(r'/players/([^/"]+)/">[^<]*</a></td>\s*<td class="num">(-?\d+)</td>', html)
    return {code: int(points) for code, points in found}


def watch_staleness(
    tally: Tally, servers: list[Server], key: str, scores: dict[str, int], acknowledged: float
) -> None:
    """Ask every process for the round's page until it shows ``scores`` (at most 10 s)."""

    def one(index: int, server: Server) -> None:
        phone = Phone(server.port)
        path = f"/e/{key}/rounds/{ROUNDS}/"
        while True:
            sent = time.perf_counter()
            if sent - acknowledged > 10:
                with tally.lock:
                    tally.unseen[index] = tally.unseen.get(index, 0) + 1
                return
            try:
                status, body = phone.get(path)
            except OSError:
                status, body = 0, b""
            if status == 200:
                shown = shown_scores(body.decode("utf-8", "replace"))
                if all(shown.get(p) == v for p, v in scores.items()):
                    # until a phone has it in hand: the page's own time included
                    seen = time.perf_counter() - acknowledged
                    with tally.lock:
                        tally.staleness.setdefault(index, []).append(seen)
                    return
            time.sleep(0.05)

    for index, server in enumerate(servers):
        threading.Thread(target=one, args=(index, server), daemon=True).start()


@dataclass
class Writes:
    """The open rounds' tables: seats and game 1's version, kept as writes are acknowledged."""

    seats: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    versions: dict[tuple[str, int], int] = field(default_factory=dict)
    last: dict[tuple[str, int], dict[str, int]] = field(default_factory=dict)
    count: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def read(self, port: int) -> None:
        for key in KEYS:
            status, body = get(port, f"/api/v1/events/{key}/rounds/{ROUNDS}")
            assert status == 200, body[:300]
            for table in json.loads(body)["tables"]:
                self.seats[key, table["number"]] = table["seats"]
                self.versions[key, table["number"]] = table["games"][0]["version"]

    def scores(self, key: str, table: int) -> dict[str, int]:
        """New game points, other than the table's last ones (a write that changes what
        the pages show)."""
        with self.lock:
            self.count += 1
            seats = self.seats[key, table]
            scores = {p: 5 + (self.count * 7 + i * 13) % 55 for i, p in enumerate(seats)}
            if scores == self.last.get((key, table)):
                scores[seats[0]] += 1
            self.last[key, table] = scores
            return scores


def api_writer(
    tally: Tally,
    servers: list[Server],
    writes: Writes,
    until: float,
    every: float,
    staleness: bool,
) -> None:
    """An organiser's tablet: a correction through the API every ``every`` seconds, each
    event and process in turn, on the tables of the first half of each round."""
    phones = [Phone(s.port) for s in servers]
    tables = sorted(t for k, t in writes.seats if k == KEYS[0])
    mine = tables[: len(tables) // 2]
    start = time.perf_counter()
    written = 0
    while True:
        due = start + written * every
        if due >= until:
            return
        time.sleep(max(0.0, due - time.perf_counter()))
        key = KEYS[written % len(KEYS)]
        number = mine[(written // len(KEYS)) % len(mine)]
        index = written % len(servers)
        scores = writes.scores(key, number)
        body = {"scores": scores, "game": 1, "version": writes.versions[key, number]}
        started = time.perf_counter()
        try:
            status, answer = phones[index].post(
                f"/api/v1/events/{key}/rounds/{ROUNDS}/tables/{number}/result", body
            )
            problem = None if status == 200 else f"HTTP {status}"
        except OSError as error:
            status, answer, problem = 0, b"", type(error).__name__
        acknowledged = time.perf_counter()
        tally.add("api write", index, acknowledged - started, problem)
        if status == 200:
            writes.versions[key, number] = json.loads(answer)["version"]
            if staleness:
                watch_staleness(tally, servers, key, scores, acknowledged)
        else:
            print(f"API write refused: {status} {answer[:300]!r}", file=sys.stderr)
            writes.read(servers[0].port)
        written += 1


def cli_writer(
    tally: Tally,
    servers: list[Server],
    writes: Writes,
    env: dict[str, str],
    until: float,
    every: float,
    staleness: bool,
) -> None:
    """Another organiser at a terminal: ``kolo result … --correct`` every ``every``
    seconds on the tables of the second half of each round (the whole command timed)."""
    tables = sorted(t for k, t in writes.seats if k == KEYS[0])
    mine = tables[len(tables) // 2 :]
    start = time.perf_counter()
    written = 0
    while True:
        due = start + written * every
        if due >= until:
            return
        time.sleep(max(0.0, due - time.perf_counter()))
        key = KEYS[written % len(KEYS)]
        number = mine[(written // len(KEYS)) % len(mine)]
        scores = writes.scores(key, number)
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "kolo", "result", key, str(ROUNDS), str(number)]
            + [f"{p}={v}" for p, v in scores.items()]
            + ["--correct"],
            env=env,
            capture_output=True,
            text=True,
        )
        acknowledged = time.perf_counter()
        problem = None if done.returncode == 0 else f"exit {done.returncode}"
        tally.add("cli write", 0, acknowledged - started, problem)
        if problem:
            print(f"kolo result failed: {done.stderr.strip()[:300]}", file=sys.stderr)
        elif staleness:
            watch_staleness(tally, servers, key, scores, acknowledged)
        written += 1


@dataclass
class Phase:
    name: str
    seconds: float
    tally: Tally
    server_cpu: float
    own_cpu: float


def run_phase(
    name: str,
    servers: list[Server],
    targets: list[Server],
    clients: int,
    seconds: float,
    think: float,
    env: dict[str, str],
    options: argparse.Namespace,
    staleness: bool,
) -> Phase:
    tally = Tally()
    writes = Writes()
    writes.read(servers[0].port)
    server_cpu = sum(family_cpu(s.process.pid) for s in servers)
    own_cpu = time.process_time()
    started = time.perf_counter()
    until = started + seconds
    threads = [
        threading.Thread(
            target=reader,
            args=(
                tally,
                seed,
                targets[seed % len(targets)].port,
                seed % len(targets),
                until,
                think,
            ),
        )
        for seed in range(clients)
    ]
    threads.append(
        threading.Thread(
            target=api_writer,
            args=(tally, targets, writes, until, options.write_every, staleness),
        )
    )
    if options.cli_every > 0:
        threads.append(
            threading.Thread(
                target=cli_writer,
                args=(tally, targets, writes, env, until, options.cli_every, staleness),
            )
        )
    for thread in threads:
        thread.start()
    for thread in threads[:clients]:
        thread.join()
    elapsed = time.perf_counter() - started  # the readers' time (the rates' divisor)
    server_cpu = sum(family_cpu(s.process.pid) for s in servers) - server_cpu
    own_cpu = time.process_time() - own_cpu
    for thread in threads[clients:]:  # a write begun before the end, and its watchers
        thread.join()
    time.sleep(2.0 if staleness else 0.0)
    return Phase(name, elapsed, tally, server_cpu, own_cpu)


# --- the report ----------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def summary(values: list[float], scale: float = 1000.0) -> dict[str, float]:
    if not values:
        return {"count": 0}
    return {
        "count": len(values),
        "p50": round(statistics.median(values) * scale, 1),
        "p95": round(percentile(values, 0.95) * scale, 1),
        "p99": round(percentile(values, 0.99) * scale, 1),
        "max": round(max(values) * scale, 1),
    }


PAGE_KINDS = ("tables", "standings", "player page")


def phase_figures(phase: Phase, processes: int) -> dict[str, Any]:
    tally = phase.tally
    full = [v for k in PAGE_KINDS for v in tally.latencies.get(k, [])]
    reads = full + tally.latencies.get("version poll", [])
    kinds = {k: summary(v) for k, v in tally.latencies.items()}
    kinds["all full pages"] = summary(full)
    return {
        "seconds": round(phase.seconds, 1),
        "pages_per_second": round(len(full) / phase.seconds, 1),
        "requests_per_second": round(len(reads) / phase.seconds, 1),
        "latency_ms": kinds,
        "errors": dict(tally.errors),
        "error_count": sum(tally.errors.values()),
        "per_process": {
            str(i + 1): {
                "requests": len(tally.by_process.get(i, [])),
                "latency_ms": summary(tally.by_process.get(i, [])),
                "errors": tally.errors_by_process.get(i, 0),
                "staleness_s": summary(tally.staleness.get(i, []), scale=1.0),
                "never_shown": tally.unseen.get(i, 0),
            }
            for i in range(processes)
        },
        "staleness_s": summary([v for vs in tally.staleness.values() for v in vs], scale=1.0),
        "cpu_seconds": {"servers": round(phase.server_cpu, 1), "load": round(phase.own_cpu, 1)},
    }


def print_phase(title: str, figures: dict[str, Any]) -> None:
    print(f"## {title}")
    print()
    print(
        f"{figures['seconds']:.0f} s: {figures['pages_per_second']} full pages/s, "
        f"{figures['requests_per_second']} requests/s; CPU: servers "
        f"{figures['cpu_seconds']['servers']} s, load generator {figures['cpu_seconds']['load']} s"
    )
    print()
    print("| request | count | p50 ms | p95 ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for kind, s in figures["latency_ms"].items():
        if s["count"]:
            print(f"| {kind} | {s['count']} | {s['p50']} | {s['p95']} | {s['p99']} | {s['max']} |")
    print()
    print(
        "| process | requests | p95 ms | errors | staleness p50 s | p95 s | max s | never shown |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, p in figures["per_process"].items():
        if not p["requests"]:
            continue
        st = p["staleness_s"]
        row = [st.get("p50", "–"), st.get("p95", "–"), st.get("max", "–")]
        print(
            f"| {name} | {p['requests']} | {p['latency_ms'].get('p95', '–')} | {p['errors']} "
            f"| {row[0]} | {row[1]} | {row[2]} | {p['never_shown']} |"
        )
    print()
    errors = figures["errors"]
    print("errors: " + (", ".join(f"{k}: {v}" for k, v in errors.items()) if errors else "none"))
    print()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=120.0, help="the run with pauses")
    parser.add_argument("--phones", type=int, default=500, help="phones reading, with pauses")
    parser.add_argument("--think", type=float, default=4.0, help="mean pause between pages, s")
    parser.add_argument("--processes", type=int, default=3, help="server processes")
    parser.add_argument("--server", default=SERVE, help="the command of one server process")
    parser.add_argument("--write-every", type=float, default=1.0, help="s between API writes")
    parser.add_argument(
        "--cli-every", type=float, default=3.0, help="s between kolo result (0: none)"
    )
    parser.add_argument("--saturated-seconds", type=float, default=20.0, help="0: skip that part")
    parser.add_argument("--saturated-clients", type=int, default=18, help="readers, no pause")
    parser.add_argument(
        "--cache",
        choices=["auto", "redis", "database"],
        default="auto",
        help="the shared cache: a Redis (KOLO_CACHE_URL or one of its own) or none named",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("KOLO_TEST_DATABASE_URL")
        or "postgresql://kolo@localhost:54329/kolo",
        help="a PostgreSQL server (the benchmark makes and drops a database of its own)",
    )
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON (-: print)")
    options = parser.parse_args()

    name = f"kolo_bench_league_{os.getpid()}"
    sql(options.postgres, f'create database "{name}"')
    database = database_url(options.postgres, name)
    with contextlib.ExitStack() as stack:
        stack.callback(sql, options.postgres, f'drop database if exists "{name}" with (force)')
        cache_url = os.environ.get("KOLO_CACHE_URL") if options.cache != "database" else None
        if options.cache != "database" and not cache_url and shutil.which("redis-server"):
            cache_url = stack.enter_context(own_redis())
        if options.cache == "redis" and not cache_url:
            raise SystemExit("no Redis: set KOLO_CACHE_URL or install redis-server")
        cache = "Redis" if cache_url else "none named (kolo's default)"
        env = environment(database, cache_url)
        print(f"preparing {EVENTS} events of {PLAYERS} players …", file=sys.stderr)
        prepare(env)
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        servers = start_servers(options.server, options.processes, env, folder)

        def stop() -> None:
            for server in servers:
                server.process.terminate()
            for server in servers:
                server.process.wait()

        stack.callback(stop)
        for server in servers:  # warm: a service has shown its pages before the day's peak
            for key in KEYS:
                for page in ("tables/", "standings/", f"rounds/{ROUNDS}/", "players/p1/"):
                    get(server.port, f"/e/{key}/{page}")
        load_before = os.getloadavg()[0]  # others' work on the machine shows in the tails
        print(f"{len(servers)} processes serve; phones reading …", file=sys.stderr)
        paused = run_phase(
            "with pauses",
            servers,
            servers,
            options.phones,
            options.seconds,
            options.think,
            env,
            options,
            staleness=True,
        )
        results: dict[str, Any] = {
            "setup": {
                "events": EVENTS,
                "players": PLAYERS,
                "processes": options.processes,
                "server": options.server,
                "cache": cache,
                "phones": options.phones,
                "think_s": options.think,
                "write_every_s": options.write_every,
                "cli_every_s": options.cli_every,
                "cores": os.cpu_count(),
                "load_average_before": round(load_before, 1),
            },
            "with_pauses": phase_figures(paused, len(servers)),
        }
        if options.saturated_seconds > 0:
            saturated = {}
            compared = [("one process", servers[:1]), ("all processes", servers)]
            for label, targets in compared if len(servers) > 1 else compared[:1]:
                print(f"saturated, {label} …", file=sys.stderr)
                phase = run_phase(
                    label,
                    servers,
                    targets,
                    options.saturated_clients,
                    options.saturated_seconds,
                    0.0,
                    env,
                    options,
                    staleness=False,
                )
                saturated[label] = phase_figures(phase, len(targets))
            one = saturated["one process"]["pages_per_second"]
            every = saturated.get("all processes", saturated["one process"])["pages_per_second"]
            results["saturated"] = saturated
            results["saturated_ratio"] = round(every / one, 2) if one else None

    results["setup"]["load_average_after"] = round(os.getloadavg()[0], 1)
    figures = results["with_pauses"]
    latency = figures["latency_ms"]
    checks = {
        "page p95 ms": ("page p95 ms", latency["all full pages"].get("p95")),
        "errors": ("errors", figures["error_count"]),
        "staleness p95 s": ("staleness p95 s", figures["staleness_s"].get("p95")),
        "API write p95 ms": ("write p95 ms", latency.get("api write", {}).get("p95")),
        "kolo result p95 ms (the whole command)": (
            "write p95 ms",
            latency.get("cli write", {}).get("p95"),
        ),
    }
    results["targets"] = {
        name: {
            "measured": value,
            "target": TARGETS[target],
            "met": value is not None and value <= TARGETS[target],
        }
        for name, (target, value) in checks.items()
        if value is not None or name == "page p95 ms"
    }
    if options.json == "-":
        print(json.dumps(results, indent=2))
        return
    setup = results["setup"]
    print(
        f"# A league's day: {setup['processes']} processes ({setup['server']}), PostgreSQL, "
        f"cache: {setup['cache']}; {EVENTS} events of {PLAYERS} players; "
        f"{setup['cores']} cores shared with the load generator (load average "
        f"{setup['load_average_before']} before, {setup['load_average_after']} after)"
    )
    print()
    print_phase(
        f"{options.phones} phones, a page every {options.think} s on average; "
        f"an API write every {options.write_every} s, kolo result every {options.cli_every} s",
        figures,
    )
    if "saturated" in results:
        for label, phase_result in results["saturated"].items():
            print_phase(
                f"saturated ({options.saturated_clients} readers, no pause): {label}", phase_result
            )
        if len(results["saturated"]) > 1:
            print(f"throughput, all processes against one: {results['saturated_ratio']}×")
        print()
    print("| target (issue 39) | measured | target | met |")
    print("| --- | --- | --- | --- |")
    for k, v in results["targets"].items():
        print(f"| {k} | {v['measured']} | ≤ {v['target']} | {'yes' if v['met'] else 'NO'} |")
    if options.json:
        Path(options.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        print(f"\nthe figures as JSON: {options.json}")


if __name__ == "__main__":
    main()
