"""The store: events, entrants, rounds, tables, seats, games, scores and the audit trail.

Standings are not stored; they are computed by ``kolo.core`` from these rows
(DESIGN.md principle 2). Changes go through ``kolo.store``, which wraps each one in a
transaction with its audit entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models

if TYPE_CHECKING:
    from kolo.games import base


class Event(models.Model):
    key = models.SlugField(max_length=80, unique=True, help_text="Short handle: kolo CLI and URLs.")
    name = models.CharField(max_length=200)
    ruleset = models.CharField(max_length=40)
    settings = models.JSONField(default=dict, help_text="Overrides of the rule set's settings.")
    entrant_counter = models.PositiveIntegerField(
        default=0, help_text="The highest N of an id pN ever given, so ids are never reused."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # the season around the day (R-REG-1..3): what is announced, and registrations
    date = models.DateField(null=True, blank=True, help_text="The day the event is played.")
    start_time = models.TimeField(null=True, blank=True, help_text="When play starts.")
    city = models.CharField(max_length=200, blank=True, default="")
    venue = models.CharField(max_length=200, blank=True, default="")
    address = models.CharField(max_length=300, blank=True, default="")
    capacity = models.PositiveIntegerField(
        null=True, blank=True, help_text="Places for registered players; None: no limit."
    )
    registration_until = models.DateTimeField(
        null=True, blank=True, help_text="Registrations close then; None: at the start."
    )
    fee = models.CharField(max_length=200, blank=True, default="", help_text="Entry fee, as text.")
    description = models.TextField(blank=True, default="")
    published_at = models.DateTimeField(
        null=True, blank=True, help_text="When the event was published; None: a draft (R-REG-1)."
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)
    approve_registrations = models.BooleanField(
        default=False, help_text="Each registration waits for the organiser's approval."
    )
    consent = models.TextField(
        blank=True, default="", help_text="The consent line a registering player agrees to."
    )
    bank_account = models.CharField(
        max_length=60, blank=True, default="", help_text="For the fee's QR payment code."
    )
    checkin_opened_at = models.DateTimeField(
        null=True, blank=True, help_text="When check-in started (R-REG-3); None: not yet."
    )

    class Meta:
        ordering = ["-created_at", "key"]

    def __str__(self) -> str:
        return self.key

    @property
    def self_reporting(self) -> bool:
        """Whether players may report results with their table's code."""
        from kolo.games import rulesets

        found = rulesets.REGISTRY.get(self.ruleset)
        return found is not None and found.settings(self.settings).self_reporting

    @property
    def has_playoff(self) -> bool:
        """Whether a bracket follows the Swiss rounds (R-DOMINO-11)."""
        from kolo.games import rulesets

        found = rulesets.REGISTRY.get(self.ruleset)
        return found is not None and found.settings(self.settings).playoff != "none"

    @property
    def has_bracket(self) -> bool:
        """Whether the event has a bracket page: a knockout, or a bracket after Swiss rounds."""
        return self.is_knockout or self.has_playoff

    @property
    def game(self) -> base.Game | None:
        """The game the event's tables play (``kolo.games.base.Game``: what it declares, such as
        ``proposes_setups``); None for an unknown rule set."""
        from kolo.games import registry, rulesets

        found = rulesets.REGISTRY.get(self.ruleset)
        return None if found is None else registry.get(found.game)

    @property
    def is_knockout(self) -> bool:
        """Whether the event eliminates players (it has a bracket)."""
        from kolo.core import knockout
        from kolo.games import rulesets

        found = rulesets.REGISTRY.get(self.ruleset)
        return found is not None and knockout.is_knockout(found)


class Entrant(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    code = models.CharField(max_length=64, help_text="The entrant's id in event files (p1, p2…).")
    name = models.CharField(max_length=200)
    club = models.CharField(max_length=200, null=True, blank=True)
    dropped_after_round = models.PositiveIntegerField(null=True, blank=True)
    position = models.PositiveIntegerField(help_text="Order of entry.")
    player = models.CharField(
        max_length=200,
        null=True,
        blank=True,
        help_text="The person's identity across a series (kolo-event/1 entrants[].player).",
    )
    members = models.JSONField(
        default=list,
        blank=True,
        help_text="A team's members in seat order (kolo-event/1 entrants[].members).",
    )
    checked_in_at = models.DateTimeField(
        null=True, blank=True, help_text="When the entrant checked in on the day (R-REG-3)."
    )

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
    accepted = models.BooleanField(
        default=True, help_text="False while a proposed pairing awaits the organiser."
    )
    clock_started_at = models.DateTimeField(null=True, blank=True)
    limit_imposed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the head referee imposed two more game rounds."
    )
    byes = models.ManyToManyField(Entrant, blank=True, related_name="byes")
    stage = models.CharField(
        max_length=20, null=True, blank=True, help_text="group, quarter-final, … (knockouts)."
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
        ]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    code = models.CharField(
        max_length=12, blank=True, default="", help_text="Players' code for self-reporting."
    )
    setup = models.JSONField(
        null=True,
        blank=True,
        help_text="What the table needs from its game before play, as its game writes it in "
        "the event file (kolo-event/1 tables[], under the game's key).",
    )
    group = models.CharField(max_length=8, null=True, blank=True, help_text="A, B, … (groups).")
    sheet = models.JSONField(
        null=True,
        blank=True,
        help_text="The score sheet of the game in play, hand by hand, until it is over (a game "
        "whose tables keep one).",
    )

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
    seats = models.JSONField(
        null=True, blank=True, help_text="This game's seat order where it is not the table's."
    )
    hands = models.JSONField(
        null=True, blank=True, help_text="The game's score sheet (kolo-event/1 games[].hands)."
    )
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


