"""The desk and the players' pages name a bracket's rounds as the bracket does (R-DOMINO-11):
winners' and losers' rounds, the grand final; who plays whom by the bracket, no pairing cost
and no swap, and who went out in each round."""

import random
import re

import pytest

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR
from tests.web.test_domino_bracket import play_round

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def swiss_done(owner):
    event = store.create_event(
        ACTOR, "Domino", "domino-pairs", {"rounds": 3, "playoff": "double"}, owner=owner
    )
    store.add_entrants(ACTOR, event, [(f"Tým {i}", None) for i in range(1, 11)])
    rng = random.Random(4)
    for _ in range(3):
        play_round(event, rng)
    return event, rng


def text(response) -> str:
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def h1(response) -> str:
    found = re.search(r"<h1>(.*?)</h1>", response.content.decode(), re.S)
    assert found is not None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).replace("&#x27;", "'")


def test_a_bracket_round_on_the_desk_is_named_and_has_no_cost_or_swap(desk, swiss_done):
    event, _rng = swiss_done
    # the next round is the bracket's first: proposed, it shows its matches, no cost
    round_, _proposal = store.pair_round(ACTOR, event, seed=9, accepted=False)
    page = desk.get(f"/desk/{event.key}/rounds/{round_.number}/")
    assert "Winners' round 1" in h1(page)
    assert "Round 4" not in h1(page)
    shown = text(page)
    assert "Cost" not in shown
    assert "met before" not in shown
    assert "Swap two players" not in shown
    assert "A round of the bracket" in shown
    assert shown.count("Winners' round 1") >= 3  # the title and each match
    assert "(seed 1)" in shown
    assert "(seed 8)" in shown
    printed = text(desk.get(f"/desk/{event.key}/rounds/{round_.number}/print/pairings/"))
    assert "Winners' round 1: pairings by table" in printed
    assert "Round 4" not in printed
    slips = text(desk.get(f"/desk/{event.key}/rounds/{round_.number}/print/slips/"))
    assert "Round 4 — table 1 · Winners' round 1" in slips
    store.accept_round(ACTOR, event, round_.number)
    # nor can a swap be made behind the page's back
    seated = [s.entrant.code for s in models.Seat.objects.filter(table__round=round_)]
    with pytest.raises(InvalidInput, match="a round of the bracket"):
        store.swap_players(ACTOR, event, seated[0], seated[-1])
    # a Swiss round keeps its pairing's cost
    assert "Cost" in text(desk.get(f"/desk/{event.key}/rounds/3/"))


def test_every_bracket_round_says_who_went_out_up_to_the_grand_final(desk, client, swiss_done):
    event, rng = swiss_done
    titles = []
    while not store.bracket_decided(event):
        proposal = play_round(event, rng)
        number = event.rounds.count()
        page = desk.get(f"/desk/{event.key}/rounds/{number}/")
        titles.append(h1(page).split(" — ")[0])
        state = store.bracket(event)
        out = [
            models.Entrant.objects.get(event=event, code=c).name for c in state.out_after(number)
        ]
        shown = text(page)
        if out:
            assert "Out of the bracket in this round: " + ", ".join(out) in shown
        else:
            assert "Out of the bracket in this round" not in shown
        assert proposal.stage == "playoff"
    assert titles[0] == "Winners' round 1"
    assert titles[1] == "Winners' round 2 · Losers' round 1"
    assert titles[-1].startswith("Grand final")
    assert all("Round" not in t for t in titles)
    # the desk's overview names them the same way
    overview = text(desk.get(f"/desk/{event.key}/"))
    assert "Round 3" in overview
    for title in titles:
        assert title in overview
    # and so do the players' pages
    last = event.rounds.count()
    assert h1(client.get(f"/e/{event.key}/rounds/{last}/")) == f"{titles[-1]}: results"
    assert h1(client.get(f"/e/{event.key}/tables/")) == f"{titles[-1]}: tables"
    home = text(client.get(f"/e/{event.key}/"))
    assert titles[1] in home
    champion = store.bracket(event).champion
    player = text(client.get(f"/e/{event.key}/players/{champion}/"))
    assert f"{titles[-1]}: table 1, seat" in player
    assert "Winners' round 1" in player


def test_kolo_round_show_names_a_bracket_round_without_a_cost(capsys, swiss_done):
    from kolo.cli import main

    event, rng = swiss_done
    play_round(event, rng)
    play_round(event, rng)  # winners' round 2 and losers' round 1
    code = main(["--user", "desk", "round", "show", event.key, "5"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("Round 5: winners' round 2 · losers' round 1 (closed)")
    assert "Cost" not in out
    assert "Pairing cost" not in out
    assert "Table 1: winners' round 2" in out
    gone = [
        models.Entrant.objects.get(event=event, code=c).name
        for c in store.bracket(event).out_after(5)
    ]
    assert gone
    assert "Out of the bracket in this round: " + ", ".join(gone) in out
    # a Swiss round keeps its cost
    main(["--user", "desk", "round", "show", event.key, "3"])
    assert "Pairing cost" in capsys.readouterr()[0]
