"""R-GORN-4 / R-GORN-6: when no pairing obeys the hard rules, the error names the rule, or
the combination, that fails and offers the relaxations that work, the cheapest first."""

import pytest
from django.test import Client

from kolo.cli import main
from kolo.core.problems import NoValidPairing
from kolo.eventfile import reader
from kolo.pairing.checker import check_hard_rules
from kolo.pairing.engine import propose
from tests.conftest import CASES, ruleset_and_settings
from tests.pairing.test_engine import seat

CASE = CASES / "no-pairing-gorn-4-with-6.json"
"""Dominion, five players after four rounds (a simulated event, seed 2): the table of two
must seat the two lowest placed, who already sat together at a table of two."""


def test_r_gorn_4_with_r_gorn_6_names_the_combination_and_offers_both_cheapest_first():
    """R-GORN-4 alone can be met (relaxing R-GORN-6 gives a pairing without a repeat), and
    R-GORN-6 alone too: the error blames the two together, not R-GORN-4."""
    event = reader.load(CASE)
    ruleset, settings = ruleset_and_settings(event)
    with pytest.raises(NoValidPairing) as caught:
        propose(event, ruleset, settings, seed=1)
    error = caught.value
    assert error.rule == "R-GORN-4 + R-GORN-6"
    assert [r.rules for r in error.relaxations] == [("R-GORN-6",), ("R-GORN-4",)]
    assert [r.breaches for r in error.relaxations] == [1, 2]
    assert error.relax == "R-GORN-6"
    relaxed = propose(event, ruleset, settings, seed=1, relax=["R-GORN-6"])
    problems = check_hard_rules(seat(event, relaxed), len(event.rounds), ruleset, settings)
    assert problems, "the bottom rule is broken"
    assert not [p for p in problems if "R-GORN-4" in p.text()], "no repeat at all"


def test_r_gorn_4_alone_is_blamed_where_relaxing_r_gorn_6_does_not_help():
    """Four players at Carcassonne after one round: one table, every pairing repeats it."""
    from tests.pairing.test_engine import Entrant, Event, SkillModel, checked, play, random

    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, 5))
    event = Event("e", "carcassonne-cz", {}, entrants)
    rng = random.Random(1)
    _, event = checked(event)
    event = play(event, rng, SkillModel.draw([e.id for e in entrants], rng))
    ruleset, settings = ruleset_and_settings(event)
    with pytest.raises(NoValidPairing) as caught:
        propose(event, ruleset, settings, seed=1)
    assert caught.value.rule == "R-GORN-4"
    assert [r.rules for r in caught.value.relaxations] == [("R-GORN-4",)]


def test_kolo_pair_exit_3_offers_the_working_relaxations_in_english_and_czech(capsys):
    assert main(["pair", str(CASE), "--seed", "1"]) == 3
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[0].startswith("kolo: R-GORN-4 + R-GORN-6: each rule alone can be met")
    assert lines[1:] == [
        "kolo: relaxing any of these gives a pairing, the cheapest first:",
        "kolo: --relax R-GORN-6 (breaks it 1×)",
        "kolo: --relax R-GORN-4 (breaks it 2×)",
    ]
    assert main(["--lang", "cs", "pair", str(CASE), "--seed", "1"]) == 3
    czech = capsys.readouterr().err.strip().splitlines()
    assert czech[0].startswith("kolo: R-GORN-4 + R-GORN-6: každé pravidlo samo o sobě")
    assert czech[2] == "kolo: --relax R-GORN-6 (poruší ho 1×)"


@pytest.mark.db
@pytest.mark.django_db
def test_the_desk_shows_the_combination_and_the_relaxations():
    from django.contrib.auth import get_user_model

    from kolo.store import api as store
    from tests.web.conftest import ACTOR

    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    stored = store.import_event(ACTOR, reader.load(CASE), key="stuck", owner=owner)
    client = Client()
    client.force_login(owner)
    page = client.post(f"/desk/{stored.key}/pair/", follow=True).content.decode()
    from kolo.web import wording

    # each rule of the combination by its name (and id)
    assert f"{wording.rule_name('R-GORN-4 + R-GORN-6')}: each rule alone can be met" in page

    def offer(rule):
        return f"Relaxing {wording.rule_name(rule)} with the options below"

    assert page.index(offer("R-GORN-6")) < page.index(offer("R-GORN-4"))
