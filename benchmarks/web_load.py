"""Load on the players' pages: one round of 100 players followed by many phones.

The load comes from ApacheBench (``ab``, Debian's apache2-utils: a fixed number of
requests over keep-alive connections, in C so the clients take little of the two cores):
two runs at once, nine tenths of the clients polling the version, one tenth fetching the
full tables page. Without ``ab`` (``--client python``) the clients are threads of this
process, which costs the server a good share of the machine.

Starts ``kolo serve`` (waitress, SQLite) on loopback with a 100-player event whose round 3
is being played, then sends a fixed number of requests from concurrent clients as fast as
they go: mostly the tiny version poll every page makes every 5 seconds, and the full pages
(tables, standings, a player) that a page fetches again when a result arrives. A thread
keeps entering results meanwhile, so the version really changes. Prints latency
percentiles per kind of request and the throughput.

    .venv/bin/python benchmarks/web_load.py --clients 50 --requests 10000
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PORT = 8799


def prepare(db: Path) -> str:
    """A 100-player event in round 3, in a fresh store; returns its key."""
    env = {**os.environ, "KOLO_DB": str(db), "KOLO_SECRET_KEY": "load-test"}
    run = [sys.executable, "-m", "kolo"]
    subprocess.run(
        [*run, "demo", "--players", "100", "--rounds", "6", "--seed", "3"],
        env=env,
        check=True,
        capture_output=True,
    )
    key = "demo-dominion-cz-100"
    # turn round 6 back into a round in progress: reopen it and clear half its tables
    for number in range(1, 18):
        subprocess.run([*run, "round", "reopen", key], env=env, capture_output=True)
        subprocess.run(
            [*run, "result", key, "6", str(number), "--clear"], env=env, capture_output=True
        )
    return key


def serve(db: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "KOLO_DB": str(db),
        "KOLO_SECRET_KEY": "load-test",
        "KOLO_ADMIN_PASSWORD": "load-test-pw",
    }
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
            "8",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/")
            return process
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def client(
    key: str, count: int, results: dict[str, list[float]], lock: threading.Lock, seed: int
) -> None:
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
    pages = [
        f"/e/{key}/tables/",
        f"/e/{key}/standings/",
        f"/e/{key}/players/p{rng.randint(1, 100)}/",
    ]
    local: dict[str, list[float]] = {"version poll": [], "full page": []}
    for _ in range(count):
        kind = "full page" if rng.random() < 0.1 else "version poll"
        path = rng.choice(pages) if kind == "full page" else f"/e/{key}/version/"
        started = time.perf_counter()
        connection.request("GET", path, headers={"Accept-Language": "cs"})
        response = connection.getresponse()
        response.read()
        elapsed = time.perf_counter() - started
        if response.status != 200:
            raise SystemExit(f"{path}: HTTP {response.status}")
        local[kind].append(elapsed)
    with lock:
        for kind, values in local.items():
            results[kind].extend(values)


def writer(db: Path, key: str, stop: threading.Event) -> int:
    """Enters the missing results of round 6 one by one while the clients read."""
    env = {**os.environ, "KOLO_DB": str(db), "KOLO_SECRET_KEY": "load-test"}
    document = json.loads(
        subprocess.run(
            [sys.executable, "-m", "kolo", "export", key], env=env, capture_output=True, check=True
        ).stdout
    )
    written = 0
    for table in document["rounds"][5]["tables"]:
        if stop.is_set():
            break
        if table["games"]:
            continue
        scores = [f"{p}={30 + i}" for i, p in enumerate(table["seats"])]
        subprocess.run(
            [sys.executable, "-m", "kolo", "result", key, "6", str(table["number"]), *scores],
            env=env,
            capture_output=True,
        )
        written += 1
        stop.wait(3.0)  # a result every few seconds, as tables finish at the venue
    return written


def with_ab(db: Path, key: str, clients: int, requests: int) -> None:
    """Two ApacheBench runs at once: the version poll and the full tables page."""
    stop = threading.Event()
    written: list[int] = []
    pen = threading.Thread(target=lambda: written.append(writer(db, key, stop)))
    runs = {
        "version poll": (f"/e/{key}/version/", requests * 9 // 10, max(1, clients * 9 // 10)),
        "full page (tables)": (f"/e/{key}/tables/", requests // 10, max(1, clients // 10)),
    }
    started = time.perf_counter()
    pen.start()
    processes = {
        kind: subprocess.Popen(
            [
                "ab",
                "-k",
                "-n",
                str(n),
                "-c",
                str(c),
                "-H",
                "Accept-Language: cs",
                f"http://127.0.0.1:{PORT}{path}",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for kind, (path, n, c) in runs.items()
    }
    outputs = {kind: process.communicate()[0] for kind, process in processes.items()}
    elapsed = time.perf_counter() - started
    stop.set()
    pen.join()
    print(
        f"{requests} requests from {clients} clients (ab, keep-alive) in {elapsed:.1f} s; {written[0] if written else 0} results entered meanwhile"
    )
    print()
    print(
        "| request | clients | requests | failed | requests/s | p50 ms | p95 ms | p99 ms | max ms |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for kind, output in outputs.items():
        percent = dict(re.findall(r"^\s+(\d+)%\s+(\d+)", output, re.M))
        rate = re.search(r"Requests per second:\s+([\d.]+)", output)
        # ab counts a page whose length changed (a result arrived) as "failed"; only
        # connection errors, exceptions and non-2xx answers are real failures
        broken = sum(
            int(m)
            for m in re.findall(
                r"(?:Connect|Receive|Exceptions): (\d+)|Non-2xx responses:\s+(\d+)", output
            )
            for m in m
            if m
        )
        failed = re.match(r"(\d+)", str(broken))
        _, n, c = runs[kind]
        print(
            f"| {kind} | {c} | {n} | {failed.group(1) if failed else '?'} | {rate.group(1) if rate else '?'} "
            f"| {percent.get('50', '?')} | {percent.get('95', '?')} | {percent.get('99', '?')} | {percent.get('100', '?')} |"
        )


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument(
        "--client", choices=["ab", "python"], default="ab" if shutil.which("ab") else "python"
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite3"
        print("preparing a 100-player event …", file=sys.stderr)
        key = prepare(db)
        server = serve(db)
        if options.client == "ab":
            try:
                with_ab(db, key, options.clients, options.requests)
            finally:
                server.terminate()
                server.wait()
            return
        try:
            results: dict[str, list[float]] = {"version poll": [], "full page": []}
            lock = threading.Lock()
            per_client = options.requests // options.clients
            stop = threading.Event()
            written: list[int] = []
            pen = threading.Thread(target=lambda: written.append(writer(db, key, stop)))
            threads = [
                threading.Thread(target=client, args=(key, per_client, results, lock, i))
                for i in range(options.clients)
            ]
            started = time.perf_counter()
            pen.start()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.perf_counter() - started
            stop.set()
            pen.join()
        finally:
            server.terminate()
            server.wait()
    total = sum(len(v) for v in results.values())
    print(
        f"{total} requests from {options.clients} clients in {elapsed:.1f} s: {total / elapsed:.0f} requests/s; {written[0] if written else 0} results entered meanwhile"
    )
    print()
    print("| request | count | p50 ms | p95 ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    everything = [v for values in results.values() for v in values]
    for kind, values in [*results.items(), ("all", everything)]:
        print(
            f"| {kind} | {len(values)} | {statistics.median(values) * 1000:.1f} | {percentile(values, 0.95):.1f} | {percentile(values, 0.99):.1f} | {max(values) * 1000:.1f} |"
        )


if __name__ == "__main__":
    main()
