"""The database cache's table (``KOLO_CACHE_URL=database``, the default on PostgreSQL).

Created here rather than by ``createcachetable``: migrations run when a server starts, so
the table exists wherever kolo serves, whichever cache is chosen, with no step of its own.
The same table as Django's ``createcachetable`` makes."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

TABLE = "kolo_cache"


def create(apps: Any, schema_editor: Any) -> None:
    connection = schema_editor.connection
    if TABLE in connection.introspection.table_names():
        return  # made earlier by createcachetable
    qn = connection.ops.quote_name
    fields = (
        models.CharField(name="cache_key", max_length=255, unique=True, primary_key=True),
        models.TextField(name="value"),
        models.DateTimeField(name="expires", db_index=True),
    )
    columns = []
    for field in fields:
        column = f"{qn(field.name)} {field.db_type(connection=connection)} NOT NULL"
        columns.append(column + (" PRIMARY KEY" if field.primary_key else ""))
    schema_editor.execute(f"CREATE TABLE {qn(TABLE)} ({', '.join(columns)})")
    schema_editor.execute(f"CREATE INDEX {qn(TABLE + '_expires')} ON {qn(TABLE)} ({qn('expires')})")


def drop(apps: Any, schema_editor: Any) -> None:
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.connection.ops.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies: list[tuple[str, str]] = []  # noqa: RUF012 (Django's form)
    operations = [migrations.RunPython(create, drop)]  # noqa: RUF012
