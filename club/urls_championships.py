"""URLs: see club/urls.py."""

urlpatterns: list = []
