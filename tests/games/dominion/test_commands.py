"""The Dominion commands and kingdoms in the store."""

import json

import pytest

from kolo.cli import main
from kolo.eventfile import reader
from kolo.games.dominion import cards
from kolo.games.dominion.kingdom import kingdom_of
from kolo.store import models

KINGDOM = "Cellar,Festival,Gardens,Laboratory,Militia,Mine,Moat,Moneylender,Remodel,Smithy"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_draw_round_json_shape(capsys):
    code, out, _ = run(
        capsys,
        "draw",
        "round",
        "--ruleset",
        "dominion-cz",
        "--round",
        "3",
        "--tables",
        "10",
        "--seed",
        "7",
        "--json",
    )
    assert code == 0
    document = json.loads(out)
    assert set(document) == {"basic", "extended", "first10", "table_draw"}
    assert len(document["basic"]["mandatory"]) == 4
    assert len(document["basic"]["choices"]) == 9
    assert document["first10"] is None
    assert document["table_draw"] == {
        str(t): "extended" if t <= 5 else "basic" for t in range(1, 11)
    }
    again = json.loads(
        run(
            capsys,
            "draw",
            "round",
            "--ruleset",
            "dominion-cz",
            "--round",
            "3",
            "--tables",
            "10",
            "--seed",
            "7",
            "--json",
        )[1]
    )
    assert again == document
    first = json.loads(
        run(capsys, "draw", "round", "--round", "1", "--tables", "4", "--seed", "1", "--json")[1]
    )
    assert len(first["first10"]) == 10
    assert first["basic"] is None


