"""The Django application that holds kolo's store."""

from django.apps import AppConfig


class KoloConfig(AppConfig):
    name = "kolo.web"
    label = "kolo"
    verbose_name = "kolo"
    default_auto_field = "django.db.models.BigAutoField"
