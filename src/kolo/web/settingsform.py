"""The desk's settings form: one field per setting of the event's rule set, drawn from the
settings' one description (each setting's declaration, the generic ones in
``kolo.core.settings`` and a game's in its folder, as the rule set's defaults carry them:
type, bounds, help, default; its label in ``kolo.core.settingwords``), and
the reading of what the organiser posted back into values for the store.

A whole number is a number field, yes/no a choice of the two, a choice its values in words,
the pairing weights a number per criterion, the players kept apart one pair a line; the whole
settings as JSON stay available as an advanced option."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from kolo.core.problems import N_, Problem
from kolo.core.rulesets import RuleSet, System
from kolo.core.settings import Defaults, Kind, SettingSpec, applies
from kolo.core.settingwords import CHOICE_LABELS, LABELS, ORDER
from kolo.games import registry
from kolo.games.rulesets import SPECS
from kolo.web import wording

_NUMBER = re.compile(r"-?[0-9]{1,12}([.,][0-9]{1,12})?")
JSON_FIELD = "settings_json"
"""The advanced option's field: the event's own settings as one JSON object."""


@dataclass
class Field:
    """One setting as the form shows it."""

    name: str
    label: str
    help: str
    rule: str
    kind: str
    """``whole``, ``number``, ``yesno``, ``choice``, ``text``, ``weights`` or ``pairs``."""
    value: str
    default: str
    changed: bool
    minimum: float | None = None
    maximum: float | None = None
    choices: list[tuple[str, str]] = field(default_factory=list)
    parts: list[tuple[str, str, str]] = field(default_factory=list)
    """For the weights: (criterion, its name, its weight)."""
    errors: list[str] = field(default_factory=list)


def traits(ruleset: RuleSet) -> frozenset[str]:
    """What the rule set has that settings may need (``kolo.core.settings.TRAITS``), from its
    system and its game: tables of more than two (not pairs), smaller tables, a table setup."""
    found = set()
    if ruleset.system is not System.SWISS_PAIRS:
        found.add("tables")
    if ruleset.smaller_tables:
        found.add("smaller")
    if registry.get(ruleset.game).read_setup is not None:
        found.add("setup")
    return frozenset(found)


def shown_settings(
    defaults: Defaults, own: Mapping[str, Any], have: frozenset[str] | None
) -> list[str]:
    """The settings a form shows, the most used first (``settingwords.ORDER``): those of the
    rule set that apply to it (all when ``have`` is None), and any the event changed."""
    rank = {name: i for i, name in enumerate(ORDER)}
    names = [n for n in defaults if have is None or applies(n, have, defaults.specs) or n in own]
    return sorted(names, key=lambda n: rank.get(n, len(rank)))


def _kind(spec: SettingSpec) -> str:
    if spec.kind is Kind.INT:
        return "whole"
    if spec.kind is Kind.NUMBER:
        return "number"
    if spec.kind is Kind.BOOL:
        return "yesno"
    if spec.kind is Kind.WEIGHTS:
        return "weights"
    if spec.kind is Kind.PAIRS:
        return "pairs"
    if spec.kind is Kind.NUMBERS:
        return "numbers"
    return "choice" if spec.choices else "text"


def _shown(spec: SettingSpec, value: Any) -> str:
    """A value as its field holds it."""
    kind = _kind(spec)
    if kind == "yesno":
        return "true" if value else "false"
    if kind == "pairs":
        return "\n".join(f"{a}, {b}" for a, b in value or [])
    if kind == "numbers":
        return ", ".join(_plain(v) for v in value or [])
    if kind in ("whole", "number"):
        return _plain(value)
    if kind == "weights":
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _plain(value: Any) -> str:
    """A number as typed: 3, 0.5 (never 3.0 or 5e-01)."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def _default_text(spec: SettingSpec, value: Any, have: frozenset[str] | None = None) -> str:
    """A default in words: yes/no, a choice's words, numbers as numbers."""
    kind = _kind(spec)
    if kind == "yesno":
        return _("yes") if value else _("no")
    if kind == "choice":
        return _(CHOICE_LABELS.get(value, value))
    if kind == "pairs":
        return _("nobody") if not value else _shown(spec, value)
    if kind == "weights":
        return ", ".join(
            f"{wording.criterion_name(k)} {v}"
            for k, v in value.items()
            if have is None or applies(k, have)
        )
    return _shown(spec, value)


