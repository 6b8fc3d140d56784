from django.db import migrations, models


class Migration(migrations.Migration):
    """The score sheet's columns say what they hold whatever the game (issue 37): help texts
    only, no value changes."""

    dependencies = [
        ("kolo", "0009_table_setup"),
    ]

    operations = [
        migrations.AlterField(
            model_name="selfreport",
            name="hands",
            field=models.JSONField(
                blank=True,
                help_text="The game's score sheet (a game whose tables keep one), whose totals "
                "are scores.",
                null=True,
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="sheet",
            field=models.JSONField(
                blank=True,
                help_text="The score sheet of the game in play, hand by hand, until it is over "
                "(a game whose tables keep one).",
                null=True,
            ),
        ),
    ]
