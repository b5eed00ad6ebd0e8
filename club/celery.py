"""The Celery application. Without CELERY_BROKER_URL its tasks run in-process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

app = Celery("club")
app.config_from_object("django.conf:settings", namespace="CELERY")
if not app.conf.broker_url:
    app.conf.broker_url = "memory://"
app.autodiscover_tasks()
