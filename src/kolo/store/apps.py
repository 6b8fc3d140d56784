"""The Django application that holds kolo's store."""

from django.apps import AppConfig


class StoreConfig(AppConfig):
    name = "kolo.store"
    label = "kolo"
    """The label of the tables and of the migrations since kolo began: kept, so that every
    existing database (an organiser's SQLite file, a league's PostgreSQL) migrates as before."""
    verbose_name = "kolo"
    default_auto_field = "django.db.models.BigAutoField"
