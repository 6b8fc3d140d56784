"""The settings in words, as the settings form and the command line show them (English,
marked for translation): each setting's name and the words for a text setting's values."""

from __future__ import annotations

from kolo.core.problems import N_

LABELS: dict[str, str] = {
    "rounds": N_("Rounds"),
    "table_size": N_("Players at a table"),
    "games_per_table": N_("Games at a table each round"),
    "group_games": N_("Games of each group"),
    "negative_scores_as_zero": N_("Negative scores count as 0 in shares"),
    "smaller_table_scaling": N_("Scale shares at smaller tables"),
    "weights": N_("Weights of the pairing criteria"),
    "club_rounds": N_("Rounds in which a club's players avoid each other"),
    "never_together": N_("Players kept apart"),
    "slice_guard": N_("Never worse than slicing the standings by hand"),
    "slice_guard_scope": N_("What the slice guard compares"),
    "repeats_first": N_("Fewest repeated meetings first"),
    "seat_balance": N_("Balance who sits first and last"),
    "time_limit": N_("Pairing search budget (work seconds)"),
    "self_reporting": N_("Players enter their own results"),
    "clock_alert_minutes": N_("Round clock alert (minutes)"),
    "pool": N_("Card pool"),
    "extended_share": N_("Share of tables playing the Extended draw"),
    "extended_for_all": N_("Every table plays the Extended draw"),
    "qualifiers": N_("Players who reach the knockout"),
    "advance": N_("Players of a knockout table who go through"),
    "seeding": N_("Seeding of the first knockout round"),
    "bye_points": N_("Points for a bye"),
    "target": N_("Points that end a match"),
    "playoff": N_("Bracket after the Swiss rounds"),
    "playoff_teams": N_("Teams in the bracket"),
    "grand_final_reset": N_("Replay a grand final the winners' champion loses"),
    "hands": N_("Hands in a game"),
    "scoring": N_("How a hand scores"),
    "remainder": N_("Tables for the players left over"),
    "placement_points": N_("Placement points"),
}
"""Every setting's name in words, as a form shows it (English, marked for translation)."""

CHOICE_LABELS: dict[str, str] = {
    "event": N_("the event so far"),
    "round": N_("every round on its own"),
    "random": N_("at random"),
    "entry": N_("in the order entered"),
    "rating": N_("by the series rating"),
    "none": N_("none"),
    "single": N_("single elimination"),
    "double": N_("double elimination"),
    "smaller": N_("smaller tables"),
    "larger": N_("larger tables"),
    "winner": N_("the winner scores the others' pips; highest total wins"),
    "own": N_("each player scores their own pips; lowest total wins"),
}
"""The words for the values a text setting may take."""

ORDER: tuple[str, ...] = (
    "rounds",
    "self_reporting",
    "table_size",
    "clock_alert_minutes",
    "target",
    "hands",
    "scoring",
    "playoff",
    "playoff_teams",
    "grand_final_reset",
    "remainder",
    "placement_points",
    "games_per_table",
    "group_games",
    "qualifiers",
    "advance",
    "seeding",
    "bye_points",
    "pool",
    "extended_share",
    "extended_for_all",
    "never_together",
    "club_rounds",
    "seat_balance",
    "repeats_first",
    "negative_scores_as_zero",
    "smaller_table_scaling",
    "weights",
    "slice_guard",
    "slice_guard_scope",
    "time_limit",
)
"""The settings in the order a form shows them: what organisers change most first (the rounds,
players entering their own results, the table size, the clock), the pairing's fine tuning
last. A setting not named here follows them."""
