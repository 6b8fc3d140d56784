"""The command line on the store: every command, and bad input refused with one line, exit 2,
and nothing stored changed."""

import json

import pytest

from kolo.cli import main
from kolo.store import models
from tests.conftest import EXAMPLES
from tests.web.conftest import snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def run(capsys, *args):
    code = main(["--user", "desk", *args])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys, *args):
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out


def refused(capsys, *args, contains):
    before = snapshot()
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) >= 1
    assert contains in err
    assert "internal error" not in err  # the CLI's own crash report
    assert snapshot() == before
    return err


@pytest.fixture
def brno(capsys):
    ok(capsys, "event", "new", "--ruleset", "dominion-cz", "Brno 2026")
    ok(capsys, "entrant", "add", "brno-2026", "Ana", "Bob", "Cyril", "Dana", "Eva", "Filip", "Gita")
    return "brno-2026"


def play_round_1(capsys, event):
    ok(capsys, "round", "new", event, "--tables", "p1,p2,p3;p4,p5;p6,p7")
    ok(capsys, "result", event, "1", "1", "p1=40", "p2=30", "p3=10")
    ok(capsys, "result", event, "1", "2", "p4=30", "Eva=20")
    ok(capsys, "result", event, "1", "3", "p6=25", "p7=25")
    ok(capsys, "round", "close", event)


def test_a_whole_round_from_the_command_line(capsys, brno):
    out = ok(capsys, "event", "list")
    assert "brno-2026" in out
    assert "store:" in out
    play_round_1(capsys, brno)
    out = ok(capsys, "standings", brno, "--json")
    document = json.loads(out)
    assert document["after_round"] == 1
    assert [r["entrant"] for r in document["standings"][:2]] == ["p1", "p4"]
    shown = ok(capsys, "round", "show", brno, "1")
    assert "Round 1 (closed)" in shown
    assert "Cyril" in shown
    audit = ok(capsys, "audit", brno)
    assert "desk" in audit
    assert "result.enter" in audit


