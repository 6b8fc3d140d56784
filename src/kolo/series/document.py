"""Reading ``kolo-series/1`` documents, with every event file they list, reporting every
problem at once (docs/series.md). The files themselves are read by the caller (the series
file's text, and the event files through ``EventFiles``): this module reads none.

Problems in the series document are located by JSON paths into it (``$.events[2].date``);
problems in an event file by the file's path, then the JSON path into the event file
(``brno.json: $.rounds[0].tables[1].seats[2]``).
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol, TypeVar

from kolo.core.event import Event
from kolo.core.problems import N_, InvalidInput, Problem
from kolo.eventfile.reader import ShapeReader, json_repr, parse_json
from kolo.series import FORMAT
from kolo.series.model import KINDS, Qualification, Series, SeriesEvent
from kolo.series.rules import TOURS
from kolo.series.system import PLAYERS_SCHEMA, Common
from kolo.series.systems import SYSTEMS

T = TypeVar("T")

_TOP = ("format", "name", "rules", "championship_top7", "events", "qualification")
_EVENT = ("file", "city", "date", "published", "kind", "declined")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class EventFiles(Protocol):
    """Where the event files a series lists come from (``kolo.eventfile.reader.ON_DISK``
    reads them from disk)."""

    def same(self, path: Path) -> Path:
        """The one name of the file at ``path`` (a file listed twice is the same file)."""

    def load(self, path: Path) -> Event:
        """The event file at ``path``, read and validated (``InvalidInput`` lists every
        problem)."""


def loads(text: str, base: Path, files: EventFiles) -> Series:
    """Parse and validate a series given as JSON text; event files are found from ``base``
    and read by ``files``."""
    return read(parse_json(text), base, files)


def assemble(
    name: str,
    rules: str | None,
    championship_top7: Sequence[str],
    qualification: Any,
    events: Sequence[SeriesEvent],
) -> Series:
    """A series from parts kept elsewhere (the store): ``qualification`` is the JSON object
    of ``kolo-series/1``; the events are checked as a file's would be (``InvalidInput``)."""
    checker = _Reader(Path("."))
    if rules is not None and rules not in TOURS:
        checker.problem(
            "$.rules",
            N_("unknown tour rules {rules}; known: {known}"),
            rules=json_repr(rules),
            known=", ".join(TOURS),
        )
    parsed = (
        checker.qualification(qualification, "$.qualification")
        if qualification is not None
        else None
    )
    checker.check_events(list(events), rules if rules in TOURS else None, parsed)
    if checker.problems:
        raise InvalidInput(checker.problems)
    return Series(name, rules, frozenset(championship_top7), tuple(events), parsed)


def read(data: Any, base: Path, files: EventFiles) -> Series:
    """Validate a parsed series document, load its event files from ``base`` by ``files``
    and return it."""
    series_reader = _Reader(base, files)
    series = series_reader.series(data)
    if series_reader.problems or series is None:
        raise InvalidInput(series_reader.problems)
    return series


@dataclass(frozen=True)
class _Entry:
    index: int
    file: str
    path: Path
    city: str
    date: datetime.date
    published: bool
    kind: str | None
    declined: tuple[str, ...]


