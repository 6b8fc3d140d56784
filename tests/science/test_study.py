"""Whole simulated events through the real pairing engine and standings (kolo.science.study)."""

from dataclasses import replace

import pytest

from kolo.core import elimination, knockout
from kolo.core.problems import InvalidInput
from kolo.core.settings import resolve
from kolo.core.standings import bracket, compute
from kolo.games import rulesets
from kolo.pairing.checker import check_hard_rules
from kolo.science import metrics
from kolo.science.study import Model, parse_model, play_event, run, simulate_event, study_of


def _timeless(outcome):
    return replace(outcome, seconds_pairing=0.0, seconds_play=0.0, seconds_standings=0.0)


def test_the_figures_are_the_same_whatever_the_number_of_workers():
    """Per-event seeds, fixed batches, outcomes put back in order: one worker and two agree
    on every figure and every event."""
    study = study_of("dominion-cz", 12, 3)
    one = run(study, 10, seed=7, workers=1)
    two = run(study, 10, seed=7, workers=2)
    assert one.figures() == two.figures()
    assert [_timeless(o) for o in one.outcomes] == [_timeless(o) for o in two.outcomes]
    other = run(study, 10, seed=8, workers=1)
    assert other.figures() != one.figures()


def test_r_gorn_every_simulated_round_passes_the_independent_checker():
    """The study's rounds are the engine's: each obeys the hard rules (R-GORN-4, R-GORN-6)."""
    study = study_of("dominion-cz", 13, 4)
    played = simulate_event(study, 3, 0)
    ruleset = rulesets.get("dominion-cz")
    settings, _ = resolve(ruleset.defaults, played.event.settings)
    assert len(played.event.rounds) == 4
    for number in range(1, 5):
        before = replace(played.event, rounds=played.event.rounds[:number])
        assert check_hard_rules(before, number - 1, ruleset, settings) == []


def test_the_outcome_reads_the_real_standings():
    study = study_of("swiss-pairs", 9, 4)
    played = simulate_event(study, 5, 2)
    outcome = play_event(study, 5, 2)
    ruleset = rulesets.get("swiss-pairs")
    settings, _ = resolve(ruleset.defaults, played.event.settings)
    rows = compute(played.event, ruleset, settings).rows
    rank = {r.entrant.id: r.rank for r in rows}
    best = metrics.strongest(played.model.skill)[0]
    assert outcome.strongest_rank == rank[best]
    assert outcome.tau == metrics.kendall_tau(played.model.skill, rank)
    # nine players: a bye each round, counted as a "smaller table" for its player
    assert sum(len(r.byes) for r in played.event.rounds) == 4
    assert outcome.repeats == 0  # Swiss in pairs never repeats a pairing


def test_r_nbgl_groups_and_knockout_are_played_to_the_final():
    study = study_of("nbgl-dominion", 30)
    played = simulate_event(study, 1, 0)
    stages = [r.stage for r in played.event.rounds]
    assert stages[0] == knockout.GROUP
    assert stages[-1] == knockout.FINAL
    assert all(len(t.games) == 2 for t in played.event.rounds[0].tables)  # R-NBGL-1


def test_r_domino_11_a_double_elimination_bracket_is_played_to_its_champion():
    study = study_of("domino-pairs", 10, 3, {"playoff": "double", "playoff_teams": 4})
    played = simulate_event(study, 2, 0)
    ruleset = rulesets.get("domino-pairs")
    settings, _ = resolve(ruleset.defaults, played.event.settings)
    state = bracket(played.event, ruleset, settings)
    assert state is not None
    assert state.champion is not None
    assert sum(r.stage == elimination.PLAYOFF for r in played.event.rounds) >= 3
    outcome = play_event(study, 2, 0)
    assert (
        outcome.winner_strength
        == metrics.strongest(played.model.skill, 10).index(state.champion) + 1
    )


def test_a_stronger_signal_crowns_the_strongest_more_often():
    """Less noise in the games: the strongest wins more often, τ is higher (a sanity check
    of the whole chain, on the same seeds)."""
    noisy = run(study_of("dominion-cz", 12, 4, model=Model(noise=20.0)), 24, seed=1)
    clear = run(study_of("dominion-cz", 12, 4, model=Model(noise=1.0)), 24, seed=1)
    assert clear.figures()["kendall_tau"]["value"] > noisy.figures()["kendall_tau"]["value"]
    assert clear.strongest_wins().value >= noisy.strongest_wins().value
    assert clear.strongest_wins().value > 0.8


def test_unplayable_events_are_counted_not_crashed():
    """Five players at tables of three (a table of three and one of two) cannot play four
    rounds without a repeated three (R-GORN-4): such events stop and are counted."""
    summary = run(study_of("dominion-cz", 5, 6), 4, seed=1)
    figures = summary.figures()
    assert sum(figures["unplayable"].values()) + len(summary.played) == 4
    assert figures["unplayable"]


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"ruleset": "no-such"}, "--ruleset"),
        ({"ruleset": "nbgl-dominion", "rounds": 3}, "--rounds"),
        ({"players": 1}, "--players"),
        ({"settings": {"slice_guard": "maybe"}}, "$.settings.slice_guard"),
        ({"ruleset": "knockout", "players": 3}, "ROUND"),
        ({"top": (40,)}, "--top"),
    ],
)
def test_a_study_that_cannot_be_played_is_refused_clearly(kwargs, path):
    values = {"ruleset": "dominion-cz", "players": 12, **kwargs}
    with pytest.raises(InvalidInput) as error:
        run(study_of(**values), 1, seed=1)
    assert error.value.problems[0].path == path


