"""``kolo --lang cs`` gives Czech help too, not only Czech output: the commands' help is
written when they are defined, so the language is read from the arguments first."""

import subprocess
import sys


def help_of(*args):
    done = subprocess.run(
        [sys.executable, "-m", "kolo", *args],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "KOLO_LANG": "en"},
    )
    return done.stdout


def test_lang_cs_translates_the_help_of_every_group():
    assert "Carcassonne: simulace her" in help_of("--lang", "cs", "carcassonne", "--help")
    assert "Zápisy domina" in help_of("--lang=cs", "sheet", "--help")
    assert "Domino score sheets" in help_of("sheet", "--help")
