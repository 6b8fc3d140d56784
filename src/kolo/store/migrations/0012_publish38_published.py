"""R-TOUR-1 takes "published" from the event for an event kept in kolo (R-REG-1): an event a
store's series marked published before events could be published becomes published (when it
was created), with the series' date and city where it had none; the others stay drafts."""

from django.db import migrations


def publish_what_series_marked(apps, schema_editor):
    SeriesEvent = apps.get_model("kolo", "SeriesEvent")
    for entry in SeriesEvent.objects.filter(published=True, event__published_at__isnull=True):
        event = entry.event
        if event.published_at is not None:  # in two series
            continue
        event.published_at = event.created_at
        event.date = event.date or entry.date
        event.city = event.city or entry.city
        event.save(update_fields=["published_at", "date", "city"])


class Migration(migrations.Migration):
    dependencies = [
        ("kolo", "0011_season"),
    ]

    operations = [
        migrations.RunPython(publish_what_series_marked, migrations.RunPython.noop),
    ]
