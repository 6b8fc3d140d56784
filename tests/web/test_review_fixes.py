"""What a review of the pure changes found, held: a round whose game deals nothing keeps no
seed."""

import pytest

from kolo.store import api as store
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def test_a_round_seated_by_hand_keeps_no_seed_where_nothing_is_dealt():
    """NBGL plays Dominion but draws no kingdoms (no round plan): a round seated by hand has no
    seed, as before (a seed would change the knockout's last-resort lot)."""
    created = store.create_event(ACTOR, "NBGL", "nbgl-dominion")
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 9)])
    round_ = store.new_round(ACTOR, created, [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]])
    assert round_.seed is None
    # a Dominion event with a round plan draws its kingdoms, and keeps the seed it used
    dominion = store.create_event(ACTOR, "Brno", "dominion-cz")
    store.add_entrants(ACTOR, dominion, [(f"Player {i}", None) for i in range(1, 7)])
    seated = store.new_round(ACTOR, dominion, [["p1", "p2", "p3"], ["p4", "p5", "p6"]])
    assert seated.seed is not None
    assert all(t.setup for t in seated.tables.all())


def test_the_desk_says_when_repeated_meetings_could_not_be_avoided(desk, owner):
    """Carcassonne's promise on the desk: pairing a round that must repeat meetings says how
    many, and that no pairing within the rules has fewer (12 players after three rounds at
    tables of four: each has met 9 of 11)."""
    from tests.pairing.test_engine import simulate

    played, _ = simulate("carcassonne-cz", 12, 3, seed=1)
    event = store.import_event(ACTOR, played, key="carc-12", owner=owner)
    response = desk.post(f"/desk/{event.key}/pair/", follow=True)
    said = " | ".join(str(m) for m in response.context["messages"])
    assert "Repeated meetings: 9; no pairing within the rules has fewer." in said
    # the same words in Czech, for a Czech organiser
    desk.cookies["django_language"] = "cs"
    store.delete_round(ACTOR, event, 4)
    response = desk.post(f"/desk/{event.key}/pair/", follow=True)
    said = " | ".join(str(m) for m in response.context["messages"])
    assert "Opakovaná setkání: 9; žádné nasazení v rámci pravidel jich nemá méně." in said
