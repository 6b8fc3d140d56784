"""The Dominion data and draws: R-DOM-1..7 and R-SETUP-1..3, exactly."""

import json
import random
from collections import Counter

import pytest

from kolo.core.collation import sort_key as name_key
from kolo.core.problems import InvalidInput
from kolo.core.settings import Settings
from kolo.games.dominion import draws
from kolo.games.dominion.cards import DARK_AGES, PROSPERITY, load, resolve, sort_key
from kolo.games.dominion.pools import championship, make_pool
from kolo.games.dominion.randomizer import randomize
from kolo.games.dominion.setup import setup
from tests.conftest import ROOT

SHARED = ROOT.parent / "shared" / "data"


def test_card_data_is_the_shipped_copy():
    data = load()
    assert len(data.cards) == 166 + 15  # the reference data's and each Ruins and Knight
    assert data.card("Sir Martin").cost == 4
    assert data.card("Dame Josephine").is_victory
    assert data.card("Spoils").cost_note == "not in the supply: gained only by other cards' texts"
    assert data.card("Cellar").cs == "Sklepení"
    assert data.card("Cellar").ja == "地下貯蔵庫"
    assert data.card("Peddler").cost == 8
    assert not data.card("Colony").kingdom
    if SHARED.exists():
        shipped = json.loads(
            (ROOT / "src/kolo/games/dominion/data/cards.json").read_text(encoding="utf-8")
        )
        assert shipped == json.loads((SHARED / "dominion-cards.json").read_text(encoding="utf-8"))


def test_r_dom_1_the_championship_pool_has_74_cards():
    pool = championship()
    assert {s: len(c) for s, c in pool.cards.items()} == {
        "base-1e": 15,
        "intrigue-1e": 10,
        "prosperity-1e": 11,
        "hinterlands-1e": 14,
        "dark-ages": 24,
    }
    assert len(set(pool.all_cards())) == 74


def test_r_dom_1_a_pool_naming_an_unknown_card_is_refused_by_name():
    with pytest.raises(InvalidInput) as caught:
        make_pool("mine", {"base-1e": ["Cellar", "Cellarr", "Colony"], "nowhere": ["Moat"]})
    messages = [p.text() for p in caught.value.problems]
    assert "unknown card 'Cellarr'" in messages
    assert "'Colony' is not a kingdom card" in messages
    assert "unknown set 'nowhere'" in messages


def test_r_dom_6_round_one_ten_random_cards_from_base_intrigue_hinterlands():
    pool = championship()
    result = draws.draw_round(pool, draws.QUALIFIER, 1, 10, Settings({}), random.Random(1))
    assert result.basic is None
    assert result.extended is None
    assert len(result.first10) == 10
    assert len(set(result.first10)) == 10
    main = set(pool.from_sets(pool.basic_main))
    assert set(result.first10) <= main
    assert set(result.table_draw.values()) == {"first10"}


def test_r_dom_3_basic_draw_nine_then_four_and_the_first_four_are_mandatory():
    pool = championship()
    rng = random.Random(5)
    draw = draws.basic_draw(pool, rng)
    main = set(pool.from_sets(pool.basic_main))
    extra = set(pool.from_sets(pool.basic_extra))
    drawn = draw.mandatory + draw.choices
    assert len(draw.mandatory) == 4
    assert len(draw.choices) == 9
    assert set(drawn[:9]) <= main  # the nine from Base, Intrigue, Hinterlands come first
    assert set(drawn[9:]) <= extra
    assert set(draw.mandatory) <= main  # so the mandatory four are from those sets
    # the same generator state gives the same draw (R-DOM-8: reproducible)
    assert draws.basic_draw(pool, random.Random(5)) == draw


