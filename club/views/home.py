from django.db import connection
from django.db.models import Count, Q
from django.http import HttpResponse
from django.views.generic import TemplateView

from club.models import Club


class HomeView(TemplateView):
    template_name = "club/home.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["clubs"] = Club.objects.annotate(
            members=Count("memberships", filter=Q(memberships__active=True))).order_by("name")[:20]
        return ctx


def health(request):
    """For load balancers and docker-compose: the app answers and its database too."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok", content_type="text/plain")