class EventRole(models.Model):
    """Who may run an event: owners do everything; assistants enter results only."""

    OWNER = "owner"
    ASSISTANT = "assistant"
    ROLES = [(OWNER, "owner"), (ASSISTANT, "assistant")]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="kolo_roles")
    role = models.CharField(max_length=20, choices=ROLES)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_role_per_event"),
        ]


class SelfReport(models.Model):
    """A result entered by a player with the table's code, awaiting confirmation by the
    other players at the table and acceptance by the organiser."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    STATUSES = [(s, s) for s in (PENDING, CONFIRMED, DISPUTED, ACCEPTED, REJECTED)]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reports")
    game_number = models.PositiveIntegerField()
    scores = models.JSONField(help_text="Entrant code → game points.")
    turns = models.JSONField(null=True, blank=True)
    hands = models.JSONField(
        null=True,
        blank=True,
        help_text="The game's score sheet (a game whose tables keep one), whose totals are scores.",
    )
    ended_by_time_limit = models.BooleanField(default=False)
    reported_by = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="+")
    confirmed_by = models.ManyToManyField(Entrant, blank=True, related_name="+")
    disputed_by = models.ManyToManyField(Entrant, blank=True, related_name="+")
    status = models.CharField(max_length=20, choices=STATUSES, default=PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]


class ApiToken(models.Model):
    """A token for writing results through the JSON API; only its hash is kept."""

    user = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="kolo_tokens")
    name = models.CharField(max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)


class CardPool(models.Model):
    """A card pool organisers made, which a game's draws use by name (the championship pool is
    built in)."""

    name = models.SlugField(max_length=80, unique=True)
    title = models.CharField(max_length=200, blank=True, default="")
    cards = models.JSONField(help_text="Set id → card ids.")
    basic_main = models.JSONField(default=list)
    basic_extra = models.JSONField(default=list)
    updated_at = models.DateTimeField(auto_now=True)
    owner = models.ForeignKey(
        "auth.User",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        help_text="Who may change it (with superusers); None: made on the command line.",
    )

    class Meta:
        ordering = ["name"]


class Series(models.Model):
    """A season of events: tour points, qualification, ratings (``kolo-series/1``)."""

    key = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=200)
    rules = models.CharField(
        max_length=60, null=True, blank=True, help_text="Tour rules id; None: no tour points."
    )
    championship_top7 = models.JSONField(default=list)
    qualification = models.JSONField(
        null=True, blank=True, help_text="The kolo-series/1 qualification object."
    )
    owner = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "key"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.key


class SeriesEvent(models.Model):
    """One event of a series with what the series records about it."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="series_entries")
    city = models.CharField(max_length=200)
    date = models.DateField()
    published = models.BooleanField(default=True)
    kind = models.CharField(max_length=20, null=True, blank=True, help_text="main, local, …")
    declined = models.JSONField(default=list, help_text="Players who declined a place.")

    class Meta:
        ordering = ["date", "id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "event"], name="series_event_unique"),
        ]


class LoginFailure(models.Model):
    """A failed organiser login, counted to throttle guessing (``kolo.web.accounts``).

    In the database, not a per-process cache, so that every server process sees them.
    ``scope`` is "account" (``key``: the user name) or "address" (``key``: the client's IP).
    """

    scope = models.CharField(max_length=10)
    key = models.CharField(max_length=150)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "at"])]


class Registration(models.Model):
    """A player's registration for a published event (R-REG-2): registered, waiting, awaiting
    the organiser's approval, cancelled or removed; reached by its private token."""

    STATUSES = ("registered", "waiting", "pending", "cancelled", "removed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    number = models.PositiveIntegerField(
        help_text="The registration's number in its event (1, 2…), the payment's variable symbol."
    )
    queue = models.PositiveIntegerField(
        help_text="Order of arrival (R-REG-2); the organiser may move a registration."
    )
    name = models.CharField(max_length=200)
    club = models.CharField(max_length=200, blank=True, default="")
    email = models.EmailField(blank=True, default="", help_text="Never shown publicly.")
    partner = models.CharField(
        max_length=200, blank=True, default="", help_text="A team of two: the second member."
    )
    consent = models.TextField(blank=True, default="", help_text="The consent line agreed to.")
    token = models.CharField(max_length=64, unique=True, help_text="The private page's token.")
    status = models.CharField(max_length=20, default="registered")
    running_late_until = models.DateTimeField(
        null=True, blank=True, help_text="Running late: the arrival the player expects."
    )
    paid = models.BooleanField(default=False)
    entrant = models.OneToOneField(
        Entrant,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="registration",
        help_text="The entrant the registration became.",
    )
    player = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text="The series identity the organiser linked it to (Entrant.player).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["queue", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="registration_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event.key} #{self.number} {self.name}"
