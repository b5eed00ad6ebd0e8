# Troef's production image: gunicorn for the web, the same image for the Celery worker.
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 \
      libharfbuzz-subset0 fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN TROEF_PRODUCTION=1 DJANGO_SECRET_KEY=collectstatic-only DJANGO_ALLOWED_HOSTS=localhost \
    python manage.py collectstatic --noinput -v0
RUN useradd --create-home troef && mkdir -p /app/media && chown troef /app/media
USER troef
EXPOSE 8000
CMD ["gunicorn", "club.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--timeout", "30", "--preload"]
