"""The store's operations: one transaction and one audit entry each; refusals change nothing."""

import json

import pytest

from kolo.core.problems import InvalidInput
from kolo.eventfile import reader
from kolo.eventfile.writer import dumps
from kolo.store import api as store
from kolo.store import models
from tests.conftest import EXAMPLES
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]

ROUND_1 = [["p1", "p2", "p3"], ["p4", "p5"], ["p6", "p7"]]


def refused(operation, *args, **kwargs):
    """Run an operation that must be refused; return its messages and check nothing changed."""
    before = snapshot()
    with pytest.raises(InvalidInput) as caught:
        operation(*args, **kwargs)
    assert snapshot() == before
    return [p.text() for p in caught.value.problems]


def play_round_1(event):
    store.new_round(ACTOR, event, ROUND_1)
    store.record_result(ACTOR, event, 1, 1, {"p1": 40, "p2": 30, "p3": 10})
    store.record_result(ACTOR, event, 1, 2, {"p4": 30, "p5": 20})
    store.record_result(ACTOR, event, 1, 3, {"p6": 25, "p7": 25})
    store.close_round(ACTOR, event, 1)


def test_create_event_and_entrants_get_ids_in_order(event):
    assert event.key == "brno-2026"
    assert [e.code for e in event.entrants.all()] == [f"p{i}" for i in range(1, 8)]
    again = store.create_event(ACTOR, "Brno 2026", "dominion-cz")
    assert again.key == "brno-2026-2"


def test_create_event_refuses_unknown_ruleset_and_settings():
    assert refused(store.create_event, ACTOR, "X", "chess") == [
        "unknown rule set 'chess'; known: dominion-cz, dominion-cz-final, carcassonne-cz, "
        "swiss-pairs, carcassonne-final, nbgl-dominion, knockout, domino-pairs, mexican-train"
    ]
    assert refused(store.create_event, ACTOR, "X", "dominion-cz", {"rounds": 0}) == [
        "must be at least 1"
    ]
    assert refused(store.create_event, ACTOR, "  ", "dominion-cz") == ["the name must not be empty"]


def test_duplicate_entrant_names_are_refused_unless_allowed(event):
    messages = refused(store.add_entrants, ACTOR, event, [("New One", None), ("player 3", None)])
    # the store names no command's way to enter a second one: each command words its own
    assert messages == ["'player 3' is entered already"]
    with pytest.raises(store.DuplicateEntrant):
        store.add_entrants(ACTOR, event, [("player 3", None)])
    assert refused(store.add_entrants, ACTOR, event, [("Twin", None), ("Twin", None)])
    added = store.add_entrants(ACTOR, event, [("Player 3", "Brno")], allow_duplicate=True)
    assert [(e.code, e.club) for e in added] == [("p8", "Brno")]


def test_every_change_is_one_audit_entry(event):
    start = models.AuditEntry.objects.count()
    play_round_1(event)
    actions = list(models.AuditEntry.objects.order_by("id").values_list("action", flat=True))[
        start:
    ]
    assert actions == ["round.new", "result.enter", "result.enter", "result.enter", "round.close"]
    entry = models.AuditEntry.objects.filter(action="result.enter").first()
    assert (entry.who, entry.via, entry.event_key) == ("tester", "test", "brno-2026")
    assert entry.after["scores"] == {"p1": 40, "p2": 30, "p3": 10}


def test_r_evt_4_a_correction_keeps_both_values(event):
    store.new_round(ACTOR, event, ROUND_1)
    store.record_result(ACTOR, event, 1, 1, {"p1": 40, "p2": 30, "p3": 10})
    # a correction says so: it is never made silently
    assert refused(store.record_result, ACTOR, event, 1, 1, {"p1": 40, "p2": 41, "p3": 10}) == [
        "table 1 already has a result for game 1: p1=40 p2=30 p3=10; a correction must name "
        "the version it replaces (1)"
    ]
    game, before = store.record_result(
        ACTOR, event, 1, 1, {"p1": 40, "p2": 41, "p3": 10}, correct=True
    )
    assert before["scores"] == {"p1": 40, "p2": 30, "p3": 10}
    correction = models.AuditEntry.objects.get(action="result.correct")
    assert correction.before["scores"] == {"p1": 40, "p2": 30, "p3": 10}
    assert correction.after["scores"] == {"p1": 40, "p2": 41, "p3": 10}
    assert game.version == 2


def test_results_accept_names_as_well_as_ids(event):
    store.new_round(ACTOR, event, ROUND_1)
    store.record_result(ACTOR, event, 1, 1, {"Player 1": 40, "player 2": 30, "p3": 10})
    assert store.export_document(event)["rounds"][0]["tables"][0]["games"][0]["scores"] == {
        "p1": 40,
        "p2": 30,
        "p3": 10,
    }


