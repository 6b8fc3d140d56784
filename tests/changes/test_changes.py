"""The rules of a change, pure (kolo.changes): decided on the event before anything is
written — the store only applies what these functions return."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kolo.changes import results, rounds
from kolo.changes.common import refuse_if_closed
from kolo.core.event import Event
from kolo.core.problems import InvalidInput
from tests.conftest import load_example, ruleset_and_settings


@pytest.fixture
def brno() -> Event:
    return load_example("brno-2026.json")


def _open_last_table(event: Event) -> Event:
    """The example with round 5's first table waiting for its result."""
    last = event.rounds[-1]
    table = replace(last.tables[0], games=())
    return replace(
        event, rounds=(*event.rounds[:-1], replace(last, tables=(table, *last.tables[1:])))
    )


def _refusal(error: pytest.ExceptionInfo[InvalidInput]) -> tuple[str, str]:
    problem = error.value.problems[0]
    return problem.path, problem.message


def test_a_result_entered_is_the_event_after_it_checked_whole(brno):
    event = _open_last_table(brno)
    ruleset, settings = ruleset_and_settings(event)
    entered = results.enter_result(event, ruleset, settings, 5, 1, {"p22": 40, "p7": 3, "p15": 1})
    assert entered.before is None
    assert entered.number == 1
    assert entered.event.rounds[-1].tables[0].games[0].scores == {"p22": 40, "p7": 3, "p15": 1}
    # the same result again over the stored one changes nothing
    again = results.enter_result(
        entered.event, ruleset, settings, 5, 1, {"p15": 1, "p7": 3, "p22": 40}
    )
    assert again.unchanged
    assert again.event == entered.event
    # the input event is a value: untouched
    assert event.rounds[-1].tables[0].games == ()


def test_a_result_names_exactly_the_players_of_the_table_within_the_limits(brno):
    event = _open_last_table(brno)
    ruleset, settings = ruleset_and_settings(event)
    with pytest.raises(InvalidInput) as error:
        results.enter_result(event, ruleset, settings, 5, 1, {"p22": 40, "p7": 3, "p1": 1})
    assert _refusal(error) == ("SCORES", "'{name}' is not at table {table} (seated: {seated})")
    with pytest.raises(InvalidInput) as error:
        results.enter_result(event, ruleset, settings, 5, 1, {"p22": 40, "p7": 3})
    assert _refusal(error) == ("SCORES", "no score for {players}")
    assert error.value.problems[0].params["players"].startswith("p15 ")
    with pytest.raises(InvalidInput) as error:
        results.enter_result(event, ruleset, settings, 5, 1, {"p22": 10**9, "p7": 3, "p15": 1})
    assert _refusal(error)[0] == "SCORES"
    with pytest.raises(InvalidInput) as error:
        results.enter_result(
            event, ruleset, settings, 5, 1, {"p22": 1, "p7": 3, "p15": 1}, number=2
        )
    assert _refusal(error)[0] == "--game"


def test_ties_by_turns_need_the_turns():
    event = load_example("nbgl-praha-2026.json")
    ruleset, settings = ruleset_and_settings(event)
    last = event.rounds[-1]
    table = replace(last.tables[0], games=())
    event = replace(
        event, rounds=(*event.rounds[:-1], replace(last, tables=(table, *last.tables[1:])))
    )
    scores = {seat: 10 + i for i, seat in enumerate(table.seats)}
    with pytest.raises(InvalidInput) as error:
        results.enter_result(event, ruleset, settings, last.number, table.number, scores)
    assert _refusal(error) == (
        "--turns",
        "{ruleset} breaks ties by turns: give --turns for every player",
    )
    turns = dict.fromkeys(table.seats, 15)
    entered = results.enter_result(
        event, ruleset, settings, last.number, table.number, scores, turns=turns
    )
    assert entered.game.turns == turns


