"""Where the bracket's boxes and lines go: the knockout rounds as columns, every table a box,
a line from each player who went on to their seat in the next round.

The drawing is laid out here, not in the browser (no script): across in per cent of the
drawing's width (so it shrinks to an A4 page and grows on a projector), down in em of the
drawing's type (a box is a heading and one row per player, each ``ROW`` high; larger type on
the projector draws it all larger). Each box sits level with the tables
that sent it its players where the column leaves room; boxes of a column are ordered so the
lines cross as little as possible, then by table number (same event → same drawing)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kolo.core import knockout
from kolo.core.event import EntrantId

ROW = 1.6
"""The height of a box's heading and of each of its rows (em)."""
GAP = 0.9
"""The space between two boxes of a column (em)."""
TOP = 2.2
"""The room for the columns' headings above the boxes (em)."""
COLUMN_MIN = 11.5
"""The narrowest a column's boxes get (em); the drawing scrolls inside itself below that."""
LANE = 2.5
"""The room for the lines between two columns (em at the narrowest)."""


@dataclass(frozen=True)
class Seat:
    entrant: EntrantId
    name: str
    score: int | None
    place: int | None
    advanced: bool | None
    row: int
    """0 for the first player under the box's heading."""


@dataclass(frozen=True)
class Box:
    round_number: int
    table: int
    seats: tuple[Seat, ...]
    left: float
    """Per cent of the drawing's width."""
    width: float
    top: float
    """em from the top of the drawing."""
    height: float

    @property
    def style(self) -> str:
        """The box's place as CSS (written here: a template would localise the decimals)."""
        return (
            f"left:{_fmt(self.left)}%;width:{_fmt(self.width)}%;"
            f"top:{_fmt(self.top)}em;height:{_fmt(self.height)}em"
        )

    def seat_y(self, row: int) -> float:
        """The middle of a player's row (em)."""
        return self.top + ROW * (row + 1) + ROW / 2


@dataclass(frozen=True)
class Column:
    number: int
    stage: str
    final: bool
    complete: bool
    left: float
    width: float
    boxes: tuple[Box, ...]

    @property
    def style(self) -> str:
        return f"left:{_fmt(self.left)}%;width:{_fmt(self.width)}%"


@dataclass(frozen=True)
class Line:
    entrant: EntrantId
    path: str
    """An SVG path in the drawing's coordinates (x: per cent, y: em)."""


@dataclass(frozen=True)
class Drawing:
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]
    height: float
    """em."""
    min_width: float
    """em: below this the drawing scrolls inside its frame."""

    @property
    def style(self) -> str:
        return f"height:{_fmt(self.height)}em;min-width:{_fmt(self.min_width)}em"

    @property
    def view_box(self) -> str:
        return f"0 0 100 {_fmt(self.height)}"


def _box_height(seats: int) -> float:
    return ROW * (seats + 1)


def _fmt(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _fed_from(
    table: knockout.KnockoutTable, where: Mapping[EntrantId, tuple[Box, int]]
) -> float | None:
    """The middle of the rows that sent this table its players (None: none did)."""
    ys = [
        where[s.entrant][0].seat_y(where[s.entrant][1]) for s in table.seats if s.entrant in where
    ]
    return sum(ys) / len(ys) if ys else None


def draw(rounds: Sequence[knockout.KnockoutRound], names: Mapping[EntrantId, str]) -> Drawing:
    """The bracket's drawing for the knockout rounds, oldest round on the left."""
    if not rounds:
        return Drawing((), (), 0.0, 0.0)
    count = len(rounds)
    min_width = count * COLUMN_MIN + (count - 1) * LANE
    # box width and lane in per cent, in the proportion of the narrowest drawing
    width = 100 * COLUMN_MIN / min_width
    pitch = 100 * (COLUMN_MIN + LANE) / min_width
    columns: list[Column] = []
    where: dict[EntrantId, tuple[Box, int]] = {}  # a player's seat in the column before
    lines: list[Line] = []
    bottom = TOP
    for index, round_ in enumerate(rounds):
        left = index * pitch

        wanted = {t.number: _fed_from(t, where) for t in round_.tables}
        ordered = sorted(
            round_.tables,
            key=lambda t: (wanted[t.number] if wanted[t.number] is not None else 0.0, t.number),
        )
        boxes: list[Box] = []
        floor = TOP
        for table in ordered:
            height = _box_height(len(table.seats))
            middle = wanted[table.number]
            top = max(floor, middle - height / 2) if middle is not None else floor
            seats = tuple(
                Seat(s.entrant, names[s.entrant], s.score, s.place, s.advanced, row)
                for row, s in enumerate(table.seats)
            )
            box = Box(round_.number, table.number, seats, left, width, top, height)
            boxes.append(box)
            floor = top + height + GAP
            bottom = max(bottom, top + height)
        for position, box in enumerate(boxes):
            # the lines into one box share an upright, each box its own: who goes where shows
            share = (position + 1) / (len(boxes) + 1)
            for seat in box.seats:
                if seat.entrant not in where:
                    continue
                source, row = where[seat.entrant]
                if not next(s for s in source.seats if s.entrant == seat.entrant).advanced:
                    continue
                x1 = source.left + source.width
                x2 = box.left
                middle_x = x1 + (x2 - x1) * share
                y1 = source.seat_y(row)
                y2 = box.seat_y(seat.row)
                lines.append(
                    Line(
                        seat.entrant,
                        f"M{_fmt(x1)} {_fmt(y1)}H{_fmt(middle_x)}V{_fmt(y2)}H{_fmt(x2)}",
                    )
                )
        where = {seat.entrant: (box, seat.row) for box in boxes for seat in box.seats}
        columns.append(
            Column(
                round_.number,
                round_.stage,
                round_.stage == knockout.FINAL,
                round_.complete,
                left,
                width,
                tuple(boxes),
            )
        )
    return Drawing(tuple(columns), tuple(lines), bottom + GAP / 2, min_width)
