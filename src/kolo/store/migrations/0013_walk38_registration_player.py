"""A registration linked by the organiser to a person of the series (the season's identity
across events): the entrant check-in makes of it takes that series identity."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("kolo", "0012_publish38_published")]

    operations = [
        migrations.AddField(
            model_name="registration",
            name="player",
            field=models.CharField(
                blank=True,
                default="",
                help_text="The series identity the organiser linked it to (Entrant.player).",
                max_length=200,
            ),
        ),
    ]
