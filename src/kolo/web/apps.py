"""The Django application that holds kolo's store."""

from django.apps import AppConfig


class KoloConfig(AppConfig):
    name = "kolo.web"
    label = "kolo"
    verbose_name = "kolo"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from kolo.web import models, snapshots

        # every change of an event writes an audit entry: its pages' version changes
        post_save.connect(
            snapshots.audit_saved, sender=models.AuditEntry, dispatch_uid="kolo-snapshots"
        )
