"""The draw study drawn as SVG (pure: the study in, the SVG text out): for each kind of
kingdom the first seat's win rate, the dominant card's win rate against its rival and the
share of unbalanced kingdoms, each with its 95 % interval; game length; and every kingdom as
a point (first seat's win rate across, dominant card's down), the unbalanced zone shaded."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from kolo.games.dominion.plot import ROW, WIDTH, _bars

KINDS = ("basic", "extended", "uniform")
COLOURS = {"basic": "#3b6ea5", "extended": "#b3553b", "uniform": "#8a8a8a"}


def _scatter(
    study: Mapping[str, Any], top: float, labels: Mapping[str, str]
) -> tuple[list[str], float]:
    left, size = 60, 300
    out = [f'<text x="10" y="{top + 14}" font-weight="bold">{escape(labels["points"])}</text>']
    y0 = top + 30
    seat, dominance = study["limits"]["seat"], study["limits"]["dominance"]

    def x(rate: float) -> float:
        return left + rate * size

    def y(rate: float) -> float:
        return y0 + (1 - rate) * size

    half = 1 / study["players"]
    out.append(f'<rect x="{left}" y="{y0}" width="{size}" height="{size}" fill="#f3e3e3"/>')
    out.append(
        f'<rect x="{x(half - seat):.1f}" y="{y(dominance):.1f}" width="{2 * seat * size:.1f}" '
        f'height="{dominance * size:.1f}" fill="white"/>'
    )
    out.append(
        f'<rect x="{left}" y="{y0}" width="{size}" height="{size}" fill="none" stroke="#222"/>'
    )
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        out.append(
            f'<text x="{x(tick):.1f}" y="{y0 + size + 14}" font-size="11" '
            f'text-anchor="middle">{round(tick * 100)} %</text>'
        )
        out.append(
            f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" font-size="11" '
            f'text-anchor="end">{round(tick * 100)} %</text>'
        )
    for item in study["kingdoms"]:
        out.append(
            f'<circle cx="{x(item["first_rate"]):.1f}" cy="{y(item["rival_rate"]):.1f}" r="3" '
            f'fill="{COLOURS.get(item["kind"], "#000")}" fill-opacity="0.7"/>'
        )
    legend = left + size + 20
    for number, kind in enumerate(KINDS):
        ly = y0 + 10 + number * 18
        out.append(f'<circle cx="{legend}" cy="{ly}" r="4" fill="{COLOURS[kind]}"/>')
        out.append(f'<text x="{legend + 10}" y="{ly + 4}">{escape(labels[kind])}</text>')
    out.append(f'<text x="{legend}" y="{y0 + 80}" font-size="11">{escape(labels["across"])}</text>')
    out.append(f'<text x="{legend}" y="{y0 + 96}" font-size="11">{escape(labels["down"])}</text>')
    out.append(
        f'<text x="{legend}" y="{y0 + 112}" font-size="11">{escape(labels["shaded"])}</text>'
    )
    return out, y0 + size + 30


def _turns(
    study: Mapping[str, Any], top: float, labels: Mapping[str, str]
) -> tuple[list[str], float]:
    """The first player's turns by kind: the mean as a bar, 90 % of games as a line."""
    left, right, most = 190, WIDTH - 30, 50
    scale = (right - left) / most
    out = [f'<text x="10" y="{top + 14}" font-weight="bold">{escape(labels["turns"])}</text>']
    y = top + 24
    for kind in KINDS:
        turns = study["kinds"][kind]["turns"]
        mean = min(most, turns["mean"])
        out.append(f'<text x="10" y="{y + 14}">{escape(labels[kind])}</text>')
        out.append(
            f'<rect x="{left}" y="{y + 3}" width="{mean * scale:.1f}" height="{ROW - 8}" '
            'fill="#6b8fb3"/>'
        )
        low, high = min(most, turns["low"]), min(most, turns["high"])
        out.append(
            f'<line x1="{left + low * scale:.1f}" x2="{left + high * scale:.1f}" '
            f'y1="{y + ROW / 2 - 1}" y2="{y + ROW / 2 - 1}" stroke="#222" stroke-width="2"/>'
        )
        out.append(
            f'<text x="{left + high * scale + 6:.1f}" y="{y + 14}" font-size="11">'
            f"{turns['mean']:.1f}</text>"
        )
        y += ROW
    return out, y + 10


def svg(study: Mapping[str, Any], labels: Mapping[str, str]) -> str:
    """The study as an SVG document; ``labels`` gives the words in the user's language: the
    kinds (``basic``, ``extended``, ``uniform``) and the titles ``first``, ``dominance``,
    ``unbalanced``, ``turns``, ``points``, ``across``, ``down``, ``shaded``."""
    kinds = study["kinds"]
    parts: list[str] = []
    y = 10.0
    for key, field, fair in (
        ("first", "first_seat", 1 / study["players"]),
        ("dominance", "dominant_vs_rival", study["limits"]["dominance"]),
        ("unbalanced", "unbalanced", 0.0),
    ):
        rows = [(labels[k], kinds[k][field]["rate"], *kinds[k][field]["interval"]) for k in KINDS]
        drawn, y = _bars(rows, y, labels[key], fair)
        parts += drawn
    drawn, y = _turns(study, y, labels)
    parts += drawn
    drawn, y = _scatter(study, y, labels)
    parts += drawn
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y:.0f}" '
        f'font-family="sans-serif" font-size="13">'
        f'<rect width="100%" height="100%" fill="white"/>' + "".join(parts) + "</svg>\n"
    )