def test_draw_colony_shelters_json_shape(capsys):
    code, out, _ = run(
        capsys, "draw", "colony-shelters", "--kingdom", KINGDOM, "--seed", "7", "--json"
    )
    assert code == 0
    document = json.loads(out)
    assert set(document) == {"colony", "shelters", "colony_cards", "shelter_cards"}
    assert document["colony"] is False  # no Prosperity card in this kingdom
    assert len(document["colony_cards"]) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["draw", "colony-shelters", "--kingdom", KINGDOM.replace("Cellar", "Cellarr")],
            "unknown card 'Cellarr'",
        ),
        (
            ["draw", "colony-shelters", "--kingdom", KINGDOM + ",Village"],
            "a kingdom has 10 cards, not 11",
        ),
        (["draw", "round", "--ruleset", "carcassonne-cz"], "has no card draws"),
        (["draw", "kingdom", "--sets", "nowhere"], "unknown set 'nowhere'"),
        (["cards", "--set", "nowhere"], "unknown set 'nowhere'"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(capsys, args, message):
    code, _, err = run(capsys, *args)
    assert code == 2
    assert message in err
    assert "internal error" not in err  # the CLI's own crash report


def test_cards_lists_in_czech(capsys):
    code, out, _ = run(capsys, "cards", "--set", "base-1e", "--lang", "cs")
    assert code == 0
    assert "Sklepení" in out
    code, out, _ = run(capsys, "cards", "--json")
    assert all(c["kingdom"] for c in json.loads(out))


def test_r_setup_2_czech_card_lists_sort_the_czech_way(capsys):
    """R-SETUP-2: by cost, then by name in the language shown, alphabetically its way:
    in Czech Čarodějnice after Bandita (not after Zasedání rady), Chudinská čtvrť after
    Harbinger; English keeps its order."""
    from kolo.games.dominion.view import sorted_lines

    def fives(*lang):
        code, out, _ = run(capsys, "cards", "--set", "base-2e", *lang)
        assert code == 0
        return [line[3:].split("  ")[1].strip() for line in out.splitlines() if line[:4] == "   5"]

    assert fives("--lang", "cs") == [
        "Bandita", "Čarodějnice", "Důl", "Hlídka", "Jarmark", "Knihovna", "Laboratoř", "Trh",
        "Zasedání rady",
    ]  # fmt: skip
    assert fives("--lang", "en") == [
        "Bandit", "Council Room", "Festival", "Laboratory", "Library", "Market", "Mine",
        "Sentry", "Witch",
    ]  # fmt: skip
    threes = ["Shanty Town", "Steward", "Harbinger", "Forager"]
    assert [line.name for line in sorted_lines(threes, "cs")] == [
        "Harbinger", "Chudinská čtvrť", "Sběrač", "Správce",
    ]  # fmt: skip
    assert [line.name for line in sorted_lines(threes, "en")] == [
        "Forager", "Harbinger", "Shanty Town", "Steward",
    ]  # fmt: skip


@pytest.mark.db
@pytest.mark.django_db
def test_kingdoms_are_drawn_stored_drafted_and_exported(capsys):
    assert run(capsys, "event", "new", "--ruleset", "dominion-cz", "Brno")[0] == 0
    run(capsys, "entrant", "add", "brno", *[f"Player {i}" for i in range(1, 10)])
    run(capsys, "round", "pair", "brno", "--seed", "4")
    first = list(models.Table.objects.filter(round__number=1))
    assert {t.setup["draw"] for t in first} == {"first10"}
    assert len({tuple(t.setup["cards"]) for t in first}) == 1  # the same ten at every table
    for t in first:
        scores = [f"{s.entrant.code}={30 - i}" for i, s in enumerate(t.seats.all())]
        run(capsys, "result", "brno", "1", str(t.number), *scores)
    run(capsys, "round", "close", "brno")
    run(capsys, "round", "pair", "brno", "--seed", "5")
    table = models.Table.objects.get(round__number=2, number=1)
    assert table.setup["draw"] == "basic"
    choices = table.setup["choices"]
    # a pick not among the nine
    code, _, err = run(
        capsys,
        "kingdom",
        "pick",
        "brno",
        "2",
        "1",
        ",".join([*choices[:5], "Witch" if "Witch" not in choices else "Chapel"]),
    )
    assert code == 2
    assert "not among the nine" in err
    code, out, _ = run(capsys, "kingdom", "pick", "brno", "2", "1", ",".join(choices[:6]))
    assert code == 0
    table.refresh_from_db()
    assert table.setup["cards"] == table.setup["mandatory"] + choices[:6]
    assert len(table.setup["colony_cards"]) == 3
    assert models.AuditEntry.objects.filter(action="kingdom.draft").count() == 1
    code, out, _ = run(capsys, "export", "brno")
    document = json.loads(out)
    assert document["rounds"][1]["tables"][0]["kingdom"]["picks"] == choices[:6]
    event = reader.loads(out)
    assert kingdom_of(event.rounds[1].tables[0]).draw == "basic"
    code, shown, _ = run(capsys, "--lang", "cs", "kingdom", "show", "brno", "2")
    assert code == 0
    assert "Stůl 1" in shown
    czech = cards.load().card(table.setup["cards"][0]).cs
    assert czech in shown


def test_event_files_check_kingdoms(capsys, tmp_path):
    from tests.conftest import CASES

    document = json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))
    document["rounds"][0]["tables"][0]["kingdom"] = {
        "draw": "basic",
        "mandatory": ["Cellar", "Moat", "Mine", "Smithy"],
        "choices": [
            "Village",
            "Witch",
            "Festival",
            "Laboratory",
            "Market",
            "Gardens",
            "Militia",
            "Remodel",
            "Nope",
        ],
        "picks": ["Village", "Village", "Festival", "Laboratory", "Market", "Throne Room"],
        "cards": None,
        "colony": False,
        "shelters": False,
    }
    path = tmp_path / "kingdom.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2
    assert "unknown card 'Nope'" in err
    assert "a card is picked twice" in err
    assert "'Throne Room' is not among the nine to draft from" in err


def test_random_kingdom_with_setup_and_a_repeatable_random_seed(capsys):
    code, out, err = run(capsys, "draw", "kingdom", "--players", "2", "--json")
    assert code == 0
    seed = err.split("--seed ")[1].split(")")[0]
    first = json.loads(out)
    # R-SETUP-1, §5.2: two players play with 8 victory cards and 10 Curses
    assert first["setup"]["piles"] == {"Estate": 8, "Duchy": 8, "Province": 8, "Curse": 10}
    assert first["setup"]["piles_to_end"] == 3
    victory = [c for c in first["cards"] if cards.load().card(c).is_victory]
    assert all(first["setup"]["kingdom"][c] == 8 for c in victory)
    code, again, err = run(capsys, "draw", "kingdom", "--players", "2", "--json", "--seed", seed)
    assert code == 0
    assert json.loads(again) == first
    assert err == ""
    code, _, err = run(capsys, "draw", "kingdom", "--players", "7")
    assert code == 2
    assert "internal error" not in err  # the CLI's own crash report


