"""The kolo-series/1 document: validation, bad input on the command line, the schema."""

import json
import subprocess
import sys

import jsonschema
import pytest

from kolo.cli import main
from kolo.cli import series as series_file
from kolo.series import document
from kolo.series.dominion import DominionQualification
from tests.series.builders import players, ranked_event, write_series


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def series_json(path):
    return json.loads(path.read_text(encoding="utf-8"))


def rewrite(path, doc):
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


@pytest.fixture
def series(tmp_path):
    """A valid series of two events; tests break it."""
    return write_series(
        tmp_path,
        [{"doc": ranked_event(players(6))}, {"doc": ranked_event(players(7)), "kind": "local"}],
        championship_top7=["p01"],
        qualification={"system": "dominion", "last_final_top5": ["p02"]},
    )


def refused(capsys, path, command="validate"):
    """Run a series command on a bad file: exit 2, nothing on stdout, no traceback; the
    lines on stderr."""
    code, out, err = run(capsys, "series", command, str(path))
    assert (code, out) == (2, "")
    assert "Traceback" not in err
    assert "internal error" not in err
    return err.splitlines()


def test_a_valid_series_validates_silently(capsys, series):
    assert run(capsys, "series", "validate", str(series)) == (0, "", "")
    loaded = series_file.load(series)
    assert [e.file for e in loaded.events] == ["event-01.json", "event-02.json"]
    assert loaded.rules == "tour-de-dominion-2022"
    assert loaded.championship_top7 == frozenset({"p01"})
    assert isinstance(loaded.qualification, DominionQualification)
    assert loaded.qualification.last_final_top5 == ("p02",)


def test_a_missing_event_file(capsys, series):
    (series.parent / "event-02.json").unlink()
    lines = refused(capsys, series)
    assert lines == [f"kolo: {series.parent / 'event-02.json'}: no such file"]


@pytest.mark.parametrize("command", ["validate", "standings", "qualification"])
def test_unknown_rules(capsys, series, command):
    doc = series_json(series)
    doc["rules"] = "tour-de-france"
    rewrite(series, doc)
    lines = refused(capsys, series, command)
    assert lines == [
        f'{series}: $.rules: unknown tour rules "tour-de-france"; known: tour-de-dominion-2022'
    ]


@pytest.mark.parametrize("date", ["14.3.2026", "2026-02-30", "2026-3-14", 20260314, None])
def test_a_bad_date(capsys, series, date):
    doc = series_json(series)
    doc["events"][1]["date"] = date
    rewrite(series, doc)
    lines = refused(capsys, series, "standings")
    assert lines == [
        f"{series}: $.events[1].date: must be a date written YYYY-MM-DD, not {json.dumps(date)}"
    ]


def test_an_invalid_event_file_is_reported_with_its_name(capsys, series):
    event_path = series.parent / "event-01.json"
    event = json.loads(event_path.read_text(encoding="utf-8"))
    event["rounds"][0]["tables"][0]["seats"][0] = "nobody"
    event["entrants"][0]["name"] = ""
    rewrite(event_path, event)
    lines = refused(capsys, series, "standings")
    assert f"kolo: {event_path}: $.entrants[0].name: an entrant's name must not be empty" in lines
    assert f"kolo: {event_path}: $.rounds[0].tables[0].seats[0]: unknown entrant 'nobody'" in lines


def test_an_event_file_that_is_not_json(capsys, series):
    (series.parent / "event-01.json").write_text("{oops", encoding="utf-8")
    (line,) = refused(capsys, series)
    assert line.startswith(f"kolo: {series.parent / 'event-01.json'}: $: not valid JSON")


def test_every_problem_at_once(capsys, series):
    doc = series_json(series)
    doc["format"] = "kolo-series/2"
    doc["colour"] = "blue"
    doc["name"] = " "
    doc["championship_top7"] = ["p01", "p01"]
    doc["events"][0]["published"] = "yes"
    doc["events"][0]["kind"] = "major"
    doc["events"][1]["file"] = "event-01.json"
    del doc["events"][1]["city"]
    doc["events"].append({"file": "gone.json", "city": "Brno", "date": "2026-05-01"})
    rewrite(series, doc)
    lines = refused(capsys, series)
    assert lines == [
        f"{series}: $.colour: unknown field 'colour'; allowed: format, name, rules, "
        "championship_top7, events, qualification",
        f"{series}: $.format: must be exactly 'kolo-series/1', not \"kolo-series/2\"",
        f"{series}: $.name: the series' name must be a non-empty text",
        f"{series}: $.championship_top7[1]: 'p01' is listed twice",
        f"{series}: $.events[0].published: must be true or false",
        f"{series}: $.events[0].kind: must be one of main, local, last-chance",
        f"{series}: $.events[1]: missing field 'city'",
        f"{series}: $.events[2]: missing field 'published'",
    ]