def test_parse_model():
    assert parse_model("skill") == Model()
    assert parse_model("skill:noise=14") == Model(noise=14.0)
    assert parse_model("skill:noise=3,per_skill=4.5") == Model(noise=3.0, per_skill=4.5)
    assert parse_model("bots").text() == "bots"
    for bad in ("robots", "bots:noise=3", "skill:noise=-1", "skill:luck=2", "skill:noise=x"):
        with pytest.raises(InvalidInput):
            parse_model(bad)


def test_dominion_cz_with_the_final_s_rounds_plays_the_final_s_events():
    """The two Dominion gorn rule sets differ only in their default rounds: with the same
    rounds and seed they play the same events (docs/formats.md reuses one for the other)."""
    a = run(study_of("dominion-cz", 12, 3), 4, seed=2).figures()
    b = run(study_of("dominion-cz-final", 12, 3), 4, seed=2).figures()
    assert {**a, "ruleset": None} == {**b, "ruleset": None}


def test_round_r_of_a_longer_event_is_played_as_in_the_shorter():
    """The same seed and one more round: the first rounds are the same events (so a study
    over rounds compares like with like — common random numbers)."""
    short = simulate_event(study_of("swiss-pairs", 10, 3), 4, 1).event
    longer = simulate_event(study_of("swiss-pairs", 10, 4), 4, 1).event
    assert longer.rounds[:3] == short.rounds


def test_where_the_lower_score_wins_skill_lowers_the_score(monkeypatch):
    """A rule set whose game the lower score wins: the strong still win (the model follows
    the game's rule); without it they would come last (τ near −0.6)."""
    from kolo.science import study as module

    low = replace(rulesets.get("dominion-cz"), id="dominion-low", lower_wins=True)
    registry = {**rulesets.REGISTRY, low.id: low}
    monkeypatch.setattr(module.rulesets, "REGISTRY", registry)
    monkeypatch.setattr(module.rulesets, "get", registry.__getitem__)
    lower = run(study_of("dominion-low", 12, 3), 6, seed=4).figures()
    assert lower["kendall_tau"]["value"] > 0.4


@pytest.mark.parametrize(
    ("ruleset", "players", "rounds", "settings"),
    [
        ("domino-pairs", 8, 2, {}),
        ("mexican-train", 9, 2, {"hands": 2}),
        ("dominion-cz", 9, 2, {}),
        ("nbgl-dominion", 8, None, {"qualifiers": 4}),
        ("carcassonne-cz", 8, 2, {}),
        ("swiss-pairs", 6, 2, {}),
        ("carcassonne-final", 6, 2, {}),
    ],
)
def test_the_bots_model_plays_the_games_own_engines(ruleset, players, rounds, settings):
    """The players' model ``bots``: every game played by the game's engine, each player by the
    bot of their third (Dominion on the first-game kingdom with turns counted; domino as score
    sheets); the figures the same whatever the workers."""
    study = study_of(ruleset, players, rounds, settings, model=parse_model("bots"))
    played = simulate_event(study, 5, 0)
    games = [g for r in played.event.rounds for t in r.tables for g in t.games]
    assert games
    if ruleset.startswith("domino") or ruleset == "mexican-train":
        assert all(g.record is not None for g in games)
    elif "dominion" in ruleset:
        assert all(g.turns is not None for g in games)
    else:  # Carcassonne: a whole game's points, far above the skill model's 32 ± 30
        assert max(max(g.scores.values()) for g in games) > 60
    assert run(study, 4, seed=2, workers=1).figures() == run(study, 4, seed=2, workers=2).figures()


@pytest.mark.parametrize(
    ("ruleset", "variant"), [("carcassonne-final", "final"), ("swiss-pairs", "base")]
)
def test_the_bots_model_plays_the_variant_the_rule_set_s_game_names(ruleset, variant, monkeypatch):
    from kolo.games.carcassonne import game as engine

    played = []
    real = engine.new_game

    def recording(players, seed, rules=None):  # type: ignore[no-untyped-def]
        played.append(rules.variant)
        return real(players, seed, rules)

    monkeypatch.setattr(engine, "new_game", recording)
    simulate_event(study_of(ruleset, 4, 1, {}, model=parse_model("bots")), 5, 0)
    assert played
    assert set(played) == {variant}


def test_the_bots_model_is_refused_where_no_engine_plays_the_game():
    study = study_of("knockout", 8, model=parse_model("bots"))
    with pytest.raises(InvalidInput, match="the bots model plays"):
        run(study, 1, seed=1, workers=1)
