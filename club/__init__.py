"""Troef's Django project and app: clubs, championships, score sheets and reports."""

from club.celery import app as celery_app

__all__ = ["celery_app"]
