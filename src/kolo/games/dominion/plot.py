"""A kingdom report drawn as SVG (pure: the report in, the SVG text out): each bot's and
each seat's win rate with its 95 % interval, and how many turns the games took."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

WIDTH = 720
ROW = 22


def _bars(
    rows: Sequence[tuple[str, float, float, float]], top: float, title: str, fair: float
) -> tuple[list[str], float]:
    """Horizontal bars of rates (label, rate, low, high) from ``top``; the fair share dashed."""
    left, right = 190, WIDTH - 30
    scale = right - left
    out = [f'<text x="10" y="{top + 14}" font-weight="bold">{escape(title)}</text>']
    y = top + 24
    for label, rate, low, high in rows:
        out.append(f'<text x="10" y="{y + 14}">{escape(label)}</text>')
        out.append(
            f'<rect x="{left}" y="{y + 3}" width="{rate * scale:.1f}" height="{ROW - 8}" '
            'fill="#6b8fb3"/>'
        )
        out.append(
            f'<line x1="{left + low * scale:.1f}" x2="{left + high * scale:.1f}" '
            f'y1="{y + ROW / 2 - 1}" y2="{y + ROW / 2 - 1}" stroke="#222" stroke-width="2"/>'
        )
        out.append(
            f'<text x="{left + rate * scale + 6:.1f}" y="{y + 14}" font-size="11">'
            f"{rate * 100:.1f} %</text>"
        )
        y += ROW
    out.append(
        f'<line x1="{left + fair * scale:.1f}" x2="{left + fair * scale:.1f}" y1="{top + 22}" '
        f'y2="{y}" stroke="#a33" stroke-dasharray="4 3"/>'
    )
    return out, y + 10


def _histogram(counts: Mapping[str, int], top: float, title: str) -> tuple[list[str], float]:
    left, right, height = 40, WIDTH - 30, 120
    out = [f'<text x="10" y="{top + 14}" font-weight="bold">{escape(title)}</text>']
    if not counts:
        return out, top + 30
    turns = sorted(int(k) for k in counts)
    lo, hi = turns[0], turns[-1]
    most = max(counts.values())
    width = (right - left) / (hi - lo + 1)
    base = top + 24 + height
    for t in range(lo, hi + 1):
        n = counts.get(str(t), 0)
        h = height * n / most
        x = left + (t - lo) * width
        out.append(
            f'<rect x="{x:.1f}" y="{base - h:.1f}" width="{max(1.0, width - 1):.1f}" '
            f'height="{h:.1f}" fill="#8fb36b"/>'
        )
        if (t - lo) % max(1, (hi - lo + 1) // 10) == 0:
            out.append(
                f'<text x="{x + width / 2:.1f}" y="{base + 14}" font-size="11" '
                f'text-anchor="middle">{t}</text>'
            )
    return out, base + 24


def svg(report: Mapping[str, Any], labels: Mapping[str, str]) -> str:
    """The report as an SVG document; ``labels`` gives the titles in the user's language:
    ``bots``, ``seats``, ``turns``, ``seat`` (a template with ``{n}``)."""
    fair = 1 / report["players"]
    parts: list[str] = []
    bots = [(b["bot"], b["rate"], *b["interval"]) for b in report["by_bot"]]
    drawn, y = _bars(bots, 10, labels["bots"], fair)
    parts += drawn
    seats = [
        (labels["seat"].format(n=s["seat"]), s["rate"], *s["interval"]) for s in report["by_seat"]
    ]
    drawn, y = _bars(seats, y, labels["seats"], fair)
    parts += drawn
    drawn, y = _histogram(report["turns"].get("histogram", {}), y, labels["turns"])
    parts += drawn
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y:.0f}" '
        f'font-family="sans-serif" font-size="13">'
        f'<rect width="100%" height="100%" fill="white"/>' + "".join(parts) + "</svg>\n"
    )