class _Reader(ShapeReader):
    """Checks the document's shape and types, loads the event files, then checks what
    needs both (rule sets, who declined, kinds against the qualification system)."""

    def __init__(self, base: Path, files: EventFiles | None = None) -> None:
        super().__init__()
        self.base = base
        self.files = files
        """How event files are read (None: the events are given, not read)."""

    def field(
        self, obj: dict[str, Any], key: str, path: str, check: Callable[[Any, str], T | None]
    ) -> T | None:
        """A required field, checked; a missing one is one problem, not two."""
        if key not in obj:
            self.problem(path, N_("missing field '{name}'"), name=key)
            return None
        return check(obj[key], f"{path}.{key}")

    def text(self, value: Any, path: str) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.problem(path, N_("must be a non-empty text"))
            return None
        return value

    def flag(self, value: Any, path: str) -> bool | None:
        if not isinstance(value, bool):
            self.problem(path, N_("must be true or false"))
            return None
        return value

    def count(self, value: Any, path: str, minimum: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(path, N_("must be a whole number"))
            return None
        if value < minimum:
            self.problem(path, N_("must be at least {minimum}"), minimum=minimum)
            return None
        return value

    def players(self, value: Any, path: str) -> tuple[str, ...] | None:
        """A list of players (series identities), each once."""
        found = self.items(value, path, self.text)
        if found is None:
            return None
        seen: set[str] = set()
        for index, player in enumerate(value):
            if not isinstance(player, str):
                continue
            if player in seen:
                self.problem(f"{path}[{index}]", N_("'{player}' is listed twice"), player=player)
            seen.add(player)
        return tuple(dict.fromkeys(found))

    def series(self, data: Any) -> Series | None:
        doc = self.obj(data, "$", _TOP)
        if doc is None:
            return None
        fmt = self.required(doc, "format", "$")
        if "format" in doc and fmt != FORMAT:
            self.problem(
                "$.format",
                N_("must be exactly '{expected}', not {found}"),
                expected=FORMAT,
                found=json_repr(fmt),
            )
        name = self.required(doc, "name", "$")
        if "name" in doc and (not isinstance(name, str) or not name.strip()):
            self.problem("$.name", N_("the series' name must be a non-empty text"))
            name = None
        rules = doc.get("rules")
        if rules is not None and (not isinstance(rules, str) or rules not in TOURS):
            self.problem(
                "$.rules",
                N_("unknown tour rules {rules}; known: {known}"),
                rules=json_repr(rules),
                known=", ".join(TOURS),
            )
            rules = None
        top7 = self.players(doc.get("championship_top7", []), "$.championship_top7")
        qualification = (
            self.qualification(doc["qualification"], "$.qualification")
            if doc.get("qualification") is not None
            else None
        )
        raw_events = self.required(doc, "events", "$")
        entries: list[_Entry] = []
        if isinstance(raw_events, list):
            if not raw_events:
                self.problem("$.events", N_("a series needs at least one event"))
            for index, value in enumerate(raw_events):
                entry = self.entry(value, index)
                if entry is not None:
                    entries.append(entry)
        elif raw_events is not None:
            self.problem("$.events", N_("must be a list"))
        events = self.load_events(entries)
        self.check_events(events, rules, qualification)
        if self.problems or not isinstance(name, str) or top7 is None:
            return None
        return Series(name, rules, frozenset(top7), tuple(events), qualification)

    def entry(self, value: Any, index: int) -> _Entry | None:
        path = f"$.events[{index}]"
        obj = self.obj(value, path, _EVENT)
        if obj is None:
            return None
        file = self.field(obj, "file", path, self.text)
        city = self.field(obj, "city", path, self.text)
        date = self.field(obj, "date", path, self.date)
        published = self.field(obj, "published", path, self.flag)
        kind = obj.get("kind")
        if kind is not None and kind not in KINDS:
            self.problem(f"{path}.kind", N_("must be one of {choices}"), choices=", ".join(KINDS))
            kind = None
        declined = self.players(obj.get("declined", []), f"{path}.declined")
        if file is None or city is None or date is None or published is None or declined is None:
            return None
        if "kind" in obj and obj["kind"] is not None and kind is None:
            return None
        return _Entry(index, file, self.base / file, city, date, published, kind, declined)

    def date(self, value: Any, path: str) -> datetime.date | None:
        if isinstance(value, str) and _DATE.fullmatch(value):
            try:
                return datetime.date.fromisoformat(value)
            except ValueError:
                pass
        self.problem(
            path, N_("must be a date written YYYY-MM-DD, not {found}"), found=json_repr(value)
        )
        return None

    def qualification(self, value: Any, path: str) -> Qualification | None:
        if not isinstance(value, dict):
            self.problem(path, N_("must be an object"))
            return None
        name = self.required(value, "system", path)
        if not isinstance(name, str) or name not in SYSTEMS:
            if name is not None:
                self.problem(
                    f"{path}.system",
                    N_("unknown qualification system {system}; known: {known}"),
                    system=json_repr(name),
                    known=", ".join(SYSTEMS),
                )
            return None
        system = SYSTEMS[name]
        obj = self.obj(value, path, system.fields)
        assert obj is not None
        rules = system.rules
        before = len(self.problems)
        holders = self.players(obj.get(rules.holders, []), f"{path}.{rules.holders}")
        field_size = obj.get("field_size", rules.field_size)
        if field_size is not None:
            field_size = self.count(field_size, f"{path}.field_size", 1)
        pass_down = self.flag(obj.get("pass_down", rules.pass_down), f"{path}.pass_down")
        if holders is None or pass_down is None or len(self.problems) != before:
            return None
        return system.read(self, obj, path, Common(holders, field_size, pass_down))

    def points(self, value: Any, path: str) -> Fraction | None:
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or value < 0
        ):
            self.problem(path, N_("must be a number of at least 0"))
            return None
        return Fraction(str(value)) if isinstance(value, float) else Fraction(value)

    def load_events(self, entries: list[_Entry]) -> list[SeriesEvent]:
        """Load every event file; a file listed twice is a problem, loaded once."""
        assert self.files is not None
        events: list[SeriesEvent] = []
        seen: dict[Path, int] = {}
        for entry in entries:
            where = f"$.events[{entry.index}].file"
            resolved = self.files.same(entry.path)
            if resolved in seen:
                self.problem(
                    where,
                    N_("the same file as $.events[{index}].file"),
                    index=seen[resolved],
                )
                continue
            seen[resolved] = entry.index
            try:
                event = self.files.load(entry.path)
            except InvalidInput as error:
                self.problems += [self.in_file(entry.path, p) for p in error.problems]
                continue
            events.append(
                SeriesEvent(
                    entry.index,
                    entry.file,
                    entry.path,
                    entry.city,
                    entry.date,
                    entry.published,
                    entry.kind,
                    entry.declined,
                    event,
                )
            )
        return events

    @staticmethod
    def in_file(path: Path, problem: Problem) -> Problem:
        """An event file's problem, located by the file's path and the JSON path in it."""
        if problem.path.startswith("$"):
            return Problem(f"{path}: {problem.path}", problem.message, problem.params)
        return problem  # the file itself could not be read; the path already names it

    def check_events(
        self, events: list[SeriesEvent], rules: str | None, qualification: Qualification | None
    ) -> None:
        """What needs the events loaded: rule sets, persons, who declined, kinds."""
        accepted: list[tuple[str, tuple[str, ...]]] = []
        if rules is not None:
            accepted.append((TOURS[rules].id, TOURS[rules].rulesets))
        if qualification is not None:
            rules_of = SYSTEMS[qualification.system].rules
            accepted.append((rules_of.system, rules_of.rulesets))
        for item in events:
            where = f"$.events[{item.index}]"
            for what, rulesets in accepted:
                if item.event.ruleset not in rulesets:
                    self.problem(
                        f"{where}.file",
                        N_("{file} is a {ruleset} event; {what} accepts {allowed}"),
                        file=item.file,
                        ruleset=item.event.ruleset,
                        what=what,
                        allowed=", ".join(rulesets),
                    )
            persons: dict[str, str] = {}
            for index, entrant in enumerate(item.event.entrants):
                other = persons.get(entrant.person)
                if other is not None:
                    field = "player" if entrant.player is not None else "id"
                    self.problem(
                        f"{item.path}: $.entrants[{index}].{field}",
                        N_("the same player '{player}' as entrant '{other}'"),
                        player=entrant.person,
                        other=other,
                    )
                persons.setdefault(entrant.person, entrant.id)
            for index, player in enumerate(item.declined):
                if player not in persons:
                    self.problem(
                        f"{where}.declined[{index}]",
                        N_("'{player}' is not a player of {file}"),
                        player=player,
                        file=item.file,
                    )
            if item.kind is not None and qualification is not None:
                system = SYSTEMS[qualification.system].rules
                if item.kind not in system.kinds:
                    self.problem(
                        f"{where}.kind",
                        N_("the {system} qualification has no '{kind}' events; use {allowed}"),
                        system=system.system,
                        kind=item.kind,
                        allowed=", ".join(system.kinds),
                    )
                elif item.kind == "last-chance" and qualification.field_size is None:
                    self.problem(
                        f"{where}.kind",
                        N_("a last-chance event needs the setting 'field_size' of the final"),
                    )


