"""Check-in on the day (R-REG-3) in the store: opening it makes registrations entrants
without retyping, checking in and taking it back, late entries, a registration checked in by
its token, the players who did not come dropped, and round 1 paired from the checked-in
players only. Every change audited; every refusal changes nothing."""

import pytest

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def register(event, name, *, club="", partner="", status="registered", number=None):
    """A registration row as the registration form leaves it."""
    number = number or event.registrations.count() + 1
    return models.Registration.objects.create(
        event=event,
        number=number,
        queue=number,
        name=name,
        club=club,
        partner=partner,
        token=f"token-{event.key}-{number}",
        status=status,
    )


def stored():
    """Everything stored, check-in's columns included."""
    return (
        snapshot(),
        list(models.Registration.objects.order_by("id").values()),
        list(models.Entrant.objects.order_by("id").values("checked_in_at", "dropped_after_round")),
        list(models.Event.objects.order_by("id").values("checkin_opened_at", "entrant_counter")),
    )


def refused(operation, *args, **kwargs):
    before = stored()
    with pytest.raises(InvalidInput) as caught:
        operation(*args, **kwargs)
    assert stored() == before
    return [p.text() for p in caught.value.problems]


@pytest.fixture
def season():
    """A published event with five registered players, one waiting, one cancelled."""
    event = store.create_event(ACTOR, "Brno Open", "dominion-cz")
    for name, club in [
        ("Jana Nováková", "Brno"),
        ("Petr Svoboda", ""),
        ("Eva Veselá", "Praha"),
        ("Jiří Černý", ""),
        ("Tomáš Kučera", ""),
    ]:
        register(event, name, club=club)
    register(event, "Olga Malá", status="waiting")
    register(event, "Adam Zrušil", status="cancelled")
    return event


def test_opening_checkin_makes_registered_players_entrants_once(season):
    opening = store.open_checkin(ACTOR, season)
    season.refresh_from_db()
    assert opening.opened
    assert season.checkin_opened_at is not None
    entrants = list(season.entrants.all())
    assert [(e.code, e.name, e.club) for e in entrants] == [
        ("p1", "Jana Nováková", "Brno"),
        ("p2", "Petr Svoboda", None),
        ("p3", "Eva Veselá", "Praha"),
        ("p4", "Jiří Černý", None),
        ("p5", "Tomáš Kučera", None),
    ]
    linked = {r.name: r.entrant for r in season.registrations.all()}
    assert linked["Jana Nováková"] == entrants[0]
    assert linked["Olga Malá"] is None
    assert linked["Adam Zrušil"] is None
    entry = season.audit.get(action="checkin.open")
    assert entry.summary == "opened check-in (5 entered from registrations)"
    assert [e["name"] for e in entry.after["entered"]] == [e.name for e in entrants]
    # idempotent: again, nothing changes and nothing is written
    audits = season.audit.count()
    again = store.open_checkin(ACTOR, season)
    assert not again.opened
    assert not again.created
    assert season.entrants.count() == 5
    assert season.audit.count() == audits
    # a registration made since is entered when check-in is opened again
    register(season, "Late Registrant")
    third = store.open_checkin(ACTOR, season)
    assert [e.name for e in third.created] == ["Late Registrant"]
    assert (
        season.audit.last().summary
        == "check-in: registrations entered (1 entered from registrations)"
    )


def test_opening_links_a_name_entered_by_hand_instead_of_entering_it_twice(season):
    store.add_entrants(ACTOR, season, [("jana nováková", None)])
    opening = store.open_checkin(ACTOR, season)
    assert [e.code for e in opening.linked] == ["p1"]
    assert season.entrants.count() == 5
    assert season.registrations.get(name="Jana Nováková").entrant.code == "p1"


def test_a_team_rule_set_enters_the_player_and_partner_as_the_teams_members():
    event = store.create_event(ACTOR, "Domino pairs", "domino-pairs")
    register(event, "Jana", partner="Petr", club="Brno")
    register(event, "Eva")  # no partner yet: the team's members are named later
    store.open_checkin(ACTOR, event)
    first, second = event.entrants.all()
    assert (first.name, first.club, first.members) == (
        "Jana & Petr",
        "Brno",
        [{"name": "Jana"}, {"name": "Petr"}],
    )
    assert (second.name, second.members) == ("Eva", [])


def test_opening_is_refused_once_round_1_is_paired(event):
    store.pair_round(ACTOR, event, seed=1)
    assert refused(store.open_checkin, ACTOR, event) == [
        "round 1 is paired already: check-in is for the start of the event"
    ]


def test_an_event_without_registrations_opens_checkin_and_checks_in_one_by_one(event):
    assert refused(store.check_in, ACTOR, event, ["p1"]) == [
        "check-in has not started; open it first (kolo event checkin brno-2026)"
    ]
    opening = store.open_checkin(ACTOR, event)
    assert opening.opened
    assert not opening.created
    store.check_in(ACTOR, event, ["p1", "Player 2"])
    assert store.checked_in_codes(event) == {"p1", "p2"}
    assert event.audit.last().summary == "checked in: Player 1, Player 2"
    assert refused(store.check_in, ACTOR, event, ["p2", "p9"]) == [
        "no entrant 'p9' in event brno-2026"
    ]
    assert refused(store.check_in, ACTOR, event, ["p3", "p2"]) == [
        "'Player 2' has checked in already"
    ]
    store.check_in(ACTOR, event, ["p2"], undo=True)
    assert store.checked_in_codes(event) == {"p1"}
    assert event.audit.last().summary == "took back the check-in of Player 2"
    assert refused(store.check_in, ACTOR, event, ["p2"], undo=True) == [
        "'Player 2' has not checked in"
    ]