def test_the_documented_kingdom_object_is_valid(capsys, tmp_path):
    import re
    from pathlib import Path

    from tests.conftest import CASES

    docs = Path(__file__).resolve().parents[3] / "docs" / "event-format.md"
    block = re.search(r'```json\n"kingdom": (\{.*?\n\})\n```', docs.read_text(), re.S)
    assert block is not None
    document = json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))
    document["rounds"][-1]["tables"][0]["kingdom"] = json.loads(block.group(1))
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert run(capsys, "validate", str(path))[0] == 0
    document["rounds"][-1]["tables"][0]["kingdom"]["picks"][0] = "Witch"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2
    assert "Witch" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({"cards": {"base-1e": 5}}, "must be a list of card ids"),
        ([["Village"]], "needs its cards by set"),
        ({"name": 5, "cards": {"base-1e": ["Village"]}}, "must be a text"),
        ({"cards": {"base-1e": ["Village"]}, "draw_groups": []}, "must be an object"),
        ({"cards": {"base-1e": ["Village"]}, "draw_groups": {"basic_main": "x"}}, "set ids"),
        ({"cards": {"base-1e": ["Villlage"]}}, "unknown card 'Villlage'"),
        ({"cards": {"base-1e": ["Village", "Cellar"]}}, "at least 10 cards"),
    ],
)
def test_odd_pool_files_are_refused_clearly(capsys, tmp_path, content, message):
    path = tmp_path / "pool.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    code, _, err = run(capsys, "draw", "round", "--pool", str(path), "--seed", "1")
    assert code == 2
    assert message in err
    assert "internal error" not in err  # the CLI's own crash report


@pytest.mark.db
@pytest.mark.django_db
def test_pool_save_keeps_the_title_and_the_pool_setting_must_exist(capsys, tmp_path):
    from kolo.games.dominion.pools import championship

    pool = championship()
    path = tmp_path / "brno.json"
    document = {"title": "Brno 2027", "cards": {s: list(ids) for s, ids in pool.cards.items()}}
    path.write_text(json.dumps(document), encoding="utf-8")
    assert run(capsys, "pool", "save", "brno-2027", str(path))[0] == 0
    assert models.CardPool.objects.get(name="brno-2027").title == "Brno 2027"
    code, _, err = run(
        capsys, "event", "new", "--ruleset", "dominion-cz", "X", "--set", "pool=nowhere"
    )
    assert code == 2
    assert "no card pool 'nowhere'" in err
    code, _, _ = run(
        capsys, "event", "new", "--ruleset", "dominion-cz", "X", "--set", "pool=brno-2027"
    )
    assert code == 0
    code, _, err = run(capsys, "draw", "round", "--set", "pool=brno-2027", "--seed", "1")
    assert code == 2
    assert "--pool FILE" in err


@pytest.mark.parametrize(
    ("kingdom", "message"),
    [
        ({"draw": "basic", "cards": None}, "a basic draw needs its mandatory"),
        ({"draw": "first10"}, "round 1's ten cards are missing"),
        ({"draw": "first10", "cards": ["Copper"] * 10}, "'Copper' is not a kingdom card"),
        (
            {"draw": "first10", "cards": ["Cellar"] * 10},
            "a kingdom card is given twice",
        ),
        ({"draw": "first10", "cards": list(KINGDOM.split(",")), "seed": "x"}, "whole number"),
    ],
)
def test_event_files_refuse_broken_kingdoms(capsys, tmp_path, kingdom, message):
    from tests.conftest import CASES

    document = json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))
    document["rounds"][0]["tables"][0]["kingdom"] = kingdom
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2
    assert message in err
