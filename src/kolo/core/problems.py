"""Problems found in input, as values the edges translate and show (DESIGN.md principle 7)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark an English message template for translation at the edge; returns it unchanged."""
    return message


ECHO_LIMIT = 120
"""The most characters of one word a message echoes (a name typed, a card, an id, a file's
path): what is longer is cut, so that a 100,000-character name makes a one-line error."""
ECHO_TEXT_LIMIT = 1000
"""The most characters of one value a message echoes (a list of names, ``known: a, b, c``)."""

_LONG_WORD = re.compile(r"\S{" + str(ECHO_LIMIT + 1) + ",}")


def shown(value: object, limit: int = ECHO_LIMIT) -> str:
    """A value as a message echoes it: at most ``limit`` characters, cut with "…"."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def echoed(text: str) -> str:
    """Text as a message echoes it: every word longer than :data:`ECHO_LIMIT` cut by
    :func:`shown` (a list kolo names, ``known: …``, keeps its words), the whole at most
    :data:`ECHO_TEXT_LIMIT` characters."""
    return shown(_LONG_WORD.sub(lambda m: shown(m.group()), text), ECHO_TEXT_LIMIT)


def fill(template: str, params: Mapping[str, object]) -> str:
    """A message's template with its values, every text value cut by :func:`echoed`: the one
    place where what a user typed is echoed in an error."""
    return template.format(**{k: echoed(v) if isinstance(v, str) else v for k, v in params.items()})


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, located by a JSON path."""

    path: str
    """Where, as a JSON path: ``$.rounds[1].tables[0].seats[2]``; ``$`` is the whole input."""
    message: str
    """An English template with ``{name}`` fields, marked with ``N_`` for translation."""
    params: Mapping[str, object] = field(default_factory=dict)
    """Values for the template's fields."""

    def text(self, translate: Callable[[str], str] = str) -> str:
        """The message with its values filled in (each cut by :func:`echoed`), after
        ``translate`` of the template."""
        return fill(translate(self.message), self.params)


@dataclass(frozen=True)
class Relaxation:
    """Hard rules whose relaxing gives a pairing, and how often that pairing breaks them."""

    rules: tuple[str, ...]
    breaches: int
    """Repeated threes or tables of two (R-GORN-4) plus players seated against the bottom
    rule (R-GORN-6) in the pairing the relaxation gives."""

    def option(self) -> str:
        """The command line's options for it."""
        return " ".join(f"--relax {rule}" for rule in self.rules)


class NoValidPairing(Exception):
    """No pairing obeys the hard rules (exit 3): which rule (or which rules together)
    fails, and the relaxations that give a pairing, the cheapest first."""

    def __init__(
        self,
        rule: str,
        message: str,
        relax: str | None,
        *,
        relaxations: tuple[Relaxation, ...] = (),
        **params: object,
    ) -> None:
        super().__init__(fill(message, params))
        self.rule = rule
        self.message = message
        self.params = params
        self.relax = relax
        self.relaxations = relaxations

    def text(self, translate: Callable[[str], str] = str) -> str:
        """The explanation, translated."""
        return fill(translate(self.message), self.params)

    def advice(self, translate: Callable[[str], str] = str) -> list[str]:
        """What the organiser may relax, one line each, the cheapest first."""
        if not self.relaxations:
            if not self.relax:
                return []
            return [
                translate(N_("to relax it as little as possible: --relax {rule}")).format(
                    rule=self.relax
                )
            ]
        lines = [translate(N_("relaxing any of these gives a pairing, the cheapest first:"))]
        for relaxation in self.relaxations:
            lines.append(
                translate(N_("{option} (breaks it {count}×)")).format(
                    option=relaxation.option(), count=relaxation.breaches
                )
            )
        return lines


class InvalidInput(Exception):
    """Input that breaks the rules: a user's mistake, never a bug (exit 2, HTTP 400)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{p.path}: {p.text()}" for p in problems))
        self.problems = problems

    @classmethod
    def one(cls, message: str, path: str = "$", **params: object) -> InvalidInput:
        """An error with a single problem."""
        return cls([Problem(path, message, params)])
