"""Load on the players' pages while results arrive: one round of 100 players, many phones.

Starts ``kolo serve`` (waitress, SQLite) on loopback with a 100-player ``dominion-cz``
event whose round 6 is being played (half its tables without a result), then for a fixed
time:

- ``--clients`` phones (default 50) read full pages over keep-alive connections: each
  fetches the tables, the standings or a player's page (a third each; the player at
  random among the hundred), then the version poll every page makes, then waits a random
  think time (uniform 0 … 2 × ``--think`` seconds, default mean 1 s; ``--think 0``: as
  fast as they go). Half the phones ask for Czech, half for English.
- one organiser's tablet enters a result through the JSON API every ``--write-every``
  seconds (default 2): the next table of round 6 in turn, with new scores each time, so
  every write changes the event (an entry or a correction) and every page goes stale.

Prints the latency percentiles per kind of request (each kind of full page, all of them,
the version polls, the result writes), the throughput, the status codes other than 200, and the CPU time the server and
this load generator used (they share the machine's cores). The clients are threads of
this process, each with one ``http.client`` keep-alive connection, mostly asleep in their
think time; with ``--think 0`` they cost the server a good share of the machine.

    .venv/bin/python benchmarks/web_load.py --clients 50 --seconds 60
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PORT = 8799
KEY = "demo-dominion-cz-100"
TOKEN_SCRIPT = """
import sys
from kolo.web import bootstrap
bootstrap.setup()
from django.contrib.auth import get_user_model
from kolo.web.views.api import new_token
user = get_user_model().objects.create_superuser("admin", email="", password="load-test-pw")
print(new_token(user, "load"))
"""


def environment(db: Path) -> dict[str, str]:
    return {**os.environ, "KOLO_DB": str(db), "KOLO_SECRET_KEY": "load-test"}


def prepare(db: Path) -> str:
    """A 100-player event in round 6 with half its tables open, and an API token."""
    env = environment(db)
    run = [sys.executable, "-m", "kolo"]
    subprocess.run(
        [*run, "demo", "--players", "100", "--rounds", "6", "--seed", "3"],
        env=env,
        check=True,
        capture_output=True,
    )
    subprocess.run([*run, "round", "reopen", KEY], env=env, check=True, capture_output=True)
    for number in range(1, 13):
        subprocess.run(
            [*run, "result", KEY, "6", str(number), "--clear"],
            env=env,
            check=True,
            capture_output=True,
        )
    made = subprocess.run(
        [sys.executable, "-c", TOKEN_SCRIPT], env=env, check=True, capture_output=True, text=True
    )
    return made.stdout.strip().splitlines()[-1]


def serve(db: Path, threads: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kolo",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(PORT),
            "--threads",
            str(threads),
        ],
        env=environment(db),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=1)
            connection.request("GET", "/")
            connection.getresponse().read()
            return process
        except OSError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("the server did not start")


class Tally:
    """Latencies per kind of request and the answers other than 200, from all threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {
            "tables": [],
            "standings": [],
            "player page": [],
            "version poll": [],
            "write": [],
        }
        self.bad: dict[str, int] = {}

    def add(self, kind: str, values: list[float], bad: dict[str, int]) -> None:
        with self.lock:
            self.latencies[kind].extend(values)
            for name, count in bad.items():
                self.bad[name] = self.bad.get(name, 0) + count


def timed_get(
    connection: http.client.HTTPConnection, path: str, language: str
) -> tuple[float, int]:
    started = time.perf_counter()
    connection.request("GET", path, headers={"Accept-Language": language})
    response = connection.getresponse()
    response.read()
    return time.perf_counter() - started, response.status


def reader(tally: Tally, seed: int, until: float, think: float) -> None:
    """One phone: a full page, the version poll, a pause; again until the time is up."""
    rng = random.Random(seed)
    language = "cs" if seed % 2 == 0 else "en"
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    times: dict[str, list[float]] = {kind: [] for kind in tally.latencies if kind != "write"}
    bad: dict[str, int] = {}
    # phones do not all start in the same millisecond
    time.sleep(rng.uniform(0, 2 * think) if think else 0)
    while time.perf_counter() < until:
        kind, page = rng.choice(
            [
                ("tables", f"/e/{KEY}/tables/"),
                ("standings", f"/e/{KEY}/standings/"),
                ("player page", f"/e/{KEY}/players/p{rng.randint(1, 100)}/"),
            ]
        )
        for path, into in ((page, kind), (f"/e/{KEY}/version/", "version poll")):
            elapsed, status = timed_get(connection, path, language)
            times[into].append(elapsed)
            if status != 200:
                name = f"GET {into} {status}"
                bad[name] = bad.get(name, 0) + 1
        if think:
            time.sleep(rng.uniform(0, 2 * think))
    for kind, values in times.items():
        tally.add(kind, values, {})
    tally.add("version poll", [], bad)