def test_a_closed_round_refuses_a_result():
    with pytest.raises(InvalidInput) as error:
        refuse_if_closed(3, True, results.CLOSED, event="brno-2026")
    assert _refusal(error) == ("ROUND", results.CLOSED)
    refuse_if_closed(3, False, results.CLOSED, event="brno-2026")


def test_close_needs_every_result_and_reopen_no_later_round(brno):
    ruleset, settings = ruleset_and_settings(brno)
    rounds.close(brno, ruleset, settings, 5, closed=False)
    with pytest.raises(InvalidInput) as error:
        rounds.close(_open_last_table(brno), ruleset, settings, 5, closed=False)
    assert error.value.problems[0].params["tables"] == "1"
    with pytest.raises(InvalidInput):
        rounds.close(brno, ruleset, settings, 5, closed=True)
    rounds.reopen(brno, 5, closed=True)
    with pytest.raises(InvalidInput) as error:
        rounds.reopen(brno, 4, closed=True)
    assert error.value.problems[0].params["next"] == 5
    with pytest.raises(InvalidInput):
        rounds.reopen(brno, 5, closed=False)


def test_undo_only_the_last_round_without_results(brno):
    with pytest.raises(InvalidInput) as error:
        rounds.undo(brno, None, closed=False)
    assert _refusal(error)[1].startswith("round {number} has results")
    emptied = replace(
        brno.rounds[-1], tables=tuple(replace(t, games=()) for t in brno.rounds[-1].tables)
    )
    event = replace(brno, rounds=(*brno.rounds[:-1], emptied))
    assert rounds.undo(event, 5, closed=False).rounds == brno.rounds[:-1]
    with pytest.raises(InvalidInput):
        rounds.undo(event, 4, closed=False)


def test_a_swap_is_checked_and_a_broken_rule_needs_a_reason(brno):
    ruleset, settings = ruleset_and_settings(brno)
    last = brno.rounds[-1]
    emptied = replace(last, tables=tuple(replace(t, games=()) for t in last.tables))
    event = replace(brno, rounds=(*brno.rounds[:-1], emptied))
    a, b = emptied.tables[0].seats[0], emptied.tables[1].seats[0]
    with pytest.raises(InvalidInput) as error:
        rounds.swap(event, ruleset, settings, a, emptied.tables[0].seats[1], closed=False)
    assert _refusal(error)[1] == "the two players sit at the same table"
    with pytest.raises(InvalidInput) as error:
        rounds.swap(brno, ruleset, settings, a, b, closed=False)
    assert _refusal(error)[1] == "table {table} has a result already; clear it first"
    changed = rounds.swap(event, ruleset, settings, a, b, closed=False, force_reason="late")
    if changed.overridden:  # a swap that breaks a pairing rule stands only with a reason
        with pytest.raises(InvalidInput) as error:
            rounds.swap(event, ruleset, settings, a, b, closed=False)
        assert error.value.problems[-1].path == "--force"
    else:
        assert rounds.swap(event, ruleset, settings, a, b, closed=False) == changed
    swapped = changed.event.rounds[-1]
    assert swapped.tables[0].seats[0] == b
    assert swapped.tables[1].seats[0] == a
    with pytest.raises(InvalidInput) as error:
        rounds.swap(event, ruleset, settings, a, b, closed=False, force_reason="  ")
    assert _refusal(error) == ("--force", "say why the rules are overridden")


def _stored(event: Event, **rows: object) -> results.Stored:
    return results.Stored(
        event,
        "brno-2026",
        rows.get("versions", {}),  # type: ignore[arg-type]
        rows.get("documents", {}),  # type: ignore[arg-type]
        rows.get("cleared", {}),  # type: ignore[arg-type]
        rows.get("sheet"),
    )


