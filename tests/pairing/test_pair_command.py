"""`kolo pair FILE` (EVENT-FORMAT.md), the documented example, and exit code 3."""

import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kolo.cli import main
from kolo.core.event import Entrant, Event, Round, Table
from kolo.core.problems import NoValidPairing
from kolo.core.settings import resolve
from kolo.eventfile import reader
from kolo.eventfile.writer import dumps
from kolo.games import rulesets
from kolo.pairing.checker import check_hard_rules
from kolo.pairing.engine import propose
from kolo.simulation import SkillModel
from tests.conftest import CASES, EXAMPLES


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_docs_pairing_example_is_what_the_engine_proposes(capsys):
    """docs/pairing.md, "A worked example"."""
    code, out, _ = run(capsys, "pair", str(CASES / "pairing-example.json"), "--json", "--seed", "4")
    assert code == 0
    document = json.loads(out)
    assert document["round"] == 2
    assert document["optimal"] is True
    assert document["cost"]["total"] == 2
    tables = [set(t["seats"]) for t in document["tables"]]
    assert tables == [{"p5", "p7", "p1"}, {"p8", "p2", "p4"}, {"p6", "p9", "p3"}]
    assert [t["cost"]["score_spread"] for t in document["tables"]] == [1, 1, 0]


def test_pair_json_has_the_documented_shape(capsys, tmp_path):
    source = json.loads((EXAMPLES / "brno-2026.json").read_text(encoding="utf-8"))
    source["rounds"] = source["rounds"][:3]
    path = tmp_path / "three.json"
    path.write_text(json.dumps(source, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run(capsys, "pair", str(path), "--json")
    assert code == 0
    document = json.loads(out)
    assert set(document) >= {"round", "tables", "cost", "optimal", "solve_seconds"}
    assert document["round"] == 4
    assert [t["number"] for t in document["tables"]] == list(range(1, 11))
    assert set(document["cost"]) >= {"repeat_pairs", "score_spread", "total"}
    # the same file and seed pair alike (R-GORN-10)
    again = json.loads(run(capsys, "pair", str(path), "--json")[1])
    assert again["tables"] == document["tables"]
    # and the proposal obeys the hard rules
    event = reader.load(path)
    rounds = (
        *event.rounds,
        Round(4, tuple(Table(t["number"], tuple(t["seats"])) for t in document["tables"])),
    )
    ruleset = rulesets.get(event.ruleset)
    resolved, _ = resolve(ruleset.defaults, event.settings)
    assert check_hard_rules(replace(event, rounds=rounds), 3, ruleset, resolved) == []


def test_no_valid_pairing_exits_3_naming_the_rule(capsys, tmp_path):
    document = {
        "format": "kolo-event/1",
        "name": "Four",
        "ruleset": "carcassonne-cz",
        "entrants": [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 5)],
        "rounds": [
            {
                "number": 1,
                "seed": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": ["p1", "p2", "p3", "p4"],
                        "games": [{"scores": {"p1": 90, "p2": 80, "p3": 70, "p4": 60}}],
                    }
                ],
            }
        ],
    }
    path = tmp_path / "four.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "pair", str(path))
    assert code == 3
    assert err.splitlines()[0].startswith("kolo: R-GORN-4: no pairing avoids")
    assert "--relax R-GORN-4" in err
    code, out, _ = run(capsys, "pair", str(path), "--relax", "R-GORN-4", "--json")
    assert code == 0
    assert json.loads(out)["relaxed"] == ["R-GORN-4"]
    code, _, err = run(capsys, "pair", str(path), "--relax", "R-GORN-9")
    assert code == 2


def test_pair_refuses_an_event_with_all_rounds_played(capsys):
    code, _, err = run(capsys, "pair", str(EXAMPLES / "brno-2026.json"))
    assert code == 2
    assert "all 5 rounds are played" in err


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["dominion-cz", "carcassonne-cz", "swiss-pairs"]),
    st.integers(6, 17),
    st.integers(2, 4),
    st.integers(0, 10_000),
)
def test_checker_accepts_every_engine_pairing_over_generated_histories(
    ruleset_id, count, rounds, seed
):
    """The checker (independent of the solvers) validates every round the engine seats,
    over generated fields and results; drops happen along the way."""
    rng = random.Random(seed)
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, count + 1))
    event = Event("gen", ruleset_id, {"time_limit": 2}, entrants)
    ruleset = rulesets.get(ruleset_id)
    resolved, _ = resolve(ruleset.defaults, event.settings)
    model = SkillModel.draw([e.id for e in entrants], rng)
    for number in range(1, rounds + 1):
        if number > 1 and rng.random() < 0.3 and len(event.entrants) > 6:
            leaving = rng.choice([e for e in event.entrants if e.dropped_after_round is None])
            event = replace(
                event,
                entrants=tuple(
                    replace(e, dropped_after_round=number - 1) if e.id == leaving.id else e
                    for e in event.entrants
                ),
            )
        try:
            proposal = propose(event, ruleset, resolved, seed=seed + number)
        except NoValidPairing:  # a genuinely infeasible history is allowed to say so
            return
        seated = Round(
            number,
            tuple(Table(t.number, t.seats) for t in proposal.tables),
            proposal.seed,
            proposal.byes,
        )
        candidate = replace(event, rounds=(*event.rounds, seated))
        active = {e.id for e in event.entrants if e.active_in(number)}
        assert check_hard_rules(candidate, number - 1, ruleset, resolved, expected=active) == []
        played = tuple(replace(t, games=(model.play(t.seats, rng),)) for t in seated.tables)
        event = replace(candidate, rounds=(*event.rounds, replace(seated, tables=played)))
    reader.loads(dumps(event))  # and the event is a valid file
