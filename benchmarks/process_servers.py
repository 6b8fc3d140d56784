"""Which process server for a league: several ``kolo serve`` (waitress) processes, or gunicorn
with ``kolo.web.wsgi`` (sync or gthread workers), on one PostgreSQL database.

Starts every setup at once on ports of its own (an idle server costs no CPU), then, turn by
turn (so that the machine's noise falls on each alike), loads each for ``--seconds`` at a
fixed concurrency: ``--concurrency`` clients, each with a keep-alive ``http.client``
connection, alternating a 60-player event's standings page and a player's own page (the
phone page, a player at random), with no pause between requests. The clients are split over
two processes of their own (one would be held up by its own lock). waitress processes each
listen on a port; the clients spread over them as a proxy would (each client keeps one
process); gunicorn listens on one port and its workers share it.

Prints, per setup, the median over ``--runs`` turns of pages per second and the 95th
percentile of each page's time, errors, and the ratios to waitress. Not a test: the figures
depend on the machine (two shared cores here: load from others moves them by tens of
percent, so compare the ratios of one run).

    .venv/bin/python benchmarks/process_servers.py                      # 3 processes, 32 clients
    .venv/bin/python benchmarks/process_servers.py --processes 2 --concurrency 64 --runs 5
    .venv/bin/python benchmarks/process_servers.py --database-url postgresql://kolo@host/db

Without ``--database-url`` it makes a database of its own on the PostgreSQL server at
``postgresql://kolo@localhost:54329/kolo`` and drops it at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

SRC = str(Path(__file__).resolve().parent.parent / "src")
SERVER = "postgresql://kolo@localhost:54329/kolo"
KEY = "demo-dominion-cz-60"
CODES_SCRIPT = """
from kolo.web import bootstrap
bootstrap.setup()
from kolo.store import models
print(" ".join(models.Entrant.objects.filter(event__key="%s").values_list("code", flat=True)))
"""


@dataclass
class Setup:
    name: str
    commands: list[list[str]]
    ports: list[int]


def environment(url: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "DATABASE_URL": url,
        "KOLO_SECRET_KEY": "process-servers-benchmark",
        "KOLO_ADMIN_PASSWORD": "benchmark-admin-1",
        "KOLO_ALLOWED_HOSTS": "*",
    }


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    """The database to use: the one given, or a new one, dropped at the end."""
    if url:
        yield url
        return
    import psycopg

    name = f"kolo_bench_servers_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(SERVER)._replace(path="/" + name))
    finally:
        with psycopg.connect(SERVER, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def prepare(url: str) -> list[str]:
    """A 60-player event with three rounds played; its entrants' codes."""
    env = environment(url)
    kolo = [sys.executable, "-m", "kolo"]
    subprocess.run(
        [*kolo, "demo", "--players", "60", "--rounds", "3"],
        env=env,
        check=True,
        capture_output=True,
    )
    # an organiser already: no process makes the first one (two at once could both try)
    subprocess.run(
        [*kolo, "user", "add", "organiser", "--password", "benchmark-organiser-1"],
        env=env,
        check=True,
        capture_output=True,
    )
    done = subprocess.run(
        [sys.executable, "-c", CODES_SCRIPT % KEY],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.split()


def setups(processes: int, base_port: int) -> list[Setup]:
    python = sys.executable
    waitress_ports = [base_port + i for i in range(processes)]
    gunicorn = [python, "-m", "gunicorn", "-w", str(processes), "--log-level", "warning"]
    return [
        Setup(
            f"waitress ×{processes} (kolo serve)",
            [
                [python, "-m", "kolo", "serve", "--host", "127.0.0.1", "--port", str(port)]
                for port in waitress_ports
            ],
            waitress_ports,
        ),
        Setup(
            f"gunicorn sync ×{processes}",
            [
                [
                    *gunicorn,
                    "-k",
                    "sync",
                    "-b",
                    f"127.0.0.1:{base_port + 10}",
                    "kolo.web.wsgi:application",
                ]
            ],
            [base_port + 10],
        ),
        Setup(
            f"gunicorn gthread ×{processes} (8 threads)",
            [
                [
                    *gunicorn,
                    "-k",
                    "gthread",
                    "--threads",
                    "8",
                    "-b",
                    f"127.0.0.1:{base_port + 20}",
                    "kolo.web.wsgi:application",
                ]
            ],
            [base_port + 20],
        ),
    ]


def wait_ready(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", f"/e/{KEY}/standings/")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"nothing answers on port {port}")


def _client(args: tuple[list[int], int, list[str], float, int]) -> tuple[list, list, int, int]:
    """One load process: ``threads`` clients for ``seconds``; the times of each page."""
    import threading

    ports, threads, codes, seconds, seed = args
    standings: list[float] = []
    phone: list[float] = []
    errors = [0]
    done = [0]
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def run(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        port = ports[(seed * threads + index) % len(ports)]
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine_s: list[float] = []
        mine_p: list[float] = []
        failed = 0
        turn = index
        while time.monotonic() < stop_at:
            turn += 1
            is_phone = turn % 2 == 1
            path = f"/e/{KEY}/players/{rng.choice(codes)}/" if is_phone else f"/e/{KEY}/standings/"
            start = time.perf_counter()
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                connection.close()
                ok = False
            took = time.perf_counter() - start
            if not ok:
                failed += 1
            (mine_p if is_phone else mine_s).append(took)
        with lock:
            standings.extend(mine_s)
            phone.extend(mine_p)
            errors[0] += failed
            done[0] += len(mine_s) + len(mine_p)

    workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return standings, phone, errors[0], done[0]


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return float("nan")
    return statistics.quantiles(values, n=20)[-1] * 1000


def load(setup: Setup, codes: list[str], concurrency: int, seconds: float, pool) -> dict:
    loaders = 2
    parts = pool.map(
        _client,
        [(setup.ports, concurrency // loaders, codes, seconds, i) for i in range(loaders)],
    )
    standings = [t for part in parts for t in part[0]]
    phone = [t for part in parts for t in part[1]]
    return {
        "rate": sum(p[3] for p in parts) / seconds,
        "standings": p95(standings),
        "phone": p95(phone),
        "errors": sum(p[2] for p in parts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--port", type=int, default=8850, help="the first of the ports used")
    parser.add_argument("--database-url", default=None)
    options = parser.parse_args()

    with database(options.database_url) as url:
        codes = prepare(url)
        env = environment(url)
        chosen = setups(options.processes, options.port)
        started: list[subprocess.Popen] = []
        try:
            for setup in chosen:
                for command in setup.commands:
                    started.append(
                        subprocess.Popen(
                            command,
                            env=env,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL,
                        )
                    )
            for setup in chosen:
                for port in setup.ports:
                    wait_ready(port)
            results: dict[str, list[dict]] = {s.name: [] for s in chosen}
            context = multiprocessing.get_context("fork")
            with context.Pool(2) as pool:
                for setup in chosen:  # warm: every process has rendered and cached the pages
                    load(setup, codes, options.concurrency, 2, pool)
                for turn in range(options.runs):
                    for setup in chosen if turn % 2 == 0 else reversed(chosen):
                        results[setup.name].append(
                            load(setup, codes, options.concurrency, options.seconds, pool)
                        )
        finally:
            for process in started:
                process.terminate()
            for process in started:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=10)
    print(
        f"{options.processes} processes, {options.concurrency} clients without pauses, "
        f"{options.runs} turns of {options.seconds:g} s each; medians; PostgreSQL, "
        f"cache per process; {os.cpu_count()} cores shared with the clients"
    )
    head = f"{'setup':34} {'pages/s':>8} {'(min–max)':>11} {'p95 standings':>14} {'p95 phone':>10} {'errors':>7} {'× waitress':>11}"
    print(head)
    print("-" * len(head))
    base = None
    for setup in chosen:
        runs = results[setup.name]
        rate = statistics.median(r["rate"] for r in runs)
        base = base or rate
        low, high = min(r["rate"] for r in runs), max(r["rate"] for r in runs)
        print(
            f"{setup.name:34} {rate:8.0f} {f'({low:.0f}–{high:.0f})':>11} "
            f"{statistics.median(r['standings'] for r in runs):11.1f} ms "
            f"{statistics.median(r['phone'] for r in runs):7.1f} ms "
            f"{sum(r['errors'] for r in runs):7d} {rate / base:10.2f}×"
        )


if __name__ == "__main__":
    main()