def test_result_refusals(event):
    store.new_round(ACTOR, event, ROUND_1)
    assert refused(store.record_result, ACTOR, event, 1, 1, {"p1": 40, "p2": 30, "p4": 10}) == [
        "'Player 4' is not at table 1 (seated: p1 Player 1, p2 Player 2, p3 Player 3)"
    ]
    assert refused(store.record_result, ACTOR, event, 1, 1, {"p1": 40, "p2": 30}) == [
        "no score for p3 Player 3"
    ]
    assert refused(store.record_result, ACTOR, event, 1, 9, {"p1": 1}) == ["round 1 has no table 9"]
    assert refused(store.record_result, ACTOR, event, 2, 1, {"p1": 1}) == [
        "event brno-2026 has no round 2"
    ]
    assert refused(
        store.record_result, ACTOR, event, 1, 1, {"p1": 1, "p2": 2, "p3": 3}, game_number=2
    ) == ["game 2 cannot be entered: the table plays 1 and has 0 so far"]
    assert refused(store.record_result, ACTOR, event, 1, 1, {"p9": 1}) == [
        "no entrant 'p9' in event brno-2026"
    ]


def test_result_for_a_closed_round_is_refused(event):
    play_round_1(event)
    assert refused(store.record_result, ACTOR, event, 1, 1, {"p1": 1, "p2": 2, "p3": 3}) == [
        "round 1 is closed; reopen it to change a result (kolo round reopen brno-2026 1)"
    ]


def test_a_stale_writer_is_refused(event):
    store.new_round(ACTOR, event, ROUND_1)
    game, _ = store.record_result(ACTOR, event, 1, 1, {"p1": 40, "p2": 30, "p3": 10})
    store.record_result(
        ACTOR, event, 1, 1, {"p1": 41, "p2": 30, "p3": 10}, expected_version=game.version
    )
    assert refused(
        store.record_result,
        ACTOR,
        event,
        1,
        1,
        {"p1": 1, "p2": 2, "p3": 3},
        expected_version=game.version,
    ) == ["someone else changed this result meanwhile; look at it again before saving"]


def test_r_evt_3_next_round_only_after_closing(event):
    store.new_round(ACTOR, event, ROUND_1)
    assert refused(store.new_round, ACTOR, event, ROUND_1) == [
        "round 1 is still open; close it first (kolo round close brno-2026)"
    ]
    assert refused(store.close_round, ACTOR, event, 1) == [
        "round 1 still lacks results (tables: 1, 2, 3)"
    ]


def test_r_evt_3_reopen_only_while_the_next_round_is_not_paired(event):
    play_round_1(event)
    store.reopen_round(ACTOR, event, 1)
    store.record_result(ACTOR, event, 1, 1, {"p1": 40, "p2": 30, "p3": 12}, correct=True)
    store.close_round(ACTOR, event, 1)
    store.new_round(ACTOR, event, [["p1", "p4", "p6"], ["p2", "p7"], ["p3", "p5"]])
    messages = refused(store.reopen_round, ACTOR, event, 1)
    assert messages[0].startswith("R-EVT-3: round 2 is paired already")


def test_new_round_is_checked_against_the_hard_rules(event):
    play_round_1(event)
    messages = refused(store.new_round, ACTOR, event, ROUND_1)
    assert any(m.startswith("R-GORN-4: p1, p2, p3") for m in messages)
    assert messages[-1] == "to seat the round anyway, give --force with a reason"
    assert refused(store.new_round, ACTOR, event, [["p1", "p2", "p4"], ["p3", "p5", "p6"]])[0] == (
        "R-EVT-1: 'p7' is not seated in round 2"
    )
    assert "unknown entrant" not in " ".join(
        refused(store.new_round, ACTOR, event, [["p1", "zz", "p2"]])
    )


def test_new_round_forced_with_a_reason_is_audited(event):
    play_round_1(event)
    store.new_round(ACTOR, event, ROUND_1, force_reason="family must sit together")
    entry = models.AuditEntry.objects.filter(action="round.new").last()
    assert entry.reason == "family must sit together"
    assert "R-GORN-4" in entry.summary


