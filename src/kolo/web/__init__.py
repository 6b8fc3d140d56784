"""kolo's web application: the players' pages, the organiser's desk and the JSON API (views per
audience, templates, URLs), the Django settings, and the page cache. The data and every change
live in ``kolo.store``."""
