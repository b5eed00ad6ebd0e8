"""The button asking for a round's results PDF with the play analysis, shown only where
that report kind exists (``club.reports.registry``)."""

from django import template
from django.utils.translation import gettext as _

from club.reports.registry import REPORTS

register = template.Library()


@register.inclusion_tag("reports/_ask_analysis.html", takes_context=True)
def analysis_button(context, rnd):
    if "analysis" not in REPORTS:
        return {"shown": False}
    return {"shown": True, "kind": "analysis", "pk": rnd.pk, "cls": "secondary",
            "label": _("Results PDF with the play analysis"),
            "csrf_token": context.get("csrf_token")}