def test_structural_problems_cannot_be_forced(event):
    messages = refused(
        store.new_round,
        ACTOR,
        event,
        [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7"]],
        force_reason="x",
    )
    assert messages == ["a table of 4 is not allowed by dominion-cz (allowed: 3, 2)"]


def test_r_evt_2_drop_and_late_entry(event):
    play_round_1(event)
    store.drop_entrant(ACTOR, event, "Player 7")
    assert models.Entrant.objects.get(event=event, code="p7").dropped_after_round == 1
    store.add_entrants(ACTOR, event, [("Late Comer", None)])
    # p7 is out and p8 is in: seven play round 2, and must all be seated
    with_p7 = [["p1", "p4", "p6"], ["p2", "p7"], ["p3", "p5"]]
    assert "'p7' dropped after round 1 but is seated in round 2" in refused(
        store.new_round, ACTOR, event, with_p7
    )
    store.new_round(ACTOR, event, [["p1", "p4", "p6"], ["p2", "p8"], ["p3", "p5"]])
    assert store.standings(event).rows[-1].entrant.id == "p8"


def test_drop_undo_and_refusals(event):
    store.drop_entrant(ACTOR, event, "p2")
    assert refused(store.drop_entrant, ACTOR, event, "p2") == [
        "'Player 2' dropped already, after round 0"
    ]
    store.drop_entrant(ACTOR, event, "p2", undo=True)
    assert models.Entrant.objects.get(event=event, code="p2").dropped_after_round is None


def test_remove_only_someone_who_has_not_played(event):
    store.add_entrants(ACTOR, event, [("Typo Name", None)])
    store.remove_entrant(ACTOR, event, "Typo Name")
    store.new_round(ACTOR, event, ROUND_1)
    assert refused(store.remove_entrant, ACTOR, event, "p1") == [
        "'Player 1' has played already; drop them instead (kolo entrant drop)"
    ]


def test_delete_round_undoes_a_pairing_without_results(event):
    store.new_round(ACTOR, event, ROUND_1)
    store.record_result(ACTOR, event, 1, 1, {"p1": 40, "p2": 30, "p3": 10})
    assert refused(store.delete_round, ACTOR, event) == [
        "round 1 has results; clear them first (kolo result … --clear)"
    ]
    store.clear_result(ACTOR, event, 1, 1)
    store.delete_round(ACTOR, event)
    assert not event.rounds.exists()
    assert models.AuditEntry.objects.filter(action="round.delete").get().before["tables"] == ROUND_1


def test_standings_come_from_the_core_and_match_the_file(event):
    for name in ("brno-2026.json", "rules/nbgl-shares.json", "rules/swiss-pairs.json"):
        value = reader.load(EXAMPLES / name)
        stored = store.import_event(ACTOR, value)
        from kolo.core.settings import resolve
        from kolo.core.standings import compute
        from kolo.games import rulesets

        ruleset = rulesets.get(value.ruleset)
        settings, _ = resolve(ruleset.defaults, value.settings)
        assert store.standings(stored) == compute(value, ruleset, settings)


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.json")), ids=lambda p: p.name)
def test_export_import_export_is_identical(path):
    first = store.import_event(ACTOR, reader.load(path))
    exported = dumps(store.to_core(first))
    assert exported == path.read_text(encoding="utf-8")
    second = store.import_event(ACTOR, reader.loads(exported))
    assert dumps(store.to_core(second)) == exported
    assert json.loads(exported)["name"] == first.name


def test_import_closes_complete_rounds_only(event):
    document = json.loads((EXAMPLES / "rules/dominion-success.json").read_text(encoding="utf-8"))
    document["rounds"][-1]["tables"][0]["games"] = []
    stored = store.import_event(ACTOR, reader.read(document))
    assert list(stored.rounds.values_list("closed", flat=True)) == [True, True, True, True, False]


def test_import_refuses_an_invalid_event_and_stores_nothing():
    document = json.loads((EXAMPLES / "rules/dominion-success.json").read_text(encoding="utf-8"))
    value = reader.read(document)
    from dataclasses import replace

    broken = replace(value, entrants=value.entrants[:-1])
    assert refused(store.import_event, ACTOR, broken)


def test_change_settings_validates_and_can_restore_defaults(event):
    event = store.change_settings(ACTOR, event, {"rounds": 6})
    assert event.settings == {"rounds": 6}
    [message] = refused(store.change_settings, ACTOR, event, {"tables": 3})
    assert message.startswith("unknown setting 'tables' for this rule set; known: ")
    assert refused(store.change_settings, ACTOR, event, {"bye_points": float("nan")})
    assert event.settings == {"rounds": 6}, "a refused change leaves the caller's copy alone"
    event = store.change_settings(ACTOR, event, {"rounds": None})
    assert event.settings == {}
    assert models.Event.objects.get(pk=event.pk).settings == {}


def test_settings_that_reinterpret_played_rounds_are_fixed_once_seated(event):
    play_round_1(event)
    for name, value in (("table_size", 4), ("games_per_table", 2)):
        assert refused(store.change_settings, ACTOR, event, {name: value}) == [
            f"'{name}' cannot change once round 1 is seated: it would change the results of "
            "the rounds played"
        ]
    assert refused(store.change_settings, ACTOR, event, {"rounds": 0}) == ["must be at least 1"]
    store.change_settings(ACTOR, event, {"rounds": 7})


def test_delete_event_keeps_the_audit_trail(event):
    play_round_1(event)
    store.delete_event(ACTOR, event)
    assert not models.Event.objects.filter(key="brno-2026").exists()
    entry = models.AuditEntry.objects.get(action="event.delete")
    assert entry.event_key == "brno-2026"
    assert len(entry.before["entrants"]) == 7
    again = store.create_event(ACTOR, "Brno 2026", "dominion-cz")
    assert again.key == "brno-2026"
    assert [e.action for e in store.audit_trail(again)] == ["event.create"]


def test_nbgl_results_need_turns():
    event = store.create_event(ACTOR, "League", "nbgl-dominion")
    store.add_entrants(ACTOR, event, [(n, None) for n in "ABCDEFGH"])
    store.new_round(ACTOR, event, [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]])
    assert refused(
        store.record_result, ACTOR, event, 1, 1, {"p1": 3, "p2": 2, "p3": 1, "p4": 0}
    ) == ["nbgl-dominion breaks ties by turns: give --turns for every player"]
    scores = {"p1": 3, "p2": 2, "p3": 2, "p4": 0}
    turns = {"p1": 9, "p2": 9, "p3": 8, "p4": 8}
    store.record_result(ACTOR, event, 1, 1, scores, turns=turns)
    store.record_result(ACTOR, event, 1, 1, scores, turns=turns)
    assert refused(store.record_result, ACTOR, event, 1, 1, scores, turns=turns) == [
        "table 1 has all its 2 games; say which to correct with --game"
    ]
    store.record_result(
        ACTOR, event, 1, 1, {**scores, "p4": 1}, turns=turns, game_number=2, correct=True
    )
    other = {"p5": 3, "p6": 2, "p7": 1, "p8": 0}
    other_turns = dict.fromkeys(other, 9)
    store.record_result(ACTOR, event, 1, 2, other, turns=other_turns)
    store.record_result(ACTOR, event, 1, 2, other, turns=other_turns)
    store.close_round(ACTOR, event)
    rows = {r.entrant.id: r.points for r in store.standings(event).rows}
    assert {p: rows[p] for p in ("p1", "p2", "p3", "p4")} == {"p1": 16, "p3": 10, "p2": 6, "p4": 2}