def fields(
    defaults: Defaults,
    settings: Mapping[str, Any],
    own: Mapping[str, Any],
    errors: Mapping[str, list[str]] | None = None,
    posted: QueryDict | None = None,
    have: frozenset[str] | None = None,
) -> list[Field]:
    """The form's fields: ``defaults`` of the rule set, ``settings`` in force, ``own`` the
    event's overrides; after a refusal, ``posted`` holds what was typed, shown again as it was.
    ``have``: the rule set's traits, which settings apply to it (``traits``)."""
    shown = []
    for name in shown_settings(defaults, own, have):
        spec = defaults.specs[name]
        value = settings[name]
        entry = Field(
            name=name,
            label=_(LABELS[name]),
            help=_(spec.help),
            rule=spec.rule,
            kind=_kind(spec),
            value=_shown(spec, value),
            default=_default_text(spec, defaults[name], have),
            changed=name in own,
            minimum=spec.minimum,
            maximum=spec.maximum,
            errors=list((errors or {}).get(name, [])),
        )
        if posted is not None and name in posted:
            entry.value = posted.get(name, "")
        if entry.kind == "yesno":
            entry.choices = [("true", _("yes")), ("false", _("no"))]
        elif entry.kind == "choice":
            entry.choices = [(c, _(CHOICE_LABELS.get(c, c))) for c in spec.choices]
        elif entry.kind == "weights":
            weights = value if isinstance(value, Mapping) else defaults[name]
            entry.parts = [
                (key, wording.criterion_name(key), _plain(weights.get(key, 0)))
                for key in spec.keys
                if have is None or applies(key, have)
            ]
        shown.append(entry)
    return shown


def _number(raw: str) -> Any:
    """A number typed in a field (a decimal comma allowed); the text itself when it is none,
    so that the store's check names the setting and says what it must be."""
    if _NUMBER.fullmatch(raw):
        text = raw.replace(",", ".")
        return float(text) if "." in text else int(text)
    try:
        return json.loads(raw)  # 5e2, 1.0 …
    except (ValueError, RecursionError):
        return raw


def _pairs(raw: str) -> Any:
    if raw.lstrip().startswith("["):
        try:
            return json.loads(raw)
        except (ValueError, RecursionError):
            return raw
    pairs: list[Any] = []
    for line in raw.splitlines():
        parts = [p for p in re.split(r"[\s,;]+", line.strip()) if p]
        if parts:
            pairs.append(parts)
    return pairs


def _value(spec: SettingSpec, raw: str) -> Any:
    kind = _kind(spec)
    if kind in ("whole", "number"):
        return _number(raw)
    if kind == "yesno":
        lowered = raw.lower()
        if lowered in ("true", "false"):
            return lowered == "true"
        return raw
    if kind == "pairs":
        return _pairs(raw)
    if kind == "numbers":
        # 5, 3, 2, 1 (a comma, a semicolon or a space between; a decimal point, not a comma)
        return [_number(p) for p in re.split(r"[\s,;]+", raw.strip()) if p]
    if kind == "weights":
        try:
            return json.loads(raw)
        except (ValueError, RecursionError):
            return raw
    return raw


def read(
    post: QueryDict, defaults: Defaults, own: Mapping[str, Any]
) -> tuple[dict[str, Any], list[Problem]]:
    """What the organiser changed: setting → new value, ``None`` for "back to the default";
    and the problems of a JSON object that cannot be read (the advanced option)."""
    if post.get("mode") == "json":
        raw = post.get(JSON_FIELD, "").strip() or "{}"
        try:
            document = json.loads(raw)
        except (ValueError, RecursionError):
            return {}, [Problem("$.settings", N_("the settings are not a JSON object"))]
        if not isinstance(document, dict):
            return {}, [Problem("$.settings", N_("the settings are not a JSON object"))]
        changes: dict[str, Any] = {name: None for name in own if name not in document}
        changes.update(document)
        return changes, []
    changes = {}
    for name, spec in defaults.specs.items():
        if _kind(spec) == "weights" and any(f"{name}.{key}" in post for key in spec.keys):
            current = own.get(name, defaults[name])
            weights = {
                # a criterion the form does not show keeps its weight
                key: _number(post.get(f"{name}.{key}", "").strip() or "0")
                if f"{name}.{key}" in post
                else current.get(key, 0)
                for key in spec.keys
            }
            value: Any = weights
        else:
            raw = post.get(name)
            if raw is None:
                continue
            raw = raw.strip()
            if raw in ("", "default"):
                changes[name] = None
                continue
            value = _value(spec, raw)
        if value != defaults[name] or name in own:
            changes[name] = value if value != defaults[name] else None
    return changes, []


def field_errors(problems: list[Problem]) -> tuple[dict[str, list[str]], list[Problem]]:
    """Problems of single settings by the setting's name (any rule set's setting,
    ``kolo.games.rulesets.SPECS``), and those of no one setting."""
    by_name: dict[str, list[str]] = {}
    rest = []
    for problem in problems:
        match = re.match(r"\$\.settings\.(\w+)", problem.path)
        name = match.group(1) if match else problem.params.get("name")
        if isinstance(name, str) and name in SPECS:
            by_name.setdefault(name, []).append(wording.problem_text(problem))
        else:
            rest.append(problem)
    return by_name, rest