def test_round_1_is_paired_from_the_checked_in_players_only(event):
    store.open_checkin(ACTOR, event)
    store.check_in(ACTOR, event, ["p1", "p2", "p3", "p4", "p5", "p6"])
    message = (
        "check-in has started and 1 have not checked in: Player 7; check them in "
        "(kolo entrant checkin brno-2026 …) or drop them (kolo entrant drop brno-2026 "
        "--not-checked-in)"
    )
    assert refused(store.pair_round, ACTOR, event, seed=1) == [message]
    assert refused(store.new_round, ACTOR, event, [["p1", "p2", "p3"], ["p4", "p5", "p6"]]) == [
        message
    ]
    dropped = store.drop_absent(ACTOR, event)
    assert [e.name for e in dropped] == ["Player 7"]
    assert event.entrants.get(code="p7").dropped_after_round == 0
    assert event.audit.last().summary == "dropped 1 who did not check in: Player 7"
    round_, _ = store.pair_round(ACTOR, event, seed=1)
    seated = set(models.Seat.objects.filter(round=round_).values_list("entrant__code", flat=True))
    assert seated == {"p1", "p2", "p3", "p4", "p5", "p6"}
    # after round 1, check-in is over
    assert refused(store.check_in, ACTOR, event, ["p7"]) == [
        "round 1 is paired already; a player who comes now enters as a late entrant "
        "(kolo entrant add)"
    ]


def test_checking_in_a_player_dropped_as_absent_takes_the_drop_back(event):
    store.open_checkin(ACTOR, event)
    store.check_in(ACTOR, event, ["p1", "p2", "p3", "p4", "p5"])
    store.drop_absent(ACTOR, event)
    assert refused(store.drop_absent, ACTOR, event) == ["everyone has checked in: nobody to drop"]
    store.check_in(ACTOR, event, ["p6"])
    assert event.entrants.get(code="p6").dropped_after_round is None
    assert event.entrants.get(code="p7").dropped_after_round == 0


def test_without_checkin_round_1_pairs_everyone_as_before(event):
    round_, _ = store.pair_round(ACTOR, event, seed=1)
    assert models.Seat.objects.filter(round=round_).count() == 7


def test_a_late_entry_is_entered_and_checked_in_at_once(season):
    assert refused(store.add_late, ACTOR, season, "Karel Novotný") == [
        "check-in has not started; open it first (kolo event checkin brno-open)"
    ]
    store.open_checkin(ACTOR, season)
    late = store.add_late(ACTOR, season, "Karel Novotný", "Ostrava")
    assert (late.code, late.club, late.checked_in_at is not None) == ("p6", "Ostrava", True)
    assert [a.action for a in season.audit.order_by("-id")[:2]] == [
        "entrant.checkin",
        "entrant.add",
    ]
    assert season.audit.last().summary == "late entry checked in: Karel Novotný"
    assert refused(store.add_late, ACTOR, season, "karel novotný") == [
        "'karel novotný' is entered already; check them in instead"
    ]
    assert refused(store.add_late, ACTOR, season, "  ") == ["the name must not be empty"]


def test_a_registration_is_checked_in_by_its_token(season):
    store.open_checkin(ACTOR, season)
    jana = season.registrations.get(name="Jana Nováková")
    entrant = store.check_in_registration(ACTOR, season, jana.token)
    assert entrant.code == "p1"
    assert entrant.checked_in_at is not None
    # a waiting player seated at check-in is entered, checked in and registered
    olga = season.registrations.get(name="Olga Malá")
    seated = store.check_in_registration(ACTOR, season, olga.token)
    olga.refresh_from_db()
    assert (seated.name, olga.status, olga.entrant) == ("Olga Malá", "registered", seated)
    cancelled = season.registrations.get(name="Adam Zrušil")
    assert refused(store.check_in_registration, ACTOR, season, cancelled.token) == [
        "Adam Zrušil cancelled their registration: it cannot be checked in"
    ]
    assert refused(store.check_in_registration, ACTOR, season, "nope") == [
        "no such registration in this event"
    ]


def test_every_check_in_sentence_is_said_in_czech(season):
    from django.utils import translation

    from kolo.web import auditwords

    store.open_checkin(ACTOR, season)
    register(season, "Late Registrant")
    store.open_checkin(ACTOR, season)
    store.check_in(ACTOR, season, ["p1", "p2"])
    store.check_in(ACTOR, season, ["p2"], undo=True)
    store.add_late(ACTOR, season, "Karel Novotný")
    store.drop_absent(ACTOR, season)
    entries = list(
        season.audit.filter(action__in=["checkin.open", "entrant.checkin", "entrant.drop"])
    )
    assert len(entries) == 6
    with translation.override("cs"):
        said = [auditwords.summary_words(e.summary) for e in entries]
        assert auditwords.action_words("entrant.checkin") == "prezence"
    assert said[0] == "otevřel(a) prezenci (zapsáno z přihlášek: 5)"
    assert said[-1].startswith("vyřazeni ti, kdo se neprezentovali (5): Petr Svoboda")
    assert all(s != e.summary for s, e in zip(said, entries, strict=True))


def test_names_from_registrations_and_late_entries_are_checked_as_entrant_names(season):
    store.open_checkin(ACTOR, season)
    assert refused(store.add_late, ACTOR, season, "p7")[0].startswith("'p7' looks like an id")
    assert "200" in refused(store.add_late, ACTOR, season, "x" * 201)[0]
    assert refused(store.add_late, ACTOR, season, "Ok", "bad\x1bclub")
    register(season, "tab\there")
    messages = refused(store.open_checkin, ACTOR, season)
    assert len(messages) == 1
