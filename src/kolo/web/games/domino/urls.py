"""Domino's desk pages, included in the desk's URLs through the web's game registry."""

from django.urls import path

from kolo.web.games.domino import views

event_desk = [
    path(
        "rounds/<int:number>/tables/<int:table>/sheet/",
        views.table_sheet,
        name="desk-sheet",
    ),
]
"""An event's desk pages (under ``desk/<event>/``): a hand written on a table's score sheet."""
