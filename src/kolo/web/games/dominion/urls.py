"""Dominion's desk pages, included in the desk's URLs through the web's game registry."""

from django.urls import path

from kolo.web.games.dominion import pools, views

desk = [
    path("desk/pools/", pools.pools, name="desk-pools"),
    path("desk/pools/<slug:name>/", pools.pool_edit, name="desk-pool"),
]
"""The desk's own pages: the card pools."""

event_desk = [
    path(
        "rounds/<int:number>/tables/<int:table>/kingdom/",
        views.table_kingdom,
        name="desk-kingdom",
    ),
    path(
        "rounds/<int:number>/tables/<int:table>/kingdom/report/",
        views.kingdom_report,
        name="desk-kingdom-report",
    ),
    path("kingdoms/propose/", views.propose_kingdoms, name="desk-kingdom-propose"),
]
"""An event's desk pages (under ``desk/<event>/``): a table's kingdom and draft, the kingdom
report, fair kingdoms to propose."""
