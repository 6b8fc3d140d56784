"""``kolo demo``: distinct names at any size it allows, all or nothing, and errors that name
only what the demo offers."""

import pytest

from kolo.cli import main
from kolo.cli.demo import entrant_names
from kolo.games import rulesets
from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]

ACTOR = store.Actor(who="desk", via="cli")
DEMO_RULESETS = [r.id for r in rulesets.REGISTRY.values() if r.system.value != "groups-knockout"]
SIZES = (2, 31, 1000)  # the smallest, the default and the largest `--players` allows


def run(capsys, *args):
    code = main(["--user", "desk", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("ruleset", DEMO_RULESETS)
@pytest.mark.parametrize("size", SIZES)
def test_the_demos_names_are_distinct_and_the_store_takes_them(ruleset, size):
    entered = entrant_names(ruleset, size)
    assert len(entered) == size
    assert len({n.casefold() for n in entered}) == size
    event = store.create_event(ACTOR, "Names", ruleset)
    # the store refuses a name entered already: every one of them is taken
    assert len(store.add_entrants(ACTOR, event, [(n, None) for n in entered])) == size


def test_the_domino_pairs_demo_enters_its_default_31_teams(capsys):
    code, _out, err = run(
        capsys, "demo", "--ruleset", "domino-pairs", "--rounds", "1", "--playoff", "none"
    )
    assert code == 0, err
    assert "entered already" not in err
    event = models.Event.objects.get(key="demo-domino-pairs-31")
    assert event.entrants.count() == 31
    assert all(len(e.members) == 2 for e in event.entrants.all())


def test_a_demo_that_fails_stores_nothing_and_offers_no_flag_it_lacks(capsys):
    before = snapshot()
    # two players cannot meet again at a table of two: the second round has no pairing
    code, out, err = run(capsys, "demo", "--players", "2", "--rounds", "2")
    assert code == 3, (out, err)
    assert "R-GORN-4" in err
    assert "--relax" not in err  # `kolo demo` has no --relax
    assert "internal error" not in err
    assert snapshot() == before
    assert not models.Event.objects.exists()


@pytest.mark.parametrize(
    "ruleset",
    [r.id for r in rulesets.REGISTRY.values() if r.system.value not in ("gorn", "swiss-pairs")],
)
def test_a_knockout_rule_set_is_refused_in_one_line_not_a_traceback(capsys, ruleset):
    code, out, err = run(capsys, "demo", "--ruleset", ruleset)
    assert code == 2, (out, err)
    assert "internal error" not in err
    assert "the demo plays gorn or swiss rule sets: dominion-cz" in err
    assert "knockout" not in err.split(":", 2)[2]  # neither knockout rule set is offered
    assert not models.Event.objects.exists()
