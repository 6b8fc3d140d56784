"""The store: events, entrants, rounds, tables, seats, games, scores and the audit trail.

Standings are not stored; they are computed by ``kolo.core`` from these rows
(DESIGN.md principle 2). Changes go through ``kolo.web.store``, which wraps each one in a
transaction with its audit entry.
"""

from __future__ import annotations

from django.db import models


class Event(models.Model):
    key = models.SlugField(max_length=80, unique=True, help_text="Short handle: kolo CLI and URLs.")
    name = models.CharField(max_length=200)
    ruleset = models.CharField(max_length=40)
    settings = models.JSONField(default=dict, help_text="Overrides of the rule set's settings.")
    entrant_counter = models.PositiveIntegerField(
        default=0, help_text="The highest N of an id pN ever given, so ids are never reused."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "key"]

    def __str__(self) -> str:
        return self.key


class Entrant(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    code = models.CharField(max_length=64, help_text="The entrant's id in event files (p1, p2…).")
    name = models.CharField(max_length=200)
    club = models.CharField(max_length=200, null=True, blank=True)
    dropped_after_round = models.PositiveIntegerField(null=True, blank=True)
    position = models.PositiveIntegerField(help_text="Order of entry.")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "code"], name="entrant_code_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    seed = models.BigIntegerField(null=True, blank=True)
    closed = models.BooleanField(default=False)
    byes = models.ManyToManyField(Entrant, blank=True, related_name="byes")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
        ]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
        ]


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # The round again, so that the database itself refuses a player seated twice in a round.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveIntegerField(help_text="0 starts.")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["round", "entrant"], name="seat_once_per_round"),
        ]


class Game(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveIntegerField(help_text="1-based within the table.")
    ended_by_time_limit = models.BooleanField(default=False)
    version = models.PositiveIntegerField(
        default=1, help_text="Raised on every change; a stale writer is refused."
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_number_unique"),
        ]


class Score(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="scores")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="scores")
    points = models.IntegerField(help_text="Game points (victory points); may be negative.")
    turns = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "entrant"], name="score_once_per_game"),
        ]


class AuditEntry(models.Model):
    """One change to the store: who, when, what, and the data before and after."""

    event = models.ForeignKey(
        Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit"
    )
    event_key = models.CharField(max_length=80, help_text="Kept when the event is deleted.")
    at = models.DateTimeField(auto_now_add=True)
    who = models.CharField(max_length=150)
    via = models.CharField(max_length=20, help_text="cli, web or api.")
    action = models.CharField(max_length=40)
    summary = models.TextField()
    reason = models.TextField(blank=True, default="", help_text="Why a rule was overridden.")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["event_key", "at"])]
