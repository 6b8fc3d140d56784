"""``kolo demo``: a whole event played by a seeded skill model, paired by the engine."""

from __future__ import annotations

import random
import sys
from typing import Annotated

import typer

from kolo.cli.app import app
from kolo.cli.files import standings_text
from kolo.cli.options import cli_actor, open_store
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _


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
    ruleset: Annotated[str, typer.Option("--ruleset", help=_("Rule set."))] = "dominion-cz",
    seed: Annotated[
        int, typer.Option("--seed", help=_("Seed of the skills and the draws."))
    ] = 2026,
) -> None:
    from kolo.core import rulesets
    from kolo.games.dominion.draws import simulate_draft
    from kolo.simulation import SkillModel, names

    if ruleset not in rulesets.REGISTRY or rulesets.get(ruleset).system.value == "groups-knockout":
        raise InvalidInput.one(
            N_("the demo plays gorn or swiss rule sets: {known}"),
            path="--ruleset",
            known=", ".join(
                r.id for r in rulesets.REGISTRY.values() if r.system.value != "groups-knockout"
            ),
        )
    store = open_store()
    actor = cli_actor()
    settings = {"rounds": rounds} if rounds else {}
    event = store.create_event(actor, f"Demo {ruleset} ({players})", ruleset, settings)
    entrants = store.add_entrants(actor, event, [(n, None) for n in names(players)])
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
    with typer.progressbar(range(total), label=_("Playing"), file=sys.stderr) as progress:
        for number in progress:
            round_, proposal = store.pair_round(actor, event, seed=seed * 100 + number + 1)
            for row in round_.tables.all():
                kingdom = store.stored_kingdom(row)
                if kingdom and kingdom.choices and kingdom.picks is None:
                    seats = [s.entrant.code for s in row.seats.all()]
                    picks = simulate_draft(kingdom.choices, seats, rng)
                    store.record_draft(actor, event, round_.number, row.number, picks)
            for table in proposal.tables:
                game = model.play(table.seats, rng, turns=ruleset_value.ties_by_turns)
                store.record_result(
                    actor, event, round_.number, table.number, dict(game.scores), turns=game.turns
                )
            store.close_round(actor, event, round_.number)
    core_event = store.to_core(event)
    print(standings_text(core_event, store.standings(event), ruleset_value))
    print(
        "\n"
        + _("see it all: kolo round show {key} N, kolo audit {key}, kolo export {key}").format(
            key=event.key
        )
    )
