"""``kolo demo``: a whole event played by a seeded skill model, paired by the engine. What is
the game's own (what a round's tables need before play, how a table's game is played and
entered) its room on the CLI floor does (``kolo.cli.games``); the rule set says the rest
(whether entrants are teams, the rounds, the bracket)."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.options import cli_actor, open_store
from kolo.core.problems import N_, InvalidInput, NoValidPairing
from kolo.core.rulesets import System
from kolo.games import rulesets
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.simulation import SkillModel
    from kolo.store import models
    from kolo.store.api import Actor


DEMO_SYSTEMS = (System.GORN, System.SWISS_PAIRS)
"""The systems the demo plays: rounds paired by the engine (not a knockout's stages)."""


@app.command(
    help=_(
        "Run a demonstration event in the store: entrants, every round paired by the engine, "
        "results from a seeded skill model, standings at the end."
    )
)
def demo(
    players: Annotated[int, typer.Option("--players", min=2, max=1000, help=_("Entrants."))] = 31,
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", min=1, max=20, help=_("Rounds (default: the rule set's).")),
    ] = None,
    ruleset: Annotated[str, typer.Option("--ruleset", help=_("Rule set."))] = next(
        iter(rulesets.REGISTRY)
    ),
    seed: Annotated[
        int, typer.Option("--seed", help=_("Seed of the skills and the draws."))
    ] = 2026,
    playoff: Annotated[
        str,
        typer.Option(
            "--playoff",
            help=_(
                "{rulesets}: the bracket after the Swiss rounds (none, single, double); the "
                "demo plays it to the end."
            ).format(rulesets=", ".join(r.id for r in rulesets.REGISTRY.values() if r.teams)),
        ),
    ] = "double",
) -> None:
    playable = [r.id for r in rulesets.REGISTRY.values() if r.system in DEMO_SYSTEMS]
    if ruleset not in playable:
        raise InvalidInput.one(
            N_("the demo plays gorn or swiss rule sets: {known}"),
            path="--ruleset",
            known=", ".join(playable),
        )
    open_store()
    from kolo.store import api as store

    try:
        # all or nothing: a demo that fails leaves no event behind
        store.atomic(_run)(cli_actor(), players, ruleset, rounds, seed, playoff)
    except NoValidPairing as error:
        # the demo pairs every round itself and has no --relax: say why, offer nothing else
        error.relax, error.relaxations = None, ()
        raise


def team_names(people: Sequence[str]) -> list[str]:
    """The demo's teams of two from ``people`` (distinct names, two a team): the two
    surnames, or, where those are taken already, the two whole names (distinct people make
    distinct pairs, and a whole name has more words than a pair of surnames)."""
    result: list[str] = []
    taken: set[str] = set()
    for a, b in zip(people[::2], people[1::2], strict=True):
        name = f"{a.split()[1]} & {b.split()[1]}"
        if name.casefold() in taken:
            name = f"{a} & {b}"
        taken.add(name.casefold())
        result.append(name)
    return result


def entrant_names(ruleset: str, players: int) -> list[str]:
    """The names the demo enters for ``players`` entrants of ``ruleset``: distinct at any
    size (teams of two where the rule set plays in teams)."""
    from kolo.simulation import names

    if rulesets.get(ruleset).teams:
        return team_names(names(2 * players))
    return names(players)


def _run(
    actor: Actor,
    players: int,
    ruleset: str,
    rounds: int | None,
    seed: int,
    playoff: str,
) -> None:
    from kolo.report.standings import standings_text
    from kolo.simulation import SkillModel, names
    from kolo.store import api as store

    settings: dict[str, object] = {"rounds": rounds} if rounds else {}
    teams = rulesets.get(ruleset).teams
    if teams:
        settings["playoff"] = playoff
    event = store.create_event(actor, f"Demo {ruleset} ({players})", ruleset, settings)
    entrants = store.add_entrants(
        actor, event, [(n, None) for n in entrant_names(ruleset, players)]
    )
    if teams:
        people = names(2 * players)
        for i, entrant in enumerate(entrants):
            store.set_members(actor, event, entrant.code, people[2 * i : 2 * i + 2])
    rng = random.Random(seed)
    model = SkillModel.draw([e.code for e in entrants], rng)
    ruleset_value, resolved = store.ruleset_of(event)
    total = resolved["rounds"]
    print(
        _("event {key}: {count} entrants, {rounds} rounds").format(
            key=event.key, count=players, rounds=total
        ),
        file=sys.stderr,
    )
    number = 0
    with typer.progressbar(range(total), label=_("Playing"), file=sys.stderr) as progress:
        for _round in progress:
            number += 1
            _play_round(actor, event, model, rng, seed, number)
    while resolved.playoff != "none" and not store.bracket_decided(event):
        number += 1
        _play_round(actor, event, model, rng, seed, number)
        print(_("bracket round {round} played").format(round=number), file=sys.stderr)
    print(
        standings_text(
            store.to_core(event), store.standings(event), ruleset_value, _, i18n.language()
        )
    )
    print(
        "\n"
        + _("see it all: kolo round show {key} N, kolo audit {key}, kolo export {key}").format(
            key=event.key
        )
    )


def _play_round(
    actor: Actor,
    event: models.Event,
    model: SkillModel,
    rng: random.Random,
    seed: int,
    number: int,
) -> None:
    """One round of the demo: paired; what its tables need before play, as the game's room on
    the CLI floor prepares it (``demo_prepare``); every table's game played and entered, by
    the game's room (``demo_play``) or, without one, the skill model's final scores; closed
    (``kolo.cli.games``)."""
    from kolo.cli import games
    from kolo.store import api as store

    ruleset, _settings = store.ruleset_of(event)
    room = games.room(ruleset.game)
    round_, proposal = store.pair_round(actor, event, seed=seed * 100 + number)
    if (prepare := getattr(room, "demo_prepare", None)) is not None:
        prepare(actor, event, round_, rng)
    play = getattr(room, "demo_play", None)
    for table in proposal.tables:
        if play is not None:
            game_seed = seed * 10_000 + number * 100 + table.number
            play(actor, event, round_.number, table, model, game_seed)
            continue
        game = model.play(table.seats, rng, turns=ruleset.ties_by_turns)
        store.record_result(
            actor, event, round_.number, table.number, dict(game.scores), turns=game.turns
        )
    store.close_round(actor, event, round_.number)
