"""Knockout events as files: kolo pair proposes the next stage, kolo standings shows the
group tables and the bracket (R-NBGL-1..5), and the format's knockout fields round-trip."""

import json
from dataclasses import replace

import pytest

from kolo.cli import main
from kolo.core.problems import InvalidInput
from kolo.eventfile import reader
from kolo.eventfile.writer import dumps
from tests.conftest import EXAMPLES

PRAHA = EXAMPLES / "nbgl-praha-2026.json"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_example_is_valid_and_obeys_the_rules(capsys):
    assert run(capsys, "validate", str(PRAHA)) == (0, "", "")
    code, out, _ = run(capsys, "check", str(PRAHA))
    assert code == 0
    assert "rounds checked: 4" in out


def test_standings_show_groups_bracket_and_how_far_everyone_got(capsys):
    code, out, _ = run(capsys, "standings", str(PRAHA), "--json")
    assert code == 0
    document = json.loads(out)
    rows = document["standings"]
    assert [r["reached"] for r in rows[:4]] == ["final"] * 4
    assert [r["reached"] for r in rows[4:8]] == ["semi-final"] * 4
    assert [r["reached"] for r in rows[8:16]] == ["quarter-final"] * 8
    assert {r["reached"] for r in rows[16:]} == {"group"}
    groups = document["groups"]
    assert [g["group"] for g in groups] == list("ABCDEFGHIJ")
    assert sorted(len(g["rows"]) for g in groups) == [3, 3] + [4] * 8
    seeds = sorted(r["seed"] for g in groups for r in g["rows"] if r["seed"])
    assert seeds == list(range(1, 17))
    assert all(g["rows"][0]["seed"] for g in groups)  # every group winner goes on (R-NBGL-3)
    stages = [(b["stage"], len(b["tables"])) for b in document["bracket"]]
    assert stages == [("quarter-final", 4), ("semi-final", 2), ("final", 1)]
    for stage in document["bracket"][:2]:
        for table in stage["tables"]:
            assert [p["advanced"] for p in table["players"]] == [True, True, False, False]
            assert [p["place"] for p in table["players"]] == [1, 2, 3, 4]
    final = document["bracket"][2]["tables"][0]["players"]
    assert [p["advanced"] for p in final] == [True, False, False, False]
    assert final[0]["entrant"] == rows[0]["entrant"]
    code, text, _ = run(capsys, "standings", str(PRAHA))
    assert "Group A" in text
    assert "Round 4: final" in text


def test_pair_proposes_the_next_stage(capsys, tmp_path):
    event = reader.load(PRAHA)
    groups_only = tmp_path / "groups.json"
    groups_only.write_text(dumps(replace(event, rounds=event.rounds[:1])), encoding="utf-8")
    code, out, _ = run(capsys, "pair", str(groups_only), "--json")
    assert code == 0
    proposal = json.loads(out)
    assert proposal["stage"] == "quarter-final"
    assert sorted(f["seed"] for f in proposal["field"]) == list(range(1, 17))
    assert [len(t["seats"]) for t in proposal["tables"]] == [4, 4, 4, 4]
    code, text, _ = run(capsys, "--lang", "cs", "pair", str(groups_only))
    assert "čtvrtfinále" in text
    code, _, err = run(capsys, "pair", str(PRAHA))
    assert code == 2
    assert "the final has been played" in err


def test_stage_group_and_game_seats_round_trip(tmp_path):
    event = reader.load(PRAHA)
    assert event.rounds[0].stage == "group"
    assert event.rounds[0].tables[0].group == "A"
    text = dumps(event)
    assert reader.loads(text) == event
    document = json.loads(text)
    table = document["rounds"][0]["tables"][0]
    table["games"][1]["order"] = list(reversed(table["seats"]))
    again = reader.loads(json.dumps(document))
    assert again.rounds[0].tables[0].games[1].seats == tuple(reversed(table["seats"]))
    assert json.loads(dumps(again))["rounds"][0]["tables"][0]["games"][1]["order"] == list(
        reversed(table["seats"])
    )
    # files written before "order" name it "seats"
    legacy = json.loads(json.dumps(document))
    legacy["rounds"][0]["tables"][0]["games"][1]["seats"] = legacy["rounds"][0]["tables"][0][
        "games"
    ][1].pop("order")
    assert reader.loads(json.dumps(legacy)) == again
    both = legacy["rounds"][0]["tables"][0]["games"][1]
    both["order"] = both["seats"]
    with pytest.raises(InvalidInput) as error:
        reader.loads(json.dumps(legacy))
    assert [p.path for p in error.value.problems] == ["$.rounds[0].tables[0].games[1].seats"]
    table["games"][1]["order"] = table["seats"][:3]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code = main(["validate", str(path)])
    assert code == 2
