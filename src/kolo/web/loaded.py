"""An event read once per request (``Loaded``) and the language in use: what every page reads
first, the games' rooms on the web floor (``kolo.web.games``) included."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from django.utils import translation

from kolo.core import event as core
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import Standings, compute
from kolo.store import api as store
from kolo.store import models
from kolo.web import snapshots

T = TypeVar("T")


def language() -> str:
    return (translation.get_language() or "en")[:2]


@dataclass
class Loaded:
    """An event read once per request: the stored row, its core value and rule set."""

    event: models.Event
    value: core.Event
    ruleset: RuleSet
    settings: Settings
    names: dict[str, str]

    _memo: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, event: models.Event, *, public: bool = True) -> Loaded:
        """The event as players see it (``public``: without a proposed pairing), or as
        the desk sees it (read afresh).

        What players see is read once per version of the event and shared by every
        request of that version (``snapshots.shared``): do not change it."""
        if public:
            # the row again: the caller's may be older than the version the load is for
            return snapshots.shared(
                event.pk,
                lambda: cls.read(
                    models.Event.objects.filter(pk=event.pk).first() or event, public=True
                ),
            )
        return cls.read(event, public=False)

    @classmethod
    def read(cls, event: models.Event, *, public: bool) -> Loaded:
        """The event read from the store."""
        ruleset, settings = store.ruleset_of(event)
        value = store.to_core(event)
        if public:
            shown = set(event.rounds.filter(accepted=True).values_list("number", flat=True))
            value = replace(value, rounds=tuple(r for r in value.rounds if r.number in shown))
        return cls(event, value, ruleset, settings, {e.id: e.name for e in value.entrants})

    def current_round(self) -> core.Round | None:
        """The last round loaded."""
        return self.value.rounds[-1] if self.value.rounds else None

    def standings(self) -> Standings:
        """The standings (computed once per loaded event)."""
        return self.memo("standings", lambda: compute(self.value, self.ruleset, self.settings))

    def memo(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, computed once per loaded event and ``key`` (a race computes it twice,
        both the same)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]
