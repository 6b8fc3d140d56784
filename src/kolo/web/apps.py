"""The Django application of kolo's pages: templates, static files, management commands, and the
players' pages' snapshots kept in step with the store's changes."""

from django.apps import AppConfig


class KoloConfig(AppConfig):
    name = "kolo.web"
    label = "kolo_web"
    verbose_name = "kolo"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from kolo.store import models, signals
        from kolo.web import snapshots

        # every change of an event writes an audit entry: its pages' version changes
        post_save.connect(
            snapshots.audit_saved, sender=models.AuditEntry, dispatch_uid="kolo-snapshots"
        )
        signals.events_changed.connect(
            snapshots.events_changed, dispatch_uid="kolo-snapshots-events"
        )