def test_correction_prints_and_audits_both_values(capsys, brno):
    ok(capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7")
    ok(capsys, "result", brno, "1", "1", "p1=40", "p2=30", "p3=10")
    out = ok(capsys, "result", brno, "1", "1", "p1=40", "p2=41", "p3=10", "--correct")
    assert "round 1, table 1: corrected to p1=40 p2=41 p3=10 (was p1=40 p2=30 p3=10)" in out
    again = ok(capsys, "result", brno, "1", "1", "p1=40", "p2=41", "p3=10")
    assert again.strip() == "round 1, table 1: unchanged (p1=40 p2=41 p3=10)"
    audit = json.loads(ok(capsys, "audit", brno, "--json"))
    correction = next(a for a in audit if a["action"] == "result.correct")
    assert correction["before"]["scores"]["p2"] == 30
    assert correction["after"]["scores"]["p2"] == 41
    assert correction["who"] == "desk"


def test_unknown_event(capsys, brno):
    refused(
        capsys,
        "round",
        "new",
        "nope",
        "--tables",
        "p1,p2,p3",
        contains="no event 'nope' in the store",
    )
    refused(capsys, "standings", "nope", contains="no event 'nope'")
    refused(capsys, "export", "nope", contains="no event 'nope'")


def test_result_for_a_closed_round(capsys, brno):
    play_round_1(capsys, brno)
    refused(
        capsys,
        "result",
        brno,
        "1",
        "1",
        "p1=1",
        "p2=2",
        "p3=3",
        contains="round 1 is closed; reopen it",
    )


def test_result_naming_a_player_not_at_that_table(capsys, brno):
    ok(capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7")
    refused(
        capsys,
        "result",
        brno,
        "1",
        "1",
        "p1=1",
        "p2=2",
        "p4=3",
        contains="'Dana' is not at table 1",
    )


def test_result_bad_numbers_and_shapes(capsys, brno):
    ok(capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7")
    refused(
        capsys,
        "result",
        brno,
        "1",
        "1",
        "p1=1",
        "p2=two",
        "p3=3",
        contains="'two' for p2 is not a whole number",
    )
    refused(capsys, "result", brno, "1", "1", "p1", contains="not of the form player=number")
    refused(capsys, "result", brno, "1", "1", contains="give the scores")
    refused(capsys, "result", brno, "1", "x", "p1=1", contains="Invalid value for 'TABLE'")


def test_a_round_paired_while_the_previous_one_is_open(capsys, brno):
    ok(capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7")
    refused(
        capsys,
        "round",
        "new",
        brno,
        "--tables",
        "p1,p4,p6;p2,p5;p3,p7",
        contains="round 1 is still open",
    )


def test_duplicate_entrant_names(capsys, brno):
    err = refused(capsys, "entrant", "add", brno, "Zoe", "ana", contains="'ana' is entered already")
    assert "--allow-duplicate" in err  # the flag `kolo entrant add` offers
    out = ok(capsys, "entrant", "add", brno, "ana", "--allow-duplicate")
    assert out.strip() == "p8\tana"


def test_hard_rules_and_force(capsys, brno):
    play_round_1(capsys, brno)
    err = refused(
        capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7", contains="R-GORN-4"
    )
    assert "give --force with a reason" in err
    assert "round 2, table 1" in err
    ok(
        capsys,
        "round",
        "new",
        brno,
        "--tables",
        "p1,p2,p3;p4,p5;p6,p7",
        "--force",
        "organiser's call",
    )
    audit = json.loads(ok(capsys, "audit", brno, "--json"))
    assert audit[-1]["reason"] == "organiser's call"


def test_round_tables_syntax(capsys, brno):
    refused(
        capsys,
        "round",
        "new",
        brno,
        "--tables",
        "p1,,p3;p4,p5;p6,p7",
        contains="table 1 has an empty seat",
    )
    refused(
        capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p9", contains="no entrant 'p9'"
    )


def test_drop_reopen_delete_and_clear(capsys, brno):
    play_round_1(capsys, brno)
    out = ok(capsys, "entrant", "drop", brno, "Gita")
    assert "dropped after round 1" in out
    listed = ok(capsys, "entrant", "list", brno)
    assert "dropped after round 1" in listed
    ok(capsys, "round", "reopen", brno)
    ok(capsys, "result", brno, "1", "3", "--clear")
    refused(capsys, "round", "close", brno, contains="round 1 still lacks results (tables: 3)")
    ok(capsys, "result", brno, "1", "3", "p6=25", "p7=24")
    ok(capsys, "round", "close", brno)
    ok(capsys, "round", "new", brno, "--tables", "p1,p4,p6;p2,p5,p3")
    refused(capsys, "round", "reopen", brno, "1", contains="R-EVT-3")
    ok(capsys, "round", "delete", brno)
    refused(capsys, "round", "delete", brno, contains="round 1 has results")


def test_settings_show_and_change(capsys, brno):
    out = ok(capsys, "event", "settings", brno)
    assert "negative_scores_as_zero" in out
    assert "R-PCT-6" in out
    out = ok(capsys, "event", "settings", brno, "--set", "rounds=6")
    assert "rounds*" in out
    refused(capsys, "event", "settings", brno, "--set", "rounds=zero", contains="must be a number")


def test_entrants_from_files(capsys, brno, tmp_path):
    names = tmp_path / "names.txt"
    names.write_text("Hana\n\nIvan\n", encoding="utf-8")
    clubs = tmp_path / "names.csv"
    clubs.write_text('name,club\nJan,Brno\n"Kovář, Karel",Praha\n', encoding="utf-8")
    out = ok(capsys, "entrant", "add", brno, "--file", str(names))
    assert out.splitlines() == ["p8\tHana", "p9\tIvan"]
    out = ok(capsys, "entrant", "add", brno, "--file", str(clubs))
    assert out.splitlines() == ["p10\tJan\tBrno", "p11\tKovář, Karel\tPraha"]
    refused(
        capsys,
        "entrant",
        "add",
        brno,
        "--file",
        str(tmp_path / "missing.txt"),
        contains="no such file",
    )


def test_export_import_export_identical(capsys, tmp_path):
    source = EXAMPLES / "brno-2026.json"
    out = ok(capsys, "import", str(source))
    assert "imported Dominion Tour – Brno, March 2026 as dominion-tour-brno-march-2026" in out
    first = tmp_path / "first.json"
    ok(capsys, "export", "dominion-tour-brno-march-2026", "-o", str(first))
    ok(capsys, "import", str(first), "--key", "copy")
    second = ok(capsys, "export", "copy")
    assert second == first.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


def test_import_refuses_bad_files(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kolo-event/9"}', encoding="utf-8")
    before = snapshot()
    code, _, err = run(capsys, "import", str(bad))
    assert code == 2
    assert "$.format" in err
    assert snapshot() == before
    refused(
        capsys,
        "import",
        str(EXAMPLES / "brno-2026.json"),
        "--key",
        "Bad Key",
        contains="a key is lower-case",
    )


def test_standings_in_the_store_equal_the_file(capsys):
    ok(capsys, "import", str(EXAMPLES / "brno-2026.json"), "--key", "b")
    stored = json.loads(ok(capsys, "standings", "b", "--json"))
    from_file = json.loads(ok(capsys, "standings", str(EXAMPLES / "brno-2026.json"), "--json"))
    assert stored == from_file


def test_event_delete_needs_confirmation(capsys, brno):
    ok(capsys, "event", "delete", brno, "--yes")
    assert not models.Event.objects.filter(key=brno).exists()


def test_scores_are_plain_whole_numbers_given_once(capsys, brno):
    ok(capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7")
    refused(
        capsys,
        "result",
        brno,
        "1",
        "1",
        "p1=5",
        "p1=7",
        "p2=1",
        "p3=1",
        contains="'p1' is given twice",
    )
    for odd in ("١٠", "1_0", "+20", "1.5", "1e3"):
        refused(
            capsys,
            "result",
            brno,
            "1",
            "1",
            f"p1={odd}",
            "p2=1",
            "p3=1",
            contains="is not a whole number",
        )
    ok(capsys, "result", brno, "1", "1", "P1=-3", "p2=1", "p3=1")


def test_names_that_would_break_output_or_lookup_are_refused(capsys, brno):
    refused(capsys, "entrant", "add", brno, "Tab\tName", contains="must not contain tabs")
    refused(capsys, "entrant", "add", brno, "New\nLine", contains="must not contain tabs")
    refused(capsys, "entrant", "add", brno, "p99", contains="looks like an id")
    refused(capsys, "entrant", "edit", brno, "p2", "--name", "p1", contains="looks like an id")
    out = ok(capsys, "entrant", "add", brno, "<script>alert(1)</script>")
    assert "<script>alert(1)</script>" in out


def test_force_cannot_leave_players_unseated_or_be_empty(capsys, brno):
    refused(
        capsys,
        "round",
        "new",
        brno,
        "--tables",
        "p1,p2,p3;p4,p5",
        "--force",
        "late",
        contains="'p6' is not seated",
    )
    play_round_1(capsys, brno)
    refused(
        capsys,
        "round",
        "new",
        brno,
        "--tables",
        "p1,p2,p3;p4,p5;p6,p7",
        "--force",
        " ",
        contains="say why",
    )


def test_table_string_mistakes(capsys, brno):
    refused(capsys, "round", "new", brno, "--tables", "p1,p2;;p3", contains="table 2 is empty")
    err = refused(
        capsys,
        "round",
        "new",
        brno,
        "--tables",
        "p11,p9,p1;p2,p3;p4,p5",
        contains="no entrant 'p11'",
    )
    assert "no entrant 'p9'" in err
    ok(capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7;")


def test_multi_game_tables_say_which_game(capsys):
    ok(capsys, "event", "new", "--ruleset", "nbgl-dominion", "League")
    ok(capsys, "entrant", "add", "league", "A", "B", "C", "D", "E", "F", "G", "H")
    ok(capsys, "round", "new", "league", "--tables", "p1,p2,p3,p4;p5,p6,p7,p8")
    turns = ["--turns", "p1=9,p2=9,p3=8,p4=8"]
    out = ok(capsys, "result", "league", "1", "1", "p1=3", "p2=2", "p3=1", "p4=0", *turns)
    assert out.startswith(
        "round 1, table 1, game 1: p1=3 p2=2 p3=1 p4=0; turns p1=9,p2=9,p3=8,p4=8"
    )
    out = ok(
        capsys, "result", "league", "1", "1", "p1=3", "p2=2", "p3=1", "p4=0", *turns, "--time-limit"
    )
    assert out.startswith("round 1, table 1, game 2:")
    assert "ended by the time limit" in out
    shown = ok(capsys, "round", "show", "league")
    assert "⏱" in shown
    # the group's second game moves everyone one seat on (R-NBGL-1)
    assert "Table 1, game 2 seats: D, A, B, C" in shown
    assert "Table 2, game 2 seats: H, E, F, G" in shown


def test_r_gorn_9_round_show_gives_game_2_with_the_winner_of_game_1_last(capsys):
    """R-GORN-9: with two games per table, `round show` says the winner of game 1 plays
    last until game 1 has a result, then lists game 2's order (B won: C, D, A, B)."""
    ok(capsys, "event", "new", "--ruleset", "dominion-cz", "--set", "games_per_table=2", "Dvojí")
    ok(capsys, "entrant", "add", "dvoji", "A", "B", "C", "D", "E", "F")
    ok(capsys, "round", "new", "dvoji", "--tables", "p1,p2,p3;p4,p5,p6")
    shown = ok(capsys, "round", "show", "dvoji")
    assert "Table 1, game 2: the winner of game 1 plays last" in shown
    ok(capsys, "result", "dvoji", "1", "1", "p1=30", "p2=50", "p3=20")
    shown = ok(capsys, "round", "show", "dvoji")
    assert "Table 1, game 2 seats: C, A, B" in shown
    assert "Table 2, game 2: the winner of game 1 plays last" in shown


def test_czech_collation_of_entrant_list(capsys):
    """`entrant list` is alphabetical: the Czech way in Czech (Cibulka, Čech, Hrubý,
    Chalupa, …), by base letters in English (Čech, Chalupa, Cibulka, …)."""
    ok(capsys, "event", "new", "--ruleset", "dominion-cz", "Abeceda")
    names = ["Žák", "Zedník", "Šíma", "Řezník", "Hrubý", "Chalupa", "Cibulka", "Čech"]
    ok(capsys, "entrant", "add", "abeceda", *names)

    def listed(*lang):
        out = ok(capsys, *lang, "entrant", "list", "abeceda")
        return [line.split()[1] for line in out.splitlines()[1:] if line.split()]

    assert listed("--lang", "cs") == [
        "Cibulka", "Čech", "Hrubý", "Chalupa", "Řezník", "Šíma", "Zedník", "Žák",
    ]  # fmt: skip
    assert listed("--lang", "en") == [
        "Čech", "Chalupa", "Cibulka", "Hrubý", "Řezník", "Šíma", "Žák", "Zedník",
    ]  # fmt: skip


def test_after_round_must_be_complete(capsys, brno):
    play_round_1(capsys, brno)
    refused(capsys, "standings", brno, "--after-round", "2", contains="round 2 is not complete")
    refused(capsys, "standings", brno, "--after-round", "0", contains="--after-round")


def test_csv_rows_with_extra_columns_are_refused(capsys, brno, tmp_path):
    bad = tmp_path / "three.csv"
    bad.write_text("A,B,C\n", encoding="utf-8")
    refused(capsys, "entrant", "add", brno, "--file", str(bad), contains="row 1 has 3 columns")
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    refused(capsys, "entrant", "add", brno, "--file", str(folder), contains="is a directory")


def test_declining_a_delete_changes_nothing_and_is_not_an_error(capsys, brno, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    out = ok(capsys, "event", "delete", brno)
    assert "nothing deleted" in out
    assert models.Event.objects.filter(key=brno).exists()


def test_round_pair_and_swap_from_the_command_line(capsys, brno):
    out = ok(capsys, "round", "pair", brno, "--seed", "5")
    assert "Round 1 is drawn at random (seed 5)." in out
    document = json.loads(ok(capsys, "export", brno))
    for table in document["rounds"][0]["tables"]:
        results = [f"{p}={40 - 7 * i}" for i, p in enumerate(table["seats"])]
        ok(capsys, "result", brno, "1", str(table["number"]), *results)
    ok(capsys, "round", "close", brno)
    out = ok(capsys, "round", "pair", brno, "--seed", "6")
    assert "Optimal: no cheaper pairing exists" in out
    shown = ok(capsys, "round", "show", brno)
    assert "Pairing cost:" in shown
    document = json.loads(ok(capsys, "export", brno))
    top = document["rounds"][1]["tables"][0]["seats"]
    other = document["rounds"][1]["tables"][1]["seats"]
    out = ok(capsys, "round", "swap", brno, top[0], other[0], "--force", "testing a swap")
    assert "Pairing cost:" in out


def test_demo_plays_a_whole_event(capsys):
    out = ok(capsys, "demo", "--players", "10", "--rounds", "3", "--seed", "1")
    assert "standings after round 3" in out
    event = models.Event.objects.get(key="demo-dominion-cz-10")
    assert event.rounds.filter(closed=True).count() == 3
    assert models.AuditEntry.objects.filter(event=event, action="round.pair").count() == 3


def test_entrant_edit_sets_the_player_across_a_series(capsys):
    ok(capsys, "event", "new", "--ruleset", "dominion-cz", "Brno")
    ok(capsys, "entrant", "add", "brno", "Jana Nováková", "Petr Svoboda")
    out = ok(capsys, "entrant", "edit", "brno", "p1", "--player", "jana-novakova")
    assert "player: jana-novakova" in out
    code, _out, err = run(capsys, "entrant", "edit", "brno", "p2", "--player", "jana-novakova")
    assert code == 2
    assert "another entrant of this event is the player 'jana-novakova'" in err
    out = ok(capsys, "export", "brno")
    assert '"player": "jana-novakova"' in out
    ok(capsys, "entrant", "edit", "brno", "p1", "--player", "")
    assert '"player"' not in ok(capsys, "export", "brno")
