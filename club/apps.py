from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = _("Troef")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_logged_out

        # Every Celery task registered in this process too: the services send them by name
        # (club.services.reports.publish), and the tasks modules import the services.
        import club.tasks  # noqa: F401
        from club.services import accounts

        user_logged_in.connect(accounts.note_one_time_password,
                               dispatch_uid="club.one_time_password_on_login")
        # the session generations (club/models/accounts.py): a logout ends every session
        user_logged_out.connect(accounts.end_sessions_on_logout,
                                dispatch_uid="club.end_sessions_on_logout")
        user_logged_in.connect(accounts.hash_with_generation,
                               dispatch_uid="club.session_hash_on_login")

        from django.db.models.signals import post_delete, post_save

        from club.models import Championship
        from club.services.live_etags import forget_saved

        post_save.connect(accounts.password_changed,
                          dispatch_uid="club.session_generation_on_password")
        # a championship saved (perhaps made private) or deleted: no 304 from the cache
        post_save.connect(forget_saved, sender=Championship, dispatch_uid="club.live_saved")
        post_delete.connect(forget_saved, sender=Championship, dispatch_uid="club.live_deleted")