def test_r_dom_2_and_r_dom_4_one_draw_per_round_extended_only_from_what_basic_left():
    """R-DOM-2: one shuffled pool per round for all tables, the Basic draw first; every table
    of a draw gets the same cards. R-DOM-4: the Extended draw is 13 of what Basic left."""
    pool = championship()
    for seed in range(200):
        result = draws.draw_round(pool, draws.QUALIFIER, 3, 10, Settings({}), random.Random(seed))
        kingdoms = [draws.table_kingdom(result, t) for t in range(1, 11)]
        for kind in ("basic", "extended"):
            same = {(k.mandatory, k.choices) for k in kingdoms if k.draw == kind}
            assert len(same) == 1
        basic = set(result.basic.mandatory + result.basic.choices)
        extended = set(result.extended.mandatory + result.extended.choices)
        assert len(extended) == 13
        assert not basic & extended
        assert extended <= set(pool.all_cards())


def test_r_dom_6_round_plans():
    plan = draws.table_plan(draws.QUALIFIER, 2, 10, Settings({}))
    assert set(plan.values()) == {"basic"}
    plan = draws.table_plan(draws.QUALIFIER, 3, 11, Settings({"extended_share": 0.5}))
    assert [plan[t] for t in range(1, 12)] == ["extended"] * 6 + ["basic"] * 5  # half, rounded up
    plan = draws.table_plan(draws.QUALIFIER, 4, 10, Settings({"extended_share": 0.3}))
    assert list(plan.values()).count("extended") == 3
    final = draws.table_plan(draws.FINAL, 1, 10, Settings({"extended_share": 0.5}))
    assert list(final.values()).count("extended") == 5  # the final: from round 1 on
    assert set(
        draws.table_plan(draws.FINAL, 1, 10, Settings({"extended_for_all": True})).values()
    ) == {"extended"}


def test_r_dom_5_draft_order_at_tables_of_three_and_two():
    assert draws.pick_order(["a", "b", "c"]) == ["a", "b", "c", "a", "b", "c"]
    assert draws.pick_order(["a", "b"]) == ["a", "b", "a", "b", "a", "b"]
    with pytest.raises(InvalidInput):
        draws.pick_order(["a", "b", "c", "d"])


def test_r_dom_5_recorded_draft_is_checked():
    choices = tuple(f"c{i}" for i in range(9))
    assert draws.check_picks(choices, choices[:6]) == []
    assert [p.text() for p in draws.check_picks(choices, choices[:5])] == [
        "a draft picks exactly 6 cards, not 5"
    ]
    assert [p.text() for p in draws.check_picks(choices, [*choices[:5], "x"])] == [
        "'x' is not among the nine to draft from"
    ]
    assert [p.text() for p in draws.check_picks(choices, [*choices[:5], "c0"])] == [
        "'c0' is picked twice"
    ]


def test_r_dom_5_a_table_kingdom_is_the_four_and_the_six_picked():
    pool = championship()
    result = draws.draw_round(pool, draws.QUALIFIER, 2, 3, Settings({}), random.Random(2))
    kingdom = draws.table_kingdom(result, 1)
    picks = draws.simulate_draft(kingdom.choices, ["p1", "p2", "p3"], random.Random(3))
    done = draws.record_draft(kingdom, picks, random.Random(4), first_game=False)
    assert done.cards == kingdom.mandatory + picks
    assert len(set(done.cards)) == 10
    assert len(done.colony_cards) == 3
    assert len(done.shelter_cards) == 2
    first = draws.record_draft(kingdom, picks, random.Random(4), first_game=True)
    assert (first.colony, first.shelters, first.colony_cards) == (False, False, ())  # R-DOM-7


def _kingdom(sets_wanted, count=10):
    data = load()
    found = [c.id for c in data.cards.values() if c.kingdom and set(c.sets) & set(sets_wanted)]
    return sorted(found)[:count]


def test_r_dom_7_no_prosperity_never_colony_all_prosperity_always():
    data = load()
    no_prosperity = [c for c in _kingdom(["base-2e"], 30) if PROSPERITY not in data.card(c).sets][
        :10
    ]
    all_prosperity = _kingdom([PROSPERITY])
    all_dark_ages = list(_kingdom([DARK_AGES], 40))[:10]
    for seed in range(300):
        assert not draws.colony_shelters(no_prosperity, random.Random(seed)).colony
        assert not draws.colony_shelters(no_prosperity, random.Random(seed)).shelters
        assert draws.colony_shelters(all_prosperity, random.Random(seed)).colony
        assert draws.colony_shelters(all_dark_ages, random.Random(seed)).shelters