def test_a_result_is_one_pure_change_that_makes_every_refusal(brno):
    event = _open_last_table(brno)
    ruleset, settings = ruleset_and_settings(event)
    names = {e.id: e.name for e in event.entrants}
    by_name = {names["p22"].upper(): 40, "P7": 3, "p15": 1}
    entry = results.Entry(5, 1, by_name)
    done = results.record_result(_stored(event, cleared={1: 4}), ruleset, settings, entry)
    assert done.number == 1
    assert done.version == 5
    assert done.before is None
    assert done.game.scores == {"p22": 40, "p7": 3, "p15": 1}
    assert done.audit is not None
    assert done.audit.action == "result.enter"
    assert done.audit.summary == "entered round 5 table 1 game 1"
    assert done.audit.after["scores"] == {
        c: done.game.scores[c] for c in event.rounds[-1].tables[0].seats
    }
    # the round closed: refused (the core round knows it), unless it is the explicit correction
    closed = replace(event, rounds=(*event.rounds[:-1], replace(event.rounds[-1], closed=True)))
    with pytest.raises(InvalidInput) as error:
        results.record_result(_stored(closed), ruleset, settings, entry)
    assert _refusal(error) == ("ROUND", results.CLOSED)
    assert error.value.problems[0].params["event"] == "brno-2026"
    fixed = replace(entry, closed_round={"summary": "why"})
    assert results.record_result(_stored(closed), ruleset, settings, fixed).audit is not None
    # a version the writer did not see; a correction that does not say so
    with pytest.raises(InvalidInput) as error:
        results.record_result(_stored(event), ruleset, settings, replace(entry, expected_version=3))
    assert _refusal(error)[0] == "version"
    after = done.event
    doc = done.audit.after
    again = replace(entry, scores={"p22": 41, "p7": 3, "p15": 1})
    stored = _stored(after, versions={1: 5}, documents={1: doc})
    with pytest.raises(InvalidInput) as error:
        results.record_result(stored, ruleset, settings, again)
    assert _refusal(error) == ("version", results.RESULT_IS_IN)
    corrected = results.record_result(stored, ruleset, settings, replace(again, correct=True))
    assert corrected.version == 6
    assert corrected.audit.action == "result.correct"
    # the same result again: nothing to write
    same = results.record_result(stored, ruleset, settings, entry)
    assert same.audit is None
    assert same.before == doc


def test_a_hand_that_ends_the_game_is_one_pure_change_with_its_result():
    from kolo.changes import sheets as hands
    from kolo.core import event as core
    from kolo.core.settings import resolve
    from kolo.games import rulesets

    ruleset = rulesets.get("domino-pairs")
    settings, _ = resolve(ruleset.defaults, {})
    table = core.Table(number=1, seats=("p1", "p2"))
    event = core.Event(
        name="Domino",
        ruleset="domino-pairs",
        settings={},
        entrants=(core.Entrant("p1", "A"), core.Entrant("p2", "B")),
        rounds=(core.Round(number=1, tables=(table,)),),
    )
    stored = results.Stored(event, "domino", {}, {}, {}, None)
    played = hands.write_hand(stored, ruleset, settings, 1, 1, "a", {"A": 0, "p2": 110})
    assert played.written.over
    assert played.kept is None
    assert played.audit.summary == "round 1 table 1: hand 1 written, p1 out, game over"
    assert played.result is not None
    assert played.result.audit is not None
    assert played.result.audit.summary == "entered round 1 table 1 game 1"
    assert played.result.game.record == played.written.sheet
    # a player's report keeps the sheet on the table for the others to confirm
    reported = hands.write_hand(
        stored, ruleset, settings, 1, 1, "p1", {"p1": 0, "p2": 110}, reported=True
    )
    assert reported.result is None
    assert reported.kept == reported.written.sheet.document()
    # the round closed refuses the hand, before anything is decided
    closed = replace(stored, event=replace(event, rounds=(replace(event.rounds[0], closed=True),)))
    with pytest.raises(InvalidInput) as error:
        hands.write_hand(closed, ruleset, settings, 1, 1, "p1", {"p1": 0, "p2": 110})
    assert _refusal(error) == ("ROUND", results.CLOSED)