def test_the_same_file_twice(capsys, series):
    doc = series_json(series)
    doc["events"][1]["file"] = "./event-01.json"
    rewrite(series, doc)
    assert refused(capsys, series) == [
        f"{series}: $.events[1].file: the same file as $.events[0].file"
    ]


def test_an_event_of_another_game(capsys, series):
    rewrite(
        series.parent / "event-01.json",
        ranked_event(players(8), ruleset="carcassonne-cz", rounds=4),
    )
    assert refused(capsys, series) == [
        f"{series}: $.events[0].file: event-01.json is a carcassonne-cz event; "
        "tour-de-dominion-2022 accepts dominion-cz, dominion-cz-final",
        f"{series}: $.events[0].file: event-01.json is a carcassonne-cz event; "
        "dominion accepts dominion-cz, dominion-cz-final",
    ]


def test_one_person_entered_twice_in_an_event(capsys, series):
    event_path = series.parent / "event-01.json"
    event = json.loads(event_path.read_text(encoding="utf-8"))
    event["entrants"][3]["player"] = event["entrants"][0]["player"]
    rewrite(event_path, event)
    (line,) = refused(capsys, series)
    assert line == (
        f"kolo: {event_path}: $.entrants[3].player: the same player "
        f"'{event['entrants'][0]['player']}' as entrant '{event['entrants'][0]['id']}'"
    )


def test_declined_must_name_a_player_of_the_event(capsys, series):
    doc = series_json(series)
    doc["events"][1]["declined"] = ["p07", "stranger"]
    rewrite(series, doc)
    assert refused(capsys, series) == [
        f"{series}: $.events[1].declined[1]: 'stranger' is not a player of event-02.json"
    ]


def test_qualification_settings_are_checked(capsys, series):
    doc = series_json(series)
    doc["events"][1]["kind"] = "last-chance"
    rewrite(series, doc)
    assert refused(capsys, series) == [
        f"{series}: $.events[1].kind: a last-chance event needs the setting 'field_size' "
        "of the final"
    ]
    doc["qualification"] = {"system": "chess"}
    rewrite(series, doc)
    assert refused(capsys, series) == [
        f'{series}: $.qualification.system: unknown qualification system "chess"; '
        "known: dominion, carcassonne"
    ]
    doc["qualification"] = {"system": "dominion", "field_size": 0, "pass_down": "yes"}
    rewrite(series, doc)
    assert refused(capsys, series) == [
        f"{series}: $.qualification.field_size: must be at least 1",
        f"{series}: $.qualification.pass_down: must be true or false",
    ]


def test_carcassonne_table_is_checked(capsys, tmp_path):
    """R-QUAL-5: a row starts at 1 player or more, and below 12 awards no points; rows ascend;
    main is Dominion's."""
    path = write_series(
        tmp_path,
        [{"doc": ranked_event(players(12), ruleset="carcassonne-cz", rounds=4), "kind": "main"}],
        rules=None,
        qualification={
            "system": "carcassonne",
            "table": [
                {"entrants": 16, "direct": 1},
                {"entrants": 0, "points": [1, -1, True]},
                {"entrants": 11, "direct": 3, "points": [1]},
            ],
        },
    )
    assert refused(capsys, path) == [
        f"{path}: $.qualification.table[1].entrants: must be at least 1",
        f"{path}: $.qualification.table[1].points[1]: must be a number of at least 0",
        f"{path}: $.qualification.table[1].points[2]: must be a number of at least 0",
        f"{path}: $.qualification.table[2].points: events of 11 or fewer entrants award no "
        "qualification points (R-QUAL-5)",
    ]
    doc = series_json(path)
    doc["qualification"]["table"] = [{"entrants": 16}, {"entrants": 12}]
    rewrite(path, doc)
    assert refused(capsys, path) == [
        f"{path}: $.qualification.table[1].entrants: rows must be in increasing order of "
        "'entrants'",
        f"{path}: $.events[0].kind: the carcassonne qualification has no 'main' events; "
        "use local, last-chance",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "kolo: {path}: no such file"),
        ("{not json", "{path}: $: not valid JSON: Expecting property name enclosed in double "
         "quotes (line 1, column 2)"),
        ("[]", "{path}: $: must be an object"),
        ('{"format": "kolo-series/1", "name": "x", "events": []}',
         "{path}: $.events: a series needs at least one event"),
    ],
)  # fmt: skip
def test_bad_series_files(capsys, tmp_path, content, message):
    path = tmp_path / "series.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert refused(capsys, path, "standings") == [message.format(path=path)]


