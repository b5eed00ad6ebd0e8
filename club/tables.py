"""django-tables2 tables for lists: sortable, paginated, exportable to CSV and XLSX."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from club.exports import readable
from club.models import Club, Membership, Pair
from club.selectors.names import hidden, public_entry_name, public_player_name


def _hidden_header(words: str) -> SafeString:
    return format_html('<span class="vh">{}</span>', gettext(words))


#: A header for a column of links or buttons: heard, not shown (no empty header cell).
hidden_header = lazy(_hidden_header, SafeString)


class YesNoColumn(tables.BooleanColumn):
    """A yes/no column: a tick on the page, the word (translated) in exports."""

    def value(self, record, value, bound_column):
        return readable(self._get_bool_value(record, value, bound_column))


class ClubTable(tables.Table):
    name = tables.Column(linkify=True, verbose_name=_("Club"))
    town = tables.Column(verbose_name=_("Town"))
    members = tables.Column(verbose_name=_("Active members"), attrs={"td": {"class": "num"}})

    class Meta:
        model = Club
        fields = ["name", "town", "members"]
        order_by = "name"


class MemberTable(tables.Table):
    """A club's members. A player who is not published shows by initials (name "P.",
    first name "J.") unless ``reveal`` is set (the club's organisers), in exports too."""

    reveal = False
    last_name = tables.Column(accessor="player__last_name", verbose_name=_("Name"),
                              linkify=lambda record: record.player.get_absolute_url())
    first_name = tables.Column(accessor="player__first_name", verbose_name=_("First name"))
    member_number = tables.Column(accessor="player__member_number", verbose_name=_("Member number"))
    active = YesNoColumn(verbose_name=_("Active"))

    class Meta:
        model = Membership
        fields = ["last_name", "first_name", "member_number", "active"]
        order_by = ("last_name", "first_name")

    def _name(self, record, value):
        if self.reveal or not hidden(record.player):
            return value
        return f"{value.strip()[:1].upper()}." if value.strip() else ""

    def render_last_name(self, record, value):
        return self._name(record, value)

    def render_first_name(self, record, value):
        return self._name(record, value)


class PairTable(tables.Table):
    """A club's pairs; names as the public sees them unless ``reveal`` is set."""

    reveal = False
    name = tables.Column(verbose_name=_("Pair"), empty_values=(), order_by=("name", "pk"))
    players = tables.Column(verbose_name=_("Players"), empty_values=(), orderable=False,
                            accessor="players_label")
    active = YesNoColumn(verbose_name=_("Active"))
    edit = tables.TemplateColumn(
        verbose_name=hidden_header(gettext_noop("Actions")), orderable=False, exclude_from_export=True,
        # the label from here: makemessages does not read a template in a Python string
        extra_context={"edit_label": _("edit")},
        template_code='{% if can_edit %}<a href="{% url \'club-pair-edit\' record.club.slug '
                      'record.pk %}">{{ edit_label }}</a>{% endif %}')

    class Meta:
        model = Pair
        fields = ["name", "players", "active"]

    def render_name(self, record):
        name = str(record)  # the pair's name, else its players' names
        return name if self.reveal else public_entry_name(name, [record.first, record.second])

    def render_players(self, record, value):
        if self.reveal:
            return value
        return f"{public_player_name(record.first)} & {public_player_name(record.second)}"