def test_the_next_round_waits_for_the_last_to_close_and_for_the_limit(brno):
    _ruleset, _settings = ruleset_and_settings(brno)
    with pytest.raises(InvalidInput) as error:
        rounds.refuse_next_round(brno, key="brno-2026")
    assert error.value.problems[0].params == {"number": 5, "event": "brno-2026"}
    closed = replace(brno, rounds=(*brno.rounds[:-1], replace(brno.rounds[-1], closed=True)))
    assert rounds.refuse_next_round(closed, key="brno-2026") == 6
    # an event file's rounds do not close; its limit is the rule set's rounds
    assert rounds.refuse_next_round(brno, rounds_close=False) == 6
    with pytest.raises(InvalidInput) as error:
        rounds.refuse_next_round(brno, limit=5, path="brno.json", rounds_close=False)
    assert _refusal(error)[0] == "brno.json"
    assert error.value.problems[0].params == {"rounds": 5}


def test_a_player_s_report_is_one_pure_change_that_answers_the_open_reports():
    from kolo.changes import selfreports
    from kolo.core import event as core
    from kolo.core.settings import resolve
    from kolo.games import rulesets

    ruleset = rulesets.get("domino-pairs")
    settings, _ = resolve(ruleset.defaults, {})
    table = core.Table(number=1, seats=("p1", "p2"))
    event = core.Event(
        name="Domino",
        ruleset="domino-pairs",
        settings={},
        entrants=(core.Entrant("p1", "A"), core.Entrant("p2", "B")),
        rounds=(core.Round(number=1, tables=(table,)),),
    )
    stored = results.Stored(event, "domino", {}, {}, {}, None)
    first = selfreports.self_report_game(
        stored, ruleset, settings, 1, 1, "p1", {"a": 150, "B": 20}, None, False
    )
    assert first.document == {"scores": {"p1": 150, "p2": 20}, "ended_by_time_limit": False}
    assert first.status == selfreports.PENDING
    assert first.audit is not None
    assert first.audit.summary == "A reported round 1 table 1"
    waiting = selfreports.OpenReport(7, 1, "p1", selfreports.PENDING, first.document)
    with_it = replace(stored, reports=(waiting,))
    # the same result from the other player confirms it
    same = selfreports.self_report_game(
        with_it, ruleset, settings, 1, 1, "p2", {"p1": 150, "p2": 20}, None, False
    )
    assert same.document is None
    assert [(a.report, a.who, a.agree, a.status) for a in same.answers] == [
        (7, "p2", True, selfreports.CONFIRMED)
    ]
    # a different result disputes it; the reporter's own report again withdraws theirs
    other = selfreports.self_report_game(
        with_it, ruleset, settings, 1, 1, "p2", {"p1": 20, "p2": 150}, None, False
    )
    assert [(a.report, a.status) for a in other.answers] == [(7, selfreports.DISPUTED)]
    assert other.audit is not None
    assert "2 different reports now" in other.audit.summary
    again = selfreports.self_report_game(
        with_it, ruleset, settings, 1, 1, "p1", {"p1": 20, "p2": 150}, None, False
    )
    assert [pk for pk, _audit in again.withdrawn] == [7]
    assert again.answers == ()
    with pytest.raises(InvalidInput) as error:
        selfreports.self_report_game(
            with_it, ruleset, settings, 1, 1, "p1", {"p1": 150, "p2": 20}, None, False
        )
    assert _refusal(error) == ("reporter", "you have reported this result already")
    with pytest.raises(InvalidInput) as error:
        selfreports.self_report_game(
            stored, ruleset, settings, 1, 1, "p3", {"p1": 150, "p2": 20}, None, False
        )
    assert _refusal(error)[0] == "reporter"