def test_no_tour_rules(capsys, tmp_path):
    path = write_series(tmp_path, [{"doc": ranked_event(players(6))}], rules=None)
    assert refused(capsys, path, "standings") == [
        f"{path}: $.rules: the series has no tour rules (the field 'rules')"
    ]


def test_schema_command_prints_the_schema(capsys):
    code, out, _ = run(capsys, "series", "schema")
    assert code == 0
    assert json.loads(out) == document.json_schema()


def test_the_schema_accepts_valid_series_and_rejects_unknown_fields(series):
    schema = document.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    doc = series_json(series)
    jsonschema.validate(doc, schema)
    carcassonne = {
        **doc,
        "qualification": {
            "system": "carcassonne",
            "table": [{"entrants": 12, "direct": 1, "points": [1, 0.5]}],
            "last_championship_top10": ["a"],
            "pass_down": False,
        },
    }
    jsonschema.validate(carcassonne, schema)
    for broken in (
        {**doc, "colour": "blue"},
        {**doc, "events": [{**doc["events"][0], "date": "14.3.2026"}]},
        {**doc, "events": [{**doc["events"][0], "kind": "major"}]},
        {**doc, "qualification": {"system": "carcassonne"}},
        {**carcassonne, "qualification": {**carcassonne["qualification"],
                                          "table": [{"entrants": 0}]}},
        {**carcassonne, "qualification": {**carcassonne["qualification"],
                                          "table": [{"entrants": 11, "points": [1]}]}},
    ):  # fmt: skip
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, schema)
    small = [{"entrants": 1, "direct": 3, "points": []}, {"entrants": 16, "direct": 4}]
    jsonschema.validate(
        {**carcassonne, "qualification": {**carcassonne["qualification"], "table": small}}, schema
    )


def test_the_series_package_is_pure():
    """DESIGN.md principle 1: kolo.series imports nothing from Django, the web or the CLI."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import kolo.series as package\n"
        "for info in pkgutil.walk_packages(package.__path__, 'kolo.series.'):\n"
        "    importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'typer', 'rich')"
        " or m.startswith(('kolo.web', 'kolo.cli')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_the_document_reads_no_file_the_caller_gives_the_events(tmp_path):
    """The series module is pure: the series text and the event files come from the caller
    (here from memory, nothing on disk)."""
    from kolo.core.problems import InvalidInput
    from kolo.eventfile import reader

    events = {"a.json": ranked_event(players(4)), "b.json": ranked_event(players(5))}
    asked = []

    class InMemory:
        def same(self, path):
            return path

        def load(self, path):
            asked.append(path.name)
            return reader.loads(json.dumps(events[path.name]))

    def series_text(*files):
        listed = [
            {"file": f, "city": "Brno", "date": f"2026-01-1{i}", "published": True}
            for i, f in enumerate(files)
        ]
        return json.dumps({"format": "kolo-series/1", "name": "Memory", "events": listed})

    loaded = document.loads(series_text("a.json", "b.json"), tmp_path, InMemory())
    assert [len(e.event.entrants) for e in loaded.events] == [4, 5]
    assert asked == ["a.json", "b.json"]
    asked.clear()
    with pytest.raises(InvalidInput) as refused:
        document.loads(series_text("a.json", "./a.json"), tmp_path, InMemory())
    assert [p.path for p in refused.value.problems] == ["$.events[1].file"]
    assert asked == ["a.json"]
    assert not any(tmp_path.iterdir())
