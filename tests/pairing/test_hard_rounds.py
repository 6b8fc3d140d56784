"""Rounds that were hard for the exact method, kept as events: each must stay proved. The
searches are bounded by work, not by the clock, so a proof here is the same on any machine
(the safety stop, at three times the budget, is checked not to have fired)."""

from dataclasses import replace

from kolo.core.standings import complete_rounds
from kolo.eventfile.reader import load
from kolo.pairing import engine, round_search, work
from kolo.pairing.exact import generate as generation
from tests.conftest import CASES, ruleset_and_settings


def _proposal(name: str, seed: int, rounds: int = 4) -> engine.Proposal:
    event = load(CASES / "pairing" / name)
    ruleset, settings = ruleset_and_settings(event)
    event = replace(event, rounds=complete_rounds(event, ruleset, settings))
    assert len(event.rounds) == rounds  # the next round is the one proposed
    return engine.propose(event, ruleset, settings, seed=seed, time_limit=10)


def test_a_round_whose_tableau_cuts_stall_a_unit_short_is_proved():
    """128 players in fours, round 5 of benchmarks/peers.py's event with seed 2 (docs/
    benchmarks.md, "2026-11-26, eighth"): the tableau's rounds of cuts stall four rounds in a
    row, a unit short of the proof, and the search on pairs after them does not
    end in the work left; the fifth and sixth rounds of cuts (``tableau.STALL``) prove it."""
    proposal = _proposal("carcassonne-128-fours-stalled.json", seed=2005)
    assert not proposal.clock_stopped
    assert proposal.optimal
    assert proposal.repeats == 0


def test_a_round_whose_relaxation_stalls_at_the_incumbent_prices_between_duals(monkeypatch):
    """128 players in fours, round 3 of benchmarks/peers.py's event with seed 3 (docs/
    benchmarks.md, "2026-11-26, ninth"): column generation's relaxation stays at the
    incumbent's cost for three passes while the tables priced at its duals crowd onto a few
    players. Pricing the stalled passes between its duals and the best bound's
    (``generate.STALLED``) ends the generation in 2.1 work seconds (3.8 without)."""
    spent: list[float] = []
    generate, between = round_search.generate, generation._between
    smoothed: list[int] = []

    def metered(*args, **kwargs):
        start = work.now()
        generated = generate(*args, **kwargs)
        spent.append(work.now() - start)
        return generated

    def counted(*args, **kwargs):
        smoothed.append(1)
        return between(*args, **kwargs)

    monkeypatch.setattr(round_search, "generate", metered)
    monkeypatch.setattr(generation, "_between", counted)
    proposal = _proposal("carcassonne-128-fours-degenerate.json", seed=3003, rounds=2)
    assert not proposal.clock_stopped
    assert proposal.optimal
    assert proposal.repeats == 0
    assert len(spent) == 1
    assert spent[0] < 3.0
    assert smoothed  # the pass that stalled priced between two points