def test_a_cleared_result_is_the_last_one_decided_by_the_pure_change(brno):
    event = brno
    last = event.rounds[-1]
    table = last.tables[0]
    documents = {
        n: {"game": n, "scores": dict(g.scores), "ended_by_time_limit": False}
        for n, g in enumerate(table.games, start=1)
    }
    versions = dict.fromkeys(documents, 2)
    stored = _stored(event, versions=versions, documents=documents)
    cleared = results.clear_result(stored, last.number, table.number)
    assert cleared.number == len(table.games)
    assert cleared.before == documents[cleared.number]
    assert cleared.audit.action == "result.clear"
    assert cleared.audit.before["version"] == 2
    with pytest.raises(InvalidInput) as error:
        results.clear_result(stored, last.number, table.number, game_number=cleared.number + 1)
    assert _refusal(error) == ("--game", "only the last game entered ({game}) can be cleared")
    with pytest.raises(InvalidInput) as error:
        results.clear_result(_stored(event), last.number, table.number)
    assert _refusal(error) == ("TABLE", "table {table} has no result to clear")
    closed = replace(event, rounds=(*event.rounds[:-1], replace(last, closed=True)))
    with pytest.raises(InvalidInput) as error:
        results.clear_result(_stored(closed, documents=documents), last.number, table.number)
    assert _refusal(error) == ("ROUND", results.CLOSED)


def test_an_answer_and_the_organiser_s_decision_are_pure_refusals_or_values():
    from kolo.changes import selfreports

    doc = {"game": 1, "scores": {"p1": 150, "p2": 20}, "ended_by_time_limit": False}
    waiting = selfreports.OpenReport(7, 1, "p1", selfreports.PENDING, doc)
    names = {"p1": "A", "p2": "B"}
    said = selfreports.answer_self_report(
        waiting, "p2", ("p1", "p2"), names, True, "round 1 table 1"
    )
    assert (said.status, said.audit.action) == (selfreports.CONFIRMED, "report.confirm")
    with pytest.raises(InvalidInput) as error:
        selfreports.answer_self_report(waiting, "p3", ("p1", "p2"), names, True, "round 1 table 1")
    assert _refusal(error) == ("player", "choose who you are at this table")
    with pytest.raises(InvalidInput) as error:
        selfreports.answer_self_report(waiting, "p1", ("p1", "p2"), names, False, "round 1 table 1")
    assert _refusal(error)[0] == "player"  # never one's own report
    settled = replace(waiting, status="accepted")
    with pytest.raises(InvalidInput) as error:
        selfreports.decide_self_report(settled, False, 1, None, None)
    assert _refusal(error) == ("report", selfreports.SETTLED)
    # accepted over a result entered after it: only where the organiser saw that result
    newer = {"game": 1, "scores": {"p1": 20, "p2": 150}, "ended_by_time_limit": False}
    with pytest.raises(InvalidInput) as error:
        selfreports.decide_self_report(waiting, True, 1, newer, None)
    assert _refusal(error) == ("version", selfreports.NEWER_RESULT)
    assert selfreports.decide_self_report(waiting, True, 1, newer, 3) == 3
    assert selfreports.decide_self_report(waiting, True, 1, doc, 3) is None  # the same result is in
    assert selfreports.decide_self_report(waiting, False, 1, None, 3) is None


def test_the_game_a_closed_round_s_correction_changes_is_found_or_refused(brno):
    last = brno.rounds[-1]
    table = last.tables[0]
    with pytest.raises(InvalidInput) as error:
        results.closed_game(brno, "brno-2026", last.number, table.number, None)
    assert _refusal(error)[1] == "round {number} is not closed: correct its results as usual"
    closed = replace(brno, rounds=(*brno.rounds[:-1], replace(last, closed=True)))
    found = results.closed_game(closed, "brno-2026", last.number, table.number, None)
    assert found == (closed.rounds[-1].tables[0], 1)
    with pytest.raises(InvalidInput) as error:
        results.closed_game(closed, "brno-2026", last.number, table.number, 2)
    assert _refusal(error) == ("--game", "table {table} has no game {game} to correct")
    with pytest.raises(InvalidInput) as error:
        results.closed_game(closed, "brno-2026", last.number, 99, None)
    assert _refusal(error) == ("TABLE", "round {round} has no table {table}")
