"""``kolo --lang cs``: the whole command tree's help in Czech, click's own words too (Usage,
Options, Commands, Arguments, "Show this message and exit.", the errors of the command line),
one word for bots; ``kolo --help`` in groups, and each of the commands easily taken one for
another says what the other is for."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import kolo

ENV = {
    "PATH": "/usr/bin:/bin",
    "KOLO_LANG": "en",
    "PYTHONPATH": str(Path(kolo.__file__).resolve().parents[1]),  # this kolo, not another
}

_WALK = r"""
import contextlib, io, json, sys
import typer
from kolo.cli import app, main

root = typer.main.get_command(app)
found = {}

def walk(command, path):
    params = {
        p.name: p.help or ""
        for p in command.params
        if getattr(p, "help", None) and not getattr(p, "hidden", False)
    }
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["--lang", sys.argv[2], *path, "--help"])
    found[" ".join(path)] = {"help": command.help or "", "params": params, "text": out.getvalue(),
                             "code": code}
    for name, sub in getattr(command, "commands", {}).items():
        walk(sub, [*path, name])

walk(root, [])
print(json.dumps(found))
"""


def tree(language):
    """Every command's help in ``language``, by path: its text, its options' help, the whole
    ``--help`` page (one process: the help is written as the commands are defined)."""
    done = subprocess.run(
        [sys.executable, "-c", _WALK, "--lang", language],
        capture_output=True,
        text=True,
        check=True,
        env=ENV,
    )
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def czech():
    return tree("cs")


@pytest.fixture(scope="module")
def english():
    return tree("en")


ENGLISH_WORDS = re.compile(
    r"\b(Usage|Options|Commands|Arguments|Show this message|required|env var|default:"
    r"|OPTIONS|COMMAND|ARGS)\b|<(str|int|float|path|int range|float range)>"
)


def test_the_walk_finds_every_command(czech):
    assert len(czech) > 70
    assert {"", "pair", "round pair", "series standings", "dominion simulate"} <= set(czech)
    assert all(page["code"] == 0 for page in czech.values())


def test_no_english_words_of_click_in_czech_help(czech):
    leaks = {
        path or "kolo": ENGLISH_WORDS.findall(page["text"])
        for path, page in czech.items()
        if ENGLISH_WORDS.search(page["text"])
    }
    assert leaks == {}
    assert czech["round pair"]["text"].startswith("Použití: kolo round pair [VOLBY]")
    assert "Zobrazit tuto nápovědu a skončit." in czech["round pair"]["text"]


def test_every_help_text_is_czech(czech, english):
    assert czech.keys() == english.keys()
    same = [path for path in czech if czech[path]["help"] == english[path]["help"]]
    assert same == []
    same_options = [
        (path, name)
        for path in czech
        for name, text in czech[path]["params"].items()
        if text == english[path]["params"][name] and name != "help"
    ]
    assert same_options == []


def test_czech_help_says_bot_never_robot(czech):
    words = set()
    for page in czech.values():
        words |= {
            w.lower() for w in re.findall(r"\w*(?:robot|počítačov\w* hráč)\w*", page["text"], re.I)
        }
    assert words == set()
    assert "bot" in czech["domino"]["text"]
    assert "bot" in czech["domino simulate"]["text"]


BOT = re.compile(r"\bbot(s|'s)?\b", re.I)


def test_the_catalogue_says_bot_for_bots():
    from tests.test_translations import po_entries

    wrong = {
        msgid: msgstr
        for msgid, msgstr in po_entries().items()
        if BOT.search(msgid)
        and (re.search(r"robot|počítačov", msgstr, re.I) or "bot" not in msgstr.lower())
    }
    assert wrong == {}


PANELS = [
    "Den turnaje: turnaj v úložišti",
    "Soubory turnajů (bez úložiště)",
    "Hry: boti, simulace, karty Dominionu",
    "Seriály turnajů",
    "Služba: webová aplikace, účty, úložiště",
]


def test_the_commands_are_listed_in_groups(czech, english):
    text = english[""]["text"]
    headings = re.findall(r"^(\S.*):$", text, re.M)
    assert headings == [
        "Options",
        "The day: an event in the store",
        "Event files (no store)",
        "Games: bots, simulations, Dominion's cards",
        "Series of events",
        "The service: web application, accounts, the store",
    ]
    assert "Commands:" not in text  # every command is in a group
    day = text.split("The day: an event in the store:")[1].split("\n\n")[0]
    files = text.split("Event files (no store):")[1].split("\n\n")[0]
    assert re.search(r"^  round ", day, re.M)
    assert not re.search(r"^  pair ", day, re.M)
    assert re.search(r"^  pair ", files, re.M)
    assert re.findall(r"^(\S.*):$", czech[""]["text"], re.M) == ["Volby", *PANELS]


def test_every_command_is_in_a_group():
    from kolo.cli import app
    from kolo.cli.helptext import PANELS as GROUPS

    grouped = [name for _title, names in GROUPS for name in names]
    commands = [c.name or c.callback.__name__ for c in app.registered_commands]
    groups = [g.name for g in app.registered_groups]
    assert sorted(grouped) == sorted(
        name.replace("_command", "").replace("_", "-") for name in commands + groups
    )


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("pair", "kolo round pair EVENT"),
        ("round pair", "kolo pair FILE"),
        ("standings", "kolo series standings"),
        ("series standings", "kolo standings FILE or EVENT"),
        ("simulate", "kolo dominion simulate"),
        ("dominion simulate", "kolo simulate"),
        ("domino simulate", "kolo simulate"),
        ("carcassonne simulate", "kolo simulate"),
        ("validate", "kolo series validate"),
        ("series validate", "kolo validate FILE"),
    ],
)
def test_confusable_commands_say_what_the_other_is_for(english, czech, path, says):
    text = " ".join(english[path]["text"].split())
    assert says in text
    assert says.split(" or ")[0] in " ".join(czech[path]["text"].split())


@pytest.mark.parametrize(
    ("args", "czech_line"),
    [
        (["pair"], "kolo: Chybí argument 'file'. (kolo pair --help)"),
        (["pair", "--bogus", "x"], "kolo: Neznámá volba: --bogus (kolo pair --help)"),
        (["pair", "a", "b"], "kolo: Nadbytečné argumenty (b) (kolo pair --help)"),
        (
            ["round", "paer"],
            "kolo: Příkaz 'paer' neexistuje. Mysleli jste 'pair'? (kolo round --help)",
        ),
        (
            ["round", "pair", "e", "--seed", "x"],
            "kolo: Neplatná hodnota '--seed': 'x' není celé číslo. (kolo round pair --help)",
        ),
        (
            ["round", "pair", "e", "--time-limit", "0"],
            "kolo: Neplatná hodnota '--time-limit': 0.0 není v rozsahu x>=0.1."
            " (kolo round pair --help)",
        ),
        (["round", "pair", "e", "--seed"], "kolo: Volba '--seed' potřebuje hodnotu."),
    ],
)
def test_errors_of_the_command_line_in_czech(args, czech_line):
    done = subprocess.run(
        [sys.executable, "-m", "kolo", "--lang", "cs", *args],
        capture_output=True,
        text=True,
        env={**ENV, "KOLO_DB": "/nonexistent/x.sqlite3"},
    )
    assert (done.returncode, done.stderr) == (2, czech_line + "\n")
