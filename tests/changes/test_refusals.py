"""The rules the store used to keep, pure (issue 37 §2): entering, dropping and removing
entrants, a team's members, names and keys, a new event and its settings, series, roles and
the round's own refusals. Each refuses with ``Refused`` (an ``InvalidInput``, shown as
before) or returns what the store writes."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest

from kolo.changes import entrants, events, names, roles, rounds, series, users
from kolo.changes.common import Refused
from kolo.changes.corrections import refuse_changed_meanwhile
from kolo.core.event import PLAYOFF, Event
from kolo.core.problems import InvalidInput
from tests.conftest import load_example


@pytest.fixture
def brno() -> Event:
    return load_example("brno-2026.json")


def _refused(call, *args, **kwargs) -> tuple[str, str, dict]:
    with pytest.raises(Refused) as error:
        call(*args, **kwargs)
    assert isinstance(error.value, InvalidInput)
    problem = error.value.problems[0]
    return problem.path, problem.message, dict(problem.params)


# names and keys


def test_a_name_is_stripped_and_an_id_like_one_refused():
    assert names.check_name("  Jana  ") == "Jana"
    path, message, params = _refused(names.check_name, "p7", "--name", entrant=True)
    assert (path, params["name"]) == ("--name", "p7")
    assert "looks like an id" in message
    assert names.check_name("p7") == "p7"  # an event may be called so


def test_a_key_is_lower_case_letters_digits_and_dashes():
    names.check_key("brno-2026", "--key")
    path, message, _ = _refused(names.check_key, "Brno 2026", "--key")
    assert path == "--key"
    assert message.startswith("a key is lower-case")


def test_a_club_is_stripped_empty_is_none_and_control_characters_refused():
    assert names.check_club("  Brno ", "--club") == "Brno"
    assert names.check_club("   ", "--club") is None
    path, _, params = _refused(names.check_club, "Br\x07no", "--club")
    assert path == "--club"
    assert params["name"] == "Br\x07no"


# entrants


def test_entries_are_cleaned_beside_the_names_entered():
    cleaned = entrants.entries(["Jana"], [(" Petr ", " Brno "), ("Eva", "  ")])
    assert cleaned == [("Petr", "Brno"), ("Eva", None)]


def test_no_entries_are_refused():
    assert _refused(entrants.entries, ["Jana"], [])[:2] == ("NAME", "no names given")


def test_a_name_entered_already_is_a_duplicate_unless_allowed():
    with pytest.raises(entrants.DuplicateEntrant) as error:
        entrants.entries(["Jana"], [("Petr", None), ("jana", None)])
    assert [(p.path, p.message) for p in error.value.problems] == [
        ("NAME[2]", entrants.ENTERED_ALREADY)
    ]
    worded = error.value.worded("'{name}' twice?")
    assert worded.problems[0].message == "'{name}' twice?"
    assert entrants.entries(["Jana"], [("jana", None)], allow_duplicate=True) == [("jana", None)]


def test_a_name_given_twice_in_one_entry_is_a_duplicate_too():
    with pytest.raises(entrants.DuplicateEntrant):
        entrants.entries([], [("Jana", None), ("JANA", None)])


def test_an_unusable_name_is_refused_not_a_duplicate():
    with pytest.raises(Refused) as error:
        entrants.entries([], [("p3", None)])
    assert not isinstance(error.value, entrants.DuplicateEntrant)
    assert error.value.problems[0].path == "NAME[1]"


def test_a_team_has_two_members_named_between_rounds():
    assert entrants.members(True, "Rychlí", [" Jana ", "Petr"], None) == ["Jana", "Petr"]
    assert _refused(entrants.members, False, "Rychlí", ["Jana", "Petr"], None)[1] == (
        "only a team has members; this rule set has none"
    )
    _, message, params = _refused(entrants.members, True, "Rychlí", ["Jana"], None)
    assert (message, params) == ("a team has two members, not {count}", {"count": 1})
    assert _refused(entrants.members, True, "Rychlí", ["Jana", " "], None)[1] == (
        "a member's name must not be empty"
    )
    _, message, params = _refused(entrants.members, True, "Rychlí", ["Jana", "Petr"], 3)
    assert "which is not closed" in message
    assert params == {"name": "Rychlí", "round": 3}


def test_a_drop_is_from_the_next_round_and_only_once():
    assert entrants.drop("Jana", None, 2) == 2
    _, message, params = _refused(entrants.drop, "Jana", 1, 2)
    assert message == "'{name}' dropped already, after round {round}"
    assert params == {"name": "Jana", "round": 1}


def test_a_drop_is_taken_back_only_before_a_round_is_seated_without_them():
    assert entrants.drop("Jana", 2, 2, undo=True) is None
    assert _refused(entrants.drop, "Jana", None, 2, undo=True)[1] == "'{name}' has not dropped"
    _, message, params = _refused(entrants.drop, "Jana", 1, 2, undo=True)
    assert "cannot be taken back" in message
    assert params["round"] == 2


def test_only_an_entrant_never_seated_is_removed():
    entrants.refuse_removal("Jana", played=False)
    path, message, _ = _refused(entrants.refuse_removal, "Jana", played=True)
    assert path == "ENTRANT"
    assert message.startswith("'{name}' has played already")


def test_a_series_identity_is_unique_in_the_event():
    assert entrants.player("  jana-n ", {"p2", "petr"}) == "jana-n"
    assert entrants.player("  ", {"p2"}) is None
    path, _, params = _refused(entrants.player, "p2", {"p2", "petr"})
    assert (path, params) == ("player", {"player": "p2"})


# events


def test_a_new_event_needs_a_known_rule_set_and_valid_settings():
    assert events.new_event(" Brno ", "dominion-cz", {"rounds": 4}) == "Brno"
    path, message, params = _refused(events.new_event, "Brno", "chess", {})
    assert (path, message) == ("--ruleset", "unknown rule set '{ruleset}'; known: {known}")
    assert params["ruleset"] == "chess"
    path, _, _ = _refused(events.new_event, "Brno", "dominion-cz", {"rounds": "many"})
    assert path == "$.settings.rounds"


def test_a_new_key_is_well_formed_and_free():
    events.new_key("brno-2026", key_taken=False)
    _, message, params = _refused(events.new_key, "brno-2026", key_taken=True)
    assert (message, params) == ("an event with key '{key}' exists already", {"key": "brno-2026"})
    assert _refused(events.new_key, "Brno", key_taken=False)[0] == "--key"


def test_settings_after_a_change_and_a_none_returns_the_default(brno):
    changed = replace(brno, settings={"time_limit": 20})
    assert events.settings_after(changed, {"time_limit": None, "rounds": 6}) == {"rounds": 6}
    with pytest.raises(Refused):
        events.settings_after(brno, {"rounds": "many"})


def test_the_shape_of_played_rounds_stays(brno):
    events.refuse_fixed(brno, {"time_limit": 20})
    _, message, params = _refused(events.refuse_fixed, brno, {"table_size": 4})
    assert (message, params) == (events.SHAPE_FIXED, {"name": "table_size"})
    fresh = replace(
        brno, rounds=(), entrants=tuple(replace(e, dropped_after_round=None) for e in brno.entrants)
    )
    events.refuse_fixed(fresh, {"table_size": 4})


def test_the_bracket_settings_stay_once_it_has_begun(brno):
    last = replace(brno.rounds[-1], stage=PLAYOFF)
    begun = replace(brno, rounds=(*brno.rounds[:-1], last))
    _, message, params = _refused(events.refuse_fixed, begun, {"playoff": "top4"})
    assert (message, params) == (events.BRACKET_FIXED, {"name": "playoff"})


# series


def test_a_series_key_is_well_formed_and_free():
    series.series_key("tour-2026", key_taken=False)
    assert _refused(series.series_key, "tour-2026", key_taken=True)[2] == {"key": "tour-2026"}
    assert _refused(series.series_key, "Tour", key_taken=False)[0] == "key"


def test_a_player_is_listed_once():
    assert series.players_list([" jana ", "", "petr"], "declined") == ["jana", "petr"]
    assert _refused(series.players_list, ["jana", "jana "], "declined")[:2] == (
        "declined",
        "a player is listed twice",
    )


def test_a_series_event_date_is_written_year_month_day():
    assert series.event_date(" 2026-03-14 ") == datetime.date(2026, 3, 14)
    assert series.event_date(datetime.date(2026, 3, 14)) == datetime.date(2026, 3, 14)
    assert _refused(series.event_date, "14.3.2026")[2] == {"value": "14.3.2026"}


def test_a_merge_names_two_players_who_never_met():
    assert series.merge_pair(" jana ", "jana-n") == ("jana", "jana-n")
    assert _refused(series.merge_pair, "jana", " jana ")[1] == "name two different players to merge"
    series.refuse_both_played("jana", "jana-n", "brno", {"jana-n", "petr"})
    _, _, params = _refused(series.refuse_both_played, "jana", "jana-n", "brno", {"jana", "jana-n"})
    assert params == {"keep": "jana", "merge": "jana-n", "event": "brno"}
    series.refuse_nobody_merged("jana-n", 2)
    assert _refused(series.refuse_nobody_merged, "jana-n", 0)[2] == {"player": "jana-n"}


def test_seeding_by_rating_needs_a_series():
    series.refuse_unrated(in_series=True)
    assert _refused(series.refuse_unrated, in_series=False)[0] == "seeding"


# roles


def test_a_role_is_owner_or_assistant_and_the_last_owner_stays():
    roles.role_change("jana", "assistant", None, owners=1)
    roles.role_change("jana", None, "owner", owners=2)
    assert _refused(roles.role_change, "jana", "admin", None, owners=1)[2] == {"role": "admin"}
    assert _refused(roles.role_change, "jana", None, None, owners=1)[1] == (
        "'{name}' has no role here"
    )
    assert _refused(roles.role_change, "jana", None, "owner", owners=1)[1] == (
        "the event needs an owner"
    )


# rounds


def test_a_round_by_hand_names_its_tables():
    rounds.refuse_no_tables([["p1", "p2"]])
    assert _refused(rounds.refuse_no_tables, [])[:2] == ("--tables", "no tables given")


def test_relaxed_rules_need_a_reason():
    rounds.refuse_unexplained_relax([], None)
    rounds.refuse_unexplained_relax(["repeat_pairs"], "three players only")
    assert _refused(rounds.refuse_unexplained_relax, ["repeat_pairs"], "  ")[0] == "--reason"


def test_a_score_sheet_in_play_refuses_the_change_at_its_table():
    rounds.refuse_sheets_in_play([], "table {table} busy")
    assert _refused(rounds.refuse_sheets_in_play, [2, 5], "table {table} busy")[2] == {"table": 2}


def test_a_pairing_is_accepted_once():
    rounds.accept(3, accepted=False)
    assert _refused(rounds.accept, 3, accepted=True)[1:] == (
        "round {number} is accepted already",
        {"number": 3},
    )


def test_the_round_clock_starts_limits_and_resets():
    assert rounds.clock(2, "start", closed=False, started=None, now=10) == (10, None)
    assert rounds.clock(2, "limit", closed=False, started=10, now=40) == (10, 40)
    assert rounds.clock(2, "reset", closed=False, started=10, now=50) == (None, None)


def test_the_round_clock_refuses_a_closed_round_an_early_limit_and_an_unknown_action():
    assert _refused(rounds.clock, 2, "start", closed=True, started=None, now=1)[1] == (
        "round {number} is closed"
    )
    assert _refused(rounds.clock, 2, "limit", closed=False, started=None, now=1)[1] == (
        "start the clock first"
    )
    assert _refused(rounds.clock, 2, "stop", closed=False, started=1, now=2)[2] == {
        "action": "stop"
    }


def test_only_an_owner_puts_an_event_in_a_series():
    roles.refuse_not_owner("brno", owner=True)
    assert _refused(roles.refuse_not_owner, "brno", owner=False)[:3] == (
        "EVENT",
        "only the owners of {event} may do this",
        {"event": "brno"},
    )


# passwords


def test_a_password_has_at_least_eight_characters():
    assert users.check_password("12345678", "password") == "12345678"
    assert _refused(users.check_password, "1234567", "--password")[::2] == (
        "--password",
        {"minimum": users.MIN_PASSWORD_LENGTH},
    )


# corrections


def test_a_correction_is_made_to_the_result_the_organiser_saw():
    refuse_changed_meanwhile(3, 3)
    refuse_changed_meanwhile(3, None)
    assert _refused(refuse_changed_meanwhile, 4, 3)[:2] == (
        "version",
        "someone else changed this result meanwhile; look at it again before saving",
    )
