"""Reading ``kolo-event/1`` documents into core values, reporting every problem at once."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from kolo.core.event import Entrant, Event, Game, GameRecord, Member, Round, Table, TableSetup
from kolo.core.problems import N_, InvalidInput, Problem
from kolo.eventfile import FORMAT
from kolo.eventfile.setups import read_setup, setup_keys, table_keys
from kolo.games import registry, rulesets
from kolo.games.rulesets import check_event

T = TypeVar("T")

_TOP = ("format", "name", "ruleset", "settings", "entrants", "rounds")
_ENTRANT = ("id", "name", "club", "dropped_after_round", "player", "members")
_MEMBER = ("name", "player")
_ROUND = ("number", "seed", "tables", "byes", "stage")
_GAME = ("scores", "turns", "ended_by_time_limit", "order", "seats", "hands")
STAGES = ("group", "knockout", "quarter-final", "semi-final", "final", "playoff")


def load(path: Path) -> Event:
    """Read and validate the event file at ``path`` (``InvalidInput`` lists every problem)."""
    return loads(read_text(path))


class OnDisk:
    """Event files read from disk, as a series reads the files it lists
    (``kolo.series.document.EventFiles``)."""

    def same(self, path: Path) -> Path:
        """The file's one name: its absolute path, links followed."""
        return path.resolve()

    def load(self, path: Path) -> Event:
        """The event file at ``path``, read and validated."""
        return load(path)


ON_DISK = OnDisk()