def test_r_dom_7_three_then_two_from_the_other_seven():
    kingdom = _kingdom(["base-2e"])
    result = draws.colony_shelters(kingdom, random.Random(9))
    assert len(result.colony_cards) == 3
    assert len(result.shelter_cards) == 2
    assert not set(result.colony_cards) & set(result.shelter_cards)
    assert set(result.colony_cards) | set(result.shelter_cards) <= set(kingdom)


def test_r_dom_7_with_one_prosperity_card_colony_comes_three_times_in_ten():
    """One Prosperity card of ten: P(colony) = 3/10; over 10,000 seeded draws."""
    data = load()
    base = [c for c in _kingdom(["base-2e"], 30) if PROSPERITY not in data.card(c).sets][:9]
    kingdom = [*base, "City"]
    colonies = sum(draws.colony_shelters(kingdom, random.Random(s)).colony for s in range(10_000))
    assert 2_850 <= colonies <= 3_150


def test_draws_are_uniform_chi_square_at_a_fixed_seed():
    """Round 1's ten over 10,000 seeded draws: every card of the 39 equally often."""
    pool = championship()
    main = pool.from_sets(pool.basic_main)
    rng = random.Random(2026)
    counts = Counter(c for _ in range(10_000) for c in draws.first_ten(pool, rng))
    expected = 10_000 * 10 / len(main)
    chi_square = sum((counts[c] - expected) ** 2 / expected for c in main)
    assert chi_square < 70.7  # df = 38, p = 0.001
    extended = Counter()
    for seed in range(10_000):
        rng = random.Random(seed)
        basic = draws.basic_draw(pool, rng)
        extended.update(draws.extended_draw(pool, rng, basic.mandatory + basic.choices).mandatory)
    rest = set(extended)
    assert rest <= set(pool.all_cards())
    assert len(rest) == 74  # every card can be an Extended mandatory one


@pytest.mark.parametrize(
    ("players", "victory", "provinces", "curses", "piles"),
    [
        (2, 8, 8, 10, 3),
        (3, 12, 12, 20, 3),
        (4, 12, 12, 30, 3),
        (5, 12, 15, 40, 4),
        (6, 12, 18, 50, 4),
    ],
)
def test_r_setup_1_pile_sizes_for_two_to_six_players(players, victory, provinces, curses, piles):
    kingdom = [
        "Gardens",
        "Cellar",
        "Market",
        "Merchant",
        "Militia",
        "Mine",
        "Moat",
        "Remodel",
        "Smithy",
        "Village",
    ]
    result = setup(players, kingdom, colony=False, shelters=False)
    assert (result.victory, result.provinces, result.curses, result.piles_to_end) == (
        victory,
        provinces,
        curses,
        piles,
    )
    sizes = dict(result.kingdom)
    assert sizes["Gardens"] == victory  # a victory kingdom pile follows the victory count
    assert sizes["Cellar"] == 10
    assert result.starting_deck == (("Copper", 7), ("Estate", 3))


def test_r_setup_1_shelters_replace_the_estates():
    result = setup(3, _kingdom(["base-2e"]), colony=True, shelters=True)
    assert result.starting_deck == (
        ("Copper", 7),
        ("Hovel", 1),
        ("Necropolis", 1),
        ("Overgrown Estate", 1),
    )


def test_r_setup_2_kingdom_sorted_by_cost_then_name():
    data = load()
    # alphabetical order differs from cost order here: Artisan (6) and Bandit (5) come last
    names = sorted(
        ["Witch", "Artisan", "Cellar", "Bandit", "Moat", "Chapel", "Village"],
        key=lambda c: sort_key(data.card(c)),
    )
    assert names == ["Cellar", "Chapel", "Moat", "Village", "Bandit", "Witch", "Artisan"]


