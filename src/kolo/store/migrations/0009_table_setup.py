from django.db import migrations, models


class Migration(migrations.Migration):
    """A table's setup is named for what it is, whatever its game (issue 37): the column keeps
    every stored value."""

    dependencies = [
        ("kolo", "0008_domino_sheets"),
    ]

    operations = [
        migrations.RenameField(model_name="table", old_name="kingdom", new_name="setup"),
        migrations.AlterField(
            model_name="table",
            name="setup",
            field=models.JSONField(
                blank=True,
                help_text="What the table needs from its game before play, as its game writes "
                "it in the event file (kolo-event/1 tables[], under the game's key).",
                null=True,
            ),
        ),
    ]