def read_text(path: Path) -> str:
    """The text of a UTF-8 file (a byte-order mark is dropped), or a clear refusal."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InvalidInput.one(N_("no such file"), path=str(path)) from None
    except IsADirectoryError:
        raise InvalidInput.one(N_("is a directory, not a file"), path=str(path)) from None
    except UnicodeDecodeError:
        raise InvalidInput.one(N_("not UTF-8 text"), path=str(path)) from None
    except OSError as error:
        raise InvalidInput.one(
            N_("cannot read the file: {reason}"), path=str(path), reason=error.strerror
        ) from None
    return text


def loads(text: str) -> Event:
    """Parse and validate a document given as JSON text."""
    return read(parse_json(text))


def parse_json(text: str) -> Any:
    """JSON text as data, or one clear problem (``InvalidInput``) if it is not usable."""
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise InvalidInput.one(
            N_("not valid JSON: {reason} (line {line}, column {column})"),
            reason=error.msg,
            line=error.lineno,
            column=error.colno,
        ) from None
    except (ValueError, RecursionError):
        # a number with thousands of digits, NaN or Infinity, or nesting too deep to read
        raise InvalidInput.one(
            N_("not a usable JSON document (absurd numbers or nesting)")
        ) from None
    return data


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def read(data: Any) -> Event:
    """Validate a parsed document and return the event it describes."""
    reader = _Reader()
    event = reader.event(data)
    problems = reader.problems
    if event is not None:
        problems += [p for p in check_event(event) if p not in problems]
    if problems or event is None:
        raise InvalidInput(problems)
    return event


class ShapeReader:
    """Checks a JSON document's shape and types, collecting every problem with its JSON
    path (the event file reader and the series file reader build on it)."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, path: str, message: str, **params: object) -> None:
        self.problems.append(Problem(path, message, params))

    def obj(self, value: Any, path: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.problem(path, N_("must be an object"))
            return None
        for key in value:
            if key not in allowed:
                self.problem(
                    f"{path}.{key}",
                    N_("unknown field '{name}'; allowed: {allowed}"),
                    name=key,
                    allowed=", ".join(allowed),
                )
        return value

    def required(self, obj: dict[str, Any], key: str, path: str) -> Any:
        if key not in obj:
            self.problem(path, N_("missing field '{name}'"), name=key)
        return obj.get(key)

    def string(self, value: Any, path: str) -> str | None:
        if not isinstance(value, str):
            self.problem(path, N_("must be a string"))
            return None
        return value

    def integer(self, value: Any, path: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(path, N_("must be a whole number"))
            return None
        return value

    def array(self, value: Any, path: str) -> list[Any] | None:
        if not isinstance(value, list):
            self.problem(path, N_("must be a list"))
            return None
        return value

    def items(self, value: Any, path: str, item: Callable[[Any, str], T | None]) -> list[T] | None:
        values = self.array(value, path)
        if values is None:
            return None
        read = [item(v, f"{path}[{i}]") for i, v in enumerate(values)]
        return [v for v in read if v is not None]


class _Reader(ShapeReader):
    """Checks the document's shape and types; the rules are checked on the values after."""

    ruleset: str | None = None
    """The event's rule set, whose game reads the tables' setup."""
    settings: Any = None
    """The event's settings in force (``Settings``), where its rule set is known."""

    def event(self, data: Any) -> Event | None:
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
        name = self.string(self.required(doc, "name", "$"), "$.name")
        if name is not None and not name.strip():
            self.problem("$.name", N_("the event's name must not be empty"))
        ruleset = self.string(self.required(doc, "ruleset", "$"), "$.ruleset")
        self.ruleset = ruleset
        raw_settings = doc.get("settings", {})
        settings = self.obj(
            raw_settings,
            "$.settings",
            tuple(raw_settings) if isinstance(raw_settings, dict) else (),
        )
        found = rulesets.REGISTRY.get(ruleset) if ruleset is not None else None
        if found is not None and settings is not None:
            self.settings = found.settings(settings)
        entrants = self.items(self.required(doc, "entrants", "$"), "$.entrants", self.entrant)
        rounds = self.items(doc.get("rounds", []), "$.rounds", self.round)
        if name is None or ruleset is None or settings is None or entrants is None:
            return None
        if rounds is None:
            return None
        return Event(name, ruleset, settings, tuple(entrants), tuple(rounds))

    def entrant(self, value: Any, path: str) -> Entrant | None:
        obj = self.obj(value, path, _ENTRANT)
        if obj is None:
            return None
        entrant_id = self.string(self.required(obj, "id", path), f"{path}.id")
        name = self.string(self.required(obj, "name", path), f"{path}.name")
        club = obj.get("club")
        if club is not None:
            club = self.string(club, f"{path}.club")
        dropped = obj.get("dropped_after_round")
        if dropped is not None:
            dropped = self.integer(dropped, f"{path}.dropped_after_round")
        player = obj.get("player")
        if player is not None:
            player = self.string(player, f"{path}.player")
            if player is not None and not player.strip():
                self.problem(f"{path}.player", N_("must be a non-empty text"))
        members = self.items(obj.get("members", []), f"{path}.members", self.member)
        if entrant_id is None:
            return None
        return Entrant(
            entrant_id,
            entrant_id if name is None else name,
            club or None,
            dropped,
            player or None,
            tuple(members or ()),
        )

    def member(self, value: Any, path: str) -> Member | None:
        obj = self.obj(value, path, _MEMBER)
        if obj is None:
            return None
        name = self.string(self.required(obj, "name", path), f"{path}.name")
        player = obj.get("player")
        if player is not None:
            player = self.string(player, f"{path}.player")
            if player is not None and not player.strip():
                self.problem(f"{path}.player", N_("must be a non-empty text"))
        if name is None:
            return None
        return Member(name, player or None)

    def round(self, value: Any, path: str) -> Round | None:
        obj = self.obj(value, path, _ROUND)
        if obj is None:
            return None
        number = self.integer(self.required(obj, "number", path), f"{path}.number")
        seed = obj.get("seed")
        if seed is not None:
            seed = self.integer(seed, f"{path}.seed")
        tables = self.items(self.required(obj, "tables", path), f"{path}.tables", self.table)
        byes = self.items(obj.get("byes", []), f"{path}.byes", self.string)
        stage = obj.get("stage")
        if stage is not None and stage not in STAGES:
            self.problem(f"{path}.stage", N_("must be one of {choices}"), choices=", ".join(STAGES))
            stage = None
        if number is None or tables is None or byes is None:
            return None
        return Round(number, tuple(tables), seed, tuple(byes), stage)

    def table(self, value: Any, path: str) -> Table | None:
        obj = self.obj(value, path, table_keys())
        if obj is None:
            return None
        number = self.integer(self.required(obj, "number", path), f"{path}.number")
        seats = self.items(self.required(obj, "seats", path), f"{path}.seats", self.string)
        raw_games = obj.get("games")
        games = self.items([] if raw_games is None else raw_games, f"{path}.games", self.game)
        setup = None
        for key in setup_keys():  # the game's own key; another game's is refused
            if obj.get(key) is not None:
                setup = self.setup(key, obj[key], f"{path}.{key}") or setup
        group = obj.get("group")
        if group is not None:
            group = self.string(group, f"{path}.group")
        if number is None or seats is None or games is None:
            return None
        return Table(number, tuple(seats), tuple(games), setup, group or None)

    def setup(self, key: str, value: Any, path: str) -> TableSetup | None:
        if self.ruleset is None:
            return None
        setup, problems = read_setup(self.ruleset, value, path, key)
        self.problems += problems
        return setup

    def game(self, value: Any, path: str) -> Game | None:
        obj = self.obj(value, path, _GAME)
        if obj is None:
            return None
        scores = self.per_player(self.required(obj, "scores", path), f"{path}.scores")
        turns = obj.get("turns")
        if turns is not None:
            turns = self.per_player(turns, f"{path}.turns")
        ended = obj.get("ended_by_time_limit", False)
        if not isinstance(ended, bool):
            self.problem(f"{path}.ended_by_time_limit", N_("must be true or false"))
        # the game's seat order (R-GORN-9, R-NBGL-1); "seats" is its name before "order"
        key = "seats" if "seats" in obj and "order" not in obj else "order"
        if "seats" in obj and "order" in obj:
            self.problem(f"{path}.seats", N_("give the game's seat order once, as 'order'"))
        seats = obj.get(key)
        if seats is not None:
            seats = self.items(seats, f"{path}.{key}", self.string)
        if scores is None or ("turns" in obj and obj["turns"] is not None and turns is None):
            return None
        if obj.get(key) is not None and seats is None:
            return None
        record = self.record(obj["hands"], f"{path}.hands", scores) if "hands" in obj else None
        if "hands" in obj and record is None:
            return None
        order = tuple(seats) if seats is not None else None
        return Game(scores, turns, ended is True, order, record)

    def record(self, value: Any, path: str, scores: dict[str, int]) -> GameRecord | None:
        """A game's score sheet, read and checked by the game of the rule set."""
        found = rulesets.REGISTRY.get(self.ruleset) if self.ruleset is not None else None
        if found is None or self.settings is None:
            return None
        read = registry.get(found.game).read_record
        if read is None:
            allowed = ", ".join(k for k in _GAME if k not in ("hands", "seats"))
            unknown = N_("unknown field '{name}'; allowed: {allowed}")
            self.problem(path, unknown, name="hands", allowed=allowed)
            return None
        record, problems = read(value, path, scores, self.settings)
        self.problems += problems
        return record

    def per_player(self, value: Any, path: str) -> dict[str, int] | None:
        if not isinstance(value, dict):
            self.problem(path, N_("must be an object with one whole number per seated player"))
            return None
        numbers = {k: self.integer(v, f"{path}.{k}") for k, v in value.items()}
        if any(v is None for v in numbers.values()):
            return None
        return {k: v for k, v in numbers.items() if v is not None}


def json_repr(value: Any) -> str:
    """A short JSON rendering of a value for messages."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
