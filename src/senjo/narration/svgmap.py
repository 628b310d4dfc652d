"""A hex map as SVG: terrain, figures with facing arrows, and one figure's reach and arcs.

Flat-topped hexes (facing N points up), axial coordinates as in
`senjo.space.hexgrid`.

>>> from senjo.space.hexmap import HexMap
>>> svg = render_svg(HexMap.rectangle(2, 2), [Figure("a", "A", Hex(0, 0), Facing.S, "red")])
>>> svg.startswith("<svg") and svg.count("<polygon") == 4 + 1
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from senjo.space.arcs import Arc, arc_of, reach_hexes
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import Footing, HexMap

__all__ = ["Figure", "render_svg"]

SIZE = 24.0
_SQRT3 = math.sqrt(3)
_FOOTING_FILL = {
    Footing.SLIPPERY: "#cfe8f3",
    Footing.STAIRS: "#e6dccb",
    Footing.SHALLOW_WATER: "#a9d2ec",
    Footing.DEEP_WATER: "#5d9ccc",
}
_ARC_FILL = {Arc.FRONT: "#fff6c8", Arc.RIGHT: "#f3e3f7", Arc.LEFT: "#e3ecf7", Arc.BACK: "#eeeeee"}


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure to draw: key, label, hex, facing and colour; a multi-hex figure's other
    hexes in `body`."""

    key: str
    label: str
    hex: Hex
    facing: Facing
    colour: str
    body: tuple[Hex, ...] = ()


def _center(h: Hex) -> tuple[float, float]:
    return SIZE * 1.5 * h.q, SIZE * _SQRT3 * (h.r + h.q / 2)


def _corners(h: Hex, scale: float = 1.0) -> str:
    x, y = _center(h)
    points = []
    for corner in range(6):
        angle = math.radians(60 * corner)
        points.append(
            f"{x + SIZE * scale * math.cos(angle):.1f},{y + SIZE * scale * math.sin(angle):.1f}"
        )
    return " ".join(points)


def _arrow(figure: Figure) -> str:
    x, y = _center(figure.hex)
    angle = math.radians(-90 + 60 * int(figure.facing))
    tip = (x + SIZE * 0.8 * math.cos(angle), y + SIZE * 0.8 * math.sin(angle))
    return (
        f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{tip[0]:.1f}" y2="{tip[1]:.1f}" '
        f'stroke="black" stroke-width="2.5" marker-end="url(#head)"/>'
    )


def render_svg(
    hexmap: HexMap,
    figures: Sequence[Figure],
    *,
    focus: Figure | None = None,
    reaches: Iterable[int] = (),
    title: str = "",
    coordinates: bool = False,
) -> str:
    """The map as one SVG document; with `focus`, that figure's arcs and reach are shaded;
    with `coordinates`, each hex but a wall is labelled with its axial `q,r`."""
    xs = [_center(h)[0] for h in hexmap]
    ys = [_center(h)[1] for h in hexmap]
    left, top = min(xs) - SIZE * 1.5, min(ys) - SIZE * 1.5 - (16 if title else 0)
    width, height = max(xs) - left + SIZE * 1.5, max(ys) - top + SIZE * 1.5
    reach_set = (
        {h for n in reaches for h in reach_hexes(focus.hex, focus.facing, n)}
        if focus is not None
        else set()
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} '
        f'{width:.1f} {height:.1f}" font-family="sans-serif" font-size="9">',
        '<defs><marker id="head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" '
        'markerHeight="4" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/>'
        "</marker></defs>",
    ]
    if title:
        parts.append(
            f'<text x="{left + 6:.1f}" y="{top + 14:.1f}" font-size="13">{escape(title)}</text>'
        )
    for h in hexmap:
        fill = "white"
        if focus is not None and h != focus.hex:
            fill = _ARC_FILL[arc_of(focus.hex, focus.facing, h)]
        fill = _FOOTING_FILL.get(hexmap.footing_at(h), fill)
        if h in hexmap.walls:
            fill = "#444444"
        elif h in hexmap.obstacles:
            fill = "#8a6d3b"
        stroke = "#c0392b" if h in reach_set else "#999999"
        width_line = 2.5 if h in reach_set else 1
        parts.append(
            f'<polygon points="{_corners(h)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width_line}"/>'
        )
        if coordinates and h not in hexmap.walls:
            x, y = _center(h)
            parts.append(
                f'<text class="coords" x="{x:.1f}" y="{y - SIZE * 0.55:.1f}" '
                f'text-anchor="middle" font-size="6" fill="#666666">{h}</text>'
            )
        count = hexmap.obstructions.get(h, 0)
        if count:
            x, y = _center(h)
            parts.append(f'<text x="{x:.1f}" y="{y + 3:.1f}" text-anchor="middle">×{count}</text>')
    for figure in figures:
        for part in figure.body:  # seed 001 大きなフィギュア: the rest of a large figure
            parts.append(
                f'<polygon points="{_corners(part, 0.85)}" fill="{figure.colour}" '
                f'fill-opacity="0.5" stroke="black" stroke-dasharray="2,2"/>'
            )
        x, y = _center(figure.hex)
        parts.append(
            f'<polygon points="{_corners(figure.hex, 0.6)}" fill="{figure.colour}" stroke="black"/>'
        )
        parts.append(_arrow(figure))
        parts.append(
            f'<text x="{x:.1f}" y="{y + SIZE * 0.95:.1f}" text-anchor="middle">'
            f"{escape(figure.label)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)
