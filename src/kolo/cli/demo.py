"""``kolo demo``: a whole event played by a seeded skill model, paired by the engine."""

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
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.simulation import SkillModel
    from kolo.store import models
    from kolo.store.api import Actor


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
    playoff: Annotated[
        str,
        typer.Option(
            "--playoff",
            help=_(
                "domino-pairs: the bracket after the Swiss rounds (none, single, double); the "
                "demo plays it to the end."
            ),
        ),
    ] = "double",
) -> None:
    from kolo.games import rulesets

    if ruleset not in rulesets.REGISTRY or rulesets.get(ruleset).system.value == "groups-knockout":
        raise InvalidInput.one(
            N_("the demo plays gorn or swiss rule sets: {known}"),
            path="--ruleset",
            known=", ".join(
                r.id for r in rulesets.REGISTRY.values() if r.system.value != "groups-knockout"
            ),
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
    from kolo.games import rulesets
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
    from kolo.games import rulesets
    from kolo.games.dominion.draws import simulate_draft
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
    domino = ruleset_value.game in ("domino-block", "mexican-train")
    if domino:
        _play_domino(actor, event, model, seed, total)
        return
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
    print(standings_text(core_event, store.standings(event), ruleset_value, _, i18n.language()))
    print(
        "\n"
        + _("see it all: kolo round show {key} N, kolo audit {key}, kolo export {key}").format(
            key=event.key
        )
    )


def _bot(model: SkillModel, code: str) -> str:
    """The engine's bot a simulated player plays like: the stronger third ``strong``, the
    middle ``greedy``, the rest ``random``."""
    order = sorted(model.skill, key=lambda c: -model.skill[c])
    place = order.index(code) / len(order)
    return "strong" if place < 1 / 3 else "greedy" if place < 2 / 3 else "random"


def _play_domino(
    actor: Actor, event: models.Event, model: SkillModel, seed: int, total: int
) -> None:
    """A domino event played by the engine's bots, every game written hand by hand; a
    bracket after the Swiss rounds is played to its end."""
    from kolo.report.standings import standings_text
    from kolo.store import api as store

    ruleset_value, resolved = store.ruleset_of(event)
    number = 0
    with typer.progressbar(range(total), label=_("Playing"), file=sys.stderr) as progress:
        for _round in progress:
            number += 1
            _domino_round(actor, event, model, seed, number)
    while resolved.playoff != "none" and not store.bracket_decided(event):
        number += 1
        _domino_round(actor, event, model, seed, number)
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


def _domino_round(
    actor: Actor, event: models.Event, model: SkillModel, seed: int, number: int
) -> None:
    """One round of a domino demo: paired, every table's game played by bots and written
    hand by hand, closed."""
    from kolo.games.domino import sheet as sheets
    from kolo.store import api as store

    ruleset_value, resolved = store.ruleset_of(event)
    round_, proposal = store.pair_round(actor, event, seed=seed * 100 + number)
    for table in proposal.tables:
        bots = [_bot(model, code) for code in table.seats]
        game_seed = seed * 10_000 + number * 100 + table.number
        if ruleset_value.game == sheets.BLOCK:
            written = sheets.play_block(table.seats, bots, game_seed, resolved.target)
        else:
            written = sheets.play_mexican(table.seats, bots, game_seed, resolved.hands)
        scores = sheets.totals(ruleset_value.game, written, table.seats, resolved.scoring)
        store.record_result(actor, event, round_.number, table.number, scores, record=written)
    store.close_round(actor, event, round_.number)
