"""The standings and a proposal as text for people, built in report/ for any output: the words
come from the output's translation and the numbers from the language it gives, never from a
language set elsewhere; the command line prints exactly these."""

import gettext
from pathlib import Path

from kolo import i18n
from kolo.cli import main
from kolo.core.standings import compute
from kolo.eventfile import reader
from kolo.games import rulesets
from kolo.pairing.engine import propose
from kolo.report.proposal import proposal_text
from kolo.report.standings import knockout_text, standings_text

ROOT = Path(__file__).resolve().parent.parent.parent
BRNO = ROOT / "examples" / "brno-2026.json"
NBGL = ROOT / "examples" / "nbgl-praha-2026.json"


def quoted(message):
    """A translation that shows which words were translated."""
    return f"«{message}»"


def czech():
    return gettext.translation("django", localedir=i18n.LOCALE_DIR, languages=["cs"]).gettext


def loaded(path):
    event = reader.load(path)
    ruleset = rulesets.get(event.ruleset)
    return event, ruleset, ruleset.settings(event.settings)


def printed(capsys, *args):
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_the_command_prints_the_reports_standings(capsys):
    event, ruleset, settings = loaded(NBGL)
    result = compute(event, ruleset, settings)
    text = standings_text(event, result, ruleset, czech(), "cs")
    groups = knockout_text(event, ruleset, settings, czech(), "cs")
    assert printed(capsys, "--lang", "cs", "standings", str(NBGL)) == f"{text}\n{groups}\n"
    assert "Místo" in text
    assert "finále" in text


def test_the_words_are_the_outputs_own():
    event, ruleset, settings = loaded(BRNO)
    result = compute(event, ruleset, settings)
    marked = standings_text(event, result, ruleset, quoted, "cs")
    assert "«Place»" in marked
    assert f"«{event.name} – standings after round 5»" in marked
    assert "," in marked.splitlines()[3]  # Czech numbers: decimal commas
    plain = standings_text(event, result, ruleset, str, "en")
    assert "Place" in plain
    assert "," not in plain.splitlines()[3].split("  ")[-1]


def test_the_command_prints_the_reports_proposal(capsys):
    event, ruleset, settings = loaded(ROOT / "tests" / "cases" / "pairing-example.json")
    out = printed(capsys, "--lang", "en", "pair", str(ROOT / "tests/cases/pairing-example.json"))
    first = out.splitlines()[0]
    proposal = propose(event, ruleset, settings, seed=_seed_of(event))
    text = proposal_text(event, proposal, str, "en")
    assert text.splitlines()[0] == first
    # the same tables and costs; only the seconds the search took may differ
    assert _without_seconds(text) == _without_seconds(out.rstrip("\n"))
    assert proposal_text(event, proposal, quoted, "en").splitlines()[0] == f"«{first}»"


def _seed_of(event):
    from kolo.cli.files import default_seed

    return default_seed(event, len(event.rounds) + 1)


def _without_seconds(text):
    import re

    return re.sub(r"[0-9]+[.,][0-9]+ s\b", "X s", text)
