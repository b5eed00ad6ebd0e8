"""Ratings as pages read them: a scope's list (inactivity widening the uncertainty as of
today), a player's history; each table's win chance is :mod:`club.selectors.win_chances`.
Reads only; the stored rows are kept by :mod:`club.services.ratings`."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from club.models import PendingRatingRefresh, PlayerRating, RatingPoint, RatingScope
from club.selectors.names import player_name
from scoring.ratings import RatingSettings


@dataclass(frozen=True)
class RatingRow:
    rank: int
    player_id: int
    name: str
    display: float
    mu: float
    sigma: float
    matches: int
    provisional: bool
    last_played: datetime.date | None


def scope_settings(key: str) -> RatingSettings | None:
    """The settings the scope's stored state was built with (None: not built yet)."""
    state = RatingScope.objects.filter(key=key).values_list("state", flat=True).first()
    return RatingSettings.from_dict(state["settings"]) if state else None


def ratings_stale(key: str) -> bool:
    """Whether the scope's stored ratings are known to be behind: a refresh they need is
    owed (``PendingRatingRefresh``: the club's, or any club's for the federation). One
    query."""
    owed = PendingRatingRefresh.objects.all()
    if key != RatingScope.FEDERATION:
        owed = owed.filter(club_id=int(key.split(":", 1)[1]))
    return owed.exists()


def rating_rows(key: str, *, reveal: bool, day: datetime.date | None = None) -> list[RatingRow]:
    """The scope's players, best rating first, as of ``day`` (today): a player who has not
    played for a while shows a wider uncertainty and a lower rating. Names as the public
    sees them unless ``reveal``. Two queries."""
    settings = scope_settings(key)
    if settings is None:
        return []
    day = day or timezone.localdate()
    shown = []
    for row in PlayerRating.objects.filter(scope__key=key).select_related("player"):
        sigma = row.sigma
        if row.last_played is not None:
            sigma = settings.widened(sigma, (day - row.last_played).days)
        display = row.mu - settings.display_z * sigma
        shown.append((row, sigma, display))
    shown.sort(key=lambda item: (-item[2], -item[0].mu, item[0].player_id))
    return [RatingRow(rank, row.player_id, player_name(row.player, reveal), round(display, 2),
                      round(row.mu, 2), round(sigma, 2), row.matches, row.provisional,
                      row.last_played)
            for rank, (row, sigma, display) in enumerate(shown, 1)]


def player_points(key: str, player_id: int) -> list[RatingPoint]:
    """The player's rating after each round of the scope that rated them, in close order."""
    return list(RatingPoint.objects.filter(scope__key=key, player_id=player_id)
                .select_related("round__stage__championship").order_by("position"))


def history_svg(points: list[RatingPoint], label: str) -> str:
    """A small line chart of the displayed rating after each round, as inline SVG with an
    accessible name (``label``); presentation attributes only (the pages' CSP)."""
    from django.utils.html import escape

    width, height, pad = 640, 220, 36
    if not points:
        return ""
    values = [p.display for p in points]
    low, high = min(values) - 1, max(values) + 1
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def y(value: float) -> float:
        return height - pad - (value - low) / (high - low) * (height - 2 * pad)

    coords = " ".join(f"{pad + i * step:.1f},{y(v):.1f}" for i, v in enumerate(values))
    dots = "".join(f'<circle cx="{pad + i * step:.1f}" cy="{y(v):.1f}" r="3" fill="#0b6e4f">'
                   f"<title>{escape(p.day.isoformat())}: {v:.2f}</title></circle>"
                   for i, (p, v) in enumerate(zip(points, values, strict=True)))
    ticks = "".join(
        f'<text x="4" y="{y(v):.1f}" font-size="11" fill="#333">{v:.1f}</text>'
        for v in (low + 1, high - 1))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="100%" role="img" aria-labelledby="rating-chart-title">'
            f'<title id="rating-chart-title">{escape(label)}</title>'
            f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
            f'stroke="#767676"/>{ticks}'
            f'<polyline points="{coords}" fill="none" stroke="#0b6e4f" stroke-width="2"/>'
            f"{dots}</svg>")