def writer(tally: Tally, token: str, until: float, every: float) -> int:
    """The organiser's tablet: a result through the API every ``every`` seconds."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    connection.request("GET", f"/api/v1/events/{KEY}/rounds/6")
    round_ = json.loads(connection.getresponse().read())
    tables = [(t["number"], t["seats"]) for t in round_["tables"]]
    # a correction names the version it corrects (the API answers 428 without it)
    versions = {t["number"]: t["games"][0]["version"] for t in round_["tables"] if t["games"]}
    latencies: list[float] = []
    bad: dict[str, int] = {}
    written = 0
    start = time.perf_counter()
    while True:
        due = start + written * every
        if due >= until:
            break
        time.sleep(max(0.0, due - time.perf_counter()))
        number, seats = tables[written % len(tables)]
        scores = {p: 20 + (written + i * 7) % 40 for i, p in enumerate(seats)}
        sent: dict[str, object] = {"scores": scores, "game": 1}
        if number in versions:
            sent["version"] = versions[number]
        body = json.dumps(sent)
        started = time.perf_counter()
        connection.request(
            "POST",
            f"/api/v1/events/{KEY}/rounds/6/tables/{number}/result",
            body=body,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        response = connection.getresponse()
        answer = response.read()
        latencies.append(time.perf_counter() - started)
        if response.status == 200:
            versions[number] = json.loads(answer)["version"]
        else:
            name = f"POST result {response.status}"
            bad[name] = bad.get(name, 0) + 1
            print(f"{name}: {answer[:300]!r}", file=sys.stderr)
        written += 1
    tally.add("write", latencies, bad)
    return written


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=50, help="phones reading pages")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the run")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause between reads, s")
    parser.add_argument("--write-every", type=float, default=2.0, help="seconds between results")
    parser.add_argument("--threads", type=int, default=8, help="kolo serve --threads")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite3"
        print("preparing a 100-player event …", file=sys.stderr)
        token = prepare(db)
        server = serve(db, options.threads)
        try:
            tally = Tally()
            server_cpu = cpu_seconds(server.pid)
            own_cpu = time.process_time()
            started = time.perf_counter()
            until = started + options.seconds
            written: list[int] = []
            pen = threading.Thread(
                target=lambda: written.append(writer(tally, token, until, options.write_every))
            )
            phones = [
                threading.Thread(target=reader, args=(tally, i, until, options.think))
                for i in range(options.clients)
            ]
            pen.start()
            for phone in phones:
                phone.start()
            for phone in phones:
                phone.join()
            pen.join()
            elapsed = time.perf_counter() - started
            server_cpu = cpu_seconds(server.pid) - server_cpu
            own_cpu = time.process_time() - own_cpu
        finally:
            server.terminate()
            server.wait()
    total = sum(len(v) for v in tally.latencies.values())
    print(
        f"{options.clients} phones (think {options.think} s) and a result every "
        f"{options.write_every} s for {elapsed:.0f} s: {total} requests, "
        f"{total / elapsed:.1f} requests/s, {written[0] if written else 0} results written; "
        f"CPU: server {server_cpu:.1f} s ({server_cpu / elapsed:.0%} of a core), "
        f"load generator {own_cpu:.1f} s ({own_cpu / elapsed:.0%})"
    )
    print()
    print("| request | count | requests/s | p50 ms | p95 ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    pages = [v for k in ("tables", "standings", "player page") for v in tally.latencies[k]]
    reads = pages + tally.latencies["version poll"]
    for kind, values in [
        *tally.latencies.items(),
        ("all full pages", pages),
        ("all reads", reads),
    ]:
        if not values:
            continue
        print(
            f"| {kind} | {len(values)} | {len(values) / elapsed:.1f} "
            f"| {statistics.median(values) * 1000:.0f} | {percentile(values, 0.95):.0f} "
            f"| {percentile(values, 0.99):.0f} | {max(values) * 1000:.0f} |"
        )
    if tally.bad:
        print()
        print("answers other than 200: " + ", ".join(f"{k}: {v}" for k, v in tally.bad.items()))


if __name__ == "__main__":
    main()
