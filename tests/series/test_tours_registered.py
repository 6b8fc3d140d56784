"""A tour's rules live in its championship's room and are registered through the systems
(issue 37: championship rules in ``series/`` are registered per system, not named in the
generic modules)."""

from fractions import Fraction

from kolo.series import dominion, rules
from kolo.series.system import TourRules
from kolo.series.systems import SYSTEMS


def test_every_tour_is_declared_by_a_system_and_listed_by_id():
    declared = [tour for system in SYSTEMS.values() for tour in system.tours]
    assert list(rules.TOURS.values()) == declared
    assert rules.TOURS["tour-de-dominion-2022"] is dominion.TOUR_2022
    assert SYSTEMS["dominion"].tours == (dominion.TOUR_2022,)
    assert SYSTEMS["carcassonne"].tours == ()
    assert rules.DEFAULT == "tour-de-dominion-2022"


def test_the_tour_de_dominion_scores_as_before():
    """R-TOUR-1..4: the rules moved into the championship's room, unchanged."""
    tour = rules.TOURS["tour-de-dominion-2022"]
    assert isinstance(tour, TourRules)
    assert tour.rulesets == ("dominion-cz", "dominion-cz-final")
    assert tour.min_players == 6
    assert [tour.places(n) for n in (5, 6, 8, 13, 19, 29, 30, 60)] == [0, 3, 4, 5, 7, 10, 15, 15]
    assert [tour.rounds_bonus_for(r) for r in (5, 6, 7, 9)] == [
        Fraction(0),
        Fraction(1, 2),
        Fraction(1),
        Fraction(1),
    ]
    assert [tour.strong_field_for(s) for s in (2, 3, 5)] == [Fraction(0), Fraction(1), Fraction(2)]
    assert tour.city_limit == 4


def test_the_store_s_new_series_scores_by_the_first_tour_listed():
    import inspect

    from kolo.store.series import save_series

    assert inspect.signature(save_series).parameters["rules"].default == rules.DEFAULT