def json_schema() -> dict[str, Any]:
    """The JSON Schema of ``kolo-series/1`` (draft 2020-12), as a JSON-ready document.

    The schema describes the shape; what needs the event files (they exist, their rule sets,
    who declined) is checked by ``kolo series validate``.
    """
    qualification_common = {
        "field_size": {
            "type": ["integer", "null"],
            "minimum": 1,
            "description": "The size of the final field that last-chance events fill up to.",
        },
        "pass_down": {
            "type": "boolean",
            "description": "A place whose player already holds one or declined passes to the "
            "next player in the standings.",
        },
    }
    systems: dict[str, Any] = {}
    for system in SYSTEMS.values():
        systems.update(system.schema(qualification_common))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://kolo.example/schema/kolo-series-1.json",
        "title": FORMAT,
        "description": "A series of kolo events (a tour): tour points and championship "
        "qualification.",
        "type": "object",
        "required": ["format", "name", "events"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "name": {"type": "string", "minLength": 1, "pattern": r"\S"},
            "rules": {
                "enum": [*sorted(TOURS), None],
                "description": "The tour's rules (R-TOUR-*); absent: no tour points.",
            },
            "championship_top7": {
                **PLAYERS_SCHEMA,
                "description": "Players who placed in the top 7 of a Czech championship since "
                "2016 (the strong-field bonus, R-TOUR-3).",
            },
            "events": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/event"}},
            "qualification": {
                "oneOf": [
                    *({"$ref": f"#/$defs/{name}"} for name in SYSTEMS),
                    {"type": "null"},
                ]
            },
        },
        "$defs": {
            "event": {
                "type": "object",
                "required": ["file", "city", "date", "published"],
                "additionalProperties": False,
                "properties": {
                    "file": {
                        "type": "string",
                        "minLength": 1,
                        "description": "A kolo-event/1 file, relative to the series file.",
                    },
                    "city": {"type": "string", "minLength": 1, "pattern": r"\S"},
                    "date": {
                        "type": "string",
                        "pattern": r"^\d{4}-\d{2}-\d{2}$",
                        "description": "The event's (first) day, YYYY-MM-DD.",
                    },
                    "published": {
                        "type": "boolean",
                        "description": "Officially published; an unpublished event counts "
                        "for nothing (R-TOUR-1).",
                    },
                    "kind": {
                        "enum": [*KINDS, None],
                        "description": "The kind of qualifier (R-QUAL-1..3, R-QUAL-6); "
                        "absent: not a qualifier.",
                    },
                    "declined": {
                        **PLAYERS_SCHEMA,
                        "description": "Players who declined a qualifying place from this "
                        "event (R-QUAL-2).",
                    },
                },
            },
            **systems,
        },
    }


@dataclass(frozen=True)
class IdentityWarning:
    """Entrants taken for one person only because they share an id (no ``player`` field)
    although their names differ: probably different people."""

    person: str
    names: tuple[tuple[str, str], ...]
    """(event file, name) for each event the id appears in."""


def identity_warnings(series: Series) -> list[IdentityWarning]:
    """Ids standing for one person across events under different names (give such entrants
    a ``player`` field; ``kolo entrant edit --player``)."""
    seen: dict[str, list[tuple[str, str]]] = {}
    for item in series.events:
        for entrant in item.event.entrants:
            if entrant.player is None:
                seen.setdefault(entrant.id, []).append((item.file, entrant.name))
    return [
        IdentityWarning(person, tuple(names))
        for person, names in sorted(seen.items())
        if len({name.casefold() for _file, name in names}) > 1
    ]