def test_pair_round_with_the_engine_stores_the_seed_and_audits(event):
    round_, proposal = store.pair_round(ACTOR, event, seed=42)
    assert round_.seed == 42
    assert proposal.method == "random"
    for table in proposal.tables:
        scores = {p: 30 - 5 * i for i, p in enumerate(table.seats)}
        store.record_result(ACTOR, event, 1, table.number, scores)
    store.close_round(ACTOR, event)
    round_, proposal = store.pair_round(ACTOR, event, seed=7)
    assert proposal.optimal
    entry = models.AuditEntry.objects.filter(action="round.pair").last()
    assert entry.after["optimal"] is True
    assert "paired round 2 by the engine (optimal" in entry.summary
    from kolo.core.settings import resolve
    from kolo.games import rulesets as registry
    from kolo.pairing.checker import check_hard_rules

    value = store.to_core(event)
    ruleset = registry.get(value.ruleset)
    settings, _ = resolve(ruleset.defaults, value.settings)
    assert check_hard_rules(value, 1, ruleset, settings) == []


def test_pair_round_refusals(event):
    store.new_round(ACTOR, event, ROUND_1)
    assert refused(store.pair_round, ACTOR, event) == [
        "round 1 is still open; close it first (kolo round close brno-2026)"
    ]
    assert refused(store.pair_round, ACTOR, event, relax=["R-GORN-4"]) == [
        "say why the rules are relaxed (--reason)"
    ]


def test_swap_shows_in_the_costs_and_hard_rules_need_a_reason(event):
    play_round_1(event)
    store.new_round(ACTOR, event, [["p1", "p4", "p6"], ["p2", "p7"], ["p3", "p5"]])
    # p1 ↔ p2 puts p1 (3 points) at a table of two, which is for the lowest placed
    messages = refused(store.swap_players, ACTOR, event, "p1", "p2")
    assert any(m.startswith("R-GORN-6") for m in messages)
    assert messages[-1] == "to swap anyway, give --force with a reason"
    store.swap_players(ACTOR, event, "p1", "p2", force_reason="p1 asked to leave early")
    entry = models.AuditEntry.objects.filter(action="round.swap").get()
    assert entry.reason == "p1 asked to leave early"
    assert entry.before["tables"][0] == ["p1", "p4", "p6"]
    assert entry.after["tables"][0] == ["p2", "p4", "p6"]
    assert refused(store.swap_players, ACTOR, event, "p4", "p6") == [
        "the two players sit at the same table"
    ]
