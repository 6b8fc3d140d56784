"""Pairing limited by work, not seconds (R-GORN-10): the same tables on a busy machine as
on a quiet one, a safety stop that is said where it fires, one JSON document on standard
output, and bounds that are bounds."""

import json
import os
import subprocess
import sys
from contextlib import contextmanager

import pytest

from kolo.cli import main
from kolo.pairing import work
from kolo.pairing.engine import propose
from tests.conftest import CASES
from tests.pairing.test_engine import settings_of, simulate


def kolo(*args, env):
    """The installed command in a real process: what HiGHS writes to file descriptor 1
    reaches its standard output, which capturing Python's ``sys.stdout`` would not see."""
    return subprocess.run(
        [sys.executable, "-m", "kolo", *args], capture_output=True, text=True, env=env, timeout=300
    )


@pytest.fixture
def env(tmp_path):
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "KOLO_DB")}
    environment["XDG_DATA_HOME"] = str(tmp_path / "data")
    environment["HOME"] = str(tmp_path)
    environment["KOLO_LANG"] = "en"
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    return environment


@pytest.mark.slow
def test_pair_json_prints_one_document_on_stdout_in_a_real_process(env):
    """HiGHS's constructor printed its banner on file descriptor 1 before the JSON."""
    example = str(CASES / "pairing-example.json")
    result = kolo("pair", example, "--json", "--seed", "4", env=env)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["round"] == 2
    assert document["method"] == "exact"  # HiGHS ran
    text = kolo("pair", example, "--seed", "4", env=env)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("Round 2\n")
    assert "HiGHS" not in text.stdout
    assert "HiGHS" not in text.stderr  # an organiser's terminal shows kolo's words only


@pytest.mark.slow
def test_round_pair_prints_no_banner_in_a_real_process(env):
    """``kolo round pair`` (the store) prints the round and nothing of HiGHS."""
    imported = kolo("import", str(CASES / "pairing-example.json"), env=env)
    assert imported.returncode == 0, imported.stderr
    result = kolo("round", "pair", "pairing-example", "--seed", "4", env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Round 2\n")
    assert "HiGHS" not in result.stdout


def test_a_highs_made_twice_in_a_process_keeps_stdout_clean(capfd):
    work.new_highs()
    work.new_highs()
    out, _ = capfd.readouterr()
    assert out == ""


@contextmanager
def busy(processes):
    """Processes spinning on the CPU beside the test: a loaded machine."""
    spinners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)
    ]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def seats(proposal):
    return [t.seats for t in proposal.tables]


@pytest.mark.slow
def test_r_gorn_10_a_busy_machine_gives_the_same_tables():
    """A round the budget stops before its proof: the work done, not the seconds, decide
    where it stops, so a loaded machine gives the same tables as a quiet one."""
    event, _ = simulate("carcassonne-cz", 52, 3, seed=1, repeats_first=False)
    ruleset, settings = settings_of(event)
    quiet = propose(event, ruleset, settings, seed=11, time_limit=BUDGET)
    assert not quiet.optimal  # the work budget ended the search, not a proof
    assert not quiet.clock_stopped
    with busy(2):
        loaded = propose(event, ruleset, settings, seed=11, time_limit=BUDGET)
    assert not loaded.clock_stopped
    assert seats(loaded) == seats(quiet)
    assert loaded.total == quiet.total
    assert loaded.bound == quiet.bound


BUDGET = 0.1
"""Work seconds that stop the exact method before its proof of this round (at 0.3 it is
proved; at 0.05 the search ends before the exact method)."""


def test_a_safety_stop_is_said_in_the_text_and_the_json(monkeypatch, capsys):
    monkeypatch.setattr(work, "SAFETY_FACTOR", 0.0)
    monkeypatch.setattr(work, "SAFETY_MARGIN", 0.0)
    example = str(CASES / "pairing-example.json")
    assert main(["pair", example, "--json", "--seed", "4"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["safety_stop"] is True
    assert document["work_budget"] == 10
    assert main(["pair", example, "--seed", "4"]) == 0
    assert "safety stop" in capsys.readouterr().out


def test_without_a_safety_stop_the_output_says_none(capsys):
    example = str(CASES / "pairing-example.json")
    assert main(["pair", example, "--json", "--seed", "4", "--time-limit", "3"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["safety_stop"] is False
    assert document["work_budget"] == 3


def test_a_round_stopped_before_its_proof_reports_a_bound_of_at_least_zero():
    """The Lagrangian bound of a search stopped early can be far below zero (−10,137,682.5
    for a cost of 9, a gap of 1,126,410): no pairing costs less than nothing."""
    event, _ = simulate("dominion-cz", 120, 3, seed=2)
    ruleset, settings = settings_of(event)
    proposal = propose(event, ruleset, settings, seed=1, time_limit=0.1)
    assert not proposal.optimal
    assert proposal.bound is None or 0 <= proposal.bound <= proposal.total
    assert proposal.gap is None or 0 <= proposal.gap <= 1


@pytest.mark.parametrize(
    ("nonzeros", "columns", "rows", "seconds"),
    [
        (123_200, 16_003, 175, 25.0),  # the integer program over 16,003 tables, 128 in fours
        (118_277, 10_940, 146, 20.0),  # the tableau's tree by HiGHS, 128 players in fours
        (148_848, 4_003, 255, 4.6),  # 4,003 tables with cuts over levels, 128 in fours
        (93_195, 4_002, 198, 2.92),  # 4,002 tables under the tableau's cuts, 128 in fours
        (22_683, 1_005, 198, 0.42),  # 1,005 tables under the tableau's cuts, 128 in fours
    ],
)
def test_an_integer_programs_root_is_counted_at_no_less_than_a_third_of_its_measured_time(
    nonzeros, columns, rows, seconds
):
    """HiGHS bounds an integer program's root by no count, so the root is estimated before
    it is started: roots measured on the project's machine (their seconds) are counted at
    least at a third of that, so the safety stop (three times the budget) is not met where
    the estimate let one start (without the term in the rows the first's 25 s had been
    counted at 2.3 work seconds)."""
    assert work.root(nonzeros, columns, rows) >= seconds / work.SAFETY_FACTOR


@pytest.mark.parametrize(
    ("nonzeros", "columns", "rows"),
    [
        (5_981, 102, 368),  # a heuristic's window
        (8_899, 119, 321),  # the tableau's support under its dense cuts: 8 ms
        (5_792, 74, 321),  # 9 ms
    ],
)
def test_a_small_integer_programs_root_is_counted_at_little(nonzeros, columns, rows):
    """The heuristic's windows and the tableau's supports (about a hundred tables under a
    few hundred rows, dense or not) solve their integer programs in milliseconds: counted at
    no more than a few hundredths of a work second (the tableau runs one a round of its cuts;
    counted at up to 0.47 each, they had taken a quarter of one round's budget)."""
    assert work.root(nonzeros, columns, rows) < 0.03