def test_r_setup_2_the_view_sorts_by_cost_then_the_name_in_the_language():
    from kolo.games.dominion.draws import kingdom_from_document
    from kolo.games.dominion.view import kingdom_view

    ten = ["Witch", "Artisan", "Cellar", "Bandit", "Moat", "Chapel", "Village", "Smithy"]
    ten += ["Market", "Gardens"]
    doc = kingdom_from_document(
        {"draw": "first10", "cards": ten, "colony": False, "shelters": False}
    )
    czech = kingdom_view(doc, "cs", ["A", "B", "C"])
    data = load()
    expected = sorted(ten, key=lambda c: (data.card(c).cost, name_key(data.card(c).cs, "cs")))
    assert expected.index("Witch") < expected.index("Market")  # Čarodějnice before Trh
    assert [line.id for line in czech.cards] == expected
    assert [line.cost for line in czech.cards] == sorted(line.cost for line in czech.cards)
    assert czech.cards[-1].id == "Artisan"
    # the players' count gives the pile sizes: Gardens is a victory pile of 12 at three
    assert {line.id: line.pile for line in czech.cards}["Gardens"] == 12
    assert kingdom_view(doc, "en", ["A", "B"]).cards[0].pile == 10


def test_r_setup_1_piles_some_cards_need():
    ten = ["Cultist", "Marauder", "Hermit", "Urchin", "Cellar", "Chapel", "Moat", "Village"]
    ten += ["Smithy", "Market"]
    for players in (2, 3, 4):
        extra = dict(setup(players, ten, colony=False, shelters=False).extra)
        assert extra["Ruins"] == 10 * (players - 1)
        assert extra["Spoils"] == 15
        assert extra["Madman"] == 10
        assert extra["Mercenary"] == 10
    assert setup(3, ten[4:], colony=False, shelters=False).extra == ()


def test_r_dom_7_the_order_the_piles_were_chosen_in_does_not_matter():
    ten = ["Mint", "Bridge", "Oasis", "Village", "Steward", "Mine", "Stables", "Bureaucrat"]
    ten += ["Remodel", "Rats"]
    for seed in range(50):
        first = draws.colony_shelters(ten, random.Random(seed))
        again = draws.colony_shelters(list(reversed(ten)), random.Random(seed))
        assert first == again


def test_r_dom_6_the_cut_is_exact():
    plan = draws.table_plan("qualifier", 3, 50, Settings({"extended_share": 0.14}))
    assert sum(1 for kind in plan.values() if kind == "extended") == 7


def test_r_dom_1_draw_groups_must_be_known_and_separate():
    cards = championship().cards
    with pytest.raises(InvalidInput) as error:
        make_pool("x", cards, ("base-1e", "intrigue-1e"), ("base-1e", "dark-ages"))
    assert "both parts" in error.value.problems[0].message
    with pytest.raises(InvalidInput) as error:
        make_pool("x", cards, ("base-9e",), ("dark-ages",))
    assert error.value.problems[0].params == {"set": "base-9e"}


def test_r_setup_3_the_26_second_edition_kingdom_cards():
    data = load()
    second = sorted(
        (c.cost, c.id) for c in data.cards.values() if c.kingdom and "base-2e" in c.sets
    )
    assert len(second) == 26
    assert (6, "Artisan") in second
    assert (2, "Cellar") in second


def test_names_resolve_from_czech_and_english():
    assert resolve(["sklepení", "Council Room", "vesnice"]) == ("Cellar", "Council Room", "Village")
    with pytest.raises(InvalidInput):
        resolve(["Nope"])


def test_randomizer_options():
    for seed in range(50):
        result = randomize(
            ["base-2e"],
            random.Random(seed),
            village=True,
            reaction_if_attack=True,
            banned=["Witch"],
        )
        types = [load().card(c).types for c in result.cards]
        assert len(set(result.cards)) == 10
        assert "Witch" not in result.cards
        assert any(c in ("Village", "Festival") for c in result.cards)
        if any("Attack" in t for t in types):
            assert any("Reaction" in t for t in types)
    assert randomize(["base-2e"], random.Random(1), colony_rule="none").extras.colony is False
    with pytest.raises(InvalidInput):
        randomize(["nope"], random.Random(1))
